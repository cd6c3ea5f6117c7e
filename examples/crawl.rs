//! What a crawler does with the links it finds: resolve each against its page (RFC 3986 §5.2,
//! RFC 3987 §6.5), normalize (RFC 3987 §5.3), map to a URI for the request (§3.1), and keep
//! each resource once; then read the components of one, build a new IRI from parts (§7.4), and
//! report a bad link with its position.
//!
//! `cargo run --example crawl [PAIRS.tsv]` reads `base<TAB>reference` lines (the built-in ones
//! without a file); `cargo test --example crawl` checks the result.

use std::collections::BTreeSet;

use rfc3987::{Iri, IriBuilder, IriRef, ParseError, Uri};

const PAIRS: &str = "\
http://a/b/c/d;p?q\t../g
http://a/b/c/d;p?q\tg
http://a/b/c/d;p?q\t./g
HTTP://A/b/c/\tg
http://résumé.example.org/\tDürst
http://résumé.example.org/\tD%C3%BCrst
http://a/b/\tnot a link
";

/// The resources found, once each, and the links that are not IRI references.
struct Crawl {
    resources: BTreeSet<Uri>,
    bad: Vec<(usize, ParseError)>,
}

fn crawl(pairs: &str) -> Crawl {
    let mut found = Crawl {
        resources: BTreeSet::new(),
        bad: Vec::new(),
    };
    for (number, line) in pairs.lines().enumerate() {
        let Some((base, link)) = line.split_once('\t') else {
            continue;
        };
        let parsed = Iri::parse(base).and_then(|base| Ok((base, IriRef::parse(link)?)));
        match parsed {
            // Resolve, normalize with the defaults, map to a URI: no conversion in between.
            Ok((base, link)) => {
                found.resources.insert(base.resolve(&link).normalize().to_uri());
            }
            Err(error) => found.bad.push((number + 1, error)),
        }
    }
    found
}

fn main() {
    let pairs = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path).expect("a readable UTF-8 file"),
        None => PAIRS.to_string(),
    };
    let found = crawl(&pairs);
    for uri in &found.resources {
        println!("{uri}");
    }
    for (line, error) in &found.bad {
        eprintln!("line {line}: {error}");
    }
    // A `&str` finds a resource: the set is keyed by the text.
    println!("has http://a/b/g: {}", found.resources.contains("http://a/b/g"));

    // Components, typed, and a new IRI built from some of them.
    let page = Iri::parse("http://résumé.example.org/people/").unwrap();
    let authority = page.authority().unwrap();
    println!(
        "host {} ({:?}), path {}",
        authority.host(),
        authority.host_kind(),
        page.path()
    );
    let built = IriBuilder::new()
        .scheme(page.scheme().unwrap())
        .host(authority.host_str())
        .segment("people")
        .segment("Dürst & Co.html")
        .build()
        .unwrap();
    println!("built {built}, requested as {}", built.to_uri());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seven_links_three_resources_one_error() {
        let found = crawl(PAIRS);
        let resources: Vec<&str> = found.resources.iter().map(|u| u.as_str()).collect();
        // RFC 3986 §5.4.1: "../g" is http://a/b/g, "g" and "./g" are http://a/b/c/g; "HTTP://A"
        // normalizes to "http://a" (§6.2.2.1), so the fourth is the same resource. "Dürst" and
        // "D%C3%BCrst" are the same after §5.3.2.3 (ü is iunreserved), and the request URI
        // encodes é (C3 A9) and ü (C3 BC) as UTF-8 (§3.1), the host included (no IDNA asked).
        assert_eq!(
            resources,
            [
                "http://a/b/c/g",
                "http://a/b/g",
                "http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst",
            ]
        );
        // "not a link": the space after "not", column 4 of the link, in the path.
        assert_eq!(found.bad.len(), 1);
        let (line, error) = &found.bad[0];
        assert_eq!((*line, error.column()), (7, 4));
        assert_eq!(error.component(), Some(rfc3987::SyntaxComponent::Path));
    }
}

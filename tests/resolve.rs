//! Reference resolution (RFC 3986 §5.2, applied to IRIs by RFC 3987 §6.5), checked against the
//! RFC's own examples and against a literal transcription of its pseudo-code.

mod common;

use proptest::prelude::*;
use rfc3987::{remove_dot_segments, resolve, Iri, IriRef};

/// A literal transcription of RFC 3986 §5.2–5.3, on the five components split as Appendix B's
/// regular expression splits them. It is the reference the library is compared with.
mod reference {
    #[derive(Debug, Default, Clone)]
    pub struct Parts {
        pub scheme: Option<String>,
        pub authority: Option<String>,
        pub path: String,
        pub query: Option<String>,
        pub fragment: Option<String>,
    }

    /// Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`
    pub fn split(s: &str) -> Parts {
        let mut p = Parts::default();
        let mut rest = s;
        if let Some(i) = rest.find(|c| ":/?#".contains(c)) {
            if i > 0 && rest[i..].starts_with(':') {
                p.scheme = Some(rest[..i].to_string());
                rest = &rest[i + 1..];
            }
        }
        if let Some(after) = rest.strip_prefix("//") {
            let end = after.find(|c| "/?#".contains(c)).unwrap_or(after.len());
            p.authority = Some(after[..end].to_string());
            rest = &after[end..];
        }
        let end = rest.find(|c| "?#".contains(c)).unwrap_or(rest.len());
        p.path = rest[..end].to_string();
        rest = &rest[end..];
        if let Some(after) = rest.strip_prefix('?') {
            let end = after.find('#').unwrap_or(after.len());
            p.query = Some(after[..end].to_string());
            rest = &after[end..];
        }
        if let Some(after) = rest.strip_prefix('#') {
            p.fragment = Some(after.to_string());
        }
        p
    }

    /// §5.2.2 Transform References (strict).
    pub fn transform(base: &Parts, r: &Parts) -> Parts {
        let mut t = Parts::default();
        if r.scheme.is_some() {
            t.scheme = r.scheme.clone();
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.authority.is_some() {
                t.authority = r.authority.clone();
                t.path = remove_dot_segments(&r.path);
                t.query = r.query.clone();
            } else {
                if r.path.is_empty() {
                    t.path = base.path.clone();
                    if r.query.is_some() {
                        t.query = r.query.clone();
                    } else {
                        t.query = base.query.clone();
                    }
                } else {
                    if r.path.starts_with('/') {
                        t.path = remove_dot_segments(&r.path);
                    } else {
                        t.path = merge(base, &r.path);
                        t.path = remove_dot_segments(&t.path);
                    }
                    t.query = r.query.clone();
                }
                t.authority = base.authority.clone();
            }
            t.scheme = base.scheme.clone();
        }
        t.fragment = r.fragment.clone();
        t
    }

    /// §5.2.3 Merge Paths.
    fn merge(base: &Parts, r_path: &str) -> String {
        if base.authority.is_some() && base.path.is_empty() {
            format!("/{r_path}")
        } else {
            match base.path.rfind('/') {
                Some(i) => format!("{}{r_path}", &base.path[..=i]),
                None => r_path.to_string(),
            }
        }
    }

    /// §5.2.4 Remove Dot Segments, with the buffers as strings.
    pub fn remove_dot_segments(path: &str) -> String {
        let mut input = path.to_string();
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input.replace_range(..3, "");
            } else if input.starts_with("./") {
                input.replace_range(..2, "");
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = "/".to_string();
            } else if input.starts_with("/../") {
                input.replace_range(..4, "/");
                output.truncate(output.rfind('/').unwrap_or(0));
            } else if input == "/.." {
                input = "/".to_string();
                output.truncate(output.rfind('/').unwrap_or(0));
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let start = if input.starts_with('/') { 1 } else { 0 };
                let end = input[start..].find('/').map_or(input.len(), |i| i + start);
                output.push_str(&input[..end]);
                input.replace_range(..end, "");
            }
        }
        output
    }

    /// §5.3 Component Recomposition. One addition the issue asks for: without an authority, a
    /// path starting with "//" is written "/.//…" so that it stays a path.
    pub fn recompose(t: &Parts) -> String {
        let mut result = String::new();
        if let Some(scheme) = &t.scheme {
            result.push_str(scheme);
            result.push(':');
        }
        if let Some(authority) = &t.authority {
            result.push_str("//");
            result.push_str(authority);
        } else if t.path.starts_with("//") {
            result.push_str("/.");
        }
        result.push_str(&t.path);
        if let Some(query) = &t.query {
            result.push('?');
            result.push_str(query);
        }
        if let Some(fragment) = &t.fragment {
            result.push('#');
            result.push_str(fragment);
        }
        result
    }

    pub fn resolve(base: &str, reference: &str) -> String {
        let mut base = split(base);
        base.fragment = None; // §5.2.1: the base's fragment is not used
        recompose(&transform(&base, &split(reference)))
    }
}

/// Resolves with the library and checks that the result's components are those of the same
/// text parsed afresh (the spans recorded during recomposition are right).
fn library(base: &str, reference: &str) -> String {
    let base = Iri::parse(base).unwrap();
    let target = resolve(&base, &IriRef::parse(reference).unwrap());
    let reparsed = Iri::parse(target.as_str()).unwrap_or_else(|e| panic!("result is not an IRI: {e}"));
    assert_eq!(target.scheme(), reparsed.scheme());
    assert_eq!(target.authority(), reparsed.authority());
    assert_eq!(target.path(), reparsed.path());
    assert_eq!(target.query(), reparsed.query());
    assert_eq!(target.fragment(), reparsed.fragment());
    target.to_string()
}

/// ../shared/corpus/rfc-examples/rfc3986-5.4-resolution.tsv: RFC 3986 §5.4.1 and §5.4.2.
#[test]
fn rfc3986_section_5_4_examples() {
    let tsv = common::corpus("rfc-examples/rfc3986-5.4-resolution.tsv");
    let mut checked = 0;
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (base, reference, expected) = (cols[0], cols[1], cols[2]);
        assert_eq!(
            library(base, reference),
            expected,
            "{base} + {reference:?} (§{})",
            cols[3]
        );
        assert_eq!(
            reference::resolve(base, reference),
            expected,
            "reference implementation"
        );
        checked += 1;
    }
    assert_eq!(checked, 42);
}

/// RFC 3986 §5.2.4's own examples of remove_dot_segments.
#[test]
fn remove_dot_segments_examples() {
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    for (input, expected) in [
        ("", ""),
        (".", ""),
        ("..", ""),
        ("/..", "/"),
        ("/.", "/"),
        ("a/..", "/"),
        ("../a", "a"),
    ] {
        assert_eq!(remove_dot_segments(input), expected, "{input:?}");
        assert_eq!(reference::remove_dot_segments(input), expected, "{input:?}");
    }
}

/// The result never turns a path into an authority: base `a:/` with `/.//.` gives `a:/.//`
/// (remove_dot_segments yields "//", which recomposition would read back as an empty authority).
#[test]
fn path_never_becomes_authority() {
    assert_eq!(library("a:/", "/.//."), "a:/.//");
    assert_eq!(library("a:/", "/.//b"), "a:/.//b");
    // merge gives "x/..//c"; "/../" drops "x" and leaves "//c".
    assert_eq!(library("a:b", "x/..//c"), "a:/.//c");
    assert_eq!(library("http://h/a", "/.//b"), "http://h//b");
}

#[test]
fn non_ascii_references() {
    assert_eq!(
        library("http://例え.テスト/a/b", "../ü?q#f"),
        "http://例え.テスト/ü?q#f"
    );
    assert_eq!(library("http://a/b?q\u{E000}", "#x"), "http://a/b?q\u{E000}#x");
    assert_eq!(library("http://a/b#base-fragment", ""), "http://a/b");
}

/// ../shared/corpus/bench/relative_urls_cc_10k.csv (oxiri's benchmark: Common Crawl pairs, no
/// expected values): the library agrees with the reference transcription on every pair whose
/// base is an IRI and whose reference is an IRI reference.
#[test]
fn common_crawl_pairs_agree_with_reference() {
    let csv = common::corpus("bench/relative_urls_cc_10k.csv");
    let mut checked = 0;
    for line in csv.lines().skip(1) {
        let Some((base, reference)) = line.split_once(',') else {
            continue;
        };
        if Iri::parse(base).is_err() || IriRef::parse(reference).is_err() {
            continue;
        }
        assert_eq!(
            library(base, reference),
            reference::resolve(base, reference),
            "{base} + {reference}"
        );
        checked += 1;
    }
    assert!(checked > 8_000, "only {checked} valid pairs");
}

fn path_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("a"),
        Just("é"),
        Just("/"),
        Just("."),
        Just(".."),
        Just("./"),
        Just("../"),
        Just("//"),
        Just("g:h"),
        Just("?q"),
        Just("#f"),
        Just("%41"),
        Just(":"),
    ];
    proptest::collection::vec(token, 0..10).prop_map(|t| t.concat())
}

fn base_like() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            Just("http://h"),
            Just("a:"),
            Just("s://u@[::1]:8"),
            Just("x:"),
            Just("s://[v1.a]")
        ],
        path_like(),
    )
        .prop_map(|(head, path)| format!("{head}{path}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, max_global_rejects: 100_000, ..ProptestConfig::default() })]
    #[test]
    fn agrees_with_reference_transcription(base in base_like(), reference in path_like()) {
        prop_assume!(Iri::parse(base.as_str()).is_ok() && IriRef::parse(reference.as_str()).is_ok());
        prop_assert_eq!(library(&base, &reference), reference::resolve(&base, &reference));
    }
}

fn relative(base: &str, target: &str) -> Option<String> {
    let (base, target) = (Iri::parse(base).unwrap(), Iri::parse(target).unwrap());
    let r = rfc3987::relativize(&base, &target)?;
    assert_eq!(
        resolve(&base, &r).as_str(),
        target.as_str(),
        "{r} does not resolve back"
    );
    Some(r.to_string())
}

/// Relativize gives the shortest of its candidates; expectations reasoned with §5.2.2.
#[test]
fn relativize_examples() {
    let base = "http://a/b/c/d;p?q";
    assert_eq!(relative(base, "http://a/b/c/d;p?q").as_deref(), Some(""));
    assert_eq!(relative(base, "http://a/b/c/d;p?q#s").as_deref(), Some("#s"));
    assert_eq!(relative(base, "http://a/b/c/d;p?y").as_deref(), Some("?y"));
    assert_eq!(relative(base, "http://a/b/c/d;p").as_deref(), Some("d;p"));
    assert_eq!(relative(base, "http://a/b/c/g").as_deref(), Some("g"));
    assert_eq!(relative(base, "http://a/b/c/").as_deref(), Some("."));
    assert_eq!(relative(base, "http://a/b/g").as_deref(), Some("../g"));
    assert_eq!(relative(base, "http://a/g").as_deref(), Some("../../g"));
    assert_eq!(relative(base, "http://g/x").as_deref(), Some("//g/x"));
    assert_eq!(relative(base, "https://a/b").as_deref(), Some("https://a/b"));
    // A first segment with ":" would read as a scheme: "./" keeps it a path.
    assert_eq!(relative("urn:x:y", "urn:x:z").as_deref(), Some("./x:z"));
    assert_eq!(relative("http://h", "http://h/a").as_deref(), Some("/a"));
    // Dot segments in the target cannot come out of resolution.
    assert_eq!(relative(base, "http://a/b/../c"), None);
}

fn target_like() -> impl Strategy<Value = String> {
    (
        prop_oneof![
            Just("http://h"),
            Just("http://g"),
            Just("a:"),
            Just("s://u@[::1]:8"),
            Just("x:")
        ],
        proptest::collection::vec(
            prop_oneof![
                Just("a"),
                Just("b"),
                Just("é"),
                Just("/"),
                Just("//"),
                Just(":"),
                Just("?q"),
                Just("#f"),
                Just("%41")
            ],
            0..8,
        ),
    )
        .prop_map(|(head, t)| format!("{head}{}", t.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, max_global_rejects: 100_000, ..ProptestConfig::default() })]
    #[test]
    fn relativize_is_the_inverse_of_resolve(base in base_like(), target in target_like()) {
        let (Ok(b), Ok(t)) = (Iri::parse(base.as_str()), Iri::parse(target.as_str())) else { return Ok(()) };
        match rfc3987::relativize(&b, &t) {
            Some(r) => prop_assert_eq!(resolve(&b, &r).to_string(), t.as_str()),
            // Only a target whose path loses something to remove_dot_segments is unreachable.
            None => prop_assert_ne!(remove_dot_segments(t.path().as_str()), t.path().as_str()),
        }
    }
}

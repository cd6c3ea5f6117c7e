//! The scanner and the pest grammar agree, for all eight start symbols: the scanner alone (no
//! fallback) accepts exactly what the grammar accepts, with the same components, and the default
//! parse gives the grammar's result, errors included. And the grammar read as ABNF
//! (`rfc3987::grammar::matches`, which places every error) accepts exactly what pest accepts,
//! for every rule that makes a node of the parse tree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pest::Parser;
use rfc3987::grammar::{self, IriParser};
use rfc3987::{AbsoluteIri, AbsoluteUri, Iri, IriRef, RelativeIriRef, RelativeUriRef, Uri, UriRef};

macro_rules! components {
    ($parsed:expr) => {
        $parsed.map(|p| {
            let authority = p
                .authority()
                .map(|a| (a.as_str(), a.userinfo(), a.host_str(), a.host(), a.port()));
            format!(
                "{:?} {authority:?} {:?} {:?} {:?} {:?}",
                p.scheme(),
                p.path().as_str(),
                p.path().kind(),
                p.query(),
                p.fragment()
            )
        })
    };
}

fuzz_target!(|input: &str| {
    macro_rules! agree {
        ($($ty:ident),*) => {$(
            let grammar = components!($ty::parse_with_grammar(input));
            let scanner = components!($ty::parse_with_scanner(input));
            assert_eq!(scanner, grammar.clone().ok(), "scanner alone, {} {input:?}", stringify!($ty));
            assert_eq!(components!($ty::parse(input)), grammar, "{} {input:?}", stringify!($ty));
        )*};
    }
    agree!(IriRef, Iri, AbsoluteIri, RelativeIriRef, UriRef, Uri, AbsoluteUri, RelativeUriRef);
    for rule in grammar::rules() {
        // pest matches a prefix; the rule matches the input when that prefix is all of it. A
        // silent rule makes no node, so pest does not say how far it matched: skipped here,
        // tests/abnf.rs checks those with anchored probe rules.
        let pest = match IriParser::parse(rule, input) {
            Ok(pairs) => match pairs.peek() {
                Some(pair) => pair.as_span().end() == input.len(),
                None => continue,
            },
            Err(_) => false,
        };
        assert_eq!(grammar::matches(rule, input), pest, "{rule:?} {input:?}");
    }
});

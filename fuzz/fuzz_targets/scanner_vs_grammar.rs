//! The scanner and the pest grammar agree, for all eight start symbols: the scanner alone (no
//! fallback) accepts exactly what the grammar accepts, with the same components, and the default
//! parse gives the grammar's result, errors included, and `is_match` (the scanner alone, as
//! every binding's `is_valid`) gives the grammar's verdict.
#![no_main]

use libfuzzer_sys::fuzz_target;
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
            let rule = rfc3987::AbnfRule::named($ty::<&str>::SYMBOL.name()).expect("a start symbol");
            assert_eq!(rule.is_match(input), grammar.is_ok(), "is_match {} {input:?}", stringify!($ty));
        )*};
    }
    agree!(IriRef, Iri, AbsoluteIri, RelativeIriRef, UriRef, Uri, AbsoluteUri, RelativeUriRef);
});

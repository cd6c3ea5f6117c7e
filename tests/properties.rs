//! Properties over generated input: no input panics, `Display` gives the input back, and the
//! components recompose to the input (RFC 3986 §5.3 recomposition applied to the parts as written).

use proptest::prelude::*;
use rfc3987::{parse_tree, IriRef, StartSymbol};

/// RFC 3986 §5.3: scheme ":" "//" authority path "?" query "#" fragment.
fn recompose(iri: &IriRef<&str>) -> String {
    let mut s = String::new();
    if let Some(scheme) = iri.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = iri.authority() {
        s.push_str("//");
        if let Some(userinfo) = authority.userinfo() {
            s.push_str(userinfo);
            s.push('@');
        }
        s.push_str(authority.host_str());
        if let Some(port) = authority.port() {
            s.push(':');
            s.push_str(port);
        }
        assert_eq!(&s[s.len() - authority.as_str().len()..], authority.as_str());
    }
    s.push_str(iri.path().as_str());
    if let Some(query) = iri.query() {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = iri.fragment() {
        s.push('#');
        s.push_str(fragment);
    }
    s
}

/// Strings made of the characters that matter to the grammar, so that a good share is valid.
fn iri_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("a"),
        Just("Z"),
        Just("0"),
        Just("9"),
        Just(":"),
        Just("/"),
        Just("//"),
        Just("?"),
        Just("#"),
        Just("@"),
        Just("["),
        Just("]"),
        Just("%"),
        Just("%4a"),
        Just("%C3%A9"),
        Just("."),
        Just(".."),
        Just("-"),
        Just("+"),
        Just("!"),
        Just("="),
        Just("&"),
        Just("é"),
        Just("例"),
        Just("\u{E000}"),
        Just("\u{10FFFD}"),
        Just("\u{200E}"),
        Just(" "),
        Just("::"),
        Just("1.2.3.4"),
        Just("v1."),
        Just("http:"),
        Just("\u{FFFE}"),
        Just("\u{0}"),
    ];
    proptest::collection::vec(token, 0..24).prop_map(|t| t.concat())
}

fn check(input: &str) -> Result<(), TestCaseError> {
    for symbol in [
        StartSymbol::IriReference,
        StartSymbol::Iri,
        StartSymbol::AbsoluteIri,
        StartSymbol::IrelativeRef,
        StartSymbol::UriReference,
        StartSymbol::Uri,
        StartSymbol::AbsoluteUri,
        StartSymbol::RelativeRef,
    ] {
        let verdict = rfc3987::validate(input, symbol);
        prop_assert_eq!(parse_tree(input, symbol).is_ok(), verdict.is_ok());
        if let Err(e) = verdict {
            prop_assert!(e.byte_offset() <= input.len());
            prop_assert!(input.is_char_boundary(e.byte_offset()));
            let _ = e.to_string();
        }
    }
    if let Ok(iri) = IriRef::parse(input) {
        prop_assert_eq!(iri.to_string(), input);
        prop_assert_eq!(recompose(&iri), input);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn arbitrary_strings_never_panic(input in any::<String>()) {
        check(&input)?;
    }

    #[test]
    fn iri_like_strings_round_trip(input in iri_like()) {
        check(&input)?;
    }
}

/// A URI symbol accepts exactly the ASCII inputs its IRI counterpart accepts (RFC 3987 §2.2 only
/// adds non-ASCII characters to the RFC 3986 grammar).
#[test]
fn uri_symbols_are_ascii_iri_symbols() {
    let mut runner = proptest::test_runner::TestRunner::default();
    runner
        .run(&iri_like(), |input| {
            let iri = rfc3987::validate(&input, StartSymbol::IriReference).is_ok();
            let uri = rfc3987::validate(&input, StartSymbol::UriReference).is_ok();
            prop_assert_eq!(uri, iri && input.is_ascii());
            Ok(())
        })
        .unwrap();
}

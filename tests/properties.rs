//! Properties over generated input: no input panics, `Display` gives the input back, and the
//! components recompose to the input (RFC 3986 §5.3 recomposition applied to the parts as written).

use crate::common;

use std::cell::Cell;

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
    for symbol in common::START_SYMBOLS {
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

/// 10,000 cases, each run; returns how many ran and how many inputs were IRI references.
fn run(strategy: impl Strategy<Value = String>) -> (usize, usize) {
    let valid = Cell::new(0);
    let ran = common::run(strategy, |input| {
        check(&input)?;
        valid.set(valid.get() + usize::from(IriRef::parse(input.as_str()).is_ok()));
        Ok(())
    });
    (ran, valid.get())
}

#[test]
fn arbitrary_strings_never_panic() {
    let (ran, _) = run(any::<String>());
    assert_eq!(ran, 10_000);
}

/// The round trip is checked on the inputs that parse: a good share of them must (about 13%
/// of the generated strings are IRI references; most probe where the grammar rejects).
#[test]
fn iri_like_strings_round_trip() {
    let (ran, valid) = run(iri_like());
    assert_eq!(ran, 10_000);
    assert!(
        valid >= 1_000,
        "only {valid} of {ran} generated inputs are IRI references"
    );
}

/// A URI symbol accepts exactly the ASCII inputs its IRI counterpart accepts (RFC 3987 §2.2 only
/// adds non-ASCII characters to the RFC 3986 grammar).
#[test]
fn uri_symbols_are_ascii_iri_symbols() {
    let (ascii_valid, non_ascii_valid) = (Cell::new(0), Cell::new(0));
    common::run(iri_like(), |input| {
        let iri = rfc3987::validate(&input, StartSymbol::IriReference).is_ok();
        let uri = rfc3987::validate(&input, StartSymbol::UriReference).is_ok();
        prop_assert_eq!(uri, iri && input.is_ascii());
        let counter = if input.is_ascii() {
            &ascii_valid
        } else {
            &non_ascii_valid
        };
        counter.set(counter.get() + usize::from(iri));
        Ok(())
    });
    // Both sides of the equivalence occur: valid ASCII inputs (URIs, about 11% of the cases)
    // and valid non-ASCII ones (about 2.4%).
    assert!(
        ascii_valid.get() >= 500 && non_ascii_valid.get() >= 100,
        "{} ASCII and {} non-ASCII IRI references",
        ascii_valid.get(),
        non_ascii_valid.get()
    );
}

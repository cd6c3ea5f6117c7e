//! IPv6 literals (RFC 3986 §3.2.2): a hand-made table over the nine ABNF forms, and a cross-check
//! of the grammar against `std::net::Ipv6Addr` on generated strings.

use crate::common;
use crate::probe;

use std::net::Ipv6Addr;

use proptest::prelude::*;
use rfc3987::{Host, IriRef};

/// tests/data/ipv6.tsv: `address<TAB>valid<TAB>note`, verdicts reasoned from the ABNF.
#[test]
fn ipv6_table() {
    let table = common::data("ipv6.tsv");
    let rows = common::rows(&table);
    assert!(rows.len() >= 80, "only {} rows", rows.len());
    for form in 1..=9 {
        let tag = format!("form {form}");
        assert!(
            rows.iter().any(|(r, _)| r[1] == "true" && r[2].contains(&tag)),
            "no valid case of {tag}"
        );
    }
    for (row, _) in &rows {
        let (addr, valid, note) = (common::unescape(&row[0]), row[1] == "true", &row[2]);
        assert_eq!(
            probe::matches("IPv6address", &addr),
            valid,
            "IPv6address {addr:?} ({note})"
        );
        let iri = format!("http://[{addr}]/");
        match IriRef::parse(iri.as_str()) {
            Ok(parsed) => {
                assert!(valid, "{iri} accepted ({note})");
                let std: Ipv6Addr = addr
                    .parse()
                    .expect("std rejects an address the table calls valid");
                assert_eq!(parsed.authority().unwrap().host(), Host::Ipv6(std), "{iri}");
                assert_eq!(parsed.authority().unwrap().host_str(), format!("[{addr}]"));
            }
            Err(e) => assert!(!valid, "{iri} rejected ({note}): {e}"),
        }
    }
}

/// Pieces that make up IPv6-like strings: the grammar and std must agree on every combination.
/// std's parser implements RFC 4291 §2.2 text forms, which is the language of RFC 3986's
/// IPv6address (no zone identifiers, IPv4 only as the last 32 bits, "::" for at least one group).
fn ipv6_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("0"),
        Just("1"),
        Just("ab"),
        Just("FFFF"),
        Just("0000"),
        Just("12345"),
        Just("g"),
        Just("1.2.3.4"),
        Just("255.255.255.255"),
        Just("01.2.3.4"),
        Just("1.2.3"),
        Just(""),
    ];
    let sep = prop_oneof![4 => Just(":"), 1 => Just("::"), 1 => Just(":::"), 1 => Just(".")];
    (
        proptest::collection::vec((piece, sep), 0..10),
        prop_oneof![Just(""), Just("1"), Just("::")],
    )
        .prop_map(|(parts, last)| {
            let mut s = String::new();
            for (p, sep) in parts {
                s.push_str(p);
                s.push_str(sep);
            }
            s.push_str(last);
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]
    #[test]
    fn ipv6_grammar_agrees_with_std(addr in ipv6_like()) {
        let std = addr.parse::<Ipv6Addr>();
        prop_assert_eq!(probe::matches("IPv6address", &addr), std.is_ok(), "{:?}", addr);
        if let Ok(std) = std {
            let iri = format!("s://[{addr}]");
            let parsed = IriRef::parse(iri.as_str()).unwrap();
            prop_assert_eq!(parsed.authority().unwrap().host(), Host::Ipv6(std));
        }
    }
}

/// Every valid form written out from std's own canonical text: the grammar accepts what std prints.
#[test]
fn std_display_forms_are_accepted() {
    let samples = [
        Ipv6Addr::UNSPECIFIED,
        Ipv6Addr::LOCALHOST,
        Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7),
        Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 0),
        Ipv6Addr::new(1, 2, 3, 4, 5, 6, 7, 8),
        Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304),
        Ipv6Addr::new(1, 0, 3, 0, 0, 6, 0, 8),
    ];
    for a in samples {
        let text = a.to_string();
        assert!(probe::matches("IPv6address", &text), "{text}");
    }
}

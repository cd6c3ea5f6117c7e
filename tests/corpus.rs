//! Public test suites and the syntax examples of the RFC texts.

use crate::common;

use rfc3987::{HostKind, Iri, IriRef, RelativeIriRef, StartSymbol};

/// tests/data/corpus/json-schema-test-suite (JSON-Schema-Test-Suite @ 44401e0c,
/// tests/draft2020-12/optional/format/): format `iri` is an RFC 3987 IRI, `iri-reference` an
/// IRI-reference. Non-string data is ignored by formats, so only strings are checked.
#[test]
fn json_schema_test_suite() {
    let mut checked = 0;
    for (file, symbol) in [
        ("iri.json", StartSymbol::Iri),
        ("iri-reference.json", StartSymbol::IriReference),
    ] {
        let groups: serde_json::Value =
            serde_json::from_str(&common::corpus(&format!("json-schema-test-suite/{file}"))).unwrap();
        for group in groups.as_array().unwrap() {
            for test in group["tests"].as_array().unwrap() {
                let Some(data) = test["data"].as_str() else {
                    continue;
                };
                let valid = test["valid"].as_bool().unwrap();
                let verdict = rfc3987::validate(data, symbol);
                assert_eq!(
                    verdict.is_ok(),
                    valid,
                    "{file}: {} {data:?}: {verdict:?}",
                    test["description"]
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 18 + 7, "string cases in the two files (SOURCES.md)");
}

/// tests/data/rfc-syntax-examples.tsv: every syntax example of RFC 3986 and RFC 3987, with the
/// verdict and host kind reasoned from the ABNF (source named per block).
#[test]
fn rfc_syntax_examples() {
    let text = common::data("rfc-syntax-examples.tsv");
    let rows = common::rows(&text);
    assert!(rows.len() > 100, "only {} examples", rows.len());
    for (row, source) in rows {
        let input = common::unescape(&row[0]);
        let (expected, host_kind) = (row[1].as_str(), row[2].as_str());
        let context = format!("{input:?} ({source}; {})", row.get(3).map_or("", |s| s.as_str()));
        let iri = Iri::parse(input.as_str());
        let relative = RelativeIriRef::parse(input.as_str());
        match expected {
            "IRI" => assert!(iri.is_ok() && relative.is_err(), "{context}: {iri:?}"),
            "irelative-ref" => assert!(iri.is_err() && relative.is_ok(), "{context}: {relative:?}"),
            "invalid" => assert!(iri.is_err() && relative.is_err(), "{context}"),
            other => panic!("bad expectation {other}"),
        }
        if expected == "invalid" {
            continue;
        }
        let parsed = IriRef::parse(input.as_str()).unwrap();
        let kind = parsed.authority().map(|a| a.host_kind().as_str()).unwrap_or("-");
        assert_eq!(kind, host_kind, "{context}");
        // `ranges` places each component where the accessors read it.
        let ranges = parsed.ranges();
        let at = |r: Option<std::ops::Range<usize>>| r.map(|r| &input[r]);
        let authority = parsed.authority();
        assert_eq!(at(ranges.scheme), parsed.scheme(), "{context}");
        assert_eq!(at(ranges.authority), authority.map(|a| a.as_str()), "{context}");
        assert_eq!(
            at(ranges.userinfo),
            authority.and_then(|a| a.userinfo()),
            "{context}"
        );
        assert_eq!(at(ranges.host), authority.map(|a| a.host_str()), "{context}");
        assert_eq!(at(ranges.port), authority.and_then(|a| a.port()), "{context}");
        assert_eq!(&input[ranges.path], parsed.path().as_str(), "{context}");
        assert_eq!(at(ranges.query), parsed.query(), "{context}");
        assert_eq!(at(ranges.fragment), parsed.fragment(), "{context}");
        assert_eq!(parsed.to_string(), input);
    }
}

/// RFC 3986 §3.2.2: "A host identified by an IPv4 literal address is represented in
/// dotted-decimal notation"; dec-octet has no leading zeros and stops at 255, and "If host
/// matches the rule for IPv4address, then it should be considered an IPv4 address literal and not
/// a reg-name."
#[test]
fn host_kinds() {
    let cases = [
        ("http://192.168.0.1/", HostKind::Ipv4),
        ("http://0.0.0.0", HostKind::Ipv4),
        ("http://255.255.255.255:8080", HostKind::Ipv4),
        ("http://1.2.3.256/", HostKind::RegName),
        ("http://1.2.3.4.5/", HostKind::RegName),
        ("http://01.2.3.4/", HostKind::RegName),
        ("http://1.2.3/", HostKind::RegName),
        ("http://example.com/", HostKind::RegName),
        ("file:///etc/hosts", HostKind::RegName),
        ("http://[::1]/", HostKind::Ipv6),
        ("http://[v7.fe80::1+eth0]/", HostKind::IpvFuture),
        ("//192.168.0.1", HostKind::Ipv4),
    ];
    for (input, kind) in cases {
        let parsed = IriRef::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(parsed.authority().unwrap().host_kind(), kind, "{input}");
    }
    let ipv4 = IriRef::parse("http://192.168.0.1/").unwrap();
    assert_eq!(
        ipv4.authority().unwrap().host(),
        rfc3987::Host::Ipv4([192, 168, 0, 1].into())
    );
    let future = IriRef::parse("http://[v7.fe80::1+eth0]/").unwrap();
    assert_eq!(
        future.authority().unwrap().host(),
        rfc3987::Host::IpvFuture {
            version: "7",
            address: "fe80::1+eth0"
        }
    );
}

/// RFC 3986 §3.2.2: IPvFuture allows only unreserved, sub-delims and ":", so a zone written with
/// "%25" (RFC 6874, not part of RFC 3986) is not an IP-literal, nor anything else.
#[test]
fn ipvfuture_has_no_percent() {
    assert!(IriRef::parse("http://[v7.fe80::1%25eth0]/").is_err());
    assert!(IriRef::parse("http://[fe80::1%25eth0]/").is_err());
}

/// tests/data/corpus/rfc-examples/rfc3987-examples.json, kind "validity" (RFC 3987 §4.1: IRIs MUST
/// NOT contain bidirectional formatting characters, though `ucschar` includes them).
#[test]
fn rfc3987_examples_validity() {
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let mut checked = 0;
    for example in examples
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "validity")
    {
        let input = example["input"].as_str().unwrap();
        let valid = example["valid"].as_bool().unwrap();
        let verdict = IriRef::parse(input);
        assert_eq!(verdict.is_ok(), valid, "{input:?}: {}", example["note"]);
        if let Err(e) = verdict {
            assert_eq!(
                e.kind(),
                rfc3987::ParseErrorKind::BidiFormattingCharacter,
                "{input:?}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 7);
}

//! The checks beyond the grammar (RFC 3987 §4, §5.3, §6.1, §7.5, §8): each code with inputs
//! that trigger it and near misses that must not, the §4.4 examples, and the no-allocation
//! promise for clean input.

mod common;

use rfc3987::{lint, Severity, CODES};

fn codes(input: &str) -> Vec<&'static str> {
    lint(input).into_iter().map(|d| d.code).collect()
}

/// `(code, triggers, near misses)`, with the reason beside each.
const CASES: &[(&str, &[&str], &[&str])] = &[
    // §2.2: the grammar decides.
    (
        "syntax",
        &["http://a b/", "http://[::1/", "%zz"],
        &["http://a/b", ""],
    ),
    // §4.1: LRM/RLM/LRE/RLE/PDF/LRO/RLO; their neighbours ZWJ U+200D and U+2010 are fine.
    (
        "bidi-formatting-character",
        &["http://a/\u{200F}", "http://a/?\u{202E}"],
        &["http://a/\u{200D}\u{2010}"],
    ),
    // §4.2 rule 1: Hebrew and Latin letters in one segment; digits are not left-to-right.
    (
        "bidi-mixed-direction",
        &["http://a/\u{5D0}b\u{5D1}"],
        &["http://a/\u{5D0}12\u{5D1}", "http://a/\u{5D0}/b"],
    ),
    // §4.2 rule 2: right-to-left text must start and end the component.
    (
        "bidi-rtl-boundary",
        &["http://a/\u{5D0}1", "http://a/?x=1\u{5D0}", "http://a/#\u{5D0}!"],
        &["http://a/\u{5D0}1\u{5D1}", "http://a/?x=\u{5D0}&y=1"],
    ),
    // §4.4 example 10: digits next to a right-to-left label.
    (
        "bidi-numeric-component",
        &["http://\u{5D0}\u{5D1}.123/"],
        &["http://ab.123/", "http://\u{5D0}\u{5D1}.x123/"],
    ),
    // §5.3.2.2: "e" + U+0301 is not NFC; "é" is.
    ("not-nfc", &["http://a/e\u{301}"], &["http://a/\u{E9}"]),
    // §7.5: U+FB01 "fi" ligature (the RFC's example) is NFC but not NFKC.
    ("not-nfkc", &["http://a/\u{FB01}le"], &["http://a/file"]),
    // §6.1: look-alikes of space and "/"; an ordinary letter is not.
    (
        "lookalike",
        &["http://a/a\u{3000}b", "http://a/a\u{2215}b", "http://a/\u{A0}"],
        &["http://a/a\u{3042}b"],
    ),
    // §7.5: Cyrillic "а" among Latin letters; Japanese mixes three scripts legitimately.
    (
        "mixed-script",
        &["http://p\u{430}ypal.com/"],
        &["http://a/\u{3072}\u{30AB}\u{6F22}", "http://a/caf\u{E9}"],
    ),
    // Unassigned: U+0378 has never been assigned; U+0377 is.
    ("unassigned", &["http://a/\u{378}"], &["http://a/\u{377}"]),
    // §2.2: iprivate is allowed in the query only, and noted there.
    (
        "private-use-in-query",
        &["http://a/?\u{E000}"],
        &["http://a/?\u{D7FF}x"],
    ),
    // §5.3.2.1: hex digits in uppercase.
    (
        "pct-lowercase-hex",
        &["http://a/%2f", "http://a/%C3%a9"],
        &["http://a/%2F"],
    ),
    // §5.3.2.3: %41 is "A", %7E is "~"; %2F is reserved and stays.
    (
        "pct-unreserved",
        &["http://a/%41", "http://a/%7E"],
        &["http://a/%2F", "http://a/%20"],
    ),
    // §5.3.2.3: %C3%A9 is "é", which an IRI can hold; U+E000 only in the query.
    (
        "pct-ucschar",
        &["http://a/%C3%A9", "http://a/?%EE%80%80"],
        &["http://a/%EE%80%80", "http://a/%E2%80%AE"],
    ),
    // §6.4: octets that are not UTF-8 (Latin-1 "é", a lone continuation byte, a truncated sequence).
    (
        "pct-not-utf8",
        &["http://a/r%E9sum%E9", "http://a/%80", "http://a/%E2%82"],
        &["http://a/%E2%82%AC"],
    ),
    // §8: overlong forms of "/" and of U+0000..
    (
        "pct-overlong-utf8",
        &["http://a/%C0%AF", "http://a/%E0%80%AF", "http://a/%F0%80%80%AF"],
        &["http://a/%C2%A0"],
    ),
    // §5.3.2.4: dot segments with a scheme; a relative reference keeps them until resolved.
    (
        "dot-segments",
        &["http://a/b/../c", "s:./x"],
        &["../c", "http://a/.b/c.."],
    ),
    // §5.3.3: an empty port, the default port of the scheme.
    ("empty-port", &["http://a:/"], &["http://a/", "http://a:8080/"]),
    (
        "default-port",
        &["http://a:80/", "https://a:443/"],
        &["http://a:443/", "foo://a:80/"],
    ),
    // §5.3.2.1: case of scheme and host (not inside %HH); RFC 3986 §6.2.2.1: IPv6 hex digits too.
    ("uppercase-scheme", &["HTTP://a/"], &["http://a/"]),
    (
        "uppercase-host",
        &["http://A.org/", "http://[FE80::1]/"],
        &["http://a.org/%2F", "http://[fe80::1]/"],
    ),
    // §5.3.3: ToASCII rejects "_" (STD3) and "xn--a" is not valid Punycode; not checked for
    // schemes that do not use DNS names.
    (
        "invalid-idn",
        &["http://a_\u{E9}.org/", "http://xn--a.org/"],
        &["foo://xn--a.org/", "http://xn--rsum-bpad.org/"],
    ),
    // DNS limits: a 64-octet label; 63 octets is fine, and so is a scheme without DNS names.
    (
        "dns-length",
        &["http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/"],
        &[
            "http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/",
            "foo://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/",
        ],
    ),
    // RFC 3986 §7.4, rare IP address forms; a real IPv4 address and a name with a letter are fine.
    (
        "numeric-host",
        &["http://1.2.3/", "http://1.2.3.256/", "http://01.2.3.4/"],
        &["http://1.2.3.4/", "http://1.2.3.a/"],
    ),
    // RFC 3986 §3.2.1: "user:password" is deprecated; a user alone is fine.
    (
        "password-in-userinfo",
        &["ftp://u:secret@h/"],
        &["ftp://u@h/", "mailto:a:b@c"],
    ),
];

#[test]
fn every_code_triggers_and_near_misses_do_not() {
    for (code, triggers, misses) in CASES {
        for input in *triggers {
            assert!(
                codes(input).contains(code),
                "{code} expected for {input:?}: {:?}",
                lint(input)
            );
        }
        for input in *misses {
            assert!(
                !codes(input).contains(code),
                "{code} not expected for {input:?}: {:?}",
                lint(input)
            );
        }
    }
    // Every code of the catalogue has cases.
    for (code, ..) in CODES {
        assert!(CASES.iter().any(|(c, ..)| c == code), "no cases for {code}");
    }
}

/// Spans and fixes: the span covers what is wrong, the help is the input with the fix applied.
#[test]
fn spans_and_fixes() {
    let d = lint("HTTP://a/");
    assert_eq!(
        (d[0].span.clone(), d[0].help.as_deref()),
        (0..4, Some("http://a/"))
    );
    let d = lint("http://a:80/x");
    assert_eq!(
        (d[0].span.clone(), d[0].help.as_deref()),
        (8..11, Some("http://a/x"))
    );
    let d = lint("http://a/a\u{3000}b");
    assert_eq!(d[0].code, "lookalike");
    assert_eq!(
        (d[0].span.clone(), d[0].help.as_deref()),
        (10..13, Some("http://a/a%E3%80%80b"))
    );
    // "e" + U+0301 composes to "é": the span covers the two characters.
    let d = lint("http://a/e\u{301}x");
    assert_eq!(
        (d[0].span.clone(), d[0].help.as_deref()),
        (9..12, Some("http://a/\u{E9}x"))
    );
    // A run of lowercase triplets is one diagnostic.
    let d: Vec<_> = lint("http://a/%c3%a9")
        .into_iter()
        .filter(|d| d.code == "pct-lowercase-hex")
        .collect();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].span, 9..15);
    // Severities follow the catalogue.
    assert_eq!(lint("a b")[0].severity, Severity::Error);
    assert_eq!(lint("http://a/?\u{E000}")[0].severity, Severity::Note);
}

/// RFC 3987 §4.4 via ../shared/corpus/rfc-examples/rfc3987-examples.json (`logical_hebrew`, the
/// bidi notation with Hebrew letters for the uppercase ones): examples 1–7 are allowed and
/// clean, 8 and 9 are "not allowed" by §4.2 rule 2, 10 is "allowed but not recommended".
#[test]
fn section_4_4_examples() {
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let mut seen = 0;
    for example in examples
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "bidi_4.2")
    {
        let input = example["logical_hebrew"].as_str().unwrap();
        let bidi: Vec<&str> = codes(input)
            .into_iter()
            .filter(|c| c.starts_with("bidi"))
            .collect();
        let expected: &[&str] = match example["example"].as_u64().unwrap() {
            1..=7 => &[],
            8 | 9 => &["bidi-rtl-boundary", "bidi-rtl-boundary"],
            10 => &["bidi-numeric-component"],
            n => panic!("example {n}"),
        };
        assert_eq!(bidi, expected, "example {}: {input}", example["example"]);
        seen += 1;
    }
    assert_eq!(seen, 10);
}

/// Clean IRIs from the corpus (the JSON Schema suite's valid IRIs and the RFC 3986 examples)
/// have no finding beyond notes on their percent-encodings.
#[test]
fn clean_iris_are_clean() {
    for input in [
        "http://www.example.org/",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "http://résumé.example.org/",
        "https://例え.テスト/パス?クエリ=値#フラグメント",
        "../../g;x?y#s",
    ] {
        assert_eq!(lint(input), [], "{input}");
    }
}

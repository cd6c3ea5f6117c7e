//! Rule-level tests of the grammar: every `// PEG:` deviation from a verbatim transcription, the
//! exact `ucschar`/`iprivate` ranges, and the per-rule cases of the rfc3987-syntax corpus
//! through the public per-rule API.

use crate::common;
use crate::probe;

use probe::matches;

// ----- // PEG: deviations (grammar/*.pest), each with the exact case that motivated it -----

/// dec-octet lists its alternatives longest first: in ABNF order, DIGIT commits after "1" of
/// "192" and IPv4address fails (RFC 3986 §3.2.2 says 192.168.0.1 is an IPv4 address).
#[test]
fn peg_dec_octet_longest_first() {
    for octet in ["0", "9", "10", "99", "100", "199", "200", "249", "250", "255"] {
        assert!(matches("dec_octet", octet), "{octet}");
    }
    for not_octet in ["256", "300", "01", "00", "1000", ""] {
        assert!(!matches("dec_octet", not_octet), "{not_octet}");
    }
    assert!(matches("IPv4address", "192.168.0.1"));
    assert!(matches("IPv4address", "255.255.255.255"));
    assert!(matches("IPv6address", "::255.255.255.255"));
    assert!(matches("IP_literal", "[::255.255.255.255]"));
}

/// `[ *N( h16 ":" ) h16 ] "::"` is written `[ h16 *N( ":" h16 ) ] "::"`: the greedy repetition
/// would otherwise eat the first ":" of "::".
#[test]
fn peg_ipv6_compressed_forms() {
    for addr in [
        "1::",
        "1::2",
        "fe80::1",
        "1:2:3::",
        "1:2:3:4:5:6::",
        "1:2:3:4:5:6:7::",
        "1::1.2.3.4",
    ] {
        assert!(matches("IPv6address", addr), "{addr}");
        assert!(matches("IRI", &format!("http://[{addr}]/")), "{addr}");
    }
}

/// `IPv4address` must end the host, or it matches a prefix of a reg-name and the choice commits.
#[test]
fn peg_ipv4_prefix_of_reg_name() {
    for host in ["1.2.3.4.5", "1.2.3.256", "1.2.3.4.", "1.2.3.4x", "01.2.3.4"] {
        assert!(matches("ihost", host), "{host}");
        let iri = rfc3987::Iri::parse(format!("http://{host}/")).unwrap();
        assert_eq!(
            iri.authority().unwrap().host_kind(),
            rfc3987::HostKind::RegName,
            "{host}"
        );
    }
    for (iri, port) in [
        ("http://1.2.3.4:80/", Some("80")),
        ("http://1.2.3.4?q", None),
        ("http://1.2.3.4#f", None),
    ] {
        let iri = rfc3987::IriRef::parse(iri).unwrap();
        let authority = iri.authority().unwrap();
        assert_eq!(authority.host_kind(), rfc3987::HostKind::Ipv4);
        assert_eq!(authority.port(), port);
    }
}

/// ABNF literals are case-insensitive: HEXDIG's "A"–"F" and IPvFuture's "v".
#[test]
fn abnf_literals_are_case_insensitive() {
    assert!(matches("pct_encoded", "%c3"));
    assert!(matches("pct_encoded", "%C3"));
    assert!(matches("IRI", "http://[FE80::1]/"));
    assert!(matches("IRI", "http://[fe80::1]/"));
    assert!(matches("IP_literal", "[V1.x]"));
    assert!(matches("IP_literal", "[v1.x]"));
    assert!(matches("IPvFuture", "vAb.x:y"));
}

/// `ipath`: its first alternative `ipath-abempty` cannot fail, so it is guarded by `&"/"`; the
/// rule is unused by the entry points but matches the ABNF's language for whole inputs.
#[test]
fn peg_ipath_guarded() {
    for path in ["", "/", "//", "/a/b", "a/b", "a:b/c", "a"] {
        assert!(matches("ipath", path), "{path:?}");
    }
    assert!(!matches("ipath", "a b"));
}

/// `ipath-empty = 0<ipchar>` matches only the empty string.
#[test]
fn ipath_empty_is_empty() {
    assert!(matches("ipath_empty", ""));
    assert!(!matches("ipath_empty", "a"));
}

/// The safe-as-written constructs of DESIGN.md: `IRI-reference = IRI / irelative-ref`,
/// the optional `[ iuserinfo "@" ]`, `ls32`.
#[test]
fn safe_as_written() {
    // No `scheme ":"` input is an irelative-ref; the IRI alternative decides.
    assert!(matches("IRI_reference", "a:b"));
    assert!(!matches("irelative_ref", "a:b"));
    assert!(matches("irelative_ref", "./a:b"));
    // Without "@", the userinfo group gives its characters back to the host.
    assert!(matches("iauthority", "user:pw@host:80"));
    assert!(matches("iauthority", "host:80"));
    assert!(matches("iauthority", "@host"));
    assert!(!matches("iauthority", "a:b:c"));
    // ls32: two h16 or an IPv4 address.
    assert!(matches("ls32", "ffff:1"));
    assert!(matches("ls32", "1.2.3.4"));
    assert!(!matches("ls32", "ffff:1.2.3.4"));
}

// ----- RFC 3987 §2.2: exact ucschar and iprivate ranges, and where each may appear -----

/// `ucschar` ranges as RFC 3987 §2.2 writes them.
const UCSCHAR: &[(u32, u32)] = &[
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
];

/// `iprivate` ranges as RFC 3987 §2.2 writes them.
const IPRIVATE: &[(u32, u32)] = &[(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

/// RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO.
const BIDI_FORMATTING: &[u32] = &[0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E];

fn in_ranges(c: u32, ranges: &[(u32, u32)]) -> bool {
    ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// The code points to probe: first, last, one before and one past each range, and the bidi
/// formatting characters and their neighbours.
fn probes() -> Vec<char> {
    let mut points: Vec<u32> = Vec::new();
    for &(lo, hi) in UCSCHAR.iter().chain(IPRIVATE) {
        points.extend([lo.saturating_sub(1), lo, hi, hi + 1]);
    }
    for &b in BIDI_FORMATTING {
        points.extend([b - 1, b, b + 1]);
    }
    points.sort_unstable();
    points.dedup();
    points.into_iter().filter_map(char::from_u32).collect()
}

/// The grammar's rules are the ABNF's exact ranges: `ucschar` includes the bidi formatting
/// characters, which RFC 3987 §4.1 forbids beside the grammar (next test, and tests/errors.rs).
#[test]
fn ucschar_and_iprivate_ranges_exact() {
    for c in probes() {
        let cp = c as u32;
        let is_ucschar = in_ranges(cp, UCSCHAR);
        let is_iprivate = in_ranges(cp, IPRIVATE);
        let s = c.to_string();
        assert_eq!(matches("ucschar", &s), is_ucschar, "ucschar U+{cp:04X}");
        assert_eq!(matches("iprivate", &s), is_iprivate, "iprivate U+{cp:04X}");
    }
}

/// Each probe in each component: `ucschar` is allowed everywhere an `iunreserved` is (userinfo,
/// reg-name, path, query, fragment); `iprivate` only in the query (RFC 3987 §2.2). The bidi
/// formatting characters are `ucschar` but an IRI MUST NOT contain them (§4.1).
#[test]
fn ucschar_and_iprivate_in_each_component() {
    for c in probes() {
        let cp = c as u32;
        let ucs = in_ranges(cp, UCSCHAR) && !BIDI_FORMATTING.contains(&cp);
        let private = in_ranges(cp, IPRIVATE);
        let cases = [
            (format!("s://u{c}@h/"), ucs, "iuserinfo"),
            (format!("s://h{c}/"), ucs, "ireg-name"),
            (format!("s:/p{c}"), ucs, "ipath-absolute"),
            (format!("s:p{c}"), ucs, "ipath-rootless"),
            (format!("p{c}"), ucs, "ipath-noscheme"),
            (format!("s:?q{c}"), ucs || private, "iquery"),
            (format!("s:#f{c}"), ucs, "ifragment"),
            (format!("s{c}:x"), false, "scheme"),
            (format!("s://h:8{c}/"), false, "port"),
        ];
        for (input, expected, component) in cases {
            assert_eq!(
                rfc3987::IriRef::parse(input.as_str()).is_ok(),
                expected,
                "U+{cp:04X} in {component}: {input:?}"
            );
        }
    }
}

// ----- tests/data/corpus/rfc3987-syntax (willynilly/rfc3987-syntax @ b818cbd0, tests/; MIT) -----
// Every case runs through the public per-rule API, `rfc3987::matches`, by the corpus' own rule
// name (`ipv6address`, `ip_literal`): ABNF rule names are case-insensitive (RFC 5234 §2.1).

/// Cases where the corpus' verdict differs from the RFC 3987 §2.2 ABNF, with the reason. The
/// corpus was written against another transcription (Lark); the RFC is the authority.
const CORPUS_DISAGREEMENTS: &[(&str, &str, &str)] = &[(
    "iri",
    "http:///example.com",
    "the corpus expects a rejection (\"empty authority\"), but ireg-name = *( ... ) may be empty, \
     so \"//\" iauthority ipath-abempty matches with an empty host and the path /example.com \
     (the corpus' own note says its grammar would need 1*( ... ) to reject it)",
)];

fn corpus_disagrees(rule: &str, value: &str) -> bool {
    CORPUS_DISAGREEMENTS
        .iter()
        .any(|&(r, v, _)| r == rule && v == value)
}

/// The corpus' verdict for `rule` on `value` against the public API's, or a line saying how
/// they differ.
fn disagreement(rule: &str, value: &str, expected: bool, reason: &serde_json::Value) -> Option<String> {
    let got = rfc3987::matches(rule, value).unwrap_or_else(|e| panic!("corpus rule {rule}: {e}"));
    (got != expected).then(|| format!("{rule} {value:?}: expected {expected} ({reason})"))
}

#[test]
fn rfc3987_syntax_corpus_negatives() {
    let corpus: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc3987-syntax/invalid_syntax.json")).unwrap();
    let mut checked = 0;
    let mut unexpected = Vec::new();
    for (rule, cases) in corpus.as_object().unwrap() {
        for case in cases.as_array().unwrap() {
            let value = case["value"].as_str().unwrap();
            let expected = corpus_disagrees(rule, value);
            unexpected.extend(disagreement(rule, value, expected, &case["reason"]));
            checked += 1;
        }
    }
    assert_eq!(checked, 497);
    assert!(
        unexpected.is_empty(),
        "{} disagreements:\n{}",
        unexpected.len(),
        unexpected.join("\n")
    );
}

#[test]
fn rfc3987_syntax_corpus_positives() {
    let corpus: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc3987-syntax/valid_syntax.json")).unwrap();
    let mut checked = 0;
    let mut unexpected = Vec::new();
    for (rule, cases) in corpus.as_object().unwrap() {
        for case in cases.as_array().unwrap() {
            let value = case["value"].as_str().unwrap();
            // The corpus marks its own false positives with expect_lark = false.
            let expected = case["expect_lark"].as_bool().unwrap_or(true) != corpus_disagrees(rule, value);
            unexpected.extend(disagreement(rule, value, expected, &case["reason"]));
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
    assert!(unexpected.is_empty(), "{}", unexpected.join("\n"));
}

//! Rules by name across both RFCs (`AbnfRule`), and the error for a lone surrogate
//! (`ParseError::at_lone_surrogate`), which the bindings whose strings may hold one use.

use crate::common;

use rfc3987::{AbnfRule, Iri, IriRef, ParseErrorKind, StartSymbol, SyntaxComponent};

/// Inputs for the rules below: ASCII and not, valid and not, for hosts, paths and queries.
const INPUTS: &[&str] = &[
    "",
    "a",
    "example.org",
    "例え.jp",
    "/a/b",
    "a:b",
    "//a/b",
    "%41",
    "%4g",
    "a b",
    "\u{E000}",
    "q=é&x",
    "user:pw",
    "http://example.org/",
    "http://例え.jp/?\u{E000}",
    "[::1]",
    "a\u{200E}b",
];

/// RFC 3987 §2.2 builds each `i` rule from its RFC 3986 rule by adding non-ASCII characters
/// only (`ucschar`, and `iprivate` in `iquery`), so the RFC 3986 rule matches exactly the
/// ASCII inputs its `i` rule matches.
#[test]
fn rfc3986_rules_are_their_i_rules_on_ascii() {
    let pairs = [
        ("hier-part", "ihier-part"),
        ("relative-part", "irelative-part"),
        ("authority", "iauthority"),
        ("userinfo", "iuserinfo"),
        ("host", "ihost"),
        ("reg-name", "ireg-name"),
        ("path", "ipath"),
        ("path-abempty", "ipath-abempty"),
        ("path-absolute", "ipath-absolute"),
        ("path-noscheme", "ipath-noscheme"),
        ("path-rootless", "ipath-rootless"),
        ("path-empty", "ipath-empty"),
        ("segment", "isegment"),
        ("segment-nz", "isegment-nz"),
        ("segment-nz-nc", "isegment-nz-nc"),
        ("pchar", "ipchar"),
        ("query", "iquery"),
        ("fragment", "ifragment"),
        ("URI", "IRI"),
        ("URI-reference", "IRI-reference"),
        ("absolute-URI", "absolute-IRI"),
        ("relative-ref", "irelative-ref"),
    ];
    for (uri_name, iri_name) in pairs {
        let uri = AbnfRule::named(uri_name).unwrap();
        let iri = AbnfRule::named(iri_name).unwrap();
        assert!(uri.is_uri() && !iri.is_uri(), "{uri_name}");
        for input in INPUTS {
            let expected = input.is_ascii() && iri.is_match(input);
            assert_eq!(uri.is_match(input), expected, "{uri_name} {input:?}");
            assert_eq!(uri.check(input).is_ok(), expected, "{uri_name} {input:?}");
        }
    }
}

/// The start symbols check as `validate` does (with §4.1's ban on bidi formatting characters);
/// every other rule as the grammar alone reads it; `check` and `is_match` agree everywhere.
#[test]
fn every_rule_checks_as_it_matches() {
    let all: Vec<AbnfRule> = AbnfRule::all().collect();
    assert_eq!(all.iter().filter(|r| r.symbol().is_some()).count(), 8);
    for rule in &all {
        // Each name names its rule, in either spelling and any case (RFC 5234 §2.1).
        assert_eq!(AbnfRule::named(rule.name()).as_ref(), Ok(rule));
        let other_spelling = rule.name().replace('-', "_").to_ascii_uppercase();
        assert_eq!(AbnfRule::named(&other_spelling).as_ref(), Ok(rule));
        for input in INPUTS {
            let checked = rule.check(input);
            assert_eq!(rule.is_match(input), checked.is_ok(), "{} {input:?}", rule.name());
            if let Some(symbol) = rule.symbol() {
                assert_eq!(checked, rfc3987::validate(input, symbol), "{}", rule.name());
            } else if !rule.is_uri() {
                let grammar = rfc3987::matches(rule.name(), input).unwrap();
                assert_eq!(checked.is_ok(), grammar, "{} {input:?}", rule.name());
            }
            if let Err(e) = checked {
                assert_eq!(e.target(), rule.name());
            }
        }
    }
    let names: std::collections::HashSet<&str> = all.iter().map(|r| r.name()).collect();
    assert_eq!(names.len(), all.len(), "each rule once");
}

#[test]
fn unknown_names_suggest_the_closest() {
    let unknown = AbnfRule::named("IPv6adress").unwrap_err();
    assert_eq!(unknown.suggestion(), Some("IPv6address"));
    assert!(AbnfRule::named("hostname").is_err());
}

/// RFC 3987 §4.1 forbids the bidi formatting characters in IRIs, which the `ucschar` ranges of
/// §2.2 admit: the start symbols refuse them, the rules inside match them as their ABNF does.
#[test]
fn bidi_formatting_characters_only_in_start_symbols() {
    let rule = |name| AbnfRule::named(name).unwrap();
    assert!(!rule("IRI").is_match("http://a/\u{200F}"));
    assert!(!rule("IRI-reference").is_match("\u{200F}"));
    assert!(rule("ucschar").is_match("\u{200F}"));
    assert!(rule("ireg-name").is_match("a\u{202E}b"));
    assert!(rule("isegment").check("a\u{200E}").is_ok());
    assert!(!rule("segment").is_match("a\u{200E}")); // RFC 3986: ASCII only
}

/// A URI rule reports the first non-ASCII character when the grammar reads up to it (RFC 3986
/// §2), as the URI start symbols do.
#[test]
fn uri_rule_errors_point_at_the_non_ascii_character() {
    let err = AbnfRule::named("reg-name")
        .unwrap()
        .check("ex例.org")
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.byte_offset(), err.target()),
        (ParseErrorKind::NotAscii, 2, "reg-name")
    );
    let err = AbnfRule::named("segment").unwrap().check("a b").unwrap_err();
    assert_eq!((err.kind(), err.byte_offset()), (ParseErrorKind::Syntax, 1));
}

/// `IriRef::parse_as` accepts exactly what each start symbol's type accepts.
#[test]
fn parse_as_agrees_with_the_types() {
    for input in INPUTS {
        for symbol in AbnfRule::all().filter_map(|r| r.symbol()) {
            let expected = rfc3987::validate(input, symbol).is_ok();
            assert_eq!(
                IriRef::parse_as(*input, symbol).is_ok(),
                expected,
                "{input:?} {symbol:?}"
            );
        }
        assert_eq!(
            IriRef::parse_as(*input, StartSymbol::Iri)
                .ok()
                .map(|i| i.as_str().to_string()),
            Iri::parse(*input).ok().map(|i| i.as_str().to_string())
        );
    }
}

/// The surrogate's error keeps the component, rule and expected rules of the place; an error
/// before the surrogate, or at a U+FFFD that was in the text, is not changed.
#[test]
fn lone_surrogate_errors() {
    // "http://a/b" then a surrogate: in the path, where isegment, "/", "?", "#" or the end may
    // follow.
    let plain = Iri::parse("http://a/b\u{FFFD}").unwrap_err();
    let err = plain.clone().at_lone_surrogate(0xDC80);
    assert_eq!(err.kind(), ParseErrorKind::LoneSurrogate);
    assert_eq!(err.component(), Some(SyntaxComponent::Path));
    assert_eq!(
        (err.byte_offset(), err.rule(), err.expected()),
        (plain.byte_offset(), plain.rule(), plain.expected())
    );
    assert!(err.message().contains("U+DC80"));
    assert!(err.to_string().contains("lone surrogate"));
    // The snippet shows the surrogate as `printable` writes a code point, not the U+FFFD that
    // stood for it, and the caret stays under it: column 11, after the two spaces of indent.
    let text = err.to_string();
    assert_eq!(text.lines().nth(1), Some("  http://a/b\\u{DC80}"));
    assert_eq!(
        text.lines().nth(2),
        Some(format!("{}^", " ".repeat(2 + 10)).as_str())
    );
    // Not a surrogate: unchanged.
    assert_eq!(plain.clone().at_lone_surrogate(0x41), plain);
    // The error is at the space, not at a U+FFFD: unchanged.
    let earlier = Iri::parse("http://a b/\u{FFFD}").unwrap_err();
    assert_eq!(earlier.clone().at_lone_surrogate(0xD800), earlier);
}

/// `is_match` answers without explaining a rejection; it must answer as `validate` does, for
/// the start symbols, on the repository's valid and invalid inputs (the mistakes, the RFC
/// examples, a corpus sample).
#[test]
fn is_match_answers_as_validate() {
    let mut inputs: Vec<String> = Vec::new();
    for file in ["mistakes.tsv", "rfc-syntax-examples.tsv"] {
        for line in common::data(file)
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let cells: Vec<&str> = line.split('\t').collect();
            inputs.push(common::unescape(if file == "mistakes.tsv" {
                cells[1]
            } else {
                cells[0]
            }));
        }
    }
    let sample = common::corpus("bench-sample/iris-nonascii-10k.txt");
    inputs.extend(sample.lines().take(500).map(String::from));
    let mut rejected = 0;
    for input in &inputs {
        for rule in AbnfRule::all().filter(|r| r.symbol().is_some()) {
            let valid = rfc3987::validate(input, rule.symbol().unwrap()).is_ok();
            assert_eq!(rule.is_match(input), valid, "{} {input:?}", rule.name());
            rejected += usize::from(!valid);
        }
    }
    assert!(rejected > 500, "invalid inputs were tried: {rejected}");
}

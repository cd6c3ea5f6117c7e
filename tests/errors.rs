//! Parse errors: position (byte offset and character column), expected rules, message, kind,
//! and the caret rendering.

use rfc3987::{Iri, IriRef, ParseErrorKind, Uri, UriRef};

/// RFC 3987 §4.1: each of the seven bidi formatting characters is rejected in every component,
/// with the §4.1 error pointing at the character.
#[test]
fn bidi_formatting_characters_rejected_at_their_position() {
    for c in [
        '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    ] {
        for template in [
            "http://u{c}@h/",
            "http://h{c}/",
            "http://h/p{c}",
            "http://h/?q{c}",
            "http://h/#f{c}",
            "a{c}",
        ] {
            let input = template.replace("{c}", &c.to_string());
            let err = IriRef::parse(input.as_str()).unwrap_err();
            assert_eq!(err.kind(), ParseErrorKind::BidiFormattingCharacter, "{input:?}");
            let at = input.find(c).unwrap();
            assert_eq!(err.byte_offset(), at, "{input:?}");
            assert_eq!(err.column(), input[..at].chars().count() + 1);
            assert!(err.to_string().contains("RFC 3987 §4.1"), "{err}");
        }
    }
    // Where no bidi character could be allowed anyway (inside an IP literal, the scheme, the
    // port), the §4.1 error still names it: it is the reason the input cannot be an IRI.
    for template in [
        "http://[::1{c}]/",
        "http://[v1.{c}]/",
        "h{c}ttp://h/",
        "http://h:8{c}0/",
        "a b{c}",
    ] {
        let input = template.replace("{c}", "\u{200E}");
        let err = IriRef::parse(input.as_str()).unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::BidiFormattingCharacter, "{input:?}");
        assert_eq!(err.byte_offset(), input.find('\u{200E}').unwrap(), "{input:?}");
    }
    // The grammar alone says the same.
    let err = IriRef::parse_with_grammar("http://h/p\u{202E}").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::BidiFormattingCharacter);
    // Their neighbours are ucschar and allowed (U+200D ZWJ, U+2010 HYPHEN, U+2029, U+202F).
    for c in ['\u{200D}', '\u{2010}', '\u{2029}', '\u{202F}'] {
        assert!(
            IriRef::parse(format!("http://h/p{c}")).is_ok(),
            "U+{:04X}",
            c as u32
        );
    }
}

#[test]
fn positions_are_bytes_and_characters() {
    // "é" is two bytes: the space is at byte 22 and character column 21 (1-based).
    let err = Iri::parse("http://résumé.org/a b").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::Syntax);
    assert_eq!(err.byte_offset(), 21);
    assert_eq!(err.column(), 20);
    assert_eq!(err.message(), "unexpected character ' ' (U+0020)");
    assert_eq!(err.input(), "http://résumé.org/a b");
    assert_eq!(err.target(), "IRI");
}

#[test]
fn caret_under_the_offending_character() {
    let err = IriRef::parse("http://résumé.org/a b").unwrap_err();
    let text = err.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[1], "  http://résumé.org/a b");
    // The caret sits under the space: two spaces of indent, then 19 characters before it.
    assert_eq!(lines[2], format!("  {}^", " ".repeat(19)));
}

#[test]
fn long_inputs_are_cut_around_the_error() {
    let input = format!("http://h/{}<{}", "a".repeat(1000), "b".repeat(1000));
    let err = IriRef::parse(input.as_str()).unwrap_err();
    assert_eq!(err.byte_offset(), 1009);
    let text = err.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], format!("  …{}<{}…", "a".repeat(40), "b".repeat(39)));
    assert_eq!(lines[2], format!("  {}^", " ".repeat(41)));
}

/// The expected rules use the RFC's spelling.
#[test]
fn expected_rules_use_abnf_names() {
    // After "fe80::" the grammar tries the piece that must follow: h16 (forms 3-6, 8) or ls32 (7).
    let err = IriRef::parse("http://[fe80::g]/").unwrap_err();
    assert_eq!(err.byte_offset(), 14);
    assert_eq!(err.expected(), ["h16", "ls32"]);
    // A scheme must start with ALPHA; "1a:b" is neither an IRI nor a relative reference (its first
    // segment holds ":"), so the grammar stops at the ":" where only the end of input could come.
    let err = IriRef::parse("1a:b").unwrap_err();
    assert_eq!(err.byte_offset(), 2);
    assert!(err.expected().contains(&"end of input"), "{:?}", err.expected());
    for e in [err.expected(), IriRef::parse("a:%zz").unwrap_err().expected()] {
        for name in e {
            assert!(!name.contains('_'), "{name} is not in RFC spelling");
        }
    }
}

#[test]
fn percent_without_two_hex_digits() {
    for input in ["a:%zz", "a:%4", "a:%", "a:b%g0"] {
        let err = IriRef::parse(input).unwrap_err();
        assert_eq!(err.byte_offset(), input.find('%').unwrap(), "{input}");
        assert!(err.message().contains("pct-encoded"), "{input}: {err}");
    }
}

/// The caret counts terminal columns, not characters: East Asian wide characters take two
/// (Unicode Standard Annex #11), so the caret under the space after "例え" sits at column 2 + 4
/// + 1 of the shown line ("  " indent, two wide characters, then "a").
#[test]
fn caret_counts_wide_characters_twice() {
    let err = IriRef::parse("例えa b").unwrap_err();
    let text = err.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "  例えa b");
    assert_eq!(lines[2], format!("  {}^", " ".repeat(5)));
}

#[test]
fn end_of_input() {
    // "[" starts an IP-literal: IPv6address or IPvFuture must follow, and the input ends.
    let err = IriRef::parse("//[").unwrap_err();
    assert_eq!(err.message(), "unexpected end of input");
    assert_eq!(err.byte_offset(), 3);
    assert_eq!(err.column(), 4);
}

/// pest reports the furthest position where a visible rule was tried, not the furthest literal:
/// for "http" as an IRI, no rule starts after the scheme (the ":" is a literal), so the error is
/// at the start, where `IRI` was tried. Pinned so that a better position is a visible change.
#[test]
fn error_position_is_where_a_rule_was_tried() {
    let err = Iri::parse("http").unwrap_err();
    assert_eq!(err.byte_offset(), 0);
    assert_eq!(err.expected(), ["IRI"]);
}

/// A URI is an IRI with only ASCII characters (RFC 3986 §2): the first non-ASCII character is
/// the error, unless the grammar fails earlier.
#[test]
fn uris_are_ascii() {
    let err = Uri::parse("http://résumé.example.org").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::NotAscii);
    assert_eq!(err.byte_offset(), 8);
    assert_eq!(err.target(), "URI");
    let err = UriRef::parse("a b/é").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::Syntax);
    assert_eq!(err.byte_offset(), 1);
    assert!(Uri::parse("http://r%C3%A9sum%C3%A9.example.org").is_ok());
    // Non-ASCII in the query is an iprivate or ucschar for an IRI, but never part of a URI.
    assert!(Iri::parse("s:?\u{E000}").is_ok());
    assert_eq!(
        Uri::parse("s:?\u{E000}").unwrap_err().kind(),
        ParseErrorKind::NotAscii
    );
}

/// Control characters are named by code point, and shown escaped so the caret stays aligned.
#[test]
fn control_characters_are_visible() {
    let err = IriRef::parse("a\tb").unwrap_err();
    assert_eq!(err.message(), "unexpected character U+0009");
    let text = err.to_string();
    assert_eq!(text.lines().nth(1), Some("  a\\u{9}b"));
    assert_eq!(text.lines().nth(2), Some("   ^"));
}

//! Parse errors: position (byte offset and character column), component, rule, expected rules,
//! message, kind, and the caret rendering; the table of common mistakes
//! (tests/data/mistakes.tsv) with its rendered messages (snapshots/errors@mistakes.snap).

mod common;

use rfc3987::{validate, validate_with_grammar, Iri, IriRef, ParseErrorKind, SyntaxComponent, Uri, UriRef};

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
    // "é" is two bytes: the space is at byte 21 and character column 20 (1-based).
    let err = Iri::parse("http://résumé.org/a b").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::Syntax);
    assert_eq!(err.byte_offset(), 21);
    assert_eq!(err.column(), 20);
    assert_eq!(err.component(), Some(SyntaxComponent::Path));
    assert_eq!(err.rule(), Some("isegment"));
    // Names the character, the component and the rule, and says how to write it.
    assert_eq!(
        err.message(),
        "a space (U+0020) is not allowed in the path (isegment, RFC 3987 §2.2); percent-encode it as %20"
    );
    assert_eq!(err.input(), "http://résumé.org/a b");
    assert_eq!(err.target(), "IRI");
}

#[test]
fn caret_under_the_offending_character() {
    let err = IriRef::parse("http://résumé.org/a b").unwrap_err();
    let text = err.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with("invalid IRI-reference at column 20, in the path: "),
        "{text}"
    );
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

/// The message quotes parts of the input (a scheme, an authority) cut to a window, so that an
/// error in a 5 MB line is a few lines long, not 5 MB.
#[test]
fn messages_quote_a_window_of_long_inputs() {
    let scheme = "a".repeat(5_000_000);
    let err = Iri::parse(scheme.as_str()).unwrap_err();
    // The whole input is a scheme that ":" must follow: the error is at its end.
    assert_eq!(err.byte_offset(), scheme.len());
    assert!(err.message().len() < 200, "{}", &err.message()[..300]);
    assert!(err.to_string().len() < 500);
    let authority = format!("http://{}:8x/", "h".repeat(5_000_000));
    let err = Iri::parse(authority.as_str()).unwrap_err();
    assert_eq!(err.component(), Some(SyntaxComponent::Port));
    assert!(err.message().len() < 300, "{}", &err.message()[..400]);
}

/// What the grammar allowed at the error, in RFC spelling, delimiters quoted.
#[test]
fn expected_rules_use_abnf_names() {
    // After "fe80::" (a whole IPv6 address, form 9) a group may start (h16), an IPv4 address may
    // start (its dec-octet, ls32 of forms 6-7), or the literal may close with "]".
    let err = IriRef::parse("http://[fe80::g]/").unwrap_err();
    assert_eq!(err.byte_offset(), 14);
    let mut expected = err.expected().to_vec();
    expected.sort_unstable();
    assert_eq!(expected, ["\"]\"", "dec-octet", "h16"]);
    // "1a" is not a scheme (it starts with a digit), so "1a:b" is read as a relative reference
    // whose first segment cannot hold ":": at the ":" the segment could go on, or a "/", "?",
    // "#" come, or the input end.
    let err = IriRef::parse("1a:b").unwrap_err();
    assert_eq!(err.byte_offset(), 2);
    assert_eq!(
        err.expected(),
        ["isegment-nz-nc", "\"/\"", "\"?\"", "\"#\"", "end of input"]
    );
    for e in [err.expected(), IriRef::parse("a:%zz").unwrap_err().expected()] {
        for name in e {
            assert!(!name.contains('_'), "{name} is not in RFC spelling");
        }
    }
}

/// `pct-encoded = "%" HEXDIG HEXDIG`: the error is at the first character after "%" that is
/// not a hexadecimal digit (until then a valid triplet could still follow), or at the end.
#[test]
fn percent_without_two_hex_digits() {
    for (input, offset) in [("a:%zz", 3), ("a:%4", 4), ("a:%", 3), ("a:b%g0", 4), ("a:%4g", 4)] {
        let err = IriRef::parse(input).unwrap_err();
        assert_eq!(err.byte_offset(), offset, "{input}");
        assert!(err.message().contains("pct-encoded"), "{input}: {err}");
        assert!(err.message().contains("%25"), "{input}: {err}");
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
    // "[" starts an IP-literal: an IPv6address or IPvFuture must follow, and the input ends.
    let err = IriRef::parse("//[").unwrap_err();
    assert_eq!(err.byte_offset(), 3);
    assert_eq!(err.column(), 4);
    assert_eq!(err.component(), Some(SyntaxComponent::IpLiteral));
    // A scheme alone: every prefix of "http" could still become an IRI ("http:"), so the error
    // is at the end, where ":" must come.
    let err = Iri::parse("http").unwrap_err();
    assert_eq!(err.byte_offset(), 4);
    assert_eq!(err.component(), Some(SyntaxComponent::Scheme));
    assert_eq!(err.expected(), ["scheme", "\":\""]);
    assert_eq!(
        err.message(),
        "the scheme `http` must be followed by ':' (RFC 3986 §3.1)"
    );
}

/// A URI is an IRI with only ASCII characters (RFC 3986 §2): the first non-ASCII character is
/// the error, unless the grammar fails earlier.
#[test]
fn uris_are_ascii() {
    let err = Uri::parse("http://résumé.example.org").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::NotAscii);
    assert_eq!(err.byte_offset(), 8);
    assert_eq!(err.target(), "URI");
    assert_eq!(err.component(), Some(SyntaxComponent::Host));
    assert!(err.message().contains("%C3%A9"), "{err}");
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
    // A control character is allowed nowhere: the message says so; the component is the path.
    let err = IriRef::parse("a\tb").unwrap_err();
    assert_eq!(err.component(), Some(SyntaxComponent::Path));
    assert_eq!(
        err.message(),
        "U+0009 (TAB) is not allowed in an IRI (RFC 3987 §2.2); percent-encode it as %09"
    );
    let text = err.to_string();
    assert_eq!(text.lines().nth(1), Some("  a\\u{9}b"));
    assert_eq!(text.lines().nth(2), Some("   ^"));
}

/// "expected end of input" alone is never the message: every syntax error says what is wrong.
#[test]
fn no_message_is_only_expected_end_of_input() {
    for (row, _) in common::rows(&common::data("mistakes.tsv")) {
        let input = common::unescape(&row[1]);
        let err = validate(&input, common::symbol(&row[0])).unwrap_err();
        assert!(
            !err.message().contains("expected end of input"),
            "{input:?}: {err}"
        );
        assert!(!err.message().starts_with("unexpected"), "{input:?}: {err}");
    }
}

/// tests/data/mistakes.tsv: common mistakes, each with the byte offset and component derived by
/// hand from the ABNF (the file says how). Both parse paths (the scanner, then the grammar for
/// the error; the grammar alone) give the same error. The rendered messages are reviewed in
/// snapshots/errors@mistakes.snap.
#[test]
fn common_mistakes() {
    let rows = common::rows(&common::data("mistakes.tsv"));
    assert!(rows.len() >= 40, "only {} mistakes", rows.len());
    let mut rendered = String::new();
    let mut wrong = Vec::new();
    for (row, _) in &rows {
        let (symbol, input) = (common::symbol(&row[0]), common::unescape(&row[1]));
        let offset: usize = row[2].parse().unwrap();
        let err = validate(&input, symbol).unwrap_err();
        assert_eq!(
            validate_with_grammar(&input, symbol).unwrap_err(),
            err,
            "{input:?}: both paths"
        );
        let component = err.component().map_or("none", |c| c.as_str());
        if err.byte_offset() != offset || component != row[3] {
            wrong.push(format!(
                "{} {input:?}: offset {} (expected {offset}), component {component} (expected {}): {}",
                row[0],
                err.byte_offset(),
                row[3],
                err.message()
            ));
        }
        rendered.push_str(&format!("{} {:?}\n{err}\n\n", row[0], input));
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
    common::snapshot_settings().bind(|| insta::assert_snapshot!("errors@mistakes", rendered));
}

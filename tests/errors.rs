//! Parse errors: position (byte offset and character column), component, rule, expected rules,
//! message, kind, and the caret rendering; the table of common mistakes
//! (tests/data/mistakes.tsv) with its rendered messages (snapshots/errors@mistakes.snap).

use crate::common;

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
    assert!(
        err.message().len() < 200,
        "{}",
        err.message().chars().take(300).collect::<String>()
    );
    assert!(err.to_string().len() < 500);
    let authority = format!("http://{}:8x/", "h".repeat(5_000_000));
    let err = Iri::parse(authority.as_str()).unwrap_err();
    assert_eq!(err.component(), Some(SyntaxComponent::Port));
    assert!(
        err.message().len() < 300,
        "{}",
        err.message().chars().take(400).collect::<String>()
    );
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
/// + 1 of the shown line ("  " indent, two wide characters, then "a"). Feature `unicode-width`.
#[test]
#[cfg(feature = "unicode-width")]
fn caret_counts_wide_characters_twice() {
    let err = IriRef::parse("例えa b").unwrap_err();
    let text = err.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "  例えa b");
    assert_eq!(lines[2], format!("  {}^", " ".repeat(5)));
    // A combining mark (U+0301, General_Category Mn) takes none: after "e" U+0301 "a", two.
    let err = IriRef::parse("e\u{301}a b").unwrap_err();
    assert_eq!(err.to_string().lines().nth(2), Some("    ^"));
}

/// Without the feature `unicode-width` the caret counts one column for every character it does
/// not escape (src/error.rs, `visible_width`): after "例えa" it stands 3 columns in, not 5, and
/// after "e" U+0301 COMBINING ACUTE ACCENT "a" 3 columns in, where a terminal would show 2.
/// The column in the message is the character column either way (`ParseError::column`).
#[test]
#[cfg(not(feature = "unicode-width"))]
fn caret_counts_each_character_once_without_unicode_width() {
    for (input, column) in [("例えa b", 4), ("e\u{301}a b", 4)] {
        let err = IriRef::parse(input).unwrap_err();
        assert_eq!(err.column(), column, "{input:?}");
        let text = err.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], format!("  {input}"));
        assert_eq!(lines[2], format!("  {}^", " ".repeat(3)), "{input:?}");
    }
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
        "U+0009 (TAB) is not allowed in an IRI (isegment-nz-nc, RFC 3987 §2.2); percent-encode it as %09"
    );
    let text = err.to_string();
    assert_eq!(text.lines().nth(1), Some("  a\\u{9}b"));
    assert_eq!(text.lines().nth(2), Some("   ^"));
}

/// Issue 28: a message names a character that `printable` escapes (a bidi isolate, a zero-width
/// character) by code point, never quoting it raw, wherever the grammar meets it: the scheme,
/// the port, an IP literal, a percent-encoding. The isolates and U+200B are `ucschar`, so only
/// a place that allows ASCII alone rejects them.
#[test]
fn invisible_characters_are_never_quoted_raw() {
    for c in [
        '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{200B}', '\u{2060}',
    ] {
        for template in [
            "{c}http://a/",
            "a{c}:b",
            "http://a:8{c}0/",
            "http://[::1{c}]/",
            "http://%{c}41/",
        ] {
            let input = template.replace("{c}", &c.to_string());
            let err = IriRef::parse(input.as_str()).unwrap_err();
            let code = format!("U+{:04X}", c as u32);
            assert!(err.message().contains(&code), "{input:?}: {}", err.message());
            assert!(!err.message().contains(c), "{input:?}: {}", err.message());
            assert!(!err.to_string().contains(c), "{input:?}: {err}");
        }
    }
}

/// Issue 28: an unknown rule name is the caller's input; the error quotes it through
/// `printable` (ESC written `\u{1B}`), so that it cannot colour or clear a terminal.
#[test]
fn unknown_rule_names_are_quoted_printable() {
    let err = rfc3987::AbnfRule::named("\u{1B}[2J\u{202E}x").unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("no ABNF rule named `\\u{1B}[2J\\u{202E}x` in"),
        "{text}"
    );
    assert!(!text.contains(['\u{1B}', '\u{202E}']), "{text}");
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
    #[cfg(feature = "unicode-width")]
    common::snapshot_settings().bind(|| insta::assert_snapshot!("errors@mistakes", rendered));
    // Without `unicode-width` a caret after wide characters or combining marks stands elsewhere
    // (each character counts one column: `caret_counts_each_character_once_without_unicode_width`);
    // every other line is the reviewed snapshot's.
    #[cfg(not(feature = "unicode-width"))]
    {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots/errors@mistakes.snap");
        let stored = std::fs::read_to_string(path).unwrap();
        // The insta header ("---", source, expression, "---"), then the rendered text.
        let body = stored.splitn(3, "---\n").nth(2).expect("an insta snapshot");
        let without_carets = |text: &str| -> Vec<String> {
            text.trim_end()
                .lines()
                .filter(|line| line.trim() != "^")
                .map(String::from)
                .collect()
        };
        assert_eq!(without_carets(&rendered), without_carets(body));
    }
}

/// A rule checked alone (`rfc3987::grammar::check`) is explained in its own terms: the error's
/// target is the rule, and the component is the one the rule belongs to (none for a character
/// class).
#[test]
fn rules_checked_alone() {
    use rfc3987::grammar::{check, Rule};
    // (rule, input, offset, component, rule of the error, words of the message) — each offset
    // is the first character the rule cannot continue with, or the end of the input.
    type Case = (
        Rule,
        &'static str,
        usize,
        Option<SyntaxComponent>,
        &'static str,
        &'static str,
    );
    let cases: &[Case] = &[
        // iuserinfo has no space; as a rule alone no "@" can follow, so it stays the userinfo.
        (
            Rule::iuserinfo,
            "a b",
            1,
            Some(SyntaxComponent::Userinfo),
            "iuserinfo",
            "%20",
        ),
        // port = *DIGIT.
        (
            Rule::port,
            "80a",
            2,
            Some(SyntaxComponent::Port),
            "port",
            "digits only",
        ),
        // "25" can still become 250-255; "256" cannot.
        (
            Rule::dec_octet,
            "256",
            2,
            Some(SyntaxComponent::Host),
            "dec-octet",
            "0 to 255",
        ),
        // Three dec-octets and the end: a fourth must follow.
        (
            Rule::IPv4address,
            "1.2.3",
            5,
            Some(SyntaxComponent::Host),
            "dec-octet",
            "3 of its four",
        ),
        // "0" is a whole dec-octet: a digit after it is a leading zero.
        (
            Rule::IPv4address,
            "1.02.3.4",
            3,
            Some(SyntaxComponent::Host),
            "dec-octet",
            "leading zero",
        ),
        (
            Rule::IPv6address,
            "1:2:3",
            5,
            Some(SyntaxComponent::IpLiteral),
            "h16",
            "3 of its eight",
        ),
        (
            Rule::isegment,
            "a/b",
            1,
            Some(SyntaxComponent::Path),
            "isegment",
            "%2F",
        ),
        // ucschar starts at U+00A0: "a" is not one, and a character class has no component.
        (Rule::ucschar, "a", 0, None, "ucschar", "not allowed"),
    ];
    for &(rule, input, offset, component, error_rule, words) in cases {
        let err = check(rule, input).unwrap_err();
        assert_eq!(err.byte_offset(), offset, "{rule:?} {input:?}: {err}");
        assert_eq!(err.component(), component, "{rule:?} {input:?}: {err}");
        assert_eq!(err.rule(), Some(error_rule), "{rule:?} {input:?}: {err}");
        assert!(err.message().contains(words), "{rule:?} {input:?}: {err}");
        assert_eq!(err.target(), rfc3987::grammar::abnf_name(rule));
    }
    // A host that could be an IPv4 address or a reg-name is explained as the reg-name: after
    // "1.2.3.4" a space fits neither, and the reg-name holds every IPv4 address.
    let err = Iri::parse("http://1.2.3.4 ").unwrap_err();
    assert_eq!(err.byte_offset(), 14);
    assert_eq!(err.rule(), Some("ireg-name"));
}

/// Readings a reviewer found wrong in the first version, each with its reason.
#[test]
fn component_and_words_of_edge_cases() {
    use rfc3987::grammar::{check, matches, Rule};
    use rfc3987::{validate, StartSymbol};
    // After "80" a port or a userinfo could go on; "|" fits neither and no "@" follows, so the
    // reader meant the port (RFC 3986 Appendix B, §3.2).
    let err = Iri::parse("http://a:80|/").unwrap_err();
    assert_eq!(
        (err.byte_offset(), err.component()),
        (11, Some(SyntaxComponent::Port))
    );
    // "cafe:80:90" is not an IPv6 address (three groups, no "::"): a port, not brackets.
    let err = Iri::parse("http://cafe:80:90/").unwrap_err();
    assert_eq!(err.component(), Some(SyntaxComponent::Port));
    // A scheme checked alone says nothing of relative references.
    let err = check(Rule::scheme, "a:").unwrap_err();
    assert_eq!(err.byte_offset(), 1);
    assert!(!err.message().contains("relative"), "{err}");
    // A host alone has no userinfo, so an "@" in it is not "a second '@'".
    let err = check(Rule::ihost, "a@b").unwrap_err();
    assert_eq!(err.byte_offset(), 1);
    assert!(!err.message().contains("second"), "{err}");
    // "1." then ".": a dec-octet is missing, in an IPv4address checked alone.
    let err = check(Rule::IPv4address, "1..").unwrap_err();
    assert_eq!((err.byte_offset(), err.rule()), (2, Some("IPv4address")));
    // The brackets belong to IP-literal, not to IPv6address.
    let err = check(Rule::IPv6address, "[::1]").unwrap_err();
    assert_eq!(err.byte_offset(), 0);
    assert!(err.message().contains("brackets"), "{err}");
    // pct-encoded alone: "z" is not a hex digit.
    let err = check(Rule::pct_encoded, "%zz").unwrap_err();
    assert_eq!(err.byte_offset(), 1);
    assert!(err.message().contains("two hexadecimal digits"), "{err}");
    // After an IPv4 address that ends an IPv6 address, nothing but "]" may come.
    let err = check(Rule::IP_literal, "[::1.2.3.4:]").unwrap_err();
    assert_eq!(err.byte_offset(), 10);
    assert!(err.message().contains("nothing may follow"), "{err}");
    // "256" cannot start an IPv4 address; the "." is where that shows.
    let err = check(Rule::IP_literal, "[::256.1.1.1]").unwrap_err();
    assert_eq!(err.byte_offset(), 6);
    assert!(err.message().contains("`256` is not a dec-octet"), "{err}");
    // A URI symbol: a character that is not ASCII is that, even where the IRI grammar would
    // also refuse it (iprivate outside the query).
    let err = validate("http://a/\u{E000}", StartSymbol::Uri).unwrap_err();
    assert_eq!((err.kind(), err.byte_offset()), (ParseErrorKind::NotAscii, 9));
    // §4.1 after an earlier syntax error: the component is where RFC 3986 Appendix B puts the
    // character ("ht tp" is read as the scheme, "a" as the host, "/…" as the path).
    let err = IriRef::parse("ht tp://a/\u{200E}").unwrap_err();
    assert_eq!(err.kind(), ParseErrorKind::BidiFormattingCharacter);
    assert_eq!(err.component(), Some(SyntaxComponent::Path));
    // pest's EOI, a variant of Rule, matches the empty input only.
    assert!(matches(Rule::EOI, "") && !matches(Rule::EOI, "a"));
}

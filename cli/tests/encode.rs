//! `iri encode COMPONENT TEXT` and `iri decode COMPONENT TEXT`: the per-component
//! percent-encoding of `iri build`. Expected values are reasoned from the rules of RFC 3987
//! §2.2 (and RFC 3986 §2, §3) beside each case.

use crate::common;

use serde_json::json;

use common::{iri, iri_stdin, json_lines, stdout};

/// Runs `iri encode` or `iri decode` on one text; (exit status, stdout without its newline).
fn run(command: &str, component: &str, text: &str) -> (Option<i32>, String) {
    let out = iri(&[command, component, "--", text]);
    let text = stdout(&out);
    (
        out.status.code(),
        text.strip_suffix('\n').unwrap_or(&text).to_string(),
    )
}

#[test]
fn encode_keeps_what_the_component_allows() {
    let cases = [
        // isegment = *ipchar, ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@":
        // "/" would end the segment and the space is allowed nowhere (RFC 3986 §2).
        ("segment", "a/b c", "a%2Fb%20c"),
        // ucschar is in iunreserved: an IRI keeps "é" (RFC 3987 §2.2, §7.4 example).
        ("segment", "résumé.html", "résumé.html"),
        ("segment", "a:b@c;d", "a:b@c;d"),
        // "%" itself is always encoded as %25 (RFC 3986 §2.4).
        ("segment", "100%", "100%25"),
        // iquery adds "/" and "?" (and iprivate) to ipchar; "#" would start the fragment.
        ("query", "a=1&b=/?x#y", "a=1&b=/?x%23y"),
        ("query", "\u{E000}", "\u{E000}"),
        // A name or value of an &/= query: "&" and "=" would split it ("+" and ";" too, which
        // some readers take for a space and a separator).
        ("query-part", "a&b=c+d;e", "a%26b%3Dc%2Bd%3Be"),
        // ifragment = *( ipchar / "/" / "?" ): no iprivate (U+E000 is EE 80 80 in UTF-8).
        ("fragment", "a#b/?\u{E000}", "a%23b/?%EE%80%80"),
        // iuserinfo keeps ":" (user:password), "@" would end it.
        ("userinfo", "user@host:pw", "user%40host:pw"),
        // ireg-name has no ":" (it would start the port) and no "@".
        ("reg-name", "a:b@c.example", "a%3Ab%40c.example"),
        // RFC 3987 §4.1: U+200F (RLM, E2 80 8F) must not appear in an IRI: always encoded.
        ("segment", "a\u{200F}", "a%E2%80%8F"),
    ];
    for (component, text, expected) in cases {
        assert_eq!(
            run("encode", component, text),
            (Some(0), expected.to_string()),
            "encode {component} {text:?}"
        );
    }
}

#[test]
fn decode_checks_the_rule_then_decodes() {
    let cases = [
        // RFC 3986 §2.1: each %HH is one octet; the octets are UTF-8 (RFC 3987 §3.2).
        ("segment", "a%2Fb%20c", "a/b c"),
        ("segment", "r%C3%A9sum%C3%A9", "résumé"),
        ("reg-name", "%41.example", "A.example"),
        ("fragment", "%23top", "#top"),
        // "&" and "=" belong to iquery (sub-delims): a whole query keeps them.
        ("query", "a=b&c", "a=b&c"),
        ("query-part", "a%26b%3Dc", "a&b=c"),
        // RFC 3986 gives "+" no meaning: it stays "+" (HTML forms' "+" for space is not
        // applied).
        ("query-part", "a+b", "a+b"),
    ];
    for (component, text, expected) in cases {
        assert_eq!(
            run("decode", component, text),
            (Some(0), expected.to_string()),
            "decode {component} {text:?}"
        );
    }
}

/// Text that the component cannot hold as it stands is an error at its column, never
/// decoded: the error line in place, exit 1.
#[test]
fn decode_refuses_what_the_rule_refuses() {
    let cases = [
        // "/" is not an ipchar: it ends a segment. Column 2.
        ("segment", "a/b", "<args>:1:2: invalid isegment"),
        // "@" ends the userinfo. Column 2.
        ("userinfo", "a@b", "<args>:1:2: invalid iuserinfo"),
        // pct-encoded = "%" HEXDIG HEXDIG: "z" at column 2 is not a hex digit.
        ("fragment", "%zz", "<args>:1:2: invalid ifragment"),
        // A query part cannot hold the delimiter "=" (column 2) unencoded.
        ("query-part", "a=b", "<args>:1:2: invalid query part"),
        // RFC 3987 §4.1: no RLM (U+200F), even though ucschar's ranges take it (column 2).
        ("fragment", "a\u{200F}", "<args>:1:2: invalid ifragment"),
        // The grammar decides first: "?" (column 2) ends a segment before the RLO after it.
        ("segment", "a?\u{202E}", "<args>:1:2: invalid isegment"),
        // %E9 starts a three-octet UTF-8 sequence, but "s" follows: not UTF-8 (the "%" is at
        // column 2); no legacy charset is guessed.
        (
            "segment",
            "r%E9sum%E9",
            "<args>:1:2: %E9 does not decode to UTF-8",
        ),
        // A decoded line break would break the one line per input (column 2, the "%").
        ("segment", "a%0Ab", "<args>:1:2: it decodes to a line break"),
    ];
    for (component, text, start) in cases {
        let (status, line) = run("decode", component, text);
        assert_eq!(status, Some(1), "decode {component} {text:?}");
        assert!(line.starts_with(start), "decode {component} {text:?}: {line}");
    }
    // With --json the line break is escaped, so it is not an error.
    let out = iri(&["decode", "--json", "segment", "a%0Ab"]);
    assert_eq!(json_lines(&out), [json!({"input": "a%0Ab", "output": "a\nb"})]);
}

/// decode(encode(text)) is the text, for every component: what encode writes always matches
/// the component's rule.
#[test]
fn decode_undoes_encode() {
    let texts = "a/b c\n100%\nrésumé\nq=a&b;c+d\n#?@:[]\n\u{E000}\u{200F}x\n\n";
    for component in [
        "userinfo",
        "reg-name",
        "segment",
        "query",
        "query-part",
        "fragment",
    ] {
        let encoded = iri_stdin(&["encode", component], texts.as_bytes());
        assert_eq!(encoded.status.code(), Some(0), "{component}");
        let decoded = iri_stdin(&["decode", component], &encoded.stdout);
        assert_eq!(
            decoded.status.code(),
            Some(0),
            "{component}: {}",
            stdout(&decoded)
        );
        assert_eq!(stdout(&decoded), texts, "{component}");
    }
}

//! The `iri` tool, run as a user runs it. Expected outputs are reasoned from the RFC text beside
//! each case.

use crate::common;

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use common::{iri, iri_stdin, json_lines, stderr, stdout};

/// RFC 3986 §3 names the parts of `foo://example.com:8042/over/there?name=ferret#nose`: scheme
/// "foo", authority "example.com:8042", path "/over/there", query "name=ferret", fragment "nose";
/// §3.2 splits the authority into host "example.com" and port "8042". The keys come in the
/// order the issue fixes, so the line is compared as text.
#[test]
fn parse_json_gives_components_in_order() {
    let out = iri(&[
        "parse",
        "--json",
        "foo://example.com:8042/over/there?name=ferret#nose",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        concat!(
            r#"{"input":"foo://example.com:8042/over/there?name=ferret#nose","valid":true,"#,
            r#""scheme":"foo","authority":"example.com:8042","userinfo":null,"host":"example.com","#,
            r#""host_kind":"reg-name","port":"8042","path":"/over/there","query":"name=ferret","#,
            r#""fragment":"nose"}"#,
            "\n"
        )
    );
}

/// Components as written: userinfo before "@", the IP-literal host with its brackets, the port
/// digits; a relative reference has no scheme; RFC 3986 §1.1.2 `mailto:` has a path and no
/// authority.
#[test]
fn parse_json_values_as_written() {
    let out = iri(&[
        "parse",
        "--json",
        "http://us%20er@[2001:db8::7]:0080/p?",
        "mailto:John.Doe@example.com",
        "//résumé.example.org#",
    ]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["userinfo"], "us%20er");
    assert_eq!(lines[0]["host"], "[2001:db8::7]");
    assert_eq!(lines[0]["host_kind"], "ipv6");
    assert_eq!(lines[0]["port"], "0080");
    assert_eq!(lines[0]["query"], "");
    assert_eq!(lines[0]["fragment"], Value::Null);
    assert_eq!(lines[1]["authority"], Value::Null);
    assert_eq!(lines[1]["path"], "John.Doe@example.com");
    assert_eq!(lines[2]["scheme"], Value::Null);
    assert_eq!(lines[2]["host"], "résumé.example.org");
    assert_eq!(lines[2]["path"], "");
    assert_eq!(lines[2]["fragment"], "");
}

/// RFC 3986 §3.2.2: a host that matches IPv4address is IPv4; dec-octet stops at 255, has no
/// leading zero and there are exactly four, otherwise the host is a reg-name.
#[test]
fn parse_json_host_kinds() {
    let cases = [
        ("http://192.168.0.1/", "ipv4"),
        ("http://1.2.3.256/", "reg-name"),
        ("http://1.2.3.4.5/", "reg-name"),
        ("http://01.2.3.4/", "reg-name"),
        ("http://[::1]/", "ipv6"),
        ("http://[v7.x]/", "ipvfuture"),
    ];
    let inputs: Vec<&str> = cases.iter().map(|c| c.0).collect();
    let out = iri(&[&["parse", "--json", "--"], &inputs[..]].concat());
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    // One object per input: `zip` below would stop silently at the shorter side.
    assert_eq!(lines.len(), cases.len(), "{}", stdout(&out));
    for (line, (input, kind)) in lines.iter().zip(cases) {
        assert_eq!(line["input"], input);
        assert_eq!(line["host_kind"], kind, "{input}");
    }
}

/// An invalid input: byte offset 0-based, column 1-based in characters. In `http://例え/a b` the
/// space follows 7 + 6 + 2 bytes ("例え" is six bytes in UTF-8) and 7 + 2 + 2 characters; it is
/// in the path, whose segments are `isegment` (RFC 3987 §2.2). The exit status is 1 because one
/// input is invalid.
#[test]
fn parse_json_error_object() {
    let out = iri(&["parse", "--json", "http://a/", "http://例え/a b"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], true);
    let error = &lines[1]["error"];
    assert_eq!(lines[1]["input"], "http://例え/a b");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(error["byte_offset"], 15);
    assert_eq!(error["column"], 12);
    assert_eq!(error["component"], "path");
    assert_eq!(error["rule"], "isegment");
    // After "a" a segment may go on, or "/", "?", "#" come, or the input end.
    assert_eq!(
        error["expected"],
        json!(["\"/\"", "isegment", "\"?\"", "\"#\"", "end of input"])
    );
    assert!(error["message"].as_str().unwrap().contains("U+0020"), "{error}");
    assert!(error["message"].as_str().unwrap().contains("%20"), "{error}");
    let keys: Vec<&String> = lines[1].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["input", "valid", "error"]);
    let keys: Vec<&String> = error.as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "byte_offset",
            "column",
            "component",
            "rule",
            "expected",
            "message"
        ]
    );
}

/// RFC 3987 §4.1: U+202E (RLO) is a bidi formatting character an IRI MUST NOT contain; it sits
/// at byte 9 of `http://a/\u{202E}x`.
#[test]
fn parse_rejects_bidi_formatting_characters() {
    let out = iri(&["parse", "--json", "http://a/\u{202E}x"]);
    assert_eq!(out.status.code(), Some(1));
    let error = &json_lines(&out)[0]["error"];
    assert_eq!(error["byte_offset"], 9);
    assert!(error["message"].as_str().unwrap().contains("§4.1"), "{error}");
}

/// Stdin: one input per line, CRLF or LF, a line that is not UTF-8 reported (0xFF never occurs
/// in UTF-8) with the offset of the bad byte, and the other lines still parsed.
#[test]
fn parse_reads_stdin_lines_as_bytes() {
    let out = iri_stdin(&["parse", "--json"], b"a:b\r\nc:\xC3\xA9\xFF\n\nhttp://x/\n");
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["input"], "a:b");
    assert_eq!(lines[0]["path"], "b");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["byte_offset"], 4);
    assert_eq!(lines[1]["error"]["column"], 4);
    assert!(lines[1]["error"]["message"].as_str().unwrap().contains("0xFF"));
    // The empty line is the empty relative reference (RFC 3986 §4.2, ipath-empty).
    assert_eq!(
        lines[2],
        json!({"input": "", "valid": true, "scheme": null, "authority": null,
        "userinfo": null, "host": null, "host_kind": null, "port": null, "path": "", "query": null,
        "fragment": null})
    );
    assert_eq!(lines[3]["host"], "x");
}

/// The readable listing names each component, the host kind and the ipath rule (RFC 3987 §2.2:
/// after an authority the path is ipath-abempty; `urn:x` has ipath-rootless).
#[test]
fn parse_listing() {
    let out = iri(&["parse", "http://[::1]:8080/a?q", "urn:x"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    for expected in [
        "http://[::1]:8080/a?q\n",
        "  host       [::1] (ipv6)\n",
        "  port       8080\n",
        "  path       /a (ipath-abempty)\n",
        "  query      q\n",
        "urn:x\n",
        "  path       x (ipath-rootless)\n",
    ] {
        assert!(text.contains(expected), "{expected:?} not in\n{text}");
    }
    assert!(!text.contains("fragment"), "{text}");
}

/// `--tree`: IRI = scheme ":" ihier-part, and ihier-part = ipath-rootless here, whose first
/// segment is an isegment-nz (RFC 3987 §2.2).
#[test]
fn parse_tree() {
    let out = iri(&["parse", "--tree", "a:b"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "IRI-reference 0..3 \"a:b\"\n  IRI 0..3 \"a:b\"\n    scheme 0..1 \"a\"\n    \
         ihier-part 2..3 \"b\"\n      ipath-rootless 2..3 \"b\"\n        isegment-nz 2..3 \"b\"\n"
    );
}

/// Exit status 2 for usage errors: an unknown option, and --json with --tree.
#[test]
fn usage_errors_exit_2() {
    assert_eq!(iri(&["parse", "--bogus"]).status.code(), Some(2));
    assert_eq!(iri(&["parse", "--json", "--tree", "a:b"]).status.code(), Some(2));
    assert_eq!(iri(&[]).status.code(), Some(2));
    assert_eq!(iri(&["compare", "a:b"]).status.code(), Some(2));
}

/// `--help` teaches: examples for every command, and the JSON shape of `parse --json`.
#[test]
fn help_has_examples() {
    let top = stdout(&iri(&["--help"]));
    for command in [
        "parse",
        "check",
        "normalize",
        "compare",
        "resolve",
        "relativize",
        "to-uri",
        "to-iri",
        "lint",
        "encode",
        "decode",
        "build",
        "show",
    ] {
        assert!(
            top.contains(&format!("iri {command} ")),
            "no example of {command}:\n{top}"
        );
    }
    let parse = stdout(&iri(&["parse", "--help"]));
    assert!(parse.contains("\"host_kind\""), "{parse}");
    assert!(parse.contains("byte_offset"), "{parse}");
}

/// `iri normalize` (RFC 3987 §5.3.2 and §5.3.3): case, percent-encoding and dot segments; the
/// default port of http dropped at the scheme level only; a path never becomes an authority;
/// invalid UTF-8 octets stay encoded; an empty query is kept.
#[test]
fn normalize() {
    let out = iri(&[
        "normalize",
        "HTTP://www.EXAMPLE.com:80/a/./b/../%7euser",
        "foo:.///bar",
        "a:%F9%A8%8E%80",
        "http://example.com/?",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://www.example.com/a/~user\nfoo:/.//bar\na:%F9%A8%8E%80\nhttp://example.com/?\n"
    );
    let out = iri(&[
        "normalize",
        "--level",
        "syntax",
        "--json",
        "http://example.com:80",
    ]);
    assert_eq!(
        stdout(&out),
        "{\"input\":\"http://example.com:80\",\"output\":\"http://example.com:80\"}\n"
    );
    let out = iri(&["normalize", "--json", "a b"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"]["column"], 2);
}

/// RFC 3987 §5.3.2.3 decodes `iunreserved` only: an encoded `iprivate` (U+E000, EE 80 80)
/// stays encoded, in the query too, and is not equivalent to the character itself.
#[test]
fn normalize_iprivate() {
    let out = iri(&["normalize", "--level", "syntax", "?%EE%80%80"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "?%EE%80%80\n");
    let out = iri(&["compare", "--level", "syntax", "?%EE%80%80", "?\u{E000}"]);
    assert_eq!(out.status.code(), Some(1));
}

/// RFC 3987 §5.3.2.1 lowercases a US-ASCII only host: `EXAMPLE.com` is lowercased, `α.CoM`
/// keeps its case at the syntax level, and `--idn` (§5.3.3, UTS #46) folds it.
#[test]
fn normalize_mixed_hosts() {
    let out = iri(&[
        "normalize",
        "--level",
        "syntax",
        "http://\u{3B1}.CoM/",
        "HTTP://EXAMPLE.com/",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://\u{3B1}.CoM/\nhttp://example.com/\n");
    let out = iri(&["normalize", "--idn", "http://\u{3B1}.CoM/"]);
    assert_eq!(stdout(&out), "http://\u{3B1}.com/\n");
    let out = iri(&[
        "compare",
        "--level",
        "syntax",
        "http://\u{3B1}.CoM/",
        "http://\u{3B1}.com/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let out = iri(&["compare", "--idn", "http://\u{3B1}.CoM/", "http://\u{3B1}.com/"]);
    assert_eq!(out.status.code(), Some(0));
}

/// `--nfc` composes "e" + U+0301 into "é" (§5.3.2.2); `--idn` maps an A-label host to Unicode
/// (§5.3.3: "xn--rsum-bpad" is the Punycode of "résumé").
#[test]
fn normalize_nfc_and_idn() {
    let out = iri(&["normalize", "--nfc", "http://a/re\u{301}sume\u{301}"]);
    assert_eq!(stdout(&out), "http://a/r\u{e9}sum\u{e9}\n");
    let out = iri(&["normalize", "--idn", "http://xn--rsum-bpad.example.org/"]);
    assert_eq!(stdout(&out), "http://résumé.example.org/\n");
}

/// `iri compare`: RFC 3987 §5.3.2.3 makes `r%C3%A9sum%C3%A9` and `résumé` equivalent at the
/// syntax level; §5.3.1 simple comparison tells `%7e` and `~` apart; §5.1 fragments excluded.
#[test]
fn compare() {
    let out = iri(&[
        "compare",
        "http://example.org/r%C3%A9sum%C3%A9",
        "http://example.org/résumé",
    ]);
    assert_eq!(
        (out.status.code(), stdout(&out).as_str()),
        (Some(0), "equivalent\n")
    );
    let out = iri(&[
        "compare",
        "--level",
        "simple",
        "--json",
        "http://a/%7e",
        "http://a/~",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "{\"a\":\"http://a/%7e\",\"b\":\"http://a/~\",\"equivalent\":false}\n"
    );
    assert_eq!(
        iri(&["compare", "http://a/#x", "http://a/#y"]).status.code(),
        Some(1)
    );
    let out = iri(&["compare", "--exclude-fragment", "http://a/#x", "http://a:80/#y"]);
    assert_eq!(out.status.code(), Some(0));
    // An operand that is not an IRI-reference: exit 2, its error line in place of the answer
    // (B is the second argument; the space is its second character).
    let out = iri(&["compare", "a", "a b"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).starts_with("<args>:2:2: invalid IRI-reference, in the path: "),
        "{}",
        stdout(&out)
    );
}

/// `iri resolve`, with RFC 3986 §5.4.1 normal examples against `http://a/b/c/d;p?q`, the strict
/// §5.2.2 reading of `http:g`, and the "/." prefix that keeps `//` a path (issue: base `a:/`
/// with `/.//.` gives `a:/.//`).
#[test]
fn resolve() {
    let out = iri(&[
        "resolve",
        "--base",
        "http://a/b/c/d;p?q",
        "g:h",
        "../../g",
        "?y",
        "#s",
        "http:g",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "g:h\nhttp://a/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp:g\n"
    );
    let out = iri_stdin(&["resolve", "--base", "a:/", "--json"], b"/.//.\n");
    assert_eq!(
        stdout(&out),
        "{\"input\":\"/.//.\",\"base\":\"a:/\",\"output\":\"a:/.//\"}\n"
    );
    // The base must be an IRI (RFC 3986 §5.1: it has a scheme).
    let out = iri(&["resolve", "--base", "b/c", "g"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("iri: --base: invalid IRI"),
        "{}",
        stderr(&out)
    );
    // An invalid reference: exit 1, its error line in its place, the others still resolved.
    let out = iri(&["resolve", "--base", "http://a/", "a b", "g"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with("<args>:1:2: invalid IRI-reference"), "{text}");
    assert!(text.ends_with("\nhttp://a/g\n"), "{text}");
}

/// `iri parse ... | head -1`: the reader goes away; the tool stops quietly, without a panic.
#[test]
fn broken_pipe_is_quiet() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(["parse", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = b"http://example.org/a/b/c?q#f\n".repeat(1000);
        for _ in 0..200 {
            if stdin.write_all(&line).is_err() {
                break;
            }
        }
    });
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // stdout is dropped here: the pipe is closed.
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(status.code(), Some(0), "{err}");
}

/// `iri to-uri` (RFC 3987 §3.1): the RFC's examples, with and without ToASCII; a rejected label
/// is named in the JSON error; exit 1 when an input fails.
#[test]
fn to_uri() {
    let out = iri(&[
        "to-uri",
        "http://www.example.org/red%09rosé#red",
        "http://résumé.example.org",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://www.example.org/red%09ros%C3%A9#red\nhttp://r%C3%A9sum%C3%A9.example.org\n"
    );
    let out = iri(&[
        "to-uri",
        "--idna",
        "--json",
        "http://résumé.example.org",
        "http://a_b.example/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(
        lines[0],
        json!({"input": "http://résumé.example.org", "output": "http://xn--rsum-bpad.example.org"})
    );
    assert_eq!(lines[1]["error"]["label"], "a_b");
    assert!(lines[1]["error"]["message"].as_str().unwrap().contains("ToASCII"));
}

/// Lenient input: trimmed, the space percent-encoded, and with --split one reference per run of
/// spaces (2011 IRI-processing draft §4), printed on the input's line separated by one space;
/// without --lenient the space is an error, at column 21 (20 characters before it).
#[test]
fn to_uri_lenient() {
    let out = iri(&["to-uri", "--lenient", " http://example.org/a b\t"]);
    assert_eq!(stdout(&out), "http://example.org/a%20b\n");
    let out = iri(&[
        "to-uri",
        "--lenient",
        "--split",
        "http://a/  http://b/é",
        "",
        "c:d",
    ]);
    assert_eq!(stdout(&out), "http://a/ http://b/%C3%A9\n\nc:d\n");
    let out = iri(&["to-uri", "http://example.org/a b"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("<args>:1:21: ") && text.contains("U+0020"),
        "{text}"
    );
    // A reference of a split line that fails: its position counts in the whole line. In
    // "a:b  c:%zz" the reference "c:%zz" starts at byte 5; its "%" (byte 2 in it) must be
    // followed by a hex digit (pct-encoded, RFC 3986 §2.1), so the error is at the "z", byte 3
    // in it: byte 8, column 9 of the line.
    let out = iri(&["to-uri", "--lenient", "--split", "--json", "a:b  c:%zz"]);
    assert_eq!(out.status.code(), Some(1));
    let error = &json_lines(&out)[0]["error"];
    assert_eq!((&error["byte_offset"], &error["column"]), (&json!(8), &json!(9)));
}

/// --encoding: stdin in ISO-8859-1 (0xE9 is "é"), decoded before step 2 (§3.1 step 1b); the
/// HTTP query special case with Shift_JIS (日 is 0x93 0xFA, 本 is 0x96 0x7B).
#[test]
fn to_uri_legacy_charsets() {
    let out = iri_stdin(
        &["to-uri", "--encoding", "iso-8859-1"],
        b"http://example.org/r\xE9sum\xE9\n",
    );
    assert_eq!(stdout(&out), "http://example.org/r%C3%A9sum%C3%A9\n");
    let out = iri(&[
        "to-uri",
        "--query-charset",
        "shift_jis",
        "http://example.jp/日本?q=日本",
    ]);
    assert_eq!(
        stdout(&out),
        "http://example.jp/%E6%97%A5%E6%9C%AC?q=%93%FA%96%7B\n"
    );
    assert_eq!(
        iri(&["to-uri", "--query-charset", "klingon", "a:b"])
            .status
            .code(),
        Some(2)
    );
}

/// `iri to-iri` (RFC 3987 §3.2.1 examples): Dürst decoded, %FC kept, U+202E kept encoded, the
/// xn-- label converted only with --idn-unicode; an input that is no IRI-reference is an error.
#[test]
fn to_iri() {
    let out = iri(&[
        "to-iri",
        "http://www.example.org/D%C3%BCrst",
        "http://www.example.org/D%FCrst",
        "http://xn--99zt52a.example.org/%e2%80%ae",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\nhttp://xn--99zt52a.example.org/%E2%80%AE\n"
    );
    let out = iri(&[
        "to-iri",
        "--idn-unicode",
        "--json",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://é/a b",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["output"], "http://納豆.example.org/%E2%80%AE");
    // "http://é/a b": the space is the error, at byte 11 ("é" is two bytes), in the path.
    assert_eq!(lines[1]["error"]["byte_offset"], 11);
    assert_eq!(lines[1]["error"]["component"], "path");
}

/// `iri to-iri` takes IRIs (issue 23): §3.2 works on percent-encoded octets, the ASCII parts
/// of any IRI, so a list of URIs and IRIs converts line by line. "ü" stays, its encoding
/// "%C3%BC" is decoded (U+00FC is a ucschar allowed in a segment); an IRI without
/// percent-encodings is unchanged; "%FC" alone is no UTF-8 and stays (step 3).
#[test]
fn to_iri_takes_iris() {
    let out = iri_stdin(
        &["to-iri"],
        "http://example.org/D%C3%BCrst\nhttp://example.org/Dürst/%C3%BC\nhttp://résumé.example.org/\nhttp://é/%FC\n"
            .as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "http://example.org/Dürst\nhttp://example.org/Dürst/ü\nhttp://résumé.example.org/\nhttp://é/%FC\n"
    );
}

/// `iri build` (RFC 3987 §7.4): values encoded per component; `--uri` gives the mapped URI.
#[test]
fn build_from_parts() {
    let out = iri(&[
        "build",
        "--scheme",
        "http",
        "--host",
        "www.example.org",
        "--segment",
        "a/b c",
        "--segment",
        "résumé.html",
    ]);
    assert_eq!(stdout(&out), "http://www.example.org/a%2Fb%20c/résumé.html\n");
    let out = iri(&[
        "build",
        "--scheme",
        "http",
        "--host",
        "www.example.org",
        "--segment",
        "résumé.html",
        "--uri",
    ]);
    assert_eq!(stdout(&out), "http://www.example.org/r%C3%A9sum%C3%A9.html\n");
    let out = iri(&[
        "build",
        "--scheme",
        "ldap",
        "--host",
        "[2001:db8::7]",
        "--query-pair",
        "q=a&b",
    ]);
    assert_eq!(stdout(&out), "ldap://[2001:db8::7]?q=a%26b\n");
    assert_eq!(iri(&["build", "--scheme", "1x"]).status.code(), Some(1));
}

/// The built IRI has exactly the components given. RFC 3986 §3.1: a scheme is `ALPHA *( ALPHA
/// / DIGIT / "+" / "-" / "." )`, so `a/b` and `http://evil/?` are refused (they used to print
/// `a/b://h` and `http://evil/?://h`, references with another scheme); a host's delimiters are
/// percent-encoded (RFC 3986 §3.2.2 reg-name), so it cannot carry a port or a path; a port is
/// digits (§3.2.3).
#[test]
fn build_keeps_each_value_in_its_component() {
    for scheme in ["a/b", "http://evil/?"] {
        let out = iri(&["build", "--scheme", scheme, "--host", "h"]);
        assert_eq!(out.status.code(), Some(1), "{scheme}");
        // The error line in place of the IRI, no IRI.
        let text = stdout(&out);
        assert!(text.starts_with("<args>: invalid scheme"), "{text}");
        assert!(text.contains("§3.1") && text.lines().count() == 1, "{text}");
    }
    let out = iri(&["build", "--scheme", "http", "--host", "evil:80/x@y"]);
    assert_eq!(stdout(&out), "http://evil%3A80%2Fx%40y\n");
    // An IPv4 address given as --host is built as one.
    let out = iri(&[
        "build",
        "--scheme",
        "http",
        "--host",
        "192.0.2.1",
        "--port",
        "8080",
    ]);
    assert_eq!(stdout(&out), "http://192.0.2.1:8080\n");
    for port in ["+80", "8 0", "0x50", "65536", ""] {
        let out = iri(&["build", "--host", "h", "--port", port]);
        assert_eq!(out.status.code(), Some(2), "--port {port:?}");
    }
    // An IPvFuture is used as it is, and must match its rule ("%" is not allowed in it).
    let out = iri(&["build", "--host", "[v7.a%b]"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("IPvFuture"), "{}", stdout(&out));
}

/// `--query-pair NAME` without "=" is a name without a value: `?flag`, not `?flag=`; `NAME=`
/// keeps its empty value; items are joined with "&".
#[test]
fn build_query_name_without_value() {
    let out = iri(&[
        "build",
        "--scheme",
        "http",
        "--host",
        "example.org",
        "--query-pair",
        "flag",
        "--query-pair",
        "k=",
        "--query-pair",
        "a=b=c",
    ]);
    assert_eq!(out.status.code(), Some(0));
    // The value is split at the first "="; the second one is data and encoded.
    assert_eq!(stdout(&out), "http://example.org?flag&k=&a=b%3Dc\n");
    let help = stdout(&iri(&["build", "--help"]));
    assert!(help.contains("without a value"), "{help}");
}

/// `iri build --path` (issue 13): a rootless path after a scheme, RFC 3987 §2.2
/// `ihier-part = ... / ipath-rootless`, whose segment "a@b" keeps "@" (an `ipchar`); each
/// `--segment` is appended with "/" and its own "/" encoded. What was not asked for is refused
/// with the error line in place of the result and exit status 1: nothing at all (it used to print an empty
/// line), a port without a host (it used to print `http://:80`), a host "[::1" that is no IP
/// literal (it used to be the reg-name `%5B%3A%3A1`).
#[test]
fn build_path_and_refusals() {
    let out = iri(&["build", "--scheme", "mailto", "--path", "a@b"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "mailto:a@b\n");
    let out = iri(&["build", "--scheme", "urn", "--path", "isbn:0451450523"]);
    assert_eq!(stdout(&out), "urn:isbn:0451450523\n");
    let out = iri(&["build", "--path", "a b", "--segment", "c/d"]);
    assert_eq!(stdout(&out), "a%20b/c%2Fd\n");
    for (args, says) in [
        (&["build"][..], "nothing to build"),
        (&["build", "--scheme", "http", "--port", "80"], "without a host"),
        (&["build", "--scheme", "http", "--host", "[::1"], "§3.2.2"),
        (
            &["build", "--scheme", "http", "--host", "h", "--path", "a"],
            "ipath-abempty",
        ),
        (&["build", "--path", "a:b"], "ipath-noscheme"),
        // The options are build's input: a bracketed host that is no IP literal is its error.
        (
            &["build", "--host", "[zz]"],
            "neither an IPv6 address nor an IPvFuture",
        ),
    ] {
        let out = iri(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        // The error line stands in place of the result, as every command's does (docs/src/cli.md).
        let text = stdout(&out);
        assert!(
            text.starts_with("<args>: ") && text.contains(says),
            "{args:?}: {text}"
        );
        assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
    }
}

/// `iri build`'s messages name its options, never the library's methods (issue 23): the
/// library says "set it with ipv6()", the tool what to type. An IPv6 address is written in
/// brackets as an IP-literal (RFC 3986 §3.2.2), so `--host ::1` is answered with
/// `--host '[::1]'`; a port or userinfo needs a host (RFC 3987 §2.2 iauthority); a path whose
/// first segment has ":" needs a scheme or "./" (RFC 3986 §4.2).
#[test]
fn build_messages_name_the_options() {
    for (args, says) in [
        (
            &["build", "--scheme", "http", "--host", "::1"][..],
            "--host '[::1]'",
        ),
        (
            &["build", "--scheme", "http", "--host", "[::1"],
            "--host '[2001:db8::7]'",
        ),
        (
            &["build", "--scheme", "http", "--port", "80"],
            "--port was given without a host",
        ),
        (
            &["build", "--userinfo", "u"],
            "one with --host (--host '' for the empty host)",
        ),
        (&["build"], "none of --scheme, --host"),
        (&["build", "--path", "a:b"], "give --scheme, or begin --path with"),
    ] {
        let out = iri(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let text = stdout(&out);
        assert!(text.contains(says), "{args:?}: {text}");
        // No library call: `ipv6()`, `ipvfuture()`, `host("")`.
        assert!(!text.contains("()") && !text.contains("(\""), "{args:?}: {text}");
        let json_args: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        let lines = json_lines(&iri(&json_args));
        let message = lines[0]["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(says) && !message.contains("()"),
            "{args:?}: {message}"
        );
    }
}

/// `iri show`: the §4.1 display form wraps a bidi IRI in LRE … PDF; `--visual` gives the §4.4
/// example 1 visual order ("CDEFGH" as Hebrew letters is shown reversed) with the components
/// under it.
#[test]
fn show_display_form_and_visual_order() {
    let out = iri(&["show", "http://ab.\u{5D2}\u{5D3}.ij/"]);
    assert_eq!(stdout(&out), "\u{202A}http://ab.\u{5D2}\u{5D3}.ij/\u{202C}\n");
    let out = iri(&["show", "--visual", "http://ab.\u{5D2}\u{5D3}\u{5D4}.ij/kl"]);
    assert_eq!(
        stdout(&out),
        "http://ab.\u{5D4}\u{5D3}\u{5D2}.ij/kl\nssss   hhhhhhhhh //\n"
    );
}

/// `--visual` marks by display width (UAX #11): "例え" and "テスト" are wide, two columns a
/// character, so the host `例え.テスト` is 2×2 + 1 + 3×2 = 11 columns of "h"; a combining
/// mark (U+0301) takes no column, so "é" written e + U+0301 gets one "/".
#[test]
fn show_visual_marks_follow_display_width() {
    let out = iri(&["show", "--visual", "http://例え.テスト/", "http://a/e\u{301}"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "http://例え.テスト/\nssss   hhhhhhhhhhh\nhttp://a/e\u{301}\nssss   h /\n"
    );
}

/// `--encoding` with a charset that is not ASCII-compatible is a usage error (exit 2) that
/// names the label: stdin is split into lines at LF bytes before decoding, and in UTF-16 a 0x0A
/// byte can be half of a character (U+0A41 is 41 0A in UTF-16LE). An unknown label too.
#[test]
fn to_uri_refuses_encodings_that_are_not_ascii_compatible() {
    let utf16: Vec<u8> = "http://a/\u{A41}\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    for label in ["utf-16le", "UTF-16BE", "iso-2022-jp"] {
        let out = iri_stdin(&["to-uri", "--encoding", label], &utf16);
        assert_eq!(out.status.code(), Some(2), "{label}");
        assert_eq!(stdout(&out), "", "{label}");
        let err = stderr(&out);
        assert!(
            err.contains(label) && err.contains("not ASCII-compatible"),
            "{err}"
        );
    }
    let out = iri_stdin(&["to-uri", "--encoding", "klingon"], b"a:b\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("klingon"), "{}", stderr(&out));
    // An ASCII-compatible multi-byte charset still works: 日 is 0x93 0xFA in Shift_JIS.
    let out = iri_stdin(&["to-uri", "--encoding", "shift_jis"], b"http://a/\x93\xFA\n");
    assert_eq!(stdout(&out), "http://a/%E6%97%A5\n");
}

/// `\u{XXXX}` escapes of tests/data/*.tsv (`\u{}` is the empty string), as tests/common does.
fn unescape(cell: &str) -> String {
    let mut out = String::new();
    let mut rest = cell;
    while let Some(i) = rest.find("\\u{") {
        out.push_str(&rest[..i]);
        let end = rest[i..].find('}').expect("unterminated escape") + i;
        let hex = &rest[i + 3..end];
        if !hex.is_empty() {
            out.push(char::from_u32(u32::from_str_radix(hex, 16).unwrap()).unwrap());
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The rows of a tests/data table: tab-separated cells, `#` comments and blank lines skipped.
fn table(name: &str) -> Vec<Vec<String>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// Issue 2: "`iri parse --json` gives the right validity and host kind" for every RFC syntax
/// example (tests/data/rfc-syntax-examples.tsv: input, IRI / irelative-ref / invalid, host kind
/// or -) and every IPv6 literal of tests/data/ipv6.tsv (address, valid, note; each as the host
/// of `http://[address]/`), all through one process, one input a line of stdin.
#[test]
fn parse_json_agrees_with_the_data_tables() {
    // (input, valid, host kind, has a scheme) for each row.
    let mut cases: Vec<(String, bool, Option<String>, bool)> = Vec::new();
    for row in table("rfc-syntax-examples.tsv") {
        let (expectation, kind) = (row[1].as_str(), row[2].as_str());
        let kind = (kind != "-").then(|| kind.to_string());
        cases.push((
            unescape(&row[0]),
            expectation != "invalid",
            kind,
            expectation == "IRI",
        ));
    }
    let syntax_rows = cases.len();
    for row in table("ipv6.tsv") {
        let valid = row[1] == "true";
        let input = format!("http://[{}]/", unescape(&row[0]));
        cases.push((input, valid, valid.then(|| "ipv6".to_string()), true));
    }
    assert!(
        syntax_rows > 200 && cases.len() - syntax_rows > 80,
        "tables not read"
    );
    let mut stdin = Vec::new();
    for (input, ..) in &cases {
        assert!(
            !input.contains('\n') && !input.ends_with('\r'),
            "{input:?} is not one line"
        );
        stdin.extend_from_slice(input.as_bytes());
        stdin.push(b'\n');
    }
    let out = iri_stdin(&["parse", "--json"], &stdin);
    assert_eq!(out.status.code(), Some(1), "the tables have invalid rows");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), cases.len());
    for (line, (input, valid, kind, scheme)) in lines.iter().zip(&cases) {
        assert_eq!(line["input"], input.as_str());
        assert_eq!(line["valid"], *valid, "{input:?}: {line}");
        if *valid {
            assert_eq!(line["host_kind"].as_str(), kind.as_deref(), "{input:?}");
            assert_eq!(!line["scheme"].is_null(), *scheme, "{input:?}");
        }
    }
}

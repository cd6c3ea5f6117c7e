//! `iri relativize --base B TARGET...`: RFC 3986 §5.2 read backwards. Each expected reference
//! is derived by hand from the algorithm of §5.2.2 (and the examples of §5.4.1, read from
//! right to left), and every one is resolved back with `iri resolve` to check the round trip
//! resolve(base, relativize(base, t)) == t.

use crate::common;

use serde_json::json;

use common::{iri, iri_stdin, json_lines, stdout};

const BASE: &str = "http://a/b/c/d;p?q";

/// (target, the shortest reference that §5.2.2 resolves against [`BASE`] to it, and why).
const CASES: &[(&str, &str)] = &[
    // §5.4.1 "g" -> http://a/b/c/g: a path without "/" is merged with the base's directory
    // /b/c/ (§5.2.3), one character.
    ("http://a/b/c/g", "g"),
    // §5.4.1 "g/" -> http://a/b/c/g/.
    ("http://a/b/c/g/", "g/"),
    // §5.4.1 "?y": an empty path keeps the base's path, the query is the reference's.
    ("http://a/b/c/d;p?y", "?y"),
    // §5.4.1 "#s": an empty reference keeps path and query; the fragment is the reference's.
    ("http://a/b/c/d;p?q#s", "#s"),
    // §5.4.1 "g?y".
    ("http://a/b/c/g?y", "g?y"),
    // §5.4.1 "../g" -> http://a/b/g: one level up. "/b/g" is as short; of equally short
    // references the relative path comes first (rfc3987::relativize's documented order).
    ("http://a/b/g", "../g"),
    // §5.4.1 "/g" -> http://a/g: two characters, shorter than "../../g".
    ("http://a/g", "/g"),
    // §5.4.1 "//g" -> http://g: another authority, same scheme: a network-path reference.
    ("http://g", "//g"),
    // §5.4.1 "." -> http://a/b/c/: the base's directory itself.
    ("http://a/b/c/", "."),
    // §5.4.1 "g:h" -> g:h: another scheme, so the target is its own reference.
    ("g:h", "g:h"),
    // The same IRI as the base: §5.2.2 with an empty reference gives the base's path and
    // query, and no fragment; so the base itself is the empty reference.
    ("http://a/b/c/d;p?q", ""),
    // "x:y" in the first segment would read as a scheme (§4.2): "./" keeps it a path.
    ("http://a/b/c/x:y", "./x:y"),
];

#[test]
fn rfc3986_examples_read_backwards() {
    let targets: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    let out = iri(&[&["relativize", "--base", BASE, "--"], &targets[..]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    let references: Vec<&str> = text.split_terminator('\n').collect();
    let expected: Vec<&str> = CASES.iter().map(|c| c.1).collect();
    assert_eq!(references, expected);

    // The round trip: resolving each reference against the base gives the target back (the
    // empty reference as a blank line of standard input).
    let stdin: String = references.iter().map(|r| format!("{r}\n")).collect();
    let back = iri_stdin(&["resolve", "--base", BASE], stdin.as_bytes());
    assert_eq!(back.status.code(), Some(0), "{}", stdout(&back));
    // §5.2.2 drops the base's fragment; none of the targets but "#s" has one, and "#s" gets
    // its own.
    assert_eq!(stdout(&back).split_terminator('\n').collect::<Vec<_>>(), targets);
}

/// A target with dot segments cannot be reached (§5.2.2 removes them from every path it
/// resolves: "/./g" resolves to "/g"), a relative target is not an IRI, and both are errors
/// in place; the others are still relativized. --json: the keys of the help.
#[test]
fn unreachable_and_invalid_targets() {
    let out = iri(&["relativize", "--base", BASE, "http://a/./g", "g", "http://a/b/g"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("<args>:1: no reference resolves"), "{text}");
    // "g" has no ":" after a scheme: an IRI needs one (RFC 3987 §2.2), the error at its end.
    assert!(
        lines[1].starts_with("<args>:2:2: invalid IRI, in the scheme"),
        "{text}"
    );
    assert_eq!(lines[2], "../g");

    let out = iri(&[
        "relativize",
        "--json",
        "--base",
        BASE,
        "http://a/b/c/g",
        "http://a/./g",
    ]);
    let lines = json_lines(&out);
    assert_eq!(
        lines[0],
        json!({"input": "http://a/b/c/g", "base": BASE, "output": "g"})
    );
    let keys: Vec<&String> = lines[1].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["input", "base", "error"]);
    // The base must be an IRI: exit 2.
    assert_eq!(
        iri(&["relativize", "--base", "../b", "http://a/"]).status.code(),
        Some(2)
    );
}

/// Issue 23: the shortest reference may need a dot segment in front (RFC 3986 §4.2: a relative
/// path whose first segment is empty is written "./…", or its "//" would read as an authority).
/// Each expectation derived with §5.2.2–§5.2.4 and resolved back with `iri resolve`.
#[test]
fn dot_segment_before_an_empty_first_segment() {
    // (base, target, reference, derivation)
    let cases = [
        // §5.2.3 merges ".///b" below the directory of "/a/": "/a/.///b"; §5.2.4: E moves "/a",
        // B turns "/./" into "/", E moves "/", "/", "/b": "/a///b". 5 characters, against the
        // absolute path "/a///b" (6).
        ("s://ex/a/", "s://ex/a///b", ".///b"),
        // The directory of "/a/b" is "/a/": merged "/a/.//b/c"; §5.2.4: "/a", then B, then
        // "/", "/b", "/c": "/a//b/c". 6 characters, against "/a//b/c" (7).
        ("s://ex/a/b", "s://ex/a//b/c", ".//b/c"),
    ];
    for (base, target, expected) in cases {
        let out = iri(&["relativize", "--base", base, "--", target]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        assert_eq!(stdout(&out), format!("{expected}\n"));
        let back = iri(&["resolve", "--base", base, "--", expected]);
        assert_eq!(stdout(&back), format!("{target}\n"));
    }
}

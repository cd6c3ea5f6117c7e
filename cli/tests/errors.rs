//! The `iri` tool's errors and its per-rule checks, run as a user runs them: `iri check --rule`,
//! `iri parse --tree --rule`, and the bounded listing of a long invalid line. Expected outputs
//! are reasoned from the RFC text beside each case.

use crate::common;

use common::{iri, iri_stdin, stderr, stdout};

/// `--tree --rule`: any ABNF rule, the whole input anchored to it. RFC 3986 §3.2.2: an
/// IPv6address may end with an IPv4address in place of its last two groups (ls32).
#[test]
fn parse_tree_of_any_rule() {
    let out = iri(&["parse", "--tree", "--rule", "IPv6address", "::ffff:192.0.2.1"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "IPv6address 0..16 \"::ffff:192.0.2.1\"\n  h16 2..6 \"ffff\"\n  ls32 7..16 \"192.0.2.1\"\n    \
         IPv4address 7..16 \"192.0.2.1\"\n      dec-octet 7..10 \"192\"\n      dec-octet 11..12 \"0\"\n      \
         dec-octet 13..14 \"2\"\n      dec-octet 15..16 \"1\"\n"
    );
    // A segment cannot hold "/": the error is at it.
    let out = iri(&["parse", "--tree", "--rule", "isegment", "a/b"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("invalid isegment at column 2, in the path"),
        "{}",
        stdout(&out)
    );
    // --rule needs --tree; an unknown rule is a usage error that suggests the closest name.
    assert_eq!(iri(&["parse", "--rule", "ihost", "a"]).status.code(), Some(2));
    let out = iri(&["parse", "--tree", "--rule", "ipv6adress", "::1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean `IPv6address`?"),
        "{}",
        stderr(&out)
    );
}

/// `iri check --rule`: every line against one ABNF rule. `1.2.3.4` and `0.0.0.0` are
/// IPv4addresses; `256.1.1.1` is not (dec-octet is 0 to 255: the error is at the "6", where "25"
/// could still have been a dec-octet); `1.2.3` stops after three dec-octets (the end).
#[test]
fn check_any_rule() {
    let out = iri_stdin(
        &["check", "--rule", "ipv4address"],
        b"1.2.3.4\n256.1.1.1\n1.2.3\n0.0.0.0\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("<stdin>:2:3: invalid IPv4address, in the host: "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("<stdin>:3:6: invalid IPv4address, in the host: "),
        "{text}"
    );
    assert!(
        stderr(&out).contains("4 lines checked as IPv4address: 2 invalid"),
        "{}",
        stderr(&out)
    );
    // --rule and --kind (or --lint) do not go together; an unknown rule lists the rules.
    assert_eq!(
        iri(&["check", "--rule", "ihost", "--kind", "iri"]).status.code(),
        Some(2)
    );
    let out = iri(&["check", "--rule", "host-name"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("ipath-abempty"), "{}", stderr(&out));
}

/// A 5 MB invalid line: the listing shows a window of it, not the whole line.
#[test]
fn long_invalid_lines_are_cut() {
    let line = format!("http://a/{} {}\n", "x".repeat(2_500_000), "y".repeat(2_500_000));
    let out = iri_stdin(&["parse"], line.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.len() < 2_000, "{} bytes", text.len());
    assert!(text.contains("column 2500010, in the path"), "{text}");
    let out = iri_stdin(&["check"], line.as_bytes());
    assert!(stdout(&out).len() < 1_000);
}

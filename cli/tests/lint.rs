//! `iri lint`, run as a user runs it: the JSON contract with local fixes, the whole fixed input
//! shown once per input, and output linear in the input. Expected outputs are reasoned from the
//! RFC text beside each case.

use crate::common;

use serde_json::{json, Value};

use common::{iri, iri_stdin, json_lines, stderr, stdout};

/// `iri lint --json`: one object per input (issue 13), where it came from (`<args>` and its
/// position), then its diagnostics with the keys of issue 5 and the column; `help` is the fix
/// of the span in words. "%7e" (bytes 9–12, column 10) has lowercase hex digits (RFC 3987
/// §5.3.2.1: "%7E") and encodes the unreserved "~" (§5.3.2.3: write "~"); with both fixes the
/// finer one wins (`checks::all_fixes_applied`), so the fixed input is "http://a/~". Warnings
/// alone exit 0.
#[test]
fn json_help_is_the_local_fix() {
    let out = iri(&["lint", "--json", "http://a/%7e"]);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(
        lines,
        [
            json!({"input": "http://a/%7e", "file": "<args>", "line": 1, "diagnostics": [
            {"code": "pct-lowercase-hex", "severity": "warning", "section": "5.3.2.1",
                "span": [9, 12], "column": 10, "message": "%7e has lowercase hex digits",
                "help": "write `%7e` as `%7E`"},
            {"code": "pct-unreserved", "severity": "warning", "section": "5.3.2.3",
                "span": [9, 12], "column": 10,
                "message": "%7e encodes the unreserved character \"~\"",
                "help": "write `%7e` as `~`"},
        ], "not_shown": 0, "fixed": "http://a/~"})
        ]
    );
    let keys: Vec<&String> = lines[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["input", "file", "line", "diagnostics", "not_shown", "fixed"]
    );
    let keys: Vec<&String> = lines[0]["diagnostics"][0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["code", "severity", "section", "span", "column", "message", "help"]
    );
    // No fix: help and fixed are null (§4.2 says what to avoid, not what to write).
    let out = iri(&["lint", "--json", "http://a/\u{5D0}1"]);
    let line = &json_lines(&out)[0];
    assert_eq!(
        (&line["diagnostics"][0]["help"], &line["fixed"]),
        (&Value::Null, &Value::Null)
    );
    // An input without findings still has its object: one per input.
    let out = iri(&["lint", "--json", "http://a/", "http://b/"]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["diagnostics"], json!([]));
    // --codes --json: one object per code (the library's CODES).
    let out = iri(&["lint", "--codes", "--json"]);
    assert_eq!(json_lines(&out).len(), rfc3987::CODES.len());
}

/// §4.1: a bidi formatting character is an error, and its fix is its percent-encoded form
/// (U+200F is E2 80 8F in UTF-8).
#[test]
fn bidi_formatting_character_has_a_fix() {
    let out = iri(&["lint", "--json", "http://a/\u{200F}"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let found = &lines[0]["diagnostics"];
    assert_eq!(found.as_array().unwrap().len(), 1);
    assert_eq!(found[0]["code"], "bidi-formatting-character");
    assert_eq!(found[0]["severity"], "error");
    assert_eq!(found[0]["span"], json!([9, 12]));
    assert_eq!(found[0]["help"], "percent-encode it as `%E2%80%8F`");
    let text = stdout(&iri(&["lint", "http://a/\u{200F}"]));
    assert!(
        text.contains("help: with every fix applied: http://a/%E2%80%8F\n"),
        "{text}"
    );
}

/// §4.1 by analogy (issue 28): U+2067 RIGHT-TO-LEFT ISOLATE (E2 81 A7), which Unicode 6.3
/// added after RFC 3987, is a warning of code `bidi-isolate-character`, in `iri lint` and in
/// `iri check --lint`, at its character column: in "http://a/é" + U+2067 it is byte 11 (é is two
/// bytes) but character 11, column 11 (a byte count would say 12). A warning alone exits 0;
/// the fix percent-encodes it.
#[test]
fn bidi_isolate_is_a_warning_at_its_column() {
    let input = "http://a/\u{E9}\u{2067}";
    let out = iri(&["lint", "--json", input]);
    assert_eq!(out.status.code(), Some(0));
    let line = &json_lines(&out)[0];
    let found = line["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{line}");
    assert_eq!(found[0]["code"], "bidi-isolate-character");
    assert_eq!(found[0]["severity"], "warning");
    assert_eq!(found[0]["section"], "4.1");
    assert_eq!(found[0]["span"], json!([11, 14]));
    assert_eq!(found[0]["column"], 11);
    assert_eq!(found[0]["help"], "percent-encode it as `%E2%81%A7`");
    assert_eq!(line["fixed"], "http://a/\u{E9}%E2%81%A7");
    let text = stdout(&iri(&["lint", input]));
    assert!(
        text.starts_with("warning[bidi-isolate-character]: U+2067 RIGHT-TO-LEFT ISOLATE: "),
        "{text}"
    );
    assert!(text.contains(" --> <args>:1:11\n"), "{text}");
    assert!(text.contains("= note: RFC 3987 §4.1\n"), "{text}");

    // `iri check --lint`: line 2, column 11; the warning is counted and does not fail the run.
    let out = iri_stdin(
        &["check", "--lint"],
        "http://a/\nhttp://a/\u{E9}\u{2067}\n".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with("<stdin>:2:11: warning[bidi-isolate-character]: U+2067 RIGHT-TO-LEFT ISOLATE: "),
        "{text}"
    );
    assert!(
        stderr(&out).contains("        1 bidi-isolate-character\n"),
        "{}",
        stderr(&out)
    );
    // The catalogue lists it as a §4.1 warning.
    let codes = stdout(&iri(&["lint", "--codes"]));
    let listed = codes
        .lines()
        .find(|l| l.starts_with("bidi-isolate-character "))
        .unwrap_or_default();
    assert!(
        listed.contains(" warning ") && listed.contains(" §4.1 "),
        "{codes}"
    );
}

/// Review finding: `iri lint` on "http://example.org/" + "%41" x 20000 took 20 s and 1.2 GB,
/// each diagnostic carrying the whole fixed input. The run of "%41" is one pct-unreserved
/// (§5.3.2.3) with a short help, and the fixed input ("A" x 20000) is printed once.
#[test]
fn long_input_renders_in_linear_size() {
    let input = format!("http://example.org/{}", "%41".repeat(20_000));
    let out = iri(&["lint", &input]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let fixed = format!("http://example.org/{}", "A".repeat(20_000));
    let line = format!("help: with every fix applied: {fixed}\n");
    assert_eq!(text.matches(&line).count(), 1, "{}", &text[..300.min(text.len())]);
    assert_eq!(text.matches("warning[pct-unreserved]").count(), 1);
    // The diagnostic shows a window of the input, not all of it.
    assert!(text.len() < fixed.len() + 2_000, "{} bytes", text.len());

    let out = iri(&["lint", "--json", &input]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let help = &lines[0]["diagnostics"][0]["help"];
    assert!(help.as_str().unwrap().len() < 200, "{help}");

    // 5000 separate findings ("%41/" repeated): each rendered with a bounded window, where the
    // whole input under each would be 5000 x 20 kB.
    let input = format!("http://example.org/{}", "%41/".repeat(5_000));
    let out = iri(&["lint", "--max", "0", &input]);
    let text = stdout(&out);
    assert_eq!(text.matches("warning[pct-unreserved]").count(), 5_000);
    // By default at most 20 per input are shown, and the rest are counted on stderr.
    let out = iri(&["lint", &input]);
    assert_eq!(stdout(&out).matches("warning[pct-unreserved]").count(), 20);
    assert!(stderr(&out).contains("4980 more diagnostics"), "{}", stderr(&out));
    assert!(text.len() < 5_000 * 600 + 2 * input.len(), "{} bytes", text.len());
}

/// A long input is shown around each span, cut with "…" (snapshot, reviewed by reading: the
/// label sits under "%7e", 40 bytes of context each side), and the fixed input, with "~" for
/// "%7e" (§5.3.2.3), follows once.
#[test]
fn long_input_is_windowed() {
    let input = format!("http://example.org/{}%7e{}", "a".repeat(100), "b".repeat(100));
    let out = iri(&["lint", &input]);
    assert_eq!(out.status.code(), Some(0));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("lint@long-input", stdout(&out)));
}

/// `iri lint` renders like rustc (snapshot, reviewed by reading: each diagnostic names its
/// code and section, marks the span under the input and shows the fixed IRI) and exits 1 on an
/// error. Expected findings: RFC 3987 §5.3.2.1 scheme and host case, §5.3.3 default port,
/// §5.3.2.4 dot segment; §4.4 example 8 breaks §4.2 rule 2 twice; "a b" is a syntax error.
#[test]
fn lint_renders_like_rustc() {
    let out = iri(&[
        "lint",
        "HTTP://Example.org:80/a/./b",
        "http://ab.cd.ef/זח1/2טי/ךכ.html",
        "a b",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/../snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("lint@rendering", stdout(&out)));
}

/// Warnings alone exit 0, and 1 with --deny warnings (RFC 3987 §5.3.2.1: "%7e" SHOULD be
/// written with uppercase hex digits, a warning); the JSON shape is tested in lint.rs.
#[test]
fn lint_json_and_deny() {
    assert_eq!(iri(&["lint", "http://a/%7e"]).status.code(), Some(0));
    assert_eq!(
        iri(&["lint", "--deny", "warnings", "http://a/%7e"]).status.code(),
        Some(1)
    );
    assert_eq!(iri(&["lint", "http://a/b"]).stdout.len(), 0);
    let codes = stdout(&iri(&["lint", "--codes"]));
    assert!(
        codes.contains("bidi-rtl-boundary") && codes.contains("§4.2"),
        "{codes}"
    );
}

/// `iri lint --json` gives an invalid input the `error` object every other command gives it
/// (issue 23), beside its diagnostics; a valid input has none. "a b": the space, byte 1 and
/// column 2, is not allowed in the first segment of a relative path (RFC 3987 §2.2
/// `ipath-noscheme`, `isegment-nz-nc`). A line that is not UTF-8 (0xFF never occurs in UTF-8)
/// gets the object of a line that is not UTF-8, as in `iri normalize --json`.
#[test]
fn json_has_the_error_object_of_every_command() {
    let out = iri(&["lint", "--json", "a b", "http://a/"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    let error = &lines[0]["error"];
    assert_eq!(error["byte_offset"], 1, "{}", lines[0]);
    assert_eq!(error["column"], 2);
    assert_eq!(error["component"], "path");
    assert_eq!(error["rule"], "isegment-nz-nc");
    assert_eq!(lines[0]["diagnostics"][0]["code"], "syntax");
    assert!(lines[1].get("error").is_none(), "{}", lines[1]);
    // The same object as another command's, for the same input.
    let normalized = json_lines(&iri(&["normalize", "--json", "a b"]));
    assert_eq!(lines[0]["error"], normalized[0]["error"]);
    let stdin = b"a\xFFb\n";
    let linted = json_lines(&iri_stdin(&["lint", "--json"], stdin));
    let normalized = json_lines(&iri_stdin(&["normalize", "--json"], stdin));
    assert_eq!(linted[0]["error"]["byte_offset"], 1, "{}", linted[0]);
    assert_eq!(linted[0]["error"], normalized[0]["error"]);
}

//! What every `iri` command does the same way (issue 13, items 6 and 7): where inputs come
//! from (INPUTs, `-`, `--file`, standard input), blank lines, one record per input (a JSON
//! object with --json, errors included; a line in text mode, the error line in place of the
//! result), findings labelled with their line, and one format for messages on standard error.

use crate::common;

use serde_json::{json, Value};

use common::{iri, iri_stdin, json_lines, stderr, stdout};

/// Five input lines: a valid IRI, a blank line (the empty string, itself an IRI-reference:
/// RFC 3986 §4.2, a relative reference with an empty path), "a b" (a space is allowed nowhere,
/// RFC 3986 §2: invalid at column 2), a line that is not UTF-8 (0xFF never occurs in UTF-8:
/// invalid at column 1), and a valid relative reference with a dot segment.
const FIVE: &[u8] = b"HTTP://A/x\n\na b\n\xFF\n./c\n";

/// The commands whose result is one line, each with its expected output for [`FIVE`], line by
/// line (`None` where the line is the input's error line).
#[test]
fn text_output_keeps_one_line_per_input_line() {
    let error = None;
    let cases: [(&[&str], [Option<&str>; 5]); 8] = [
        // §5.3.2.1 lowercases scheme and host; "" stays ""; a relative reference keeps its
        // dot segments (§5.3.2.4 removes them from IRIs with a scheme: until a reference is
        // resolved they mean something).
        (
            &["normalize"],
            [Some("http://a/x"), Some(""), error, error, Some("./c")],
        ),
        // RFC 3986 §5.2.2: "" gives the base (no fragment); "./c" merges to /b/c.
        (
            &["resolve", "--base", "http://a/b/d"],
            [
                Some("HTTP://A/x"),
                Some("http://a/b/d"),
                error,
                error,
                Some("http://a/b/c"),
            ],
        ),
        // Only IRIs (with a scheme) are targets: "" and "./c" are errors. Against http://a/
        // the target HTTP://A/x, of another scheme spelling and host case, is itself.
        (
            &["relativize", "--base", "http://a/"],
            [Some("HTTP://A/x"), error, error, error, error],
        ),
        // RFC 3987 §3.1: ASCII stays as it is.
        (
            &["to-uri"],
            [Some("HTTP://A/x"), Some(""), error, error, Some("./c")],
        ),
        // RFC 3987 §3.2: nothing percent-encoded, nothing changes.
        (
            &["to-iri"],
            [Some("HTTP://A/x"), Some(""), error, error, Some("./c")],
        ),
        // §4.1: no right-to-left character, no marks.
        (
            &["show"],
            [Some("HTTP://A/x"), Some(""), error, error, Some("./c")],
        ),
        // isegment: "/" is encoded (it would end the segment), ":" kept, the space encoded.
        (
            &["encode", "segment"],
            [
                Some("HTTP:%2F%2FA%2Fx"),
                Some(""),
                Some("a%20b"),
                error,
                Some(".%2Fc"),
            ],
        ),
        // "/" is not an isegment character, nor is the space: errors; "" decodes to "".
        (&["decode", "segment"], [error, Some(""), error, error, error]),
    ];
    for (args, expected) in cases {
        let out = iri_stdin(args, FIVE);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let text = stdout(&out);
        let lines: Vec<&str> = text.split_terminator('\n').collect();
        // `paste inputs.txt <(iri ...)` lines up: as many output lines as input lines.
        assert_eq!(lines.len(), 5, "{args:?}:\n{text}");
        for (number, (line, expected)) in lines.iter().zip(expected).enumerate() {
            let number = number + 1;
            match expected {
                Some(output) => assert_eq!(*line, output, "{args:?} line {number}"),
                None => assert!(
                    line.starts_with(&format!("<stdin>:{number}:")),
                    "{args:?} line {number}: {line}"
                ),
            }
        }
        // Line 4 is not UTF-8, at its first byte, whatever the command.
        assert!(
            lines[3].starts_with("<stdin>:4:1: the line is not UTF-8: byte 0xFF"),
            "{args:?}: {}",
            lines[3]
        );
        assert_eq!(stderr(&out), "", "{args:?}: nothing about inputs on stderr");
    }
}

/// A stdin line that is not UTF-8 (0xFF never occurs in UTF-8) is an error for that line; the
/// lines before and after it are still checked, and the exit status is 1 (the other commands:
/// `text_output_keeps_one_line_per_input_line`; parse: cli.rs).
#[test]
fn check_continues_after_a_line_that_is_not_utf8() {
    let out = iri_stdin(&["check"], b"http://a/\n\xFFx\nhttp://b/\n");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("<stdin>:2:1: the line is not UTF-8: byte 0xFF"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        stderr(&out).contains("3 lines checked as IRI-reference: 1 invalid"),
        "{}",
        stderr(&out)
    );
}

/// With --json every command prints one object per input, an invalid one included, in input
/// order; the invalid one has `error` with the column ("a b": 2).
#[test]
fn json_gives_one_object_per_input_including_invalid_ones() {
    let stdin = b"http://a/b\na b\nhttp://a/c\n";
    let commands: [&[&str]; 9] = [
        &["parse", "--json"],
        &["normalize", "--json"],
        &["resolve", "--json", "--base", "http://a/x"],
        &["relativize", "--json", "--base", "http://a/x"],
        &["to-uri", "--json"],
        &["to-iri", "--json"],
        &["show", "--json"],
        &["decode", "--json", "fragment"],
        &["show", "--json", "--visual"],
    ];
    for args in commands {
        let out = iri_stdin(args, stdin);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 3, "{args:?}: {}", stdout(&out));
        assert_eq!(lines[1]["error"]["column"], 2, "{args:?}: {}", lines[1]);
        for i in [0, 2] {
            assert!(lines[i].get("error").is_none(), "{args:?}: {}", lines[i]);
        }
    }
    // The values, for the commands that name their input otherwise: RFC 3986 §5.2.2 makes
    // "http://a/b" against http://a/x relative as "b".
    let out = iri_stdin(&["relativize", "--json", "--base", "http://a/x"], stdin);
    assert_eq!(
        json_lines(&out)[0],
        json!({"input": "http://a/b", "base": "http://a/x", "output": "b"})
    );
    let out = iri_stdin(&["resolve", "--json", "--base", "http://a/x"], stdin);
    assert_eq!(json_lines(&out)[1]["input"], "a b");
    // encode takes any text: its only invalid input is a line that is not UTF-8.
    let out = iri_stdin(&["encode", "--json", "segment"], b"a b\n\xFF\n");
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0], json!({"input": "a b", "output": "a%20b"}));
    assert_eq!(lines[1]["error"]["byte_offset"], 0);
}

/// compare and build take no lines, but an invalid operand or part is one object too (it
/// used to print nothing). "bad x": the space is the fourth character.
#[test]
fn json_errors_of_compare_and_build() {
    let out = iri(&["compare", "--json", "bad x", "http://a/"]);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["invalid"], "a");
    assert_eq!(lines[0]["error"]["column"], 4);
    assert_eq!(lines[0]["error"]["component"], "path");
    // RFC 3986 §3.1: a scheme starts with a letter.
    let out = iri(&["build", "--json", "--scheme", "1x"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let message = lines[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains("invalid scheme"), "{message}");
    let out = iri(&[
        "build",
        "--json",
        "--scheme",
        "http",
        "--host",
        "a",
        "--segment",
        "b c",
    ]);
    assert_eq!(json_lines(&out), [json!({"output": "http://a/b%20c"})]);
}

/// check --json: one object per finding (line 2 "a b" at column 2, line 3 not UTF-8 at
/// column 1, line 4 "HTTP://a/" a warning with --lint, §5.3.2.1), then the summary.
#[test]
fn check_json_findings_and_summary() {
    let out = iri_stdin(
        &["check", "--json", "--lint"],
        b"http://a/\na b\n\xFF\nHTTP://a/\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "", "the summary is in the JSON");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4, "{}", stdout(&out));
    let at = |l: &Value| (l["file"].clone(), l["line"].clone(), l["column"].clone());
    assert_eq!(at(&lines[0]), (json!("<stdin>"), json!(2), json!(2)));
    assert_eq!(lines[0]["code"], "syntax");
    assert_eq!(lines[0]["error"]["rule"], "isegment-nz-nc");
    assert_eq!(at(&lines[1]), (json!("<stdin>"), json!(3), json!(1)));
    assert_eq!(at(&lines[2]), (json!("<stdin>"), json!(4), json!(1)));
    assert_eq!(lines[2]["code"], "uppercase-scheme");
    assert_eq!(lines[2]["severity"], "warning");
    assert_eq!(
        lines[3],
        json!({"summary": {"lines": 4, "checked_as": "IRI-reference", "invalid": 2,
            "counts": {"syntax": 2, "uppercase-scheme": 1}}})
    );
}

/// `-` is standard input wherever it stands among the INPUTs, for every command; the other
/// INPUTs keep their positions (`<args>:3` is the third INPUT, `-` counted).
#[test]
fn dash_is_standard_input() {
    let stdin = b"X:Y\n\xFF\n";
    // §5.3.2.1: the scheme is lowercased, the path keeps its case.
    let out = iri_stdin(&["normalize", "HTTP://A/", "-", "a b"], stdin);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[..2], ["http://a/", "x:Y"], "{text}");
    assert!(lines[2].starts_with("<stdin>:2:1: "), "{text}");
    assert!(lines[3].starts_with("<args>:3:2: "), "{text}");
    for args in [
        &["parse", "--json", "-"][..],
        &["to-uri", "--json", "-"],
        &["to-iri", "--json", "-"],
        &["show", "--json", "-"],
        &["resolve", "--json", "--base", "http://a/", "-"],
        &["relativize", "--json", "--base", "http://a/", "-"],
        &["encode", "--json", "query", "-"],
        &["decode", "--json", "query", "-"],
        &["normalize", "--json", "--file", "-"],
    ] {
        let out = iri_stdin(args, stdin);
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 2, "{args:?}: {}", stdout(&out));
        assert!(lines[1]["error"]["message"].as_str().unwrap().contains("0xFF"));
    }
    let out = iri_stdin(&["lint", "--json", "-"], b"HTTP://a/\n");
    assert_eq!(json_lines(&out)[0]["file"], "<stdin>");
    let out = iri_stdin(&["check", "-", "--file", "-"], b"a b\n");
    assert!(stdout(&out).starts_with("<stdin>:1:2: "), "{}", stdout(&out));
}

/// --file PATH, repeatable, read after the INPUTs, its lines labelled `PATH:LINE`; a file that
/// cannot be read is reported on standard error (exit 2) and the others are still read.
#[test]
fn file_option() {
    let dir = std::env::temp_dir().join(format!("iri-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("inputs.txt");
    std::fs::write(&file, "a b\r\nHTTP://A/\n").unwrap();
    let path = file.to_str().unwrap();
    let missing = dir.join("missing.txt");
    let missing = missing.to_str().unwrap();

    let out = iri(&["normalize", "--file", path, "x:y", "--file", path]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(lines[0], "x:y");
    assert!(
        lines[1].starts_with(&format!("{path}:1:2: invalid IRI-reference")),
        "{text}"
    );
    assert_eq!(lines[2], "http://a/");

    for args in [
        &["parse", "--json"][..],
        &["to-uri", "--json"],
        &["to-iri", "--json"],
        &["show", "--json"],
        &["resolve", "--json", "--base", "http://a/"],
        &["relativize", "--json", "--base", "http://a/"],
        &["encode", "--json", "fragment"],
        &["decode", "--json", "fragment"],
        &["lint", "--json"],
    ] {
        let out = iri(&[args, &["--file", missing, "--file", path]].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).starts_with(&format!("iri: {missing}: ")),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(!json_lines(&out).is_empty(), "{args:?}: the next file is read");
    }
    let out = iri(&["check", "--file", path]);
    assert!(
        stdout(&out).starts_with(&format!("{path}:1:2: ")),
        "{}",
        stdout(&out)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `iri lint` labels each finding with where its input came from: `--> <stdin>:LINE:COLUMN`
/// and LINE in the margin; with --json, `file` and `line`. Line 3 "HTTP://a/" has an
/// uppercase scheme (RFC 3987 §5.3.2.1) at column 1.
#[test]
fn lint_labels_findings_with_their_line() {
    let stdin = b"http://a/\n\nHTTP://a/\n";
    let out = iri_stdin(&["lint"], stdin);
    let text = stdout(&out);
    assert!(text.contains(" --> <stdin>:3:1\n"), "{text}");
    assert!(text.contains("\n3 | HTTP://a/\n"), "{text}");
    assert!(!text.contains("1 |"), "lines 1 and 2 have no findings:\n{text}");
    let out = iri_stdin(&["lint", "--json"], stdin);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "one object per input");
    assert_eq!(
        (&lines[2]["file"], &lines[2]["line"]),
        (&json!("<stdin>"), &json!(3))
    );
    assert_eq!(lines[2]["diagnostics"][0]["column"], 1);
    assert_eq!(
        (&lines[0]["diagnostics"], &lines[1]["diagnostics"]),
        (&json!([]), &json!([]))
    );
    // Arguments are labelled by position: "a b" is the second INPUT, its space at column 2.
    let out = iri(&["lint", "http://a/", "a b"]);
    assert!(stdout(&out).contains(" --> <args>:2:2\n"), "{}", stdout(&out));
    // A long input is shown in a window; the location still counts in the whole input: 19
    // characters of "http://example.org/" and 100 "a" come before "%7e".
    let long = format!("http://example.org/{}%7e{}", "a".repeat(100), "b".repeat(100));
    let out = iri_stdin(&["lint"], format!("\n{long}\n").as_bytes());
    assert!(stdout(&out).contains(" --> <stdin>:2:120\n"), "{}", stdout(&out));
    // --max: the count of the rest names the input too. "HTTP://A/" has two findings, its
    // scheme's and its host's case (§5.3.2.1).
    let out = iri_stdin(&["lint", "--max", "1"], b"http://a/\n\nHTTP://A/\n");
    assert!(
        stderr(&out).starts_with("iri: <stdin>:3: 1 more diagnostics"),
        "{}",
        stderr(&out)
    );
}

/// Messages about the run go to standard error as `iri: SUBJECT: message`, exit 2, whatever
/// the command.
#[test]
fn run_errors_have_one_format() {
    let cases: [(&[&str], &str); 6] = [
        (&["resolve", "--base", "b/c", "g"], "iri: --base: invalid IRI"),
        (
            &["relativize", "--base", "b/c", "http://a/"],
            "iri: --base: invalid IRI",
        ),
        (
            &["to-uri", "--query-charset", "klingon", "a:b"],
            "iri: --query-charset: ",
        ),
        (&["to-uri", "--encoding", "klingon"], "iri: --encoding klingon: "),
        (&["check", "--rule", "host-name"], "iri: --rule: "),
        (&["parse", "--tree", "--rule", "host-name", "a"], "iri: --rule: "),
    ];
    for (args, start) in cases {
        let out = iri_stdin(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with(start), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}

/// The blank-line policy and the record rule are documented in `iri --help`, and every
/// command's help names `-` and --file.
#[test]
fn help_documents_inputs_and_records() {
    let top = stdout(&iri(&["--help"]));
    assert!(top.contains("A blank line is an input like any other"), "{top}");
    assert!(top.contains("WHERE:COLUMN: message"), "{top}");
    assert!(top.contains("paste inputs.txt"), "{top}");
    for command in [
        "parse",
        "normalize",
        "resolve",
        "relativize",
        "to-uri",
        "to-iri",
        "lint",
        "show",
        "encode",
        "decode",
        "check",
    ] {
        let help = stdout(&iri(&[command, "--help"]));
        assert!(help.contains("--file <PATH>"), "{command}: {help}");
        assert!(help.contains("`-`"), "{command}: {help}");
    }
}

/// `show --visual` prints two lines per input, an invalid one included (its error line and an
/// empty line of marks), so that the pairs stay aligned with the inputs.
#[test]
fn show_visual_keeps_pairs_of_lines() {
    let out = iri_stdin(&["show", "--visual"], b"a b\nhttp://a/\n");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("<stdin>:1:2: "), "{text}");
    assert_eq!(lines[1], "");
    // "http://a/": no right-to-left character, so the visual order is the text; under it the
    // scheme "http" (s), "://" unmarked, the host "a" (h); the "/" that begins the path is a
    // delimiter, unmarked as in `cli::show_display_form_and_visual_order`, and the line ends
    // at its last mark.
    assert_eq!(lines[2], "http://a/");
    assert_eq!(lines[3], "ssss   h");
}

/// A usage error (clap's) is a message about the run in the one format, `iri: message`, with
/// exit status 2 and nothing on standard output.
#[test]
fn usage_errors_have_the_one_format() {
    for args in [&["normalize", "--level", "foo", "x"][..], &["resolve", "x"]] {
        let out = iri(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).starts_with("iri: "), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    // --help is not an error: standard output, exit 0.
    let out = iri(&["normalize", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("Usage:"));
}

/// A file or standard input that begins with a UTF-8 byte order mark (EF BB BF, U+FEFF as an
/// encoding signature, Unicode §23.8) reads as if it had none (issue 23): every command that
/// reads lines skips it, says so once on standard error naming the file, and counts the columns
/// of line 1 after it. In "http://a b/" the space is the 9th character (h t t p : / / a, then
/// it): column 9, in the host (ireg-name); with the mark read as text the error was in the
/// scheme at column 6. Line 2 "HTTP://A/" is valid. A U+FEFF that does not start the stream
/// is text, never skipped; an INPUT argument is not a file: its U+FEFF is kept too.
#[test]
fn byte_order_mark_is_skipped_and_said_once() {
    let dir = std::env::temp_dir().join(format!("iri-io-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bom.txt");
    std::fs::write(&file, b"\xEF\xBB\xBFhttp://a b/\nHTTP://A/\n").unwrap();
    let path = file.to_str().unwrap();
    let said = |err: &str, name: &str| {
        let notes: Vec<&str> = err.lines().filter(|l| l.contains("byte order mark")).collect();
        assert_eq!(notes.len(), 1, "{err}");
        assert!(notes[0].starts_with(&format!("iri: {name}: skipped")), "{err}");
    };
    for args in [
        &["normalize", "--file", path][..],
        &["parse", "--json", "--file", path],
        &["lint", "--json", "--file", path],
        &["to-iri", "--file", path],
        &["check", path],
        &["check", "--file", path],
    ] {
        let out = iri(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        said(&stderr(&out), path);
        let text = stdout(&out);
        if args.contains(&"--json") {
            let lines = json_lines(&out);
            assert_eq!(lines[0]["error"]["column"], 9, "{args:?}: {text}");
            assert_eq!(lines[0]["error"]["component"], "host", "{args:?}: {text}");
            assert!(lines[1].get("error").is_none(), "{args:?}: {text}");
        } else {
            assert!(text.starts_with(&format!("{path}:1:9: ")), "{args:?}: {text}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // Standard input, and `-` among INPUTs.
    let stdin = b"\xEF\xBB\xBFHTTP://A/\n";
    for args in [&["normalize"][..], &["normalize", "-"], &["check"]] {
        let out = iri_stdin(args, stdin);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        said(&stderr(&out), "<stdin>");
    }
    assert_eq!(stdout(&iri_stdin(&["normalize"], stdin)), "http://a/\n");
    // No mark, no note.
    let out = iri_stdin(&["normalize"], b"HTTP://A/\n");
    assert_eq!(stderr(&out), "");
    // Only at the start: on line 2, U+FEFF is the line's first character. "\u{FEFF}a:b" has
    // ":" in the first segment of a relative path, RFC 3987 §2.2 ipath-noscheme: invalid.
    let out = iri_stdin(&["check"], "a\n\u{FEFF}a:b\n".as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).starts_with("<stdin>:2:"), "{}", stdout(&out));
    assert!(!stderr(&out).contains("byte order mark"), "{}", stderr(&out));
    let out = iri(&["normalize", "\u{FEFF}a:b"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("byte order mark"));
}

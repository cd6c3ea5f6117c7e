//! `iri check` on RDF documents, its options (issue 24): `--fix OUT`, `--max-errors`,
//! `--deny-warnings`, and the usage errors (exit status 2). The documents are those of
//! `tests/data/rdf-dirty` (their findings are reasoned in its `expected.tsv`) and small ones
//! written here, each expectation reasoned beside it.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{json_lines, stderr, stdout};
use serde_json::Value;

fn data(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/rdf-dirty")
        .join(file)
}

fn iri(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run iri")
}

/// A directory of this test's own, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The `--json` findings of a run (the last line is the summary, left out), and the summary.
fn findings(out: &Output) -> (Vec<Value>, Value) {
    let mut lines = json_lines(out);
    let summary = lines.pop().expect("a summary");
    (lines, summary["summary"].clone())
}

/// `--fix OUT` on each dirty document: OUT is the document with each repaired term rewritten
/// and every other line as it was, and checking OUT again finds exactly what was not repaired.
#[test]
fn fix_rewrites_only_the_repaired_terms() {
    let dir = scratch("fix");
    for file in ["dirty.nt", "dirty.nq", "dirty.ttl", "dirty.trig"] {
        let out_path = dir.join(file);
        let out = iri(&[
            "check",
            "--json",
            "--fix",
            out_path.to_str().unwrap(),
            data(file).to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{file}: {}", stderr(&out));
        let (found, _) = findings(&out);
        let invalid: Vec<&Value> = found.iter().filter(|f| f["code"] == "syntax").collect();
        // Each invalid IRI says whether it was repaired: a string (the term as written to OUT)
        // or null; a dirty document has both kinds.
        assert!(
            invalid
                .iter()
                .all(|f| f["repair"].is_string() || f["repair"].is_null()),
            "{file}"
        );
        let repaired_lines: Vec<u64> = invalid
            .iter()
            .filter(|f| f["repair"].is_string())
            .map(|f| f["line"].as_u64().unwrap())
            .collect();
        assert!(!repaired_lines.is_empty(), "{file}: something is repaired");

        let before = std::fs::read_to_string(data(file)).unwrap();
        let after = std::fs::read_to_string(&out_path).unwrap();
        // Line ends included (CRLF lines stay CRLF): split after each "\n".
        let before_lines: Vec<&str> = before.split_inclusive('\n').collect();
        let after_lines: Vec<&str> = after.split_inclusive('\n').collect();
        assert_eq!(before_lines.len(), after_lines.len(), "{file}: as many lines");
        for (n, (b, a)) in before_lines.iter().zip(&after_lines).enumerate() {
            let line = n as u64 + 1;
            if repaired_lines.contains(&line) {
                // The line changed (a character became "%HH", or an escape's six bytes three).
                assert_ne!(b, a, "{file}:{line}");
                for f in invalid
                    .iter()
                    .filter(|f| f["line"] == line && f["repair"].is_string())
                {
                    assert!(a.contains(f["repair"].as_str().unwrap()), "{file}:{line}: {a:?}");
                }
            } else {
                assert_eq!(b, a, "{file}:{line}: a line without a repair is as it was");
            }
        }

        // OUT, checked: the findings not repaired (invalid IRIs, broken statements), on their
        // lines, and nothing else.
        let again = iri(&["check", "--json", out_path.to_str().unwrap()]);
        let (left, _) = findings(&again);
        let got: Vec<(u64, String)> = left
            .iter()
            .map(|f| {
                (
                    f["line"].as_u64().unwrap(),
                    f["code"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let want: Vec<(u64, String)> = found
            .iter()
            .filter(|f| !f["repair"].is_string())
            .map(|f| {
                (
                    f["line"].as_u64().unwrap(),
                    f["code"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(got, want, "{file}: what --fix left");
    }
}

/// Repairs reasoned one by one: RFC 3987 §3.1 step 2 writes each UTF-8 byte of a character as
/// `%HH`, and only the characters the IRI does not allow are encoded.
#[test]
fn fix_encodes_as_rfc_3987_section_3_1_does() {
    let dir = scratch("fix-cases");
    let input = dir.join("in.ttl");
    std::fs::write(
        &input,
        // 1: a space and "|" in the path; "é" is an IRI character and stays.
        // 2: the escape \u0020 (a space) is replaced by %20, the other escape \u00E9 (é) stays.
        // 3: "ex:a\#b" expands to "http://example.org/ns#a#b": the second "#" is written by the
        //    escape "\#", which becomes "%23" (PN_LOCAL allows percent-encoding).
        // 4: "<rel>" has no scheme problem in Turtle (a relative reference), but "[::1" cut short
        //    cannot be repaired: left as it was.
        "@prefix ex: <http://example.org/ns#> .\n\
         <http://a/é b|> ex:p ex:o .\n\
         <http://a/\\u0020\\u00E9> ex:p ex:o .\n\
         ex:a\\#b ex:p ex:o .\n\
         <http://[::1> ex:p <rel> .\n",
    )
    .unwrap();
    for out_name in [
        "out.ttl",
        "out.ttl.gz",
        "out.ttl.bz2",
        "out.ttl.zst",
        "out.ttl.xz",
    ] {
        let output = dir.join(out_name);
        let run = iri(&[
            "check",
            "--fix",
            output.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
        let text = stdout(&run);
        assert_eq!(text.matches("; repaired by --fix").count(), 3, "{text}");
        assert_eq!(text.matches("; --fix cannot repair it").count(), 1, "{text}");
        // The compressed outputs read back (decompressed by their names) as the plain one.
        let plain = dir.join("back.ttl");
        let back = iri(&[
            "check",
            "--fix",
            plain.to_str().unwrap(),
            output.to_str().unwrap(),
        ]);
        assert_eq!(back.status.code(), Some(1), "{}", stderr(&back));
        assert_eq!(
            std::fs::read_to_string(&plain).unwrap(),
            "@prefix ex: <http://example.org/ns#> .\n\
             <http://a/é%20b%7C> ex:p ex:o .\n\
             <http://a/%20\\u00E9> ex:p ex:o .\n\
             ex:a%23b ex:p ex:o .\n\
             <http://[::1> ex:p <rel> .\n",
            "{out_name}"
        );
    }
}

/// A byte order mark at the start is skipped for the check (and said on standard error) but
/// written back by `--fix`: every byte but the repaired terms' is as it was.
#[test]
fn fix_keeps_a_byte_order_mark() {
    let dir = scratch("fix-bom");
    let input = dir.join("in.nt");
    // The space of the subject is column 12 (after "<" and "http://a/b", 11 characters): the BOM,
    // skipped, is not a character of the line.
    std::fs::write(&input, "\u{FEFF}<http://a/b c> <http://a/p> _:o .\n").unwrap();
    let output = dir.join("out.nt");
    let run = iri(&[
        "check",
        "--fix",
        output.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    assert!(
        stdout(&run).contains("in.nt:1:12: invalid IRI"),
        "{}",
        stdout(&run)
    );
    assert!(stderr(&run).contains("byte order mark"), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(&output).unwrap(),
        "\u{FEFF}<http://a/b%20c> <http://a/p> _:o .\n"
    );
}

/// `--fix` never loses its input: OUT naming the file being checked (creating it would empty
/// it before it is read) or an input that cannot be read is a usage error, and OUT is left
/// alone (not created).
#[test]
fn fix_refuses_to_lose_the_input() {
    let dir = scratch("fix-same");
    let input = dir.join("dump.nt");
    let text = "<http://a/b c> <http://a/p> _:o .\n";
    std::fs::write(&input, text).unwrap();
    let same = input.to_str().unwrap();
    // The same file, by another path.
    let other_path = format!("{}/./dump.nt", dir.to_str().unwrap());
    for out in [same, other_path.as_str()] {
        let run = iri(&["check", "--fix", out, same]);
        assert_eq!(run.status.code(), Some(2), "{out}");
        assert!(
            stderr(&run).contains("is the file being checked"),
            "{}",
            stderr(&run)
        );
        assert_eq!(
            std::fs::read_to_string(&input).unwrap(),
            text,
            "the input is intact"
        );
    }
    let out = dir.join("out.nt");
    let run = iri(&[
        "check",
        "--fix",
        out.to_str().unwrap(),
        dir.join("missing.nt").to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(!out.exists(), "no OUT for an input that cannot be read");
}

/// Where a statement ends too early, at a line's end: the column after its last character,
/// whether the line ends with CRLF or LF, and on the last line when the document ends with a
/// newline (not on a line after it).
#[test]
fn faults_at_line_ends_are_on_the_line() {
    let dir = scratch("line-ends");
    // "<http://a/s> <http://a/p> <http://a/o>" is 38 characters: a missing "." is found at the
    // end of the line, column 39, in N-Triples and in Turtle (where the document's end is the
    // end of its only line).
    for (name, text) in [
        ("lf.nt", "<http://a/s> <http://a/p> <http://a/o>\n"),
        ("crlf.nt", "<http://a/s> <http://a/p> <http://a/o>\r\n"),
        ("end.ttl", "<http://a/s> <http://a/p> <http://a/o>\n"),
        ("crlf.ttl", "<http://a/s> <http://a/p> <http://a/o>\r\n"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = iri(&["check", "--json", path.to_str().unwrap()]);
        let (found, summary) = findings(&out);
        let places: Vec<(u64, u64, &str)> = found
            .iter()
            .map(|f| {
                (
                    f["line"].as_u64().unwrap(),
                    f["column"].as_u64().unwrap(),
                    f["code"].as_str().unwrap(),
                )
            })
            .collect();
        assert_eq!(places, [(1, 39, "rdf-syntax")], "{name}");
        assert_eq!(summary["broken_statements"], 1, "{name}");
    }
}

/// A line that is not UTF-8 is said as such (code not-utf8), not as a broken statement: its
/// statement is read, the ill-formed bytes as U+FFFD (here in a literal, which holds no IRI).
#[test]
fn a_line_that_is_not_utf8_is_not_a_broken_statement() {
    let dir = scratch("not-utf8");
    let path = dir.join("latin1.nt");
    // "caf\xE9": é in Latin-1, which is no UTF-8. The literal's quote is column 27, so the byte
    // is column 31.
    std::fs::write(&path, b"<http://a/s> <http://a/p> \"caf\xE9\" .\n").unwrap();
    let out = iri(&["check", "--json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let (found, summary) = findings(&out);
    assert_eq!(found.len(), 1);
    assert_eq!(
        (&found[0]["code"], &found[0]["line"], &found[0]["column"]),
        (&"not-utf8".into(), &1.into(), &31.into())
    );
    assert_eq!(
        (
            &summary["statements"],
            &summary["broken_statements"],
            &summary["invalid"]
        ),
        (&1.into(), &0.into(), &0.into())
    );
    assert_eq!(summary["codes"]["not-utf8"]["count"], 1);
}

/// Bytes that are not UTF-8 are written back as they were, and do not stop the repair of the
/// terms around them (only of a term that holds them: its text is not its bytes), in N-Triples
/// and in Turtle, where the document's offsets go on after them.
#[test]
fn fix_around_bytes_that_are_not_utf8() {
    let dir = scratch("fix-latin1");
    for name in ["in.nt", "in.ttl"] {
        let input = dir.join(name);
        // Line 1: a Latin-1 "é" (\xE9) in a literal; line 2: a space in an IRI, repaired as
        // %20; line 3: the \xE9 inside an IRI: invalid (read as U+FFFD), but not repaired.
        let mut bytes = b"<http://a/s> <http://a/p> \"caf\xE9\" .\n".to_vec();
        bytes.extend_from_slice(b"<http://a/b c> <http://a/p> <http://a/o> .\n");
        bytes.extend_from_slice(b"<http://a/caf\xE9 x> <http://a/p> <http://a/o> .\n");
        std::fs::write(&input, &bytes).unwrap();
        let output = dir.join(format!("out-{name}"));
        let run = iri(&[
            "check",
            "--json",
            "--fix",
            output.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        let (found, _) = findings(&run);
        let repairs: Vec<(u64, &Value)> = found
            .iter()
            .filter(|f| f["code"] == "syntax")
            .map(|f| (f["line"].as_u64().unwrap(), &f["repair"]))
            .collect();
        assert_eq!(
            repairs,
            [(2, &Value::from("<http://a/b%20c>")), (3, &Value::Null)],
            "{name}"
        );
        let mut want = b"<http://a/s> <http://a/p> \"caf\xE9\" .\n".to_vec();
        want.extend_from_slice(b"<http://a/b%20c> <http://a/p> <http://a/o> .\n");
        want.extend_from_slice(b"<http://a/caf\xE9 x> <http://a/p> <http://a/o> .\n");
        assert_eq!(std::fs::read(&output).unwrap(), want, "{name}");
    }
}

/// `--max-errors N` stops after the N-th error, says so in the summary, and exits 1.
#[test]
fn max_errors_stops_after_n() {
    // dirty.nt has 22 errors (the rows of its expected.tsv): stopping after 3 reports the first
    // 3 only.
    let out = iri(&[
        "check",
        "--json",
        "--max-errors",
        "3",
        data("dirty.nt").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let (found, summary) = findings(&out);
    let lines: Vec<u64> = found.iter().map(|f| f["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [3, 4, 5], "the first three findings of dirty.nt");
    assert_eq!(summary["stopped_after_errors"], 3);
    let out = iri(&["check", "--max-errors", "3", data("dirty.nt").to_str().unwrap()]);
    assert!(
        stderr(&out).contains("stopped after 3 errors, --max-errors 3"),
        "{}",
        stderr(&out)
    );
    // Without it, every error: the summary's counts add up to them.
    let out = iri(&["check", "--json", data("dirty.nt").to_str().unwrap()]);
    let (found, summary) = findings(&out);
    assert_eq!(found.len(), 22);
    assert_eq!(
        summary["invalid"].as_u64().unwrap() + summary["broken_statements"].as_u64().unwrap(),
        22
    );
    assert!(summary["stopped_after_errors"].is_null());
}

/// Lint warnings alone exit 0, and 1 with `--deny-warnings`.
#[test]
fn warnings_fail_only_when_denied() {
    let dir = scratch("warnings");
    let file = dir.join("w.nt");
    // U+2066 (LEFT-TO-RIGHT ISOLATE) is ucschar, so the IRI is valid, but the lint warns
    // (bidi-isolate-character). Its escape's backslash is column 37: two terms of 13
    // characters with their spaces, then "<" and "http://a/" (10 more).
    std::fs::write(&file, "<http://a/s> <http://a/p> <http://a/\\u2066x> .\n").unwrap();
    let path = file.to_str().unwrap();
    let out = iri(&["check", "--lint", path]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).starts_with(&format!("{path}:1:37: warning[bidi-isolate-character]")),
        "{}",
        stdout(&out)
    );
    let out = iri(&["check", "--lint", "--deny-warnings", path]);
    assert_eq!(out.status.code(), Some(1));
    // Without --lint, no finding at all.
    let out = iri(&["check", path]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), String::new()));
}

/// What cannot be checked as asked is a usage error, exit 2, said on standard error.
#[test]
fn usage_errors() {
    let nt = data("clean.nt");
    let nt = nt.to_str().unwrap();
    for (args, says) in [
        // A file whose syntax cannot be told beside one whose can.
        (
            vec!["check", nt, "list.txt"],
            "list.txt: its RDF syntax cannot be told from its name",
        ),
        // Standard input with an RDF file, no --format.
        (
            vec!["check", nt, "-"],
            "standard input: its RDF syntax cannot be told",
        ),
        // --fix rewrites one document.
        (
            vec!["check", "--fix", "/dev/null", nt, nt],
            "--fix rewrites one RDF document",
        ),
        // --fix of a list of IRIs.
        (
            vec!["check", "--fix", "/dev/null", "list.txt"],
            "--fix rewrites one RDF document",
        ),
        // A base that is not an IRI.
        (
            vec!["check", "--format", "ttl", "--base", "a b", nt],
            "--base: invalid IRI",
        ),
        // --format with --kind.
        (
            vec!["check", "--format", "nt", "--kind", "iri", nt],
            "cannot be used with",
        ),
        // --fix with --max-errors, which would cut OUT short.
        (
            vec!["check", "--fix", "/dev/null", "--max-errors", "1", nt],
            "cannot be used with",
        ),
        // --kind or --rule with files that are RDF by their names: they would be ignored.
        (
            vec!["check", "--kind", "iri", nt],
            "--kind and --rule are for files of IRIs",
        ),
        (
            vec!["check", "--rule", "ihost", nt],
            "--kind and --rule are for files of IRIs",
        ),
        // A file that does not exist.
        (vec!["check", "missing.nt"], "missing.nt"),
    ] {
        let out = iri(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
}

//! `iri check` on RDF documents (issue 24), run as a user runs it: the W3C RDF 1.1 test suites'
//! IRI cases (`tests/data/rdf-tests`, vendored) and our dirty and clean documents
//! (`tests/data/rdf-dirty`), plain and compressed, from files and from standard input (large
//! and hostile generated dumps are in `rdf_bounded.rs`).
//!
//! The expected findings are not written here: each data directory's `expected.tsv` holds them
//! (file, line, column, code, component), each with the reasoning from RFC 3987 §2.2 and the RDF
//! 1.1 grammars beside it. Every test compares the whole set of findings, no more, no fewer.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{iri_stdin, json_lines, stdout};
use serde_json::Value;

/// One finding as the tests compare it: line, column (characters from 1), code (`syntax` for an
/// invalid IRI, `rdf-syntax` for a broken statement), component (`-` when there is none).
pub type Finding = (u64, u64, String, String);

fn data(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(dir)
}

/// `dir/expected.tsv`: the findings of each file (named relative to `dir`), in document order.
fn expected(dir: &str) -> BTreeMap<String, Vec<Finding>> {
    let text = std::fs::read_to_string(data(dir).join("expected.tsv")).unwrap();
    let mut all: BTreeMap<String, Vec<Finding>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cells: Vec<&str> = line.split('\t').collect();
        assert_eq!(cells.len(), 6, "expected.tsv: six columns: {line}");
        all.entry(cells[0].to_string()).or_default().push((
            cells[1].parse().unwrap(),
            cells[2].parse().unwrap(),
            cells[3].to_string(),
            cells[4].to_string(),
        ));
    }
    all
}

/// Runs `iri` with `args` in directory `dir`, so that the file names it prints are the ones
/// given (relative to `dir`).
fn iri_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("run iri")
}

/// The findings of a `--json` report whose findings all name `file`, after checking the fields
/// each finding has and that the last line is the summary.
pub fn json_findings(out: &Output, file: &str) -> Vec<Finding> {
    let lines = json_lines(out);
    let (summary, findings) = lines.split_last().expect("a summary line");
    assert!(
        summary.get("summary").is_some_and(Value::is_object),
        "the last line is {{\"summary\": {{…}}}}: {summary}"
    );
    findings
        .iter()
        .map(|f| {
            for key in [
                "file",
                "line",
                "column",
                "code",
                "severity",
                "component",
                "rule",
                "iri",
                "error",
            ] {
                assert!(f.get(key).is_some(), "a finding has {key:?}: {f}");
            }
            assert_eq!(f["file"], file, "{f}");
            assert_eq!(f["severity"], "error", "{f}");
            assert!(f["error"].is_object(), "{f}");
            let code = f["code"].as_str().unwrap().to_string();
            // An invalid IRI names the IRI it checked (decoded) and its rule; a broken
            // statement has neither.
            if code == "syntax" {
                assert!(f["iri"].is_string() && f["rule"].is_string(), "{f}");
            }
            (
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                code,
                f["component"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect()
}

/// The (line, column) of each `FILE:LINE:COLUMN: message` line of a text report, and whether
/// the message says the statement was skipped; every line names `file`.
fn text_findings(out: &Output, file: &str) -> Vec<(u64, u64, bool)> {
    stdout(out)
        .lines()
        .map(|l| {
            let rest = l
                .strip_prefix(file)
                .and_then(|r| r.strip_prefix(':'))
                .unwrap_or_else(|| panic!("{l:?} starts with {file}:"));
            let mut parts = rest.splitn(3, ':');
            let line = parts.next().unwrap().parse().unwrap();
            let column = parts.next().unwrap().parse().unwrap();
            let message = parts.next().unwrap();
            (line, column, message.starts_with(" statement skipped"))
        })
        .collect()
}

/// `iri check FILE` and `iri check --json FILE` in `dir` give exactly `want`, and exit 1 when
/// there are findings, 0 when there are none.
fn check_file(dir: &Path, file: &str, want: &[Finding]) {
    let out = iri_in(dir, &["check", "--json", file]);
    let got = json_findings(&out, file);
    assert_eq!(
        got, want,
        "{file}: --json findings (left) against expected.tsv (right)"
    );
    let status = if want.is_empty() { 0 } else { 1 };
    assert_eq!(out.status.code(), Some(status), "{file} --json");

    let out = iri_in(dir, &["check", file]);
    let text: Vec<(u64, u64, bool)> = want
        .iter()
        .map(|(l, c, code, _)| (*l, *c, code == "rdf-syntax"))
        .collect();
    assert_eq!(text_findings(&out, file), text, "{file}: text findings");
    assert_eq!(out.status.code(), Some(status), "{file}");
}

/// Every file of `dir`'s subdirectories `suites` (or of `dir` itself) whose extension is an RDF
/// syntax, relative to `dir`.
fn rdf_files(dir: &Path, suites: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    for suite in suites {
        for entry in std::fs::read_dir(dir.join(suite)).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if [".nt", ".nq", ".ttl", ".trig"].iter().any(|e| name.ends_with(e)) {
                files.push(if suite.is_empty() {
                    name
                } else {
                    format!("{suite}/{name}")
                });
            }
        }
    }
    files.sort();
    files
}

const SUITES: [&str; 4] = ["rdf-n-triples", "rdf-n-quads", "rdf-turtle", "rdf-trig"];

/// The W3C suites' IRI cases: a negative test gives the findings of `expected.tsv`, a positive
/// test (and an evaluation test's expected result) none, exit 0.
fn w3c_suite(suite: &str) {
    let dir = data("rdf-tests");
    let expected = expected("rdf-tests");
    let files = rdf_files(&dir, &[suite]);
    assert!(files.len() >= 10, "{suite}: {files:?}");
    for file in &files {
        check_file(&dir, file, expected.get(file).map_or(&[][..], Vec::as_slice));
    }
}

#[test]
fn w3c_n_triples() {
    w3c_suite("rdf-n-triples");
}

#[test]
fn w3c_n_quads() {
    w3c_suite("rdf-n-quads");
}

#[test]
fn w3c_turtle() {
    w3c_suite("rdf-turtle");
}

#[test]
fn w3c_trig() {
    w3c_suite("rdf-trig");
}

/// `expected.tsv` names only files that exist, and every negative test has a row: a file of the
/// suites named `*-bad-*` with no expected finding would pass as "no finding" by mistake.
#[test]
fn expected_tables_cover_the_data() {
    for (dir, suites) in [("rdf-tests", &SUITES[..]), ("rdf-dirty", &[""][..])] {
        let files = rdf_files(&data(dir), suites);
        let expected = expected(dir);
        for file in expected.keys() {
            assert!(files.contains(file), "{dir}/expected.tsv names {file}");
        }
        for file in &files {
            let negative = file.contains("-bad-") || file.starts_with("dirty.");
            assert_eq!(
                expected.contains_key(file),
                negative,
                "{dir}/{file}: a negative case has findings, a positive one none"
            );
        }
    }
}

const DIRTY: [&str; 8] = [
    "dirty.nt",
    "dirty.nq",
    "dirty.ttl",
    "dirty.trig",
    "clean.nt",
    "clean.nq",
    "clean.ttl",
    "clean.trig",
];

fn dirty_file(file: &str) {
    let want = expected("rdf-dirty").remove(file).unwrap_or_default();
    assert_eq!(want.is_empty(), file.starts_with("clean."), "{file}");
    check_file(&data("rdf-dirty"), file, &want);
}

#[test]
fn dirty_n_triples() {
    dirty_file("dirty.nt");
    dirty_file("clean.nt");
}

#[test]
fn dirty_n_quads() {
    dirty_file("dirty.nq");
    dirty_file("clean.nq");
}

#[test]
fn dirty_turtle() {
    dirty_file("dirty.ttl");
    dirty_file("clean.ttl");
}

#[test]
fn dirty_trig() {
    dirty_file("dirty.trig");
    dirty_file("clean.trig");
}

/// Each compressed copy (made by gzip, bzip2, zstd and xz) gives the plain file's findings, its
/// own name in them, and the same exit status.
#[test]
fn compressed_copies_give_the_same_findings() {
    let dir = data("rdf-dirty");
    let expected = expected("rdf-dirty");
    for file in DIRTY {
        let want = expected.get(file).cloned().unwrap_or_default();
        for compression in ["gz", "bz2", "zst", "xz"] {
            let name = format!("{file}.{compression}");
            check_file(&dir, &name, &want);
        }
    }
}

/// Standard input: the syntax from `--format`, the file named `<stdin>` (compressed input too:
/// the magic number tells the compression).
#[test]
fn standard_input_with_format() {
    let dir = data("rdf-dirty");
    let expected = expected("rdf-dirty");
    for (file, format) in [
        ("dirty.nt", "nt"),
        ("dirty.nq", "nq"),
        ("dirty.ttl", "ttl"),
        ("dirty.trig", "trig"),
        ("clean.ttl", "ttl"),
    ] {
        let want = expected.get(file).cloned().unwrap_or_default();
        let status = if want.is_empty() { 0 } else { 1 };
        for input in [file.to_string(), format!("{file}.gz")] {
            let bytes = std::fs::read(dir.join(&input)).unwrap();
            let out = iri_stdin(&["check", "--json", "--format", format], &bytes);
            assert_eq!(json_findings(&out, "<stdin>"), want, "{input} on stdin");
            assert_eq!(out.status.code(), Some(status), "{input} on stdin");
            let out = iri_stdin(&["check", "--format", format, "-"], &bytes);
            assert_eq!(
                text_findings(&out, "<stdin>").len(),
                want.len(),
                "{input} on stdin, text"
            );
        }
    }
}

/// A finding placed at an escape's backslash says that the character it names is written as
/// that escape (issue 41): the message ends so, and --json gives the escape as written (`null`
/// for a character written as itself).
#[test]
fn a_finding_at_an_escape_names_the_escape() {
    // N-Triples: `\u0020` decodes to a space, which no component allows (RFC 3987 §2.2); the
    // `\u00E9` before it is é, allowed (ucschar). Column 17: "<http://a/" is 10 characters,
    // then the 6 of `\u00E9`.
    let nt = "<http://a/\\u00E9\\u0020b> <http://a/p> <http://a/o> .\n";
    // Turtle: `ex:a\#b\#c` is "http://a/a#b#c" (Turtle §6.3, PN_LOCAL_ESC); its second "#" is
    // in the fragment, which does not allow it (ifragment, RFC 3987 §2.2), and is written as
    // the escape `\#` at column 8 of line 2 ("ex:a\#b" is 7 characters before it). The space
    // of `<x y>` is written as itself (column 19: 16 characters before its "<", then "x").
    let ttl = "@prefix ex: <http://a/> .\nex:a\\#b\\#c ex:p <x y> .\n";
    for (format, input, want) in [
        ("nt", nt, vec![(1, 17, Some("\\u0020"))]),
        ("ttl", ttl, vec![(2, 8, Some("\\#")), (2, 19, None)]),
    ] {
        let out = iri_stdin(&["check", "--json", "--format", format], input.as_bytes());
        let lines = json_lines(&out);
        let findings: Vec<_> = lines[..lines.len() - 1]
            .iter()
            .map(|f| (f["line"].as_u64().unwrap(), f["column"].as_u64().unwrap(), f))
            .collect();
        let got: Vec<_> = findings
            .iter()
            .map(|(line, column, f)| (*line, *column, f["escape"].as_str()))
            .collect();
        assert_eq!(got, want, "{format}");
        for (_, _, f) in &findings {
            let message = f["message"].as_str().unwrap();
            match f["escape"].as_str() {
                Some(escape) => assert!(
                    message.ends_with(&format!(
                        "; it is written as the escape {escape}, which the syntax decodes"
                    )),
                    "{message}"
                ),
                None => assert!(!message.contains("escape"), "{message}"),
            }
        }
    }
}

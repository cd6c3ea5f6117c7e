//! `iri check` on RDF documents (issue 24), run as a user runs it: the W3C RDF 1.1 test suites'
//! IRI cases (`tests/data/rdf-tests`, vendored) and our dirty and clean documents
//! (`tests/data/rdf-dirty`), plain and compressed, from files and from standard input, and a
//! large generated dump checked in bounded memory.
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
type Finding = (u64, u64, String, String);

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
fn json_findings(out: &Output, file: &str) -> Vec<Finding> {
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

/// The bound on peak resident memory (VmHWM, read from /proc while the child runs) of a check
/// of a dump far larger than it: the tool reads in blocks of 256 KiB (`cli/src/blocks.rs`), a
/// few per worker thread, on top of the binary and its allocator's arenas (a few MB). A tool
/// that held the input, or a statement or finding per line, would need more than twice the
/// bound; the input is streamed, so nothing of it stays.
#[cfg(target_os = "linux")]
const BOUND_KB: u64 = 64 * 1024;

/// Runs `iri args` with its standard input written by `generate` (streamed, never held whole),
/// and gives its output and peak resident memory in kB.
#[cfg(target_os = "linux")]
fn peak_memory(
    args: &[&str],
    generate: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()> + Send + 'static,
) -> (Output, u64) {
    use std::io::{BufWriter, Write};
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;

    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run iri");
    let pid = child.id();

    // The peak resident set size, polled until the child is done: VmHWM is the high-water
    // mark, so the last reading before exit is (nearly) the peak of the whole run.
    let done = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicU64::new(0));
    let watcher = {
        let (done, peak) = (done.clone(), peak.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                if let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
                    if let Some(kb) = status
                        .lines()
                        .find_map(|l| l.strip_prefix("VmHWM:"))
                        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                    {
                        peak.fetch_max(kb, Ordering::Relaxed);
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        })
    };

    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || -> std::io::Result<()> {
        let mut out = BufWriter::with_capacity(1 << 16, stdin);
        generate(&mut out)?;
        out.flush()
    });
    let output = child.wait_with_output().unwrap();
    done.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    writer.join().unwrap().expect("write the dump");
    let peak = peak.load(Ordering::Relaxed);
    assert!(peak > 0, "VmHWM was read");
    eprintln!("peak resident memory: {peak} kB");
    (output, peak)
}

/// A dump far larger than the memory it may take: 2,000,000 N-Triples lines (about 150 MB)
/// streamed into the child's standard input; every 100,000th line has an invalid object (a
/// space at a known column), so the findings are checked too.
#[cfg(target_os = "linux")]
#[test]
fn large_dump_in_bounded_memory() {
    const LINES: u64 = 2_000_000;
    const EVERY: u64 = 100_000;
    let args = ["check", "--json", "--format", "nt", "--jobs", "2", "-"];
    let (output, peak) = peak_memory(&args, |out| {
        for n in 1..=LINES {
            if n % EVERY == 0 {
                // "<http://example.org/s> " is 23 characters, "<http://example.org/p> " 23
                // more, then "<http://example.org/o" 21: the space is character 68.
                writeln!(
                    out,
                    "<http://example.org/s> <http://example.org/p> <http://example.org/o {n}> ."
                )?;
            } else {
                writeln!(
                    out,
                    "<http://example.org/s{n}> <http://example.org/p> \"literal <a b> {n}\"@en ."
                )?;
            }
        }
        Ok(())
    });
    let places = (1..=LINES / EVERY).map(|k| (k * EVERY, 68));
    assert_found_in_bound(&output, peak, places);
}

/// The same for Turtle, whose statements run over lines and are read by one worker that keeps
/// the unfinished one: 500,000 statements of two lines after a prefix (about 55 MB).
#[cfg(target_os = "linux")]
#[test]
fn large_turtle_dump_in_bounded_memory() {
    const STATEMENTS: u64 = 500_000;
    const EVERY: u64 = 50_000;
    let args = ["check", "--json", "--format", "ttl", "-"];
    let (output, peak) = peak_memory(&args, |out| {
        writeln!(out, "@prefix ex: <http://example.org/> .")?;
        for n in 1..=STATEMENTS {
            // Statement n is on lines 2n and 2n + 1. On its second line, four spaces and
            // "ex:q " take 9 characters, "<" the 10th, "http://example.org/o" the next 20:
            // the space of an invalid object is character 31 of line 2n + 1.
            let object = if n % EVERY == 0 { " bad" } else { "" };
            writeln!(out, "ex:s{n} ex:p \"literal <a b> {n}\"@en ;")?;
            writeln!(out, "    ex:q <http://example.org/o{object}> .")?;
        }
        Ok(())
    });
    let places = (1..=STATEMENTS / EVERY).map(|k| (2 * k * EVERY + 1, 31));
    assert_found_in_bound(&output, peak, places);
}

/// A large dump's check found exactly an invalid path at each of `places` (line, column),
/// exited 1, and stayed under [`BOUND_KB`].
#[cfg(target_os = "linux")]
fn assert_found_in_bound(output: &Output, peak: u64, places: impl Iterator<Item = (u64, u64)>) {
    let findings = json_findings(output, "<stdin>");
    let want: Vec<Finding> = places
        .map(|(line, column)| (line, column, "syntax".to_string(), "path".to_string()))
        .collect();
    // Compared by count first: a generator or reader gone wrong gives a finding a line, too
    // many to print.
    assert_eq!(
        findings.len(),
        want.len(),
        "the first finding: {:?}",
        findings.first()
    );
    assert_eq!(findings, want);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        peak < BOUND_KB,
        "peak resident memory {peak} kB, over the bound of {BOUND_KB} kB"
    );
}

//! `iri check` on RDF dumps far larger than the memory it may take, streamed into its standard
//! input as they are generated, never written to disk: large dumps (issue 24) and hostile ones
//! (issue 41), 1 GiB each, that a reader which waits for a statement's end would hold whole. A
//! statement (in N-Triples a line) that does not end within 16 MiB is reported once, at its
//! start, and skipped; every invalid IRI after it is still reported.

use crate::rdf::{json_findings, Finding};

use std::process::{Command, Output, Stdio};

/// The bound on peak resident memory (VmHWM, read from /proc while the child runs) of a check
/// of a dump far larger than it: the tool reads in blocks of 256 KiB (`cli/src/blocks.rs`), a
/// few per worker thread, and a statement (or line) up to the scanner's limit of 16 MiB, which
/// Turtle's reader may hold twice over while it waits for its end; on top of the binary and its
/// allocator's arenas (a few MB). A tool that held the input, or a statement or finding per
/// line, would need more than twice the bound; the input is streamed, so nothing of it stays.
/// (The bound, 128 MB, is twice this.)
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
    let want: Vec<Finding> = places
        .map(|(line, column)| (line, column, "syntax".to_string(), "path".to_string()))
        .collect();
    assert_findings_in_bound(output, peak, want);
}

/// A large dump's check found exactly `want`, exited 1, and stayed under [`BOUND_KB`].
#[cfg(target_os = "linux")]
fn assert_findings_in_bound(output: &Output, peak: u64, want: Vec<Finding>) {
    let findings = json_findings(output, "<stdin>");
    // Compared by count first: a generator or reader gone wrong gives a finding a line, too
    // many to print.
    assert_eq!(
        findings.len(),
        want.len(),
        "the first findings: {:?}",
        &findings[..findings.len().min(3)]
    );
    assert_eq!(findings, want);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        peak < BOUND_KB,
        "peak resident memory {peak} kB, over the bound of {BOUND_KB} kB"
    );
}

/// 1 GiB: the size of each hostile part.
#[cfg(target_os = "linux")]
const GIB: usize = 1 << 30;

/// The lines after a hostile part, each with an invalid IRI: "<http://a/b" is 11 characters,
/// so the space is character 12.
#[cfg(target_os = "linux")]
const TAIL: &str = "<http://a/b c> <http://a/p> <http://a/o> .\n";
#[cfg(target_os = "linux")]
const TAILS: usize = 10_000;

/// Checks, as `--format format`, `head`, then `chunk` repeated to 1 GiB, then a line end and
/// [`TAILS`] lines of [`TAIL`]: exactly one broken statement, at `broken` (line, column), that
/// says which limit it hit, then the invalid IRI of every line of the tail, in bounded memory.
#[cfg(target_os = "linux")]
fn assert_hostile_in_bound(format: &str, head: &'static str, chunk: Vec<u8>, broken: (u64, u64)) {
    let repeats = GIB / chunk.len();
    let args = ["check", "--json", "--format", format, "--jobs", "2", "-"];
    let newlines = |text: &[u8]| text.iter().filter(|&&b| b == b'\n').count() as u64;
    let before_tail = 1 + newlines(head.as_bytes()) + newlines(&chunk) * repeats as u64 + 1;
    let (output, peak) = peak_memory(&args, move |out| {
        out.write_all(head.as_bytes())?;
        for _ in 0..repeats {
            out.write_all(&chunk)?;
        }
        out.write_all(b"\n")?;
        for _ in 0..TAILS {
            out.write_all(TAIL.as_bytes())?;
        }
        Ok(())
    });
    let lines: Vec<serde_json::Value> = crate::common::json_lines(&output);
    let message = lines[0]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("does not end within 16777216 bytes"),
        "{message}"
    );
    let mut want: Vec<Finding> = vec![(broken.0, broken.1, "rdf-syntax".into(), "-".into())];
    want.extend((0..TAILS as u64).map(|k| (before_tail + k, 12, "syntax".into(), "path".into())));
    assert_findings_in_bound(&output, peak, want);
}

/// A Turtle long string (`"""`) never closed: 1 GiB of prose lines, none of which can begin a
/// statement, so the reader skips them all and starts again at the tail.
#[cfg(target_os = "linux")]
#[test]
fn an_unclosed_long_string_is_reported_once_and_skipped() {
    let chunk = "lorem ipsum dolor sit amet.\n".repeat(40_000).into_bytes();
    assert_hostile_in_bound("ttl", "<http://a/s> <http://a/p> \"\"\"\n", chunk, (1, 1));
}

/// A blank node's `[` never closed, whose lines `<p> <o> ;` look like statements: the reader
/// starts again at one, which breaks at its ";", and goes on skipping from there, line by
/// line, so that the first line of the tail is read as the statement it is. (The lines are
/// long, 100 bytes, so that the test reads 10 million of them, not 40.)
#[cfg(target_os = "linux")]
#[test]
fn an_unmatched_bracket_is_reported_once_and_skipped() {
    let line =
        "<http://example.org/ontology/a-predicate-name> <http://example.org/resource/an-object-name> ;\n";
    let chunk = line.repeat(10_000).into_bytes();
    assert_hostile_in_bound("ttl", "<http://a/s> <http://a/p> [\n", chunk, (1, 1));
}

/// An N-Triples line of 1 GiB (a literal never closed, no line end): cut into blocks of its own
/// by the reader, reported at its start, and skipped to its end.
#[cfg(target_os = "linux")]
#[test]
fn a_line_with_no_end_is_reported_once_and_skipped() {
    let chunk = vec![b'x'; 1 << 20];
    assert_hostile_in_bound("nt", "<http://a/s> <http://a/p> \"", chunk, (1, 1));
}

/// 1 GiB of `(` on one line, each a collection opened in the one before: far deeper than the
/// reader's nesting bound, and longer than its limit.
#[cfg(target_os = "linux")]
#[test]
fn a_billion_nested_parentheses_are_reported_once_and_skipped() {
    let chunk = vec![b'('; 1 << 20];
    assert_hostile_in_bound("ttl", "<http://a/s> <http://a/p> ", chunk, (1, 1));
}

/// A line longer than the limit (300,000 bytes, more than a block of 256 KiB) whose limit falls
/// inside a character: "<http://ab/" is 11 bytes, then 3-byte "€", so byte 300,000 is the
/// second of the 99,997th "€". The line is still reported once, at its start, and the invalid
/// IRI after it found (the block the line's start is in must reach the limit once cut at a
/// character's end).
#[test]
fn a_line_whose_limit_falls_inside_a_character_is_reported() {
    let mut input = format!(
        "<http://ab/{}> <http://a/p> <http://a/o> .\n",
        "€".repeat(110_000)
    )
    .into_bytes();
    input.extend(b"<http://a/b c> <http://a/p> <http://a/o> .\n");
    let args = [
        "check",
        "--json",
        "--format",
        "nt",
        "--max-statement-bytes",
        "300000",
        "-",
    ];
    let output = crate::common::iri_stdin(&args, &input);
    let found: Vec<(u64, u64, String)> = crate::common::json_lines(&output)
        .iter()
        .filter(|f| f.get("summary").is_none())
        .map(|f| {
            let number = |key: &str| f[key].as_u64().unwrap();
            (
                number("line"),
                number("column"),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [(1, 1, "rdf-syntax".to_string()), (2, 12, "syntax".to_string())]
    );
}

/// `--max-statement-bytes 1000` on lines of every length around it and the reader's block
/// (256 KiB): a valid line, lines of 1,000 and 300,000 bytes (the second cut over two blocks
/// and more), one of 999, and an invalid IRI after each, checked with two workers. A line of
/// 1,000 bytes or more is reported once, at its line; 999 is not too long; every line after
/// is numbered and checked as it would be without them.
#[test]
fn lines_as_long_as_the_limit_are_reported_once_at_their_line() {
    // Each line holds one term of `len` bytes: a list of IRIs holds the IRI, N-Triples a
    // statement whose object is a literal.
    let lines = |format: &str| -> (Vec<u8>, Vec<(u64, String)>) {
        let term = |len: usize| match format {
            "nt" => {
                let head = "<http://a/s> <http://a/p> \"";
                format!("{head}{}\" .", "x".repeat(len - head.len() - 3))
            }
            _ => format!("http://a/{}", "x".repeat(len - 9)),
        };
        let bad = match format {
            "nt" => "<http://a/b c> <http://a/p> <http://a/o> .",
            _ => "http://a/b c",
        };
        let (too_long, syntax) = match format {
            "nt" => ("rdf-syntax", "syntax"),
            _ => ("too-long", "syntax"),
        };
        let mut input = Vec::new();
        let mut want = Vec::new();
        for (n, len) in [50, 1000, 300_000, 999, 5000].into_iter().enumerate() {
            let line = 2 * n as u64 + 1;
            input.extend(format!("{}\n{bad}\n", term(len)).into_bytes());
            if len >= 1000 {
                want.push((line, too_long.to_string()));
            }
            want.push((line + 1, syntax.to_string()));
        }
        (input, want)
    };
    for format in ["nt", "lines"] {
        let (input, want) = lines(format);
        let mut args = vec!["check", "--json", "--jobs", "2", "--max-statement-bytes", "1000"];
        if format == "nt" {
            args.extend(["--format", "nt"]);
        }
        args.push("-");
        let output = crate::common::iri_stdin(&args, &input);
        let found: Vec<(u64, String)> = crate::common::json_lines(&output)
            .iter()
            .filter(|f| f.get("summary").is_none())
            .map(|f| {
                (
                    f["line"].as_u64().unwrap(),
                    f["code"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(found, want, "{format}");
        assert_eq!(output.status.code(), Some(1), "{format}");
    }
}

/// The same for Turtle, whose statements run over lines: a statement of 300,000 bytes (a long
/// string over 3,000 lines) is reported at its start; the next statement is read.
#[test]
fn a_turtle_statement_longer_than_the_limit_is_reported_at_its_start() {
    let long = format!(
        "<http://a/s> <http://a/p> \"\"\"{}\"\"\" .\n",
        "lorem ipsum.\n".repeat(23_077)
    );
    let input = format!("<http://a/b c> <http://a/p> 1 .\n{long}<http://a/d e> <http://a/p> 2 .\n");
    let args = [
        "check",
        "--json",
        "--format",
        "ttl",
        "--max-statement-bytes",
        "1000",
        "-",
    ];
    let output = crate::common::iri_stdin(&args, input.as_bytes());
    let findings = json_findings(&output, "<stdin>");
    // Line 1's IRI; the statement on line 2, at its first column; the IRI after it: the
    // string's 23,077 lines, each ended by "\n", are lines 2 to 23,078, its closing quotes
    // and "." line 23,079 (which cannot begin a statement), so the next one is on 23,080.
    let after = 23_080;
    let want: Vec<Finding> = vec![
        (1, 12, "syntax".into(), "path".into()),
        (2, 1, "rdf-syntax".into(), "-".into()),
        (after, 12, "syntax".into(), "path".into()),
    ];
    assert_eq!(findings, want);
}

/// `--fix` through lines cut into blocks: the output is the input with the one repairable IRI
/// after them rewritten (its space encoded, RFC 3987 §3.1), every other byte as it was, in
/// N-Triples (lines cut) and Turtle (a statement skipped).
#[test]
fn fix_writes_back_every_byte_of_a_statement_too_long() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fix-long");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = "<http://a/b c> <http://a/p> <http://a/o> .\n";
    let long = format!("<http://a/s> <http://a/p> \"{}é\" .\n", "x".repeat(600_000));
    for (format, input) in [
        ("nt", format!("{long}{bad}{long}")),
        (
            "ttl",
            format!(
                "{long}<http://a/s> <http://a/p> \"\"\"{}\n{bad}",
                "y\n".repeat(300_000)
            ),
        ),
    ] {
        let out = dir.join(format!("out.{format}"));
        let args = [
            "check",
            "--format",
            format,
            "--max-statement-bytes",
            "1000",
            "--fix",
            out.to_str().unwrap(),
            "-",
        ];
        let output = crate::common::iri_stdin(&args, input.as_bytes());
        assert_eq!(output.status.code(), Some(1), "{format}");
        let written = std::fs::read_to_string(&out).unwrap();
        assert_eq!(written, input.replace("b c>", "b%20c>"), "{format}");
    }
}

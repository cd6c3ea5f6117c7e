//! `iri check`, run as a user runs it: `FILE:LINE:COLUMN` reports, the start symbols, the
//! worker threads and their order, `--lint`, and a quiet standard error when it is not a
//! terminal. Expected outputs are reasoned from the RFC text beside each case.

use crate::common;

use std::process::{Command, Stdio};

use common::{iri, iri_stdin, stderr, stdout};

/// `iri check`: `FILE:LINE:COLUMN: message` for each invalid line, a summary, exit 1. Line 2 "a
/// b" fails at the space, column 2; line 3 is not UTF-8 at its first byte.
#[test]
fn check_reports_file_line_column() {
    let dir = std::env::temp_dir().join(format!("iri-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("list.txt");
    std::fs::write(&file, b"http://a/\na b\n\xFF\n").unwrap();
    let path = file.to_str().unwrap();
    let out = iri(&["check", path]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(&format!("{path}:2:2: invalid IRI-reference, in the path: ")),
        "{text}"
    );
    assert!(
        lines[1].starts_with(&format!("{path}:3:1: the line is not UTF-8")),
        "{text}"
    );
    assert!(
        stderr(&out).contains("3 lines checked as IRI-reference: 2 invalid"),
        "{}",
        stderr(&out)
    );

    // A file that cannot be read: exit 2, the other files are still checked.
    let missing = dir.join("missing.txt");
    let out = iri(&["check", missing.to_str().unwrap(), path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--kind`: RFC 3987 §2.2 absolute-IRI has no fragment, so `http://a/#f` fails at the "#"
/// (byte 9, column 10); an irelative-ref has no scheme; an IRI is not a URI when it holds
/// non-ASCII characters (RFC 3986 §2).
#[test]
fn check_kinds() {
    let out = iri_stdin(
        &["check", "--kind", "absolute-iri"],
        b"http://a/#f\nhttp://a/?q\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with("<stdin>:1:10: invalid absolute-IRI"),
        "{}",
        stdout(&out)
    );
    assert_eq!(stdout(&out).lines().count(), 1);

    let out = iri_stdin(&["check", "--kind", "relative-ref"], b"../g\ng:h\n");
    assert!(stdout(&out).starts_with("<stdin>:2:"), "{}", stdout(&out));

    let out = iri_stdin(&["check", "--kind", "uri"], b"http://a/\nhttp://\xC3\xA9/\n");
    assert!(stdout(&out).starts_with("<stdin>:2:8: "), "{}", stdout(&out));

    let out = iri_stdin(&["check", "--kind", "iri"], b"http://\xC3\xA9/\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
}

/// `--jobs`: the same report, in the same order, whatever the number of threads. 40,000 lines
/// (more than one batch) where every 7th is invalid (a space at column 2).
#[test]
fn check_jobs_keep_order() {
    let mut text = String::new();
    for i in 0..40_000 {
        if i % 7 == 0 {
            text.push_str("a b\n");
        } else {
            text.push_str(&format!("http://example.org/{i}\n"));
        }
    }
    let one = iri_stdin(&["check", "--jobs", "1"], text.as_bytes());
    let four = iri_stdin(&["check", "--jobs", "4"], text.as_bytes());
    let all = iri_stdin(&["check", "-j", "0"], text.as_bytes());
    assert_eq!(one.status.code(), Some(1));
    let report = stdout(&one);
    assert_eq!(report.lines().count(), 40_000usize.div_ceil(7));
    assert!(report.starts_with("<stdin>:1:2: "), "{}", &report[..80]);
    assert!(report.contains("\n<stdin>:39992:2: "));
    assert_eq!(stdout(&four), report);
    assert_eq!(stdout(&all), report);
    assert!(
        stderr(&four).contains("40000 lines checked as IRI-reference: 5715 invalid"),
        "{}",
        stderr(&four)
    );
}

/// `iri check --lint`: each finding as FILE:LINE:COLUMN: severity[code], counts per code at the
/// end; warnings alone do not fail the run.
#[test]
fn check_lint_counts_codes() {
    let out = iri_stdin(
        &["check", "--lint"],
        "http://a/\nHTTP://a:80/\nhttp://a/%41\n".as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.contains("<stdin>:2:1: warning[uppercase-scheme]: "),
        "{text}"
    );
    assert!(text.contains("<stdin>:2:9: warning[default-port]: "), "{text}");
    assert!(text.contains("<stdin>:3:10: warning[pct-unreserved]: "), "{text}");
    let err = stderr(&out);
    assert!(err.contains("        1 default-port\n"), "{err}");
    assert!(err.contains("        1 uppercase-scheme\n"), "{err}");
}

/// With standard error and output not terminals (pipes here), `iri check` writes no progress
/// and no escape codes: stderr is exactly the summary (and the counts with --lint), over more
/// than one batch, from stdin and from a file. Line 3 of each block of 7 has a space (invalid,
/// column 2), line 5 an uppercase scheme (warning `uppercase-scheme`, RFC 3987 §5.3.2.1).
#[test]
fn check_writes_no_progress_or_escapes_when_not_a_terminal() {
    let mut text = String::new();
    for i in 0..35_000 {
        match i % 7 {
            3 => text.push_str("a b\n"),
            5 => text.push_str("HTTP://example.org/\n"),
            _ => text.push_str(&format!("http://example.org/{i}\n")),
        }
    }
    let dir = std::env::temp_dir().join(format!("iri-check-tty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("list.txt");
    std::fs::write(&file, &text).unwrap();
    let from_stdin = iri_stdin(&["check", "--lint"], text.as_bytes());
    let from_file = Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(["check", "--lint", file.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    for out in [&from_stdin, &from_file] {
        assert_eq!(out.status.code(), Some(1));
        assert!(!out.stdout.contains(&0x1B), "escape code on stdout");
        assert_eq!(
            stderr(out),
            "35000 lines checked as IRI-reference: 5000 invalid\n     5000 syntax\n     5000 uppercase-scheme\n",
            "only the summary on stderr"
        );
        assert_eq!(stdout(out).lines().count(), 10_000);
    }
}

/// `iri check` uses every core unless told otherwise (issue 5): --help says so.
#[test]
fn check_jobs_default_to_one_per_core() {
    let help = stdout(&iri(&["check", "--help"]));
    assert!(help.contains("one per core"), "{help}");
    assert!(help.contains("[default: 0]"), "{help}");
}

/// Files that open but cannot be read (a directory: reading it fails with EISDIR on Linux),
/// more of them than --jobs 1 has blocks in its pool (2 × 1 + 2): each is reported, the run
/// goes on to the next file and ends, exit 2. The list after them is checked as usual: its
/// line 2 "a b" is invalid.
#[cfg(target_os = "linux")]
#[test]
fn check_goes_on_after_many_unreadable_files() {
    let dir = std::env::temp_dir().join(format!("iri-check-unreadable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("list.txt");
    std::fs::write(&file, b"http://a/\na b\n").unwrap();
    let unreadable = dir.to_str().unwrap();
    let mut args = vec!["check", "--jobs", "1"];
    args.extend([unreadable; 10]);
    args.push(file.to_str().unwrap());
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A run that waits for a block that never comes back would hang: give it 60 s.
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("iri check did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.matches("Is a directory").count(), 10, "{err}");
    assert!(
        err.contains("2 lines checked as IRI-reference: 1 invalid"),
        "{err}"
    );
    assert_eq!(stdout(&out).lines().count(), 1);
}

/// `iri check` reads files; given an IRI instead (issue 23), it says the argument is not a file
/// but reads as an IRI (RFC 3987 §2.2 `IRI`: it has a scheme) and gives the command that checks
/// it, with the options that decide what is checked; the command works as given. A missing file
/// whose name is no IRI (no scheme: `no-such-list.txt` is a relative reference, not an IRI) gets
/// the plain message naming it. Exit 2, a file that cannot be read.
#[test]
fn check_says_an_iri_is_not_a_file() {
    let out = iri(&["check", "http://example.org/", "no-such-list.txt"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("iri: http://example.org/: ")
            && err.contains("not a file but reads as an IRI")
            && err.contains("echo 'http://example.org/' | iri check -\n"),
        "{err}"
    );
    let plain = err
        .lines()
        .find(|l| l.contains("no-such-list.txt"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(!plain.contains("IRI"), "{plain}");
    // The command given, run: the IRI is valid.
    let out = iri_stdin(&["check", "-"], b"http://example.org/\n");
    assert_eq!(out.status.code(), Some(0));
    // --kind, --rule and --lint are kept; a "'" in the IRI (a sub-delim, allowed) is quoted
    // for the shell as '\''.
    let err = stderr(&iri(&[
        "check",
        "--kind",
        "absolute-iri",
        "--lint",
        "http://a/it's",
    ]));
    assert!(
        err.contains("echo 'http://a/it'\\''s' | iri check --kind absolute-iri --lint -\n"),
        "{err}"
    );
    let err = stderr(&iri(&["check", "--rule", "IRI", "http://a/"]));
    assert!(
        err.contains("echo 'http://a/' | iri check --rule 'IRI' -\n"),
        "{err}"
    );
    // The other commands take IRIs as INPUTs: given one with --file, they say so.
    let out = iri(&["normalize", "--file", "http://example.org/"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not a file but reads as an IRI"),
        "{}",
        stderr(&out)
    );
}

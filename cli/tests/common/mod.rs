//! Helpers shared by the tests of the `iri` tool: run it as a user does, read what it prints.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `iri` with `args` and no standard input.
pub fn iri(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run iri")
}

/// Runs `iri` with `args`, `stdin` on its standard input.
pub fn iri_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run iri");
    // Written from another thread: a large input and a large output would otherwise fill both
    // pipes and wait on each other.
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let output = child.wait_with_output().unwrap();
    // A tool that exits before reading all its input (a usage error) closes the pipe early.
    if let Err(e) = writer.join().unwrap() {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    output
}

/// Standard output, as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error, as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Each stdout line parsed as one JSON object.
pub fn json_lines(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// Runs `iri` with arguments that need not be UTF-8 (hostile bytes, a file name), and
/// standard input read from `stdin` (a file) or closed.
pub fn iri_os(args: &[std::ffi::OsString], stdin: Option<&std::path::Path>) -> Output {
    let input = match stdin {
        Some(path) => Stdio::from(std::fs::File::open(path).expect("open standard input")),
        None => Stdio::null(),
    };
    Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .stdin(input)
        .output()
        .expect("run iri")
}

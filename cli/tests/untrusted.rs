//! Issue 28: untrusted input never reaches the terminal raw. One table of hostile texts
//! (terminal escape sequences, control characters, the bidi formatting and isolate characters,
//! bytes that are not UTF-8), each placed in every component of an IRI, given to every command
//! and mode of `iri` as arguments, in a file (`--file`) and on standard input; every byte the
//! tool writes, on standard output and standard error, is then scanned for a character that a
//! terminal would obey or that would reorder the line a person reads.
//!
//! What may hold such a character, by the design of issue 28:
//! - piped, a data result of text mode (the lines of normalize, resolve, relativize, to-uri,
//!   to-iri, encode, decode, build and show that *are* the answer) is exact, so it may hold one,
//!   but only where the line equals the `output` (for `show --visual` also `marks`) of the same
//!   command run with `--json` (a cross-check: no result is written here);
//! - nothing else: not a message, not JSON (whose strings carry them as `\uXXXX` escapes, and
//!   whose `input` decodes back to the exact input), and nothing at all on a terminal (a
//!   pseudo-terminal made by util-linux `script`), where data results are escaped too.
#![cfg(unix)]

use crate::common;
#[path = "untrusted/table.rs"]
mod table;

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::Value;

use table::*;

/// One input of the table: a hostile text in one place, and a file holding it as one line.
struct Input {
    name: String,
    bytes: Vec<u8>,
    file: PathBuf,
}

impl Input {
    /// Whether it can be a command-line argument: UTF-8 (clap refuses the rest as a whole,
    /// tested on its own below) without NUL.
    fn is_argument(&self) -> bool {
        std::str::from_utf8(&self.bytes).is_ok() && !self.bytes.contains(&0)
    }
}

/// One run of the tool, in text mode, and in JSON mode when the command has `--json`.
struct Case {
    /// The command as shown in a failure (`iri normalize --file FILE --file -`).
    command: String,
    /// The input's name, or "all inputs".
    name: String,
    args: Vec<OsString>,
    stdin: Option<PathBuf>,
    out: Out,
    json: bool,
    /// The exact data each JSON record names its input by (`input`, `base`, `a`, `b`), in
    /// order. A line that is not UTF-8 is given back decoded with U+FFFD in place of its bad
    /// bytes (the tool's documented reading of it), so it is compared as that.
    records: Vec<Vec<(&'static str, String)>>,
    /// For a run of every input at once: the same run for each input alone, to name the
    /// inputs behind a failure.
    parts: Vec<Case>,
}

/// The temporary directory of one test, removed at its end.
struct Dir(PathBuf);

impl Dir {
    fn new(test: &str) -> Dir {
        let path = std::env::temp_dir().join(format!("iri-untrusted-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Dir(path)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Every hostile text in every place, each in its own file, and all of them in `all.txt`.
fn inputs(dir: &Path) -> (Vec<Input>, PathBuf) {
    let mut inputs = Vec::new();
    for (place, before, after, encoded) in PLACES {
        for (name, text) in HOSTILE {
            let text = if *encoded {
                text.iter()
                    .map(|b| format!("%{b:02X}"))
                    .collect::<String>()
                    .into_bytes()
            } else {
                text.to_vec()
            };
            let bytes = [before.as_bytes(), &text, after.as_bytes()].concat();
            let file = dir.join(format!("input-{}.txt", inputs.len()));
            std::fs::write(&file, [bytes.as_slice(), b"\n"].concat()).unwrap();
            inputs.push(Input {
                name: format!("{name} in the {place}"),
                bytes,
                file,
            });
        }
    }
    let all = dir.join("all.txt");
    let lines: Vec<u8> = inputs
        .iter()
        .flat_map(|i| [i.bytes.as_slice(), b"\n"].concat())
        .collect();
    std::fs::write(&all, lines).unwrap();
    (inputs, all)
}

/// `text` quoted for a failure report, which is read on a terminal too: `"` and `\` escaped,
/// and every forbidden character written `\u{…}`.
fn q(text: &str) -> String {
    let mut quoted = String::from('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => quoted.extend(['\\', c]),
            c if forbidden(c) => quoted.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

fn os(s: &str) -> OsString {
    OsString::from(s)
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A command line as a failure shows it: each argument quoted and escaped.
fn shown(args: &[OsString]) -> String {
    let quoted: Vec<String> = args.iter().map(|a| q(&a.to_string_lossy())).collect();
    format!("iri {}", quoted.join(" "))
}

/// `mode` on `inputs`: as arguments (those that can be), then in `file`, then on standard
/// input (the same file), in one run.
fn batch(mode: &(&[&str], Out, bool), inputs: &[&Input], file: &Path, name: &str) -> Case {
    let (prefix, out, json) = *mode;
    let mut args: Vec<OsString> = prefix.iter().map(|a| os(a)).collect();
    let mut command = format!("iri {}", prefix.join(" "));
    let mut given: Vec<&Input> = Vec::new();
    if prefix[0] == "check" {
        args.extend([file.as_os_str().to_owned(), os("-")]);
        command.push_str(" FILE -");
    } else {
        for input in inputs.iter().filter(|i| i.is_argument()) {
            args.push(OsString::from_vec(input.bytes.clone()));
            given.push(input);
        }
        args.extend([os("--file"), file.as_os_str().to_owned(), os("--file"), os("-")]);
        command.push_str(" ARGS --file FILE --file -");
    }
    // `check --json` names lines by file and number, not by their text.
    let from_args = given.len();
    if prefix[0] != "check" {
        given.extend(inputs.iter().copied());
        given.extend(inputs.iter().copied());
    }
    let records = given
        .iter()
        .enumerate()
        .map(|(n, i)| {
            let mut exact = lossy(&i.bytes);
            // A byte order mark at the start of a file (or of standard input) is skipped, as
            // `iri --help` says.
            if n == from_args || n == from_args + inputs.len() {
                exact = exact.strip_prefix('\u{FEFF}').unwrap_or(&exact).to_string();
            }
            let mut fields = vec![("input", exact)];
            if prefix[0] == "resolve" || prefix[0] == "relativize" {
                fields.push(("base", BASE.to_string()));
            }
            fields
        })
        .collect();
    Case {
        command,
        name: name.to_string(),
        args,
        stdin: Some(file.to_path_buf()),
        out,
        json,
        records,
        parts: Vec::new(),
    }
}

/// A run of one command line, naming `name`; `records` as in [`Case`].
fn single(
    name: &str,
    args: Vec<OsString>,
    out: Out,
    json: bool,
    records: Vec<Vec<(&'static str, String)>>,
) -> Case {
    Case {
        command: shown(&args),
        name: name.to_string(),
        args,
        stdin: None,
        out,
        json,
        records,
        parts: Vec::new(),
    }
}

/// The whole table: every mode on every input (one run, split by input when it fails), then the
/// commands that take one hostile value a run, then hostile file names and option values.
fn table(dir: &Path) -> Vec<Case> {
    let (inputs, all) = inputs(dir);
    let mut cases = Vec::new();
    for mode in MODES {
        let every: Vec<&Input> = inputs.iter().collect();
        let mut case = batch(mode, &every, &all, "all inputs");
        case.parts = inputs
            .iter()
            .map(|i| batch(mode, &[i], &i.file, &i.name))
            .collect();
        cases.push(case);
    }

    for input in inputs.iter().filter(|i| i.is_argument()) {
        let text = || OsString::from_vec(input.bytes.clone());
        let exact = lossy(&input.bytes);
        // Both operands hostile: whichever the tool quotes, it is one of them. A few places
        // (the messages differ by component; one valid when encoded), to keep the runs few.
        let compared = [
            "in the path",
            "in the host",
            "in the scheme",
            "in the whole input",
            "path, percent-encoded",
        ];
        if compared.iter().any(|place| input.name.ends_with(place)) {
            cases.push(single(
                &input.name,
                vec![os("compare"), text(), text()],
                Messages,
                true,
                vec![vec![("a", exact.clone()), ("b", exact.clone())]],
            ));
        }
        if input.name.ends_with("in the path") {
            for command in ["resolve", "relativize"] {
                cases.push(single(
                    &format!("{} as the base", input.name),
                    vec![os(command), os("--base"), text(), os("http://a/g")],
                    Data,
                    true,
                    vec![vec![("input", "http://a/g".into()), ("base", exact.clone())]],
                ));
            }
        }
    }

    for (name, value) in HOSTILE {
        let Ok(value) = std::str::from_utf8(value) else {
            continue;
        };
        if value.contains('\0') {
            continue;
        }
        for option in BUILD_OPTIONS {
            let value = match *option {
                "--query-pair" => format!("{value}={value}"),
                _ => value.to_string(),
            };
            let mut args = vec![os("build")];
            for (default, default_value) in [("--scheme", "http"), ("--host", "a")] {
                if *option != default {
                    args.extend([os(default), os(default_value)]);
                }
            }
            args.extend([os(option), os(&value)]);
            cases.push(single(
                &format!("{name} in {option}"),
                args,
                Data,
                true,
                Vec::new(),
            ));
        }
    }

    // Hostile file names: a file that does not exist, and files that do, starting with a byte
    // order mark (which is said on standard error, with the file's name).
    let missing = dir.join(OsStr::from_bytes(b"a\x1b]0;t\x07.txt"));
    let titled = dir.join(OsStr::from_bytes(b"b\x1b]0;t\x07.txt"));
    let reversed = dir.join("c\u{202E}txt.lst");
    let lines: &[u8] = b"\xef\xbb\xbfhttp://a/\x1b[31m\nhttp://a/ok\n";
    let in_file = || {
        vec![
            vec![("input", "http://a/\x1b[31m".to_string())],
            vec![("input", "http://a/ok".to_string())],
        ]
    };
    for file in [&titled, &reversed] {
        std::fs::write(file, lines).unwrap();
    }
    for (file, exists) in [(&missing, false), (&titled, true), (&reversed, true)] {
        let name = format!(
            "the file name {}",
            q(&file.file_name().unwrap().to_string_lossy())
        );
        let path = file.as_os_str().to_owned();
        let records = if exists { in_file() } else { Vec::new() };
        cases.push(single(
            &name,
            vec![os("check"), path.clone()],
            Messages,
            true,
            Vec::new(),
        ));
        let file_arg = |command: &str| vec![os(command), os("--file"), path.clone()];
        cases.push(single(&name, file_arg("normalize"), Data, true, records.clone()));
        cases.push(single(&name, file_arg("lint"), Messages, true, records.clone()));
        cases.push(single(&name, file_arg("parse"), Messages, true, records));
    }

    // Option values clap (or the tool) refuses, quoted in the refusal.
    let refused: &[&[&[u8]]] = &[
        &[b"normalize", b"--level", b"\x1b[2J", b"a"],
        &[b"\x1b]0;x\x07"],
        &[b"parse", b"--x\x1b[31m", b"a"],
        &[b"encode", b"\x1b[2J", b"a"],
        &[b"check", b"--rule", b"\x1b]0;x\x07"],
        &[b"parse", b"--tree", b"--rule", b"i\xe2\x80\xaehost", b"a"],
        &[b"to-uri", b"--encoding", b"\x1b]0;x\x07", b"a"],
        &[b"to-uri", b"--query-charset", b"\xe2\x80\xae", b"a"],
        &[b"lint", b"--max", b"\x1b[31m", b"a"],
        &[b"build", b"--port", b"\x1b[31m"],
        &[b"resolve", b"--base", b"http://a/\x1b[2J", b"g"],
        &[b"relativize", b"--base", b"\xe2\x80\xae", b"g"],
        &[b"normalize", b"http://a/\xed\xa0\x80"],
    ];
    for args in refused {
        let args: Vec<OsString> = args.iter().map(|a| OsString::from_vec(a.to_vec())).collect();
        cases.push(single(
            "a refused option value",
            args,
            Messages,
            false,
            Vec::new(),
        ));
    }
    cases
}

/// The lines of `bytes` holding a forbidden character, numbered from 1, or why `bytes` cannot
/// be read. On a terminal (`pty`), a CR right before LF is the terminal's own (it writes LF as
/// CRLF) and allowed.
fn scan(bytes: &[u8], pty: bool) -> Result<Vec<(usize, String)>, String> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| format!("not UTF-8 ({e}): {}", q(&String::from_utf8_lossy(bytes))))?;
    Ok(text
        .split('\n')
        .enumerate()
        .map(|(n, line)| {
            (
                n + 1,
                if pty {
                    line.strip_suffix('\r').unwrap_or(line)
                } else {
                    line
                },
            )
        })
        .filter(|(_, line)| line.chars().any(forbidden))
        .map(|(n, line)| (n, line.to_string()))
        .collect())
}

/// Runs `iri`, standard input from `stdin`.
fn run(args: &[OsString], stdin: Option<&Path>) -> Output {
    common::iri_os(args, stdin)
}

/// The failures of a case run piped, each a line for the report.
fn piped(case: &Case) -> Vec<String> {
    let mut failures = Vec::new();
    let mut fail = |what: String| failures.push(format!("{} [{}]: {what}", case.command, case.name));
    let text = run(&case.args, case.stdin.as_deref());
    let json = case.json.then(|| {
        let mut args = case.args.clone();
        args.push(os("--json"));
        run(&args, case.stdin.as_deref())
    });
    for (mode, out) in [("text", Some(&text)), ("--json", json.as_ref())] {
        let Some(out) = out else { continue };
        if !matches!(out.status.code(), Some(0..=2)) {
            fail(format!("{mode}: exit status {:?}", out.status));
        }
        match scan(&out.stderr, false) {
            Err(e) => fail(format!("{mode}: standard error {e}")),
            Ok(lines) => {
                for (n, line) in lines {
                    fail(format!("{mode}: standard error line {n}: {}", q(&line)));
                }
            }
        }
    }

    // JSON: no raw character anywhere, each line an object, and the inputs given back exactly.
    let mut values: Vec<Value> = Vec::new();
    if let Some(json) = &json {
        match scan(&json.stdout, false) {
            Err(e) => fail(format!("--json: standard output {e}")),
            Ok(lines) => {
                for (n, line) in lines {
                    fail(format!(
                        "--json: standard output line {n} holds a raw character: {}",
                        q(&line)
                    ));
                }
            }
        }
        for line in String::from_utf8_lossy(&json.stdout).lines() {
            match serde_json::from_str(line) {
                Ok(value) => values.push(value),
                Err(e) => fail(format!("--json: not JSON ({e}): {}", q(line))),
            }
        }
        let named: Vec<&Value> = values
            .iter()
            .filter(|v| v.get("input").is_some() || v.get("a").is_some())
            .collect();
        // A usage error (2) may stop before every input: then the records written are checked.
        if named.len() != case.records.len()
            && !(json.status.code() == Some(2) && named.len() < case.records.len())
        {
            fail(format!(
                "--json: {} records name an input, {} expected",
                named.len(),
                case.records.len()
            ));
        }
        for (value, fields) in named.iter().zip(&case.records) {
            for (key, exact) in fields {
                if value.get(*key).and_then(Value::as_str) != Some(exact.as_str()) {
                    fail(format!(
                        "--json: {key} is not the exact input {}: {}",
                        q(exact),
                        q(&value.to_string())
                    ));
                }
            }
        }
    }

    // Text: a line with a raw character is allowed only as the exact result JSON gives.
    match scan(&text.stdout, false) {
        Err(e) => fail(format!("text: standard output {e}")),
        Ok(lines) => {
            for (n, line) in lines {
                let (record, key) = match case.out {
                    Messages => (None, "output"),
                    Data => (values.get(n - 1), "output"),
                    Visual => (
                        values.get((n - 1) / 2),
                        if n % 2 == 1 { "output" } else { "marks" },
                    ),
                };
                let exact = record.and_then(|r| r.get(key)).and_then(Value::as_str);
                if exact != Some(line.as_str()) {
                    fail(format!("text: standard output line {n}: {}", q(&line)));
                }
            }
        }
    }
    failures
}

/// Runs `cases` in parallel (each a few processes), keeping their order.
fn each<T: Send>(cases: &[&Case], check: impl Fn(&Case) -> T + Sync) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..cases.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()) + 1;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let result = check(case);
                results.lock().unwrap()[i] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(Option::unwrap)
        .collect()
}

/// The failures of `cases` by `check`; a failing run of every input is run again input by
/// input to name the inputs behind it (its own failures stand when no input alone fails).
fn failures(cases: &[Case], check: impl Fn(&[&Case]) -> Vec<Vec<String>>) -> Vec<String> {
    let refs: Vec<&Case> = cases.iter().collect();
    let mut report = Vec::new();
    for (case, failed) in cases.iter().zip(check(&refs)) {
        if failed.is_empty() {
            continue;
        }
        let parts: Vec<&Case> = case.parts.iter().collect();
        if parts.is_empty() {
            report.extend(failed);
            continue;
        }
        let named: Vec<Vec<String>> = check(&parts).into_iter().filter(|f| !f.is_empty()).collect();
        if named.is_empty() {
            report.extend(failed);
        }
        // A few lines an input: the same leak is usually on each of its channels.
        for failed in named {
            let more = failed.len().saturating_sub(3);
            report.extend(failed.into_iter().take(3));
            if more > 0 {
                report.push(format!("  ... and {more} more for this input"));
            }
        }
    }
    report
}

fn assert_none(report: Vec<String>) {
    assert!(
        report.is_empty(),
        "{} failures:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn piped_output_is_exact_data_or_escaped() {
    let dir = Dir::new("piped");
    let cases = table(&dir.0);
    assert_none(failures(&cases, |cases| each(cases, piped)));
}

/// Single quotes for `sh`: nothing is special inside them but `'` itself.
fn quote(arg: &OsStr) -> Vec<u8> {
    let mut quoted = b"'".to_vec();
    for &b in arg.as_bytes() {
        if b == b'\'' {
            quoted.extend(b"'\\''");
        } else {
            quoted.push(b);
        }
    }
    quoted.push(b'\'');
    quoted
}

/// Runs each case's text mode with standard output a pseudo-terminal (util-linux `script`),
/// all in one shell script, each after a marker line; `env` goes before each command. Returns
/// what each wrote on the terminal, and on standard error (a file).
fn on_terminal(cases: &[&Case], env: &[&str], dir: &Path) -> Vec<(Vec<u8>, Vec<u8>)> {
    let iri = OsStr::new(env!("CARGO_BIN_EXE_iri"));
    let mut sh = Vec::new();
    for (i, (case, env)) in cases.iter().zip(env).enumerate() {
        writeln!(sh, "printf '\\n@@case {i}@@\\n'").unwrap();
        write!(sh, "{env} ").unwrap();
        sh.extend(quote(iri));
        for arg in &case.args {
            sh.push(b' ');
            sh.extend(quote(arg));
        }
        let stdin = case.stdin.as_deref().unwrap_or(Path::new("/dev/null"));
        sh.extend(b" <");
        sh.extend(quote(stdin.as_os_str()));
        sh.extend(b" 2>");
        sh.extend(quote(dir.join(format!("stderr-{i}")).as_os_str()));
        sh.push(b'\n');
    }
    writeln!(sh, "printf '\\n@@case {}@@\\n'", cases.len()).unwrap();
    let script = dir.join("terminal.sh");
    std::fs::write(&script, sh).unwrap();
    let out = Command::new("script")
        .args(["-qec", &format!("sh '{}'", script.display()), "/dev/null"])
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .expect("run util-linux script (Debian's bsdutils)");
    let all = out.stdout;
    let marker = |i: usize| format!("\r\n@@case {i}@@\r\n").into_bytes();
    let mut from = find(&all, &marker(0)).expect("the first marker") + marker(0).len();
    (0..cases.len())
        .map(|i| {
            let end = marker(i + 1);
            let to = from + find(&all[from..], &end).expect("the next marker");
            let stderr = std::fs::read(dir.join(format!("stderr-{i}"))).unwrap_or_default();
            let written = all[from..to].to_vec();
            from = to + end.len();
            (written, stderr)
        })
        .collect()
}

/// Where `needle` first is in `haystack` (a marker line: its first byte is rare, CR).
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let mut at = 0;
    while let Some(cr) = haystack[at..].iter().position(|&b| b == needle[0]) {
        if haystack[at + cr..].starts_with(needle) {
            return Some(at + cr);
        }
        at += cr + 1;
    }
    None
}

#[test]
fn nothing_raw_on_a_terminal() {
    let dir = Dir::new("terminal");
    let cases = table(&dir.0);
    let scratch = dir.0.join("runs");
    let runs = AtomicUsize::new(0);
    let report = failures(&cases, |cases| {
        let dir = scratch.join(runs.fetch_add(1, Ordering::Relaxed).to_string());
        std::fs::create_dir_all(&dir).unwrap();
        let env = vec!["NO_COLOR=1"; cases.len()];
        let outputs = on_terminal(cases, &env, &dir);
        cases
            .iter()
            .zip(outputs)
            .map(|(case, (stdout, stderr))| {
                let mut failed = Vec::new();
                for (stream, bytes, pty) in [("terminal", stdout, true), ("standard error", stderr, false)] {
                    let at = format!("{} [{}]: on a terminal, {stream}", case.command, case.name);
                    match scan(&bytes, pty) {
                        Err(e) => failed.push(format!("{at} {e}")),
                        Ok(lines) => failed.extend(
                            lines
                                .into_iter()
                                .map(|(n, l)| format!("{at} line {n}: {}", q(&l))),
                        ),
                    }
                }
                failed
            })
            .collect()
    });
    assert_none(report);
}

/// Removes the SGR sequences (ESC [ digits and semicolons m) the lint renderer colours with.
fn without_sgr(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\x1b[") {
        plain.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let params = after
            .find(|c: char| !c.is_ascii_digit() && c != ';')
            .unwrap_or(after.len());
        if after[params..].starts_with('m') {
            rest = &after[params + 1..];
        } else {
            // Not an SGR sequence: kept, for the comparison to catch.
            plain.push_str("\x1b[");
            rest = after;
        }
    }
    plain.push_str(rest);
    plain
}

/// `iri lint` colours its diagnostics on a terminal, unless NO_COLOR is set: the colours are
/// its own SGR sequences and nothing else, so without them the text is the NO_COLOR text (an
/// ESC from the input, even one that looks like an SGR, would be escaped in both).
#[test]
fn lint_colours_are_its_own() {
    let dir = Dir::new("colour");
    let (inputs, all) = inputs(&dir.0);
    let every: Vec<&Input> = inputs.iter().collect();
    let lint = batch(&(&["lint"], Messages, true), &every, &all, "all inputs");
    let outputs = on_terminal(&[&lint, &lint], &["NO_COLOR=1", "TERM=xterm-256color"], &dir.0);
    let plain = String::from_utf8(outputs[0].0.clone()).expect("UTF-8");
    let coloured = String::from_utf8(outputs[1].0.clone()).expect("UTF-8");
    assert!(
        coloured.contains("\x1b["),
        "no colour on a terminal without NO_COLOR"
    );
    if let Some(line) = plain.lines().find(|l| l.contains('\x1b')) {
        panic!("with NO_COLOR=1, ESC on a terminal: {}", q(line));
    }
    if let Some((c, p)) = coloured
        .lines()
        .map(without_sgr)
        .zip(plain.lines())
        .find(|(c, p)| c != p)
    {
        panic!(
            "the coloured lint, without its SGR sequences, is not the NO_COLOR one:\n{}\n{}",
            q(&c),
            q(p)
        );
    }
    assert_eq!(coloured.lines().count(), plain.lines().count());
}

/// Terminal columns of `text`: two for the wide East Asian characters of these cases, one
/// for the others (the cases are ASCII, escapes and one CJK ideograph).
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| match c {
            '\u{1100}'..='\u{115F}'
            | '\u{2E80}'..='\u{A4CF}'
            | '\u{AC00}'..='\u{D7A3}'
            | '\u{F900}'..='\u{FAFF}'
            | '\u{FF00}'..='\u{FF60}' => 2,
            _ => 1,
        })
        .sum()
}

/// The caret under an error stands under the first character (`\`) of the escape that shows
/// the character at fault, in `iri parse`'s listing and in `iri lint`'s snippet: the input line
/// is the line above the first line made of spaces, `|` and then `^`.
#[test]
fn caret_under_the_escape() {
    // (name, input before the character, the character, after it)
    let cases = [
        ("ESC in the path", "http://a/b", '\x1b', "[31mc"),
        ("RLO in the query", "http://a/?q", '\u{202E}', "x"),
        ("a wide character before ESC", "http://a/中", '\x1b', "b"),
    ];
    let mut report = Vec::new();
    for (name, before, c, after) in cases {
        let input = format!("{before}{c}{after}");
        let escaped = format!("{before}\\u{{{:X}}}{after}", c as u32);
        for command in ["parse", "lint"] {
            let out = common::iri(&[command, &input]);
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            let lines: Vec<&str> = text.lines().collect();
            let caret = lines
                .iter()
                .position(|l| l.trim_start_matches([' ', '|']).starts_with('^'));
            let Some(caret) = caret.filter(|&n| n > 0) else {
                report.push(format!("iri {command} [{name}]: no caret line in {}", q(&text)));
                continue;
            };
            let shown = lines[caret - 1];
            let Some(at) = shown.find(&escaped) else {
                report.push(format!(
                    "iri {command} [{name}]: the line above the caret does not show {}: {}",
                    q(&escaped),
                    q(shown)
                ));
                continue;
            };
            let want = columns(&shown[..at]) + columns(before);
            let got = columns(&lines[caret][..lines[caret].find('^').unwrap()]);
            if got != want {
                report.push(format!(
                    "iri {command} [{name}]: caret at column {got}, the escape at {want}:\n{}\n{}",
                    q(shown),
                    q(lines[caret])
                ));
            }
        }
    }
    assert_none(report);
}

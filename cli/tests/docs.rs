//! The `console` blocks of the repository's Markdown files, run (TESTING.md, "The examples in
//! the documentation"). Each `$ ` line of a block is a command, run by `sh -c` at the
//! repository's root with the `iri` tool these tests built first on `PATH`, standard input
//! empty, standard output and standard error into one pipe; the lines under it, up to the next
//! `$ `, are what it must print. In them a line `...` stands for any number of lines (none
//! too), and a line ending in ` ...` for one line that begins with what comes before the
//! ` ...`. The exit status is not compared, except that sh's 126 and 127 (a command that could
//! not run or was not found) fail the example.
//!
//! Every block is run by one test, which collects every mismatch (FILE:LINE of the command,
//! what was expected, what was printed) and reports them all at the end: a change that breaks
//! the examples of several pages is seen whole in one run, not a block per run. The commands
//! run one after another, in the order of the files and their lines: a command may use a file
//! one before it wrote. Run them alone: `cargo test -p iri-cli --test main -- docs::`.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::markdown::{blocks, markdown_files, Block};

/// The repository's root (the workspace, whose member cli/ this crate is).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the workspace")
        .to_owned()
}

/// A command of a `console` block: its line, the text after `$ `, and the lines under it.
#[derive(Debug, PartialEq)]
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The commands of a `console` block, or the line of output that comes before any command.
fn examples(block: &Block) -> Result<Vec<Example>, usize> {
    let mut found: Vec<Example> = Vec::new();
    for (line, text) in &block.lines {
        if let Some(command) = text.strip_prefix("$ ") {
            found.push(Example {
                line: *line,
                command: command.to_owned(),
                expected: Vec::new(),
            });
        } else {
            found.last_mut().ok_or(*line)?.expected.push(text.clone());
        }
    }
    Ok(found)
}

/// Whether the lines `got` are what `expected` shows: line for line, but that a line `...`
/// matches any number of lines (none too) and a line ending in ` ...` one line that begins with
/// what comes before the ` ...`. (Dynamic programming over both, so that several `...` cost
/// no more than the product of the lengths.)
fn matches<E: AsRef<str>, G: AsRef<str>>(expected: &[E], got: &[G]) -> bool {
    let (m, n) = (expected.len(), got.len());
    // matched[i][j]: expected[i..] matches got[j..].
    let mut matched = vec![vec![false; n + 1]; m + 1];
    matched[m][n] = true;
    for i in (0..m).rev() {
        let want = expected[i].as_ref();
        for j in (0..=n).rev() {
            matched[i][j] = if want == "..." {
                matched[i + 1][j] || (j < n && matched[i][j + 1])
            } else {
                j < n
                    && {
                        let line = got[j].as_ref();
                        match want.strip_suffix(" ...") {
                            Some(prefix) => line.starts_with(prefix),
                            None => line == want,
                        }
                    }
                    && matched[i + 1][j + 1]
            };
        }
    }
    matched[0][0]
}

/// The lines a command prints: standard output and standard error through one pipe, in the
/// order written (`sh -c` at `root`, the directory of `iri` first on `PATH`, standard input
/// empty). NO_COLOR and COLUMNS fixed: `iri lint` colours only on a terminal and not with
/// NO_COLOR set; clap wraps `--help` at COLUMNS, else at 100 columns when not on a terminal.
fn run(root: &Path, command: &str) -> (Vec<String>, Option<i32>) {
    let tool_dir = Path::new(env!("CARGO_BIN_EXE_iri"))
        .parent()
        .expect("iri is in a directory");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::iter::once(tool_dir.to_owned()).chain(std::env::split_paths(&path)))
        .expect("PATH");
    let (mut reader, writer) = std::io::pipe().expect("a pipe");
    let mut child = {
        let mut sh = Command::new("sh");
        sh.arg("-c")
            .arg(command)
            .current_dir(root)
            .env("PATH", path)
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .env_remove("CLICOLOR_FORCE")
            .stdin(Stdio::null())
            .stdout(writer.try_clone().expect("a pipe"))
            .stderr(writer);
        sh.spawn().expect("run sh")
        // `sh` dropped here with its ends of the pipe: the reader sees the end when the
        // command's own are closed.
    };
    let mut out = Vec::new();
    reader.read_to_end(&mut out).expect("read the command's output");
    let status = child.wait().expect("wait for sh");
    let text = String::from_utf8_lossy(&out);
    if text.is_empty() {
        return (Vec::new(), status.code());
    }
    let lines = text
        .strip_suffix('\n')
        .unwrap_or(&text)
        .split('\n')
        .map(str::to_owned)
        .collect();
    (lines, status.code())
}

/// Runs the commands of every `console` block of `text` (but those a comment leaves out), and returns how many
/// blocks it ran and a message for each command whose output is not what the block shows.
fn check_file(root: &Path, file: &str, text: &str) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for block in blocks(text)
        .iter()
        .filter(|b| b.language == "console" && b.comment.is_none())
    {
        ran += 1;
        let examples = match examples(block) {
            Ok(examples) => examples,
            Err(line) => {
                failures.push(format!(
                    "{file}:{line}: output before any `$ ` command in the block"
                ));
                continue;
            }
        };
        if examples.is_empty() {
            failures.push(format!(
                "{file}:{}: a console block with no `$ ` command",
                block.line
            ));
        }
        for example in examples {
            let (got, status) = run(root, &example.command);
            // The exit status is not compared, but sh's own 126 and 127 (a command that could
            // not run, or was not found) mean the example never ran, whatever `...` matches.
            if let Some(code @ (126 | 127)) = status {
                failures.push(format!(
                    "{file}:{}: $ {}\n  sh exited {code}: a command of it could not run or was not found:\n{}",
                    example.line,
                    example.command,
                    got.iter().map(|l| format!("    {l}\n")).collect::<String>()
                ));
                continue;
            }
            if !matches(&example.expected, &got) {
                let show = |lines: &[String]| -> String {
                    if lines.is_empty() {
                        return "    (nothing)\n".to_owned();
                    }
                    lines.iter().map(|l| format!("    {l}\n")).collect()
                };
                // An empty last line is easy to miss in the listing: say so when it is all
                // that differs.
                let kept = got.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1);
                let note = if kept < got.len() && matches(&example.expected, &got[..kept]) {
                    format!(
                        "  (the output ends in {} empty line(s), which the block must show before its closing fence)\n",
                        got.len() - kept
                    )
                } else {
                    String::new()
                };
                failures.push(format!(
                    "{file}:{}: $ {}\n  expected:\n{}  got:\n{}{note}",
                    example.line,
                    example.command,
                    show(&example.expected),
                    show(&got)
                ));
            }
        }
    }
    (ran, failures)
}

#[test]
fn console_blocks_print_what_they_show() {
    let root = root();
    let mut ran = 0;
    let mut failures = Vec::new();
    for file in markdown_files(&root) {
        let text = fs::read_to_string(root.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let (blocks, wrong) = check_file(&root, &file, &text);
        ran += blocks;
        failures.extend(wrong);
    }
    assert!(ran > 0, "no console block found in the Markdown files");
    assert!(
        failures.is_empty(),
        "{} console examples do not print what they show (`...` is any lines, `TEXT ...` a line \
         beginning with TEXT):\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_repository_has_console_blocks() {
    let root = root();
    let count: usize = markdown_files(&root)
        .iter()
        .map(|file| {
            let text = fs::read_to_string(root.join(file)).unwrap();
            blocks(&text)
                .iter()
                .filter(|b| b.language == "console" && b.comment.is_none())
                .count()
        })
        .sum();
    assert!(count > 0, "no console block in {:?}", markdown_files(&root));
}

// The parts, on texts written here: each can fail.

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn matcher_compares_line_for_line() {
    assert!(matches(&lines("a\nb"), &lines("a\nb")));
    assert!(matches::<&str, &str>(&[], &[]));
    assert!(!matches(&lines("a\nb"), &lines("a\nc")));
    assert!(!matches(&lines("a\nb"), &lines("a")));
    assert!(!matches(&lines("a"), &lines("a\nb")));
    assert!(!matches(&lines("a"), &lines("a ")));
    assert!(!matches(&lines(""), &lines("a")));
    assert!(!matches(&lines("a"), &lines("")));
    // An empty line is a line.
    assert!(matches(&["a", "", "b"], &["a", "", "b"]));
    assert!(!matches(&["a", "", "b"], &["a", "b"]));
}

#[test]
fn matcher_dots_line_is_any_number_of_lines() {
    // None, one, several.
    assert!(matches(&lines("a\n...\nz"), &lines("a\nz")));
    assert!(matches(&lines("a\n...\nz"), &lines("a\nb\nz")));
    assert!(matches(&lines("a\n...\nz"), &lines("a\nb\nc\nd\nz")));
    // At the end, at the start, alone.
    assert!(matches(&lines("a\n..."), &lines("a")));
    assert!(matches(&lines("a\n..."), &lines("a\nb\nc")));
    assert!(matches(&lines("...\nz"), &lines("x\ny\nz")));
    assert!(matches(&lines("..."), &lines("")));
    assert!(matches(&lines("..."), &lines("x\ny")));
    // Two, each taking its share.
    assert!(matches(&lines("a\n...\nm\n...\nz"), &lines("a\nb\nm\nn\no\nz")));
    assert!(matches(&lines("a\n...\nm\n...\nz"), &lines("a\nm\nz")));
    // What the lines around it say still holds.
    assert!(!matches(&lines("a\n...\nz"), &lines("a\nb\nc")));
    assert!(!matches(&lines("a\n...\nz"), &lines("b\nz")));
    assert!(!matches(&lines("a\n...\nm\n...\nz"), &lines("a\nb\nz")));
    assert!(!matches(&lines("a\n..."), &lines("b\nc")));
    // Only a line that is exactly `...`: "…" (U+2026) and "...." are text.
    assert!(!matches(&lines("a\n…"), &lines("a\nb")));
    assert!(!matches(&lines("a\n...."), &lines("a\nb")));
}

#[test]
fn matcher_line_ending_in_dots_is_a_prefix() {
    assert!(matches(
        &lines("error: bad ..."),
        &lines("error: bad IRI at column 3")
    ));
    // What comes before the " ...", without that space.
    assert!(matches(&lines("error: bad ..."), &lines("error: bad")));
    assert!(!matches(&lines("error: bad ..."), &lines("error: ba")));
    assert!(!matches(&lines("error: bad ..."), &lines("warning: bad IRI")));
    // One line, not several, not none.
    assert!(!matches(&lines("x ..."), &lines("x 1\nx 2")));
    assert!(!matches(&lines("x ..."), &lines("")));
    assert!(matches(&lines("x ...\nx ..."), &lines("x 1\nx 2")));
    // With `...` around it.
    assert!(matches(
        &lines("...\ntotal: ...\n..."),
        &lines("a\nb\ntotal: 3\nc")
    ));
    assert!(!matches(
        &lines("...\ntotal: ...\n..."),
        &lines("a\nb\nsum: 3\nc")
    ));
    // "..." without a space before it is text.
    assert!(!matches(&lines("abc..."), &lines("abcdef")));
}

#[test]
fn blocks_are_found_with_their_language_lines_and_comment() {
    let text = "# Title\n\
                \n\
                ```console\n\
                $ iri --version\n\
                iri ...\n\
                ```\n\
                \n\
                <!-- not run: it installs something -->\n\
                ```console title\n\
                $ cargo install iri-cli\n\
                ```\n\
                <!-- run by capi/test.sh: the C examples -->\n\
                ```c\n\
                int x;\n\
                ```\n\
                - a list item:\n\
                \x20 ````sh\n\
                \x20 echo ```\n\
                \x20   indented\n\
                \x20 ````\n\
                ```\n\
                never closed\n";
    let found = blocks(text);
    let block =
        |(line, end): (usize, usize), language: &str, comment: Option<&str>, lines: &[(usize, &str)]| Block {
            line,
            end,
            language: language.to_owned(),
            comment: comment.map(str::to_owned),
            lines: lines.iter().map(|(n, l)| (*n, (*l).to_owned())).collect(),
        };
    assert_eq!(
        found,
        [
            block((3, 6), "console", None, &[(4, "$ iri --version"), (5, "iri ...")]),
            block(
                (9, 11),
                "console",
                Some("not run: it installs something"),
                &[(10, "$ cargo install iri-cli")]
            ),
            block(
                (13, 15),
                "c",
                Some("run by capi/test.sh: the C examples"),
                &[(14, "int x;")]
            ),
            block((17, 20), "sh", None, &[(18, "echo ```"), (19, "  indented")]),
            block((21, 22), "", None, &[(22, "never closed")]),
        ]
    );
    let console = &found[0];
    assert_eq!(
        examples(console),
        Ok(vec![Example {
            line: 4,
            command: "iri --version".into(),
            expected: vec!["iri ...".into()]
        }])
    );
    let stray = Block {
        line: 1,
        end: 3,
        language: "console".into(),
        comment: None,
        lines: vec![(2, "out".into())],
    };
    assert_eq!(examples(&stray), Err(2));
}

/// The runner on a scratch page: what prints what it shows passes; a wrong line, a missing
/// line, standard error, the tool on PATH, the root as the working directory and empty standard
/// input are all seen; a skipped block is not run.
#[test]
fn runner_passes_a_right_page_and_fails_a_wrong_one() {
    let root = root();
    let right = "```console\n\
                 $ iri --version\n\
                 iri ...\n\
                 $ echo out; echo err >&2; echo out again\n\
                 out\n\
                 err\n\
                 out again\n\
                 $ ls Cargo.toml; cat; echo end\n\
                 Cargo.toml\n\
                 end\n\
                 $ iri parse 'http://例え/a b'\n\
                 ...\n\
                 $ true\n\
                 ```\n\
                 \n\
                 <!-- not run: it would fail -->\n\
                 ```console\n\
                 $ echo no\n\
                 yes\n\
                 ```\n";
    let (ran, failures) = check_file(&root, "right.md", right);
    assert_eq!(ran, 1);
    assert!(failures.is_empty(), "{failures:#?}");

    let wrong = "text\n\
                 \n\
                 ```console\n\
                 $ echo one; echo two\n\
                 one\n\
                 three\n\
                 $ echo one; echo two\n\
                 one\n\
                 $ echo err >&2\n\
                 $ printf 'x\\n\\n'\n\
                 x\n\
                 ```\n";
    let (ran, failures) = check_file(&root, "wrong.md", wrong);
    assert_eq!(ran, 1);
    assert_eq!(
        failures,
        [
            "wrong.md:4: $ echo one; echo two\n  expected:\n    one\n    three\n  got:\n    one\n    two\n",
            "wrong.md:7: $ echo one; echo two\n  expected:\n    one\n  got:\n    one\n    two\n",
            "wrong.md:9: $ echo err >&2\n  expected:\n    (nothing)\n  got:\n    err\n",
            "wrong.md:10: $ printf 'x\\n\\n'\n  expected:\n    x\n  got:\n    x\n    \n  (the output ends in 1 \
             empty line(s), which the block must show before its closing fence)\n",
        ]
    );
}

//! Where the tool's inputs come from, for every command: INPUT arguments, `-` for standard
//! input, `--file PATH` (repeatable), or standard input when none is given. Lines are read as
//! bytes, so that a line that is not UTF-8 is reported, never a crash; each input knows where it
//! came from (`<args>:2`, `<stdin>:7`, `list.txt:3`).

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader};

use clap::Args;

use crate::report::{self, Failure};
use crate::Status;

/// The name standard input is reported under.
pub const STDIN: &str = "<stdin>";

/// The name command-line INPUTs are reported under; their "line" is their position.
pub const ARGS: &str = "<args>";

/// The inputs of a command. Each command names and describes INPUT in its own help
/// (`mut_arg("inputs", ...)`).
#[derive(Args)]
pub struct Inputs {
    /// Inputs; `-` reads standard input, one input a line. Without INPUT or --file, standard
    /// input is read.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,
    /// Also read inputs from PATH, one a line (`-`: standard input); repeat for more files.
    /// The files are read after the command-line inputs, in the order given.
    #[arg(long = "file", value_name = "PATH")]
    pub files: Vec<String>,
}

/// Where an input came from: a file (`<stdin>` for standard input) and its 1-based line
/// number, or `<args>` and its 1-based position among the INPUT arguments; line 0 for the
/// options of `iri build`, which are its input as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin<'a> {
    pub file: &'a str,
    pub line: usize,
}

impl fmt::Display for Origin<'_> {
    /// `FILE:LINE`, or `FILE` for line 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => f.write_str(self.file),
            line => write!(f, "{}:{line}", self.file),
        }
    }
}

/// One input: where it came from, its bytes, and its text or why the bytes are not UTF-8.
pub struct Input<'a> {
    pub origin: Origin<'a>,
    pub bytes: &'a [u8],
    pub text: Result<&'a str, NotUtf8>,
}

impl<'a> Input<'a> {
    /// The input as text, or the failure of a line that is not UTF-8.
    pub fn utf8(&self) -> Result<&'a str, Failure> {
        self.text.as_ref().copied().map_err(Failure::not_utf8)
    }

    /// The input as JSON shows it: its text, or a line that is not UTF-8 read lossily.
    pub fn shown(&self) -> &str {
        match &self.text {
            Ok(text) => text,
            Err(n) => &n.lossy,
        }
    }
}

/// One line, as read: its 1-based number and its bytes (without the line end), not yet
/// decoded ([`decode`]).
pub struct Line<'a> {
    pub number: usize,
    pub bytes: &'a [u8],
}

/// A line that is not UTF-8: where its valid prefix ends, and the line shown lossily.
pub struct NotUtf8 {
    pub byte_offset: usize,
    pub column: usize,
    pub lossy: String,
    pub message: String,
}

/// Why [`for_each_line`] stopped early: the reader failed, or `each` did.
pub enum Stop<E> {
    Read(io::Error),
    Each(E),
}

impl Inputs {
    /// Calls `each` on every input, in order: the INPUT arguments (`-` standing for the lines
    /// of standard input), then the lines of each `--file`; standard input alone when neither
    /// is given. A blank line is an input like any other: the empty string, which is an
    /// IRI-reference (RFC 3986 §4.2, a relative reference with an empty path). A file that
    /// cannot be read is reported on standard error (status 2) and the next one is read.
    /// Returns the worst status; an error of `each` (standard output gone) ends the run.
    pub fn for_each(&self, mut each: impl FnMut(Input<'_>) -> io::Result<Status>) -> io::Result<Status> {
        let mut status = Status::Ok;
        let stdin_only = self.inputs.is_empty() && self.files.is_empty();
        let mut file_list: Vec<&str> = self.files.iter().map(String::as_str).collect();
        if stdin_only {
            file_list.push("-");
        }
        for (i, input) in self.inputs.iter().enumerate() {
            if input == "-" {
                status = status.max(read_file("-", &mut each)?);
                continue;
            }
            let origin = Origin {
                file: ARGS,
                line: i + 1,
            };
            let input = Input {
                origin,
                bytes: input.as_bytes(),
                text: Ok(input),
            };
            status = status.max(each(input)?);
        }
        for file in file_list {
            status = status.max(read_file(file, &mut each)?);
        }
        Ok(status)
    }
}

/// Every line of `path` (`-`: standard input) through `each`. A file that cannot be opened or
/// read is reported on standard error, with status 2.
fn read_file(path: &str, each: &mut impl FnMut(Input<'_>) -> io::Result<Status>) -> io::Result<Status> {
    let name = if path == "-" { STDIN } else { path };
    let mut status = Status::Ok;
    let mut on_line = |line: Line<'_>| -> io::Result<()> {
        let origin = Origin {
            file: name,
            line: line.number,
        };
        status = status.max(each(Input {
            origin,
            bytes: line.bytes,
            text: decode(line.bytes),
        })?);
        Ok(())
    };
    let result = if path == "-" {
        for_each_line(io::stdin().lock(), &mut on_line)
    } else {
        match File::open(path) {
            Ok(file) => for_each_line(BufReader::new(file), &mut on_line),
            Err(e) => Err(Stop::Read(e)),
        }
    };
    match result {
        Ok(()) => Ok(status),
        Err(Stop::Each(e)) => Err(e),
        Err(Stop::Read(e)) => {
            report::complain(Some(name), &e);
            Ok(Status::Error)
        }
    }
}

/// Calls `each` on every line of `reader`, streaming: one buffer is reused for all lines.
/// A line ends at "\n", and a "\r" before it is dropped too, so CRLF files read like LF ones;
/// a final line without "\n" is a line, and a final "\n" does not start an empty one.
pub fn for_each_line<R: BufRead, E>(
    mut reader: R,
    mut each: impl FnMut(Line<'_>) -> Result<(), E>,
) -> Result<(), Stop<E>> {
    let mut buffer = Vec::new();
    let mut number = 0;
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer).map_err(Stop::Read)? == 0 {
            return Ok(());
        }
        number += 1;
        let mut bytes = buffer.as_slice();
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        each(Line { number, bytes }).map_err(Stop::Each)?;
    }
}

/// The line's bytes as text, or where and why they are not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e))
}

fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> NotUtf8 {
    let valid = error.valid_up_to();
    let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid_up_to is a UTF-8 boundary");
    let bad_len = error.error_len().unwrap_or(bytes.len() - valid);
    let bad: Vec<String> = bytes[valid..valid + bad_len]
        .iter()
        .map(|b| format!("0x{b:02X}"))
        .collect();
    let column = report::column_of(prefix, valid);
    NotUtf8 {
        byte_offset: valid,
        column,
        lossy: String::from_utf8_lossy(bytes).into_owned(),
        message: format!(
            "the line is not UTF-8: byte {} at column {column} (an IRI is a sequence of Unicode characters, RFC 3987 §2)",
            bad.join(" ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line's number and text, or the byte offset and column of its first bad byte.
    type Lines = Vec<(usize, Result<String, (usize, usize)>)>;

    fn lines(input: &[u8]) -> Lines {
        let mut out = Vec::new();
        let read = for_each_line(input, |line| -> Result<(), ()> {
            out.push((
                line.number,
                decode(line.bytes)
                    .map(str::to_string)
                    .map_err(|e| (e.byte_offset, e.column)),
            ));
            Ok(())
        });
        assert!(read.is_ok());
        out
    }

    #[test]
    fn splits_on_lf_and_crlf_and_keeps_empty_lines() {
        // "a\r\n\nb" is three lines: "a", "", "b"; a final newline does not add an empty line.
        assert_eq!(
            lines(b"a\r\n\nb\n"),
            vec![(1, Ok("a".into())), (2, Ok("".into())), (3, Ok("b".into()))]
        );
        assert_eq!(lines(b"x"), vec![(1, Ok("x".into()))]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn reports_invalid_utf8_with_its_position() {
        // "é" is two bytes, so the stray 0xFF after "é" is at byte 2, character column 2.
        assert_eq!(lines("é\u{0}".as_bytes())[0].1, Ok("é\u{0}".into()));
        assert_eq!(lines(b"\xC3\xA9\xFFz\n")[0].1, Err((2, 2)));
        // A truncated sequence at the end of the line.
        assert_eq!(lines(b"ab\xE2\x82")[0].1, Err((2, 3)));
    }

    #[test]
    fn each_stops_the_reading() {
        // `each` failing on line 2 stops there: line 3 is never seen.
        let mut seen = 0;
        let result = for_each_line(&b"a\nb\nc\n"[..], |line| {
            seen = line.number;
            if line.number == 2 {
                Err("stop")
            } else {
                Ok(())
            }
        });
        assert!(matches!(result, Err(Stop::Each("stop"))));
        assert_eq!(seen, 2);
    }
}

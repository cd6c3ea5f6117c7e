//! Where the tool's inputs come from, for every command: INPUT arguments, `-` for standard
//! input, `--file PATH` (repeatable), or standard input when none is given. The lines of files
//! are read by [`crate::lines`]; each input knows where it came from (`<args>:2`,
//! `<stdin>:7`, `list.txt:3`).

use std::fs::File;
use std::io::{self, BufRead, BufReader};

use clap::Args;

use crate::lines::{decode, for_each_line, skip_bom, Line, NotUtf8, Origin, Stop, ARGS, BOM_SKIPPED, STDIN};
use crate::report::{self, Failure, Status};

/// The help of INPUT for the commands that take IRI-references.
pub const INPUT_HELP: &str =
    "IRI-references; `-` reads standard input, one a line (also read when there is neither INPUT nor --file)";

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
        lines_after_bom(io::stdin().lock(), name, &mut on_line)
    } else {
        match File::open(path) {
            Ok(file) => lines_after_bom(BufReader::new(file), name, &mut on_line),
            Err(e) => Err(Stop::Read(e)),
        }
    };
    match result {
        Ok(()) => Ok(status),
        Err(Stop::Each(e)) => Err(e),
        Err(Stop::Read(e)) if reads_as_iri(path, &e) => {
            report::complain(
                Some(&rfc3987::printable(path)),
                &format!(
                    "{e}; it is not a file but reads as an IRI (RFC 3987 §2.2): give it as an INPUT, \
                     without --file"
                ),
            );
            Ok(Status::Error)
        }
        Err(Stop::Read(e)) => {
            report::complain(Some(name), &e);
            Ok(Status::Error)
        }
    }
}

/// [`for_each_line`] on the file `name`, a byte order mark at its start skipped and said once
/// (on standard error, before its first line is read).
fn lines_after_bom<R: BufRead, E>(
    reader: R,
    name: &str,
    each: impl FnMut(Line<'_>) -> Result<(), E>,
) -> Result<(), Stop<E>> {
    let (bom, reader) = skip_bom(reader).map_err(Stop::Read)?;
    if bom {
        report::complain(Some(name), &BOM_SKIPPED);
    }
    for_each_line(reader, each)
}

/// Whether `path`, which could not be opened (`error`), is no file at all but an IRI given
/// where a file was expected (`iri check http://example.org/`): it does not exist, and it
/// matches RFC 3987 §2.2 `IRI` (a scheme, so not a relative file name such as `list.txt`,
/// which is an `IRI-reference` too).
pub fn reads_as_iri(path: &str, error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::NotFound && rfc3987::Iri::parse(path).is_ok()
}

/// `text` as one word of a POSIX shell command line: in single quotes, a quote in it written
/// `'\''`, and what a terminal would obey escaped first ([`rfc3987::printable`]).
pub fn shell_word(text: &str) -> String {
    format!("'{}'", rfc3987::printable(text).replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn shell_words_are_quoted() {
        // Single quotes keep every character but "'" literal (POSIX sh, 2.2.2); "'" ends the
        // quoted part, is written escaped, and a new quoted part begins.
        assert_eq!(shell_word("http://a/?x=1&y=$z"), "'http://a/?x=1&y=$z'");
        assert_eq!(shell_word("http://a/it's"), r"'http://a/it'\''s'");
        // ESC is never written raw.
        assert_eq!(shell_word("a\u{1B}b"), r"'a\u{1B}b'");
    }
}

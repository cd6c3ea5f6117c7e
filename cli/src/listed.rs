//! A block of a list of IRIs, one a line (`iri check` without an RDF syntax), checked: each
//! line against a start symbol (RFC 3987 §2.2) or any ABNF rule, with `iri lint`'s checks on
//! request, and a line too long for the limit reported once.

use rfc3987::grammar::{self, Rule};
use rfc3987::{Severity, StartSymbol};
use serde_json::Value;

use crate::finding::{columns, Finding};
use crate::lines::decode;
use crate::report;

/// What every line is checked against: a start symbol (`--kind`) or any rule (`--rule`).
#[derive(Clone, Copy)]
pub enum Target {
    Symbol(StartSymbol),
    Rule(Rule),
}

impl Target {
    pub fn name(self) -> &'static str {
        match self {
            Target::Symbol(symbol) => symbol.name(),
            Target::Rule(rule) => grammar::abnf_name(rule),
        }
    }

    /// Whether `text` matches, and with `lint` (never with a rule) the findings of `iri lint`
    /// on it: one parse.
    fn check(self, text: &str, lint: bool) -> Result<Vec<rfc3987::Diagnostic>, rfc3987::ParseError> {
        match self {
            Target::Symbol(symbol) if lint => rfc3987::lint_as(text, symbol),
            Target::Symbol(symbol) => rfc3987::validate(text, symbol).map(|()| Vec::new()),
            Target::Rule(rule) => grammar::check(rule, text).map(|()| Vec::new()),
        }
    }
}

/// The lines of a block, each with its number in the block (from 1) and its bytes: a line ends
/// at "\n", and a "\r" before it is dropped too, so CRLF files read like LF ones; a last line
/// without "\n" is a line, and a last "\n" does not start an empty one (as
/// [`crate::lines::for_each_line`] reads them).
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, std::ops::Range<usize>)> + '_ {
    let unended = !bytes.is_empty() && bytes.last() != Some(&b'\n');
    let ends = memchr::memchr_iter(b'\n', bytes).chain(unended.then_some(bytes.len()));
    let mut start = 0;
    ends.enumerate().map(move |(i, end)| {
        let line = start..end - usize::from(end > start && bytes[end - 1] == b'\r');
        start = end + 1;
        (i + 1, line)
    })
}

/// The finding of a line that does not end within `longest` bytes, line `number`: it is
/// skipped, not checked.
pub fn too_long(number: usize, longest: usize, json: bool) -> Finding {
    let message = format!(
        "the line does not end within {longest} bytes of its start (--max-statement-bytes); \
         skipped, not checked"
    );
    let error = json.then(|| report::message_json(None, &message));
    let mut finding = Finding::new(number, 1, "too-long", Severity::Error, message);
    if error.is_some() {
        finding.set_json(None, error);
    }
    finding
}

/// How many lines a block has, and the findings on them, in order; with `json`, a syntax
/// finding carries the parse error's object. With `inside`, the block's first line is the end
/// of a line too long, reported where it starts: it is counted, not checked; a line of
/// `longest` bytes or more is reported so too. The block is decoded (UTF-8) as a whole: only
/// when that fails is each line decoded alone, to report the lines that are not UTF-8.
pub fn verify(
    bytes: &[u8],
    (inside, longest): (bool, usize),
    symbol: Target,
    (lint, json): (bool, bool),
) -> (usize, Vec<Finding>) {
    let whole = std::str::from_utf8(bytes).ok();
    let mut found = Vec::new();
    let mut count = 0;
    for (number, range) in lines(bytes) {
        count = number;
        if inside && number == 1 {
            continue;
        }
        if range.len() >= longest {
            found.push(too_long(number, longest, json));
            continue;
        }
        let syntax = |column, message, error: Value| {
            let mut finding = Finding::new(number, column, "syntax", Severity::Error, message);
            if json {
                finding.set_json(None, Some(error));
            }
            finding
        };
        let decoded = match whole {
            // A line ends before "\r" or "\n", or at the end: on a character boundary.
            Some(text) => Ok(&text[range]),
            None => decode(&bytes[range]),
        };
        let text = match decoded {
            Ok(text) => text,
            Err(n) => {
                let error = if json {
                    report::not_utf8_json(&n)
                } else {
                    Value::Null
                };
                found.push(syntax(n.column, n.message, error));
                continue;
            }
        };
        let diagnostics = match symbol.check(text, lint) {
            Ok(diagnostics) => diagnostics,
            Err(e) => {
                let error = if json { report::error_json(&e) } else { Value::Null };
                found.push(syntax(e.column(), report::error_line(&e), error));
                continue;
            }
        };
        if !diagnostics.is_empty() {
            let columns = columns(text, diagnostics.iter().map(|d| d.span.start));
            found.extend(
                (diagnostics.into_iter().zip(columns))
                    .map(|(d, column)| Finding::new(number, column, d.code, d.severity, d.message)),
            );
        }
    }
    (count, found)
}

#[cfg(test)]
mod tests {
    use super::lines;
    use crate::lines::for_each_line;

    #[test]
    fn lines_of_a_block_are_the_lines_the_other_commands_read() {
        // CRLF and LF ends, empty lines, a "\r" inside a line, a last line with and without
        // "\n": split as `for_each_line` splits them, numbered from 1.
        for input in [
            &b"a\r\n\nb\n"[..],
            b"x",
            b"\n",
            b"\r\n\r\n",
            b"a\rb\nc\r",
            b"\n\nz",
        ] {
            let mut expected = Vec::new();
            let read = for_each_line(input, |line| -> Result<(), ()> {
                expected.push((line.number, line.bytes.to_vec()));
                Ok(())
            });
            assert!(read.is_ok());
            let got: Vec<_> = lines(input).map(|(n, r)| (n, input[r].to_vec())).collect();
            assert_eq!(got, expected, "{input:?}");
        }
        assert_eq!(lines(b"").count(), 0);
    }
}

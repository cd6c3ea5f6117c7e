//! How results are written, the same way by every command: one record per input on standard
//! output — a JSON object on its own line, or text: the result, or in its place the error line
//! `WHERE:COLUMN: message` — and messages about the run itself (a bad option, a file that
//! cannot be read) on standard error as `iri: SUBJECT: message`.

use std::fmt::Display;
use std::io::{self, Write};

use rfc3987::{IriRef, ParseError};
use serde_json::{json, Map, Value};

use crate::escape;
use crate::lines::{column_of, NotUtf8, Origin};

/// The exit status: the worst outcome seen so far.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok = 0,
    Invalid = 1,
    Error = 2,
}

/// Standard output, buffered; flushed after every record when it is a terminal, so that typing
/// IRIs into `iri parse` answers line by line.
pub struct Out {
    writer: io::BufWriter<io::Stdout>,
    interactive: bool,
}

impl Default for Out {
    fn default() -> Self {
        Self::new()
    }
}

impl Out {
    pub fn new() -> Self {
        use std::io::IsTerminal;
        let stdout = io::stdout();
        let interactive = stdout.is_terminal();
        Out {
            writer: io::BufWriter::new(stdout),
            interactive,
        }
    }

    /// Writes one record (which ends with its own newline).
    pub fn record(&mut self, text: &str) -> io::Result<()> {
        self.writer.write_all(text.as_bytes())?;
        if self.interactive {
            self.writer.flush()?;
        }
        Ok(())
    }

    /// Writes one JSON object on its own line, with no raw control or bidi character
    /// ([`escape::json`]).
    pub fn json(&mut self, value: &Value) -> io::Result<()> {
        let mut line = escape::json(value);
        line.push('\n');
        self.record(&line)
    }

    /// Writes a result that is data (a normalized IRI, a decoded string): exactly as it is to
    /// a file or a pipe, and on a terminal with its controls and bidi characters written
    /// `\u{…}` ([`escape::lines`]), so that a terminal never obeys them.
    pub fn data(&mut self, text: &str) -> io::Result<()> {
        if self.interactive {
            self.record(&escape::lines(text))
        } else {
            self.record(text)
        }
    }

    /// Writes the record of one input and returns its status (0 for a result, 1 for an error).
    /// `head` is the JSON object that names the input (a bare value `v` stands for
    /// `{"input": v}`); with `json` the
    /// result's keys (or `"error"`) are added to it, else the result's text or the error line
    /// is printed, exactly one line for a one-line result. The result is data ([`Out::data`]).
    pub fn emit(
        &mut self,
        json: bool,
        origin: Origin<'_>,
        head: Value,
        outcome: Result<Output, Failure>,
    ) -> io::Result<Status> {
        let mut object = match head {
            Value::Object(object) => object,
            input => Map::from_iter([("input".to_string(), input)]),
        };
        let status = match &outcome {
            Ok(_) => Status::Ok,
            Err(_) => Status::Invalid,
        };
        match outcome {
            Ok(output) if json => {
                object.extend(output.json);
                self.json(&Value::Object(object))?;
            }
            Ok(output) => self.data(&format!("{}\n", output.text))?,
            Err(failure) if json => {
                object.insert("error".into(), failure.json);
                self.json(&Value::Object(object))?;
            }
            Err(failure) => self.record(&format!("{}\n", failure.line(origin)))?,
        }
        Ok(status)
    }

    /// Whether standard output is a terminal (colour and progress are for terminals only).
    pub fn is_terminal(&self) -> bool {
        self.interactive
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// The `error` object of the JSON output: 0-based byte offset, 1-based character column, the
/// component and ABNF rule the error is in, what the grammar allowed there, and the message.
pub fn error_json(error: &ParseError) -> Value {
    json!({
        "byte_offset": error.byte_offset(),
        "column": error.column(),
        "component": error.component().map(|c| c.as_str()),
        "rule": error.rule(),
        "expected": error.expected(),
        "message": error.message(),
    })
}

/// The `error` object for a line that is not UTF-8 (no rule was tried: nothing is expected).
pub fn not_utf8_json(error: &NotUtf8) -> Value {
    message_json(Some((error.byte_offset, error.column)), &error.message)
}

/// The `error` object of an error no ABNF rule explains, with the keys of [`error_json`]: the
/// byte offset and column when it has a position, null component and rule, nothing expected.
pub fn message_json(position: Option<(usize, usize)>, message: &str) -> Value {
    json!({
        "byte_offset": position.map(|(offset, _)| offset),
        "column": position.map(|(_, column)| column),
        "component": null,
        "rule": null,
        "expected": [],
        "message": message,
    })
}

/// `iri parse --json` for a valid input: the components as written in the input.
pub fn components_json(iri: &IriRef<&str>) -> Value {
    let authority = iri.authority();
    json!({
        "input": iri.as_str(),
        "valid": true,
        "scheme": iri.scheme(),
        "authority": authority.map(|a| a.as_str()),
        "userinfo": authority.and_then(|a| a.userinfo()),
        "host": authority.map(|a| a.host_str()),
        "host_kind": authority.map(|a| a.host_kind().as_str()),
        "port": authority.and_then(|a| a.port()),
        "path": iri.path().as_str(),
        "query": iri.query(),
        "fragment": iri.fragment(),
    })
}

/// `iri parse` without `--json`: the input, then one indented line per component present.
pub fn components_listing(iri: &IriRef<&str>) -> String {
    let mut rows: Vec<(&str, String)> = Vec::new();
    if let Some(scheme) = iri.scheme() {
        rows.push(("scheme", scheme.to_string()));
    }
    if let Some(authority) = iri.authority() {
        rows.push(("authority", authority.as_str().to_string()));
        if let Some(userinfo) = authority.userinfo() {
            rows.push(("userinfo", userinfo.to_string()));
        }
        let kind = authority.host_kind().as_str();
        rows.push(("host", format!("{} ({kind})", authority.host_str())));
        if let Some(port) = authority.port() {
            rows.push(("port", port.to_string()));
        }
    }
    let path = iri.path();
    rows.push(("path", format!("{} ({})", path.as_str(), path.kind().rule_name())));
    if let Some(query) = iri.query() {
        rows.push(("query", query.to_string()));
    }
    if let Some(fragment) = iri.fragment() {
        rows.push(("fragment", fragment.to_string()));
    }
    // A listing is for people: the input and its components are shown printable.
    let mut out = format!("{}\n", rfc3987::printable(iri.as_str()));
    for (name, value) in rows {
        let value = rfc3987::printable(&value).into_owned();
        // An empty component that is present (`http://a?` has an empty query) is shown as "".
        let value = if value.is_empty() || value.starts_with(' ') {
            format!("\"\"{value}")
        } else {
            value
        };
        out.push_str(&format!("  {name:<10} {value}\n"));
    }
    out
}

/// An invalid input as a listing's header: its first 80 characters (the error shows a window
/// around the position), with the characters a terminal would obey or that would reorder the
/// line (ESC, the RFC 3987 §4.1 bidi formatting characters) written as `\u{…}`
/// ([`rfc3987::printable`]).
pub fn header(input: &str) -> String {
    match input.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", rfc3987::printable(&input[..cut])),
        None => rfc3987::printable(input).into_owned(),
    }
}

/// A parse error indented under its input ([`header`]), for the readable listings.
pub fn error_listing(error: &ParseError) -> String {
    let mut out = format!("{}\n", header(error.input()));
    for line in error.to_string().lines() {
        out.push_str("  ");
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The error on one line, without the column (for `FILE:LINE:COLUMN: ...` reports):
/// `invalid IRI-reference, in the path: <message>`.
pub fn error_line(error: &ParseError) -> String {
    error.summary()
}

/// The result of one input: its text (one line, except `show --visual`) and the JSON keys that
/// hold it.
pub struct Output {
    pub text: String,
    pub json: Map<String, Value>,
}

impl Output {
    /// A one-line result, under the JSON key `output`.
    pub fn line(text: String) -> Self {
        let mut json = Map::new();
        json.insert("output".into(), Value::String(text.clone()));
        Output { text, json }
    }
}

/// Why an input has no result: a one-line message, the 1-based column (in characters) where
/// the input goes wrong when there is one, and the JSON `error` object.
pub struct Failure {
    pub column: Option<usize>,
    pub message: String,
    pub json: Value,
}

impl Failure {
    /// A parse error: the column, the one-line message naming the component and rule, and
    /// the `error` object.
    pub fn parse(error: &ParseError) -> Self {
        Failure {
            column: Some(error.column()),
            message: error_line(error),
            json: error_json(error),
        }
    }

    /// A line that is not UTF-8.
    pub fn not_utf8(error: &NotUtf8) -> Self {
        Failure {
            column: Some(error.column),
            message: error.message.clone(),
            json: not_utf8_json(error),
        }
    }

    /// Another error, without a position; its `error` object has the keys of every other,
    /// null where there is nothing to say ([`message_json`]).
    pub fn other(message: String) -> Self {
        let json = message_json(None, &message);
        Failure {
            column: None,
            message,
            json,
        }
    }

    /// Another error, at `byte_offset` in `text`.
    pub fn at(text: &str, byte_offset: usize, message: String) -> Self {
        let column = column_of(text, byte_offset);
        let json = message_json(Some((byte_offset, column)), &message);
        Failure {
            column: Some(column),
            message,
            json,
        }
    }

    /// The error line: `WHERE:COLUMN: message`.
    pub fn line(&self, origin: Origin<'_>) -> String {
        located(origin, self.column, &self.message)
    }
}

/// `FILE:LINE:COLUMN: message` (`FILE:LINE: message` without a column): the one format of a
/// finding or an error about an input, in every command. COLUMN counts characters from 1.
/// The message quotes input: it is written printable ([`escape::lines`]).
pub fn located(origin: Origin<'_>, column: Option<usize>, message: &str) -> String {
    let message = escape::lines(message);
    match column {
        Some(column) => format!("{origin}:{column}: {message}"),
        None => format!("{origin}: {message}"),
    }
}

/// A message about the run (not about one input) on standard error: `iri: SUBJECT: message`,
/// or `iri: message`; the lines after the first are indented. Subject and message may quote
/// input (a file name, an option's value): they are written printable ([`escape::lines`]).
pub fn complain(subject: Option<&str>, message: &dyn Display) {
    let message = message.to_string();
    let message = escape::lines(&message);
    let lines: Vec<String> = message
        .lines()
        .enumerate()
        .map(|(i, line)| {
            if i == 0 || line.is_empty() {
                line.to_string()
            } else {
                format!("  {line}")
            }
        })
        .collect();
    let message = lines.join("\n");
    match subject.map(escape::lines) {
        Some(subject) => eprintln!("iri: {subject}: {message}"),
        None => eprintln!("iri: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A listing's header never lets the terminal obey the input: ESC (U+001B) and RLO
    /// (U+202E, RFC 3987 §4.1) are written as escapes, and the header stops at 80 characters.
    #[test]
    fn header_escapes_and_cuts() {
        assert_eq!(header("ab\u{1B}[31mc"), "ab\\u{1B}[31mc");
        assert_eq!(header("a\u{202E}b"), "a\\u{202E}b");
        assert_eq!(header(&"x".repeat(100)), format!("{}…", "x".repeat(80)));
        assert_eq!(header(&"é".repeat(80)), "é".repeat(80));
    }

    #[test]
    fn located_lines() {
        let stdin = Origin {
            file: "<stdin>",
            line: 7,
        };
        assert_eq!(located(stdin, Some(2), "bad"), "<stdin>:7:2: bad");
        assert_eq!(located(stdin, None, "bad"), "<stdin>:7: bad");
        // Line 0: the whole command line (iri build).
        let args = Origin {
            file: "<args>",
            line: 0,
        };
        assert_eq!(located(args, None, "bad"), "<args>: bad");
    }
}

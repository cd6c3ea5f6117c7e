//! How results are written: JSON objects (one per line, keys in a fixed order) and the readable
//! listing of `iri parse`.

use std::io::{self, Write};

use rfc3987::{IriRef, ParseError};
use serde_json::{json, Value};

use crate::input::NotUtf8;

/// Standard output, buffered; flushed after every record when it is a terminal, so that typing
/// IRIs into `iri parse` answers line by line.
pub struct Out {
    writer: io::BufWriter<io::Stdout>,
    interactive: bool,
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

    /// Writes one JSON object on its own line.
    pub fn json(&mut self, value: &Value) -> io::Result<()> {
        let mut line = value.to_string();
        line.push('\n');
        self.record(&line)
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
    json!({
        "byte_offset": error.byte_offset,
        "column": error.column,
        "component": null,
        "rule": null,
        "expected": [],
        "message": error.message,
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
    let mut out = format!("{}\n", iri.as_str());
    for (name, value) in rows {
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

/// A parse error indented under its input (cut to its first 80 characters: the error shows a
/// window around the position), for the readable listings.
pub fn error_listing(error: &ParseError) -> String {
    let input = error.input();
    let mut out = match input.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…\n", &input[..cut]),
        None => format!("{input}\n"),
    };
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
    match error.component() {
        Some(c) => format!("invalid {}, in the {c}: {}", error.target(), error.message()),
        None => format!("invalid {}: {}", error.target(), error.message()),
    }
}

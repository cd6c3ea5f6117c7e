//! What `iri check` finds, on one line of an input, and how one finding is written as JSON.

use rfc3987::Severity;
use serde_json::{json, Map, Value};

use crate::escape;
use crate::lines::Origin;

/// A finding on one line: its line number (in its block from 1, or in its file when the block's
/// checker numbers them so), the 1-based column, the code and severity (`syntax` for an input
/// that does not parse, `rdf-syntax` for a statement that is not RDF, or a code of `iri lint`),
/// the message, the component and rule of a syntax error (for the summary), and for --json the
/// keys that say more about the input (the term of an RDF document) and the error's object,
/// written already ([`Finding::set_json`]).
pub struct Finding {
    pub number: usize,
    pub column: usize,
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub component: Option<&'static str>,
    pub rule: Option<&'static str>,
    /// The JSON keys after the message, written as they appear in the line (`"k":v,…`): kept
    /// as text, not as values, because a block's findings wait to be reported, and a finding's
    /// values (an error with what it expects) take several times the memory of their text.
    more: Option<String>,
}

impl Finding {
    /// A finding with no component, rule or JSON beyond its message.
    pub fn new(
        number: usize,
        column: usize,
        code: &'static str,
        severity: Severity,
        message: String,
    ) -> Self {
        Finding {
            number,
            column,
            code,
            severity,
            message,
            component: None,
            rule: None,
            more: None,
        }
    }

    /// The keys the finding's JSON line has after the message: `extra`, then `error`, the
    /// error's object.
    pub fn set_json(&mut self, extra: Option<Map<String, Value>>, error: Option<Value>) {
        let mut keys = extra.unwrap_or_default();
        if let Some(error) = error {
            keys.insert("error".into(), error);
        }
        let object = escape::json(&Value::Object(keys));
        // "{…}" without its braces: nothing when there are no keys.
        self.more = Some(object[1..object.len() - 1].to_string()).filter(|k| !k.is_empty());
    }

    /// The finding as its JSON line (see the help of `iri check`).
    pub fn json(self, origin: Origin<'_>) -> String {
        let object = escape::json(&json!({
            "file": origin.file,
            "line": origin.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity.as_str(),
            "message": self.message,
        }));
        match self.more {
            Some(more) => format!("{},{more}}}\n", &object[..object.len() - 1]),
            None => format!("{object}\n"),
        }
    }
}

/// The 1-based character column of each byte offset, counted in one pass over `text` however
/// many offsets there are (counting from the start for each would be quadratic on a long line
/// with many findings).
pub fn columns(text: &str, offsets: impl Iterator<Item = usize>) -> Vec<usize> {
    let offsets: Vec<usize> = offsets.collect();
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut columns = vec![0; offsets.len()];
    let (mut at, mut column) = (0, 1);
    for i in order {
        column += text[at..offsets[i]].chars().count();
        at = offsets[i];
        columns[i] = column;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::columns;

    #[test]
    fn columns_count_characters_in_any_order() {
        // "aé b": "é" is two bytes, so byte 3 (the space) is the third character.
        assert_eq!(columns("aé b", [3, 0, 4, 3].into_iter()), [3, 1, 4, 3]);
    }
}

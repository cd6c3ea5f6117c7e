//! Text from the input, made safe to write (issue 28): no character of the input reaches
//! standard output or standard error raw if a terminal would obey it or it would reorder or hide
//! the text around it ([`rfc3987::must_escape`]: C0 and C1 controls, DEL, the RFC 3987 §4.1
//! bidi formatting characters, the isolates and ALM, invisible characters). Messages write
//! such characters as [`rfc3987::printable`] does, `\u{1B}`; JSON writes them as JSON escapes,
//! `\u001b`, so that its data stays exact.

use std::borrow::Cow;
use std::io;
use std::ops::Range;

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};
use serde_json::Value;

/// `text` with every line's characters escaped as [`rfc3987::printable`] escapes them; the line
/// feeds between lines are kept (a message or a listing of several lines).
pub fn lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && rfc3987::must_escape(c)) {
        return Cow::Borrowed(text);
    }
    let escaped: Vec<Cow<'_, str>> = text.split('\n').map(rfc3987::printable).collect();
    Cow::Owned(escaped.join("\n"))
}

/// `text` written printable ([`rfc3987::printable`]), and `span` (byte offsets into `text`, on
/// character boundaries) moved to the same characters in it: an escaped character is spanned by
/// the whole of its `\u{…}`, so that a marker under the span stands under the escape.
pub fn printable_span(text: &str, span: &Range<usize>) -> (String, Range<usize>) {
    let mut shown = String::with_capacity(text.len());
    let (mut start, mut end) = (None, None);
    for (at, c) in text.char_indices() {
        if at == span.start {
            start = Some(shown.len());
        }
        if at == span.end {
            end = Some(shown.len());
        }
        if rfc3987::must_escape(c) {
            shown.push_str(&rfc3987::printable(c.encode_utf8(&mut [0; 4])));
        } else {
            shown.push(c);
        }
    }
    let start = start.unwrap_or(shown.len());
    let end = end.unwrap_or(shown.len()).max(start);
    (shown, start..end)
}

/// `value` as one line of compact JSON, in which the characters of [`rfc3987::must_escape`]
/// are written as `\uXXXX` escapes (a pair of them above U+FFFF, as RFC 8259 §7 says) rather
/// than raw: serde_json escapes the C0 controls itself but writes DEL, the C1 controls and the
/// bidi characters as they are. Decoding the line gives back exactly the same strings.
pub fn json(value: &Value) -> String {
    let mut bytes = Vec::new();
    let mut serializer = Serializer::with_formatter(&mut bytes, SafeFormatter);
    // Writing JSON values into a Vec cannot fail: its keys are strings.
    if value.serialize(&mut serializer).is_err() {
        return "null".to_string();
    }
    // serde_json writes UTF-8: its input is `str`s and its escapes are ASCII.
    String::from_utf8(bytes).unwrap_or_default()
}

/// serde_json's compact layout (the trait's default methods), but strings escape the characters of [`rfc3987::must_escape`].
struct SafeFormatter;

impl Formatter for SafeFormatter {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (at, c) in fragment.char_indices() {
            if !rfc3987::must_escape(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[start..at])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(writer, "\\u{unit:04x}")?;
            }
            start = at + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// ESC (a C0 control) is escaped by serde_json; DEL, CSI (U+009B, C1), RLO (U+202E,
    /// RFC 3987 §4.1), RLI (U+2067) and a tag character (U+E0041, two UTF-16 units) by the
    /// formatter; `é` and the space stay as they are. The line decodes to the same string.
    #[test]
    fn json_escapes_what_a_terminal_would_obey() {
        let text = "a\u{1B}[2J\u{7F}\u{9B}\u{202E}\u{2067}\u{E0041} é";
        let line = json(&json!({ "input": text }));
        assert_eq!(
            line,
            r#"{"input":"a\u001b[2J\u007f\u009b\u202e\u2067\udb40\udc41 é"}"#
        );
        let back: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(back["input"], text);
    }

    /// The span follows its characters: ESC (U+001B) becomes the 6 bytes `\u{1B}`, so a span
    /// over "b" after "a" + ESC moves from 2..3 to 7..8, and a span over the ESC covers its
    /// whole escape, 1..7; a span that ends at the end stays there.
    #[test]
    fn spans_follow_their_characters() {
        let text = "a\u{1B}b";
        assert_eq!(printable_span(text, &(2..3)), ("a\\u{1B}b".to_string(), 7..8));
        assert_eq!(printable_span(text, &(1..2)).1, 1..7);
        assert_eq!(printable_span(text, &(3..3)).1, 8..8);
        assert_eq!(printable_span("ab", &(0..2)), ("ab".to_string(), 0..2));
    }

    /// Each line escaped, the line feeds between them kept.
    #[test]
    fn lines_keep_their_breaks() {
        assert_eq!(lines("a\u{1B}\nb\r\n"), "a\\u{1B}\nb\\u{D}\n");
        assert!(matches!(lines("a\nb"), Cow::Borrowed(_)));
    }
}

//! [`ParseError`]: why an input is not an IRI (or URI), and where.

use std::fmt;

use crate::chars::is_bidi_formatting;
use crate::grammar::{abnf_name, Rule};

/// What kind of failure a [`ParseError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input does not match the ABNF of RFC 3987 §2.2 (or RFC 3986 §3 for URIs).
    Syntax,
    /// The input contains a bidirectional formatting character (LRM, RLM, LRE, RLE, LRO, RLO,
    /// PDF), which RFC 3987 §4.1 says IRIs MUST NOT contain.
    BidiFormattingCharacter,
    /// A URI was asked for and the input holds a character outside ASCII: RFC 3986 §2 allows
    /// only ASCII characters in URIs (RFC 3987 §3.1 maps IRIs to URIs).
    NotAscii,
}

/// An input that is not an IRI (or URI) of the requested kind.
///
/// It tells where parsing failed (a byte offset and a 1-based character column), which ABNF rules
/// the grammar expected there, by their RFC names, and a message. `Display` shows the input with a
/// caret under the offending character:
///
/// ```
/// let err = rfc3987::Iri::parse("http://example.org/a b").unwrap_err();
/// assert_eq!(err.byte_offset(), 20);
/// assert_eq!(err.column(), 21);
/// assert_eq!(
///     err.to_string(),
///     "invalid IRI: unexpected character ' ' (U+0020) at column 21; expected end of input\n  \
///      http://example.org/a b\n                      ^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    kind: ParseErrorKind,
    target: &'static str,
    input: Box<str>,
    byte_offset: usize,
    column: usize,
    expected: Vec<&'static str>,
    message: String,
}

/// How many characters of the input `Display` shows on either side of the error.
const CONTEXT_CHARS: usize = 40;

impl ParseError {
    /// A syntax error at `byte_offset`, with the rules pest expected there.
    pub(crate) fn syntax(target: &'static str, input: &str, byte_offset: usize, rules: &[Rule]) -> Self {
        let mut expected: Vec<&'static str> = Vec::new();
        for &rule in rules {
            let name = abnf_name(rule);
            if !expected.contains(&name) {
                expected.push(name);
            }
        }
        let found = input[byte_offset..].chars().next();
        let message = match found {
            None => "unexpected end of input".to_string(),
            Some('%') => {
                "'%' not followed by two hexadecimal digits (pct-encoded, RFC 3986 §2.1)".to_string()
            }
            Some(c) => format!("unexpected character {}", describe(c)),
        };
        Self::new(
            ParseErrorKind::Syntax,
            target,
            input,
            byte_offset,
            expected,
            message,
        )
    }

    /// RFC 3987 §4.1: a bidirectional formatting character at `byte_offset`.
    pub(crate) fn bidi(target: &'static str, input: &str, byte_offset: usize, c: char) -> Self {
        let message = format!(
            "bidirectional formatting character {} is not allowed (RFC 3987 §4.1: IRIs MUST NOT contain LRM, RLM, LRE, RLE, LRO, RLO or PDF)",
            describe(c)
        );
        Self::new(
            ParseErrorKind::BidiFormattingCharacter,
            target,
            input,
            byte_offset,
            Vec::new(),
            message,
        )
    }

    /// RFC 3986 §2: a URI holds only ASCII characters; `c` at `byte_offset` is not ASCII.
    pub(crate) fn not_ascii(target: &'static str, input: &str, byte_offset: usize, c: char) -> Self {
        let message = format!(
            "non-ASCII character {} is not allowed in a URI (RFC 3986 §2; map the IRI to a URI first, RFC 3987 §3.1)",
            describe(c)
        );
        Self::new(
            ParseErrorKind::NotAscii,
            target,
            input,
            byte_offset,
            Vec::new(),
            message,
        )
    }

    fn new(
        kind: ParseErrorKind,
        target: &'static str,
        input: &str,
        byte_offset: usize,
        expected: Vec<&'static str>,
        message: String,
    ) -> Self {
        let column = input[..byte_offset].chars().count() + 1;
        ParseError {
            kind,
            target,
            input: input.into(),
            byte_offset,
            column,
            expected,
            message,
        }
    }

    /// The same error, reported against `input` at `byte_offset`: for an input that was
    /// rewritten before parsing (lenient percent-encoding) without changing what is there.
    pub(crate) fn relocated(&self, input: &str, byte_offset: usize) -> Self {
        Self::new(
            self.kind,
            self.target,
            input,
            byte_offset,
            self.expected.clone(),
            self.message.clone(),
        )
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }

    /// The 0-based byte offset in the input where parsing failed.
    pub fn byte_offset(&self) -> usize {
        self.byte_offset
    }

    /// The 1-based column, counted in characters (Unicode scalar values), where parsing failed.
    pub fn column(&self) -> usize {
        self.column
    }

    /// The ABNF rules (RFC spelling, e.g. `ipath-abempty`, `h16`, or "end of input") that the
    /// grammar tried at [`byte_offset`](Self::byte_offset), as pest reports them. Only rules that
    /// appear in the parse tree are named: character classes and literal delimiters such as "/"
    /// are not, so the list says what was tried there, not every character that would fit.
    pub fn expected(&self) -> &[&'static str] {
        &self.expected
    }

    /// The message without the expected rules and the caret, e.g.
    /// `unexpected character ' ' (U+0020) at column 21`.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The input that failed to parse.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The start symbol that was asked for: `IRI-reference`, `IRI`, `absolute-IRI`,
    /// `irelative-ref`, or their URI counterparts.
    pub fn target(&self) -> &'static str {
        self.target
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {}: {} at column {}",
            self.target, self.message, self.column
        )?;
        if let Some((last, rest)) = self.expected.split_last() {
            f.write_str("; expected ")?;
            for (i, name) in rest.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                f.write_str(name)?;
            }
            if !rest.is_empty() {
                f.write_str(" or ")?;
            }
            f.write_str(last)?;
        }
        // The input, cut to a window around the error, with a caret under the failing character.
        let before: Vec<char> = self.input[..self.byte_offset]
            .chars()
            .rev()
            .take(CONTEXT_CHARS + 1)
            .collect();
        let (lead, before_len) = if before.len() > CONTEXT_CHARS {
            ("…", CONTEXT_CHARS)
        } else {
            ("", before.len())
        };
        let after = &self.input[self.byte_offset..];
        let shown_after: String = after.chars().take(CONTEXT_CHARS).collect();
        let trail = if shown_after.len() < after.len() {
            "…"
        } else {
            ""
        };
        f.write_str("\n  ")?;
        f.write_str(lead)?;
        for c in before[..before_len].iter().rev() {
            write_visible(f, *c)?;
        }
        for c in shown_after.chars() {
            write_visible(f, c)?;
        }
        f.write_str(trail)?;
        f.write_str("\n  ")?;
        let pad = lead.chars().count()
            + before[..before_len]
                .iter()
                .map(|&c| visible_width(c))
                .sum::<usize>();
        write!(f, "{:pad$}^", "")
    }
}

impl std::error::Error for ParseError {}

/// `'x' (U+0078)`, or just `U+0009` for characters that do not print.
fn describe(c: char) -> String {
    if c.is_control() || is_bidi_formatting(c) || c.is_whitespace() && c != ' ' {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}' (U+{:04X})", c as u32)
    }
}

/// Characters that would move or hide the caret line are shown as `\u{XXXX}`.
fn write_visible(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    if c.is_control() || is_bidi_formatting(c) {
        write!(f, "\\u{{{:X}}}", c as u32)
    } else {
        write!(f, "{c}")
    }
}

/// The terminal columns `c` takes as [`write_visible`] writes it: two for wide (East Asian)
/// characters, none for combining marks, so that the caret lands under the failing character.
fn visible_width(c: char) -> usize {
    if c.is_control() || is_bidi_formatting(c) {
        format!("\\u{{{:X}}}", c as u32).len()
    } else {
        unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
    }
}

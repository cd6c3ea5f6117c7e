//! N-Triples and N-Quads (RDF 1.1 N-Triples §2, N-Quads §2): one statement a line, each term
//! an `IRIREF`, a blank node or (objects) a literal, then `.`.

use super::limit::too_long;
use super::syntax::{Event, Syntax};
use super::term::{iriref, string_escape, Broken, Role};
use crate::printable;

/// Reads the whole lines of `text` from its byte `from` (all of it when `last`), reports the
/// events of each, and returns the offset it read to and how many statements it read. A line
/// of `limit` bytes or more is reported as too long (`Scanner::limit`), not read.
pub(super) fn scan(
    (syntax, limit): (Syntax, usize),
    text: &str,
    from: usize,
    last: bool,
    each: &mut dyn FnMut(Event<'_>),
) -> (usize, u64) {
    let end = if last {
        text.len()
    } else {
        match memchr::memrchr(b'\n', &text.as_bytes()[from..]) {
            Some(n) => from + n + 1,
            None => return (from, 0),
        }
    };
    let (mut start, mut statements) = (from, 0);
    while start < end {
        let stop = memchr::memchr(b'\n', &text.as_bytes()[start..end]).map_or(end, |n| start + n);
        // A line as long as the limit is reported as one the text cuts short would be.
        let read = match stop - start >= limit {
            true => {
                let space = text.as_bytes()[start..stop]
                    .iter()
                    .position(|&b| b != b' ' && b != b'\t');
                Err(too_long(syntax, limit, start + space.unwrap_or(0)))
            }
            false => statement(syntax, text, start, stop, each),
        };
        match read {
            Ok(held) => statements += u64::from(held),
            Err(broken) => {
                statements += 1;
                each(Event::Broken(broken));
            }
        }
        start = stop + 1;
    }
    (end, statements)
}

/// The statement of the line `text[start..stop]` (N-Triples §2.3: `triple? EOL`; N-Quads: `statement`
/// with an optional `graphLabel`), comments and white space around it, its IRIs given to `each`;
/// whether the line held a statement.
fn statement(
    syntax: Syntax,
    text: &str,
    start: usize,
    stop: usize,
    each: &mut dyn FnMut(Event<'_>),
) -> Result<bool, Broken> {
    let mut line = Line {
        text,
        at: start,
        stop,
    };
    line.space();
    if line.at == stop || line.peek() == Some(b'#') {
        return Ok(false);
    }
    let symbol = syntax.iriref_symbol();
    // subject ::= IRIREF | BLANK_NODE_LABEL
    line.term(Role::Subject, symbol, false, each)?;
    line.space();
    // predicate ::= IRIREF
    if line.peek() != Some(b'<') {
        return Err(line.unexpected("a predicate, an IRI written <…>"));
    }
    line.term(Role::Predicate, symbol, false, each)?;
    line.space();
    // object ::= IRIREF | BLANK_NODE_LABEL | literal
    line.term(Role::Object, symbol, true, each)?;
    line.space();
    // graphLabel ::= IRIREF | BLANK_NODE_LABEL (N-Quads)
    if syntax == Syntax::NQuads && matches!(line.peek(), Some(b'<' | b'_')) {
        line.term(Role::Graph, symbol, false, each)?;
        line.space();
    }
    if line.peek() != Some(b'.') {
        let what = match syntax {
            Syntax::NQuads => "\".\" to end the statement (N-Quads §2.3), or a graph label",
            _ => "\".\" to end the triple (N-Triples §2.3)",
        };
        return Err(line.unexpected(what));
    }
    line.at += 1;
    line.space();
    match line.peek() {
        None | Some(b'#') => Ok(true),
        Some(_) => {
            Err(line.unexpected("the end of the line after \".\" (one statement a line, N-Triples §2.3)"))
        }
    }
}

/// A line being read: `text[at..stop]` is what is left of it.
struct Line<'a> {
    text: &'a str,
    at: usize,
    stop: usize,
}

impl<'a> Line<'a> {
    fn peek(&self) -> Option<u8> {
        (self.at < self.stop).then(|| self.text.as_bytes()[self.at])
    }

    /// Skips white space (N-Triples §2.3: `WS ::= #x20 | #x9`; a "\r" before the line's end too).
    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.at += 1;
        }
    }

    /// The statement is broken here: `expected` is what the grammar allows.
    fn unexpected(&self, expected: &str) -> Broken {
        match self.text[self.at..self.stop].chars().next() {
            Some(c) => Broken::new(
                self.at,
                format!(
                    "expected {expected}, found '{}'",
                    printable(c.encode_utf8(&mut [0; 4]))
                ),
            ),
            None => Broken::new(self.at, format!("expected {expected}, found the end of the line")),
        }
    }

    /// A subject, predicate, object or graph label: an `IRIREF` (reported to `each`), a blank
    /// node label, or with `literal` a literal and its datatype IRI (reported) or language tag.
    fn term(
        &mut self,
        role: Role,
        symbol: crate::StartSymbol,
        literal: bool,
        each: &mut dyn FnMut(Event<'_>),
    ) -> Result<(), Broken> {
        match self.peek() {
            Some(b'<') => self.iriref(role, symbol, each),
            Some(b'_') => self.blank_node(),
            Some(b'"') if literal => {
                self.literal()?;
                match self.peek() {
                    Some(b'@') => self.language_tag(),
                    Some(b'^') if self.text[self.at..self.stop].starts_with("^^<") => {
                        self.at += 2;
                        self.iriref(Role::Datatype, symbol, each)
                    }
                    Some(b'^') => Err(self.unexpected("\"^^\" and a datatype IRI written <…>")),
                    _ => Ok(()),
                }
            }
            _ => Err(self.unexpected(match (role, literal) {
                (Role::Subject, _) => "a subject, an IRI written <…> or a blank node _:…",
                (_, true) => "an object, an IRI written <…>, a blank node _:… or a literal \"…\"",
                _ => "an IRI written <…> or a blank node _:…",
            })),
        }
    }

    fn iriref(
        &mut self,
        role: Role,
        symbol: crate::StartSymbol,
        each: &mut dyn FnMut(Event<'_>),
    ) -> Result<(), Broken> {
        let line = &self.text[..self.stop];
        match iriref(line, self.at, role, symbol) {
            Ok((found, end)) => {
                self.at = end;
                each(Event::Iri(found));
                Ok(())
            }
            Err(end) => Err(Broken::new(
                end,
                "the IRI that \"<\" opens is not closed by \">\" on its line (IRIREF, N-Triples §2.3)",
            )),
        }
    }

    /// `BLANK_NODE_LABEL ::= '_:' (PN_CHARS_U | [0-9]) ((PN_CHARS | '.')* PN_CHARS)?`, read as
    /// the run of characters up to white space or a character no term continues with; a label
    /// never ends with ".", which ends the statement.
    fn blank_node(&mut self) -> Result<(), Broken> {
        if !self.text[self.at..self.stop].starts_with("_:") {
            return Err(self.unexpected("a blank node label \"_:\""));
        }
        let from = self.at + 2;
        let rest = &self.text.as_bytes()[from..self.stop];
        let mut len = rest
            .iter()
            .position(|b| matches!(b, b' ' | b'\t' | b'\r' | b'<' | b'"' | b'#'))
            .unwrap_or(rest.len());
        while len > 0 && rest[len - 1] == b'.' {
            len -= 1;
        }
        if len == 0 {
            self.at = from;
            return Err(self.unexpected("the label of a blank node after \"_:\""));
        }
        self.at = from + len;
        Ok(())
    }

    /// `STRING_LITERAL_QUOTE ::= '"' ([^#x22#x5C#xA#xD] | ECHAR | UCHAR)* '"'`: up to the first
    /// `"` that no backslash escapes; a backslash that is no escape breaks the statement.
    fn literal(&mut self) -> Result<(), Broken> {
        let bytes = &self.text.as_bytes()[..self.stop];
        let mut at = self.at + 1;
        loop {
            match memchr::memchr2(b'"', b'\\', &bytes[at..]) {
                Some(n) if bytes[at + n] == b'"' => {
                    self.at = at + n + 1;
                    return Ok(());
                }
                Some(n) => match string_escape(bytes, at + n) {
                    Some(len) => at += n + len,
                    None => {
                        return Err(Broken::new(
                            at + n,
                            "a backslash in a literal starts an escape: \\t, \\b, \\n, \\r, \\f, \\\", \\', \\\\, \\uXXXX or \\UXXXXXXXX (ECHAR, UCHAR, N-Triples §2.3)",
                        ))
                    }
                },
                None => break,
            }
        }
        Err(Broken::new(self.at, "the literal that '\"' opens here is not closed on its line (STRING_LITERAL_QUOTE, N-Triples §2.3)"))
    }

    /// `LANGTAG ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*`.
    fn language_tag(&mut self) -> Result<(), Broken> {
        let from = self.at + 1;
        let rest = &self.text.as_bytes()[from..self.stop];
        let len = rest
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'-'))
            .unwrap_or(rest.len());
        let tag = &rest[..len];
        let valid = tag.first().is_some_and(u8::is_ascii_alphabetic)
            && tag.split(|b| *b == b'-').all(|part| !part.is_empty())
            && tag
                .split(|b| *b == b'-')
                .next()
                .is_some_and(|p| p.iter().all(u8::is_ascii_alphabetic));
        if !valid {
            self.at = from;
            return Err(self.unexpected("a language tag after \"@\" (LANGTAG, N-Triples §2.3)"));
        }
        self.at = from + len;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SyntaxComponent;

    /// Every event of `text` as (offset, what): an invalid IRI's error offset in the text and
    /// component, or a broken statement's offset.
    fn events(syntax: Syntax, text: &str) -> Vec<(usize, String)> {
        let mut found = Vec::new();
        let (used, _) = scan((syntax, usize::MAX), text, 0, true, &mut |event| match event {
            Event::Iri(iri) => {
                if let Some(e) = iri.error() {
                    let component = e.component().map_or("-", SyntaxComponent::as_str);
                    found.push((
                        iri.source_offset(e.byte_offset()),
                        format!("{} {component}", iri.role().as_str()),
                    ));
                }
            }
            Event::Broken(b) => found.push((b.offset(), "broken".to_string())),
        });
        assert_eq!(used, text.len());
        found
    }

    #[test]
    fn valid_statements_literals_and_comments_give_nothing() {
        let text = "<http://a/s> <http://a/p> \"a <b c> d\" .\n\
                    # <not an iri> at all\n\
                    \n\
                    _:b1 <http://a/p> \"x\\\"<y z>\"@en-GB . # <c d>\n\
                    <http://a/s><http://a/p><http://a/o>.\r\n\
                    <http://a/s> <http://a/p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n\
                    _:b.1 <http://a/p> _:b2.\n";
        assert_eq!(events(Syntax::NTriples, text), []);
    }

    #[test]
    fn each_invalid_iri_is_reported_at_its_fault() {
        // Line 1: a relative IRI where N-Triples wants an absolute one: "a" has no ":" — the
        // scheme ends too early, at the closing ">" (byte 2).
        // Line 2 (from byte 19): the datatype "http://a/x y": the space at byte 19 + 49.
        let text = "<a> <http://a/p> _:o .\n\
                    <http://a/s> <http://a/p> \"1\"^^<http://a/x y> .\n";
        let second = text.find('\n').unwrap() + 1;
        let space = second + text[second..].find(" y").unwrap();
        assert_eq!(
            events(Syntax::NTriples, text),
            [
                (2, "subject scheme".to_string()),
                (space, "datatype path".to_string())
            ]
        );
    }

    #[test]
    fn broken_statements_are_reported_once_and_skipped() {
        // A missing ".": broken at the end of the line (byte 38). An unterminated literal: broken
        // at its opening quote. The line after each is read as usual.
        let text = "<http://a/s> <http://a/p> <http://a/o>\n\
                    <http://a/s> <http://a/p> \"open .\n\
                    <http://a/b c> <http://a/p> <http://a/o> .\n";
        let got = events(Syntax::NTriples, text);
        assert_eq!(got[0], (38, "broken".to_string()));
        assert_eq!(got[1], (39 + 26, "broken".to_string()));
        assert_eq!(got[2].1, "subject path");
        assert_eq!(got.len(), 3);
    }

    #[test]
    fn a_backslash_in_a_literal_must_start_an_escape() {
        // `"a\zb"`: "\z" is no ECHAR, broken at its backslash (byte 28: the literal's quote is
        // byte 26). `"\u00e9\t\""` holds three escapes and is fine.
        let text = "<http://a/s> <http://a/p> \"a\\zb\" .\n<http://a/s> <http://a/p> \"\\u00e9\\t\\\"\" .\n";
        assert_eq!(events(Syntax::NTriples, text), [(28, "broken".to_string())]);
    }

    #[test]
    fn n_quads_graph_labels_are_checked() {
        let text =
            "<http://a/s> <http://a/p> <http://a/o> <g> .\n<http://a/s> <http://a/p> <http://a/o> _:g .\n";
        // "g" has no scheme: the error at its closing ">" (byte 41).
        assert_eq!(events(Syntax::NQuads, text), [(41, "graph scheme".to_string())]);
        // In N-Triples a fourth term breaks the triple, at its "<" (byte 39).
        assert_eq!(events(Syntax::NTriples, text)[0], (39, "broken".to_string()));
    }

    #[test]
    fn a_broken_statement_says_what_the_grammar_expected_there() {
        // Each line breaks where N-Triples §2.3 (N-Quads §2.3) allows something else: the
        // offset in the line and the start of what is expected (after "expected ").
        let cases = [
            // A blank node with no label, or one of dots only (a label does not end with "."):
            // broken after "_:" (2).
            (
                Syntax::NTriples,
                "_: <http://a/p> <http://a/o> .",
                2,
                "the label of a blank node",
            ),
            (
                Syntax::NTriples,
                "_:.. <http://a/p> <http://a/o> .",
                2,
                "the label of a blank node",
            ),
            // A literal is no subject, a blank node no predicate, "." no object.
            (
                Syntax::NTriples,
                "\"x\" <http://a/p> <http://a/o> .",
                0,
                "a subject",
            ),
            (
                Syntax::NTriples,
                "<http://a/s> _:p <http://a/o> .",
                13,
                "a predicate",
            ),
            (Syntax::NTriples, "<http://a/s> <http://a/p> .", 26, "an object"),
            // "^" alone, or "^^" with no "<", after a literal (29).
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> \"x\"^<http://a/t> .",
                29,
                "\"^^\"",
            ),
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> \"x\"^^t .",
                29,
                "\"^^\"",
            ),
            // LANGTAG ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*: no letter first, an empty
            // subtag, a digit in the first: broken after the "@" (30).
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> \"x\"@1 .",
                30,
                "a language tag",
            ),
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> \"x\"@en- .",
                30,
                "a language tag",
            ),
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> \"x\"@e1 .",
                30,
                "a language tag",
            ),
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> \"x\"@en--us .",
                30,
                "a language tag",
            ),
            // A fifth term (at 52): N-Quads ends the statement or takes a graph label.
            (
                Syntax::NQuads,
                "<http://a/s> <http://a/p> <http://a/o> <http://a/g> <x> .",
                52,
                "\".\" to end the statement (N-Quads",
            ),
            (
                Syntax::NTriples,
                "<http://a/s> <http://a/p> <http://a/o> <x> .",
                39,
                "\".\" to end the triple",
            ),
        ];
        for (syntax, text, at, expected) in cases {
            let mut broken = Vec::new();
            scan((syntax, usize::MAX), text, 0, true, &mut |event| {
                if let Event::Broken(b) = event {
                    broken.push((b.offset(), b.message().to_string()));
                }
            });
            assert_eq!(broken.len(), 1, "{text}: {broken:?}");
            assert_eq!(broken[0].0, at, "{text}");
            let message = &broken[0].1;
            assert!(
                message.starts_with(&format!("expected {expected}")),
                "{text}: {message}"
            );
        }
        // "@en-GB-1" and "@x" are language tags.
        let text = "<http://a/s> <http://a/p> \"x\"@en-GB-1 .\n<http://a/s> <http://a/p> \"x\"@x .\n";
        assert_eq!(events(Syntax::NTriples, text), []);
    }

    #[test]
    fn only_whole_lines_are_read_until_the_last_piece() {
        let mut count = 0;
        let text = "<http://a/s> <http://a/p> _:o .\n\n# c\n<http://a/s> <ht";
        let (used, statements) = scan((Syntax::NTriples, usize::MAX), text, 0, false, &mut |_| {
            count += 1
        });
        // Three whole lines (32 + 1 + 4 bytes), one statement with two IRIs.
        assert_eq!((used, statements, count), (37, 1, 2));
    }
}

//! An IRI as an RDF document writes it: the `IRIREF` production of the RDF 1.1 grammars with its
//! `UCHAR` escapes (N-Triples §2.3, Turtle §6.4), and where each character of the IRI it means
//! stands in the document.

use alloc::borrow::Cow;
use core::ops::Range;

use crate::{validate, Iri, ParseError, StartSymbol};

/// Where an IRI stands in a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The subject of a triple.
    Subject,
    /// The predicate of a triple (`a` in Turtle is `rdf:type`, written nowhere, and not reported).
    Predicate,
    /// The object of a triple.
    Object,
    /// The datatype of a literal (`^^`).
    Datatype,
    /// The graph name of a quad (N-Quads) or of a graph (TriG).
    Graph,
    /// The IRI of a prefix declaration (`@prefix`, `PREFIX`; Turtle, TriG).
    Prefix,
    /// The IRI of a base declaration (`@base`, `BASE`; Turtle, TriG).
    Base,
}

impl Role {
    /// The role's name: `subject`, `predicate`, `object`, `datatype`, `graph`, `prefix`, `base`.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Subject => "subject",
            Role::Predicate => "predicate",
            Role::Object => "object",
            Role::Datatype => "datatype",
            Role::Graph => "graph",
            Role::Prefix => "prefix",
            Role::Base => "base",
        }
    }
}

/// A run of the IRI's bytes that the document writes otherwise (an escape, or a prefix): every
/// offset in `decoded` stands at `source.start`; after it, offsets run on from `source.end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) decoded: Range<usize>,
    pub(crate) source: Range<usize>,
    /// Whether `source` is an escape (else the prefix of a prefixed name).
    pub(crate) escape: bool,
}

/// An IRI of a document: where it is written, the IRI it means, and whether that is an IRI.
#[derive(Clone, Debug)]
pub struct Found<'a> {
    pub(crate) role: Role,
    pub(crate) span: Range<usize>,
    pub(crate) iri: Cow<'a, str>,
    pub(crate) symbol: StartSymbol,
    pub(crate) error: Option<ParseError>,
    /// The source offset of the IRI's first byte (after `<`, or where a prefixed name starts).
    pub(crate) start: usize,
    /// The runs written otherwise, in order.
    pub(crate) pieces: Vec<Piece>,
    /// What a relative reference resolves to against the base in scope (Turtle, TriG); boxed,
    /// for most terms have none.
    pub(crate) resolved: Option<Box<Iri<String>>>,
}

impl<'a> Found<'a> {
    /// Where the IRI stands in its statement.
    pub fn role(&self) -> Role {
        self.role
    }

    /// The bytes of the document that write it: `<…>` with its brackets, or the prefixed name.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The IRI the term means: its escapes decoded, a prefixed name expanded. A relative
    /// reference of Turtle or TriG is given as written (decoded), not resolved.
    pub fn iri(&self) -> &str {
        &self.iri
    }

    /// The IRI that [`Found::iri`], a valid relative reference of Turtle or TriG, resolves to
    /// against the base in scope (Turtle §6.3; RFC 3986 §5.2, which RFC 3987 §6.5 applies to
    /// IRIs). `None` for an IRI with a scheme, an invalid reference, a prefixed name, a term of
    /// N-Triples or N-Quads, and where the document has no base.
    pub fn resolved(&self) -> Option<&Iri<String>> {
        self.resolved.as_deref()
    }

    /// The start symbol [`Found::iri`] was checked against.
    pub fn checked_as(&self) -> StartSymbol {
        self.symbol
    }

    /// Why [`Found::iri`] does not match [`Found::checked_as`], if it does not: its offsets
    /// count in [`Found::iri`]; [`Found::source_offset`] gives where that is written.
    pub fn error(&self) -> Option<&ParseError> {
        self.error.as_ref()
    }

    /// The bytes of the document that write the byte at `offset` of [`Found::iri`] when an
    /// escape writes it: a `UCHAR` (`\u0020`, RDF 1.1 N-Triples §2.3, Turtle §6.4) of an
    /// `IRIREF`, or a `\` escape of a prefixed name's local name (Turtle §6.4 `PN_LOCAL_ESC`).
    /// `None` when the byte is written as itself, or comes from a prefix's IRI.
    ///
    /// ```
    /// use rfc3987::rdf::{Event, Scanner, Syntax};
    ///
    /// let text = r"<http://a/\u0020b> <http://a/p> <http://a/o> .";
    /// let mut escapes = Vec::new();
    /// Scanner::new(Syntax::NTriples).scan(text, true, &mut |event| {
    ///     if let Event::Iri(found) = event {
    ///         if let Some(error) = found.error() {
    ///             escapes.push(found.escape_at(error.byte_offset()).map(|at| &text[at]));
    ///         }
    ///     }
    /// });
    /// // The space the path does not allow is written as an escape.
    /// assert_eq!(escapes, [Some(r"\u0020")]);
    /// ```
    pub fn escape_at(&self, offset: usize) -> Option<Range<usize>> {
        self.pieces
            .iter()
            .find(|piece| piece.escape && piece.decoded.contains(&offset))
            .map(|piece| piece.source.clone())
    }

    /// The fault in one line, when [`Found::iri`] is not an IRI: the error's
    /// [`ParseError::summary`], and when the character at fault is written as an escape in
    /// `text` (the text given to the scanner), which escape, printable:
    /// `invalid IRI, in the path: a space … ; it is written as the escape \u0020, which the
    /// syntax decodes`, the message `iri check` gives.
    pub fn describe(&self, text: &str) -> Option<String> {
        let error = self.error.as_ref()?;
        let mut message = error.summary();
        if let Some(escape) = self.escape_at(error.byte_offset()).and_then(|at| text.get(at)) {
            message.push_str(&format!(
                "; it is written as the escape {}, which the syntax decodes",
                crate::printable(escape)
            ));
        }
        Some(message)
    }

    /// Where the byte at `offset` of [`Found::iri`] is written in the document (a byte offset
    /// in the text given to the scanner): the backslash of the escape that writes it, the start
    /// of a prefixed name for a byte of the prefix's IRI, and for `offset` at the end of the IRI
    /// (an IRI that ends too early) the byte after it, the closing `>` of an `IRIREF`.
    pub fn source_offset(&self, offset: usize) -> usize {
        let (mut decoded, mut source) = (0, self.start);
        for piece in &self.pieces {
            if piece.decoded.start > offset {
                break;
            }
            if offset < piece.decoded.end {
                return piece.source.start;
            }
            (decoded, source) = (piece.decoded.end, piece.source.end);
        }
        source + (offset - decoded)
    }
}

/// A statement that is not RDF: where it goes wrong, and why. The scanner skips it and goes
/// on after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub(crate) at: usize,
    pub(crate) message: String,
}

impl Broken {
    pub(crate) fn new(at: usize, message: impl Into<String>) -> Self {
        Broken {
            at,
            message: message.into(),
        }
    }

    /// The byte offset (in the text given to the scanner) of the first byte the syntax does not
    /// allow, or of the end of the text when the statement ends too early.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// What is wrong, naming the production of the syntax's grammar; text of the document in it
    /// is quoted with [`crate::printable`].
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The report of the statement in one line, the message `iri check` gives:
    /// `statement skipped, not RDF: ` and [`Broken::message`].
    pub fn summary(&self) -> String {
        format!("statement skipped, not RDF: {}", self.message)
    }
}

/// The `IRIREF` whose `<` is at `start` of `text` (N-Triples §2.3, Turtle §6.4), read leniently:
/// it runs to the next `>` of its line, whatever the characters between, and its `UCHAR`
/// escapes are decoded. It is checked against `symbol`. `Err` with the offset of the end of
/// the line (its "\n", or the end of `text`) when no `>` closes it there. `Ok` gives the offset
/// after the `>` too.
pub(crate) fn iriref(
    text: &str,
    start: usize,
    role: Role,
    symbol: StartSymbol,
) -> Result<(Found<'_>, usize), usize> {
    let bytes = text.as_bytes();
    let content = start + 1;
    let close = match memchr::memchr2(b'>', b'\n', &bytes[content..]) {
        Some(n) if bytes[content + n] == b'>' => content + n,
        Some(n) => return Err(content + n),
        None => return Err(text.len()),
    };
    let written = &text[content..close];
    let mut found = Found {
        role,
        span: start..close + 1,
        iri: Cow::Borrowed(written),
        symbol,
        error: None,
        start: content,
        pieces: Vec::new(),
        resolved: None,
    };
    let mut surrogates = Vec::new();
    if memchr::memchr(b'\\', written.as_bytes()).is_some() {
        let (decoded, pieces) = unescape(written, content, &mut surrogates);
        found.iri = Cow::Owned(decoded);
        found.pieces = pieces;
    }
    found.error = check(&found.iri, symbol, &surrogates);
    Ok((found, close + 1))
}

/// `written` with its `UCHAR` escapes (`\uXXXX`, `\UXXXXXXXX`: RDF 1.1 N-Triples §2.3) decoded,
/// and the pieces that map each escape's bytes to its backslash (`written` starts at `at` in
/// the document). An escape of a surrogate code point decodes to U+FFFD, and its offset and
/// code unit go to `surrogates`, so that the check reports the surrogate (a surrogate is not a
/// character: RFC 3987 §2). An escape that is not a `UCHAR` (another letter, too few hex
/// digits, beyond U+10FFFF) stays as it is written, and the IRI's grammar rejects its `\`.
pub(crate) fn unescape(written: &str, at: usize, surrogates: &mut Vec<(usize, u16)>) -> (String, Vec<Piece>) {
    let mut decoded = String::with_capacity(written.len());
    let mut pieces = Vec::new();
    let mut rest = 0;
    let mut from = 0;
    while let Some(n) = memchr::memchr(b'\\', &written.as_bytes()[from..]) {
        let backslash = from + n;
        let digits = match written.as_bytes().get(backslash + 1) {
            Some(b'u') => 4,
            Some(b'U') => 8,
            _ => 0,
        };
        let hex = written
            .get(backslash + 2..backslash + 2 + digits)
            .filter(|h| digits > 0 && h.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(value) = hex.and_then(|h| u32::from_str_radix(h, 16).ok()) else {
            from = backslash + 1;
            continue;
        };
        let end = backslash + 2 + digits;
        let c = match char::from_u32(value) {
            Some(c) => c,
            None if (0xD800..=0xDFFF).contains(&value) => {
                surrogates.push((decoded.len() + backslash - rest, value as u16));
                '\u{FFFD}'
            }
            // Beyond U+10FFFF: not a UCHAR's code point; left as written.
            None => {
                from = backslash + 1;
                continue;
            }
        };
        decoded.push_str(&written[rest..backslash]);
        let start = decoded.len();
        decoded.push(c);
        pieces.push(Piece {
            decoded: start..decoded.len(),
            source: at + backslash..at + end,
            escape: true,
        });
        rest = end;
        from = end;
    }
    decoded.push_str(&written[rest..]);
    (decoded, pieces)
}

/// The length of the escape of a string literal at `at` of `bytes` (a backslash): `ECHAR`
/// (`\t`, `\b`, `\n`, `\r`, `\f`, `\"`, `\'`, `\\`) or `UCHAR` (`\uXXXX`, `\UXXXXXXXX`), RDF 1.1
/// N-Triples §2.3 and Turtle §6.4; `None` when it is neither.
pub(crate) fn string_escape(bytes: &[u8], at: usize) -> Option<usize> {
    let hex = |digits: usize| {
        let run = bytes.get(at + 2..at + 2 + digits)?;
        run.iter().all(u8::is_ascii_hexdigit).then_some(2 + digits)
    };
    match bytes.get(at + 1)? {
        b't' | b'b' | b'n' | b'r' | b'f' | b'"' | b'\'' | b'\\' => Some(2),
        b'u' => hex(4),
        b'U' => hex(8),
        _ => None,
    }
}

/// Whether `iri` matches `symbol`, and if not why: an error at a U+FFFD that an escape of a
/// surrogate decoded to names the surrogate ([`ParseError::at_lone_surrogate`]).
pub(crate) fn check(iri: &str, symbol: StartSymbol, surrogates: &[(usize, u16)]) -> Option<ParseError> {
    let error = validate(iri, symbol).err()?;
    Some(
        match surrogates
            .iter()
            .find(|(offset, _)| *offset == error.byte_offset())
        {
            Some(&(_, unit)) => error.at_lone_surrogate(unit),
            None => error,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SyntaxComponent;

    #[test]
    fn an_iriref_runs_to_the_next_angle_bracket_of_its_line() {
        // `<a b>`: the space is part of the term, so the term is "a b" and the error is the IRI's.
        let text = "<http://a/b c> .";
        let (found, end) = iriref(text, 0, Role::Subject, StartSymbol::Iri).unwrap();
        assert_eq!((found.iri(), end, found.span()), ("http://a/b c", 14, 0..14));
        let error = found.error().unwrap();
        // "http://a/b c": the space is byte 10 of the IRI, byte 11 of the text (after "<").
        assert_eq!(error.component(), Some(SyntaxComponent::Path));
        assert_eq!(found.source_offset(error.byte_offset()), 11);
        // No ">" before the line ends: the offset of the "\n", or of the end of the text.
        assert_eq!(
            iriref("<http://a/\n>", 0, Role::Object, StartSymbol::Iri).unwrap_err(),
            10
        );
        assert_eq!(
            iriref("x <http://a/", 2, Role::Object, StartSymbol::Iri).unwrap_err(),
            12
        );
    }

    #[test]
    fn escapes_are_decoded_and_errors_point_at_their_backslash() {
        // "\u0020" decodes to a space, which no component allows: the error is at the
        // backslash, byte 10 of the text ("<" then "http://a/" is 9 bytes).
        let text = "<http://a/\\u0020b>";
        let (found, _) = iriref(text, 0, Role::Object, StartSymbol::Iri).unwrap();
        assert_eq!(found.iri(), "http://a/ b");
        let error = found.error().unwrap();
        assert_eq!(error.byte_offset(), 9);
        assert_eq!(found.source_offset(9), 10);
        // After the escape, offsets run on: "b" is byte 10 of the IRI and byte 16 of the text.
        assert_eq!(found.source_offset(10), 16);
        // The end of the IRI maps to the closing ">".
        assert_eq!(found.source_offset(found.iri().len()), 17);
        // \U with 8 digits, to a character outside the BMP that ucschar allows.
        let (found, _) = iriref("<http://a/\\U0001F600>", 0, Role::Object, StartSymbol::Iri).unwrap();
        assert_eq!(found.iri(), "http://a/\u{1F600}");
        assert!(found.error().is_none());
    }

    #[test]
    fn an_error_at_an_escape_says_so() {
        // "<http://a/\u0020b\u00e9>": the space (byte 9 of the IRI) is written as the escape at
        // bytes 10..16 of the text; "b" (byte 10) is written as itself, and so is the end.
        let text = "<http://a/\\u0020b\\u00e9>";
        let (found, _) = iriref(text, 0, Role::Object, StartSymbol::Iri).unwrap();
        assert_eq!(found.escape_at(9), Some(10..16));
        assert_eq!(found.escape_at(10), None);
        assert_eq!(found.escape_at(found.iri().len()), None);
        let error = found.error().unwrap();
        let message = found.describe(text).unwrap();
        assert_eq!(
            message,
            format!(
                "{}; it is written as the escape \\u0020, which the syntax decodes",
                error.summary()
            )
        );
        // An error at a character written as itself: the summary alone; a valid IRI: none.
        let (found, _) = iriref("<http://a/ b>", 0, Role::Object, StartSymbol::Iri).unwrap();
        assert_eq!(
            found.describe("<http://a/ b>"),
            Some(found.error().unwrap().summary())
        );
        let (found, _) = iriref("<http://a/b>", 0, Role::Object, StartSymbol::Iri).unwrap();
        assert_eq!(found.describe("<http://a/b>"), None);
        // The end of an IRI that is an escape maps past it, to the ">" (byte 16).
        let (found, _) = iriref("<http://a/\\u00e9>", 0, Role::Object, StartSymbol::Iri).unwrap();
        assert_eq!(found.source_offset(found.iri().len()), 16);
    }

    #[test]
    fn a_broken_statement_sums_itself_up() {
        let broken = Broken::new(3, "expected a subject");
        assert_eq!(broken.summary(), "statement skipped, not RDF: expected a subject");
    }

    #[test]
    fn a_surrogate_escape_is_an_error_that_names_it() {
        // DBpedia's `\uD801`: not a character; reported at its backslash, byte 10.
        let text = "<http://a/\\uD801x>";
        let (found, _) = iriref(text, 0, Role::Object, StartSymbol::Iri).unwrap();
        let error = found.error().unwrap();
        assert!(error.message().contains("U+D801"), "{}", error.message());
        assert_eq!(found.source_offset(error.byte_offset()), 10);
    }

    #[test]
    fn a_surrogate_escape_after_another_escape_is_placed_at_its_backslash() {
        // "\u00e9" (bytes 10..16 of the text, one character "é" of 2 bytes in the IRI), then
        // "\uD801" at byte 16: the error names U+D801, at its backslash.
        let text = "<http://a/\\u00e9\\uD801x>";
        let (found, _) = iriref(text, 0, Role::Object, StartSymbol::Iri).unwrap();
        let error = found.error().unwrap();
        assert!(error.message().contains("U+D801"), "{}", error.message());
        assert_eq!(found.source_offset(error.byte_offset()), 16);
    }

    #[test]
    fn a_malformed_escape_stays_as_written() {
        // "\u00G1" is not a UCHAR: the "\" stays, and the IRI grammar rejects it there (byte 10).
        for text in [
            "<http://a/\\u00G1>",
            "<http://a/\\u00>",
            "<http://a/\\x>",
            "<http://a/\\U00110000>",
            // "+0e9" is no four hex digits, though it reads as a number.
            "<http://a/\\u+0e9>",
        ] {
            let (found, _) = iriref(text, 0, Role::Object, StartSymbol::Iri).unwrap();
            assert_eq!(found.iri(), &text[1..text.len() - 1]);
            let error = found.error().unwrap();
            assert_eq!(found.source_offset(error.byte_offset()), 10, "{text}");
        }
    }
}

//! A document read from its bytes, in pieces of any size: every IRI and every fault placed on
//! its line and column, with the messages `iri check` gives. For a caller that reads a file or
//! a stream and wants what is in it (the Python package's `rdf.check`), without the `iri`
//! tool's blocks and threads; the tool reads with the same parts ([`decode`], [`Place`],
//! [`Found::describe`], [`Broken::summary`](super::Broken::summary)).

use alloc::borrow::Cow;
use core::ops::Range;

use super::scanner::Scanner;
use super::syntax::Event;
use super::term::Found;
use crate::{decode_utf8, utf8_complete_len};

/// A run of ill-formed bytes read as U+FFFD: where the U+FFFD is in the text (3 bytes), and
/// how many bytes it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replaced {
    /// The offset of the U+FFFD in the text.
    pub at: usize,
    /// How many bytes of the document it stands for.
    pub len: usize,
}

/// Bytes read as text ([`decode`]).
#[derive(Clone, Debug)]
pub struct Decoded<'a> {
    /// The text: the bytes, each run of ill-formed bytes read as U+FFFD.
    pub text: Cow<'a, str>,
    /// Each line that is not UTF-8: the offset in `text` of its first ill-formed sequence, and
    /// the message ([`crate::NotUtf8`]).
    pub not_utf8: Vec<(usize, String)>,
    /// Every replacement, in order.
    pub replaced: Vec<Replaced>,
}

/// `bytes` as text, each run of ill-formed bytes read as U+FFFD (an IRI holding one is invalid
/// there too, as U+FFFD is no character of an IRI where it stands, or as the bytes were not);
/// where it is not UTF-8, each line's first ill-formed sequence with the message lines of IRIs
/// get ([`crate::decode_utf8`]), and every replacement, to find the bytes an offset of the text
/// was read from. Lines are split at "\n": `bytes` should hold whole lines.
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    if let Ok(text) = core::str::from_utf8(bytes) {
        return Decoded {
            text: Cow::Borrowed(text),
            not_utf8: Vec::new(),
            replaced: Vec::new(),
        };
    }
    let mut text = String::with_capacity(bytes.len() + 16);
    let (mut not_utf8, mut replaced) = (Vec::new(), Vec::new());
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        if let Err(e) = decode_utf8(line) {
            // The line is the same up to its first ill-formed byte.
            not_utf8.push((text.len() + e.byte_offset, e.message));
        }
        for chunk in line.utf8_chunks() {
            text.push_str(chunk.valid());
            if !chunk.invalid().is_empty() {
                replaced.push(Replaced {
                    at: text.len(),
                    len: chunk.invalid().len(),
                });
                text.push('\u{FFFD}');
            }
        }
    }
    Decoded {
        text: Cow::Owned(text),
        not_utf8,
        replaced,
    }
}

/// Whether the text's bytes `span` hold a U+FFFD that stands for ill-formed bytes: a term
/// holding one cannot be written back repaired, its text not being its bytes.
pub fn holds_replaced(span: &Range<usize>, replaced: &[Replaced]) -> bool {
    let first = replaced.partition_point(|r| r.at + 3 <= span.start);
    replaced.get(first).is_some_and(|r| r.at < span.end)
}

/// Lines and columns of byte offsets in a text whose first line is number `first`, found by
/// moving forward (offsets in document order cost one pass; an offset behind starts over).
#[derive(Clone, Debug)]
pub struct Place<'t> {
    text: &'t str,
    first: usize,
    line: usize,
    line_start: usize,
    /// The last offset placed, and its column: the next, on the same line, counts from there.
    last: usize,
    column: usize,
}

impl<'t> Place<'t> {
    /// Places in `text`, whose first line is line number `first`.
    pub fn new(text: &'t str, first: usize) -> Self {
        Place {
            text,
            first,
            line: first,
            line_start: 0,
            last: 0,
            column: 1,
        }
    }

    /// The line number and 1-based character column of `offset` (at most the text's length).
    /// An offset at a line's end (its "\n", the end of the text) is placed after the line's
    /// last character: before a "\r" that ends it, and on the last line, not after it, when
    /// the text ends with "\n".
    pub fn at(&mut self, offset: usize) -> (usize, usize) {
        let bytes = self.text.as_bytes();
        let mut offset = offset.min(bytes.len());
        if offset == bytes.len() && offset > 0 && bytes[offset - 1] == b'\n' {
            offset -= 1;
        }
        if offset > 0 && bytes.get(offset) == Some(&b'\n') && bytes[offset - 1] == b'\r' {
            offset -= 1;
        }
        if offset < self.last {
            *self = Place::new(self.text, self.first);
        }
        let from = self.last;
        for n in memchr::memchr_iter(b'\n', &bytes[from..offset]) {
            self.line += 1;
            self.line_start = from + n + 1;
        }
        self.column = match self.line_start > from {
            // A line begun since the last offset: its characters up to this one.
            true => self.text[self.line_start..offset].chars().count() + 1,
            false => self.column + self.text[from..offset].chars().count(),
        };
        self.last = offset;
        (self.line, self.column)
    }
}

/// Something a [`Document`] holds, where it is written: its line (from 1) and its column
/// (characters, from 1). It borrows the document's text, and lives while [`Document::read`]
/// gives it: a caller keeps what it needs of it.
#[derive(Clone, Debug)]
pub struct Item<'a> {
    /// The line.
    pub line: usize,
    /// The column: of an invalid IRI's fault, of a valid IRI's first byte (its `<`, or its
    /// prefixed name's first character), of a broken statement's fault, of a line's first
    /// ill-formed byte.
    pub column: usize,
    /// What it is.
    pub kind: ItemKind<'a>,
}

/// What an [`Item`] is.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum ItemKind<'a> {
    /// A term that writes an IRI, valid or not.
    Iri(Term<'a>),
    /// A statement that is not RDF, skipped: [`Broken::summary`](super::Broken::summary).
    Broken(String),
    /// A line that is not UTF-8 ([`crate::NotUtf8`]'s message); its ill-formed bytes are read
    /// as U+FFFD.
    NotUtf8(String),
}

/// A term of a document that writes an IRI: the scanner's [`Found`] with the text it is
/// written in, so that what is said of it is worked out only when asked (most terms are valid,
/// and most callers want the faults).
#[derive(Clone, Debug)]
pub struct Term<'a> {
    found: Found<'a>,
    text: &'a str,
    replaced: &'a [Replaced],
}

impl<'a> Term<'a> {
    /// The term as the scanner found it: its role, the IRI it means, what a relative
    /// reference resolves to, what it was checked as, and its error.
    pub fn found(&self) -> &Found<'a> {
        &self.found
    }

    /// As the document writes it: `<…>` with its brackets, or the prefixed name.
    pub fn written(&self) -> &'a str {
        self.text.get(self.found.span()).unwrap_or_default()
    }

    /// The fault in one line ([`Found::describe`]), if the IRI is not one.
    pub fn message(&self) -> Option<String> {
        self.found.describe(self.text)
    }

    /// The escape that writes the character at fault, as written ([`Found::escape_at`]).
    pub fn escape(&self) -> Option<&'a str> {
        let error = self.found.error()?;
        self.text.get(self.found.escape_at(error.byte_offset())?)
    }

    /// The term written again with what its IRI does not allow percent-encoded
    /// ([`Found::repair`]), when that repairs it and it holds no byte that was not UTF-8 (its
    /// text is not its bytes).
    pub fn repair(&self) -> Option<String> {
        match holds_replaced(&self.found.span(), self.replaced) {
            true => None,
            false => self.found.repair(self.text),
        }
    }
}

/// A document read from its bytes: [`Document::read`] takes them in pieces of any size, and
/// gives every IRI and fault of the statements they complete, placed, in document order (but
/// for the report of a statement too long, which follows the IRIs of it given before), each as
/// it is read: nothing is held but the text of the statement the last piece cut short, and the
/// bytes of its line, which the scanner's [`Scanner::limit`] bounds.
///
/// ```
/// use rfc3987::rdf::{Document, ItemKind, Scanner, Syntax};
///
/// let mut document = Document::new(Scanner::new(Syntax::NTriples));
/// let mut faults = Vec::new();
/// let mut each = |item: rfc3987::rdf::Item<'_>| match item.kind {
///     ItemKind::Iri(term) => faults.extend(term.message().map(|m| (item.line, item.column, m))),
///     ItemKind::Broken(m) | ItemKind::NotUtf8(m) => faults.push((item.line, item.column, m)),
///     _ => {}
/// };
/// // The second line is cut between two pieces.
/// document.read(b"<http://a/s> <http://a/p> <http://a/o> .\n<http://a/b", false, &mut each);
/// document.read(b" c> <http://a/p> \"x\" .\n", true, &mut each);
/// assert_eq!(faults.len(), 1);
/// // "<http://a/b" is 11 characters: the space is the 12th.
/// assert_eq!((faults[0].0, faults[0].1), (2, 12));
/// assert!(faults[0].2.starts_with("invalid IRI, in the path: a space"));
/// ```
#[derive(Debug)]
pub struct Document {
    scanner: Scanner,
    /// The text not read yet: the statement the last piece cut short.
    text: String,
    /// Where `text` holds U+FFFD for bytes that are not UTF-8.
    replaced: Vec<Replaced>,
    /// The lines of `text` that are not UTF-8: where, and the message; given in document order
    /// with the scanner's items.
    not_utf8: Vec<(usize, String)>,
    /// The bytes of a line not ended yet, read once it ends (lines are decoded whole).
    line_bytes: Vec<u8>,
    /// The line number of `text`'s first line.
    line: usize,
    /// How long `text` must be before it is read again: twice what a statement too long to
    /// end in it was (each byte is read again only as often as the statement's length doubles),
    /// and at most the scanner's limit, beyond which it skips the statement.
    wait: usize,
}

impl Document {
    /// A document read by `scanner` (its syntax, base and limit).
    pub fn new(scanner: Scanner) -> Self {
        Document {
            scanner,
            text: String::new(),
            replaced: Vec::new(),
            not_utf8: Vec::new(),
            line_bytes: Vec::new(),
            line: 1,
            wait: 0,
        }
    }

    /// The document, its first line numbered `line` (a part of a larger one, as a
    /// [`Block`](super::Block) is).
    pub fn starting_at(mut self, line: usize) -> Self {
        self.line = line;
        self
    }

    /// The scanner, once the document is read.
    pub fn into_scanner(self) -> Scanner {
        self.scanner
    }

    /// The scanner: how many statements were read ([`Scanner::statements`]).
    pub fn scanner(&self) -> &Scanner {
        &self.scanner
    }

    /// Reads the next `bytes` of the document (`last`: the document ends with them) and gives
    /// each IRI and fault of the statements they complete to `each`.
    pub fn read(&mut self, bytes: &[u8], last: bool, each: &mut dyn FnMut(Item<'_>)) {
        // Whole lines are decoded (a line's not-UTF-8 message counts its columns); a line
        // longer than the limit is decoded as far as it goes, at a character's end. The bytes
        // held hold no "\n": only the new ones are looked through.
        let held = self.line_bytes.len();
        self.line_bytes.extend_from_slice(bytes);
        let end = if last {
            self.line_bytes.len()
        } else {
            match memchr::memrchr(b'\n', bytes) {
                Some(n) => held + n + 1,
                None if self.line_bytes.len() >= self.scanner.limit() => utf8_complete_len(&self.line_bytes),
                None => 0,
            }
        };
        if end > 0 {
            self.append(end);
            self.line_bytes.drain(..end);
        }
        if !last && self.text.len() < self.wait {
            return;
        }
        // Each item is placed and given as the scanner reads it, none held; the lines not
        // UTF-8 come before the first item at or after them (in document order, but for the
        // report of a statement too long, which follows the IRIs of it given before).
        let Document {
            scanner,
            text,
            replaced,
            not_utf8,
            line,
            ..
        } = self;
        let text: &str = text;
        let mut place = Place::new(text, *line);
        let mut bad = 0;
        let mut give = |offset: usize, kind: ItemKind, place: &mut Place<'_>| {
            let (line, column) = place.at(offset);
            each(Item { line, column, kind });
        };
        let used = scanner.scan(text, last, &mut |event| {
            let (offset, kind) = item_of(event, text, replaced);
            while bad < not_utf8.len() && not_utf8[bad].0 <= offset {
                let message = core::mem::take(&mut not_utf8[bad].1);
                give(not_utf8[bad].0, ItemKind::NotUtf8(message), &mut place);
                bad += 1;
            }
            give(offset, kind, &mut place);
        });
        while bad < not_utf8.len() && (not_utf8[bad].0 < used || last) {
            let message = core::mem::take(&mut not_utf8[bad].1);
            give(not_utf8[bad].0, ItemKind::NotUtf8(message), &mut place);
            bad += 1;
        }
        not_utf8.drain(..bad);
        for (at, _) in not_utf8.iter_mut() {
            *at -= used;
        }
        self.wait = match used {
            0 => (2 * self.text.len()).min(self.scanner.limit()),
            _ => 0,
        };
        self.line += memchr::memchr_iter(b'\n', &self.text.as_bytes()[..used]).count();
        self.text.drain(..used);
        let done = self.replaced.partition_point(|r| r.at < used);
        self.replaced.drain(..done);
        for r in &mut self.replaced {
            r.at -= used;
        }
    }

    /// Appends the first `end` bytes of `line_bytes`, whole lines, to the text, and where they
    /// are not UTF-8.
    fn append(&mut self, end: usize) {
        let decoded = decode(&self.line_bytes[..end]);
        let shift = self.text.len();
        self.text.push_str(&decoded.text);
        self.replaced.extend(decoded.replaced.iter().map(|r| Replaced {
            at: shift + r.at,
            ..*r
        }));
        self.not_utf8
            .extend(decoded.not_utf8.into_iter().map(|(at, m)| (shift + at, m)));
    }
}

/// What a scanner's event is, and the offset of `text` it stands at: an invalid IRI's fault,
/// or a valid one's first byte.
fn item_of<'a>(event: Event<'a>, text: &'a str, replaced: &'a [Replaced]) -> (usize, ItemKind<'a>) {
    match event {
        Event::Broken(broken) => (broken.offset(), ItemKind::Broken(broken.summary())),
        Event::Iri(found) => {
            let offset = match found.error() {
                Some(error) => found.source_offset(error.byte_offset()),
                None => found.span().start,
            };
            (
                offset,
                ItemKind::Iri(Term {
                    found,
                    text,
                    replaced,
                }),
            )
        }
    }
}

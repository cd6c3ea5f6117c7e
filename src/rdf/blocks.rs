//! An N-Triples or N-Quads document cut into blocks of whole lines, for readers that check the
//! blocks in parallel: a statement is a line (RDF 1.1 N-Triples §2, N-Quads §2), so a block is
//! read by a [`Scanner`] of its own, and its lines are numbered from the count of line ends
//! before it.

use std::io::{self, Read};

use super::document::{Document, Item};
use super::scanner::Scanner;
use crate::utf8::utf8_complete_len;

/// The UTF-8 byte order mark, which may begin a document (it is not part of its text).
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The bytes of a character past its first: a line longer than the limit is cut at a
/// character's end at least this far past the limit, so that the piece its scanner reads
/// reaches the limit.
const UTF8_TAIL: usize = 3;

/// The blocks of a document read from `R`: [`Blocks::next_block`] gives them in order, each of
/// about [`Blocks::new`]'s `size` bytes, cut after its last line end. A line longer than the
/// limit and the size is not held whole: it is cut into blocks that hold nothing else, at a
/// character's end, the first holding at least the limit's bytes of it, which its scanner
/// reports (at the line's start) and skips, as a [`Document`] would, and the blocks after it the
/// rest, which their scanners skip.
///
/// ```
/// use rfc3987::rdf::{Blocks, ItemKind, Scanner, Syntax};
///
/// let dump = "<http://a/s> <http://a/p> <http://a/o> .\n".repeat(3) + "<http://a/b c> <http://a/p> \"x\" .\n";
/// let mut blocks = Blocks::new(dump.as_bytes(), 50, Scanner::DEFAULT_LIMIT);
/// let mut faults = Vec::new();
/// while let Some(block) = blocks.next_block().unwrap() {
///     // Each block could be read on a thread of its own.
///     block.read(Scanner::new(Syntax::NTriples), &mut |item| {
///         if let ItemKind::Iri(term) = item.kind {
///             faults.extend(term.message().map(|_| (item.line, item.column)));
///         }
///     });
/// }
/// // The space of the fourth line's subject, its 12th character.
/// assert_eq!(faults, [(4, 12)]);
/// ```
#[derive(Debug)]
pub struct Blocks<R> {
    reader: R,
    /// The bytes read after the last block given: the start of the next one.
    rest: Vec<u8>,
    /// The number of the next block's first line.
    line: usize,
    /// Whether the next block starts inside a line longer than the limit.
    inside: bool,
    size: usize,
    limit: usize,
    /// Whether the reader has given its last byte, and whether the last block was given.
    read_all: bool,
    given_all: bool,
    /// Whether the first read has looked for a byte order mark.
    started: bool,
    bom: bool,
}

/// A block of [`Blocks`]: whole lines, but where it starts or ends inside a line longer than
/// the limit.
#[derive(Clone, Debug)]
pub struct Block {
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The number of its first line in the document, from 1.
    pub line: usize,
    /// It starts inside a line longer than the limit, which a block before it began.
    pub starts_inside: bool,
    /// It ends inside such a line: the next block goes on with it.
    pub ends_inside: bool,
    /// It is the document's last (a reader that reads the blocks in order, with one
    /// [`Document`], tells it so).
    pub last: bool,
    /// The scanners' limit.
    limit: usize,
}

impl Block {
    /// Reads the block with `scanner` (its syntax and base; the limit is the blocks'), giving
    /// each item to `each` placed in the document, and returns the scanner, which says how many
    /// statements the block holds.
    pub fn read(&self, scanner: Scanner, each: &mut dyn FnMut(Item<'_>)) -> Scanner {
        let scanner = scanner.with_limit(self.limit);
        let scanner = match self.starts_inside {
            true => scanner.skipping(),
            false => scanner,
        };
        let mut document = Document::new(scanner).starting_at(self.line);
        document.read(&self.bytes, !self.ends_inside, each);
        document.into_scanner()
    }
}

impl<R: Read> Blocks<R> {
    /// The blocks of the document `reader` gives, of about `size` bytes each (at least 1), a
    /// line longer than `limit` bytes ([`Scanner::limit`]) cut. A byte order mark at the start
    /// is skipped ([`Blocks::bom`]).
    pub fn new(reader: R, size: usize, limit: usize) -> Self {
        Blocks {
            reader,
            rest: Vec::new(),
            line: 1,
            inside: false,
            size: size.max(1),
            limit: limit.max(1),
            read_all: false,
            given_all: false,
            started: false,
            bom: false,
        }
    }

    /// Whether the document began with a byte order mark, skipped (known once a block was
    /// given).
    pub fn bom(&self) -> bool {
        self.bom
    }

    /// The next block, `None` after the last. The last block of a document holds its last line,
    /// which may have no line end; a document with no bytes has one empty block. An error of
    /// the reader is given as it comes: what was read since the last block is dropped.
    pub fn next_block(&mut self) -> io::Result<Option<Block>> {
        if self.given_all {
            return Ok(None);
        }
        let mut bytes = std::mem::take(&mut self.rest);
        if !self.started {
            self.started = true;
            // (`fill` reads until it has them all or the document ends.)
            self.fill(&mut bytes, BOM.len())?;
            if bytes.starts_with(BOM) {
                self.bom = true;
                bytes.drain(..BOM.len());
            }
        }
        // How many bytes at the start of `bytes` are known to hold no line end.
        let mut searched = 0;
        let (end, ends_inside) = loop {
            // The block is full (its size, or the limit for a line that has not ended) or the
            // document has ended: cut it after its last line end, or inside a line too long.
            let full = bytes.len() >= self.size;
            if full || self.read_all {
                match memchr::memrchr(b'\n', &bytes[searched..]) {
                    Some(n) => break (searched + n + 1, false),
                    None if self.read_all => break (bytes.len(), false),
                    // At a character's end (but for a limit shorter than a character).
                    None if self.inside || bytes.len() >= self.limit + UTF8_TAIL => {
                        break (utf8_complete_len(&bytes).max(1), true)
                    }
                    None => searched = bytes.len(),
                }
            }
            // Read up to the block's size, or, in a line longer than that, twice as far (up to
            // the limit and the bytes of a character that crosses it): each byte is searched
            // once.
            let want = match full {
                true => bytes.len().min(self.limit + UTF8_TAIL - bytes.len()),
                false => self.size - bytes.len(),
            };
            self.fill(&mut bytes, want)?;
        };
        self.rest = bytes.split_off(end);
        self.given_all = self.read_all && self.rest.is_empty() && !ends_inside;
        let block = Block {
            line: self.line,
            starts_inside: self.inside,
            ends_inside,
            last: self.given_all,
            limit: self.limit,
            bytes,
        };
        self.line += memchr::memchr_iter(b'\n', &block.bytes).count();
        self.inside = ends_inside;
        Ok(Some(block))
    }

    /// Reads up to `want` more bytes into `bytes` (fewer at the document's end), in as few
    /// reads as the reader allows: straight into the vector's room (a decompressor's read has
    /// a cost of its own, which small reads would pay many times).
    fn fill(&mut self, bytes: &mut Vec<u8>, want: usize) -> io::Result<()> {
        let start = bytes.len();
        bytes.resize(start + want, 0);
        let mut filled = 0;
        while filled < want {
            match self.reader.read(&mut bytes[start + filled..]) {
                Ok(0) => {
                    self.read_all = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // (What was read since the last block is dropped: `next_block`'s bytes.)
                Err(e) => return Err(e),
            }
        }
        bytes.truncate(start + filled);
        Ok(())
    }
}

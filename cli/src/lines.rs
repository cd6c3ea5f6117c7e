//! Lines as the tool reads them, for every command: split at "\n" (a "\r" before it dropped),
//! kept as bytes until they are decoded, so that a line that is not UTF-8 is reported, never a
//! crash; and where each input came from (`<args>:2`, `<stdin>:7`, `list.txt:3`). The bottom of
//! the tool's modules: it imports none of them.

use std::fmt;
use std::io::{self, BufRead, Read};

/// The name standard input is reported under.
pub const STDIN: &str = "<stdin>";

/// The name command-line INPUTs are reported under; their "line" is their position.
pub const ARGS: &str = "<args>";

/// Where an input came from: a file (`<stdin>` for standard input) and its 1-based line
/// number, or `<args>` and its 1-based position among the INPUT arguments; line 0 for the
/// options of `iri build`, which are its input as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin<'a> {
    pub file: &'a str,
    pub line: usize,
}

impl fmt::Display for Origin<'_> {
    /// `FILE:LINE`, or `FILE` for line 0; a file name is input too, so its controls and bidi
    /// characters are written `\u{…}` ([`rfc3987::printable`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = rfc3987::printable(self.file);
        match self.line {
            0 => f.write_str(&file),
            line => write!(f, "{file}:{line}"),
        }
    }
}

/// One line, as read: its 1-based number and its bytes (without the line end), not yet
/// decoded ([`decode`]).
pub struct Line<'a> {
    pub number: usize,
    pub bytes: &'a [u8],
}

pub use rfc3987::{column_of, NotUtf8};

/// Why [`for_each_line`] stopped early: the reader failed, or `each` did.
pub enum Stop<E> {
    Read(io::Error),
    Each(E),
}

/// Calls `each` on every line of `reader`, streaming: one buffer is reused for all lines.
/// A line ends at "\n", and a "\r" before it is dropped too, so CRLF files read like LF ones;
/// a final line without "\n" is a line, and a final "\n" does not start an empty one.
pub fn for_each_line<R: BufRead, E>(
    mut reader: R,
    mut each: impl FnMut(Line<'_>) -> Result<(), E>,
) -> Result<(), Stop<E>> {
    let mut buffer = Vec::new();
    let mut number = 0;
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer).map_err(Stop::Read)? == 0 {
            return Ok(());
        }
        number += 1;
        let mut bytes = buffer.as_slice();
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        each(Line { number, bytes }).map_err(Stop::Each)?;
    }
}

/// U+FEFF in UTF-8: at the start of a file, a byte order mark (Unicode §23.8), a signature of
/// the encoding and not text.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What is said, once per file, of a byte order mark skipped at its start.
pub const BOM_SKIPPED: &str = "skipped the byte order mark at its start (U+FEFF, the bytes EF BB BF: \
     a signature of UTF-8, not part of an IRI); the columns of line 1 count from the character \
     after it";

/// A reader after the bytes [`skip_bom`] read from its start and kept.
pub type AfterBom<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// `reader` without the UTF-8 byte order mark ([`BOM`]) at its start, and whether it had one.
/// Only the start of the stream: U+FEFF anywhere else is a character of the line, left to the
/// grammar (ZERO WIDTH NO-BREAK SPACE, a `ucschar` of RFC 3987 §2.2). Reads no further than the bytes that
/// could begin the mark, so a line typed on a terminal is answered at once.
pub fn skip_bom<R: Read>(mut reader: R) -> io::Result<(bool, AfterBom<R>)> {
    let mut start = Vec::with_capacity(BOM.len());
    while start.len() < BOM.len() && BOM.starts_with(&start) {
        let mut byte = [0; 1];
        match reader.read(&mut byte) {
            Ok(0) => break,
            Ok(_) => start.push(byte[0]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let bom = start == BOM;
    if bom {
        start.clear();
    }
    Ok((bom, io::Cursor::new(start).chain(reader)))
}

/// The line's bytes as text, or where and why they are not UTF-8 ([`rfc3987::decode_utf8`]).
pub fn decode(bytes: &[u8]) -> Result<&str, NotUtf8> {
    rfc3987::decode_utf8(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line's number and text, or the byte offset and column of its first bad byte.
    type Lines = Vec<(usize, Result<String, (usize, usize)>)>;

    fn lines(input: &[u8]) -> Lines {
        let mut out = Vec::new();
        let read = for_each_line(input, |line| -> Result<(), ()> {
            out.push((
                line.number,
                decode(line.bytes)
                    .map(str::to_string)
                    .map_err(|e| (e.byte_offset, e.column)),
            ));
            Ok(())
        });
        assert!(read.is_ok());
        out
    }

    #[test]
    fn splits_on_lf_and_crlf_and_keeps_empty_lines() {
        // "a\r\n\nb" is three lines: "a", "", "b"; a final newline does not add an empty line.
        assert_eq!(
            lines(b"a\r\n\nb\n"),
            vec![(1, Ok("a".into())), (2, Ok("".into())), (3, Ok("b".into()))]
        );
        assert_eq!(lines(b"x"), vec![(1, Ok("x".into()))]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn reports_invalid_utf8_with_its_position() {
        // "é" is two bytes, so the stray 0xFF after "é" is at byte 2, character column 2.
        assert_eq!(lines("é\u{0}".as_bytes())[0].1, Ok("é\u{0}".into()));
        assert_eq!(lines(b"\xC3\xA9\xFFz\n")[0].1, Err((2, 2)));
        // A truncated sequence at the end of the line.
        assert_eq!(lines(b"ab\xE2\x82")[0].1, Err((2, 3)));
    }

    #[test]
    fn skips_a_byte_order_mark_at_the_start_only() {
        let read = |bytes: &[u8]| {
            let (bom, mut reader) = skip_bom(bytes).unwrap();
            let mut rest = Vec::new();
            reader.read_to_end(&mut rest).unwrap();
            (bom, rest)
        };
        assert_eq!(read(b"\xEF\xBB\xBFa:b\n"), (true, b"a:b\n".to_vec()));
        assert_eq!(read(b"\xEF\xBB\xBF"), (true, Vec::new()));
        // Not a whole mark, or none: every byte is kept, in order.
        assert_eq!(read(b"\xEF\xBBa"), (false, b"\xEF\xBBa".to_vec()));
        assert_eq!(read(b"\xEF"), (false, b"\xEF".to_vec()));
        assert_eq!(read(b"a\xEF\xBB\xBF"), (false, b"a\xEF\xBB\xBF".to_vec()));
        assert_eq!(read(b""), (false, Vec::new()));
        // A second mark is text, not skipped.
        assert_eq!(read(b"\xEF\xBB\xBF\xEF\xBB\xBF"), (true, BOM.to_vec()));
    }

    #[test]
    fn each_stops_the_reading() {
        // `each` failing on line 2 stops there: line 3 is never seen.
        let mut seen = 0;
        let result = for_each_line(&b"a\nb\nc\n"[..], |line| {
            seen = line.number;
            if line.number == 2 {
                Err("stop")
            } else {
                Ok(())
            }
        });
        assert!(matches!(result, Err(Stop::Each("stop"))));
        assert_eq!(seen, 2);
    }

    #[test]
    fn column_of_counts_characters() {
        // "é" is two bytes: byte 3 of "aé b" is the space, the third character; byte 2 is
        // inside "é", the second; the end of "ab" is column 3.
        assert_eq!(column_of("aé b", 3), 3);
        assert_eq!(column_of("aé b", 2), 2);
        assert_eq!(column_of("ab", 2), 3);
        assert_eq!(column_of("", 0), 1);
    }
}

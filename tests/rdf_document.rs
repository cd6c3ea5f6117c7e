//! `rfc3987::rdf::Document` on the dirty and clean dumps of `tests/data/rdf-dirty`, fed in
//! pieces of every size from one byte to the whole file: its faults must be exactly the findings
//! of `expected.tsv` (file, line, column, code, component), each reasoned there from RFC 3987
//! §2.2 and the RDF 1.1 grammars, the same table `iri check`'s tests compare with.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use rfc3987::rdf::{
    decode, holds_replaced, Blocks, Document, Item, ItemKind, Place, Replaced, Scanner, Syntax,
};

/// One fault as expected.tsv gives it: line, column, code, component (`-` when none).
type Fault = (usize, usize, String, String);

fn data() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/rdf-dirty"))
}

fn expected() -> BTreeMap<String, Vec<Fault>> {
    let text = std::fs::read_to_string(data().join("expected.tsv")).unwrap();
    let mut all: BTreeMap<String, Vec<Fault>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cells: Vec<&str> = line.split('\t').collect();
        all.entry(cells[0].to_string()).or_default().push((
            cells[1].parse().unwrap(),
            cells[2].parse().unwrap(),
            cells[3].to_string(),
            cells[4].to_string(),
        ));
    }
    all
}

/// The fault an item is, if it is one.
fn fault(item: Item<'_>) -> Option<Fault> {
    let (code, component) = match item.kind {
        ItemKind::Iri(term) => {
            let error = term.found().error()?;
            // A fault's message is the one-line summary of its error.
            assert!(term.message().unwrap().starts_with(&error.summary()));
            let component = error.component().map_or("-", |c| c.as_str());
            ("syntax", component.to_string())
        }
        ItemKind::Broken(message) => {
            assert!(message.starts_with("statement skipped, not RDF: "), "{message}");
            ("rdf-syntax", "-".to_string())
        }
        ItemKind::NotUtf8(_) => ("not-utf8", "-".to_string()),
        _ => return None,
    };
    Some((item.line, item.column, code.to_string(), component))
}

/// The faults of `bytes` read by a document of `syntax` in pieces of `piece` bytes.
fn faults(syntax: Syntax, bytes: &[u8], piece: usize) -> Vec<Fault> {
    let mut document = Document::new(Scanner::new(syntax));
    let mut found = Vec::new();
    let mut pieces = bytes.chunks(piece.max(1)).peekable();
    if pieces.peek().is_none() {
        document.read(b"", true, &mut |item| found.extend(fault(item)));
    }
    while let Some(chunk) = pieces.next() {
        let last = pieces.peek().is_none();
        document.read(chunk, last, &mut |item| found.extend(fault(item)));
    }
    found
}

#[test]
fn a_document_read_in_pieces_finds_what_iri_check_finds() {
    let expected = expected();
    for name in [
        "dirty.nt",
        "dirty.nq",
        "dirty.ttl",
        "dirty.trig",
        "clean.nt",
        "clean.ttl",
    ] {
        let syntax = Syntax::from_extension(name.rsplit_once('.').unwrap().1).unwrap();
        let bytes = std::fs::read(data().join(name)).unwrap();
        let want = expected.get(name).cloned().unwrap_or_default();
        for piece in [1, 2, 3, 7, 64, 1000, bytes.len()] {
            assert_eq!(faults(syntax, &bytes, piece), want, "{name} in pieces of {piece}");
        }
    }
}

#[test]
fn every_iri_is_given_placed_with_its_term() {
    // Turtle with a base: each term as written, decoded, resolved; placed at its first byte.
    let text = "@base <http://a/b/> .\n<c> <p> \"x\" ;\n  <q> <http://a/%41\\u00E9> .\n";
    let mut document = Document::new(Scanner::new(Syntax::Turtle));
    let mut terms = Vec::new();
    document.read(text.as_bytes(), true, &mut |item| {
        if let ItemKind::Iri(term) = item.kind {
            let found = term.found();
            let resolved = found.resolved().map(|r| r.as_str().to_string());
            let written = term.written().to_string();
            terms.push((item.line, item.column, written, resolved, found.error().is_none()));
        }
    });
    let owned = |s: &str| Some(s.to_string());
    assert_eq!(
        terms,
        [
            (1, 7, "<http://a/b/>".into(), None, true),
            (2, 1, "<c>".into(), owned("http://a/b/c"), true),
            (2, 5, "<p>".into(), owned("http://a/b/p"), true),
            (3, 3, "<q>".into(), owned("http://a/b/q"), true),
            // "\u00E9" decoded: é is an iunreserved character, so the IRI is valid.
            (3, 7, "<http://a/%41\\u00E9>".into(), None, true),
        ]
    );
}

#[test]
fn bytes_that_are_not_utf8_are_said_and_not_repaired() {
    // Line 2's subject holds 0xFF: the line is reported at its column, and the term, whose
    // U+FFFD is no IRI character of the path, is invalid there but has no repair (its text is
    // not its bytes); line 3's space is repaired.
    let bytes = b"<http://a/s> <http://a/p> <http://a/o> .\n<http://a/\xFF> <http://a/p> <http://a/o> .\n<http://a/b c> <http://a/p> <http://a/o> .\n";
    let mut document = Document::new(Scanner::new(Syntax::NTriples));
    let mut seen = Vec::new();
    for piece in bytes.chunks(5) {
        let last = piece.as_ptr_range().end == bytes.as_ptr_range().end;
        document.read(piece, last, &mut |item| match item.kind {
            ItemKind::NotUtf8(message) => seen.push((item.line, item.column, message, None)),
            ItemKind::Iri(term) if term.found().error().is_some() => seen.push((
                item.line,
                item.column,
                term.found().iri().to_string(),
                term.repair(),
            )),
            _ => {}
        });
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
    // "<http://a/" is 10 characters: the 11th.
    assert_eq!((seen[0].0, seen[0].1), (2, 11));
    assert!(seen[0]
        .2
        .starts_with("the line is not UTF-8: byte 0xFF at column 11"));
    assert_eq!((seen[1].0, seen[1].1, seen[1].3.as_deref()), (2, 11, None));
    assert_eq!(
        (seen[2].0, seen[2].1, seen[2].3.as_deref()),
        (3, 12, Some("<http://a/b%20c>"))
    );
}

#[test]
fn places_at_line_ends() {
    // The end of a CRLF line (its "\n", byte 4) is column 4, before the "\r", as on an LF
    // line; the end of a text that ends with "\n" is the end of its last line, not line 3.
    let text = "abc\r\nde\n";
    let mut place = Place::new(text, 1);
    assert_eq!(place.at(4), (1, 4));
    assert_eq!(place.at(text.len()), (2, 3));
    assert_eq!(Place::new("ab\n", 1).at(2), (1, 3));
    // An empty text, and a line end at the start: the first column of the first line.
    assert_eq!(Place::new("", 3).at(0), (3, 1));
    assert_eq!(Place::new("\nx", 1).at(0), (1, 1));
}

#[test]
fn a_term_says_the_escape_that_writes_its_fault() {
    // Line 1's space is written "\u0020" (RDF 1.1 N-Triples §2.3 UCHAR); line 2's as itself.
    let text = "<http://a/\\u0020b> <http://a/p> <http://a/o> .\n<http://a/ b> <http://a/p> <http://a/o> .\n";
    let mut escapes = Vec::new();
    Document::new(Scanner::new(Syntax::NTriples)).read(text.as_bytes(), true, &mut |item| {
        if let ItemKind::Iri(term) = item.kind {
            escapes.push(term.escape().map(str::to_string));
        }
    });
    let none = || None;
    assert_eq!(
        escapes,
        [
            Some("\\u0020".to_string()),
            none(),
            none(),
            none(),
            none(),
            none()
        ]
    );
}

#[test]
fn places_count_lines_and_characters() {
    let text = "ab\né x\n\nz";
    let mut place = Place::new(text, 5);
    // "é" is 2 bytes: byte 6 (the "x") is column 3 of line 6; byte 9 ("z") line 8.
    assert_eq!(place.at(0), (5, 1));
    assert_eq!(place.at(6), (6, 3));
    assert_eq!(place.at(9), (8, 1));
    // Behind: starts over.
    assert_eq!(place.at(1), (5, 2));
}

#[test]
fn ill_formed_lines_are_said_and_read_as_replacement_characters() {
    let decoded = decode(b"ok\na\xFFb\xC3\n");
    assert_eq!(decoded.text, "ok\na\u{FFFD}b\u{FFFD}\n");
    // The "\xFF" is byte 4 of the text (after "ok\na"): the line's first ill-formed byte.
    assert_eq!(decoded.not_utf8.len(), 1);
    assert_eq!(decoded.not_utf8[0].0, 4);
    // Two replacements: "\xFF" at 4 and the cut "\xC3" at 8 (after the first U+FFFD and "b"),
    // one byte each.
    let replaced = decoded.replaced;
    assert_eq!(replaced, [Replaced { at: 4, len: 1 }, Replaced { at: 8, len: 1 }]);
    assert!(holds_replaced(&(3..5), &replaced) && !holds_replaced(&(0..4), &replaced));
    // A U+FFFD takes 3 bytes: the one at 4 is in 4..7 and 6..9, not in 7..8 (which the one
    // at 8 is not in either); one at 0 is in 0..2.
    assert!(holds_replaced(&(6..9), &replaced) && !holds_replaced(&(7..8), &replaced));
    assert!(holds_replaced(&(0..2), &[Replaced { at: 0, len: 1 }]));
}

/// The faults of `bytes` cut by `rdf::Blocks` into blocks of about `size` bytes, each read by
/// a scanner of its own with `limit`.
fn faults_in_blocks(syntax: Syntax, bytes: &[u8], size: usize, limit: usize) -> Vec<Fault> {
    let mut blocks = Blocks::new(bytes, size, limit);
    let mut found = Vec::new();
    while let Some(block) = blocks.next_block().unwrap() {
        block.read(Scanner::new(syntax), &mut |item| found.extend(fault(item)));
    }
    found
}

#[test]
fn blocks_read_each_on_its_own_find_what_iri_check_finds() {
    let expected = expected();
    for name in ["dirty.nt", "dirty.nq", "clean.nt", "clean.nq"] {
        let syntax = Syntax::from_extension(name.rsplit_once('.').unwrap().1).unwrap();
        let bytes = std::fs::read(data().join(name)).unwrap();
        let want = expected.get(name).cloned().unwrap_or_default();
        // A block of one byte still holds a whole line: the block grows to its end.
        for size in [1, 7, 64, 1000, bytes.len()] {
            let got = faults_in_blocks(syntax, &bytes, size, Scanner::DEFAULT_LIMIT);
            assert_eq!(got, want, "{name} in blocks of {size}");
        }
    }
}

#[test]
fn a_line_longer_than_the_limit_is_cut_reported_once_and_the_next_lines_read() {
    // Line 2 is 542 bytes, over the limit of 100: whatever the block size, it is reported once,
    // at its start (as a whole document read with that limit reports it), and line 3's space
    // (its 12th character) is found after it. Line 1 begins with a byte order mark, skipped.
    let long = format!("<http://a/{}> <http://a/p> <http://a/o> .\n", "é".repeat(250));
    let text = format!(
        "\u{FEFF}<http://a/s> <http://a/p> <http://a/o> .\n{long}<http://a/b c> <http://a/p> \"x\" .\n"
    );
    let whole = {
        let mut document = Document::new(Scanner::new(Syntax::NTriples).with_limit(100));
        let mut found = Vec::new();
        // A document's text starts after the mark, which its reader skips.
        let after_bom = &text.as_bytes()[3..];
        document.read(after_bom, true, &mut |item| found.extend(fault(item)));
        found
    };
    let too_long = |f: &Fault| (f.0, f.1, f.2.as_str()) == (2, 1, "rdf-syntax");
    assert!(whole.len() == 2 && too_long(&whole[0]), "{whole:?}");
    assert_eq!((whole[1].0, whole[1].1), (3, 12));
    for size in [1, 3, 16, 64, 99, 100, 101, 300, 1000] {
        let mut blocks = Blocks::new(text.as_bytes(), size, 100);
        let mut found = Vec::new();
        while let Some(block) = blocks.next_block().unwrap() {
            // No block holds more than the limit or its size, whichever is more, plus a line.
            assert!(
                block.bytes.len() <= size.max(100) + 60,
                "{size}: {}",
                block.bytes.len()
            );
            block.read(Scanner::new(Syntax::NTriples), &mut |item| {
                found.extend(fault(item))
            });
        }
        assert!(blocks.bom());
        assert_eq!(found, whole, "blocks of {size}");
    }
}

#[test]
fn a_line_longer_than_the_limit_is_reported_when_a_character_crosses_the_limit() {
    // "<http://ab/" is 11 bytes, then 3-byte characters: byte 100 of line 1 is inside the 30th
    // "€" (11 + 29 * 3 = 98, then 99 to 101). The piece of the line the scanner reads must still
    // reach the limit, so the line is reported at its start, then line 2's space found.
    let text = format!(
        "<http://ab/{}> <http://a/p> <http://a/o> .\n<http://a/b c> <http://a/p> <http://a/o> .\n",
        "€".repeat(100)
    );
    for size in [1, 7, 50, 64, 99, 100, 101, 102, 103, 1000] {
        let mut blocks = Blocks::new(text.as_bytes(), size, 100);
        let mut found = Vec::new();
        while let Some(block) = blocks.next_block().unwrap() {
            block.read(Scanner::new(Syntax::NTriples), &mut |item| {
                found.extend(fault(item))
            });
        }
        let places: Vec<_> = found.iter().map(|f| (f.0, f.1, f.2.as_str())).collect();
        assert_eq!(
            places,
            [(1, 1, "rdf-syntax"), (2, 12, "syntax")],
            "blocks of {size}"
        );
    }
}

/// A reader that gives at most `most` bytes a read, and is interrupted before each read (as a
/// pipe or a decompressor may give fewer bytes than asked for).
struct Trickle<'a> {
    bytes: &'a [u8],
    most: usize,
    interrupted: bool,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        self.interrupted = !self.interrupted;
        if self.interrupted {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        let n = self.most.min(buffer.len()).min(self.bytes.len());
        buffer[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn blocks_are_whole_lines_the_same_whatever_the_reads_give() {
    // Each block is cut after its last line end: the blocks are the document's text after its
    // byte order mark, whole lines each (the last may have no line end, and only it is marked
    // last), each numbered by the line ends before it. How many bytes a read gives changes none
    // of it: the blocks are those of a reader that gives everything at once.
    let lines = [
        "<http://a/s> <http://a/p> <http://a/o> .\n",
        "\n",
        "# c\n",
        "<http://a/s> <http://a/p> \"x\" .",
    ];
    let cut = |text: &str, most: usize, size: usize| {
        let reader = Trickle {
            bytes: text.as_bytes(),
            most,
            interrupted: false,
        };
        let mut blocks = Blocks::new(reader, size, Scanner::DEFAULT_LIMIT);
        let mut got = Vec::new();
        while let Some(block) = blocks.next_block().unwrap() {
            assert!(!block.starts_inside && !block.ends_inside);
            got.push((block.line, String::from_utf8(block.bytes).unwrap(), block.last));
        }
        // After the last block, none.
        assert!(blocks.next_block().unwrap().is_none());
        (got, blocks.bom())
    };
    for bom in [true, false] {
        let text = format!("{}{}", if bom { "\u{FEFF}" } else { "" }, lines.concat());
        for size in [1, 2, 3, 5, 42, 43, 64] {
            let (whole, _) = cut(&text, usize::MAX, size);
            assert_eq!(
                whole.iter().map(|b| b.1.as_str()).collect::<String>(),
                lines.concat()
            );
            let mut line = 1;
            for (i, (first, bytes, last)) in whole.iter().enumerate() {
                assert_eq!(*first, line, "size {size}");
                assert_eq!(*last, i == whole.len() - 1);
                assert!(*last || bytes.ends_with('\n'), "size {size}: {bytes:?}");
                line += bytes.matches('\n').count();
            }
            for most in 1..=8 {
                assert_eq!(
                    cut(&text, most, size),
                    (whole.clone(), bom),
                    "bom {bom}, size {size}, reads of {most}"
                );
            }
        }
    }
}

#[test]
fn an_empty_document_is_one_empty_last_block() {
    for text in ["", "\u{FEFF}"] {
        let mut blocks = Blocks::new(text.as_bytes(), 64, 100);
        let block = blocks.next_block().unwrap().unwrap();
        assert!(
            block.bytes.is_empty() && block.last && block.line == 1,
            "{text:?}"
        );
        assert!(blocks.next_block().unwrap().is_none());
        assert_eq!(blocks.bom(), !text.is_empty());
    }
}

#[test]
fn a_read_error_is_given_as_it_comes() {
    // The reader fails after a line, before the block's size: the error is given, not a block.
    let failing = b"<http://a/s> <http://a/p> <http://a/o> .\n".chain(Failing);
    let mut blocks = Blocks::new(failing, 64, 100);
    let error = blocks.next_block().unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
}

/// A reader whose every read fails.
struct Failing;

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
}

#[test]
fn lines_not_utf8_are_given_in_order_whatever_the_pieces() {
    // Turtle: line 1's literal holds the byte 0xFF (its 29th character, after "<http://a/s> ",
    // "<http://a/p> " and "\"a"); lines 2 and 3 are one statement, whose collection holds a
    // literal of the byte 0xFE (column 30 of line 2, after "( \"") and then "<http://a/b c>"
    // (its space at column 12 of line 3); line 4's subject has a space (column 12).
    // A line not UTF-8 comes before the items after it, however the document is cut, even
    // when the statement it is in ends in a later piece.
    let bytes: &[u8] = b"<http://a/s> <http://a/p> \"a\xFFb\" .\n\
        <http://a/s> <http://a/p> ( \"\xFE\"\n\
        <http://a/b c> ) .\n\
        <http://a/b c> <http://a/p> <http://a/o> .\n";
    let fault =
        |line, column, code: &str, component: &str| (line, column, code.to_string(), component.to_string());
    let want = [
        fault(1, 29, "not-utf8", "-"),
        fault(2, 30, "not-utf8", "-"),
        fault(3, 12, "syntax", "path"),
        fault(4, 12, "syntax", "path"),
    ];
    for piece in 1..=bytes.len() {
        assert_eq!(faults(Syntax::Turtle, bytes, piece), want, "pieces of {piece}");
    }
}

/// The repairs of the invalid IRIs of a Turtle document read in pieces of `piece` bytes.
fn repairs_in_pieces(bytes: &[u8], piece: usize) -> Vec<Option<String>> {
    let mut document = Document::new(Scanner::new(Syntax::Turtle));
    let mut repairs = Vec::new();
    let pieces: Vec<&[u8]> = bytes.chunks(piece).collect();
    for (i, chunk) in pieces.iter().enumerate() {
        document.read(chunk, i + 1 == pieces.len(), &mut |item| {
            if let ItemKind::Iri(term) = item.kind {
                if term.found().error().is_some() {
                    repairs.push(term.repair());
                }
            }
        });
    }
    repairs
}

#[test]
fn a_term_after_a_line_not_utf8_is_repaired_however_the_document_is_cut() {
    // Line 2's literal holds the byte 0xFF, read as U+FFFD at byte 41 + 29 of the text, and
    // the statement goes on to line 3 (from byte 41 + 34), whose IRI holds no U+FFFD, though
    // its 107 bytes reach past byte 41 + 29 + 41: it is repaired ("%20" for its space),
    // however the pieces fall (the replacement's offset is kept from one read to the next,
    // less what the read before used, line 1's 41 bytes).
    let path = "a".repeat(90);
    let bytes = [
        &b"<http://a/s> <http://a/p> <http://a/o> .\n<http://a/s> <http://a/p> ( \"\xFF\"\n"[..],
        format!("<http://a.org/{path} e> ) .\n").as_bytes(),
    ]
    .concat();
    for piece in 1..=bytes.len() {
        let repairs = repairs_in_pieces(&bytes, piece);
        assert_eq!(
            repairs,
            [Some(format!("<http://a.org/{path}%20e>"))],
            "pieces of {piece}"
        );
    }
    // The other way round: line 2's IRI holds the byte 0xFF, in a statement begun on line 1
    // (held when line 2 comes): its text is not its bytes, so it is not written back repaired.
    let bytes = b"<http://a/s> <http://a/p> (\n<http://a/\xFF c> ) .\n";
    for piece in 1..=bytes.len() {
        let repairs = repairs_in_pieces(bytes, piece);
        assert_eq!(repairs, [None], "pieces of {piece}");
    }
}

#[test]
fn a_prefixed_name_that_begins_with_a_byte_not_utf8_is_not_repaired() {
    // U+FFFD is a PN_CHARS_BASE (Turtle §6.5), so the byte 0xFF, read as one, can begin a
    // prefix: "\xFF:%zz" names "http://a/%zz", invalid ("%zz" is no pct-encoded). Its text is
    // not its bytes, so it is not written back repaired, however the document is cut.
    let bytes = b"@prefix \xFF: <http://a/> .\n<http://a/s> <http://a/p> <http://a/o> .\xFF:%zz <http://a/p> <http://a/o> .\n";
    for piece in 1..=bytes.len() {
        let repairs = repairs_in_pieces(bytes, piece);
        assert_eq!(repairs, [None], "pieces of {piece}");
    }
}

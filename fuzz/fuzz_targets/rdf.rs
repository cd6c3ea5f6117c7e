//! The RDF scanner (rfc3987::rdf) on any text, in each syntax: it reads all of it without a
//! panic; every offset it reports is in the text, on a character boundary; a repair, read again,
//! is an IRI; and reading the text in two pieces (the scanner's streaming contract: the bytes
//! it did not use are given again with the rest) reports exactly what reading it whole does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::rdf::{Event, Scanner, Syntax};

/// What a scan reports, in a form to compare: each IRI's span, text and error offset in the
/// document, each broken statement's offset.
fn events(syntax: Syntax, pieces: &[&str]) -> (Vec<String>, u64) {
    let mut scanner = Scanner::new(syntax);
    let mut all = Vec::new();
    let mut text = String::new();
    // Offset of `text` in the whole document.
    let mut start = 0;
    for (i, piece) in pieces.iter().enumerate() {
        text.push_str(piece);
        let last = i + 1 == pieces.len();
        let used = scanner.scan(&text, last, &mut |event| match event {
            Event::Iri(found) => {
                let span = found.span();
                assert!(span.end <= text.len() && text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
                let error = found.error().map(|e| {
                    let at = found.source_offset(e.byte_offset());
                    assert!(at <= text.len() && text.is_char_boundary(at), "{at} in {text:?}");
                    if let Some(repair) = found.repair(&text) {
                        if repair.starts_with('<') {
                            let line = format!("{repair} <http://a/p> _:o .\n");
                            let mut valid = true;
                            Scanner::new(syntax).scan(&line, true, &mut |event| {
                                if let Event::Iri(again) = event {
                                    valid &= again.span().start != 0 || again.error().is_none();
                                }
                            });
                            assert!(valid, "{repair:?} from {text:?}");
                        }
                    }
                    start + at
                });
                all.push(format!("iri {}..{} {:?} {error:?}", start + span.start, start + span.end, found.iri()));
            }
            Event::Broken(broken) => {
                assert!(broken.offset() <= text.len() && text.is_char_boundary(broken.offset()));
                all.push(format!("broken {}", start + broken.offset()));
            }
        });
        assert!(used <= text.len() && text.is_char_boundary(used));
        if last {
            assert_eq!(used, text.len());
        }
        text.drain(..used);
        start += used;
    }
    (all, scanner.statements())
}

fuzz_target!(|input: &[u8]| {
    let Some((&choice, rest)) = input.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let syntax = Syntax::ALL[usize::from(choice % 4)];
    let whole = events(syntax, &[text]);
    // A cut at a character boundary chosen by the input.
    let mut cut = usize::from(choice / 4) * text.len() / 64;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let split = events(syntax, &[&text[..cut], &text[cut..]]);
    assert_eq!(whole, split, "cut at {cut} of {text:?}");
});

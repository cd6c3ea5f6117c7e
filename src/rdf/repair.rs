//! Repairing an invalid IRI of a document by percent-encoding (RFC 3987 §3.1 step 2) the
//! characters it does not allow, and nothing else.

use super::term::Found;
use crate::pct::encode_char;
use crate::repair::encode_faults;

impl Found<'_> {
    /// The term as `source` (the text given to the scanner) writes it, with each character of
    /// the IRI that is not allowed where it stands percent-encoded as RFC 3987 §3.1 step 2
    /// encodes it (its UTF-8 bytes, each `%HH`), whether it is written as itself or as an
    /// escape; every other byte of the term stays as it is written, non-ASCII characters and
    /// other escapes included. `None` when that does not make it match [`Found::checked_as`]
    /// (no scheme, an IP literal cut short, a lone surrogate, a fault in a prefix's IRI), and
    /// for a valid IRI, which needs no repair.
    ///
    /// ```
    /// use rfc3987::rdf::{Event, Scanner, Syntax};
    ///
    /// let text = "<http://a/b c|é\\u007B> <http://a/p> <a> .\n";
    /// let mut repairs = Vec::new();
    /// Scanner::new(Syntax::NTriples).scan(text, true, &mut |event| {
    ///     if let Event::Iri(found) = event {
    ///         if found.error().is_some() {
    ///             repairs.push(found.repair(text));
    ///         }
    ///     }
    /// });
    /// // The space, "|" and the escaped "{" are encoded, "é" is not: it is an IRI.
    /// assert_eq!(repairs[0].as_deref(), Some("<http://a/b%20c%7Cé%7B>"));
    /// // "a" is relative: no encoding gives it a scheme.
    /// assert_eq!(repairs[1], None);
    /// ```
    pub fn repair(&self, source: &str) -> Option<String> {
        self.error.as_ref()?;
        let encode = self.to_encode(source)?;
        let mut out = String::with_capacity(self.span.len() + 3 * encode.len());
        out.push_str(source.get(self.span.start..self.start)?);
        let mut encode = encode.into_iter().peekable();
        let mut pieces = self.pieces.iter().peekable();
        let mut decoded = 0;
        while decoded < self.iri.len() {
            let c = self.iri[decoded..].chars().next()?;
            let (len, written) = match pieces.next_if(|p| p.decoded.start == decoded) {
                Some(piece) => (piece.decoded.len(), piece.source.clone()),
                None => {
                    let at = self.source_offset(decoded);
                    (c.len_utf8(), at..at + c.len_utf8())
                }
            };
            if encode.next_if(|&e| e < decoded + len).is_some() {
                // A piece of more than one character is a prefix: its IRI is not written here.
                if len != c.len_utf8() {
                    return None;
                }
                encode_char(&mut out, c);
            } else {
                out.push_str(source.get(written)?);
            }
            decoded += len;
        }
        out.push_str(source.get(self.source_offset(self.iri.len())..self.span.end)?);
        Some(out)
    }

    /// The offsets in [`Found::iri`] of the characters to percent-encode, in order: the
    /// character at each error, one after the other, as long as encoding it moves the error
    /// past it.
    fn to_encode(&self, source: &str) -> Option<Vec<usize>> {
        // A U+FFFD that an escape of a surrogate decoded to stands for no character.
        let surrogate = |p: &&super::term::Piece| {
            let hex = source.get(p.source.start + 2..p.source.end);
            hex.and_then(|h| u32::from_str_radix(h, 16).ok())
                .is_some_and(|v| (0xD800..=0xDFFF).contains(&v))
        };
        let (_, encode) = encode_faults(&self.iri, self.symbol, |at, c| {
            c != '\u{FFFD}'
                || !self
                    .pieces
                    .iter()
                    .filter(surrogate)
                    .any(|p| p.decoded.start == at)
        })?;
        Some(encode)
    }
}

#[cfg(test)]
mod tests {
    use crate::rdf::{Event, Scanner, Syntax};

    /// The repair of every invalid IRI of an N-Triples text.
    fn repairs(text: &str) -> Vec<Option<String>> {
        let mut all = Vec::new();
        Scanner::new(Syntax::NTriples).scan(text, true, &mut |event| {
            if let Event::Iri(found) = event {
                if found.error().is_some() {
                    all.push(found.repair(text));
                }
            }
        });
        all
    }

    #[test]
    fn only_what_is_not_allowed_is_encoded() {
        // The quote, space and "^" in the path; "%zz" is no pct-encoded, so its "%" is encoded;
        // the escape \u0020 gives a space: the escape is replaced by %20. "ü" stays.
        let text = "<http://a/\"ü x^\\u0020%zz> <http://a/p> _:o .\n";
        assert_eq!(
            repairs(text),
            [Some("<http://a/%22ü%20x%5E%20%25zz>".to_string())]
        );
        // A private-use character is allowed only in the query (iprivate): in the path it is
        // encoded, in the query it stays.
        let text = "<http://a/\u{E000}?\u{E000}> <http://a/p> _:o .\n";
        assert_eq!(repairs(text), [Some("<http://a/%EE%80%80?\u{E000}>".to_string())]);
        // U+FFFD written as itself is a character no IRI allows (it is no ucschar, RFC 3987
        // §2.2): encoded. Only an escape of a surrogate, which decodes to U+FFFD, is no
        // character to encode (below).
        let text = "<http://a/\u{FFFD}> <http://a/p> _:o .\n";
        assert_eq!(repairs(text), [Some("<http://a/%EF%BF%BD>".to_string())]);
        // A bidi formatting character (RFC 3987 §4.1), written raw and as an escape, is reported
        // before the "%zz" to its left: both are encoded where they stand.
        for text in [
            "<http://a/%zz\u{202E}> <http://a/p> _:o .\n",
            "<http://a/%zz\\u202E> <http://a/p> _:o .\n",
        ] {
            assert_eq!(
                repairs(text),
                [Some("<http://a/%25zz%E2%80%AE>".to_string())],
                "{text}"
            );
        }
    }

    #[test]
    fn what_encoding_cannot_repair_is_none() {
        // No scheme; an IP literal cut short (the error is at the end); a lone surrogate; a bad
        // port (encoding its letter leaves a "%" where a digit must be).
        for text in [
            "<a/b> <http://a/p> _:o .\n",
            "<http://[::1> <http://a/p> _:o .\n",
            "<http://a/\\uD800> <http://a/p> _:o .\n",
            "<http://a:8x/> <http://a/p> _:o .\n",
        ] {
            assert_eq!(repairs(text), [None], "{text}");
        }
    }
}

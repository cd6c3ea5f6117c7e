//! Presenting IRIs: the §7.6 display with some characters percent-encoded. The §4.1 display
//! form and the §4.4 visual order of bidirectional IRIs are in `visual`.

use crate::pct::encode_char;
use crate::types::Reference;

/// RFC 3987 §7.6: the IRI with the characters the reader's display cannot show (those for which
/// `shown` is false) percent-encoded as UTF-8, the rest left readable. ASCII is always shown.
/// The result is the same IRI as far as retrieval goes: it maps to the same URI (§3.1).
///
/// ```
/// use rfc3987::{display_with, IriRef};
///
/// let iri = IriRef::parse("http://example.org/résumé/日本").unwrap();
/// // A display for Latin script only.
/// let latin = |c: char| c <= '\u{24F}';
/// assert_eq!(display_with(&iri, latin), "http://example.org/résumé/%E6%97%A5%E6%9C%AC");
/// ```
pub fn display_with<R: Reference>(iri: &R, shown: impl Fn(char) -> bool) -> String {
    let text = iri.as_iri_ref().into_inner();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() || shown(c) {
            out.push(c);
        } else {
            encode_char(&mut out, c);
        }
    }
    out
}

//! Presenting bidirectional IRIs: the §4.1 display form and the §4.4 visual order, by the
//! Unicode Bidirectional Algorithm (`unicode-bidi`). Feature `bidi`.

use std::borrow::Cow;

use unicode_bidi::{bidi_class, BidiClass, BidiInfo, Level};

use crate::types::Reference;

/// Whether `c` is a right-to-left character (Bidi_Class R or AL).
fn is_rtl(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL)
}

/// RFC 3987 §4.1: "a bidirectional IRI MUST be rendered in the same way as it would be if it
/// were in a left-to-right embedding". For an IRI with right-to-left characters, the text
/// wrapped in LEFT-TO-RIGHT EMBEDDING (U+202A) … POP DIRECTIONAL FORMATTING (U+202C), as the RFC
/// says, or with `isolate`, in LEFT-TO-RIGHT ISOLATE (U+2066) … POP DIRECTIONAL ISOLATE (U+2069),
/// which later versions of the Unicode Bidirectional Algorithm recommend. An IRI without
/// right-to-left characters is returned as it is.
///
/// The marks are for display only: they are not part of the IRI, and an IRI that contains them
/// is invalid (§4.1). Strip them before parsing text that was copied from a display.
///
/// ```
/// use rfc3987::{display_form, IriRef};
///
/// let iri = IriRef::parse("http://ab.\u{5D0}\u{5D1}.ij/").unwrap();
/// assert_eq!(display_form(&iri, false), "\u{202A}http://ab.\u{5D0}\u{5D1}.ij/\u{202C}");
/// assert_eq!(display_form(&IriRef::parse("http://ab/").unwrap(), false), "http://ab/");
/// ```
pub fn display_form<R: Reference>(iri: &R, isolate: bool) -> Cow<'_, str> {
    let text = iri.as_iri_ref().into_inner();
    if !text.chars().any(is_rtl) {
        return Cow::Borrowed(text);
    }
    let (open, close) = if isolate {
        ('\u{2066}', '\u{2069}')
    } else {
        ('\u{202A}', '\u{202C}')
    };
    Cow::Owned(format!("{open}{text}{close}"))
}

/// RFC 3987 §4.4: the order in which a reader sees the characters of an IRI rendered in a
/// left-to-right embedding, by the Unicode Bidirectional Algorithm (the `unicode-bidi` crate),
/// left to right; with, for each character of the result, the byte offset in the IRI of the
/// character shown there.
///
/// The §4.4 examples 1–8 and 10 come out as the RFC shows them. Example 9 does not: the RFC's
/// visual forms put the "/" between "%31" and "%32" at the embedding level, while rule N1 of
/// UAX #9, in 2005 as now, makes a neutral between two numbers right-to-left; `tests/build.rs`
/// derives the result rule by rule.
///
/// ```
/// use rfc3987::{visual_order, IriRef};
///
/// // RFC 3987 §4.4 example 1, with Hebrew letters for the RFC's uppercase "CDEFGH".
/// let iri = IriRef::parse("http://ab.\u{5D2}\u{5D3}\u{5D4}.ij/").unwrap();
/// let (visual, _) = visual_order(&iri);
/// assert_eq!(visual, "http://ab.\u{5D4}\u{5D3}\u{5D2}.ij/");
/// ```
pub fn visual_order<R: Reference>(iri: &R) -> (String, Vec<usize>) {
    let text = iri.as_iri_ref().into_inner();
    let starts: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    if !text.chars().any(is_rtl) {
        return (text.to_string(), starts);
    }
    let info = BidiInfo::new(text, Some(Level::ltr()));
    // An IRI holds no paragraph separator, so there is one paragraph.
    let levels: Vec<Level> = match info.paragraphs.first() {
        Some(para) => {
            let per_byte = info.reordered_levels(para, para.range.clone());
            starts.iter().map(|&i| per_byte[i]).collect()
        }
        None => return (text.to_string(), starts),
    };
    let order = BidiInfo::reorder_visual(&levels);
    let chars: Vec<char> = text.chars().collect();
    let visual = order.iter().map(|&k| chars[k]).collect();
    (visual, order.iter().map(|&k| starts[k]).collect())
}

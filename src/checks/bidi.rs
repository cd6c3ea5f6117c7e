//! Bidirectional IRIs, RFC 3987 §4: the §4.1 formatting characters an IRI MUST NOT contain
//! (and those Unicode added after it, which reorder text the same way), the §4.2 rules for the
//! direction of each component, and §4.4 numeric components.

use std::ops::Range;

use unicode_bidi::{bidi_class, BidiClass};

use super::diagnostic::{diagnostic, excerpt, Diagnostic};
use super::text::{percent_encoded, split_at_bytes};
use crate::chars::{bidi_formatting_name, bidi_isolate_name, is_bidi_formatting};
use crate::components::HostSpans;
use crate::types::IriRef;

/// §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO,
/// RLO, and PDF)". Each run of them, with its percent-encoded form as the fix (the form
/// §3.1 gives them in a URI).
pub(super) fn bidi_formatting(input: &str) -> Vec<Diagnostic> {
    let name = |c: char| bidi_formatting_name(c).unwrap_or_default();
    let mut out = Vec::new();
    let mut run: Option<(Range<usize>, char, usize)> = None;
    let flush = |run: Option<(Range<usize>, char, usize)>, out: &mut Vec<Diagnostic>| {
        if let Some((span, first, n)) = run {
            let message = match n {
                1 => format!(
                    "U+{:04X} {}: IRIs MUST NOT contain bidirectional formatting characters",
                    first as u32,
                    name(first)
                ),
                _ => format!(
                    "{n} bidirectional formatting characters from U+{:04X} {}: IRIs MUST NOT contain them",
                    first as u32,
                    name(first)
                ),
            };
            let fix = percent_encoded(&input[span.clone()]);
            out.push(diagnostic(
                input,
                "bidi-formatting-character",
                span,
                message,
                Some(fix),
            ));
        }
    };
    for (i, c) in input.char_indices() {
        if !is_bidi_formatting(c) {
            continue;
        }
        let end = i + c.len_utf8();
        match &mut run {
            Some((span, _, n)) if span.end == i => {
                span.end = end;
                *n += 1;
            }
            _ => {
                flush(run.take(), &mut out);
                run = Some((i..end, c, 1));
            }
        }
    }
    flush(run, &mut out);
    out
}

/// The message of a run of `n` characters of [`bidi_isolate_name`] from `first`: which
/// character, and why it is reported (§4.1's reason, for characters newer than the RFC).
pub(super) fn bidi_isolate_message(first: char, n: usize) -> String {
    let name = bidi_isolate_name(first).unwrap_or_default();
    let cp = u32::from(first);
    let why = "the bidi formatting characters §4.1 forbids do";
    match n {
        1 => format!("U+{cp:04X} {name}: it reorders the text around it as {why} (Unicode 6.3 added it after RFC 3987)"),
        _ => format!("{n} bidi isolates or ALM from U+{cp:04X} {name}: they reorder the text around them as {why} (Unicode 6.3 added them after RFC 3987)"),
    }
}

/// The components of RFC 3987 §4.2, as slices of the input: the userinfo, each label of a
/// reg-name, each segment of the path and each "."-separated part of it (file extensions are
/// components, §4.2), each name and value of an `&`/`;`/`=` query, and the fragment. A lazy
/// iterator: no allocation.
pub(super) fn bidi_components<'a, T: std::ops::Deref<Target = str>>(
    iri: &'a IriRef<T>,
) -> impl Iterator<Item = &'a str> + 'a {
    let authority = iri.authority();
    let userinfo = authority.as_ref().and_then(|a| a.userinfo());
    let labels = authority
        .filter(|a| matches!(a.host_spans(), HostSpans::RegName))
        .map(|a| split_at_bytes(a.host_str(), |b| b == b'.'))
        .into_iter()
        .flatten();
    let path = split_at_bytes(iri.path().as_str(), |b| b == b'/' || b == b'.');
    let query = iri
        .query()
        .into_iter()
        .flat_map(|q| split_at_bytes(q, |b| b == b'&' || b == b';').flat_map(|p| p.splitn(2, '=')));
    userinfo
        .into_iter()
        .chain(labels)
        .chain(path)
        .chain(query)
        .chain(iri.fragment())
        .filter(|p| !p.is_empty())
}

/// A right-to-left character: Bidi_Class R or AL (UAX #9), as §4.2 counts them.
///
/// Most characters are known to be neither without searching the table: below U+0590 (Latin,
/// Greek, Cyrillic, ...) there are none, and from U+0900 (the Indic scripts) to U+FB1C (East
/// Asian scripts and symbols included) only U+200F RIGHT-TO-LEFT MARK (`rtl_ranges` checks
/// every code point against the table).
pub(super) fn is_rtl(c: char) -> bool {
    let cp = u32::from(c);
    if cp < 0x590 || ((0x900..0xFB1D).contains(&cp) && c != '\u{200F}') {
        return false;
    }
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL)
}

/// §4.2 on one component, `part` at `span` in `input`: left-to-right and right-to-left
/// characters mixed, or right-to-left characters (`rtl`) without one first and last; §4.4: a
/// component of digits only next to a right-to-left component (`beside_rtl`).
pub(super) fn direction(
    input: &str,
    part: &str,
    span: Range<usize>,
    rtl: bool,
    beside_rtl: bool,
    out: &mut Vec<Diagnostic>,
) {
    // Without right-to-left characters only §4.4 applies, and only beside one: an ASCII
    // component, most of them, costs no lookup.
    let ltr = rtl && part.chars().any(|c| bidi_class(c) == BidiClass::L);
    if ltr {
        out.push(diagnostic(
            input,
            "bidi-mixed-direction",
            span.clone(),
            format!("{:?} mixes left-to-right and right-to-left characters: split it into components, or map it to URI notation (§3.1)", excerpt(part)),
            None,
        ));
    }
    let first_last_rtl =
        || part.chars().next().is_some_and(is_rtl) && part.chars().next_back().is_some_and(is_rtl);
    if rtl && !first_last_rtl() {
        out.push(diagnostic(
            input,
            "bidi-rtl-boundary",
            span.clone(),
            format!(
                "{:?} has right-to-left characters but does not start and end with one",
                excerpt(part)
            ),
            None,
        ));
    }
    let numeric = || {
        part.chars()
            .all(|c| matches!(bidi_class(c), BidiClass::EN | BidiClass::AN))
    };
    if beside_rtl && numeric() {
        out.push(diagnostic(
            input,
            "bidi-numeric-component",
            span,
            format!(
                "{:?} is only digits next to a right-to-left component: the display order is hard to predict",
                excerpt(part)
            ),
            None,
        ));
    }
}

#[cfg(test)]
mod tests {
    use unicode_bidi::{bidi_class, BidiClass};

    /// `bidi_isolate_name` names exactly the characters whose Bidi_Class is one of the
    /// isolates' (UAX #9: LRI, RLI, FSI, PDI), and ALM, whose class is AL; none of them is a
    /// §4.1 character, and all are `ucschar`, so the grammar admits them.
    #[test]
    fn isolates_are_the_isolate_classes_and_alm() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let isolate = matches!(
                bidi_class(c),
                BidiClass::LRI | BidiClass::RLI | BidiClass::FSI | BidiClass::PDI
            );
            let named = crate::chars::bidi_isolate_name(c).is_some();
            assert_eq!(named, isolate || c == '\u{61C}', "U+{:04X}", u32::from(c));
            if named {
                assert!(!crate::chars::is_bidi_formatting(c) && crate::chars::is_ucschar(c));
            }
        }
        assert_eq!(bidi_class('\u{61C}'), BidiClass::AL);
    }

    /// [`super::is_rtl`] skips the table for the ranges it names: it must agree with the table
    /// (R or AL) on every code point.
    #[test]
    fn rtl_ranges() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let table = matches!(bidi_class(c), BidiClass::R | BidiClass::AL);
            assert_eq!(super::is_rtl(c), table, "U+{:04X}", u32::from(c));
        }
    }
}

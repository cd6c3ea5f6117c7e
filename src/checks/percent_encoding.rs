//! Percent-encoding: §5.3.2.1 case of the hex digits, §5.3.2.3 encoded characters that need no
//! encoding, §3.2 and §6.4 octets that are not UTF-8, §8 overlong UTF-8 forms.

use std::ops::Range;

use super::diagnostic::{diagnostic, excerpt, Diagnostic};
use crate::chars::{is_iunreserved, is_kept_encoded, is_unreserved};
use crate::pct::{pct_unit, Unit};
use crate::types::IriRef;

/// Adjacent units with one finding, merged.
struct PctRun {
    code: &'static str,
    span: Range<usize>,
    /// The units in the run.
    units: usize,
    /// The maximal ill-formed subparts in the run (`pct-not-utf8`).
    subparts: usize,
    /// The characters the units decode to (the fix of `pct-unreserved` and `pct-ucschar`).
    decoded: String,
    /// The code point of a lone encoded surrogate.
    surrogate: Option<u32>,
}

/// §5.3.2.1, §5.3.2.3, §6.4 and §8 on every `%HH` run.
///
/// The triplets are read as UTF-8 sequences (Unicode §3.9, Table 3-7). One diagnostic per run
/// of adjacent sequences with the same finding: encoded unreserved characters
/// (`pct-unreserved`, fix: the characters), encoded `ucschar` (`pct-ucschar`; not `iprivate`,
/// which §5.3.2.3 keeps encoded, nor the §6.1 look-alikes and the bidi isolates, which are
/// better kept encoded),
/// complete overlong forms (`pct-overlong-utf8`), and octets that are not UTF-8
/// (`pct-not-utf8`): the rule for these is one diagnostic per run of adjacent ill-formed
/// octets, however many maximal subparts it has (an encoded surrogate `%ED%A0%80` is three
/// maximal subparts and three U+FFFD for a decoder, but one finding; `r%E9sum%E9` has two).
/// Lowercase hex digits (`pct-lowercase-hex`) are one diagnostic per run of such triplets, cut
/// where a decoding finding begins or ends, so that its fix never straddles the better fix of
/// decoding.
pub(super) fn percent_encodings<T: std::ops::Deref<Target = str>>(
    iri: &IriRef<T>,
    out: &mut Vec<Diagnostic>,
) {
    let input = iri.as_str();
    let bytes = input.as_bytes();
    let mut lowercase: Vec<Diagnostic> = Vec::new();
    let mut decoding: Vec<Diagnostic> = Vec::new();
    // The open run of lowercase triplets, and the decoding finding (with a fix) it lies in.
    let mut lower: Option<(Range<usize>, Option<&str>)> = None;
    let mut run: Option<PctRun> = None;
    let flush_lower = |lower: Option<(Range<usize>, Option<&str>)>, to: &mut Vec<Diagnostic>| {
        if let Some((span, _)) = lower {
            let text = input.get(span.clone()).unwrap_or_default();
            let shown = excerpt(text);
            to.push(diagnostic(
                input,
                "pct-lowercase-hex",
                span,
                format!("{shown} has lowercase hex digits"),
                Some(text.to_ascii_uppercase()),
            ));
        }
    };
    let mut i = 0;
    // From one "%" to the next: `memchr` looks for the byte many at a time.
    while let Some(n) = bytes.get(i..).and_then(|rest| memchr::memchr(b'%', rest)) {
        i += n;
        let (unit, end) = pct_unit(bytes, i);
        // A parsed IRI has whole triplets; the end is kept in the input all the same.
        let end = end.min(bytes.len());
        let code = match unit {
            Unit::Char(c) if is_unreserved(c) => Some("pct-unreserved"),
            // §5.3.2.3 decodes `iunreserved` only. An encoded `iprivate` is not reported, not
            // even in the query, where §2.2 allows it unencoded: normalization keeps it encoded,
            // so the decoded form would not be equivalent to the input on the comparison ladder.
            // Look-alikes (§6.1) and bidi isolates (`bidi-isolate-character`) are better kept
            // encoded: their encoded form is the fix of their own findings.
            Unit::Char(c) if !c.is_ascii() && !is_kept_encoded(c) && is_iunreserved(c) => Some("pct-ucschar"),
            Unit::Char(_) => None,
            Unit::Overlong(_) => Some("pct-overlong-utf8"),
            Unit::Surrogate(_) | Unit::IllFormed => Some("pct-not-utf8"),
        };
        let fixed_by = code.filter(|c| matches!(*c, "pct-unreserved" | "pct-ucschar"));
        for t in (i..end).step_by(3) {
            let lowercase_digits = bytes
                .get(t + 1..t + 3)
                .is_some_and(|h| h.iter().any(u8::is_ascii_lowercase));
            match &mut lower {
                Some((span, by)) if lowercase_digits && span.end == t && *by == fixed_by => {
                    span.end = t + 3;
                }
                _ => {
                    flush_lower(lower.take(), &mut lowercase);
                    lower = lowercase_digits.then_some((t..t + 3, fixed_by));
                }
            }
        }
        let continues = run
            .as_ref()
            .is_some_and(|r| Some(r.code) == code && r.span.end == i);
        if !continues {
            if let Some(r) = run.take() {
                decoding.push(pct_diagnostic(input, r));
            }
            run = code.map(|code| PctRun {
                code,
                span: i..i,
                units: 0,
                subparts: 0,
                decoded: String::new(),
                surrogate: None,
            });
        }
        if let Some(r) = &mut run {
            r.span.end = end;
            r.units += 1;
            match unit {
                Unit::Char(c) => r.decoded.push(c),
                Unit::Overlong(v) => r.decoded.push(char::from_u32(v).unwrap_or('\u{FFFD}')),
                Unit::Surrogate(v) => {
                    r.subparts += 3;
                    r.surrogate = Some(v);
                }
                Unit::IllFormed => r.subparts += 1,
            }
        }
        i = end;
    }
    flush_lower(lower, &mut lowercase);
    if let Some(r) = run {
        decoding.push(pct_diagnostic(input, r));
    }
    // Both lists are in input order; merged by start, lowercase first at the same start (see
    // `Diagnostic::apply_fixes`).
    let mut decoding = decoding.into_iter().peekable();
    for d in lowercase {
        while let Some(e) = decoding.next_if(|e| e.span.start < d.span.start) {
            out.push(e);
        }
        out.push(d);
    }
    out.extend(decoding);
}

/// The diagnostic of one run of units with one finding: §5.3.2.3 with the decoded characters
/// as the fix, §8 overlong forms, §6.4 octets that are not UTF-8.
fn pct_diagnostic(input: &str, r: PctRun) -> Diagnostic {
    let text = excerpt(input.get(r.span.clone()).unwrap_or_default());
    let decoded = excerpt(&r.decoded);
    let (message, fix) = match r.code {
        "pct-unreserved" if r.units == 1 => (
            format!("{text} encodes the unreserved character {decoded:?}"),
            Some(r.decoded.clone()),
        ),
        "pct-unreserved" => (
            format!("{text} encodes the unreserved characters {decoded:?}"),
            Some(r.decoded.clone()),
        ),
        "pct-ucschar" => (
            format!("{text} encodes {decoded:?}, which an IRI can hold as it is"),
            Some(r.decoded.clone()),
        ),
        "pct-overlong-utf8" => (
            format!("{text} is an overlong UTF-8 form of {decoded:?}; decoders that accept it see that character where the IRI shows none"),
            None,
        ),
        _ => match r.surrogate {
            Some(v) if r.units == 1 => (
                format!("{text} encodes the UTF-16 surrogate U+{v:04X}, which UTF-8 excludes (a decoder reads 3 U+FFFD)"),
                None,
            ),
            _ => (
                format!(
                    "{text} is not UTF-8: a decoder reads {} U+FFFD, one per maximal ill-formed subpart",
                    r.subparts
                ),
                None,
            ),
        },
    };
    diagnostic(input, r.code, r.span, message, fix)
}

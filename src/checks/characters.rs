//! The characters of an IRI: §5.3.2.2 NFC and §7.5 NFKC, §6.1 look-alikes, the bidi isolates
//! and ALM (§4.1, by analogy), code points not assigned in Unicode, `iprivate` characters
//! (which the query alone may hold), and §7.5 mixed scripts in a component.

use std::ops::Range;

use unicode_normalization::char::{canonical_combining_class, decompose_canonical, decompose_compatible};
use unicode_normalization::{is_nfc, is_nfkc, UnicodeNormalization};
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory, UNICODE_VERSION};
use unicode_security::mixed_script::AugmentedScriptSet;

use super::bidi::bidi_isolate_message;
use super::diagnostic::{diagnostic, excerpt, Diagnostic};
use super::text::{changed_part, non_ascii_chars, percent_encoded};
use crate::bytes::next_non_ascii;
use crate::chars::bidi_isolate_name;
use crate::chars::{is_iprivate, is_iunreserved, is_lookalike, LOOKALIKES};

/// §6.1 look-alikes, the bidi isolates and ALM (§4.1's reason, [`bidi_isolate_name`]),
/// unassigned code points, and `iprivate` in the query: one diagnostic per run of adjacent
/// characters with the same finding. Look-alikes and isolates have their percent-encoded form
/// as the fix.
pub(super) fn characters(input: &str, out: &mut Vec<Diagnostic>) {
    // (code, span, characters, the first character)
    let mut run: Option<(&'static str, Range<usize>, usize, char)> = None;
    let flush = |run: Option<(&'static str, Range<usize>, usize, char)>, out: &mut Vec<Diagnostic>| {
        let Some((code, span, n, first)) = run else {
            return;
        };
        let cp = first as u32;
        let (major, minor, update) = UNICODE_VERSION;
        let (message, fix) = match code {
            "lookalike" => {
                let looks = LOOKALIKES
                    .iter()
                    .find(|(a, b, _)| (*a..=*b).contains(&cp))
                    .map_or("a delimiter", |(.., looks)| *looks);
                let message = match n {
                    1 => format!("U+{cp:04X} looks like {looks}; percent-encode it"),
                    _ => format!("{n} characters that look like space, a delimiter or nothing, from U+{cp:04X} (looks like {looks}); percent-encode them"),
                };
                (message, Some(percent_encoded(&input[span.clone()])))
            }
            "bidi-isolate-character" => (
                bidi_isolate_message(first, n),
                Some(percent_encoded(&input[span.clone()])),
            ),
            "private-use-in-query" => (
                match n {
                    1 => format!("U+{cp:04X} is a private-use character: its meaning depends on an agreement outside the IRI"),
                    _ => format!("{n} private-use characters from U+{cp:04X}: their meaning depends on an agreement outside the IRI"),
                },
                None,
            ),
            _ => (
                match n {
                    1 => format!("U+{cp:04X} is not assigned in Unicode {major}.{minor}.{update}"),
                    _ => format!("{n} code points from U+{cp:04X} are not assigned in Unicode {major}.{minor}.{update}"),
                },
                None,
            ),
        };
        out.push(diagnostic(input, code, span, message, fix));
    };
    // Only non-ASCII characters can be found, and no Latin letter (`known_script_sets`).
    for (i, c) in non_ascii_chars(input) {
        let end = i + c.len_utf8();
        let code = if is_latin_letter(c) {
            None
        } else if is_lookalike(c) {
            Some("lookalike")
        } else if bidi_isolate_name(c).is_some() {
            Some("bidi-isolate-character")
        } else if is_iprivate(c) {
            Some("private-use-in-query")
        } else if c.general_category() == GeneralCategory::Unassigned {
            Some("unassigned")
        } else {
            None
        };
        match (&mut run, code) {
            (Some((open, span, n, _)), Some(code)) if *open == code && span.end == i => {
                span.end = end;
                *n += 1;
            }
            _ => {
                flush(run.take(), out);
                run = code.map(|code| (code, i..end, 1, c));
            }
        }
    }
    flush(run, out);
}

/// §5.3.2.2 NFC and §7.5 NFKC, region by region.
///
/// The input is cut before each ASCII character that precedes a non-ASCII one: no
/// normalization crosses such a cut (an ASCII character is a starter that never composes with
/// what precedes it), so each piece is normalized alone, in linear time. `not-nfc` covers what
/// NFC changes in a piece (adjacent ones merged), with the NFC form as the fix; `not-nfkc`
/// covers each run of compatibility characters (NFKD differs from NFD), with the combining
/// marks that follow, and the NFKC form as the fix. A not-NFC text without compatibility
/// characters is `not-nfc` only. The fix is left out when the normal form would change the
/// meaning ([`keeps_meaning`]).
pub(super) fn normalization_forms(input: &str, out: &mut Vec<Diagnostic>) {
    let bytes = input.as_bytes();
    let mut nfkc: Vec<Diagnostic> = Vec::new();
    // The open not-NFC region: span and fix.
    let mut nfc: Option<(Range<usize>, Option<String>)> = None;
    let flush_nfc = |nfc: Option<(Range<usize>, Option<String>)>, out: &mut Vec<Diagnostic>| {
        if let Some((span, fix)) = nfc {
            let message = format!(
                "not in NFC: IRIs SHOULD be created in NFC, and comparison relies on it{}",
                if fix.is_none() {
                    " (its NFC form would change the IRI's structure)"
                } else {
                    ""
                }
            );
            out.push(diagnostic(input, "not-nfc", span, message, fix));
        }
    };
    let mut i = 0;
    while let Some(at) = next_non_ascii(bytes, i) {
        i = at;
        let start = i.saturating_sub(1);
        while i < bytes.len() && !bytes[i].is_ascii() {
            i += 1;
        }
        let piece = &input[start..i];
        if piece.chars().all(is_nfkc_starter) || is_nfkc(piece) {
            // NFKC implies NFC: nothing to report. Most pieces are, and the ASCII between them
            // is never looked at.
            continue;
        }
        if !is_nfc(piece) {
            let normalized: String = piece.nfc().collect();
            let (changed, fix) = changed_part(piece, &normalized);
            let span = start + changed.start..start + changed.end;
            let fix = keeps_meaning(fix).then(|| fix.to_string());
            match &mut nfc {
                Some((open, open_fix)) if open.end == span.start => {
                    open.end = span.end;
                    match (open_fix.as_mut(), fix) {
                        (Some(f), Some(g)) => f.push_str(&g),
                        _ => *open_fix = None,
                    }
                }
                _ => {
                    flush_nfc(nfc.take(), out);
                    nfc = Some((span, fix));
                }
            }
        }
        compatibility_characters(input, start, piece, &mut nfkc);
    }
    flush_nfc(nfc, out);
    out.append(&mut nfkc);
}

/// The runs of compatibility characters in `piece` (at `start` in `input`), each with the
/// combining marks that follow it.
fn compatibility_characters(input: &str, start: usize, piece: &str, out: &mut Vec<Diagnostic>) {
    let mut run: Option<Range<usize>> = None;
    let flush = |run: Option<Range<usize>>, out: &mut Vec<Diagnostic>| {
        if let Some(span) = run {
            let text = &input[span.clone()];
            let normalized: String = text.nfkc().collect();
            let fix = keeps_meaning(&normalized).then_some(normalized);
            let message = format!(
                "{:?} has compatibility characters: newly created IRIs should be in NFKC{}",
                excerpt(text),
                if fix.is_none() {
                    " (its NFKC form would change the IRI's structure)"
                } else {
                    ""
                }
            );
            out.push(diagnostic(input, "not-nfkc", span, message, fix));
        }
    };
    for (j, c) in piece.char_indices() {
        let at = start + j;
        let end = at + c.len_utf8();
        let adjacent = run.as_ref().is_some_and(|r| r.end == at);
        if is_compatibility_character(c) {
            if adjacent {
                if let Some(r) = run.as_mut() {
                    r.end = end;
                }
            } else {
                flush(run.take(), out);
                run = Some(at..end);
            }
        } else if adjacent && canonical_combining_class(c) != 0 {
            if let Some(r) = run.as_mut() {
                r.end = end;
            }
        }
    }
    flush(run, out);
}

/// Characters known, without a lookup, to be starters (canonical combining class 0) that NFKC
/// keeps (quick check Yes; `known_nfkc_starters` checks them): ASCII, the letters of Latin-1,
/// the base letters of Greek and Cyrillic, the dashes, quotation marks and daggers of General
/// Punctuation, kana, CJK ideographs and Hangul syllables. A text of them is NFKC (UAX #15 §9:
/// the quick check answers Yes), which is what most IRIs beyond ASCII are made of.
fn is_nfkc_starter(c: char) -> bool {
    matches!(c,
        '\0'..='\u{7F}'
        | '\u{C0}'..='\u{FF}'
        | '\u{391}'..='\u{3A9}'
        | '\u{3B1}'..='\u{3C9}'
        | '\u{410}'..='\u{44F}'
        | '\u{2013}'..='\u{2016}'
        | '\u{2018}'..='\u{2022}'
        | '\u{3041}'..='\u{3096}'
        | '\u{30A1}'..='\u{30FA}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{AC00}'..='\u{D7A3}')
}

/// A character whose compatibility decomposition differs from its canonical one (UAX #15):
/// exactly the characters that make NFKC differ from NFC.
fn is_compatibility_character(c: char) -> bool {
    if c.is_ascii() {
        return false;
    }
    // A full canonical decomposition has at most 4 characters (U+1F82: α ̓ ̀ ͅ).
    let mut canonical = ['\0'; 4];
    let mut n = 0;
    decompose_canonical(c, |d| {
        if let Some(slot) = canonical.get_mut(n) {
            *slot = d;
        }
        n += 1;
    });
    let mut k = 0;
    let mut same = n <= canonical.len();
    decompose_compatible(c, |d| {
        same &= k < n && canonical.get(k) == Some(&d);
        k += 1;
    });
    !(same && k == n)
}

/// Whether a fix made of `s` keeps the meaning of the IRI: letters, digits, "-", "_", "~" and
/// non-ASCII `iunreserved` characters that are not §6.1 look-alikes. Normalization may turn a
/// character into a delimiter (U+FF0F FULLWIDTH SOLIDUS into "/" under NFKC, U+037E GREEK
/// QUESTION MARK into ";" under NFC), a dot (U+2024 into "."), a space (U+00A0 into " ") or a
/// look-alike (U+2000 into U+2002 under NFC); such forms are not offered as fixes.
fn keeps_meaning(s: &str) -> bool {
    s.chars().all(|c| {
        if c.is_ascii() {
            c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '~')
        } else {
            is_iunreserved(c) && !is_lookalike(c)
        }
    })
}

/// §7.5 with UTS #39 augmented script sets: whether the characters of `part` that belong to a
/// script have no script in common. Characters of the Common and Inherited scripts go with
/// any script (as UTS #39 says), and so do those of none (Unknown: unassigned, private-use,
/// noncharacters), which UTS #39 would count as a script of their own: one such character is
/// not a mix.
///
/// Most characters of most IRIs need no lookup (`known_script_sets` checks them): ASCII
/// letters and the letters of U+00C0–U+024F (Latin-1 Supplement and Latin Extended-A and -B,
/// less × and ÷) are Latin, and ASCII characters that are not letters are Common. Intersecting
/// with a set twice changes nothing, so the first Latin letter of a part is looked up and the
/// other ones, like the rest of ASCII, are skipped.
fn mixes_scripts(part: &str) -> bool {
    let mut set = AugmentedScriptSet::default();
    let mut latin = false;
    for c in part.chars() {
        if is_latin_letter(c) {
            if latin {
                continue;
            }
            latin = true;
        } else if c.is_ascii() {
            continue;
        }
        let own = AugmentedScriptSet::for_char(c);
        if !own.is_all() && !own.is_empty() {
            set.intersect_with(own);
        }
    }
    set.is_empty()
}

/// The letters [`mixes_scripts`] knows to be Latin: ASCII letters, and U+00C0–U+024F but
/// U+00D7 × and U+00F7 ÷.
pub(super) fn is_latin_letter(c: char) -> bool {
    c.is_ascii_alphabetic() || (('\u{C0}'..='\u{24F}').contains(&c) && c != '×' && c != '÷')
}

/// A letter of Latin-1 (U+00C0–U+00FF but × and ÷) in which none of the checks of characters
/// finds anything: it is a Latin letter ([`is_latin_letter`]: Latin script, Bidi_Class L, no
/// look-alike, assigned, not private-use) and an NFKC starter ([`is_nfkc_starter`]).
pub(super) fn is_plain_letter(c: char) -> bool {
    ('\u{C0}'..='\u{FF}').contains(&c) && is_latin_letter(c) && is_nfkc_starter(c)
}

/// §7.5: one component, `part` at `span` in `input`, with characters of several scripts
/// ([`mixes_scripts`]).
pub(super) fn mixed_script(input: &str, part: &str, span: Range<usize>, out: &mut Vec<Diagnostic>) {
    if !part.is_ascii() && mixes_scripts(part) {
        out.push(diagnostic(
            input,
            "mixed-script",
            span,
            format!("{:?} mixes characters of several scripts", excerpt(part)),
            None,
        ));
    }
}

#[cfg(test)]
mod tests {
    use unicode_security::mixed_script::AugmentedScriptSet;

    /// What `normalization_forms` assumes of [`super::is_nfkc_starter`]: each is a starter
    /// (canonical combining class 0) that NFKC keeps (quick check Yes), so a text of them is
    /// NFKC.
    #[test]
    fn known_nfkc_starters() {
        use unicode_normalization::char::canonical_combining_class;
        use unicode_normalization::{is_nfkc_quick, IsNormalized};
        for c in ('\0'..=char::MAX).filter(|&c| super::is_nfkc_starter(c)) {
            assert_eq!(canonical_combining_class(c), 0, "{c:?}");
            assert_eq!(is_nfkc_quick(std::iter::once(c)), IsNormalized::Yes, "{c:?}");
        }
    }

    /// What `characters` assumes of the Latin letters of [`super::is_latin_letter`]: none is a
    /// §6.1 look-alike, private-use or unassigned.
    #[test]
    fn latin_letters_are_plain() {
        use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
        for c in ('\0'..='\u{24F}').filter(|&c| super::is_latin_letter(c)) {
            assert!(
                !crate::chars::is_lookalike(c) && !crate::chars::is_iprivate(c),
                "{c:?}"
            );
            assert_ne!(c.general_category(), GeneralCategory::Unassigned, "{c:?}");
        }
    }

    /// What [`super::mixes_scripts`] assumes without a lookup: every letter of
    /// [`super::is_latin_letter`] has the set of "a" (Latin, UTS #24), every other ASCII
    /// character a set that the check ignores (Common).
    #[test]
    fn known_script_sets() {
        let latin = AugmentedScriptSet::for_char('a');
        assert!(!latin.is_all() && !latin.is_empty());
        for c in ('\0'..='\u{24F}').filter(|&c| c.is_ascii() || super::is_latin_letter(c)) {
            let own = AugmentedScriptSet::for_char(c);
            if super::is_latin_letter(c) {
                assert_eq!(own, latin, "{c:?}");
            } else {
                assert!(own.is_all() || own.is_empty(), "{c:?}");
            }
        }
    }
}

//! The rules of RFC 3987 that the grammar cannot express, as coded diagnostics: §4.1 and §4.2
//! (bidirectional text), §5.3 (what normalization would change), §6.1 and §7.5 (characters to
//! avoid), §8 (security), and the grammar's own verdict.
//!
//! Each diagnostic has a stable code, a severity (error for MUSTs and syntax, warning for
//! SHOULDs, note for advice), the RFC 3987 section, the byte span in the input, a message and,
//! where one exists, a fix: the text to put in place of the span, and a short `help` that says
//! it in words. [`CODES`] lists the codes.
//!
//! Cost: time and memory linear in the length of the input, however many findings there are.
//! A fix holds the replacement of its own span only, never the whole fixed input (which would
//! make the output quadratic); [`Diagnostic::apply_fixes`] builds the whole fixed input once.
//! Adjacent findings of one code merge into one diagnostic (a run of `%41%42` is one
//! `pct-unreserved`). Clean input — no finding — allocates nothing, ASCII or not
//! (`tests/alloc.rs`).
//!
//! The Unicode data of each check, with its version, is listed on [`CODES`].
//!
//! The checks, one module per concern, each function citing the section it implements:
//! `bidi` (§4.1, §4.2, §4.4), `authority` (§5.3.2.1 scheme case, §5.3.3 ports, the password
//! of RFC 3986 §3.2.1), `host` (§5.3.2.1 host case, §5.3.3 IDN validity and DNS limits, RFC 3986
//! §7.4 numeric hosts), `path` (§5.3.2.4 dot segments), `percent_encoding` (§5.3.2.1 hex case,
//! §5.3.2.3, §6.4, §8 overlong forms) and `characters` (§5.3.2.2 and §7.5 normal forms, §6.1
//! look-alikes, the bidi isolates and ALM that §4.1 predates, unassigned code points,
//! `iprivate`, §7.5 mixed scripts). They import what they
//! share from the modules below them, never from this one: `diagnostic` (the public types and
//! the catalogue of codes) and `text` (helpers on the input's text). This module holds the
//! entry points and the order in which [`check`] runs the checks.

use crate::error::{ParseError, ParseErrorKind};
use crate::parse::{spans, StartSymbol};
use crate::types::IriRef;

mod authority;
mod bidi;
mod characters;
mod diagnostic;
mod host;
mod path;
mod percent_encoding;
mod text;

use diagnostic::diagnostic;
pub use diagnostic::{Diagnostic, Severity, CODES};
use text::{non_ascii_chars, offset};

/// Parses `input` as an IRI reference and checks it: a syntax error (or the §4.1 errors)
/// alone, or every finding of [`check`].
///
/// ```
/// let found = rfc3987::lint("http://Example.org:80/a/./b");
/// let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
/// assert_eq!(codes, ["default-port", "uppercase-host", "dot-segments"]);
/// // RFC 3987 §5.3.3: the default port is dropped; the fix removes ":80".
/// assert_eq!(found[0].span, 18..21);
/// assert_eq!(found[0].fix.as_deref(), Some(""));
/// assert_eq!(found[0].help.as_deref(), Some("remove `:80`"));
/// assert_eq!(
///     rfc3987::Diagnostic::apply_fixes("http://Example.org:80/a/./b", &found),
///     "http://example.org/a/b"
/// );
/// ```
pub fn lint(input: &str) -> Vec<Diagnostic> {
    match IriRef::parse(input) {
        Ok(iri) => check(&iri),
        Err(e) => {
            let at = e.byte_offset();
            let end = input
                .get(at..)
                .and_then(|rest| rest.chars().next())
                .map_or(at, |c| at + c.len_utf8());
            let bidi = matches!(e.kind(), ParseErrorKind::BidiFormattingCharacter);
            let found = if bidi {
                bidi::bidi_formatting(input)
            } else {
                Vec::new()
            };
            if !found.is_empty() {
                return found;
            }
            let code = if bidi {
                "bidi-formatting-character"
            } else {
                "syntax"
            };
            let message = e.to_string().lines().next().unwrap_or_default().to_string();
            vec![diagnostic(input, code, at..end, message, None)]
        }
    }
}

/// Parses `input` as `symbol` and checks it, from one parse: why it is not a `symbol` (the
/// error of [`validate`](crate::validate)), or every finding of [`check`]. Every start symbol
/// is an IRI reference (RFC 3987 §2.2), so the findings are those [`lint`] gives. For tools
/// that check inputs against a start symbol and lint those that match (`iri check --lint`).
///
/// ```
/// use rfc3987::{lint_as, StartSymbol};
///
/// let found = lint_as("http://Example.org/", StartSymbol::Uri).unwrap();
/// assert_eq!(found, rfc3987::lint("http://Example.org/"));
/// assert!(lint_as("//example.org/", StartSymbol::Uri).is_err()); // no scheme
/// ```
pub fn lint_as(input: &str, symbol: StartSymbol) -> Result<Vec<Diagnostic>, ParseError> {
    let spans = spans(input, symbol)?;
    Ok(check(&IriRef::from_parts(input, spans)))
}

/// The findings about a parsed IRI reference, in the order of the input within each check.
/// Clean input, ASCII or not, costs no allocation.
/// Any parsed type is taken, borrowed or owned.
pub fn check<R: crate::Reference>(iri: &R) -> Vec<Diagnostic> {
    let iri = &iri.as_iri_ref();
    let input = iri.as_str();
    let mut out = Vec::new();
    authority::scheme_and_authority(iri, &mut out);
    path::dot_segments(iri, &mut out);
    percent_encoding::percent_encodings(iri, &mut out);
    // The checks of characters find nothing in ASCII, nor in the letters of Latin-1
    // ([`characters::is_plain_letter`]), which most IRIs beyond ASCII are written with.
    if !non_ascii_chars(input).all(|(_, c)| characters::is_plain_letter(c)) {
        characters::characters(input, &mut out);
        characters::normalization_forms(input, &mut out);
        components(iri, &mut out);
    }
    out
}

/// §4.2 per component, §4.4 numeric components next to right-to-left ones, §7.5 scripts.
fn components<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    // §4.2 and §4.4 need a right-to-left character, §7.5 characters of two scripts: an input
    // whose characters beyond ASCII are all Latin letters has neither (their Bidi_Class is L,
    // and ASCII and Latin letters share the Latin script or go with any).
    if non_ascii_chars(input).all(|(_, c)| characters::is_latin_letter(c)) {
        return;
    }
    let mut parts = bidi::bidi_components(iri).map(|p| (p, !p.is_ascii() && p.chars().any(bidi::is_rtl)));
    let mut previous_rtl = false;
    let mut current = parts.next();
    while let Some((part, rtl)) = current {
        let next = parts.next();
        let start = offset(input, part);
        let span = start..start + part.len();
        let beside_rtl = previous_rtl || next.is_some_and(|(_, rtl)| rtl);
        bidi::direction(input, part, span.clone(), rtl, beside_rtl, out);
        characters::mixed_script(input, part, span, out);
        previous_rtl = rtl;
        current = next;
    }
}

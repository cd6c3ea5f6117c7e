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
//! look-alikes, unassigned code points, `iprivate`, §7.5 mixed scripts). This module holds the
//! public API, the catalogue of codes, and the order in which [`check`] runs them.

use std::borrow::Cow;
use std::ops::Range;

use crate::bytes::next_non_ascii;
use crate::error::{ParseError, ParseErrorKind};
use crate::parse::{spans, StartSymbol};
use crate::pct::encode_octets;
use crate::types::IriRef;

mod authority;
mod bidi;
mod characters;
mod host;
mod path;
mod percent_encoding;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Advice: nothing the RFC asks for is broken.
    Note,
    /// A SHOULD of RFC 3987 is not followed.
    Warning,
    /// A MUST of RFC 3987 is broken, or the input does not match the grammar.
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// One finding about an IRI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// A stable code from [`CODES`], e.g. `bidi-rtl-boundary`.
    pub code: &'static str,
    /// How serious it is.
    pub severity: Severity,
    /// The RFC 3987 section, the number alone (`"4.2"`, `"5.3.2.1"`).
    pub section: &'static str,
    /// Byte offsets into the input.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
    /// The text to put in place of `span`, when one fix is clear: the NFC form, the
    /// percent-encoded form, the lowercase form, the decoded character; `""` removes the span.
    /// Only the span's own replacement: [`Diagnostic::apply_fixes`] gives the whole input fixed.
    pub fix: Option<String>,
    /// The fix in words, short and local: "write `%41` as `A`", "remove `:80`",
    /// "percent-encode it as `%C2%A0`". `None` when there is no fix.
    pub help: Option<String>,
}

impl Diagnostic {
    /// `input` with the fixes of `diagnostics` (found on that input by [`lint`] or [`check`])
    /// applied, in one pass: time linear in the input and the fixes, after sorting the fixes by
    /// span.
    ///
    /// Fixes whose spans overlap cannot all apply: the one that starts first wins, then the
    /// longer one, then the one later in `diagnostics`. [`check`] lists, for one span, the finer
    /// fix last: `%7e` is reported as lowercase (fix `%7E`, RFC 3987 §5.3.2.1) and then as an
    /// encoded unreserved character (fix `~`, §5.3.2.3), and `~` is what applies. Fixes that
    /// would bring in a delimiter or a look-alike are not offered at all (see `not-nfkc`).
    ///
    /// ```
    /// use rfc3987::{lint, Diagnostic};
    /// let input = "HTTP://Example.org:80/a/./%7e";
    /// let found = lint(input);
    /// assert_eq!(Diagnostic::apply_fixes(input, &found), "http://example.org/a/~");
    /// ```
    pub fn apply_fixes(input: &str, diagnostics: &[Diagnostic]) -> String {
        let mut fixes: Vec<(usize, &Range<usize>, &str)> = diagnostics
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Some((i, &d.span, d.fix.as_deref()?)))
            .collect();
        fixes.sort_by(|(i, a, _), (j, b, _)| (a.start.cmp(&b.start)).then(b.end.cmp(&a.end)).then(j.cmp(i)));
        let mut out = String::with_capacity(input.len());
        let mut at = 0;
        for (_, span, fix) in fixes {
            // A span that starts before `at` overlaps a fix already applied.
            let (Some(kept), Some(_)) = (input.get(at..span.start), input.get(span.clone())) else {
                continue;
            };
            out.push_str(kept);
            out.push_str(fix);
            at = span.end;
        }
        out.push_str(input.get(at..).unwrap_or_default());
        out
    }
}

/// Every diagnostic code: code, severity, RFC 3987 section, what it reports.
///
/// Unicode data, by check (versions of the crates in `Cargo.lock`, asserted in
/// `tests/checks.rs`): `unassigned` uses `unicode-properties` (Unicode 18.0.0,
/// `unicode_properties::UNICODE_VERSION`); `not-nfc` and `not-nfkc` use `unicode-normalization`
/// (18.0.0); `mixed-script` uses `unicode-security` and `unicode-script` (18.0.0); `invalid-idn`
/// uses `idna` with the ICU4X data (18.0.0). The §4.2 `bidi-*` checks use `unicode-bidi`, whose
/// data is older: Unicode 16.0.0 (`unicode_bidi::UNICODE_VERSION`). A character assigned in
/// Unicode 17.0 or 18.0 is therefore not `unassigned`, but its Bidi_Class is the default of its
/// block in Unicode 16.0 (R or AL in the right-to-left blocks, L elsewhere), which can be wrong.
pub const CODES: &[(&str, Severity, &str, &str)] = &[
    (
        "syntax",
        Severity::Error,
        "2.2",
        "the input does not match the grammar",
    ),
    (
        "bidi-formatting-character",
        Severity::Error,
        "4.1",
        "LRM, RLM, LRE, RLE, LRO, RLO or PDF, which IRIs MUST NOT contain",
    ),
    (
        "bidi-mixed-direction",
        Severity::Warning,
        "4.2",
        "a component with both left-to-right and right-to-left characters",
    ),
    (
        "bidi-rtl-boundary",
        Severity::Warning,
        "4.2",
        "a component with right-to-left characters that does not start and end with one",
    ),
    (
        "bidi-numeric-component",
        Severity::Note,
        "4.4",
        "a component of digits only next to a right-to-left component",
    ),
    (
        "not-nfc",
        Severity::Warning,
        "5.3.2.2",
        "not in Normalization Form C",
    ),
    (
        "not-nfkc",
        Severity::Warning,
        "7.5",
        "compatibility characters (not in NFKC)",
    ),
    (
        "lookalike",
        Severity::Warning,
        "6.1",
        "a character that looks like space or a delimiter, or like nothing",
    ),
    (
        "mixed-script",
        Severity::Warning,
        "7.5",
        "characters of several scripts in one component",
    ),
    (
        "unassigned",
        Severity::Warning,
        "3.1",
        "a code point not assigned in the Unicode version of the data (18.0.0)",
    ),
    (
        "private-use-in-query",
        Severity::Note,
        "2.2",
        "iprivate characters, allowed in the query only",
    ),
    (
        "pct-lowercase-hex",
        Severity::Warning,
        "5.3.2.1",
        "percent-encoding with lowercase hex digits",
    ),
    (
        "pct-unreserved",
        Severity::Warning,
        "5.3.2.3",
        "a percent-encoded unreserved ASCII character",
    ),
    (
        "pct-ucschar",
        Severity::Note,
        "5.3.2.3",
        "a percent-encoded ucschar, which the IRI could hold as it is and normalization decodes",
    ),
    (
        "pct-not-utf8",
        Severity::Warning,
        "6.4",
        "percent-encoded octets that are not UTF-8",
    ),
    (
        "pct-overlong-utf8",
        Severity::Warning,
        "8",
        "an overlong UTF-8 form, which can hide a delimiter such as \"/\"",
    ),
    (
        "dot-segments",
        Severity::Warning,
        "5.3.2.4",
        "\".\" or \"..\" segments in the path of an IRI with a scheme",
    ),
    ("empty-port", Severity::Warning, "5.3.3", "\":\" with no port"),
    (
        "default-port",
        Severity::Warning,
        "5.3.3",
        "the scheme's default port, written out",
    ),
    (
        "uppercase-scheme",
        Severity::Warning,
        "5.3.2.1",
        "uppercase letters in the scheme",
    ),
    (
        "uppercase-host",
        Severity::Warning,
        "5.3.2.1",
        "uppercase letters in an IP literal or a US-ASCII only host name",
    ),
    (
        "invalid-idn",
        Severity::Warning,
        "5.3.3",
        "a host name that ToASCII rejects, for a scheme that uses DNS names",
    ),
    (
        "dns-length",
        Severity::Warning,
        "3.1",
        "a host label over 63 octets or a host name over 253, for a scheme that uses DNS names",
    ),
    (
        "numeric-host",
        Severity::Warning,
        "8",
        "a reg-name of digits and dots that is not an IPv4 address",
    ),
    (
        "password-in-userinfo",
        Severity::Warning,
        "8",
        "\"user:password\" in the userinfo (deprecated by RFC 3986 §3.2.1)",
    ),
];

/// The severity and section of `code` in [`CODES`].
fn meta(code: &str) -> (&'static str, Severity, &'static str) {
    // Every code this module emits is in the catalogue (a debug build checks it).
    debug_assert!(CODES.iter().any(|(c, ..)| *c == code), "{code} is not in CODES");
    let (code, severity, section, _) =
        CODES
            .iter()
            .copied()
            .find(|(c, ..)| *c == code)
            .unwrap_or(("syntax", Severity::Error, "2.2", ""));
    (code, severity, section)
}

/// A diagnostic on `input[span]`; its help is made from the span's text and the fix.
fn diagnostic(
    input: &str,
    code: &str,
    span: Range<usize>,
    message: String,
    fix: Option<String>,
) -> Diagnostic {
    let (code, severity, section) = meta(code);
    let text = input.get(span.clone()).unwrap_or_default();
    let help = fix.as_deref().map(|fix| help(code, text, fix));
    Diagnostic {
        code,
        severity,
        section,
        span,
        message,
        fix,
        help,
    }
}

/// The fix of `text` in words, local to the span.
fn help(code: &str, text: &str, fix: &str) -> String {
    let one = text.chars().nth(1).is_none();
    let (text, fix) = (excerpt(text), excerpt(fix));
    match code {
        _ if fix.is_empty() => format!("remove `{text}`"),
        "lookalike" | "bidi-formatting-character" if one => format!("percent-encode it as `{fix}`"),
        "lookalike" | "bidi-formatting-character" => format!("percent-encode them as `{fix}`"),
        // The two forms look the same: name the code points, when they are few.
        "not-nfc" if text.chars().nth(4).is_none() => {
            format!("write {} as {} (`{fix}`)", code_points(&text), code_points(&fix))
        }
        "not-nfc" => format!("write it in NFC: `{fix}`"),
        _ => format!("write `{text}` as `{fix}`"),
    }
}

/// `s`, or its first 64 characters and "…" when it is longer: messages and help stay short
/// however long the input (a fix has the whole replacement).
fn excerpt(s: &str) -> Cow<'_, str> {
    match s.char_indices().nth(64) {
        None => Cow::Borrowed(s),
        Some((i, _)) => Cow::Owned(format!("{}…", &s[..i])),
    }
}

/// "U+0065 U+0301".
fn code_points(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&format!("U+{:04X}", c as u32));
    }
    out
}

/// `s` percent-encoded, every octet (RFC 3987 §3.1 step 2, uppercase hex).
fn percent_encoded(s: &str) -> String {
    let mut out = String::with_capacity(3 * s.len());
    encode_octets(&mut out, s.as_bytes());
    out
}

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

/// The non-ASCII characters of `input` and where they start.
fn non_ascii_chars(input: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = next_non_ascii(input.as_bytes(), from)?;
        // A non-ASCII byte after ASCII ones, or after a whole character, starts a character.
        let c = input.get(at..)?.chars().next()?;
        from = at + c.len_utf8();
        Some((at, c))
    })
}

/// `text` split at each ASCII delimiter `at` accepts, as `str::split` splits it (empty parts
/// included), byte by byte: no byte of a character's UTF-8 form beyond ASCII is an ASCII byte.
pub(super) fn split_at_bytes(text: &str, at: impl Fn(u8) -> bool) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(&at) {
            Some(i) => {
                rest = Some(&r[i + 1..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// Where `sub` (a slice of `input`) starts in it.
fn offset(input: &str, sub: &str) -> usize {
    sub.as_ptr() as usize - input.as_ptr() as usize
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

/// The part of `before` that differs from `after`, once their common beginning and end (whole
/// characters) are set aside, and what it becomes in `after`.
fn changed_part<'a>(before: &str, after: &'a str) -> (Range<usize>, &'a str) {
    let prefix: usize = before
        .chars()
        .zip(after.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let suffix: usize = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    (
        prefix..before.len() - suffix,
        &after[prefix..after.len() - suffix],
    )
}

#[cfg(test)]
mod tests {
    use super::{next_non_ascii, non_ascii_chars, split_at_bytes};

    #[test]
    fn splits_as_str_split() {
        for text in ["", "/", "a/b.c", "//a..b/", "é.ü/ß", ".x"] {
            let ours: Vec<&str> = split_at_bytes(text, |b| b == b'/' || b == b'.').collect();
            assert_eq!(ours, text.split(['/', '.']).collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn non_ascii_characters_are_found_where_they_are() {
        // Inside and across the 8-byte words, and in the tail after the last whole word.
        let input = "abcdefghé12345678ü/x日";
        let found: Vec<(usize, char)> = non_ascii_chars(input).collect();
        assert_eq!(found, [(8, 'é'), (18, 'ü'), (22, '日')]);
        assert_eq!(next_non_ascii(input.as_bytes(), 9), Some(9)); // the second byte of "é"
        assert_eq!(next_non_ascii(b"abc", 0), None);
        assert_eq!(next_non_ascii(b"abc", 4), None);
        assert_eq!(non_ascii_chars("").count(), 0);
    }
}

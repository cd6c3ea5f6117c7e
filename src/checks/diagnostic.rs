//! What a check reports: the [`Diagnostic`] and its [`Severity`], the catalogue of codes
//! ([`CODES`]), and how a check makes one (its severity and section looked up by code, its
//! `help` made from the fix). The checks, one module per concern, import it from here.

use std::borrow::Cow;
use std::ops::Range;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Advice: nothing the RFC asks for is broken.
    Note,
    /// A SHOULD of RFC 3987 is not followed, or the reason of one of its rules applies to a
    /// character newer than the RFC (`bidi-isolate-character`).
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
    ///
    /// [`lint`]: crate::lint
    /// [`check`]: crate::check
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
        "bidi-isolate-character",
        Severity::Warning,
        "4.1",
        "a bidi isolate (LRI, RLI, FSI, PDI) or ALM: newer than RFC 3987, it reorders text as §4.1's characters do",
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
pub(super) fn diagnostic(
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
        "lookalike" | "bidi-formatting-character" | "bidi-isolate-character" if one => {
            format!("percent-encode it as `{fix}`")
        }
        "lookalike" | "bidi-formatting-character" | "bidi-isolate-character" => {
            format!("percent-encode them as `{fix}`")
        }
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
pub(super) fn excerpt(s: &str) -> Cow<'_, str> {
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

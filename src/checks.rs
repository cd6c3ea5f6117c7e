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
//! Unicode data, by check (versions of the crates in `Cargo.lock`, asserted in
//! `tests/checks.rs`): `unassigned` uses `unicode-properties` (Unicode 18.0.0,
//! `unicode_properties::UNICODE_VERSION`); `not-nfc` and `not-nfkc` use `unicode-normalization`
//! (18.0.0); `mixed-script` uses `unicode-security` and `unicode-script` (18.0.0); `invalid-idn`
//! uses `idna` with the ICU4X data (18.0.0). The §4.2 `bidi-*` checks use `unicode-bidi`, whose
//! data is older: Unicode 16.0.0 (`unicode_bidi::UNICODE_VERSION`). A character assigned in
//! Unicode 17.0 or 18.0 is therefore not `unassigned`, but its Bidi_Class is the default of its
//! block in Unicode 16.0 (R or AL in the right-to-left blocks, L elsewhere), which can be wrong.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use idna::uts46::{verify_dns_length, AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46};
use unicode_bidi::{bidi_class, BidiClass};
use unicode_normalization::char::{canonical_combining_class, decompose_canonical, decompose_compatible};
use unicode_normalization::{is_nfc, is_nfkc, UnicodeNormalization};
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory, UNICODE_VERSION};
use unicode_security::mixed_script::AugmentedScriptSet;

use crate::chars::{
    is_bidi_formatting, is_iprivate, is_iunreserved, is_lookalike, is_unreserved, LOOKALIKES,
};
use crate::components::HostSpans;
use crate::error::ParseErrorKind;
use crate::idn;
use crate::normalize::{lowercase_ascii_outside_pct, SCHEME_DEFAULTS};
use crate::pct::{encode_octets, hex_octet};
use crate::resolve::remove_dot_segments;
use crate::to_uri::DNS_SCHEMES;
use crate::types::IriRef;

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
/// The Unicode data behind the character checks is that of Unicode 18.0.0, except the §4.2
/// bidi classes (Unicode 16.0.0); see the [module docs](self) for each check.
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
        "a percent-encoded character the IRI could hold as it is",
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
        "uppercase ASCII letters in the host",
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
            let found = if bidi { bidi_formatting(input) } else { Vec::new() };
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

/// §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM, LRE, RLE, LRO,
/// RLO, and PDF)". Each run of them, with its percent-encoded form as the fix (the form
/// §3.1 gives them in a URI).
fn bidi_formatting(input: &str) -> Vec<Diagnostic> {
    let name = |c: char| match c {
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        _ => "RIGHT-TO-LEFT OVERRIDE",
    };
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

/// The findings about a parsed IRI reference, in the order of the input within each check.
/// Clean input, ASCII or not, costs no allocation.
pub fn check<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>) -> Vec<Diagnostic> {
    let input = iri.as_str();
    let mut out = Vec::new();
    scheme_and_authority(iri, &mut out);
    dot_segments(iri, &mut out);
    percent_encodings(iri, &mut out);
    if !input.is_ascii() {
        characters(input, &mut out);
        normalization_forms(input, &mut out);
        components(iri, &mut out);
    }
    out
}

/// Where `sub` (a slice of `input`) starts in it.
fn offset(input: &str, sub: &str) -> usize {
    sub.as_ptr() as usize - input.as_ptr() as usize
}

/// §5.3.2.1 case, §5.3.3 ports, §5.3.3 IDN validity.
fn scheme_and_authority<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    if let Some(scheme) = iri.scheme() {
        if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
            out.push(diagnostic(
                input,
                "uppercase-scheme",
                0..scheme.len(),
                format!(
                    "the scheme {:?} has uppercase letters; schemes are compared in lowercase",
                    excerpt(scheme)
                ),
                Some(scheme.to_ascii_lowercase()),
            ));
        }
    }
    let Some(authority) = iri.authority() else {
        return;
    };
    let scheme = iri.scheme().unwrap_or_default();
    if let Some(port) = authority.port() {
        // The span takes the ":" too, so that the fix is to remove the span.
        let start = offset(input, port);
        let span = start - 1..start + port.len();
        if port.is_empty() {
            out.push(diagnostic(
                input,
                "empty-port",
                span,
                "\":\" with an empty port: normalization drops it".into(),
                Some(String::new()),
            ));
        } else if let Some((name, default)) = SCHEME_DEFAULTS
            .iter()
            .find(|(name, _)| scheme.eq_ignore_ascii_case(name))
        {
            if authority.port_u16() == Some(*default) {
                out.push(diagnostic(
                    input,
                    "default-port",
                    span,
                    format!("{port} is the default port of {name}: normalization drops it"),
                    Some(String::new()),
                ));
            }
        }
    }
    if let Some(userinfo) = authority.userinfo() {
        if let Some(colon) = userinfo.find(':') {
            let start = offset(input, userinfo) + colon;
            out.push(diagnostic(
                input,
                "password-in-userinfo",
                start..start + userinfo.len() - colon,
                "\"user:password\" in the userinfo is deprecated (RFC 3986 §3.2.1): the password is in clear text".into(),
                None,
            ));
        }
    }
    let host = authority.host_str();
    let host_start = offset(input, host);
    let host_span = host_start..host_start + host.len();
    // Letters of a reg-name, and the hex digits and "v" of an IP literal (RFC 3986 §6.2.2.1).
    if has_uppercase_outside_pct(host) {
        out.push(diagnostic(
            input,
            "uppercase-host",
            host_span.clone(),
            format!(
                "the host {:?} has uppercase letters; hosts are compared in lowercase",
                excerpt(host)
            ),
            Some(lowercase_ascii_outside_pct(host)),
        ));
    }
    if !matches!(authority.host_spans(), HostSpans::RegName) {
        return;
    }
    // RFC 3986 §7.4: a reg-name of digits and dots that is not an IPv4address (1.2.3, 1.2.3.256,
    // 01.2.3.4) may be read as an address by some resolvers.
    if !host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        out.push(diagnostic(
            input,
            "numeric-host",
            host_span.clone(),
            format!("the reg-name {:?} looks like an IPv4 address but is not one (four decimal numbers 0-255 without leading zeros)", excerpt(host)),
            None,
        ));
    }
    let dns = DNS_SCHEMES.iter().any(|d| d.eq_ignore_ascii_case(scheme));
    if !dns || host.is_empty() {
        return;
    }
    if let Some(message) = idn_problem(host) {
        out.push(diagnostic(input, "invalid-idn", host_span, message, None));
    } else if host.is_ascii() {
        // The DNS limits (RFC 1034 §3.1, RFC 3490 §4.1 step 8), which ToASCII checks for
        // names with non-ASCII characters.
        let name = host.strip_suffix('.').unwrap_or(host);
        let long_label = name.split('.').find(|l| l.len() > 63);
        if long_label.is_some() || name.len() > 253 {
            let message = match long_label {
                Some(label) => format!(
                    "the label {:?} is {} octets long; DNS allows 63",
                    excerpt(label),
                    label.len()
                ),
                None => format!("the host name is {} octets long; DNS allows 253", name.len()),
            };
            out.push(diagnostic(input, "dns-length", host_span, message, None));
        }
    }
}

/// §5.3.3: why `host` is not a valid IDN, for a scheme that uses DNS names. ToASCII (RFC 3987
/// §3.1, as `crate::idn` does it) for names with non-ASCII characters (maybe percent-encoded);
/// an "xn--" label must decode (ToUnicode, §3.2.1). ASCII names are not checked against the
/// STD3 rules: "_" is common in them.
///
/// A valid name is recognized first without allocating ([`idn_certainly_valid`]); the
/// allocating path of `crate::idn` decides the rest and words the reason.
fn idn_problem(host: &str) -> Option<String> {
    if idn_certainly_valid(host) {
        return None;
    }
    let converts = !host.is_ascii() || host.contains('%');
    match converts.then(|| idn::to_ascii(host)) {
        Some(Err(e)) => Some(e.to_string()),
        _ => host
            .split('.')
            .find(|label| is_ace(label) && idn::to_unicode(label) == *label)
            .map(|label| {
                format!(
                    "the label {:?} is not a valid A-label (ToUnicode rejects it)",
                    excerpt(label)
                )
            }),
    }
}

fn is_ace(label: &str) -> bool {
    label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
}

/// Whether [`idn_problem`] finds nothing, decided on the stack: the same rules as
/// `crate::idn::to_ascii` and `crate::idn::to_unicode`, through the allocation-free
/// `Uts46::process` of the `idna` crate. `false` means "not sure", never "invalid".
fn idn_certainly_valid(host: &str) -> bool {
    if host.contains('%') {
        return false;
    }
    let converts = !host.is_ascii();
    // `idn::to_ascii` keeps an empty last label (the root, "example.org.").
    let name = match host.strip_suffix('.') {
        Some(name) if converts && !name.is_empty() => name,
        _ => host,
    };
    name.split('.').all(|label| {
        if is_ace(label) && !ace_label_converts(label) {
            return false;
        }
        if !converts {
            true
        } else if label.is_ascii() {
            // RFC 3490 §4.1 steps 3 and 8, with UseSTD3ASCIIRules (`idn::check_ascii_label`).
            (1..=63).contains(&label.len())
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        } else {
            let mut ascii = StackText::new();
            uts46(label, false, &mut ascii) && ascii.as_str().is_some_and(|a| verify_dns_length(a, false))
        }
    })
}

/// What `idn::to_unicode` asks of an "xn--" label before it converts it (RFC 3490 §4.2): UTS
/// #46 ToUnicode accepts it, the result is in `iunreserved`, and ToASCII of the result gives
/// the label back.
fn ace_label_converts(label: &str) -> bool {
    let mut unicode = StackText::new();
    if label.len() > 63 || !uts46(label, true, &mut unicode) {
        return false;
    }
    let Some(unicode) = unicode.as_str() else {
        return false;
    };
    if unicode.is_ascii() || !unicode.chars().all(is_iunreserved) {
        return false;
    }
    let mut ascii = StackText::new();
    uts46(unicode, false, &mut ascii)
        && ascii
            .as_str()
            .is_some_and(|a| verify_dns_length(a, false) && a.eq_ignore_ascii_case(label))
}

/// UTS #46 processing with the options of `crate::idn` (UseSTD3ASCIIRules, hyphens checked
/// first and last): ToUnicode when `unicode`, else ToASCII, into `out`. `false` on a validity
/// error or an output too long for `out` (which no valid label has).
fn uts46(label: &str, unicode: bool, out: &mut StackText) -> bool {
    let result = Uts46::new().process(
        label.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::CheckFirstLast,
        ErrorPolicy::FailFast,
        |_, _, _| unicode,
        out,
        None,
    );
    match result {
        Ok(ProcessingSuccess::Passthrough) => {
            out.len = 0;
            let _ = fmt::Write::write_str(out, label);
        }
        Ok(ProcessingSuccess::WroteToSink) => {}
        Err(_) => return false,
    }
    !out.overflowed
}

/// Text in a fixed buffer on the stack: one host name label, at most 63 octets in ASCII when
/// valid (RFC 1034 §3.1), at most 59 characters in Unicode. A longer write is dropped and
/// marks the text as overflowed; it never fails, because the `idna` crate treats a failing
/// sink as an impossible Punycode overflow and panics (found by the `mapping` fuzz target).
struct StackText {
    buf: [u8; 256],
    len: usize,
    overflowed: bool,
}

impl StackText {
    fn new() -> Self {
        StackText {
            buf: [0; 256],
            len: 0,
            overflowed: false,
        }
    }

    /// The text, or `None` when a write did not fit.
    fn as_str(&self) -> Option<&str> {
        // Only whole `str`s are written.
        (!self.overflowed).then(|| std::str::from_utf8(&self.buf[..self.len]).unwrap_or_default())
    }
}

impl fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        match self.buf.get_mut(self.len..end) {
            Some(slot) => {
                slot.copy_from_slice(s.as_bytes());
                self.len = end;
            }
            None => self.overflowed = true,
        }
        Ok(())
    }
}

fn has_uppercase_outside_pct(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            i += 3;
            continue;
        }
        if bytes[i].is_ascii_uppercase() {
            return true;
        }
        i += 1;
    }
    false
}

/// §5.3.2.4: "." and ".." segments in the path of an IRI that has a scheme (in a relative
/// reference they mean something until it is resolved). One diagnostic, named after the first
/// dot segment; its span is the part of the path that `remove_dot_segments` (RFC 3986 §5.2.4)
/// changes, and its fix what that part becomes.
fn dot_segments<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    if iri.scheme().is_none() {
        return;
    }
    let input = iri.as_str();
    let path = iri.path().as_str();
    let Some(segment) = path.split('/').find(|s| *s == "." || *s == "..") else {
        return;
    };
    let removed = remove_dot_segments(path);
    let start = offset(input, path);
    let (changed, fix) = changed_part(path, &removed);
    out.push(diagnostic(
        input,
        "dot-segments",
        start + changed.start..start + changed.end,
        format!("the segment {segment:?}: normalization removes dot segments"),
        Some(fix.to_string()),
    ));
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

/// One UTF-8 sequence written as `%HH` triplets.
#[derive(Clone, Copy)]
enum Unit {
    /// A well-formed sequence (RFC 3629 §4; Unicode §3.9, Table 3-7).
    Char(char),
    /// A complete overlong form (`C0`/`C1` + 1, `E0 80..9F` + 1, `F0 80..8F` + 2 continuation
    /// octets) and the code point it would decode to.
    Overlong(u32),
    /// A complete encoded surrogate, `ED A0..BF 80..BF` (CESU-8), and its code point.
    Surrogate(u32),
    /// A maximal subpart of an ill-formed sequence (Unicode §3.9, "U+FFFD Substitution of
    /// Maximal Subparts"): a decoder replaces each with one U+FFFD.
    IllFormed,
}

/// The percent-encoded UTF-8 sequence that starts at the "%" at `i`, and where it ends.
fn pct_unit(bytes: &[u8], i: usize) -> (Unit, usize) {
    let octet = |k: usize| {
        let j = i + 3 * k;
        (bytes.get(j) == Some(&b'%')).then(|| hex_octet(bytes, j))
    };
    let cont = |k: usize| octet(k).filter(|b| (0x80..=0xBF).contains(b));
    let bits = |lead: u8, mask: u8, rest: &[u8]| {
        rest.iter()
            .fold(u32::from(lead & mask), |v, b| v << 6 | u32::from(b & 0x3F))
    };
    let lead = hex_octet(bytes, i);
    let (len, second) = match lead {
        0x00..=0x7F => return (Unit::Char(char::from(lead)), i + 3),
        0xC0 | 0xC1 => {
            return match cont(1) {
                Some(b1) => (Unit::Overlong(bits(lead, 0x1F, &[b1])), i + 6),
                None => (Unit::IllFormed, i + 3),
            }
        }
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xE1..=0xEF => (3, 0x80..=0xBF),
        0xF0 => (4, 0x90..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        _ => return (Unit::IllFormed, i + 3),
    };
    // Complete forms that Table 3-7 excludes by the range of the second octet.
    match (lead, octet(1), cont(2), cont(3)) {
        (0xE0, Some(b1 @ 0x80..=0x9F), Some(b2), _) => {
            return (Unit::Overlong(bits(lead, 0x0F, &[b1, b2])), i + 9)
        }
        (0xED, Some(b1 @ 0xA0..=0xBF), Some(b2), _) => {
            return (Unit::Surrogate(bits(lead, 0x0F, &[b1, b2])), i + 9)
        }
        (0xF0, Some(b1 @ 0x80..=0x8F), Some(b2), Some(b3)) => {
            return (Unit::Overlong(bits(lead, 0x07, &[b1, b2, b3])), i + 12)
        }
        _ => {}
    }
    let mut value = u32::from(lead & (0x7F >> len));
    for k in 1..len {
        let ok = |b: &u8| {
            if k == 1 {
                second.contains(b)
            } else {
                (0x80..=0xBF).contains(b)
            }
        };
        match octet(k).filter(ok) {
            Some(b) => value = value << 6 | u32::from(b & 0x3F),
            // The maximal subpart ends before this octet.
            None => return (Unit::IllFormed, i + 3 * k),
        }
    }
    match char::from_u32(value) {
        Some(c) => (Unit::Char(c), i + 3 * len),
        None => (Unit::IllFormed, i + 3 * len),
    }
}

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
/// (`pct-unreserved`, fix: the characters), encoded `ucschar` or, in the query, `iprivate`
/// (`pct-ucschar`; not the §6.1 look-alikes, which are better kept encoded), complete overlong
/// forms (`pct-overlong-utf8`), and octets that are not UTF-8 (`pct-not-utf8`): the rule for
/// these is one diagnostic per run of adjacent ill-formed octets, however many maximal
/// subparts it has (an encoded surrogate `%ED%A0%80` is three maximal subparts and three
/// U+FFFD for a decoder, but one finding; `r%E9sum%E9` has two). Lowercase hex digits
/// (`pct-lowercase-hex`) are one diagnostic per run of such triplets, cut where a decoding
/// finding begins or ends, so that its fix never straddles the better fix of decoding.
fn percent_encodings<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    let bytes = input.as_bytes();
    let query = iri.query().map(|q| offset(input, q)..offset(input, q) + q.len());
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
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        let (unit, end) = pct_unit(bytes, i);
        // A parsed IRI has whole triplets; the end is kept in the input all the same.
        let end = end.min(bytes.len());
        let in_query = query.as_ref().is_some_and(|q| q.contains(&i));
        let code = match unit {
            Unit::Char(c) if is_unreserved(c) => Some("pct-unreserved"),
            Unit::Char(c)
                if !c.is_ascii()
                    && !is_lookalike(c)
                    && (is_iunreserved(c) || (in_query && is_iprivate(c))) =>
            {
                Some("pct-ucschar")
            }
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

/// §6.1 look-alikes, unassigned code points, and `iprivate` in the query: one diagnostic per
/// run of adjacent characters with the same finding.
fn characters(input: &str, out: &mut Vec<Diagnostic>) {
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
    for (i, c) in input.char_indices().filter(|(_, c)| !c.is_ascii()) {
        let end = i + c.len_utf8();
        let code = if is_lookalike(c) {
            Some("lookalike")
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
fn normalization_forms(input: &str, out: &mut Vec<Diagnostic>) {
    if is_nfkc(input) {
        // NFKC implies NFC.
        return;
    }
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
    while i < bytes.len() {
        if bytes[i].is_ascii() {
            i += 1;
            continue;
        }
        let start = i.saturating_sub(1);
        while i < bytes.len() && !bytes[i].is_ascii() {
            i += 1;
        }
        let piece = &input[start..i];
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
        if !is_nfkc(piece) {
            compatibility_characters(input, start, piece, &mut nfkc);
        }
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

/// The components of RFC 3987 §4.2, as slices of the input: the userinfo, each label of a
/// reg-name, each segment of the path and each "."-separated part of it (file extensions are
/// components, §4.2), each name and value of an `&`/`;`/`=` query, and the fragment. A lazy
/// iterator: no allocation.
fn bidi_components<'a, T: std::ops::Deref<Target = str>>(
    iri: &'a IriRef<T>,
) -> impl Iterator<Item = &'a str> + 'a {
    let authority = iri.authority();
    let userinfo = authority.as_ref().and_then(|a| a.userinfo());
    let labels = authority
        .filter(|a| matches!(a.host_spans(), HostSpans::RegName))
        .map(|a| a.host_str().split('.'))
        .into_iter()
        .flatten();
    let path = iri.path().as_str().split('/').flat_map(|s| s.split('.'));
    let query = iri
        .query()
        .into_iter()
        .flat_map(|q| q.split(['&', ';']).flat_map(|p| p.splitn(2, '=')));
    userinfo
        .into_iter()
        .chain(labels)
        .chain(path)
        .chain(query)
        .chain(iri.fragment())
        .filter(|p| !p.is_empty())
}

fn is_rtl(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL)
}

/// §7.5 with UTS #39 augmented script sets: whether the characters of `part` that belong to a
/// script have no script in common. Characters of the Common and Inherited scripts go with
/// any script (as UTS #39 says), and so do those of none (Unknown: unassigned, private-use,
/// noncharacters), which UTS #39 would count as a script of their own: one such character is
/// not a mix.
fn mixes_scripts(part: &str) -> bool {
    let mut set = AugmentedScriptSet::default();
    for c in part.chars() {
        let own = AugmentedScriptSet::for_char(c);
        if !own.is_all() && !own.is_empty() {
            set.intersect_with(own);
        }
    }
    set.is_empty()
}

/// §4.2 per component, §4.4 numeric components next to right-to-left ones, §7.5 scripts.
fn components<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    let mut parts = bidi_components(iri).map(|p| (p, p.chars().any(is_rtl)));
    let mut previous_rtl = false;
    let mut current = parts.next();
    while let Some((part, rtl)) = current {
        let next = parts.next();
        let start = offset(input, part);
        let span = start..start + part.len();
        let ltr = part.chars().any(|c| bidi_class(c) == BidiClass::L);
        if rtl && ltr {
            out.push(diagnostic(
                input,
                "bidi-mixed-direction",
                span.clone(),
                format!("{:?} mixes left-to-right and right-to-left characters: split it into components, or map it to URI notation (§3.1)", excerpt(part)),
                None,
            ));
        }
        let first_last_rtl =
            part.chars().next().is_some_and(is_rtl) && part.chars().next_back().is_some_and(is_rtl);
        if rtl && !first_last_rtl {
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
        let numeric = part
            .chars()
            .all(|c| matches!(bidi_class(c), BidiClass::EN | BidiClass::AN));
        if numeric && (previous_rtl || next.is_some_and(|(_, rtl)| rtl)) {
            out.push(diagnostic(
                input,
                "bidi-numeric-component",
                span.clone(),
                format!("{:?} is only digits next to a right-to-left component: the display order is hard to predict", excerpt(part)),
                None,
            ));
        }
        if !part.is_ascii() && mixes_scripts(part) {
            out.push(diagnostic(
                input,
                "mixed-script",
                span,
                format!("{:?} mixes characters of several scripts", excerpt(part)),
                None,
            ));
        }
        previous_rtl = rtl;
        current = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow path of [`idn_problem`] alone.
    fn allocating_idn_problem(host: &str) -> Option<String> {
        let converts = !host.is_ascii() || host.contains('%');
        match converts.then(|| idn::to_ascii(host)) {
            Some(Err(e)) => Some(e.to_string()),
            _ => host
                .split('.')
                .find(|label| is_ace(label) && idn::to_unicode(label) == *label)
                .map(|label| label.to_string()),
        }
    }

    /// The allocation-free shortcut never calls valid a host that the allocating path of
    /// `crate::idn` rejects: the hosts of the non-ASCII corpus, and each of their labels
    /// mangled (a hyphen first or last, "_", "xn--" put in front, doubled until too long).
    #[test]
    fn idn_shortcut_agrees_with_the_idn_module() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/corpus/bench/iris-nonascii.txt"
        );
        let text = std::fs::read_to_string(path).expect("corpus bench/iris-nonascii.txt");
        let mut hosts: Vec<String> = Vec::new();
        for line in text.lines().take(3000) {
            let Ok(iri) = IriRef::parse(line) else { continue };
            let Some(authority) = iri.authority() else {
                continue;
            };
            let host = authority.host_str();
            hosts.push(host.to_string());
            for (i, label) in host.split('.').enumerate() {
                let mut labels: Vec<String> = host.split('.').map(str::to_string).collect();
                for mangled in [
                    format!("-{label}"),
                    format!("{label}-"),
                    format!("{label}_"),
                    format!("xn--{label}"),
                    label.repeat(8),
                    String::new(),
                ] {
                    labels[i] = mangled;
                    hosts.push(labels.join("."));
                }
            }
        }
        let (mut valid, mut invalid) = (0, 0);
        for host in &hosts {
            let shortcut = idn_certainly_valid(host);
            let problem = allocating_idn_problem(host);
            assert!(!shortcut || problem.is_none(), "{host:?}: {problem:?}");
            if shortcut {
                valid += 1;
            }
            if problem.is_some() {
                invalid += 1;
            }
        }
        // Both verdicts occur, so the comparison means something.
        assert!(valid > 1000 && invalid > 1000, "{valid} valid, {invalid} invalid");
    }
}

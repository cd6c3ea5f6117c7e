//! The rules of RFC 3987 that the grammar cannot express, as coded diagnostics: §4.1 and §4.2
//! (bidirectional text), §5.3 (what normalization would change), §6.1 and §7.5 (characters to
//! avoid), §8 (security), and the grammar's own verdict.
//!
//! Each diagnostic has a stable code, a severity (error for MUSTs and syntax, warning for
//! SHOULDs, note for advice), the RFC 3987 section, the byte span in the input, a message and,
//! where one exists, a suggested fix. [`CODES`] lists them all.

use std::ops::Range;

use unicode_bidi::{bidi_class, BidiClass};
use unicode_normalization::{is_nfc, is_nfkc, UnicodeNormalization};
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory, UNICODE_VERSION};
use unicode_security::MixedScript;

use crate::chars::{is_iprivate, is_iunreserved, is_unreserved, LOOKALIKES};
use crate::components::HostSpans;
use crate::error::ParseErrorKind;
use crate::idn;
use crate::normalize::{lowercase_ascii_outside_pct, SCHEME_DEFAULTS};
use crate::pct::hex_octet;
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
    /// The whole input with the fix applied, when one exists: in NFC, with the character
    /// percent-encoded, in lowercase...
    pub help: Option<String>,
}

/// Every diagnostic code: code, severity, RFC 3987 section, what it reports.
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
        "a code point not assigned in the Unicode version of the data",
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

fn diagnostic(code: &str, span: Range<usize>, message: String, help: Option<String>) -> Diagnostic {
    let (code, severity, section) = meta(code);
    Diagnostic {
        code,
        severity,
        section,
        span,
        message,
        help,
    }
}

/// `input` with `span` replaced by `replacement`.
fn fixed(input: &str, span: &Range<usize>, replacement: &str) -> String {
    format!("{}{replacement}{}", &input[..span.start], &input[span.end..])
}

/// Parses `input` as an IRI reference and checks it: a syntax error (or the §4.1 error) alone,
/// or every finding of [`check`].
///
/// ```
/// let found = rfc3987::lint("http://Example.org:80/a/./b");
/// let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
/// assert_eq!(codes, ["default-port", "uppercase-host", "dot-segments"]);
/// assert_eq!(found[0].help.as_deref(), Some("http://Example.org/a/./b"));
/// ```
pub fn lint(input: &str) -> Vec<Diagnostic> {
    match IriRef::parse(input) {
        Ok(iri) => check(&iri),
        Err(e) => {
            let at = e.byte_offset();
            let end = input[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            let code = match e.kind() {
                ParseErrorKind::BidiFormattingCharacter => "bidi-formatting-character",
                _ => "syntax",
            };
            let message = e.to_string().lines().next().unwrap_or_default().to_string();
            vec![diagnostic(code, at..end, message, None)]
        }
    }
}

/// The findings about a parsed IRI reference, in the order of the input within each check.
/// A clean ASCII IRI costs no allocation.
pub fn check<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>) -> Vec<Diagnostic> {
    let input = iri.as_str();
    let mut out = Vec::new();
    scheme_and_authority(iri, &mut out);
    dot_segments(iri, &mut out);
    percent_encodings(iri, &mut out);
    if !input.is_ascii() {
        characters(iri, &mut out);
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
            let span = 0..scheme.len();
            out.push(diagnostic(
                "uppercase-scheme",
                span.clone(),
                format!("the scheme {scheme:?} has uppercase letters; schemes are compared in lowercase"),
                Some(fixed(input, &span, &scheme.to_ascii_lowercase())),
            ));
        }
    }
    let Some(authority) = iri.authority() else {
        return;
    };
    let scheme = iri.scheme().unwrap_or_default();
    if let Some(port) = authority.port() {
        let start = offset(input, port);
        let without = || {
            let colon = start - 1;
            format!("{}{}", &input[..colon], &input[start + port.len()..])
        };
        if port.is_empty() {
            out.push(diagnostic(
                "empty-port",
                start - 1..start,
                "\":\" with an empty port: normalization drops it".into(),
                Some(without()),
            ));
        } else if let Some((name, default)) = SCHEME_DEFAULTS
            .iter()
            .find(|(name, _)| scheme.eq_ignore_ascii_case(name))
        {
            if authority.port_u16() == Some(*default) {
                out.push(diagnostic(
                    "default-port",
                    start - 1..start + port.len(),
                    format!("{port} is the default port of {name}: normalization drops it"),
                    Some(without()),
                ));
            }
        }
    }
    if let Some(userinfo) = authority.userinfo() {
        if let Some(colon) = userinfo.find(':') {
            let start = offset(input, userinfo) + colon;
            out.push(diagnostic(
                "password-in-userinfo",
                start..start + userinfo.len() - colon,
                "\"user:password\" in the userinfo is deprecated (RFC 3986 §3.2.1): the password is in clear text".into(),
                None,
            ));
        }
    }
    let host = authority.host_str();
    let host_start = offset(input, host);
    // Letters of a reg-name, and the hex digits and "v" of an IP literal (RFC 3986 §6.2.2.1).
    if has_uppercase_outside_pct(host) {
        let span = host_start..host_start + host.len();
        out.push(diagnostic(
            "uppercase-host",
            span.clone(),
            format!("the host {host:?} has uppercase letters; hosts are compared in lowercase"),
            Some(fixed(input, &span, &lowercase_ascii_outside_pct(host))),
        ));
    }
    if !matches!(authority.host_spans(), HostSpans::RegName) {
        return;
    }
    // RFC 3986 §7.4: a reg-name of digits and dots that is not an IPv4address (1.2.3, 1.2.3.256,
    // 01.2.3.4) may be read as an address by some resolvers.
    if !host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        out.push(diagnostic(
            "numeric-host",
            host_start..host_start + host.len(),
            format!("the reg-name {host:?} looks like an IPv4 address but is not one (four decimal numbers 0-255 without leading zeros)"),
            None,
        ));
    }
    let dns = DNS_SCHEMES.iter().any(|d| d.eq_ignore_ascii_case(scheme));
    if dns && !host.is_empty() {
        // ToASCII for names with non-ASCII characters (maybe percent-encoded); an A-label must
        // decode. ASCII names are not checked against the STD3 rules: "_" is common in them.
        let converts = !host.is_ascii() || host.contains('%');
        let problem = match converts.then(|| idn::to_ascii(host)) {
            Some(Err(e)) => Some(e.to_string()),
            _ => host
                .split('.')
                .find(|label| {
                    label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
                        && idn::to_unicode(label) == *label
                })
                .map(|label| format!("the label {label:?} is not a valid A-label (ToUnicode rejects it)")),
        };
        if let Some(message) = problem {
            out.push(diagnostic(
                "invalid-idn",
                host_start..host_start + host.len(),
                message,
                None,
            ));
        } else if host.is_ascii() {
            // The DNS limits (RFC 1034 §3.1, RFC 3490 §4.1 step 8), which ToASCII checks for
            // names with non-ASCII characters.
            let name = host.strip_suffix('.').unwrap_or(host);
            let long_label = name.split('.').find(|l| l.len() > 63);
            if long_label.is_some() || name.len() > 253 {
                out.push(diagnostic(
                    "dns-length",
                    host_start..host_start + host.len(),
                    match long_label {
                        Some(label) => format!(
                            "the label {label:?} is {} octets long; DNS allows 63",
                            label.len()
                        ),
                        None => format!("the host name is {} octets long; DNS allows 253", name.len()),
                    },
                    None,
                ));
            }
        }
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
/// reference they mean something until it is resolved).
fn dot_segments<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    if iri.scheme().is_none() {
        return;
    }
    let input = iri.as_str();
    let path = iri.path().as_str();
    let start = offset(input, path);
    let mut at = start;
    for segment in path.split('/') {
        if segment == "." || segment == ".." {
            out.push(diagnostic(
                "dot-segments",
                at..at + segment.len(),
                format!("the segment {segment:?}: normalization removes dot segments"),
                Some(fixed(
                    input,
                    &(start..start + path.len()),
                    &remove_dot_segments(path),
                )),
            ));
            return;
        }
        at += segment.len() + 1;
    }
}

/// §5.3.2.1, §5.3.2.3, §6.4 and §8 on every `%HH` run.
fn percent_encodings<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    let bytes = input.as_bytes();
    let query = iri.query().map(|q| offset(input, q)..offset(input, q) + q.len());
    // §5.3.2.1: each triplet with lowercase hex digits, runs merged into one diagnostic.
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        if bytes[i + 1..i + 3].iter().any(|b| b.is_ascii_lowercase()) {
            let triplet = &input[i..i + 3];
            match out.last_mut() {
                // One diagnostic for a run of lowercase triplets.
                Some(d) if d.code == "pct-lowercase-hex" && d.span.end == i => {
                    d.span.end = i + 3;
                    d.message = format!("{} has lowercase hex digits", &input[d.span.clone()]);
                    d.help = Some(fixed(input, &d.span, &input[d.span.clone()].to_ascii_uppercase()));
                }
                _ => out.push(diagnostic(
                    "pct-lowercase-hex",
                    i..i + 3,
                    format!("{triplet} has lowercase hex digits"),
                    Some(fixed(input, &(i..i + 3), &triplet.to_ascii_uppercase())),
                )),
            }
        }
        i += 3;
    }
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        // The UTF-8 sequence this octet starts, as far as "%HH" triplets follow.
        let lead = hex_octet(bytes, i);
        let len = match lead {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 0,
        };
        let mut octets = [0u8; 4];
        let mut n = 0;
        while n < len && bytes.get(i + 3 * n) == Some(&b'%') {
            octets[n] = hex_octet(bytes, i + 3 * n);
            n += 1;
        }
        let octets = &octets[..n];
        let span = i..i + 3 * n.max(1);
        let overlong = match *octets {
            [0xC0 | 0xC1, _] => true,
            [0xE0, b, _] => b < 0xA0,
            [0xF0, b, _, _] => b < 0x90,
            _ => false,
        };
        let decoded = if len > 0 && n == len {
            std::str::from_utf8(octets).ok().and_then(|s| s.chars().next())
        } else {
            None
        };
        let in_query = query.as_ref().is_some_and(|q| q.contains(&i));
        let text = &input[span.clone()];
        match decoded {
            _ if overlong => out.push(diagnostic(
                "pct-overlong-utf8",
                span.clone(),
                format!("{text} is an overlong UTF-8 form; decoders that accept it see another character"),
                None,
            )),
            Some(c) if is_unreserved(c) => out.push(diagnostic(
                "pct-unreserved",
                span.clone(),
                format!("{text} encodes the unreserved character {c:?}"),
                Some(fixed(input, &span, c.encode_utf8(&mut [0; 4]))),
            )),
            Some(c) if !c.is_ascii() && (is_iunreserved(c) || (in_query && is_iprivate(c))) => {
                out.push(diagnostic(
                    "pct-ucschar",
                    span.clone(),
                    format!("{text} encodes {c:?}, which an IRI can hold as it is"),
                    Some(fixed(input, &span, c.encode_utf8(&mut [0; 4]))),
                ))
            }
            Some(_) => {}
            None => {
                out.push(diagnostic(
                    "pct-not-utf8",
                    i..i + 3,
                    format!(
                        "{} does not start a UTF-8 sequence that the next octets complete",
                        &input[i..i + 3]
                    ),
                    None,
                ));
                i += 3;
                continue;
            }
        }
        i = span.end;
    }
}

/// §6.1 look-alikes, unassigned code points, and `iprivate` in the query.
fn characters<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    for (i, c) in input.char_indices().filter(|(_, c)| !c.is_ascii()) {
        let span = i..i + c.len_utf8();
        let code = c as u32;
        if let Some((_, _, looks)) = LOOKALIKES.iter().find(|(a, b, _)| (*a..=*b).contains(&code)) {
            out.push(diagnostic(
                "lookalike",
                span.clone(),
                format!("U+{code:04X} looks like {looks}; percent-encode it"),
                Some(fixed(
                    input,
                    &span,
                    &c.encode_utf8(&mut [0; 4])
                        .bytes()
                        .map(|b| format!("%{b:02X}"))
                        .collect::<String>(),
                )),
            ));
        }
        if is_iprivate(c) {
            out.push(diagnostic(
                "private-use-in-query",
                span.clone(),
                format!("U+{code:04X} is a private-use character: its meaning depends on an agreement outside the IRI"),
                None,
            ));
        } else if c.general_category() == GeneralCategory::Unassigned {
            let (major, minor, update) = UNICODE_VERSION;
            out.push(diagnostic(
                "unassigned",
                span,
                format!("U+{code:04X} is not assigned in Unicode {major}.{minor}.{update}"),
                None,
            ));
        }
    }
}

/// §5.3.2.2 NFC and §7.5 NFKC, with the span where the normalized form differs.
fn normalization_forms(input: &str, out: &mut Vec<Diagnostic>) {
    let (code, normalized): (&str, String) = if !is_nfc(input) {
        ("not-nfc", input.nfc().collect())
    } else if !is_nfkc(input) {
        ("not-nfkc", input.nfkc().collect())
    } else {
        return;
    };
    let prefix = input
        .char_indices()
        .zip(normalized.chars())
        .find(|((_, a), b)| a != b)
        .map_or(0, |((i, _), _)| i);
    let suffix = input
        .chars()
        .rev()
        .zip(normalized.chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let end = (input.len() - suffix).max(prefix);
    let message = if code == "not-nfc" {
        "not in NFC: IRIs SHOULD be created in NFC, and comparison relies on it".to_string()
    } else {
        "compatibility characters: newly created IRIs should be in NFKC".to_string()
    };
    out.push(diagnostic(code, prefix..end, message, Some(normalized)));
}

/// The components of RFC 3987 §4.2, as slices of the input: the userinfo, each label of a
/// reg-name, each segment of the path and each "."-separated part of it (file extensions are
/// components, §4.2), each name and value of an `&`/`;`/`=` query, and the fragment.
fn bidi_components<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>) -> Vec<&str> {
    let mut parts: Vec<&str> = Vec::new();
    if let Some(authority) = iri.authority() {
        parts.extend(authority.userinfo());
        if matches!(authority.host_spans(), HostSpans::RegName) {
            parts.extend(authority.host_str().split('.'));
        }
    }
    parts.extend(iri.path().as_str().split('/').flat_map(|s| s.split('.')));
    if let Some(query) = iri.query() {
        parts.extend(query.split(['&', ';']).flat_map(|p| p.splitn(2, '=')));
    }
    parts.extend(iri.fragment());
    parts.retain(|p| !p.is_empty());
    parts
}

fn is_rtl(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL)
}

/// §4.2 per component, §4.4 numeric components next to right-to-left ones, §7.5 scripts.
fn components<T: std::ops::Deref<Target = str>>(iri: &IriRef<T>, out: &mut Vec<Diagnostic>) {
    let input = iri.as_str();
    let parts = bidi_components(iri);
    for (k, part) in parts.iter().enumerate() {
        let start = offset(input, part);
        let span = start..start + part.len();
        let rtl = part.chars().any(is_rtl);
        let ltr = part.chars().any(|c| bidi_class(c) == BidiClass::L);
        if rtl && ltr {
            out.push(diagnostic(
                "bidi-mixed-direction",
                span.clone(),
                format!("{part:?} mixes left-to-right and right-to-left characters: split it into components, or map it to URI notation (§3.1)"),
                None,
            ));
        }
        let first_last_rtl =
            part.chars().next().is_some_and(is_rtl) && part.chars().next_back().is_some_and(is_rtl);
        if rtl && !first_last_rtl {
            out.push(diagnostic(
                "bidi-rtl-boundary",
                span.clone(),
                format!("{part:?} has right-to-left characters but does not start and end with one"),
                None,
            ));
        }
        let numeric = part
            .chars()
            .all(|c| matches!(bidi_class(c), BidiClass::EN | BidiClass::AN));
        let next_to_rtl = |j: Option<usize>| {
            j.and_then(|j| parts.get(j))
                .is_some_and(|p| p.chars().any(is_rtl))
        };
        if numeric && (next_to_rtl(k.checked_sub(1)) || next_to_rtl(Some(k + 1))) {
            out.push(diagnostic(
                "bidi-numeric-component",
                span.clone(),
                format!("{part:?} is only digits next to a right-to-left component: the display order is hard to predict"),
                None,
            ));
        }
        if !part.is_ascii() && !part.is_single_script() {
            out.push(diagnostic(
                "mixed-script",
                span,
                format!("{part:?} mixes characters of several scripts"),
                None,
            ));
        }
    }
}

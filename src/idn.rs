//! Internationalized domain names in `ireg-name`: ToASCII for the IRI-to-URI mapping (RFC 3987
//! §3.1), ToUnicode for the URI-to-IRI conversion (§3.2.1) and IDN normalization (§5.3.3), with
//! the `idna` crate. The processing choices are documented on the public [`IdnaError`], where
//! rustdoc shows them.

use std::fmt;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::chars::{is_iunreserved, is_lookalike};
use crate::components::HostSpans;
use crate::parse::host_kind;
use crate::pct::{decode_where, hex_octet};

/// A host name label that ToASCII rejects: the label and the reason.
///
/// # IDNA processing
///
/// The IDNA options — [`ToUriOptions::idna`](crate::ToUriOptions::idna) (ToASCII, RFC 3987
/// §3.1), [`ToIriOptions::idn_unicode`](crate::ToIriOptions::idn_unicode) (ToUnicode, §3.2.1)
/// and [`NormalizeOptions::idn`](crate::NormalizeOptions::idn) (§5.3.3) — apply only to a host
/// that is an `ireg-name`, in an IRI whose scheme is in the DNS scheme list
/// ([`DNS_SCHEMES`](crate::DNS_SCHEMES) by default).
///
/// RFC 3987 cites IDNA2003 (RFC 3490): ToASCII "on each dot-separated label ... using U+002E
/// (FULL STOP) as a label separator, with the flag UseSTD3ASCIIRules set to TRUE". The `idna`
/// crate implements UTS #46, the successor processing that browsers and DNS registries use. The
/// choices made here, label by label:
///
/// - an ASCII label is not mapped by ToASCII: it is only checked (RFC 3490 §4.1 steps 3, 4 and
///   8) — letters, digits and hyphens, no hyphen first or last (UseSTD3ASCIIRules), 1 to 63
///   octets — and keeps its case. An ASCII label that starts with `xn--` is passed through, as
///   in RFC 3490.
/// - a label with non-ASCII characters goes through UTS #46 ToASCII, nontransitional, with
///   UseSTD3ASCIIRules (the STD3 ASCII deny list), CheckHyphens limited to the first and last
///   position (IDNA2003 does not forbid "--" in positions 3–4), CheckBidi, CheckJoiners and
///   VerifyDnsLength.
/// - ToUnicode is UTS #46 ToUnicode with the same options. An `xn--` label is converted only
///   when ToUnicode accepts it, ToASCII of the result gives the label back (RFC 3490 §4.2 steps
///   7–8, which keeps over-long labels), and the result has no character an `ireg-name` may
///   not hold and no §6.1 look-alike of a delimiter or space (the table that §3.2 step 4 uses
///   for percent-encodings, e.g. U+2215 DIVISION SLASH, U+FF0F FULLWIDTH SOLIDUS): such a label
///   stays `xn--…`, so that `xn--example-df0d.com` never displays as `ex∕ample.com`.
///
/// Where the results differ from IDNA2003: the deviation characters ß, ς, ZWJ and ZWNJ are kept
/// (IDNA2003 maps ß to "ss", ς to "σ" and deletes the joiners), so `faß.de` becomes
/// `xn--fa-hia.de`, not `fass.de`; the repertoire is that of the Unicode version of the `idna`
/// crate's data, not Unicode 3.2, and unassigned code points are always rejected (RFC 3987 allows
/// AllowUnassigned when not creating IRIs); symbols that IDNA2003 allowed and IDNA2008 does not
/// (e.g. U+2665 ♥, marked NV8 in UTS #46) are still accepted, as in IDNA2003; the bidi rule is
/// that of RFC 5893, not RFC 3454 §6.
///
/// ```
/// use rfc3987::{to_uri, IriRef, ToUriError, ToUriOptions};
///
/// let idna = ToUriOptions::new().idna(true);
/// // Nontransitional: ß is kept (IDNA2003 would give "fass.de").
/// let iri = IriRef::parse("http://faß.de/").unwrap();
/// assert_eq!(to_uri(&iri, &idna).unwrap().as_str(), "http://xn--fa-hia.de/");
/// // UseSTD3ASCIIRules: "_" is not a letter, digit or hyphen.
/// let iri = IriRef::parse("http://a_b.example/").unwrap();
/// match to_uri(&iri, &idna) {
///     Err(ToUriError::Idna(e)) => assert_eq!(e.label(), "a_b"),
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdnaError {
    label: String,
    reason: String,
}

impl IdnaError {
    /// The label ToASCII rejected, as it was in the IRI (percent-encodings decoded).
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Why it was rejected.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for IdnaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ToASCII rejects the host label {:?}: {} (RFC 3987 §3.1)",
            self.label, self.reason
        )
    }
}

impl std::error::Error for IdnaError {}

fn uts46_to_ascii(label: &str, dns_length: DnsLength) -> Option<String> {
    Uts46::new()
        .to_ascii(
            label.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            dns_length,
        )
        .ok()
        .map(|s| s.into_owned())
}

/// RFC 3987 §3.1: the `ireg-name` converted with ToASCII on each dot-separated label.
/// Percent-encoded octets are decoded first: RFC 3986 §3.2.2 says a reg-name's non-ASCII
/// characters are percent-encoded UTF-8. An empty last label (the root, `example.org.`) is kept
/// (and an empty name, which no caller converts, stays empty).
pub(crate) fn to_ascii(reg_name: &str) -> Result<String, IdnaError> {
    let decoded = decode_host(reg_name)?;
    let labels: Vec<&str> = decoded.split('.').collect();
    let mut out = String::with_capacity(decoded.len());
    for (i, label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.is_empty() && i == labels.len() - 1 {
            break;
        }
        let fail = |reason: String| IdnaError {
            label: label.to_string(),
            reason,
        };
        if label.is_ascii() {
            check_ascii_label(label).map_err(fail)?;
            out.push_str(label);
        } else {
            match uts46_to_ascii(label, DnsLength::Verify) {
                Some(ascii) => out.push_str(&ascii),
                None => return Err(fail(why_rejected(label))),
            }
        }
    }
    Ok(out)
}

/// The reg-name with its percent-encodings decoded; octets that are not UTF-8 cannot be a name.
fn decode_host(reg_name: &str) -> Result<String, IdnaError> {
    let decoded = decode_where(reg_name, |_| true);
    if let Some(i) = decoded.find('%') {
        return Err(IdnaError {
            label: reg_name.to_string(),
            reason: format!(
                "the percent-encoded octet %{:02X} is not part of UTF-8 text (RFC 3986 §3.2.2)",
                hex_octet(decoded.as_bytes(), i)
            ),
        });
    }
    Ok(decoded.into_owned())
}

/// RFC 3490 §4.1 steps 3 and 8 for an ASCII label, with UseSTD3ASCIIRules.
fn check_ascii_label(label: &str) -> Result<(), String> {
    if label.is_empty() {
        return Err("empty label (RFC 3490 §4.1 step 8: 1 to 63 octets)".into());
    }
    if let Some(c) = label.chars().find(|c| !(c.is_ascii_alphanumeric() || *c == '-')) {
        return Err(format!(
            "{c:?} is not a letter, digit or hyphen (UseSTD3ASCIIRules, RFC 3490 §4.1 step 3)"
        ));
    }
    if label.starts_with('-') || label.ends_with('-') {
        return Err("begins or ends with a hyphen (UseSTD3ASCIIRules, RFC 3490 §4.1 step 3)".into());
    }
    if label.len() > 63 {
        return Err(format!(
            "{} octets long; a label has at most 63 (RFC 3490 §4.1 step 8)",
            label.len()
        ));
    }
    Ok(())
}

/// A reason for a non-ASCII label that UTS #46 ToASCII rejected (the crate reports none), found
/// by checking the rules one at a time.
fn why_rejected(label: &str) -> String {
    if let Some(c) = label
        .chars()
        .find(|c| c.is_ascii() && !(c.is_ascii_alphanumeric() || *c == '-'))
    {
        return format!("{c:?} is not a letter, digit or hyphen (UseSTD3ASCIIRules)");
    }
    if label.starts_with('-') || label.ends_with('-') {
        return "begins or ends with a hyphen (UseSTD3ASCIIRules)".into();
    }
    if label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")) {
        return "has the ACE prefix \"xn--\" but is not an ASCII label (RFC 3490 §4.1 step 5)".into();
    }
    let first = label.chars().next().unwrap_or(' ');
    if unicode_normalization::char::is_combining_mark(first) {
        return format!(
            "begins with the combining mark U+{:04X} (UTS #46 validity criteria)",
            first as u32
        );
    }
    let joiner = |c: char| matches!(c, '\u{200C}' | '\u{200D}');
    if let Some(c) = label.chars().find(|&c| {
        !c.is_ascii()
            && !joiner(c)
            && !unicode_normalization::char::is_combining_mark(c)
            && uts46_to_ascii(c.encode_utf8(&mut [0; 4]), DnsLength::Ignore).is_none()
    }) {
        return format!(
            "U+{:04X} {c:?} is disallowed in host names (UTS #46 / IDNA2008)",
            c as u32
        );
    }
    if let Some(ascii) = uts46_to_ascii(label, DnsLength::Ignore) {
        return format!(
            "{} octets long in ASCII form ({ascii}); a label has at most 63 (RFC 3490 §4.1 step 8)",
            ascii.len()
        );
    }
    if label.chars().any(joiner) {
        return "ZERO WIDTH JOINER or NON-JOINER outside the contexts RFC 5892 allows".into();
    }
    "breaks the bidi rule for domain names (RFC 5893) or begins with a mark after mapping".into()
}

/// RFC 3987 §3.2.1: "xn--" labels MAY be converted with ToUnicode. A label is converted when
/// UTS #46 ToUnicode accepts it without error, ToASCII of the result gives the label back (RFC
/// 3490 §4.2 steps 7–8: this rejects labels over 63 octets), every character of the result
/// may appear in an `ireg-name` (`iunreserved`) and none is a §6.1 look-alike (the policy §3.2
/// step 4 applies to percent-encodings); otherwise it is kept as written.
pub(crate) fn to_unicode(reg_name: &str) -> String {
    let mut out = String::with_capacity(reg_name.len());
    for (i, label) in reg_name.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")) {
            let (unicode, result) =
                Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::STD3, Hyphens::CheckFirstLast);
            // RFC 3490 §4.2 steps 7-8: ToUnicode gives back its input unless ToASCII of the
            // result is the label again (so an over-long label stays as it is).
            let round_trips = uts46_to_ascii(&unicode, DnsLength::Verify)
                .is_some_and(|ascii| ascii.eq_ignore_ascii_case(label));
            if result.is_ok() && round_trips && unicode.chars().all(shows_as_itself) {
                out.push_str(&unicode);
                continue;
            }
        }
        out.push_str(label);
    }
    out
}

/// Whether `c` may stand in the Unicode form of a host label: it is `iunreserved` (RFC 3987
/// §2.2) and no §6.1 look-alike of a delimiter or space.
fn shows_as_itself(c: char) -> bool {
    is_iunreserved(c) && !is_lookalike(c)
}

/// RFC 3987 §5.3.3 IDN normalization of an `ireg-name` (already through §5.3.2.3 and, if asked,
/// §5.3.2.2): UTS #46 ToUnicode with the STD3 ASCII deny list, labels with a §6.1 look-alike in
/// their Unicode form written as their `xn--` form. `None` — keep the host — when the host holds
/// a percent-encoding, when ToUnicode reports an error, when the result has a character that is
/// not `iunreserved`, or when the result would not be read back as the same `ireg-name` (it would
/// be an `IPv4address`: `１２７.０.０.１` → `127.0.0.1`). See
/// [`NormalizeOptions::idn`](crate::NormalizeOptions::idn).
pub(crate) fn normalize_host(host: &str) -> Option<String> {
    if host.is_empty() || host.contains('%') {
        return None;
    }
    let (unicode, result) = Uts46::new().to_user_interface(
        host.as_bytes(),
        AsciiDenyList::STD3,
        Hyphens::CheckFirstLast,
        |label, _, _| !label.iter().any(|&c| is_lookalike(c)),
    );
    result.ok()?;
    // UTS #46 maps some characters to nothing (U+00AD SOFT HYPHEN, U+200B ZERO WIDTH SPACE)
    // without an error: a host or a label that would vanish is kept as it is, since an empty
    // host is another host (`file:///` is localhost, RFC 8089 §2).
    let empty_labels = |s: &str| s.split('.').filter(|label| label.is_empty()).count();
    if unicode.is_empty() || empty_labels(&unicode) > empty_labels(host) {
        return None;
    }
    if !unicode.chars().all(shows_as_itself) {
        return None;
    }
    // The same structure: the grammar still reads a reg-name (only an IPv4address can differ,
    // given iunreserved characters).
    (host_kind(&unicode) == Some(HostSpans::RegName)).then(|| unicode.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_labels_are_checked_not_mapped() {
        // RFC 3490 §4.1 step 4: an ASCII label skips Nameprep and Punycode, so its case stays.
        assert_eq!(to_ascii("WWW.Example.org").unwrap(), "WWW.Example.org");
        assert_eq!(to_ascii("example.org.").unwrap(), "example.org.");
        let e = to_ascii("my_host.org").unwrap_err();
        assert_eq!(e.label(), "my_host");
        assert!(e.reason().contains("'_'"), "{e}");
        assert!(to_ascii("-a.org").unwrap_err().reason().contains("hyphen"));
        assert!(to_ascii("a..org").unwrap_err().reason().contains("empty label"));
        // RFC 3490 §4.1 step 8: 1 to 63 octets.
        assert_eq!(to_ascii(&"a".repeat(63)).unwrap(), "a".repeat(63));
        assert!(to_ascii(&"a".repeat(64))
            .unwrap_err()
            .reason()
            .contains("64 octets"));
    }

    #[test]
    fn reasons_for_non_ascii_labels() {
        // U+FFFC OBJECT REPLACEMENT CHARACTER is disallowed in UTS #46's mapping table.
        let e = to_ascii("a\u{FFFC}.org").unwrap_err();
        assert_eq!(e.label(), "a\u{FFFC}");
        assert!(e.reason().contains("U+FFFC"), "{e}");
        // U+2665 BLACK HEART SUIT: IDNA2008 disallows it, but UTS #46 keeps it valid (NV8), as
        // IDNA2003 did.
        assert_eq!(to_ascii("i\u{2665}.ws").unwrap(), "xn--i-n3p.ws");
        // U+0301 COMBINING ACUTE ACCENT cannot begin a label.
        assert!(to_ascii("\u{301}a.org")
            .unwrap_err()
            .reason()
            .contains("combining mark"));
        // 60 "é" are 4 + 61 octets in Punycode, over 63.
        assert!(to_ascii(&"é".repeat(60))
            .unwrap_err()
            .reason()
            .contains("at most 63"));
        // Percent-encoded octets that are not UTF-8 (%E9 is Latin-1 "é").
        assert!(to_ascii("r%E9sum%E9.org").unwrap_err().reason().contains("%E9"));
    }

    /// Each reason `why_rejected` gives, in its order, for a label that breaks that rule and no
    /// rule checked before it.
    #[test]
    fn reasons_in_their_order() {
        let reason = |label: &str| to_ascii(label).unwrap_err().reason().to_string();
        // UseSTD3ASCIIRules: ASCII characters other than letters, digits and "-".
        assert_eq!(
            reason("a_\u{E9}"),
            "'_' is not a letter, digit or hyphen (UseSTD3ASCIIRules)"
        );
        // A hyphen first or last (UTS #46 CheckHyphens, limited to those positions).
        for label in ["-\u{E9}", "\u{E9}-"] {
            assert_eq!(reason(label), "begins or ends with a hyphen (UseSTD3ASCIIRules)");
        }
        // An "xn--" label must be ASCII (its rest is Punycode, RFC 3492: basic code points).
        assert!(reason("xn--\u{E9}").contains("ACE prefix"));
        // A disallowed character after a valid one is still the one named.
        assert_eq!(
            reason("\u{E9}\u{FFFC}"),
            "U+FFFC '\u{fffc}' is disallowed in host names (UTS #46 / IDNA2008)"
        );
        // U+200D ZERO WIDTH JOINER after "a" (not after a virama): RFC 5892 Appendix A.2.
        assert!(reason("a\u{200D}\u{E9}").contains("ZERO WIDTH JOINER"));
        // "a" then U+05D0 HEBREW LETTER ALEF: a label that starts with an L character may not
        // hold an R one (RFC 5893 §2, rule 5).
        assert!(reason("a\u{5D0}").contains("bidi rule"));
    }

    #[test]
    fn to_unicode_converts_only_valid_a_labels() {
        assert_eq!(to_unicode("xn--99zt52a.example.org"), "納豆.example.org");
        assert_eq!(to_unicode("XN--rsum-bpad.Example"), "résumé.Example");
        // Not valid Punycode: kept as written.
        assert_eq!(to_unicode("xn--a-.example"), "xn--a-.example");
    }
}

//! The host: §5.3.2.1 case, RFC 3986 §7.4 numeric reg-names (RFC 3987 §8), §5.3.3 IDN validity
//! and the DNS length limits (§3.1) for schemes that use DNS names. Valid IDNs are recognized
//! without allocating.

use std::fmt;

use idna::uts46::{verify_dns_length, AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46};

use super::diagnostic::{diagnostic, excerpt, Diagnostic};
use super::text::offset;
use crate::chars::is_iunreserved;
use crate::components::{Authority, HostSpans};
use crate::idn;
use crate::normalize::{is_us_ascii_only, lowercase_ascii_outside_pct};
use crate::to_uri::is_dns_scheme;

/// The host of an authority, for an IRI with `scheme`: §5.3.2.1 case (of IP literals and
/// US-ASCII only reg-names), RFC 3986 §7.4 numeric reg-names (RFC 3987 §8), and for a scheme
/// that uses DNS names §5.3.3 IDN validity and the DNS length limits (§3.1).
///
/// One pass over the host ([`HostFacts::of`]) decides what most hosts need; the slower checks
/// run only when one of its facts asks for them.
pub(super) fn host(input: &str, scheme: &str, authority: &Authority<'_>, out: &mut Vec<Diagnostic>) {
    let host = authority.host_str();
    let host_start = offset(input, host);
    let host_span = host_start..host_start + host.len();
    let reg_name = matches!(authority.host_spans(), HostSpans::RegName);
    let facts = HostFacts::of(host);
    // Letters of a US-ASCII only reg-name, and the hex digits and "v" of an IP literal (RFC
    // 3986 §6.2.2.1). A reg-name with a non-ASCII character (written as it is or
    // percent-encoded) is not "US-ASCII only" (§5.3.2.1): syntax-based normalization keeps its
    // case, and only IDN normalization (§5.3.3) folds it, so no lowercase form is proposed for
    // `α.CoM`. `is_us_ascii_only` gives the same answer on the host as written and as §5.3.2.3
    // leaves it, so this agrees with `normalize`.
    if facts.uppercase && (!reg_name || is_us_ascii_only(host)) {
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
    if !reg_name {
        return;
    }
    // RFC 3986 §7.4: a reg-name of digits and dots that is not an IPv4address (1.2.3, 1.2.3.256,
    // 01.2.3.4) may be read as an address by some resolvers.
    if facts.numeric {
        out.push(diagnostic(
            input,
            "numeric-host",
            host_span.clone(),
            format!("the reg-name {:?} looks like an IPv4 address but is not one (four decimal numbers 0-255 without leading zeros)", excerpt(host)),
            None,
        ));
    }
    if facts.plain_ascii_name || host.is_empty() || !is_dns_scheme(scheme) {
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

/// What [`host`] needs to know of a host, found in one pass over its bytes.
struct HostFacts {
    /// An uppercase ASCII letter outside the `%HH` triplets (§5.3.2.1: the hex digits have a
    /// case rule of their own).
    uppercase: bool,
    /// Not empty, and only digits and dots (RFC 3986 §7.4).
    numeric: bool,
    /// A name in which neither §5.3.3 IDN validity nor the DNS limits can find anything: ASCII
    /// without "%" (nothing for ToASCII to convert), no ACE label (nothing for ToUnicode to
    /// decode), labels of at most 63 octets and at most 253 octets without the root's dot (RFC
    /// 1034 §3.1). Most hosts are such names.
    plain_ascii_name: bool,
}

impl HostFacts {
    /// The facts, from one look-up in [`HOST_BYTE`] per byte: the bits some byte has, and the
    /// bits every byte has.
    fn of(host: &str) -> Self {
        let bytes = host.as_bytes();
        // A label fits when it is at most 63 octets and not an ACE label ("xn--" in any case,
        // RFC 3490 §5). The labels of `host` are those of the name without the root's dot,
        // and one more, empty, when there is that dot.
        let fits = |label: &[u8]| {
            label.len() <= 63 && !label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        };
        let (mut some, mut every, mut labels_fit) = (0, u8::MAX, true);
        let (mut i, mut label_start) = (0, 0);
        while i < bytes.len() {
            let class = HOST_BYTE[usize::from(bytes[i])];
            some |= class;
            every &= class;
            if class & (PCT | DOT) != 0 {
                if class & PCT != 0 {
                    // The hex digits of a `%HH` triplet are not letters of the host.
                    i += 3;
                    continue;
                }
                labels_fit &= fits(&bytes[label_start..i]);
                label_start = i + 1;
            }
            i += 1;
        }
        let name_len = bytes.len() - usize::from(bytes.last() == Some(&b'.'));
        HostFacts {
            uppercase: some & UPPER != 0,
            numeric: !bytes.is_empty() && every & NUMERIC != 0,
            plain_ascii_name: every & PLAIN != 0
                && labels_fit
                && name_len <= 253
                && fits(bytes.get(label_start..).unwrap_or_default()),
        }
    }
}

/// Bits of [`HOST_BYTE`]: an uppercase ASCII letter; a digit or "."; ASCII other than "%"; ".";
/// "%".
const UPPER: u8 = 1;
const NUMERIC: u8 = 2;
const PLAIN: u8 = 4;
const DOT: u8 = 8;
const PCT: u8 = 16;

/// What each byte of a host is, for [`HostFacts::of`].
const HOST_BYTE: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = match byte {
            b'%' => PCT,
            b'.' => NUMERIC | PLAIN | DOT,
            b'0'..=b'9' => NUMERIC | PLAIN,
            b'A'..=b'Z' => UPPER | PLAIN,
            _ if byte.is_ascii() => PLAIN,
            _ => 0,
        };
        b += 1;
    }
    table
};

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
    allocating_idn_problem(host)
}

/// The allocating path of [`idn_problem`]: ToASCII (RFC 3987 §3.1, `crate::idn::to_ascii`) for
/// names with non-ASCII characters (maybe percent-encoded), then ToUnicode (§3.2.1) of each
/// "xn--" label, which must decode; the reason in words.
fn allocating_idn_problem(host: &str) -> Option<String> {
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

/// Whether `label` is an ACE label: "xn--" in any case (RFC 3490 §5).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::IriRef;

    /// The allocation-free shortcut never calls valid a host that the allocating path of
    /// `crate::idn` rejects: the hosts of the non-ASCII corpus, and each of their labels
    /// mangled (a hyphen first or last, "_", "xn--" put in front, doubled until too long).
    #[test]
    fn idn_shortcut_agrees_with_the_idn_module() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/corpus/bench-sample/iris-nonascii-10k.txt"
        );
        let text =
            std::fs::read_to_string(path).expect("tests/data/corpus/bench-sample/iris-nonascii-10k.txt");
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
        let (mut valid, mut invalid, mut plain) = (0, 0, 0);
        for host in &hosts {
            let shortcut = idn_certainly_valid(host);
            let problem = allocating_idn_problem(host);
            assert!(!shortcut || problem.is_none(), "{host:?}: {problem:?}");
            // A plain ASCII name has neither an IDN problem nor one of the DNS limits.
            if HostFacts::of(host).plain_ascii_name {
                let name = host.strip_suffix('.').unwrap_or(host);
                let fits = name.len() <= 253 && name.split('.').all(|l| l.len() <= 63);
                assert!(shortcut && problem.is_none() && fits, "{host:?}");
                plain += 1;
            }
            if shortcut {
                valid += 1;
            }
            if problem.is_some() {
                invalid += 1;
            }
        }
        // Both verdicts occur, so the comparison means something.
        assert!(valid > 1000 && invalid > 1000, "{valid} valid, {invalid} invalid");
        assert!(plain > 1000 && plain < valid, "{plain} plain of {valid} valid");
    }
}

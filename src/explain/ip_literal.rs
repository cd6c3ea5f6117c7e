//! Messages for errors inside an IP literal (RFC 3986 §3.2.2):
//!
//! ```text
//! IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
//! IPvFuture  = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//! IPv6address: eight 16-bit groups (h16 = 1*4HEXDIG) separated by ":", the last two of which
//!              may be an IPv4address; "::" once, for one or more groups of zeros
//! ```
//!
//! The position comes from the automaton; these words count the groups of the text between
//! "[" and the error to say which of those rules the text broke.

use super::phrases::describe;
use super::words::Words;

const CITE: &str = "RFC 3986 §3.2.2";

/// The short form of the IPvFuture rule, for its messages.
const IPVFUTURE: &str = "IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )";

/// The message for an error in the IP literal that starts at the last "[" before the error,
/// or in an `IPv6address` or `IPvFuture` checked alone.
pub(super) fn message(w: &Words<'_>) -> String {
    let at = w.run.at;
    let before = &w.input[..at];
    // The text of the literal so far: after its "[" (all of it when a rule is checked alone).
    let bracketed = before.rfind('[');
    let text = &before[bracketed.map_or(0, |open| open + 1)..];
    let found = w.run.found;
    if before.ends_with(']') {
        let what = found.map_or_else(|| "the input ends".to_string(), describe);
        return format!(
            "{what} after the IP literal: only ':' and a port, or the path, query or fragment may follow it ({})",
            w.cite_rule("iauthority")
        );
    }
    if text.is_empty() {
        return match found {
            Some('[') => format!(
                "'[' is not part of {}: the brackets belong to the IP-literal around it ({CITE})",
                w.target
            ),
            Some(']') | None if bracketed.is_some() => format!(
                "an IP literal holds an IPv6 address or an IPvFuture (IP-literal, {CITE}); it cannot be empty"
            ),
            None => format!("the input is empty: {} has at least one character ({CITE})", w.target),
            Some(c) => format!(
                "{} cannot start an IP literal: an IPv6 address, or 'v' and an IPvFuture, must come first (IP-literal, {CITE})",
                describe(c)
            ),
        };
    }
    if text.starts_with(['v', 'V']) {
        return ipv_future(w, text, found);
    }
    ipv6(w, text, found)
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
fn ipv_future(w: &Words<'_>, text: &str, found: Option<char>) -> String {
    // "v" is ASCII: the version starts at byte 1.
    let Some((_, address)) = text[1..].split_once('.') else {
        return if text.len() == 1 {
            format!(
                "'v' must be followed by the version in hexadecimal digits, then '.' ({IPVFUTURE}, {CITE})"
            )
        } else {
            format!(
                "'.' must follow the version `{}` ({IPVFUTURE}, {CITE})",
                &text[1..]
            )
        };
    };
    match found {
        Some(']') | None if address.is_empty() => {
            format!("at least one character must follow the '.' after the version ({IPVFUTURE}, {CITE})")
        }
        None if w.run.allows(']') => format!("the IP literal is not closed: ']' must follow (IP-literal, {CITE})"),
        Some(c) => format!(
            "{} is not allowed in an IPvFuture: unreserved characters, sub-delims and ':' only ({IPVFUTURE}, {CITE})",
            describe(c)
        ),
        None => format!("the input ends in the IPvFuture ({IPVFUTURE}, {CITE})"),
    }
}

/// The IPv6 address written so far, and what breaks it.
fn ipv6(w: &Words<'_>, text: &str, found: Option<char>) -> String {
    let rule = format!("IPv6address, {CITE}");
    let compressed = text.contains("::");
    let last = text.rsplit(':').next().unwrap_or(text);
    let ipv4 = last.contains('.');
    // Groups written so far: each non-empty piece between ":" (an IPv4 address counts two).
    let groups: usize = text
        .split(':')
        .filter(|g| !g.is_empty())
        .map(|g| if g.contains('.') { 2 } else { 1 })
        .sum();
    let full = groups >= if compressed { 7 } else { 8 };
    let complete = w.run.allows_end() || w.run.allows(']');
    match found {
        Some('%') => format!(
            "'%' is not allowed in an IP literal: zone identifiers (`%25` and a zone, RFC 6874) are not part of RFC 3986 or RFC 3987 ({rule})"
        ),
        Some(':') if ipv4 => format!("nothing may follow the IPv4 address at the end of an IPv6 address ({rule})"),
        Some(':') if text.ends_with("::") => {
            format!("':::' is not allowed: groups are separated by one ':', and '::' stands for groups of zeros ({rule})")
        }
        Some(':') if text.ends_with(':') => format!("'::' may appear only once in an IPv6 address ({rule})"),
        Some(':') => too_many(compressed, groups, &rule),
        Some(c) if ipv4 && c != ']' => ipv4_address(last, Some(c)),
        Some('.') if !is_dec_octet(last) => {
            let why = if last.len() > 1 && last.starts_with('0') { "no leading zeros" } else { "0 to 255" };
            format!("`{last}` is not a dec-octet, so it cannot start an IPv4 address: {why} (dec-octet, {CITE})")
        }
        Some('.') => format!(
            "an IPv4 address may only end an IPv6 address, in place of its last two groups: after six groups, or after '::' (ls32, {CITE})"
        ),
        Some(c) if c.is_ascii_hexdigit() => {
            if text == ":" {
                format!("an IPv6 address cannot start with a single ':': write '::' ({rule})")
            } else if last.len() >= 4 {
                format!("a group holds at most four hexadecimal digits (h16 = 1*4HEXDIG, {CITE})")
            } else if full && last.is_empty() {
                too_many(compressed, groups, &rule)
            } else {
                format!("{} is not allowed here in the IPv6 address ({rule})", describe(c))
            }
        }
        None if w.run.allows(']') => format!("the IP literal is not closed: ']' must follow (IP-literal, {CITE})"),
        Some(c) if w.run.allows(']') => format!(
            "{} after a complete IPv6 address: the IP literal must be closed with ']' here (IP-literal, {CITE})",
            describe(c)
        ),
        Some(c) if complete => format!(
            "{} after a complete IPv6 address, which must end the input ({rule})",
            describe(c)
        ),
        Some(']') | None => {
            if text == ":" {
                format!("an IPv6 address cannot start with a single ':': write '::' ({rule})")
            } else if text.ends_with(':') && !text.ends_with("::") {
                format!("a group must follow ':' (h16 = 1*4HEXDIG, {CITE})")
            } else if ipv4 {
                format!("at the end of the IPv6 address, {}", ipv4_address(last, None))
            } else {
                format!(
                    "the IPv6 address is incomplete: {groups} of its eight 16-bit groups; write '::' for a run of groups of zeros ({rule})"
                )
            }
        }
        Some(c) => format!(
            "{} is not allowed in an IPv6 address: hexadecimal digits, ':' and '.' only ({rule})",
            describe(c)
        ),
    }
}

/// An IPv6 address with all its groups written, and one more coming.
fn too_many(compressed: bool, groups: usize, rule: &str) -> String {
    let (most, which) = if compressed {
        ("seven", "besides the '::', which stands for at least one")
    } else {
        ("eight", "of 16 bits")
    };
    format!(
        "an IPv6 address has at most {most} groups {which}; this would start group {} ({rule})",
        groups + 1
    )
}

/// `dec-octet`: 0 to 255, without leading zeros (RFC 3986 §3.2.2).
fn is_dec_octet(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 3
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'))
        && text.parse::<u16>().is_ok_and(|n| n <= 255)
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, `dec-octet` 0 to 255
/// without leading zeros: what breaks the address `text` (its part so far) when `found` comes,
/// or when the input ends (`None`).
pub(super) fn ipv4_address(text: &str, found: Option<char>) -> String {
    let octet = text.rsplit('.').next().unwrap_or("");
    let dots = text.matches('.').count();
    match found {
        Some('.') if dots == 3 => format!("an IPv4 address has four dec-octets, not more (IPv4address, {CITE})"),
        Some('.') => format!("a dec-octet must come before each '.' (dec-octet, {CITE})"),
        Some(c) if c.is_ascii_digit() && octet == "0" => {
            format!("a dec-octet has no leading zero (dec-octet, {CITE})")
        }
        Some(c) if c.is_ascii_digit() => format!("`{octet}{c}` is not a dec-octet: 0 to 255 (dec-octet, {CITE})"),
        Some(c) => format!(
            "{} is not allowed in an IPv4 address: four dec-octets (0 to 255) separated by '.' (IPv4address, {CITE})",
            describe(c)
        ),
        None => format!(
            "the IPv4 address is incomplete: {} of its four dec-octets (IPv4address, {CITE})",
            dots + usize::from(!octet.is_empty())
        ),
    }
}

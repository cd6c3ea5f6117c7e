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

use super::{describe, Words};

const CITE: &str = "RFC 3986 §3.2.2";

/// The message for an error in the IP literal that starts at the last "[" before the error.
pub(super) fn message(w: &Words<'_>) -> String {
    let at = w.run.at;
    let before = &w.input[..at];
    // The text of the literal so far: after its "[" (none when a rule is checked alone).
    let text = &before[before.rfind('[').map_or(0, |open| open + 1)..];
    let found = w.run.found;
    if before.ends_with(']') {
        let what = found.map_or_else(|| "the input ends".to_string(), describe);
        return format!(
            "{what} after the IP literal: only ':' and a port, or the path, query or fragment may follow it (iauthority, RFC 3987 §2.2)"
        );
    }
    if text.is_empty() {
        return match found {
            Some(']') | None => format!("an IP literal holds an IPv6 address or an IPvFuture (IP-literal, {CITE}); it cannot be empty"),
            Some(c) => format!(
                "{} cannot start an IP literal: an IPv6 address, or 'v' and an IPvFuture, must follow '[' (IP-literal, {CITE})",
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
    let rule = format!("IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" ), {CITE}");
    let Some((version, address)) = text[1..].split_once('.') else {
        return if text.len() == 1 {
            format!("'v' must be followed by the version in hexadecimal digits, then '.' ({rule})")
        } else {
            format!("'.' must follow the version `{}` ({rule})", &text[1..])
        };
    };
    let _ = version;
    match found {
        Some(']') | None if address.is_empty() => {
            format!("at least one character must follow the '.' after the version ({rule})")
        }
        None if w.run.allows(']') => format!("the IP literal is not closed: ']' must follow ({rule})"),
        Some(c) => format!(
            "{} is not allowed in an IPvFuture: unreserved characters, sub-delims and ':' only ({rule})",
            describe(c)
        ),
        None => format!("the input ends in the IPvFuture ({rule})"),
    }
}

/// The IPv6 address written so far, and what breaks it.
fn ipv6(w: &Words<'_>, text: &str, found: Option<char>) -> String {
    let rule = format!("IPv6address, {CITE}");
    let compressed = text.contains("::");
    let (head, last) = text.rsplit_once(':').unwrap_or(("", text));
    let ipv4 = last.contains('.');
    // Groups written so far: each non-empty piece between ":" (an IPv4 address counts two).
    let groups: usize = text
        .split(':')
        .filter(|g| !g.is_empty())
        .map(|g| if g.contains('.') { 2 } else { 1 })
        .sum();
    let most = if compressed { "seven" } else { "eight" };
    let full = groups >= if compressed { 7 } else { 8 };
    match found {
        Some('%') => format!(
            "'%' is not allowed in an IP literal: zone identifiers (`%25` and a zone, RFC 6874) are not part of RFC 3986 or RFC 3987 ({rule})"
        ),
        Some(c) if ipv4 && (c.is_ascii_digit() || c == '.') => {
            let octet = last.rsplit('.').next().unwrap_or("");
            if c == '.' && last.matches('.').count() == 3 {
                format!("an IPv4 address has four dec-octets, not more (IPv4address, {CITE})")
            } else if c == '.' {
                format!("a dec-octet must come between two '.' (dec-octet, {CITE})")
            } else if octet == "0" {
                format!("a dec-octet has no leading zero (dec-octet, {CITE})")
            } else {
                format!("`{octet}{c}` is not a dec-octet: 0 to 255 (dec-octet, {CITE})")
            }
        }
        Some(':') if text.ends_with("::") => {
            format!("':::' is not allowed: groups are separated by one ':', and '::' stands for groups of zeros ({rule})")
        }
        Some(':') if text.ends_with(':') || compressed && ipv4 => {
            format!("'::' may appear only once in an IPv6 address ({rule})")
        }
        Some(':') if ipv4 => format!("nothing may follow the IPv4 address at the end of an IPv6 address ({rule})"),
        Some(':') => too_many(most, compressed, groups, &rule),
        Some('.') => {
            if last.is_empty() || last.len() > 3 || !last.bytes().all(|b| b.is_ascii_digit()) {
                format!("`{last}.` does not start an IPv4 address: a dec-octet is 0 to 255 (dec-octet, {CITE})")
            } else {
                format!(
                    "an IPv4 address may only end an IPv6 address, in place of its last two groups: after six groups, or after '::' (ls32, {CITE})"
                )
            }
        }
        Some(c) if c.is_ascii_hexdigit() => {
            if text == ":" || head.is_empty() && last.is_empty() {
                format!("an IPv6 address cannot start with a single ':': write '::' ({rule})")
            } else if last.len() >= 4 {
                format!("a group holds at most four hexadecimal digits (h16 = 1*4HEXDIG, {CITE})")
            } else if full && last.is_empty() {
                too_many(most, compressed, groups, &rule)
            } else {
                format!("{} is not allowed here in the IPv6 address ({rule})", describe(c))
            }
        }
        Some(']') | None if w.run.allows(']') => format!("the IP literal is not closed: ']' must follow (IP-literal, {CITE})"),
        Some(']') | None => {
            if text.ends_with(':') && !text.ends_with("::") {
                format!("a group must follow ':' (h16 = 1*4HEXDIG, {CITE})")
            } else if ipv4 {
                format!("the IPv4 address at the end is incomplete: four dec-octets separated by '.' (IPv4address, {CITE})")
            } else if text == ":" {
                format!("an IPv6 address cannot start with a single ':': write '::' ({rule})")
            } else {
                format!(
                    "the IPv6 address is incomplete: {groups} of its eight 16-bit groups; write '::' for a run of groups of zeros ({rule})"
                )
            }
        }
        Some(c) if w.run.allows(']') => format!(
            "{} is not allowed in an IPv6 address; the IP literal must be closed with ']' here (IP-literal, {CITE})",
            describe(c)
        ),
        Some(c) => format!(
            "{} is not allowed in an IPv6 address: hexadecimal digits, ':' and '.' only ({rule})",
            describe(c)
        ),
    }
}

/// An IPv6 address with all its groups written, and one more coming.
fn too_many(most: &str, compressed: bool, groups: usize, rule: &str) -> String {
    let which = if compressed {
        "besides the '::', which stands for at least one"
    } else {
        "of 16 bits"
    };
    format!(
        "an IPv6 address has at most {most} groups {which}; this would start group {} ({rule})",
        groups + 1
    )
}

//! The rules a value the builder uses as it is, without percent-encoding, must match.

use crate::chars::{is_sub_delims, is_unreserved};

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1, used unchanged by
/// RFC 3987 §2.2): the byte offset of the first character that does not fit, `Some(0)` for the
/// empty string, `None` for a scheme.
pub(super) fn scheme_error(scheme: &str) -> Option<usize> {
    match crate::scan::scheme(scheme.as_bytes()) {
        Some(len) if len == scheme.len() => None,
        found => Some(found.unwrap_or(0)),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (RFC 3986 §3.2.2): the
/// version (`1*HEXDIG`) or the address does not fit; the part, and the byte offset in it.
pub(super) fn ipvfuture_error(version: &str, address: &str) -> Option<(&'static str, usize)> {
    let bad = |text: &str, ok: fn(char) -> bool| -> Option<usize> {
        if text.is_empty() {
            return Some(0);
        }
        text.char_indices().find(|&(_, c)| !ok(c)).map(|(i, _)| i)
    };
    if let Some(at) = bad(version, |c| c.is_ascii_hexdigit()) {
        return Some(("IPvFuture version", at));
    }
    let address_char = |c: char| is_unreserved(c) || is_sub_delims(c) || c == ':';
    bad(address, address_char).map(|at| ("IPvFuture address", at))
}

//! The rules the builder checks before it writes anything: a value used as it is, without
//! percent-encoding, matches its rule; a host name is not an IP address; the path fits the rest.

use super::BuildError;
use crate::chars::{is_sub_delims, is_unreserved};
use crate::components::{path_misfit, PathMisfit};
use crate::pest_grammar::Rule;

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

/// Whether a text given as a host name is an IP address written for another rule rather than a
/// name: it starts with "[", as `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` does (RFC
/// 3986 §3.2.2; a reg-name has no "["), or it matches the grammar's `IPv6address` without its
/// brackets.
/// Encoded as a reg-name, either would give a host nobody meant (`[::1` → `%5B%3A%3A1`). Other
/// delimiters in a name ("evil.com:80/x") stay data and are encoded: they do not make an IP
/// address. An `IPv4address` is caught after parsing, when the host reads as one.
pub(super) fn looks_like_ip(name: &str) -> bool {
    name.starts_with('[') || crate::abnf::matches(Rule::IPv6address, name)
}

/// The path's shape fits the rest of the reference (RFC 3986 §3.3, RFC 3987 §2.2): after an
/// authority it is `ipath-abempty` (empty, or "/" first); without one it does not start with
/// "//" (`ipath-absolute` has a non-empty first segment); without a scheme either, its first
/// segment has no ":" (`ipath-noscheme`, RFC 3986 §4.2). `path` is as written, encoded.
pub(super) fn path_shape(path: &str, scheme: bool, authority: bool) -> Result<(), BuildError> {
    let path_given = || path.to_string();
    match path_misfit(path, scheme, authority) {
        None => Ok(()),
        Some(PathMisfit::RootlessAfterAuthority) => {
            Err(BuildError::RootlessPathWithAuthority { path: path_given() })
        }
        Some(PathMisfit::DoubleSlashWithoutAuthority) => Err(BuildError::EmptyFirstSegment),
        Some(PathMisfit::ColonInFirstSegment(byte_offset)) => Err(BuildError::ColonInFirstSegment {
            path: path_given(),
            byte_offset,
        }),
    }
}

//! Why a build failed.

use std::fmt;

use super::encode::{encode, Component};
use crate::error::ParseError;

/// Why [`IriBuilder::build`](crate::IriBuilder::build) could not make an IRI reference.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// The parts, put together, do not match the grammar.
    Parse(ParseError),
    /// The first segment is empty and there is no authority: the path would start with "//"
    /// and read as an authority (RFC 3986 §3.3).
    EmptyFirstSegment,
    /// Nothing was set (or only an empty path): the result would be the empty reference. It is
    /// one (RFC 3987 §2.2 `irelative-ref` with `ipath-empty`, the current document), but a
    /// build of nothing is taken for a mistake.
    Empty,
    /// A userinfo or a port without a host: `component` is `"userinfo"` or `"port"`. An
    /// authority is `[ iuserinfo "@" ] ihost [ ":" port ]` (RFC 3987 §2.2), so the builder would
    /// have to make up an empty host (`http://:80`); set one, `host("")` for the empty host.
    NoHost {
        /// Which part was set without a host.
        component: &'static str,
    },
    /// The text given as a host name is an IP address, not a `ireg-name`: it starts with "["
    /// (RFC 3986 §3.2.2 `IP-literal`), or it is an IPv6 address without brackets. Encoded, it
    /// would be a reg-name nobody meant (`[::1` → `%5B%3A%3A1`); an IP literal is set with
    /// [`ipv6`](crate::IriBuilder::ipv6) or [`ipvfuture`](crate::IriBuilder::ipvfuture).
    HostNotRegName {
        /// The host as it was given.
        value: String,
    },
    /// A path that does not start with "/" after an authority: RFC 3986 §3.3 ("If a URI
    /// contains an authority component, then the path component must either be empty or begin
    /// with a slash"), RFC 3987 §2.2 `ipath-abempty`.
    RootlessPathWithAuthority {
        /// The path as it would be written, encoded.
        path: String,
    },
    /// Without a scheme and an authority, the path's first segment has a ":": it would read as
    /// a scheme (RFC 3986 §4.2, RFC 3987 §2.2 `ipath-noscheme`).
    ColonInFirstSegment {
        /// The path as it would be written, encoded.
        path: String,
        /// Where the first ":" is, in `path`.
        byte_offset: usize,
    },
    /// A value that is used as it is, without percent-encoding, does not match its rule:
    /// `component` is `"scheme"` (RFC 3986 §3.1), `"IPvFuture version"` or `"IPvFuture
    /// address"` (RFC 3986 §3.2.2).
    Invalid {
        /// Which value.
        component: &'static str,
        /// The value as it was given.
        value: String,
        /// Where, in `value`, the first character that does not fit is (0 for an empty value).
        byte_offset: usize,
    },
    /// The result, parsed again, does not have the component that was set: `component` is
    /// `"scheme"`, `"authority"`, `"userinfo"`, `"host"`, `"port"`, `"path"`, `"query"` or
    /// `"fragment"`. A reg-name that reads as an IPv4 address (RFC 3986 §3.2.2) is one case.
    Mismatch {
        /// Which component.
        component: &'static str,
        /// What was set, as written.
        given: String,
        /// What the result has instead.
        parsed: String,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Parse(e) => e.fmt(f),
            BuildError::EmptyFirstSegment => f.write_str(
                "an empty first segment without an authority would make the path start with \"//\" (RFC 3986 §3.3)",
            ),
            BuildError::Empty => f.write_str(
                "nothing to build: no scheme, host, non-empty path, query or fragment was set (the empty reference is valid, RFC 3987 §2.2 irelative-ref, but an empty build is taken for a mistake)",
            ),
            BuildError::NoHost { component } => write!(
                f,
                "a {component} was set without a host: an authority is [ iuserinfo \"@\" ] ihost [ \":\" port ] (RFC 3987 §2.2) and its host would be empty; set the host (host(\"\") for the empty host)"
            ),
            BuildError::HostNotRegName { value } if value.starts_with('[') => write!(
                f,
                "the host {value:?} starts with \"[\" as an IP-literal does (RFC 3986 §3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"), not a reg-name; encoded it would be the reg-name {:?}; set an IP literal with ipv6() or ipvfuture()",
                encode(value, Component::RegName)
            ),
            BuildError::HostNotRegName { value } => write!(
                f,
                "the host {value:?} is an IPv6 address, which is written in brackets as an IP-literal (RFC 3986 §3.2.2), not a reg-name; encoded it would be the reg-name {:?}; set it with ipv6()",
                encode(value, Component::RegName)
            ),
            BuildError::RootlessPathWithAuthority { path } => write!(
                f,
                "the path {path:?} does not start with \"/\" at byte 0, but there is an authority: after one the path is empty or starts with \"/\" (RFC 3986 §3.3, RFC 3987 §2.2 ipath-abempty)"
            ),
            BuildError::ColonInFirstSegment { path, byte_offset } => write!(
                f,
                "the path {path:?} has \":\" at byte {byte_offset}, in its first segment, and there is no scheme: it would read as a scheme (RFC 3986 §4.2, RFC 3987 §2.2 ipath-noscheme); set a scheme, or begin the path with \"./\" as RFC 3986 §4.2 says"
            ),
            BuildError::Invalid {
                component,
                value,
                byte_offset,
            } => {
                let rule = match *component {
                    "scheme" => "RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
                    "IPvFuture version" => "RFC 3986 §3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" ..., the version is 1*HEXDIG",
                    _ => "RFC 3986 §3.2.2: IPvFuture = ... \".\" 1*( unreserved / sub-delims / \":\" )",
                };
                match value[*byte_offset..].chars().next() {
                    Some(c) => write!(
                        f,
                        "invalid {component} {value:?}: {c:?} at byte {byte_offset} is not allowed ({rule})"
                    ),
                    None => write!(f, "invalid {component}: it is empty ({rule})"),
                }
            }
            BuildError::Mismatch {
                component,
                given,
                parsed,
            } => {
                write!(
                    f,
                    "the built IRI would not have the {component} that was set: {given} was given, it would read {parsed}"
                )?;
                if given.starts_with("reg-name") && parsed.starts_with("IPv4") {
                    f.write_str(" (RFC 3986 §3.2.2: a host that matches IPv4address is an IPv4 address)")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for BuildError {}

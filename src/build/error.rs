//! Why a build failed.

use std::fmt;

use crate::error::ParseError;

/// Why [`IriBuilder::build`] could not make an IRI reference.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// The parts, put together, do not match the grammar.
    Parse(ParseError),
    /// The first segment is empty and there is no authority: the path would start with "//"
    /// and read as an authority (RFC 3986 §3.3).
    EmptyFirstSegment,
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

//! What the data engines (Arrow, DuckDB) need of a row, one definition for all of them:
//! [`ParsedFields`], a reference's components or where and why it is not one, as the fields of
//! a table row (their `parse`), and [`RowError`], why a row has no result.

use std::fmt;

use crate::{IriRef, ParseError, StartSymbol, ToUriError};

/// [`ParsedFields::STRINGS`], for the array types (which cannot name `Self`).
const STRINGS: usize = ParsedFields::NAMES.len() - 1;

/// A string parsed as a start symbol, read as a row of [`ParsedFields::NAMES`]:
///
/// - `scheme`, `userinfo`, `host`, `host_kind` (`reg-name`, `ipv4`, `ipv6`, `ipvfuture`),
///   `port`, `path`, `query`, `fragment`: the components as written (RFC 3986 §3, RFC 3987
///   §2.2), `None` when the reference has none (RFC 3986 §5.3 tells an absent component from
///   an empty one) and when the string is not valid;
/// - `error`: `None` when valid, else the [`ParseError::message`]; `error_component` and
///   `error_rule` where it is; `error_position`, the 0-based index of the character (code
///   point) at fault.
///
/// ```
/// use rfc3987::{ParsedFields, StartSymbol};
/// let row = ParsedFields::of("http://[::1]:80/a?q", StartSymbol::IriReference);
/// let s = row.strings();
/// assert_eq!(&s[..8], [Some("http"), None, Some("[::1]"), Some("ipv6"), Some("80"), Some("/a"), Some("q"), None]);
/// assert_eq!(row.error_position(), None);
/// let row = ParsedFields::of("a b", StartSymbol::IriReference);
/// assert_eq!(row.strings()[9..], [Some("path"), Some("isegment-nz-nc")]);
/// assert_eq!(row.error_position(), Some(1));
/// ```
#[derive(Clone, Debug)]
pub struct ParsedFields<'a>(Result<IriRef<&'a str>, ParseError>);

impl<'a> ParsedFields<'a> {
    /// The names of the fields, in order: the [`ParsedFields::STRINGS`] strings of
    /// [`ParsedFields::strings`], then `error_position`.
    pub const NAMES: [&'static str; 12] = [
        "scheme",
        "userinfo",
        "host",
        "host_kind",
        "port",
        "path",
        "query",
        "fragment",
        "error",
        "error_component",
        "error_rule",
        "error_position",
    ];

    /// How many of the fields are strings: all but the last, `error_position`.
    pub const STRINGS: usize = STRINGS;

    /// `input` parsed as `symbol`.
    pub fn of(input: &'a str, symbol: StartSymbol) -> Self {
        ParsedFields(IriRef::parse_as(input, symbol))
    }

    /// The parsed reference, or why `input` is not one.
    pub fn result(&self) -> Result<&IriRef<&'a str>, &ParseError> {
        self.0.as_ref()
    }

    /// The string fields, the first [`ParsedFields::STRINGS`] of [`ParsedFields::NAMES`].
    pub fn strings(&self) -> [Option<&str>; STRINGS] {
        match &self.0 {
            Ok(iri) => {
                let authority = iri.authority();
                [
                    iri.scheme(),
                    authority.and_then(|a| a.userinfo()),
                    authority.map(|a| a.host_str()),
                    authority.map(|a| a.host().kind().as_str()),
                    authority.and_then(|a| a.port()),
                    Some(iri.path().as_str()),
                    iri.query(),
                    iri.fragment(),
                    None,
                    None,
                    None,
                ]
            }
            Err(e) => {
                let mut strings = [None; STRINGS];
                strings[8] = Some(e.message());
                strings[9] = e.component().map(|c| c.as_str());
                strings[10] = e.rule();
                strings
            }
        }
    }

    /// `error_position`: the 0-based index of the character at fault, `None` when valid.
    pub fn error_position(&self) -> Option<i64> {
        self.0.as_ref().err().map(|e| e.column() as i64 - 1)
    }
}

/// Why a row of a data engine's column has no result: the error of `arrow::BatchError::Invalid`
/// (feature `arrow`) and of the DuckDB extension's functions.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RowError {
    /// The row is not an IRI reference, or its base is not an IRI (a resolution's).
    Parse(ParseError),
    /// The row cannot be mapped to a URI (RFC 3987 §3.1: ToASCII failed on its host).
    ToUri(ToUriError),
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowError::Parse(e) => e.fmt(f),
            RowError::ToUri(e) => e.fmt(f),
        }
    }
}

impl From<ParseError> for RowError {
    fn from(e: ParseError) -> Self {
        RowError::Parse(e)
    }
}

impl From<ToUriError> for RowError {
    fn from(e: ToUriError) -> Self {
        match e {
            ToUriError::Parse(e) => RowError::Parse(e),
            // Without the features `idna` and `legacy-charsets`, `Parse` is the only kind.
            #[allow(unreachable_patterns)]
            e => RowError::ToUri(e),
        }
    }
}

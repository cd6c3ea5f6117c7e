//! Conversions between the URI types and [`http::Uri`] (feature `http`).
//!
//! An `http::Uri` holds one of the four forms of an HTTP/1.1 request-target (RFC 9112 §3.2).
//! Each is a URI reference (RFC 3986 §4.1), and each converts both ways with its text kept:
//!
//! | `http::Uri` form (RFC 9112)          | example             | our type and text                           |
//! |--------------------------------------|---------------------|---------------------------------------------|
//! | absolute-form (§3.2.2), with "//"    | `http://a:8080/b?q` | [`Uri`], [`AbsoluteUri`], [`UriRef`]: the same text |
//! | origin-form (§3.2.1)                 | `/b?q`              | [`UriRef`] (a relative reference): the same text |
//! | authority-form (§3.2.3)              | `example.com:443`   | [`UriRef`] `//example.com:443` (a network-path reference, RFC 3986 §4.2) |
//! | asterisk-form (§3.2.4)               | `*`                 | [`UriRef`] `*` (the relative reference whose path is `*`) |
//!
//! The authority-form is the one text that changes, by the "//" that RFC 3986 writes before an
//! authority: read as a URI reference, `example.com:443` is the scheme `example.com` and the
//! path `443`, so it is never converted without it.
//!
//! # From `http::Uri`: fails where RFC 3986 does not allow the text
//!
//! `TryFrom<&http::Uri>` for [`UriRef`], [`Uri`] and [`AbsoluteUri`] parses the text above with
//! this crate's parser, so the error is a [`ParseError`] with the position, the component and
//! the rule. The http crate accepts characters RFC 3986 does not: in the path `"`, `[`, `\`,
//! `]`, `^`, `{`, `|` and `}`; in the query `[`, `\`, `]`, `^`, `` ` ``, `{`, `|` and `}`; in
//! both, UTF-8 characters beyond ASCII and a "%" not followed by two hex digits; in the
//! authority "[" and "]" around any text. Each is rejected (a non-ASCII character with
//! [`ParseErrorKind::NotAscii`](crate::ParseErrorKind::NotAscii)). [`Uri`] and [`AbsoluteUri`]
//! need a scheme, so the origin-, authority- and asterisk-forms convert only to [`UriRef`].
//! An `http::Uri` has no fragment, so nothing is lost this way; the http crate itself drops a
//! fragment when it parses a text that has one (`"http://a/b#f".parse::<http::Uri>()` gives
//! `http://a/b`), before any conversion.
//!
//! # To `http::Uri`: fails where `http::Uri` cannot hold the value as it is
//!
//! `TryFrom<&UriRef<T>>`, `TryFrom<&Uri<T>>` and `TryFrom<&AbsoluteUri<T>>` for `http::Uri`
//! find the form from the components, have the http crate parse the text of that form (the
//! authority alone for the authority-form), and give its `http::Uri` only when it has the same
//! scheme, authority, path and query, so that the result equals what the http crate makes of
//! the text. Parsing the text directly would not do: the http crate drops a fragment and reads
//! the URI `example.com:443` as an authority. The failures, each a [`ToHttpUriError`] whose
//! [`ToHttpUriErrorKind`] says why:
//!
//! - [`Fragment`](ToHttpUriErrorKind::Fragment): a request-target has no fragment; it is never
//!   dropped silently.
//! - [`NoAuthority`](ToHttpUriErrorKind::NoAuthority): a URI without "//" (`mailto:`, `urn:`,
//!   `tel:`): the http crate holds an absolute URI only as `scheme://authority…`.
//! - [`EmptyPath`](ToHttpUriErrorKind::EmptyPath): `http://example.com` or
//!   `http://example.com?q`, which the http crate writes `http://example.com/` and
//!   `http://example.com/?q`.
//! - [`RelativePath`](ToHttpUriErrorKind::RelativePath): a relative reference whose path does
//!   not begin with "/" (`a/b`, `?q`, the empty reference), which no form holds; `*` alone is
//!   the asterisk-form.
//! - [`NetworkPath`](ToHttpUriErrorKind::NetworkPath): `//host/path`: without a scheme, the
//!   http crate holds an authority only alone (the authority-form).
//! - [`Rejected`](ToHttpUriErrorKind::Rejected): the http crate refuses a component that
//!   RFC 3986 allows: a percent-encoded or empty host (`http://%41/`, `file:///etc`), an empty
//!   host after a userinfo (`http://u@/`), a scheme longer than 64 characters, a text longer
//!   than 65,534 bytes.
//! - [`Rewritten`](ToHttpUriErrorKind::Rewritten): the http crate reads the text into other
//!   components: it writes the schemes `http` and `https` in lowercase (`HTTP://a/` becomes
//!   `http://a/`). Other schemes keep their case.

use std::fmt;
use std::ops::Deref;

use ::http::uri::{Authority as HttpAuthority, PathAndQuery, Scheme};

use crate::error::{printable, ParseError};
use crate::types::{AbsoluteUri, Uri, UriRef};

/// Why a URI reference could not be converted to an `http::Uri` (see [the module](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ToHttpUriErrorKind {
    /// It has a fragment (RFC 3986 §3.5), which a request-target has not (RFC 9112 §3.2).
    Fragment,
    /// It has a scheme and no authority (`mailto:`, `urn:`, `tel:`): the http crate holds an
    /// absolute URI only with an authority.
    NoAuthority,
    /// Its path is empty after an authority: the http crate writes it "/".
    EmptyPath,
    /// It is a relative reference whose path does not begin with "/" and is not `*`.
    RelativePath,
    /// It is a network-path reference (RFC 3986 §4.2) with a path or a query.
    NetworkPath,
    /// The http crate refuses a component ([`ToHttpUriError::component`]) that RFC 3986 allows.
    Rejected,
    /// The http crate reads the text into other components (`HTTP://a/` as `http://a/`).
    Rewritten,
}

/// A URI reference that `http::Uri` cannot hold as it is: the kind of failure, the input, and
/// what the http crate said or made of it.
///
/// ```
/// use rfc3987::interop::http::ToHttpUriErrorKind;
/// use rfc3987::Uri;
///
/// let uri = Uri::parse("http://example.org/a#section").unwrap();
/// let err = http::Uri::try_from(&uri).unwrap_err();
/// assert_eq!(err.kind(), ToHttpUriErrorKind::Fragment);
/// assert!(err.to_string().starts_with("cannot convert \"http://example.org/a#section\" to an http::Uri: it has a fragment"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToHttpUriError(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ToHttpUriErrorKind,
    input: Box<str>,
    component: Option<&'static str>,
    detail: Option<String>,
}

impl ToHttpUriError {
    fn new(kind: ToHttpUriErrorKind, input: &str) -> Self {
        ToHttpUriError(Box::new(Inner {
            kind,
            input: input.into(),
            component: None,
            detail: None,
        }))
    }

    /// Why it failed.
    pub fn kind(&self) -> ToHttpUriErrorKind {
        self.0.kind
    }

    /// The URI reference that was to be converted.
    pub fn input(&self) -> &str {
        &self.0.input
    }

    /// For [`ToHttpUriErrorKind::Rejected`], the part the http crate refused: `"scheme"`,
    /// `"authority"`, `"path and query"`, or `"text"` when it accepts each on its own.
    pub fn component(&self) -> Option<&'static str> {
        self.0.component
    }

    /// For [`ToHttpUriErrorKind::Rejected`], the http crate's message (`invalid authority`,
    /// `scheme too long`, …); for [`ToHttpUriErrorKind::Rewritten`], the text of the
    /// `http::Uri` the http crate reads.
    pub fn detail(&self) -> Option<&str> {
        self.0.detail.as_deref()
    }
}

impl fmt::Display for ToHttpUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot convert \"{}\" to an http::Uri: ",
            printable(&self.0.input)
        )?;
        let detail = self.0.detail.as_deref().map(printable).unwrap_or_default();
        match self.0.kind {
            ToHttpUriErrorKind::Fragment => f.write_str(
                "it has a fragment, which an http::Uri cannot hold (a request-target has none, RFC 9112 §3.2); remove it first",
            ),
            ToHttpUriErrorKind::NoAuthority => f.write_str(
                "it has a scheme and no authority (no \"//\", RFC 3986 §3), and an http::Uri holds an absolute URI only as scheme \"://\" authority",
            ),
            ToHttpUriErrorKind::EmptyPath => f.write_str(
                "its path is empty after the authority, which an http::Uri writes as \"/\" (RFC 3986 §6.2.3: equivalent for http and https); write the \"/\"",
            ),
            ToHttpUriErrorKind::RelativePath => f.write_str(
                "it is a relative reference whose path does not begin with \"/\" (RFC 3986 §4.2), and without a scheme an http::Uri holds only an absolute path and query (origin-form, RFC 9112 §3.2.1), an authority alone or \"*\"; resolve it against a base first",
            ),
            ToHttpUriErrorKind::NetworkPath => f.write_str(
                "it has an authority and no scheme, and a path or query (RFC 3986 §4.2), and without a scheme an http::Uri holds an authority only alone (authority-form, RFC 9112 §3.2.3)",
            ),
            ToHttpUriErrorKind::Rejected => write!(
                f,
                "the http crate rejects its {} ({detail}), which RFC 3986 allows",
                self.0.component.unwrap_or("text")
            ),
            ToHttpUriErrorKind::Rewritten => {
                write!(f, "the http crate reads it as \"{detail}\", a different text")
            }
        }
    }
}

impl std::error::Error for ToHttpUriError {}

/// The `http::Uri` the http crate parses from the same text (the authority alone for the
/// authority-form), when it has the same components (see [the module](self)).
fn to_http(uri: UriRef<&str>) -> Result<::http::Uri, ToHttpUriError> {
    use ToHttpUriErrorKind::*;
    let text = uri.as_str();
    let fail = |kind| Err(ToHttpUriError::new(kind, text));
    let rejected = |component: &'static str, error: ::http::uri::InvalidUri| {
        let mut rejection = ToHttpUriError::new(Rejected, text);
        rejection.0.component = Some(component);
        rejection.0.detail = Some(error.to_string());
        rejection
    };
    if uri.fragment().is_some() {
        return fail(Fragment);
    }
    let path = uri.path().as_str();
    let query = uri.query();
    let authority = uri.authority().map(|a| a.as_str());
    // Which form, and the text the http crate reads it from.
    let http_text = match (uri.scheme(), authority) {
        (Some(_), None) => return fail(NoAuthority),
        (Some(_), Some(_)) if path.is_empty() => return fail(EmptyPath),
        (Some(_), Some(_)) => text,
        (None, Some(authority)) if path.is_empty() && query.is_none() => authority,
        (None, Some(_)) => return fail(NetworkPath),
        (None, None) if path.starts_with('/') || (path == "*" && query.is_none()) => text,
        (None, None) => return fail(RelativePath),
    };
    // Each component on its own first, so that a refusal names the component.
    if let Some(scheme) = uri.scheme() {
        Scheme::try_from(scheme).map_err(|e| rejected("scheme", e))?;
    }
    if let Some(authority) = authority {
        HttpAuthority::try_from(authority).map_err(|e| rejected("authority", e))?;
    }
    if uri.scheme().is_some() || authority.is_none() {
        let path_and_query = &text[text.len() - path.len() - query.map_or(0, |q| q.len() + 1)..];
        PathAndQuery::try_from(path_and_query).map_err(|e| rejected("path and query", e))?;
    }
    let parsed = ::http::Uri::try_from(http_text).map_err(|e| rejected("text", e))?;
    let same = parsed.scheme_str() == uri.scheme()
        && parsed.authority().map(|a| a.as_str()) == authority
        && parsed.path() == path
        && parsed.query() == query;
    if !same {
        let mut error = ToHttpUriError::new(Rewritten, text);
        error.0.detail = Some(parsed.to_string());
        return Err(error);
    }
    Ok(parsed)
}

/// The text of `uri` as a URI reference: its own text, with "//" before an authority alone
/// (the authority-form), which would otherwise read as a scheme and a path.
fn text_of(uri: &::http::Uri) -> String {
    match (uri.scheme(), uri.authority()) {
        (None, Some(authority)) => format!("//{authority}"),
        _ => uri.to_string(),
    }
}

macro_rules! http_conversions {
    ($($ours:ident),*) => {$(
        #[doc = concat!("The `http::Uri` with the text and components of a `", stringify!($ours), "`, or why it cannot hold them (see [the module](self)).")]
        impl<T: Deref<Target = str>> TryFrom<&$ours<T>> for ::http::Uri {
            type Error = ToHttpUriError;
            fn try_from(uri: &$ours<T>) -> Result<Self, Self::Error> {
                to_http(UriRef::from(uri.view()))
            }
        }

        #[doc = concat!("The text of an `http::Uri` parsed as a `", stringify!($ours), "` (an authority-form with \"//\" before it), or where RFC 3986 does not allow it (see [the module](self)).")]
        impl TryFrom<&::http::Uri> for $ours<String> {
            type Error = ParseError;
            fn try_from(uri: &::http::Uri) -> Result<Self, Self::Error> {
                $ours::parse(text_of(uri))
            }
        }
    )*};
}

http_conversions!(UriRef, Uri, AbsoluteUri);

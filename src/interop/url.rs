//! Conversions between [`Uri`] and [`url::Url`] (feature `url`), where no character
//! changes.
//!
//! `url::Url` follows the WHATWG URL Standard, not RFC 3986: its parser rewrites what it reads
//! into one serialization, and its serialization may hold characters RFC 3986 does not allow.
//! So each way fails when the text would change, and never changes it.
//!
//! # To `url::Url`: fails where WHATWG rewrites or rejects the URI
//!
//! `TryFrom<&Uri<T>> for url::Url` parses the text with the url crate, and gives the `Url` only
//! when its serialization is the same text. Otherwise a [`ToUrlError`]:
//!
//! - [`Rewritten`](ToUrlErrorKind::Rewritten), naming the first component that changed
//!   ([`ToUrlError::component`]) and both texts. WHATWG lowercases the scheme, and for the
//!   special schemes (`http`, `https`, `ws`, `wss`, `ftp`, `file`) lowercases the host, decodes
//!   it and maps it with UTS #46 to Punycode (`http://%C3%A9/` becomes `http://xn--9ca/`),
//!   writes an IPv4 address in dotted decimal (`http://0x7f.1/`), drops the default port,
//!   writes an empty path as "/", reads `http:g` as `http://g/` and `http:///a` as
//!   `http://a/`, and percent-encodes "'" in the query; for every scheme it writes IPv6
//!   addresses in their canonical form (RFC 5952), drops an empty port and removes dot segments
//!   (`/a/../b`, `/%2e/`). `http://a/b/c/g` and `mailto:John.Doe@example.com` are kept as they
//!   are; `HTTP://a/`, `http://A/`, `http://a:80/`, `http://a` and `http://a/b/../c` are not.
//! - [`Rejected`](ToUrlErrorKind::Rejected), with the url crate's message, where WHATWG refuses
//!   what RFC 3986 allows: an `IPvFuture` literal (`http://[v1.x]/`), a host of a special scheme
//!   that is not a valid domain once percent-decoded (`http://a%20b/`), a host that ends in a
//!   number but is not an IPv4 address (`http://1.2.3.4.5/`), an empty host after a userinfo
//!   in a special scheme (`http://u@/`).
//!
//! # From `url::Url`: fails where the serialization is not a URI
//!
//! `TryFrom<&url::Url> for Uri<&str>` (a zero-copy view of the serialization) and
//! `TryFrom<url::Url> for Uri<String>` parse `url.as_str()` with this crate's parser; the
//! error is a [`ParseError`] with the position, the component and the rule. WHATWG
//! percent-encodes what is not ASCII, but leaves some ASCII characters that RFC 3986 does not
//! allow: `[`, `]`, `^` and `|` in a path (and `\` in a path of a non-special scheme), `[`,
//! `\`, `]`, `^`, `` ` ``, `{`, `|` and `}` in a query, `#`, `[`, `\`, `]`, `^`, `{`, `|` and
//! `}` in a fragment (`http://a/#x#y`), `"`, `<`, `>`, `{`, `}` and the space in an opaque
//! path (`mailto:a<b`), `{`, `}`, `"` and `` ` `` in the host of a non-special scheme
//! (`foo://a{b/`), and a "%" not followed by two hex digits anywhere (`http://a/%zz`). A
//! serialization that parses keeps its text.

use std::fmt;
use std::ops::Deref;

use ::url::{Position, Url};

use crate::error::{printable, ParseError};
use crate::types::Uri;

/// Why a URI could not be converted to a `url::Url` (see [the module](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ToUrlErrorKind {
    /// The WHATWG URL parser rejects the URI.
    Rejected,
    /// The WHATWG URL parser accepts it but serializes it as a different text.
    Rewritten,
}

/// A URI that `url::Url` cannot hold as it is: the kind of failure, the input, and what the
/// url crate said or made of it.
///
/// ```
/// use rfc3987::interop::url::ToUrlErrorKind;
/// use rfc3987::Uri;
///
/// let uri = Uri::parse("HTTP://Example.org/").unwrap();
/// let err = url::Url::try_from(&uri).unwrap_err();
/// assert_eq!(err.kind(), ToUrlErrorKind::Rewritten);
/// assert_eq!(err.component(), Some("scheme"));
/// assert_eq!(err.whatwg(), Some("http://example.org/"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToUrlError(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ToUrlErrorKind,
    input: Box<str>,
    component: Option<&'static str>,
    detail: String,
}

impl ToUrlError {
    /// Why it failed.
    pub fn kind(&self) -> ToUrlErrorKind {
        self.0.kind
    }

    /// The URI that was to be converted.
    pub fn input(&self) -> &str {
        &self.0.input
    }

    /// For [`ToUrlErrorKind::Rewritten`], the serialization WHATWG gives the URI.
    pub fn whatwg(&self) -> Option<&str> {
        (self.0.kind == ToUrlErrorKind::Rewritten).then_some(&*self.0.detail)
    }

    /// For [`ToUrlErrorKind::Rewritten`], the first component, in the order of RFC 3986 §3,
    /// that WHATWG changed: `"scheme"`, `"authority"`, `"path"`, `"query"` or `"fragment"`.
    pub fn component(&self) -> Option<&'static str> {
        self.0.component
    }

    /// For [`ToUrlErrorKind::Rejected`], the url crate's message (`invalid IPv6 address`, …).
    pub fn reason(&self) -> Option<&str> {
        (self.0.kind == ToUrlErrorKind::Rejected).then_some(&*self.0.detail)
    }
}

impl fmt::Display for ToUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let input = printable(&self.0.input);
        let detail = printable(&self.0.detail);
        match self.0.kind {
            ToUrlErrorKind::Rejected => write!(
                f,
                "cannot convert \"{input}\" to a url::Url: the WHATWG URL parser rejects it ({detail}), which RFC 3986 allows"
            ),
            ToUrlErrorKind::Rewritten => {
                write!(f, "cannot convert \"{input}\" to a url::Url without changing it: WHATWG rewrites ")?;
                match self.0.component {
                    Some(component) => write!(f, "its {component}")?,
                    None => f.write_str("it")?,
                }
                write!(f, ", giving \"{detail}\"")
            }
        }
    }
}

impl std::error::Error for ToUrlError {}

/// The first component, in the order of RFC 3986 §3, that differs between `uri` and `url`.
fn first_change(uri: Uri<&str>, url: &Url) -> Option<&'static str> {
    let authority = url
        .has_authority()
        .then(|| &url[Position::BeforeUsername..Position::AfterPort]);
    [
        ("scheme", Some(url.scheme()) != uri.scheme()),
        ("authority", authority != uri.authority().map(|a| a.as_str())),
        ("path", url.path() != uri.path().as_str()),
        ("query", url.query() != uri.query()),
        ("fragment", url.fragment() != uri.fragment()),
    ]
    .into_iter()
    .find_map(|(name, changed)| changed.then_some(name))
}

/// The `url::Url` of a URI whose WHATWG serialization is the URI's own text, or why there is
/// none (see [the module](self)).
impl<T: Deref<Target = str>> TryFrom<&Uri<T>> for Url {
    type Error = ToUrlError;

    fn try_from(uri: &Uri<T>) -> Result<Self, Self::Error> {
        let text = uri.as_str();
        let error = |kind, component, detail| {
            ToUrlError(Box::new(Inner {
                kind,
                input: text.into(),
                component,
                detail,
            }))
        };
        let url = Url::parse(text).map_err(|e| error(ToUrlErrorKind::Rejected, None, e.to_string()))?;
        if url.as_str() != text {
            let component = first_change(uri.view(), &url);
            return Err(error(
                ToUrlErrorKind::Rewritten,
                component,
                url.as_str().to_string(),
            ));
        }
        Ok(url)
    }
}

/// A zero-copy view of the serialization of a `url::Url` as a [`Uri`], or where RFC 3986 does
/// not allow it (see [the module](self)).
impl<'a> TryFrom<&'a Url> for Uri<&'a str> {
    type Error = ParseError;

    fn try_from(url: &'a Url) -> Result<Self, Self::Error> {
        Uri::parse(url.as_str())
    }
}

/// The serialization of a `url::Url` as a [`Uri`], without a copy, or where RFC 3986 does not
/// allow it (see [the module](self)).
impl TryFrom<Url> for Uri<String> {
    type Error = ParseError;

    fn try_from(url: Url) -> Result<Self, Self::Error> {
        Uri::parse(String::from(url))
    }
}

//! Narrowing conversions, `TryFrom` from a wider parsed type to a narrower one: the value is
//! checked, not parsed again, because the start symbols differ only in what RFC 3987 §2.2 and
//! RFC 3986 §4 say they do.
//!
//! - `IRI-reference = IRI / irelative-ref`: a reference with a scheme is an `IRI`, one without is
//!   an `irelative-ref`.
//! - `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`: an `IRI` without a fragment.
//! - A URI is an IRI with ASCII characters only: each `i`-rule is its RFC 3986 rule with
//!   `ucschar` and `iprivate` added, and both are non-ASCII (RFC 3987 §2.2).

use std::fmt;
use std::ops::Deref;

use super::parsed::{AbsoluteIri, AbsoluteUri, Iri, IriRef, RelativeIriRef, RelativeUriRef, Uri, UriRef};
use crate::parse::StartSymbol;

/// Why a value is not of the narrower type it was converted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NotNarrow {
    /// It has no scheme, which an `IRI`, an `absolute-IRI` and their URI forms need.
    NoScheme,
    /// It has a scheme, which a relative reference cannot have.
    Scheme,
    /// It has a fragment, which an `absolute-IRI` cannot have.
    Fragment,
    /// It has a non-ASCII character, at this byte offset: a URI has ASCII characters only.
    NotAscii {
        /// Where the first non-ASCII character is.
        byte_offset: usize,
    },
}

impl fmt::Display for NotNarrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotNarrow::NoScheme => f.write_str("it has no scheme (RFC 3987 §2.2: IRI = scheme \":\" ihier-part …)"),
            NotNarrow::Scheme => {
                f.write_str("it has a scheme (RFC 3987 §2.2: irelative-ref = irelative-part …, without a scheme)")
            }
            NotNarrow::Fragment => f.write_str(
                "it has a fragment (RFC 3987 §2.2: absolute-IRI = scheme \":\" ihier-part [ \"?\" iquery ])",
            ),
            NotNarrow::NotAscii { byte_offset } => write!(
                f,
                "it has a non-ASCII character at byte {byte_offset} (RFC 3986 §2: a URI has ASCII characters only; to_uri maps it, RFC 3987 §3.1)"
            ),
        }
    }
}

/// A value that is not of the narrower type it was converted to, given back with the reason.
///
/// The conversions check rather than parse again, because the start symbols differ only in what
/// RFC 3987 §2.2 and RFC 3986 §4 say: `IRI-reference = IRI / irelative-ref` (with a scheme or
/// without), an `absolute-IRI` is an `IRI` without a fragment, and a URI is an IRI with ASCII
/// characters only (`ucschar` and `iprivate`, which the i-rules add, are not ASCII).
///
/// ```
/// use rfc3987::{Iri, IriRef, NotNarrow};
///
/// let reference = IriRef::parse("../g").unwrap();
/// let err = Iri::try_from(reference).unwrap_err();
/// assert_eq!(err.reason(), NotNarrow::NoScheme);
/// assert_eq!(err.into_inner().as_str(), "../g"); // the value comes back
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NarrowError<V> {
    value: V,
    target: &'static str,
    reason: NotNarrow,
}

impl<V> NarrowError<V> {
    /// The value, unchanged.
    pub fn into_inner(self) -> V {
        self.value
    }

    /// The value, unchanged.
    pub fn value(&self) -> &V {
        &self.value
    }

    /// Why it is not of the narrower type.
    pub fn reason(&self) -> NotNarrow {
        self.reason
    }

    /// The start symbol of the narrower type, as the RFC names it (`IRI`, `absolute-URI`, …).
    pub fn target(&self) -> &'static str {
        self.target
    }
}

impl<V: Deref<Target = str>> fmt::Display for NarrowError<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let article = if self.target.starts_with(['I', 'a', 'i']) {
            "an"
        } else {
            "a"
        };
        write!(
            f,
            "{:?} is not {article} {}: {}",
            &*self.value, self.target, self.reason
        )
    }
}

impl<V: Deref<Target = str> + fmt::Debug> std::error::Error for NarrowError<V> {}

/// Whether a value of a wider type is one of `target`'s start symbol.
fn fits(value: IriRef<&str>, target: StartSymbol) -> Result<(), NotNarrow> {
    use StartSymbol::*;
    let scheme = value.scheme().is_some();
    if matches!(target, Iri | AbsoluteIri | Uri | AbsoluteUri) && !scheme {
        return Err(NotNarrow::NoScheme);
    }
    if matches!(target, IrelativeRef | RelativeRef) && scheme {
        return Err(NotNarrow::Scheme);
    }
    if matches!(target, AbsoluteIri | AbsoluteUri) && value.fragment().is_some() {
        return Err(NotNarrow::Fragment);
    }
    if matches!(target, UriReference | Uri | AbsoluteUri | RelativeRef) {
        if let Some(byte_offset) = value.as_str().bytes().position(|b| !b.is_ascii()) {
            return Err(NotNarrow::NotAscii { byte_offset });
        }
    }
    Ok(())
}

macro_rules! narrow {
    ($($wide:ident => $narrow:ident;)*) => {$(
        #[doc = concat!("A `", stringify!($wide), "` whose value is also a `", stringify!($narrow), "`, checked without parsing again.")]
        impl<T: Deref<Target = str>> TryFrom<$wide<T>> for $narrow<T> {
            type Error = NarrowError<$wide<T>>;
            fn try_from(value: $wide<T>) -> Result<Self, Self::Error> {
                let spans = value.spans();
                match fits(IriRef::from_parts(value.as_str(), spans), $narrow::<T>::SYMBOL) {
                    Ok(()) => Ok($narrow::from_parts(value.into_inner(), spans)),
                    Err(reason) => Err(NarrowError {
                        value,
                        target: $narrow::<T>::SYMBOL.name(),
                        reason,
                    }),
                }
            }
        }
    )*};
}

narrow! {
    IriRef => Iri;
    IriRef => AbsoluteIri;
    IriRef => RelativeIriRef;
    IriRef => UriRef;
    IriRef => Uri;
    IriRef => AbsoluteUri;
    IriRef => RelativeUriRef;
    Iri => AbsoluteIri;
    Iri => Uri;
    Iri => AbsoluteUri;
    AbsoluteIri => AbsoluteUri;
    RelativeIriRef => RelativeUriRef;
    UriRef => Uri;
    UriRef => AbsoluteUri;
    UriRef => RelativeUriRef;
    UriRef => Iri;
    UriRef => AbsoluteIri;
    UriRef => RelativeIriRef;
    Uri => AbsoluteIri;
    Uri => AbsoluteUri;
}

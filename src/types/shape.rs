//! What the passes accept and return: every parsed type, borrowed or owned, and for each the
//! narrowest type a pass's result always is (the table and the reasons are on [`Reference`]).

use std::ops::Deref;

use super::parsed::{for_each_shape, for_each_uri, for_each_with_scheme};
use super::parsed::{AbsoluteIri, AbsoluteUri, Iri, IriRef, RelativeIriRef, RelativeUriRef, Uri, UriRef};

pub(crate) mod sealed {
    /// Only the crate's parsed types are [`Reference`](super::Reference)s.
    pub trait Sealed {}

    /// A type a pass may return: an owned value made from a result whose text and spans are
    /// known to fit the type (the reasons are in the module's documentation).
    pub trait Built: Sized {
        fn built(value: crate::IriRef<String>) -> Self;
    }
}

use sealed::{Built, Sealed};

/// Any parsed IRI or URI reference ([`IriRef`], [`Iri`], [`AbsoluteIri`], [`RelativeIriRef`],
/// [`UriRef`], [`Uri`], [`AbsoluteUri`], [`RelativeUriRef`]), borrowed (`Iri<&str>`) or owned
/// (`Iri<String>`), or a reference to one: what every pass takes. Sealed: only this crate's
/// types implement it.
///
/// What the passes return, for each type given (`R::Iri` and `R::Uri`):
///
/// | given | [`normalize`](crate::normalize), [`to_iri`](crate::to_iri) give (`R::Iri`) | [`to_uri`](crate::to_uri) gives (`R::Uri`) |
/// |---|---|---|
/// | [`IriRef`], [`UriRef`] | [`IriRef`] | [`UriRef`] |
/// | [`Iri`], [`Uri`] | [`Iri`] | [`Uri`] |
/// | [`AbsoluteIri`], [`AbsoluteUri`] | [`AbsoluteIri`] | [`AbsoluteUri`] |
/// | [`RelativeIriRef`], [`RelativeUriRef`] | [`RelativeIriRef`] | [`RelativeUriRef`] |
///
/// Why those hold: the passes keep each component in its place and never add or remove a
/// scheme or a fragment. Normalization and URI → IRI decode only characters that are data
/// wherever they stand (`iunreserved`; for §3.2 also `ucschar`; never ":" or "/"), so a
/// relative reference's first segment never gains a ":", and a path never starts to read as
/// an authority (see [`normalize`](crate::normalize)); IRI → URI writes non-ASCII characters
/// as `%HH`. A host that a pass rewrites into an `IPv4address` (`%31.2.3.4` decoded, or
/// fullwidth digits mapped by IDNA) is recorded as one, as a new parse would read it. A URI's
/// normalization may decode `%C3%A9` to "é", so it is an IRI: `uri.normalize().to_uri()` gives
/// the URI back. In debug builds each result is parsed again and compared with what the pass
/// recorded.
///
/// [`resolve`](crate::resolve) gives an [`Iri`] and [`relativize`](crate::relativize) an
/// [`IriRef`] whatever their inputs (both URIs give ASCII, which `Uri::try_from` narrows
/// without parsing again).
///
/// ```
/// use rfc3987::{normalize, to_uri, Iri, NormalizeOptions, ToUriOptions};
///
/// let iri = Iri::parse("HTTP://example.org/r%C3%A9sum%C3%A9").unwrap();
/// let normal: Iri = normalize(&iri, &NormalizeOptions::default()); // an Iri stays an Iri
/// assert_eq!(normal, "http://example.org/résumé");
/// let uri: rfc3987::Uri = to_uri(&normal, &ToUriOptions::new()).unwrap();
/// assert_eq!(uri, "http://example.org/r%C3%A9sum%C3%A9");
/// ```
pub trait Reference: Sealed {
    /// The IRI type of the same shape: what [`normalize`](crate::normalize) and
    /// [`to_iri`](crate::to_iri) return.
    type Iri: Reference + Built;
    /// The URI type of the same shape: what [`to_uri`](crate::to_uri) returns.
    type Uri: Reference + Built;

    /// A zero-copy view as the widest type, `IRI-reference`, which every value is.
    fn as_iri_ref(&self) -> IriRef<&str>;
}

/// A parsed type whose values always have a scheme ([`Iri`], [`AbsoluteIri`], [`Uri`],
/// [`AbsoluteUri`]): a base for [`resolve`](crate::resolve) (RFC 3986 §5.1, "only the scheme
/// component is required to be present in a base URI") and what
/// [`relativize`](crate::relativize) relates.
pub trait WithScheme: Reference {}

/// A parsed URI type ([`UriRef`], [`Uri`], [`AbsoluteUri`], [`RelativeUriRef`]): the types with
/// a `to_iri` method (RFC 3987 §3.2). The function [`to_iri`](crate::to_iri) takes IRIs too.
pub trait UriReference: Reference {}

impl<R: Reference + ?Sized> Sealed for &R {}

impl<R: Reference + ?Sized> Reference for &R {
    type Iri = R::Iri;
    type Uri = R::Uri;
    #[inline]
    fn as_iri_ref(&self) -> IriRef<&str> {
        (**self).as_iri_ref()
    }
}

impl<R: WithScheme + ?Sized> WithScheme for &R {}
impl<R: UriReference + ?Sized> UriReference for &R {}

macro_rules! shapes {
    ($($name:ident => $iri:ident, $uri:ident;)*) => {$(
        impl<T: Deref<Target = str>> Sealed for $name<T> {}

        impl<T: Deref<Target = str>> Reference for $name<T> {
            type Iri = $iri<String>;
            type Uri = $uri<String>;
            #[inline]
            fn as_iri_ref(&self) -> IriRef<&str> {
                IriRef::from_parts(self.as_str(), self.spans())
            }
        }

        impl Built for $name<String> {
            #[inline]
            fn built(value: IriRef<String>) -> Self {
                debug_assert!(
                    $name::parse(value.as_str()).ok().map(|parsed| parsed.spans()) == Some(value.spans()),
                    concat!("a pass's result is not a ", stringify!($name), ": {:?}"),
                    value.as_str()
                );
                let spans = value.spans();
                $name::from_parts(value.into_inner(), spans)
            }
        }
    )*};
}

for_each_shape!(shapes);

macro_rules! with_scheme {
    ($($name:ident),*) => {$(
        impl<T: Deref<Target = str>> WithScheme for $name<T> {}
    )*};
}

for_each_with_scheme!(with_scheme);

macro_rules! uri_reference {
    ($($name:ident => $iri:ident),*) => {$(
        impl<T: Deref<Target = str>> UriReference for $name<T> {}
    )*};
}

for_each_uri!(uri_reference);

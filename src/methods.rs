//! The common case as methods, with the default options: `iri.normalize()`, `iri.to_uri()`,
//! `uri.to_iri()`, `base.resolve(&reference)`, `base.relativize(&target)`,
//! `a.equivalent(&b, level)`, `iri.check()`; and edits that stay valid (`with_*`). The free
//! functions ([`normalize`](crate::normalize), [`to_uri`](crate::to_uri), …) take the options.

use std::ops::Deref;

#[cfg(feature = "lint")]
use crate::checks::Diagnostic;
use crate::edit::{edit, EditError, Part};
use crate::normalize::{Level, NormalizeOptions};
use crate::to_iri::ToIriOptions;
use crate::to_uri::map_step_2;
use crate::types::{for_each_shape, for_each_uri, for_each_with_scheme};
use crate::types::{AbsoluteIri, AbsoluteUri, Iri, IriRef, RelativeIriRef, RelativeUriRef, Uri, UriRef};
use crate::types::{Built, Reference, WithScheme};

/// For every type: normalization, IRI → URI, equivalence, checks, and the edits of the path,
/// query and authority.
macro_rules! every_type {
    ($($name:ident => $iri:ident, $uri:ident;)*) => {$(
        impl<T: Deref<Target = str>> $name<T> {
            /// Syntax- and scheme-based normalization (RFC 3987 §5.3.2, §5.3.3) with the default
            /// [`NormalizeOptions`] (NFC and IDN off); [`normalize`](crate::normalize) takes
            /// options.
            #[doc = concat!("A `", stringify!($name), "` gives a `", stringify!($iri), "`.")]
            pub fn normalize(&self) -> $iri<String> {
                crate::normalize(self, &NormalizeOptions::default())
            }

            /// The URI (RFC 3987 §3.1 step 2: each non-ASCII character as its UTF-8 octets,
            /// `%HH`), which cannot fail; [`to_uri`](crate::to_uri) takes options (IDNA for
            /// hosts, a legacy charset for the query).
            #[doc = concat!("A `", stringify!($name), "` gives a `", stringify!($uri), "`.")]
            pub fn to_uri(&self) -> $uri<String> {
                $uri::built(map_step_2(&self.as_iri_ref()).into())
            }

            /// Whether `other`, of any parsed type, is equivalent at `level` of the comparison
            /// ladder (RFC 3987 §5.3); [`CompareOptions`](crate::CompareOptions) has the rest.
            pub fn equivalent<O: Reference>(&self, other: &O, level: Level) -> bool {
                crate::equivalent(self, other, level)
            }

            /// The findings of the checks beyond the grammar ([`check`](crate::check)).
            /// Feature `lint`.
            #[cfg(feature = "lint")]
            pub fn check(&self) -> Vec<Diagnostic> {
                crate::check(self)
            }

            /// The same reference with its path replaced by `path`, written as in an IRI
            /// (percent-encodings included): an error when it does not match `ipath` (RFC 3987
            /// §2.2) or does not fit the other components (RFC 3986 §3.3: after an authority
            /// it is empty or begins with "/"; without one it does not begin with "//"; in a
            /// relative reference its first segment has no ":").
            pub fn with_path(&self, path: &str) -> Result<$name<String>, EditError> {
                self.edited(Part::Path, Some(path))
            }

            /// The same reference with its query replaced (`None` removes the "?"): an error when
            /// it does not match `iquery` (RFC 3987 §2.2).
            pub fn with_query(&self, query: Option<&str>) -> Result<$name<String>, EditError> {
                self.edited(Part::Query, query)
            }

            /// The same reference with its authority replaced (`None` removes the "//"): an error
            /// when it does not match `iauthority` (RFC 3987 §2.2) or does not fit the path
            /// (RFC 3986 §3.3).
            pub fn with_authority(&self, authority: Option<&str>) -> Result<$name<String>, EditError> {
                self.edited(Part::Authority, authority)
            }

            fn edited(&self, part: Part, text: Option<&str>) -> Result<$name<String>, EditError> {
                let (text, spans) = edit(self.as_iri_ref(), Self::SYMBOL, part, text)?;
                Ok($name::from_parts(text, spans))
            }
        }
    )*};
}

for_each_shape!(every_type);

/// For the types that may have a fragment.
macro_rules! with_fragment {
    ($($name:ident),*) => {$(
        impl<T: Deref<Target = str>> $name<T> {
            /// The same reference with its fragment replaced (`None` removes the "#"): an error
            /// when it does not match `ifragment` (RFC 3987 §2.2).
            pub fn with_fragment(&self, fragment: Option<&str>) -> Result<$name<String>, EditError> {
                self.edited(Part::Fragment, fragment)
            }
        }
    )*};
}

with_fragment!(IriRef, Iri, RelativeIriRef, UriRef, Uri, RelativeUriRef);

/// For the types that may have a scheme: setting one never changes the other components.
macro_rules! with_scheme {
    ($($name:ident),*) => {$(
        impl<T: Deref<Target = str>> $name<T> {
            /// The same reference with this scheme: an error when it does not match `scheme`
            /// (RFC 3986 §3.1, `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
            pub fn with_scheme(&self, scheme: &str) -> Result<$name<String>, EditError> {
                self.edited(Part::Scheme, Some(scheme))
            }
        }
    )*};
}

with_scheme!(IriRef, Iri, AbsoluteIri, UriRef, Uri, AbsoluteUri);

/// For the types with a scheme: a base (RFC 3986 §5.1).
macro_rules! base {
    ($($name:ident),*) => {$(
        impl<T: Deref<Target = str>> $name<T> {
            /// Resolves `reference`, of any parsed type, against this base (RFC 3986 §5.2,
            /// RFC 3987 §6.5); see [`resolve`](crate::resolve).
            pub fn resolve<R: Reference>(&self, reference: &R) -> Iri<String> {
                crate::resolve(self, reference)
            }

            /// The shortest reference that resolves against this base to `target`; see
            /// [`relativize`](crate::relativize).
            pub fn relativize<R: WithScheme>(&self, target: &R) -> Option<IriRef<String>> {
                crate::relativize(self, target)
            }
        }
    )*};
}

for_each_with_scheme!(base);

/// For the URI types: URI → IRI.
macro_rules! uri {
    ($($name:ident => $iri:ident),*) => {$(
        impl<T: Deref<Target = str>> $name<T> {
            /// The IRI (RFC 3987 §3.2) with the default [`ToIriOptions`] (no IDNA);
            /// [`to_iri`](crate::to_iri) takes options.
            #[doc = concat!("A `", stringify!($name), "` gives a `", stringify!($iri), "`.")]
            pub fn to_iri(&self) -> $iri<String> {
                crate::to_iri(self, &ToIriOptions::new())
            }
        }
    )*};
}

for_each_uri!(uri);

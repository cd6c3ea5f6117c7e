//! The parsed types, one per start symbol: [`IriRef`], [`Iri`], [`AbsoluteIri`],
//! [`RelativeIriRef`] and their URI counterparts [`UriRef`], [`Uri`], [`AbsoluteUri`],
//! [`RelativeUriRef`].
//!
//! Each is generic over its storage, like `str`/`String`: `IriRef<&str>` is a zero-copy view of
//! borrowed text, `IriRef<String>` (the default) owns it. Equality, ordering and hashing are those
//! of the text; `Display` gives back the input exactly.

mod narrow;
mod parsed;
mod shape;

pub use narrow::{NarrowError, NotNarrow};
pub use parsed::{AbsoluteIri, AbsoluteUri, Iri, IriRef, RelativeIriRef, RelativeUriRef, Uri, UriRef};
// The tables of the parsed types, for the method forms of the passes (`src/methods.rs`), a layer
// above.
pub(crate) use parsed::{for_each_shape, for_each_uri, for_each_with_scheme};
pub(crate) use shape::sealed::Built;
pub use shape::{Reference, UriReference, WithScheme};

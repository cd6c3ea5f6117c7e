//! Conversions to and from the URI types of other crates, each behind its own feature (off by
//! default), one module per crate:
//!
//! - [`http`] (feature `http`): [`UriRef`](crate::UriRef), [`Uri`](crate::Uri) and
//!   [`AbsoluteUri`](crate::AbsoluteUri) to and from `http::Uri`, the request-target of HTTP/1.1
//!   (RFC 9112 §3.2).
//! - [`url`] (feature `url`): [`Uri`](crate::Uri) to and from `url::Url`, the WHATWG URL
//!   Standard's record, where no character changes.
//!
//! Every conversion either keeps the text exactly or fails with an error that says why: nothing
//! is dropped, rewritten or repaired on the way. Into our types, the other crate's text is
//! parsed with this crate's parser, so a value that RFC 3986 does not allow is rejected with a
//! [`ParseError`](crate::ParseError) (position, component and rule); out of them, a value the
//! other crate cannot hold as it is fails with that module's error type.

#[cfg(feature = "http")]
pub mod http;
#[cfg(feature = "url")]
pub mod url;

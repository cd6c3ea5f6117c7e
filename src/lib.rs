//! Internationalized Resource Identifiers (IRIs) exactly as RFC 3987 defines them.
//!
//! The ABNF of RFC 3987 §2.2 (with the RFC 3986 rules it reuses) is transcribed into a pest
//! grammar ([`grammar`]), which decides what is an IRI. One walk of its parse tree gives typed,
//! zero-copy components: scheme, authority (userinfo, host and its kind, port), path and its
//! `ipath-*` form, query and fragment.
//!
//! ```
//! use rfc3987::{Host, IriRef, PathKind};
//!
//! let iri = IriRef::parse("http://user@例え.テスト:8080/a/b?q#f").unwrap();
//! assert_eq!(iri.scheme(), Some("http"));
//! let authority = iri.authority().unwrap();
//! assert_eq!(authority.userinfo(), Some("user"));
//! assert_eq!(authority.host(), Host::RegName("例え.テスト"));
//! assert_eq!(authority.port_u16(), Some(8080));
//! assert_eq!(iri.path().kind(), PathKind::AbEmpty);
//! assert_eq!(iri.to_string(), "http://user@例え.テスト:8080/a/b?q#f");
//!
//! // Errors point at the first character no valid continuation allows, name the component
//! // and the rule, and say what would be valid there.
//! let err = IriRef::parse("http://[fe80::g]/").unwrap_err();
//! assert_eq!(err.byte_offset(), 14); // the "g": a group (h16), an IPv4 address or "]" may follow "::"
//! assert_eq!(err.component(), Some(rfc3987::SyntaxComponent::IpLiteral));
//! assert_eq!(err.expected(), ["h16", "dec-octet", "\"]\""]);
//! ```
//!
//! RFC 3987 §4.1 forbids the bidirectional formatting characters (U+200E, U+200F,
//! U+202A–U+202E) that the exact `ucschar` ranges of §2.2 admit; parsing checks that rule beside
//! the grammar and rejects them with an error of kind
//! [`ParseErrorKind::BidiFormattingCharacter`] at the first one.
//!
//! The passes the RFC defines work on those components:
//!
//! - IRI → URI ([`to_uri`], §3.1) and URI → IRI ([`to_iri`], §3.2), with the optional IDNA steps,
//!   lenient input ([`to_uri_lenient`]) and legacy charsets ([`decode_legacy`]);
//! - the comparison ladder of §5.3 ([`normalize`], [`equivalent`], [`CompareOptions`]);
//! - reference resolution of RFC 3986 §5.2, applied to IRIs by §6.5 ([`resolve`], [`relativize`]).
//!
//! Each pass takes any parsed type ([`Reference`]) and returns the narrowest type that always
//! holds; the common case is a method with the defaults (`iri.normalize()`, `iri.to_uri()`,
//! `uri.to_iri()`, `base.resolve(&reference)`, `base.relativize(&target)`,
//! `a.equivalent(&b, level)`). Narrower types are `TryFrom` wider ones ([`NarrowError`]), and
//! the `with_*` methods edit one component or say why the result would not fit ([`EditError`]).
//!
//! ```
//! use rfc3987::{to_iri, to_uri, IriRef, ToIriOptions, ToUriOptions};
//!
//! let iri = IriRef::parse("http://résumé.example.org/Dürst").unwrap();
//! let uri = to_uri(&iri, &ToUriOptions::new()).unwrap();
//! assert_eq!(uri.as_str(), "http://r%C3%A9sum%C3%A9.example.org/D%C3%BCrst");
//! assert_eq!(to_iri(&uri, &ToIriOptions::new()), iri);
//! # #[cfg(feature = "idna")] {
//! // With ToASCII and ToUnicode for the host (feature `idna`, on by default):
//! let uri = to_uri(&iri, &ToUriOptions::new().idna(true)).unwrap();
//! assert_eq!(uri.as_str(), "http://xn--rsum-bpad.example.org/D%C3%BCrst");
//! let back = to_iri(&uri, &ToIriOptions::new().idn_unicode(true));
//! assert_eq!(back, iri);
//! # }
//! ```
//!
//! # Features
//!
//! The default features make the whole RFC; without them (`default-features = false`) the
//! library is the grammar, the explained errors, the types, resolution and relativization,
//! syntax- and scheme-based normalization, IRI → URI without IDNA and URI → IRI, and depends
//! only on pest's crates, `percent-encoding` and `memchr`. An item that needs a feature that is
//! off does not exist (a compile error, never a silent difference); its documentation names the
//! feature.
//!
//! - `idna` (default): ToASCII (§3.1), ToUnicode (§3.2.1) and IDN normalization (§5.3.3).
//! - `nfc` (default): NFC character normalization (§5.3.2.2).
//! - `legacy-charsets` (default): [`decode_legacy`] (§3.1 step 1b) and the HTTP query charset.
//! - `bidi` (default): [`display_form`] (§4.1) and [`visual_order`] (§4.4).
//! - `lint` (default): the checks beyond the grammar ([`lint`], [`check`], [`CODES`]).
//! - `unicode-width` (default): the caret under a parse error by terminal columns; without it
//!   every character counts one column.
//! - `serde`: every parsed type serializes as its string and deserializes by parsing.
//! - `arrow`: `arrow::Batch` applies the passes to whole Apache Arrow string arrays, on all
//!   cores.
//! - `http`, `url`: conversions between the URI types and `http::Uri` or `url::Url`, lossless
//!   or an error that says why (the `interop` module).
//!
//! # The guide
//!
//! The guide (an mdBook in the repository's `docs/`) has a chapter for each audience: the
//! [Rust library](https://github.com/rfc3987/rfc3987/blob/main/docs/src/rust.md) (with its
//! [errors](https://github.com/rfc3987/rfc3987/blob/main/docs/src/rust-errors.md) and the
//! [features' dependencies](https://github.com/rfc3987/rfc3987/blob/main/docs/src/rust-features.md)),
//! the `iri` tool, Python, JavaScript, SQL, C, and the
//! [RFC coverage](https://github.com/rfc3987/rfc3987/blob/main/docs/src/rfc-coverage.md): each
//! section of the RFC, the module that implements it and the tests that check it.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// pest_derive without its `std` feature refers to `alloc` (see Cargo.toml).
extern crate alloc;

mod abnf;
mod abnf_rule;
#[cfg(feature = "arrow")]
pub mod arrow;
mod automaton;
mod build;
mod bytes;
mod chars;
#[cfg(feature = "lint")]
mod checks;
mod components;
#[cfg(feature = "compression")]
pub mod compression;
mod display;
mod edit;
mod error;
mod explain;
mod fields;
pub mod grammar;
#[cfg(feature = "idna")]
mod idn;
#[cfg(any(feature = "http", feature = "url"))]
pub mod interop;
#[cfg(feature = "legacy-charsets")]
mod legacy;
mod methods;
mod normalize;
mod parse;
mod pct;
mod pest_grammar;
mod preprocess;
pub mod rdf;
mod recompose;
mod repair;
mod resolve;
mod scan;
mod to_iri;
mod to_uri;
mod tree;
mod types;
mod utf8;
#[cfg(feature = "bidi")]
mod visual;
mod walk;

pub use abnf_rule::AbnfRule;
pub use build::{decode, encode, BuildError, Component, DecodeUtf8Error, IriBuilder};
#[cfg(feature = "lint")]
pub use checks::{check, lint, lint_as, Diagnostic, Severity, CODES};
pub use components::{Authority, ComponentRanges, Host, HostKind, Path, PathKind};
pub use display::display_with;
pub use edit::EditError;
pub use error::{must_escape, printable, ParseError, ParseErrorKind, SyntaxComponent};
pub use fields::{ParsedFields, RowError};
#[cfg(feature = "idna")]
pub use idn::IdnaError;
#[cfg(feature = "legacy-charsets")]
pub use legacy::{decode_legacy, DecodeError};
pub use normalize::{
    equivalent, normalize, CompareOptions, Level, NormalizeOptions, UnknownLevel, SCHEME_DEFAULTS,
};
pub use parse::{validate, validate_with_grammar, StartSymbol};
pub use preprocess::{split_references, trim_ascii_whitespace};
pub use repair::{repair, MAX_REPAIRS};
pub use resolve::{relativize, remove_dot_segments, resolve, resolve_non_strict};
pub use to_iri::{to_iri, ToIriOptions};
#[cfg(feature = "idna")]
pub use to_uri::DNS_SCHEMES;
pub use to_uri::{to_uri, to_uri_lenient, ToUriError, ToUriOptions};
pub use tree::parse_tree;
pub use types::{
    AbsoluteIri, AbsoluteUri, Iri, IriRef, NarrowError, NotNarrow, Reference, RelativeIriRef, RelativeUriRef,
    Uri, UriRef, UriReference, WithScheme,
};
pub use utf8::{column_of, decode_utf8, utf8_complete_len, NotUtf8};
#[cfg(feature = "bidi")]
pub use visual::{display_form, visual_order};

/// Whether the whole of `input` matches the ABNF rule `name` of RFC 3987 §2.2 (or of the
/// RFC 3986 rules it reuses), in the RFC's spelling: `IPv6address`, `ipath-abempty`,
/// `iunreserved`, `ucschar`, `dec-octet`. The grammar alone, read as ABNF (see [`grammar`]).
///
/// ```
/// assert_eq!(rfc3987::matches("IPv6address", "2001:db8::7"), Ok(true));
/// assert_eq!(rfc3987::matches("isegment", "a/b"), Ok(false));
/// assert_eq!(rfc3987::matches("ucschar", "\u{E000}"), Ok(false)); // iprivate, not ucschar
/// assert!(rfc3987::matches("hostname", "example.org").is_err());
/// ```
pub fn matches(name: &str, input: &str) -> Result<bool, grammar::UnknownRule> {
    Ok(grammar::matches(grammar::rule_named(name)?, input))
}

/// The Rust examples of the Markdown files are compiled and run as doctests, with the default
/// features (the whole RFC, as the pages describe it): the README, the crate's page on crates.io
/// (`src/README.md`, the package's `readme`) and the guide's chapters (`docs/src/`, the mdBook).
/// `tests/docs.rs` checks that every Markdown file with Rust blocks is included here.
#[cfg(all(
    doctest,
    feature = "idna",
    feature = "nfc",
    feature = "legacy-charsets",
    feature = "bidi",
    feature = "lint",
    feature = "unicode-width"
))]
pub mod markdown_doctests {
    #[doc = include_str!("../README.md")]
    pub struct Readme;
    #[doc = include_str!("README.md")]
    pub struct CratesIoReadme;
    #[doc = include_str!("../docs/src/rust.md")]
    pub struct GuideRust;
    #[doc = include_str!("../docs/src/rust-errors.md")]
    pub struct GuideRustErrors;
    #[doc = include_str!("../docs/src/rust-rules.md")]
    pub struct GuideRustRules;
}

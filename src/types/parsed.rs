//! The eight parsed types themselves: their definitions, the text and spans each holds, how each
//! is parsed, and the traits every one has (`Display`, `FromStr`, `Eq` and `Ord` on the text,
//! the widening `From`s, optional `serde`). The narrowing conversions and the shapes the passes
//! use are the sibling modules, which read these.

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use crate::components::{Authority, ComponentRanges, Path, Spans};
use crate::error::ParseError;
use crate::parse::{grammar_spans, StartSymbol};

/// The eight parsed types, each with the IRI type and the URI type of the same shape (what
/// normalization and IRI → URI give; see [`Reference`](crate::Reference)): `$m!` is called on
/// the table, the one place it is written.
macro_rules! for_each_shape {
    ($m:ident) => {
        $m! {
            IriRef => IriRef, UriRef;
            Iri => Iri, Uri;
            AbsoluteIri => AbsoluteIri, AbsoluteUri;
            RelativeIriRef => RelativeIriRef, RelativeUriRef;
            UriRef => IriRef, UriRef;
            Uri => Iri, Uri;
            AbsoluteUri => AbsoluteIri, AbsoluteUri;
            RelativeUriRef => RelativeIriRef, RelativeUriRef;
        }
    };
}

/// The types whose values always have a scheme ([`WithScheme`](crate::WithScheme)).
macro_rules! for_each_with_scheme {
    ($m:ident) => {
        $m!(Iri, AbsoluteIri, Uri, AbsoluteUri);
    };
}

/// The URI types ([`UriReference`](crate::UriReference)), each with its IRI type.
macro_rules! for_each_uri {
    ($m:ident) => {
        $m!(UriRef => IriRef, Uri => Iri, AbsoluteUri => AbsoluteIri, RelativeUriRef => RelativeIriRef);
    };
}

// The tables above, for the shapes of the passes (`shape.rs`) and their method forms
// (`src/methods.rs`, a layer above).
pub(crate) use {for_each_shape, for_each_uri, for_each_with_scheme};

/// Equality with text, both ways: a parsed value equals the strings that hold its text.
macro_rules! eq_text {
    ($name:ident: $($text:ty),*) => {$(
        impl<T: Deref<Target = str>> PartialEq<$text> for $name<T> {
            fn eq(&self, other: &$text) -> bool {
                *self.text == *AsRef::<str>::as_ref(other)
            }
        }

        impl<T: Deref<Target = str>> PartialEq<$name<T>> for $text {
            fn eq(&self, other: &$name<T>) -> bool {
                *AsRef::<str>::as_ref(self) == *other.text
            }
        }
    )*};
}

macro_rules! parsed_type {
    ($(#[$doc:meta])* $name:ident, $symbol:expr, $example:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name<T = String> {
            text: T,
            spans: Spans,
        }

        impl<T: Deref<Target = str>> $name<T> {
            #[doc = concat!("Parses the whole text as `", stringify!($name), "`'s start symbol.")]
            ///
            /// ```
            #[doc = concat!("let parsed = rfc3987::", stringify!($name), "::parse(", stringify!($example), ").unwrap();")]
            #[doc = concat!("assert_eq!(parsed.as_str(), ", stringify!($example), ");")]
            /// ```
            pub fn parse(text: T) -> Result<Self, ParseError> {
                // Built in place, so that the spans are not copied on their way out.
                let mut parsed = $name { text, spans: Spans::empty() };
                crate::parse::spans_into(&parsed.text, $symbol, &mut parsed.spans)?;
                Ok(parsed)
            }

            /// Parses like [`parse`](Self::parse), with the pest grammar deciding alone (no
            /// fast path): the same result, slower. For those who want the transcription of the
            /// ABNF itself to be the judge.
            pub fn parse_with_grammar(text: T) -> Result<Self, ParseError> {
                let spans = grammar_spans(&text, $symbol)?;
                Ok($name { text, spans })
            }

            /// The hand-written scanner alone, with no fallback to the grammar: `None` where it
            /// rejects. Not part of the API: the tests and fuzz targets use it to check that the
            /// scanner accepts exactly what the grammar accepts (a scanner that wrongly rejected
            /// would otherwise be hidden by the fallback of [`parse`](Self::parse)).
            #[doc(hidden)]
            pub fn parse_with_scanner(text: T) -> Option<Self> {
                let spans = crate::scan::scan(&text, $symbol)?;
                Some($name { text, spans })
            }

            /// The start symbol this type holds.
            pub const SYMBOL: StartSymbol = $symbol;

            /// The text, exactly as parsed.
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// Gives back the storage.
            pub fn into_inner(self) -> T {
                self.text
            }

            /// A zero-copy view of this value.
            pub fn view(&self) -> $name<&str> {
                $name { text: &self.text, spans: self.spans }
            }

            /// An owned copy of this value.
            pub fn into_owned(self) -> $name<String> {
                $name { text: self.text.to_string(), spans: self.spans }
            }

            /// `scheme` (RFC 3986 §3.1), without the ":"; `None` for a relative reference.
            #[inline]
            pub fn scheme(&self) -> Option<&str> {
                self.spans.scheme.map(|s| s.of(&self.text))
            }

            /// `iauthority` (RFC 3987 §2.2), when the reference has "//".
            #[inline]
            pub fn authority(&self) -> Option<Authority<'_>> {
                self.spans.authority.map(|a| Authority::new(&self.text, a))
            }

            /// The path (one of the `ipath-*` rules of RFC 3987 §2.2); always present, maybe empty.
            #[inline]
            pub fn path(&self) -> Path<'_> {
                Path::new(self.spans.path.of(&self.text), self.spans.path_kind)
            }

            /// `iquery` (RFC 3987 §2.2), without the "?"; `Some("")` for a bare "?".
            #[inline]
            pub fn query(&self) -> Option<&str> {
                self.spans.query.map(|s| s.of(&self.text))
            }

            /// `ifragment` (RFC 3987 §2.2), without the "#"; `Some("")` for a bare "#".
            #[inline]
            pub fn fragment(&self) -> Option<&str> {
                self.spans.fragment.map(|s| s.of(&self.text))
            }

            /// Where each component is in [`as_str`](Self::as_str), as byte ranges (the
            /// delimiters excluded, as the accessors above give them): for bindings that hand
            /// out offsets rather than strings, such as the C library.
            ///
            /// ```
            #[doc = concat!("let iri = rfc3987::", stringify!($name), "::parse(", stringify!($example), ").unwrap();")]
            /// let ranges = iri.ranges();
            /// assert_eq!(&iri.as_str()[ranges.path.clone()], iri.path().as_str());
            /// assert_eq!(ranges.query.map(|r| &iri.as_str()[r]), iri.query());
            /// ```
            pub fn ranges(&self) -> ComponentRanges {
                ComponentRanges::of(&self.spans)
            }

            /// Where the components are.
            #[inline]
            pub(crate) fn spans(&self) -> Spans {
                self.spans
            }

            /// A value whose spans were recorded while its text was written (recomposition).
            #[inline]
            pub(crate) fn from_parts(text: T, spans: Spans) -> Self {
                $name { text, spans }
            }
        }

        impl<T: Deref<Target = str>> fmt::Display for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl<T: Deref<Target = str>> fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($name)).field(&&*self.text).finish()
            }
        }

        impl<T: Deref<Target = str>> AsRef<str> for $name<T> {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }

        /// The text: every `str` method reads the IRI as written.
        impl<T: Deref<Target = str>> Deref for $name<T> {
            type Target = str;
            fn deref(&self) -> &str {
                &self.text
            }
        }

        /// Equality, ordering and hashing are those of the text, so a set of parsed values
        /// can be searched with a `&str`.
        impl<T: Deref<Target = str>> Borrow<str> for $name<T> {
            fn borrow(&self) -> &str {
                &self.text
            }
        }

        impl<T: Deref<Target = str>, U: Deref<Target = str>> PartialEq<$name<U>> for $name<T> {
            fn eq(&self, other: &$name<U>) -> bool {
                *self.text == *other.text
            }
        }

        impl<T: Deref<Target = str>> Eq for $name<T> {}

        eq_text!($name: str, &str, String);

        impl<T: Deref<Target = str>> PartialOrd for $name<T> {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl<T: Deref<Target = str>> Ord for $name<T> {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.text.cmp(&other.text)
            }
        }

        impl<T: Deref<Target = str>> std::hash::Hash for $name<T> {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                (*self.text).hash(state)
            }
        }

        impl FromStr for $name<String> {
            type Err = ParseError;
            fn from_str(s: &str) -> Result<Self, ParseError> {
                $name::parse(s.to_string())
            }
        }

        impl<'a> TryFrom<&'a str> for $name<&'a str> {
            type Error = ParseError;
            fn try_from(s: &'a str) -> Result<Self, ParseError> {
                $name::parse(s)
            }
        }

        impl TryFrom<String> for $name<String> {
            type Error = ParseError;
            fn try_from(s: String) -> Result<Self, ParseError> {
                $name::parse(s)
            }
        }

        impl<T: Deref<Target = str>> From<$name<T>> for String {
            fn from(value: $name<T>) -> String {
                value.text.to_string()
            }
        }

        #[cfg(feature = "serde")]
        impl<T: Deref<Target = str>> serde::Serialize for $name<T> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.text)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $name<String> {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let s = String::deserialize(deserializer)?;
                $name::parse(s).map_err(serde::de::Error::custom)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de: 'a, 'a> serde::Deserialize<'de> for $name<&'a str> {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let s = <&'a str>::deserialize(deserializer)?;
                $name::parse(s).map_err(serde::de::Error::custom)
            }
        }
    };
}

/// Equality across the parsed types is that of the text, as within each: `Iri("a:b")` equals
/// `IriRef("a:b")`.
macro_rules! eq_across {
    ($first:ident $(, $rest:ident)*) => {
        $(
            impl<T: Deref<Target = str>, U: Deref<Target = str>> PartialEq<$rest<U>> for $first<T> {
                fn eq(&self, other: &$rest<U>) -> bool {
                    *self.text == *other.text
                }
            }

            impl<T: Deref<Target = str>, U: Deref<Target = str>> PartialEq<$first<U>> for $rest<T> {
                fn eq(&self, other: &$first<U>) -> bool {
                    *self.text == *other.text
                }
            }
        )*
        eq_across!($($rest),*);
    };
    () => {};
}

/// Every value of the narrower type is a value of the wider one, with the same components.
macro_rules! widen {
    ($($narrow:ident => $wide:ident),* $(,)?) => {$(
        impl<T: Deref<Target = str>> From<$narrow<T>> for $wide<T> {
            fn from(value: $narrow<T>) -> Self {
                $wide { text: value.text, spans: value.spans }
            }
        }
    )*};
}

parsed_type!(
    /// An `IRI-reference` (RFC 3987 §2.2): an IRI or a relative reference.
    ///
    /// ```
    /// use rfc3987::{HostKind, IriRef};
    ///
    /// let r = IriRef::parse("http://例え.テスト/パス?q=値#frag").unwrap();
    /// assert_eq!(r.scheme(), Some("http"));
    /// assert_eq!(r.authority().unwrap().host_kind(), HostKind::RegName);
    /// assert_eq!(r.path().as_str(), "/パス");
    /// assert_eq!(r.query(), Some("q=値"));
    /// assert_eq!(r.fragment(), Some("frag"));
    ///
    /// let relative = IriRef::parse("../g?y").unwrap();
    /// assert_eq!(relative.scheme(), None);
    /// assert!(IriRef::parse("a b").is_err());
    /// ```
    IriRef, StartSymbol::IriReference, "../résumé.html#top"
);
parsed_type!(
    /// An `IRI` (RFC 3987 §2.2): `scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`.
    ///
    /// ```
    /// use rfc3987::Iri;
    ///
    /// let iri: Iri = "http://r\u{e9}sum\u{e9}.example.org".parse().unwrap();
    /// assert_eq!(iri.authority().unwrap().host_str(), "r\u{e9}sum\u{e9}.example.org");
    /// assert!(Iri::parse("//example.org/").is_err()); // a relative reference is not an IRI
    /// ```
    Iri, StartSymbol::Iri, "http://résumé.example.org/"
);
parsed_type!(
    /// An `absolute-IRI` (RFC 3987 §2.2): an IRI without a fragment.
    AbsoluteIri, StartSymbol::AbsoluteIri, "urn:isbn:978-3-16-148410-0"
);
parsed_type!(
    /// An `irelative-ref` (RFC 3987 §2.2): a reference without a scheme, whose first path segment
    /// holds no ":".
    RelativeIriRef, StartSymbol::IrelativeRef, "//例え.テスト/パス"
);
parsed_type!(
    /// A `URI-reference` (RFC 3986 §4.1): an IRI reference with ASCII characters only.
    UriRef, StartSymbol::UriReference, "../r%C3%A9sum%C3%A9.html"
);
parsed_type!(
    /// A `URI` (RFC 3986 §3): an IRI with ASCII characters only.
    Uri, StartSymbol::Uri, "http://xn--rsum-bpad.example.org/"
);
parsed_type!(
    /// An `absolute-URI` (RFC 3986 §4.3): a URI without a fragment.
    AbsoluteUri, StartSymbol::AbsoluteUri, "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"
);
parsed_type!(
    /// A `relative-ref` (RFC 3986 §4.2): a relative reference with ASCII characters only.
    RelativeUriRef, StartSymbol::RelativeRef, "g;x?y#s"
);

widen!(
    Iri => IriRef,
    AbsoluteIri => Iri,
    AbsoluteIri => IriRef,
    RelativeIriRef => IriRef,
    UriRef => IriRef,
    Uri => Iri,
    Uri => IriRef,
    Uri => UriRef,
    AbsoluteUri => AbsoluteIri,
    AbsoluteUri => Uri,
    RelativeUriRef => RelativeIriRef,
    RelativeUriRef => UriRef,
    AbsoluteUri => IriRef,
    AbsoluteUri => Iri,
    AbsoluteUri => UriRef,
    RelativeUriRef => IriRef,
);

eq_across!(
    IriRef,
    Iri,
    AbsoluteIri,
    RelativeIriRef,
    UriRef,
    Uri,
    AbsoluteUri,
    RelativeUriRef
);

impl<T: Deref<Target = str>> IriRef<T> {
    /// Parses the whole text as `symbol`, a start symbol chosen at run time (a binding, a
    /// tool's option), and holds it as an IRI reference, which every start symbol's matches are
    /// (RFC 3987 §2.2, RFC 3986 §4.1). [`Iri::try_from`] and the other narrowings give the
    /// narrower type back without parsing again.
    ///
    /// ```
    /// use rfc3987::{IriRef, StartSymbol};
    ///
    /// let uri = IriRef::parse_as("http://example.org/", StartSymbol::Uri).unwrap();
    /// assert_eq!(uri.scheme(), Some("http"));
    /// assert!(IriRef::parse_as("http://例え.jp/", StartSymbol::Uri).is_err());
    /// assert!(IriRef::parse_as("//example.org/", StartSymbol::AbsoluteIri).is_err());
    /// ```
    pub fn parse_as(text: T, symbol: StartSymbol) -> Result<Self, ParseError> {
        let mut parsed = IriRef {
            text,
            spans: Spans::empty(),
        };
        crate::parse::spans_into(&parsed.text, symbol, &mut parsed.spans)?;
        Ok(parsed)
    }
}

//! The comparison ladder of RFC 3987 §5.3: syntax-based normalization (§5.3.2), scheme-based
//! normalization (§5.3.3), and equivalence at each level.

use std::borrow::Cow;
use std::ops::Deref;

use unicode_normalization::UnicodeNormalization;

use crate::chars::{is_iprivate, is_iunreserved, is_unreserved};
use crate::components::HostSpans;
use crate::pct::decode_where;
use crate::recompose::Recomposer;
use crate::resolve::remove_dot_segments;
use crate::types::IriRef;

/// A rung of the comparison ladder (RFC 3987 §5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum Level {
    /// §5.3.1 simple string comparison: character by character, nothing mapped.
    Simple,
    /// §5.3.2 syntax-based normalization: case, percent-encoding, path segments.
    Syntax,
    /// §5.3.3 scheme-based normalization, which includes the syntax-based one.
    #[default]
    Scheme,
}

/// The schemes whose defaults scheme-based normalization knows (RFC 3987 §5.3.3, RFC 3986
/// §6.2.3): the default port, and "/" for an empty path after an authority.
///
/// | scheme | default port | defined in |
/// |---|---|---|
/// | `http` | 80 | RFC 9110 §4.2.1 |
/// | `https` | 443 | RFC 9110 §4.2.2 |
/// | `ws` | 80 | RFC 6455 §3 |
/// | `wss` | 443 | RFC 6455 §3 |
/// | `ftp` | 21 | RFC 1738 §3.2 |
pub const SCHEME_DEFAULTS: &[(&str, u16)] = &[
    ("http", 80),
    ("https", 443),
    ("ws", 80),
    ("wss", 443),
    ("ftp", 21),
];

/// What [`normalize`] does.
///
/// ```
/// use rfc3987::{normalize, IriRef, Level, NormalizeOptions};
///
/// let iri = IriRef::parse("HTTP://www.EXAMPLE.com:80/a/./b/../%7euser").unwrap();
/// assert_eq!(normalize(&iri, &NormalizeOptions::new(Level::Syntax)).as_str(), "http://www.example.com:80/a/~user");
/// assert_eq!(normalize(&iri, &NormalizeOptions::default()).as_str(), "http://www.example.com/a/~user");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct NormalizeOptions {
    level: Level,
    nfc: bool,
    idn: bool,
}

impl NormalizeOptions {
    /// Normalization up to `level` (default: [`Level::Scheme`]); NFC and IDN off.
    pub fn new(level: Level) -> Self {
        NormalizeOptions {
            level,
            nfc: false,
            idn: false,
        }
    }

    /// Character normalization to NFC (RFC 3987 §5.3.2.2), off by default.
    ///
    /// The RFC warns that comparison "MUST rely on" IRIs being created in NFC where they are
    /// created (§5.3.2.2): normalizing them afterwards may make equal what the creators meant to
    /// be different, and it is not applied to an IRI before it is used for retrieval.
    pub fn nfc(mut self, on: bool) -> Self {
        self.nfc = on;
        self
    }

    /// IDN normalization of reg-name hosts (RFC 3987 §5.3.3) with the UTS #46 mapping and
    /// ToUnicode of the `idna` crate, so that `xn--rsum-bpad` and `résumé` compare equal. Off
    /// by default. A host that the mapping rejects is left as it is.
    pub fn idn(mut self, on: bool) -> Self {
        self.idn = on;
        self
    }
}

/// Normalizes an IRI reference as `options` say (RFC 3987 §5.3.2 and §5.3.3).
///
/// Syntax-based (§5.3.2): the scheme and ASCII letters of the host to lowercase, the hex digits
/// of percent-encodings to uppercase (§5.3.2.1); percent-encoded `iunreserved` characters decoded
/// — `ucschar`, and `iprivate` in the query — but never reserved characters and never octets that
/// are not strictly legal UTF-8 (§5.3.2.3); dot segments removed from the path of an IRI with a
/// scheme (§5.3.2.4; a relative reference keeps them, they mean something until it is resolved).
///
/// Scheme-based (§5.3.3), on top: an empty port, or the default port of a scheme in
/// [`SCHEME_DEFAULTS`], is dropped; for those schemes an empty path after an authority becomes
/// "/". An empty query or fragment is never dropped (`http://example.com/?` keeps its "?").
///
/// The result is idempotent, and a path never becomes an authority (`foo:.///bar` becomes
/// `foo:/.//bar`, not `foo://bar`).
pub fn normalize<T: Deref<Target = str>>(iri: &IriRef<T>, options: &NormalizeOptions) -> IriRef<String> {
    if options.level == Level::Simple {
        return iri.view().into_owned();
    }
    let scheme_level = options.level >= Level::Scheme;
    let mut out = Recomposer::with_capacity(iri.as_str().len());
    let scheme = iri.scheme().map(|s| s.to_ascii_lowercase());
    let defaults = scheme
        .as_deref()
        .and_then(|s| SCHEME_DEFAULTS.iter().find(|(name, _)| *name == s));
    if let Some(scheme) = &scheme {
        out.scheme(scheme);
    }
    let char_norm = |s: Cow<'_, str>| -> String {
        if options.nfc {
            s.nfc().collect()
        } else {
            s.into_owned()
        }
    };
    if let Some(authority) = iri.authority() {
        let userinfo = authority
            .userinfo()
            .map(|u| char_norm(percent_encoding(u, false)));
        let host = match authority.host_spans() {
            HostSpans::RegName => {
                let mut host = lowercase_ascii_outside_pct(&percent_encoding(authority.host_str(), false));
                if options.idn && !host.contains('%') {
                    let (unicode, result) = idna::domain_to_unicode(&host);
                    if result.is_ok() {
                        host = unicode;
                    }
                }
                char_norm(Cow::Owned(host))
            }
            // IP literals and IPv4 addresses are ASCII and case-insensitive throughout.
            _ => authority.host_str().to_ascii_lowercase(),
        };
        let port = authority.port().filter(|port| {
            !(scheme_level
                && (port.is_empty()
                    || defaults.is_some_and(|&(_, default)| authority.port_u16() == Some(default))))
        });
        out.authority_parts(userinfo.as_deref(), &host, authority.host_spans(), port);
    }
    let mut path = char_norm(percent_encoding(iri.path().as_str(), false));
    if scheme.is_some() {
        path = remove_dot_segments(&path);
    }
    if scheme_level && path.is_empty() && iri.authority().is_some() && defaults.is_some() {
        path.push('/');
    }
    out.path(&path);
    if let Some(query) = iri.query() {
        out.query(&char_norm(percent_encoding(query, true)));
    }
    if let Some(fragment) = iri.fragment() {
        out.fragment(&char_norm(percent_encoding(fragment, false)));
    }
    let (text, spans) = out.finish();
    IriRef::from_parts(text, spans)
}

/// RFC 3987 §5.3.2.3 on one component: `%HH` runs that encode an `iunreserved` character (or
/// an `iprivate` one, in the query) are decoded; the rest keep uppercase hex (§5.3.2.1).
fn percent_encoding(component: &str, in_query: bool) -> Cow<'_, str> {
    decode_where(component, |c| {
        is_unreserved(c) || (!c.is_ascii() && (is_iunreserved(c) || in_query && is_iprivate(c)))
    })
}

/// RFC 3987 §5.3.2.1: ASCII letters of a host to lowercase, except inside `%HH` (whose hex
/// digits §5.3.2.1 puts in uppercase, as `percent_encoding` already did).
pub(crate) fn lowercase_ascii_outside_pct(host: &str) -> String {
    let mut out = String::with_capacity(host.len());
    let mut pct = 0;
    for c in host.chars() {
        if c == '%' {
            pct = 2;
            out.push(c);
        } else if pct > 0 {
            pct -= 1;
            out.push(c);
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// What [`equivalent`] compares.
///
/// ```
/// use rfc3987::{CompareOptions, IriRef, Level};
///
/// let a = IriRef::parse("http://example.com/a#x").unwrap();
/// let b = IriRef::parse("http://example.com:80/a#y").unwrap();
/// assert!(!CompareOptions::new(Level::Scheme).equivalent(&a, &b));
/// assert!(CompareOptions::new(Level::Scheme).exclude_fragment(true).equivalent(&a, &b));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CompareOptions {
    normalize: NormalizeOptions,
    exclude_fragment: bool,
}

impl CompareOptions {
    /// Comparison at `level` of the ladder, fragments included.
    pub fn new(level: Level) -> Self {
        CompareOptions {
            normalize: NormalizeOptions::new(level),
            exclude_fragment: false,
        }
    }

    /// Leaves fragments out of the comparison, as comparisons that select a network action
    /// should (RFC 3987 §5.1: "fragment identifiers ... are not part of the retrieval").
    pub fn exclude_fragment(mut self, on: bool) -> Self {
        self.exclude_fragment = on;
        self
    }

    /// Normalizes both sides with these options (NFC, IDN) before comparing.
    pub fn normalize_options(mut self, options: NormalizeOptions) -> Self {
        self.normalize = options;
        self
    }

    /// Whether `a` and `b` are equivalent under these options.
    pub fn equivalent<A, B>(&self, a: &IriRef<A>, b: &IriRef<B>) -> bool
    where
        A: Deref<Target = str>,
        B: Deref<Target = str>,
    {
        let a = normalize(a, &self.normalize);
        let b = normalize(b, &self.normalize);
        if self.exclude_fragment {
            without_fragment(&a) == without_fragment(&b)
        } else {
            a.as_str() == b.as_str()
        }
    }
}

fn without_fragment(iri: &IriRef<String>) -> &str {
    match iri.fragment() {
        Some(f) => &iri.as_str()[..iri.as_str().len() - f.len() - 1],
        None => iri.as_str(),
    }
}

/// Whether `a` and `b` are equivalent at `level` of the comparison ladder (RFC 3987 §5.3):
/// both are normalized to that level and compared character by character. Percent-encodings are
/// aligned as §5.3.2.3 says, so `r%C3%A9sum%C3%A9` and `résumé` are equivalent from
/// [`Level::Syntax`] on.
///
/// ```
/// use rfc3987::{equivalent, IriRef, Level};
///
/// let a = IriRef::parse("http://example.org/r%C3%A9sum%C3%A9").unwrap();
/// let b = IriRef::parse("http://example.org/résumé").unwrap();
/// assert!(!equivalent(&a, &b, Level::Simple));
/// assert!(equivalent(&a, &b, Level::Syntax));
/// ```
pub fn equivalent<A, B>(a: &IriRef<A>, b: &IriRef<B>, level: Level) -> bool
where
    A: Deref<Target = str>,
    B: Deref<Target = str>,
{
    CompareOptions::new(level).equivalent(a, b)
}

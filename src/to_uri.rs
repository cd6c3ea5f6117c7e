//! Mapping IRIs to URIs (RFC 3987 §3.1 step 2), with the optional ToASCII conversion of host
//! names, the HTTP query-encoding special case, and lenient input.

use std::fmt;
use std::ops::Deref;

#[cfg(feature = "legacy-charsets")]
use encoding_rs::Encoding;

use crate::bytes::next_non_ascii;
#[cfg(feature = "idna")]
use crate::components::HostSpans;
use crate::error::ParseError;
#[cfg(feature = "idna")]
use crate::idn::{self, IdnaError};
#[cfg(feature = "legacy-charsets")]
use crate::legacy::DecodeError;
use crate::pct::encode_octets;
use crate::preprocess::{encode_unwise, is_unwise};
use crate::recompose::Recomposer;
use crate::types::{Built, IriRef, Reference, UriRef};

/// Schemes known to use DNS host names in `ireg-name`, for which [`ToUriOptions::idna`] converts
/// the host with ToASCII (RFC 3987 §3.1) and [`ToIriOptions::idn_unicode`] converts `xn--`
/// labels back (§3.2.1). Override with [`ToUriOptions::dns_schemes`].
///
/// | scheme | host is a DNS name per |
/// |---|---|
/// | `http`, `https` | RFC 9110 §4.2 |
/// | `ws`, `wss` | RFC 6455 §3 |
/// | `ftp` | RFC 1738 §3.2 |
/// | `file` | RFC 8089 §2 |
///
/// [`ToIriOptions::idn_unicode`]: crate::ToIriOptions::idn_unicode
///
/// Feature `idna`.
#[cfg(feature = "idna")]
pub const DNS_SCHEMES: &[&str] = &["http", "https", "ws", "wss", "ftp", "file"];

/// Whether `scheme` is one of [`DNS_SCHEMES`] (schemes are case-insensitive, RFC 3986 §3.1).
#[cfg(feature = "idna")]
pub(crate) fn is_dns_scheme(scheme: &str) -> bool {
    DNS_SCHEMES.iter().any(|d| d.eq_ignore_ascii_case(scheme))
}

/// What [`to_uri`] does beyond RFC 3987 §3.1 step 2.
///
/// ```
/// # #[cfg(feature = "idna")] {
/// use rfc3987::{to_uri, IriRef, ToUriOptions};
///
/// let iri = IriRef::parse("http://résumé.example.org/ros\u{e9}").unwrap();
/// let plain = to_uri(&iri, &ToUriOptions::new()).unwrap();
/// assert_eq!(plain.as_str(), "http://r%C3%A9sum%C3%A9.example.org/ros%C3%A9");
/// let idna = to_uri(&iri, &ToUriOptions::new().idna(true)).unwrap();
/// assert_eq!(idna.as_str(), "http://xn--rsum-bpad.example.org/ros%C3%A9");
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct ToUriOptions {
    #[cfg(feature = "idna")]
    idna: bool,
    #[cfg(feature = "idna")]
    dns_schemes: Vec<String>,
    lenient: bool,
    #[cfg(feature = "legacy-charsets")]
    query_encoding: Option<&'static Encoding>,
}

impl Default for ToUriOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl ToUriOptions {
    /// The plain mapping of §3.1 step 2: no ToASCII, strict input, UTF-8 everywhere.
    pub fn new() -> Self {
        ToUriOptions {
            #[cfg(feature = "idna")]
            idna: false,
            #[cfg(feature = "idna")]
            dns_schemes: DNS_SCHEMES.iter().map(|s| s.to_string()).collect(),
            lenient: false,
            #[cfg(feature = "legacy-charsets")]
            query_encoding: None,
        }
    }

    /// RFC 3987 §3.1 (MAY): for the schemes of [`dns_schemes`](Self::dns_schemes), convert the
    /// `ireg-name` with ToASCII, label by label: UTS #46 nontransitional processing with
    /// UseSTD3ASCIIRules, where RFC 3987 cites IDNA2003 (see [`IdnaError`](crate::IdnaError) for
    /// the choices and where results differ from IDNA2003). A label ToASCII rejects is an error
    /// ([`ToUriError::Idna`]); IP literals, other schemes and the query are never converted.
    /// Feature `idna`.
    #[cfg(feature = "idna")]
    pub fn idna(mut self, on: bool) -> Self {
        self.idna = on;
        self
    }

    /// The schemes whose host is a DNS name (default: [`DNS_SCHEMES`]); compared
    /// case-insensitively. Feature `idna`.
    #[cfg(feature = "idna")]
    pub fn dns_schemes<I: IntoIterator<Item = S>, S: Into<String>>(mut self, schemes: I) -> Self {
        self.dns_schemes = schemes.into_iter().map(Into::into).collect();
        self
    }

    /// RFC 3987 §3.1 (MAY), for [`to_uri_lenient`] only: percent-encode the printable ASCII
    /// characters that URIs do not allow — space `<` `>` `"` `{` `}` `|` `\` `^` `` ` `` — before
    /// parsing. "%", "#", "[" and "]" are never converted. Off by default: they are an error.
    pub fn lenient(mut self, on: bool) -> Self {
        self.lenient = on;
        self
    }

    /// The HTTP special case (RFC 3987 §3.1 note, quoted in the 2011 IRI-processing draft
    /// §6.1): for `http` and `https` IRIs from a document whose charset is not Unicode-based,
    /// the query's characters are encoded in that charset rather than UTF-8 before
    /// percent-encoding. `label` is a WHATWG Encoding Standard label (`shift_jis`,
    /// `iso-8859-1`, ...); for UTF-8 and UTF-16, which are Unicode-based, nothing changes. Other
    /// schemes and components are never affected. A query character the charset cannot
    /// represent is an error ([`ToUriError::Unmappable`]). Feature `legacy-charsets`.
    ///
    /// ```
    /// use rfc3987::{to_uri, IriRef, ToUriOptions};
    ///
    /// let iri = IriRef::parse("http://example.org/résumé?q=résumé").unwrap();
    /// let latin1 = ToUriOptions::new().query_charset("iso-8859-1").unwrap();
    /// assert_eq!(to_uri(&iri, &latin1).unwrap().as_str(), "http://example.org/r%C3%A9sum%C3%A9?q=r%E9sum%E9");
    /// ```
    #[cfg(feature = "legacy-charsets")]
    pub fn query_charset(mut self, label: &str) -> Result<Self, DecodeError> {
        let encoding = Encoding::for_label(label.trim().as_bytes())
            .ok_or_else(|| DecodeError::UnknownLabel(label.to_string()))?;
        self.query_encoding = Some(encoding).filter(|e| e.output_encoding() != encoding_rs::UTF_8);
        Ok(self)
    }
}

/// Why an IRI could not be mapped to a URI.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ToUriError {
    /// The input is not an IRI reference (lenient input only: [`to_uri_lenient`] parses).
    Parse(ParseError),
    /// A host label that ToASCII rejects (RFC 3987 §3.1: "The ToASCII operation may fail, but
    /// this would mean that the IRI cannot be resolved"). Feature `idna`.
    #[cfg(feature = "idna")]
    Idna(IdnaError),
    /// A query character that the document charset of [`ToUriOptions::query_charset`] cannot
    /// represent. Feature `legacy-charsets`.
    #[cfg(feature = "legacy-charsets")]
    Unmappable {
        /// The character.
        character: char,
        /// The charset's WHATWG name.
        encoding: &'static str,
    },
}

impl fmt::Display for ToUriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToUriError::Parse(e) => e.fmt(f),
            #[cfg(feature = "idna")]
            ToUriError::Idna(e) => e.fmt(f),
            #[cfg(feature = "legacy-charsets")]
            ToUriError::Unmappable { character, encoding } => write!(
                f,
                "the query character {character:?} (U+{:04X}) cannot be encoded in {encoding}",
                *character as u32
            ),
        }
    }
}

impl std::error::Error for ToUriError {}

impl From<ParseError> for ToUriError {
    fn from(e: ParseError) -> Self {
        ToUriError::Parse(e)
    }
}

/// Maps an IRI reference to a URI reference (RFC 3987 §3.1 step 2): each `ucschar` or
/// `iprivate` character becomes its UTF-8 octets, each as `%HH` with uppercase hex digits.
/// ASCII and existing percent-encodings are left as they are, so the mapping is the identity
/// on URIs and idempotent. The input is taken as it is (step 1c: no normalization); use
/// [`decode_legacy`](crate::decode_legacy) for text in a legacy charset (step 1b).
///
/// ```
/// use rfc3987::{to_uri, IriRef, ToUriOptions};
///
/// // RFC 3987 §3.1: "red%09ros&#xE9;#red" keeps its %09.
/// let iri = IriRef::parse("http://www.example.org/red%09rosé#red").unwrap();
/// let uri = to_uri(&iri, &ToUriOptions::new()).unwrap();
/// assert_eq!(uri.as_str(), "http://www.example.org/red%09ros%C3%A9#red");
/// ```
///
/// Any parsed type is taken, borrowed or owned, and the result has the same shape: an
/// [`Iri`](crate::Iri) gives a [`Uri`](crate::Uri), an [`IriRef`] a [`UriRef`].
/// [`Iri::to_uri`](crate::Iri::to_uri) is this with the default options, which cannot fail.
pub fn to_uri<R: Reference>(iri: &R, options: &ToUriOptions) -> Result<R::Uri, ToUriError> {
    to_uri_ref(&iri.as_iri_ref(), options).map(|uri| R::Uri::built(uri.into()))
}

/// [`to_uri`] on the widest type.
#[inline]
fn to_uri_ref(iri: &IriRef<&str>, options: &ToUriOptions) -> Result<UriRef<String>, ToUriError> {
    let scheme = iri.scheme();
    // The scheme is looked up only when ToASCII is asked for (the host is then converted).
    #[cfg(feature = "idna")]
    let idna = options.idna
        && scheme.is_some_and(|s| options.dns_schemes.iter().any(|d| d.eq_ignore_ascii_case(s)))
        && iri
            .authority()
            .is_some_and(|a| matches!(a.host_spans(), HostSpans::RegName) && !a.host_str().is_empty());
    #[cfg(not(feature = "idna"))]
    let idna = false;
    #[cfg(feature = "legacy-charsets")]
    let charset = options.query_encoding.is_some() && iri.query().is_some_and(|q| !q.is_ascii());
    #[cfg(not(feature = "legacy-charsets"))]
    let charset = false;
    if !idna && !charset {
        return Ok(map_step_2(iri));
    }
    let mut out = Recomposer::with_capacity(iri.as_str().len() * 2);
    if let Some(scheme) = scheme {
        out.scheme(scheme);
    }
    if let Some(authority) = iri.authority() {
        let host = authority.host_str();
        let host = match authority.host_spans() {
            #[cfg(feature = "idna")]
            HostSpans::RegName if idna => idn::to_ascii(host).map_err(ToUriError::Idna)?,
            _ => encode_ucschars(host),
        };
        let userinfo = authority.userinfo().map(encode_ucschars);
        out.authority_parts(
            userinfo.as_deref(),
            &host,
            authority.host_spans(),
            authority.port(),
        );
    }
    out.path(&encode_ucschars(iri.path().as_str()));
    if let Some(query) = iri.query() {
        out.query(&encode_query(query, scheme, options)?);
    }
    if let Some(fragment) = iri.fragment() {
        out.fragment(&encode_ucschars(fragment));
    }
    let (text, spans) = out.finish();
    Ok(UriRef::from_parts(text, spans))
}

/// Parses `input` as an IRI reference and maps it to a URI reference (RFC 3987 §3.1). With
/// [`ToUriOptions::lenient`], the printable ASCII characters URIs do not allow are
/// percent-encoded first; a parse error then still points into `input` as given.
///
/// ```
/// use rfc3987::{to_uri_lenient, ToUriOptions};
///
/// let lenient = ToUriOptions::new().lenient(true);
/// assert_eq!(to_uri_lenient("http://example.org/a b|c", &lenient).unwrap().as_str(), "http://example.org/a%20b%7Cc");
/// assert!(to_uri_lenient("http://example.org/a b", &ToUriOptions::new()).is_err());
/// ```
pub fn to_uri_lenient(input: &str, options: &ToUriOptions) -> Result<UriRef<String>, ToUriError> {
    if !options.lenient {
        return to_uri(&IriRef::parse(input)?, options);
    }
    let encoded = encode_unwise(input);
    match IriRef::parse(&*encoded) {
        Ok(iri) => to_uri(&iri, options),
        // Each encoded character took three bytes for one: find the input offset it came from.
        Err(e) => {
            let mut encoded_offset = 0;
            let offset = input
                .char_indices()
                .find_map(|(i, c)| {
                    if encoded_offset >= e.byte_offset() {
                        return Some(i);
                    }
                    encoded_offset += if is_unwise(c) { 3 } else { c.len_utf8() };
                    None
                })
                .unwrap_or(input.len());
            Err(e.relocated(input, offset).into())
        }
    }
}

/// §3.1 step 2 on the whole text at once (nothing else applies): every non-ASCII character as
/// its percent-encoded UTF-8 octets.
#[inline]
pub(crate) fn map_step_2<T: Deref<Target = str>>(iri: &IriRef<T>) -> UriRef<String> {
    let text = iri.as_str();
    let mut spans = iri.spans();
    if text.is_ascii() {
        return UriRef::from_parts(text.to_string(), spans);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() * 2);
    let (first, last) = encode_non_ascii(&mut out, text);
    // Each non-ASCII octet became three bytes, so a boundary at byte `o` moves by twice the
    // non-ASCII bytes before it: none before the first, all after the last. Only boundaries
    // between the two need counting, and they come in increasing order.
    let all = out.len() - text.len();
    let (mut at, mut before) = (first, 0);
    let moved = |offset: usize| {
        if offset <= first {
            offset
        } else if offset >= last {
            offset + all
        } else {
            before += bytes[at..offset].iter().filter(|b| !b.is_ascii()).count();
            at = offset;
            offset + 2 * before
        }
    };
    spans.map_offsets(moved);
    UriRef::from_parts(out, spans)
}

/// Appends `text` with each run of non-ASCII characters (the grammar allows only `ucschar` and,
/// in the query, `iprivate`) as its percent-encoded UTF-8 octets, and ASCII copied in runs.
/// Returns the offsets in `text` of its first non-ASCII byte and of the byte after its last
/// (both 0 when there is none).
#[inline]
fn encode_non_ascii(out: &mut String, text: &str) -> (usize, usize) {
    let bytes = text.as_bytes();
    let (mut i, mut first, mut last) = (0, None, 0);
    while let Some(start) = next_non_ascii(bytes, i) {
        first = first.or(Some(start));
        // A run of non-ASCII characters: it starts and ends on character boundaries.
        out.push_str(&text[i..start]);
        let end = bytes[start..]
            .iter()
            .position(u8::is_ascii)
            .map_or(bytes.len(), |n| start + n);
        encode_octets(out, &bytes[start..end]);
        (i, last) = (end, end);
    }
    out.push_str(&text[i..]);
    (first.unwrap_or(0), last)
}

/// §3.1 step 2 on one component.
fn encode_ucschars(component: &str) -> String {
    let mut out = String::with_capacity(component.len());
    encode_non_ascii(&mut out, component);
    out
}

/// §3.1 step 2 on the query, or the HTTP special case of [`ToUriOptions::query_charset`]
/// (feature `legacy-charsets`). One function for both builds, so that the tests of the build
/// with every feature test all of it.
#[cfg_attr(not(feature = "legacy-charsets"), allow(unused_variables))]
fn encode_query(query: &str, scheme: Option<&str>, options: &ToUriOptions) -> Result<String, ToUriError> {
    #[cfg(feature = "legacy-charsets")]
    if let Some(encoding) = options.query_encoding {
        if scheme.is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https")) {
            return encode_in_charset(query, encoding);
        }
    }
    Ok(encode_ucschars(query))
}

/// The HTTP special case: each run of non-ASCII characters of the query encoded in the document
/// charset, every resulting octet percent-encoded.
#[cfg(feature = "legacy-charsets")]
fn encode_in_charset(query: &str, encoding: &'static Encoding) -> Result<String, ToUriError> {
    let mut out = String::with_capacity(query.len() * 2);
    let mut rest = query;
    while let Some(start) = rest.find(|c: char| !c.is_ascii()) {
        out.push_str(&rest[..start]);
        let run_len = rest[start..]
            .find(|c: char| c.is_ascii())
            .unwrap_or(rest.len() - start);
        let run = &rest[start..start + run_len];
        let (bytes, _, unmappable) = encoding.encode(run);
        if unmappable {
            // encoding_rs writes unmappable characters as HTML numeric character references;
            // find the first one it could not encode, and refuse rather than repair.
            let character = run
                .chars()
                .find(|c| encoding.encode(c.encode_utf8(&mut [0; 4])).2)
                .unwrap_or('\u{FFFD}');
            return Err(ToUriError::Unmappable {
                character,
                encoding: encoding.name(),
            });
        }
        encode_octets(&mut out, &bytes);
        rest = &rest[start + run_len..];
    }
    out.push_str(rest);
    Ok(out)
}

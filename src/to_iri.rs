//! Converting URIs to IRIs (RFC 3987 §3.2), and optionally `xn--` host labels to Unicode
//! (§3.2.1).

use crate::chars::{is_iprivate, is_kept_encoded, is_ucschar, is_unreserved};
#[cfg(feature = "idna")]
use crate::components::HostSpans;
#[cfg(feature = "idna")]
use crate::idn;
use crate::pct::decode_where;
use crate::recompose::Recomposer;
#[cfg(feature = "idna")]
use crate::to_uri::DNS_SCHEMES;
use crate::types::{Built, IriRef, Reference};

/// What [`to_iri`] does beyond RFC 3987 §3.2 steps 1–5.
#[derive(Clone, Debug)]
pub struct ToIriOptions {
    #[cfg(feature = "idna")]
    idn_unicode: bool,
    #[cfg(feature = "idna")]
    dns_schemes: Vec<String>,
}

impl Default for ToIriOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl ToIriOptions {
    /// Steps 1–5 only: host labels stay as they are.
    pub fn new() -> Self {
        ToIriOptions {
            #[cfg(feature = "idna")]
            idn_unicode: false,
            #[cfg(feature = "idna")]
            dns_schemes: DNS_SCHEMES.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// RFC 3987 §3.2.1 (MAY): for the schemes of [`dns_schemes`](Self::dns_schemes), convert
    /// each `xn--` label of a reg-name host with ToUnicode: UTS #46 nontransitional with the
    /// STD3 ASCII deny list (UseSTD3ASCIIRules), where RFC 3987 cites IDNA2003; the choices and
    /// where they differ from IDNA2003 are listed under [`IdnaError`](crate::IdnaError).
    ///
    /// A label is kept as written when ToUnicode rejects it, when ToASCII of its Unicode form
    /// does not give it back (RFC 3490 §4.2 steps 7–8: over-long labels), when its Unicode form
    /// has characters an `ireg-name` may not hold, or when it has a §6.1 look-alike of a
    /// delimiter or space — the same table that keeps `%E2%88%95` (U+2215 DIVISION SLASH)
    /// encoded in a path keeps `xn--example-df0d` (`ex∕ample`) in ASCII.
    ///
    /// ```
    /// use rfc3987::{to_iri, ToIriOptions, UriRef};
    ///
    /// let options = ToIriOptions::new().idn_unicode(true);
    /// let uri = UriRef::parse("http://xn--rsum-bpad.example.org/").unwrap();
    /// assert_eq!(to_iri(&uri, &options).as_str(), "http://résumé.example.org/");
    /// let uri = UriRef::parse("http://xn--example-df0d.com/").unwrap();
    /// assert_eq!(to_iri(&uri, &options).as_str(), "http://xn--example-df0d.com/");
    /// ```
    ///
    /// Feature `idna`.
    #[cfg(feature = "idna")]
    pub fn idn_unicode(mut self, on: bool) -> Self {
        self.idn_unicode = on;
        self
    }

    /// The schemes whose host is a DNS name (default: [`DNS_SCHEMES`]). Feature `idna`.
    #[cfg(feature = "idna")]
    pub fn dns_schemes<I: IntoIterator<Item = S>, S: Into<String>>(mut self, schemes: I) -> Self {
        self.dns_schemes = schemes.into_iter().map(Into::into).collect();
        self
    }
}

/// Converts a URI reference to an IRI reference (RFC 3987 §3.2): percent-encodings are decoded
/// where the result is an appropriate character, and kept otherwise. The result maps back to
/// the input with [`to_uri`](crate::to_uri), up to the case of hex digits and percent-encoded
/// unreserved characters.
///
/// The input may also be an IRI: §3.2 works on the percent-encoded octets, which are ASCII, so
/// it applies to the ASCII parts of any IRI, and a list of mixed URIs and IRIs converts as one.
/// The characters beyond ASCII that the IRI holds stay as they are (it is already an IRI: none
/// of them is encoded, whatever step 4 would say of its encoding); an IRI without
/// percent-encodings comes back unchanged. The result maps to the same URI as the input, up to
/// the same differences.
///
/// Step 2 decodes `%HH` except for "%", `reserved` characters and ASCII characters not allowed
/// in URIs (so only `unreserved` ASCII characters are decoded). Step 3 keeps encoded every octet
/// that is not part of strictly legal UTF-8: overlong forms (`%C0%AF`), encoded surrogates
/// (`%ED%A0%80`), values above U+10FFFF, truncated sequences; no legacy charset is ever guessed
/// (`r%E9sum%E9` stays). Step 4 keeps encoded the characters that are not appropriate: those
/// not allowed at their position by §2.2 (`iprivate` outside the query; C0 and C1 controls and
/// non-`ucschar` code points such as U+FDD0 and U+FFFE anywhere), the §4.1 bidi formatting
/// characters and those Unicode added after RFC 3987 for the same use (the isolates
/// U+2066–U+2069 and ALM U+061C, which the lint reports for §4.1's reason), and the §6.1 look-alikes of space and delimiters listed in the crate's table
/// (e.g. U+00A0, U+3000, U+2215, U+FF0F). Kept percent-encodings are written with uppercase hex
/// digits (the RFC: "the case ... used in percent-encodings may not be preserved").
///
/// ```
/// use rfc3987::{to_iri, ToIriOptions, UriRef};
///
/// // RFC 3987 §3.2.1
/// let uri = UriRef::parse("http://www.example.org/D%C3%BCrst").unwrap();
/// assert_eq!(to_iri(&uri, &ToIriOptions::new()).as_str(), "http://www.example.org/Dürst");
/// let uri = UriRef::parse("http://xn--99zt52a.example.org/%e2%80%ae").unwrap();
/// assert_eq!(to_iri(&uri, &ToIriOptions::new()).as_str(), "http://xn--99zt52a.example.org/%E2%80%AE");
/// # #[cfg(feature = "idna")]
/// assert_eq!(to_iri(&uri, &ToIriOptions::new().idn_unicode(true)).as_str(), "http://納豆.example.org/%E2%80%AE");
/// ```
///
/// ```
/// use rfc3987::{to_iri, Iri, ToIriOptions};
///
/// // An IRI: "ü" stays, "%C3%BC" is decoded as in a URI.
/// let iri = Iri::parse("http://example.org/Dürst/%C3%BC").unwrap();
/// assert_eq!(to_iri(&iri, &ToIriOptions::new()).as_str(), "http://example.org/Dürst/ü");
/// ```
///
/// Any parsed type is taken, URI or IRI, borrowed or owned, and the result has the same shape:
/// a [`Uri`](crate::Uri) or an [`Iri`](crate::Iri) gives an [`Iri`](crate::Iri).
/// [`Uri::to_iri`](crate::Uri::to_iri) is this with the default options.
pub fn to_iri<R: Reference>(uri: &R, options: &ToIriOptions) -> R::Iri {
    R::Iri::built(to_iri_ref(uri.as_iri_ref(), options))
}

/// [`to_iri`] on the widest type.
#[cfg_attr(not(feature = "idna"), allow(unused_variables))]
fn to_iri_ref(uri: IriRef<&str>, options: &ToIriOptions) -> IriRef<String> {
    let mut out = Recomposer::with_capacity(uri.as_str().len());
    let scheme = uri.scheme();
    if let Some(scheme) = scheme {
        out.scheme(scheme);
    }
    // §3.2 step 4 keeps encoded what is not "appropriate" per §2.2, §4.1 (with the isolates
    // and ALM, newer than the RFC) and §6.1; `iprivate`
    // is appropriate in the query (`iquery` allows it), so `?%EE%80%80` becomes `?` U+E000 here.
    // This is not §5.3.2.3 normalization, which decodes `iunreserved` only and keeps
    // `iprivate` encoded everywhere (`crate::normalize`): conversion and comparison are
    // different rules.
    let decode = |component: &str, in_query: bool| {
        decode_where(component, |c| {
            is_unreserved(c)
                || (!c.is_ascii() && (is_ucschar(c) || in_query && is_iprivate(c)) && !is_kept_encoded(c))
        })
        .into_owned()
    };
    if let Some(authority) = uri.authority() {
        #[cfg_attr(not(feature = "idna"), allow(unused_mut))]
        let mut host = decode(authority.host_str(), false);
        #[cfg(feature = "idna")]
        if options.idn_unicode
            && matches!(authority.host_spans(), HostSpans::RegName)
            && scheme.is_some_and(|s| options.dns_schemes.iter().any(|d| d.eq_ignore_ascii_case(s)))
        {
            host = idn::to_unicode(&host);
        }
        let userinfo = authority.userinfo().map(|u| decode(u, false));
        out.authority_parts(
            userinfo.as_deref(),
            &host,
            authority.host_spans(),
            authority.port(),
        );
    }
    out.path(&decode(uri.path().as_str(), false));
    if let Some(query) = uri.query() {
        out.query(&decode(query, true));
    }
    if let Some(fragment) = uri.fragment() {
        out.fragment(&decode(fragment, false));
    }
    let (text, spans) = out.finish();
    IriRef::from_parts(text, spans)
}

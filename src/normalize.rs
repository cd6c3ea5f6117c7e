//! The comparison ladder of RFC 3987 §5.3: syntax-based normalization (§5.3.2), scheme-based
//! normalization (§5.3.3), and equivalence at each level.

#[cfg(feature = "nfc")]
use std::borrow::Cow;

#[cfg(feature = "nfc")]
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::bytes::find_byte;
use crate::chars::is_iunreserved;
#[cfg(feature = "nfc")]
use crate::chars::{is_iprivate, is_unreserved};
use crate::components::HostSpans;
#[cfg(feature = "idna")]
use crate::idn;
#[cfg(feature = "nfc")]
use crate::pct::decode_where;
use crate::pct::decode_where_into;
use crate::recompose::Recomposer;
use crate::resolve::{has_dot_segment, remove_dot_segments_into};
#[cfg(feature = "idna")]
use crate::to_uri::is_dns_scheme;
use crate::types::{Built, IriRef, Reference};

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

impl Level {
    /// Every rung, lowest first.
    pub const ALL: [Level; 3] = [Level::Simple, Level::Syntax, Level::Scheme];

    /// The name of the rung: `simple` (§5.3.1), `syntax` (§5.3.2) or `scheme` (§5.3.3).
    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Syntax => "syntax",
            Level::Scheme => "scheme",
        }
    }

    /// The rung named `name` ([`Level::name`]), for the bindings that take it as text.
    ///
    /// ```
    /// use rfc3987::Level;
    /// assert_eq!(Level::named("syntax"), Ok(Level::Syntax));
    /// assert!(Level::named("Scheme").unwrap_err().to_string().contains("§5.3.3"));
    /// ```
    pub fn named(name: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .ok_or_else(|| UnknownLevel(name.to_owned()))
    }
}

/// A name that is not a rung of the ladder ([`Level::named`]); its message lists the rungs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(String);

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "no comparison level `{}`: RFC 3987 §5.3 has \"simple\" (§5.3.1), \"syntax\" (§5.3.2) and \"scheme\" (§5.3.3)",
            crate::printable(&self.0)
        )
    }
}

impl std::error::Error for UnknownLevel {}

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
    ///
    /// NFC changes characters, never the IRI's structure. It runs on each component after
    /// percent-encoding normalization (so `e%CC%81` composes like `e\u{301}`) and before case
    /// normalization (so that U+212A KELVIN SIGN, whose NFC is "K", ends as "k" in a host in one
    /// pass), on the runs of text between ASCII characters that are not `unreserved` (the
    /// delimiters) and percent-encodings, each run on its own:
    ///
    /// - a delimiter never takes part: "=" followed by U+0338 COMBINING LONG SOLIDUS OVERLAY
    ///   stays two characters (NFC would make one, U+2260 "≠", and the "=" of `a=b` would be
    ///   gone), and the hex digits of `%C3` never compose with a following mark;
    /// - a character whose NFC is a character the component may not hold, or a reserved one, is
    ///   kept as it is: U+037E GREEK QUESTION MARK (NFC ";", a sub-delimiter) and U+1FEF GREEK
    ///   VARIA (NFC "`", which no IRI may hold). Their NFC percent-encoded (`%3B`, `%60`)
    ///   would be valid but would name something else: neither is what §3.1 maps U+037E or
    ///   U+1FEF to (`%CD%BE`, `%E1%BF%AF`), and `%3B` is not even equivalent to ";" (RFC 3986
    ///   §2.2). Keeping the original character is the one choice that changes neither the
    ///   validity nor the resource the IRI names. Such a character has NFC_Quick_Check=No, so it
    ///   never comes out of NFC, and a second pass keeps it again: the result is idempotent.
    ///
    /// Feature `nfc`.
    #[cfg(feature = "nfc")]
    pub fn nfc(mut self, on: bool) -> Self {
        self.nfc = on;
        self
    }

    /// IDN normalization of the host (RFC 3987 §5.3.3), off by default: for the schemes of
    /// [`DNS_SCHEMES`](crate::DNS_SCHEMES) and a host that is an `ireg-name`, UTS #46 ToUnicode, so that
    /// `xn--rsum-bpad` and `résumé` (and `RÉSUMÉ`) compare equal, as §5.3.3's example allows.
    /// This is the step that case-folds a host with non-ASCII characters (`α.CoM` becomes
    /// `α.com`), which the syntax-based case normalization leaves alone (§5.3.2.1 lowercases
    /// US-ASCII only hosts).
    ///
    /// The processing is that of the IDNA options of [`to_uri`](crate::to_uri) and
    /// [`to_iri`](crate::to_iri) (see [`IdnaError`](crate::IdnaError) for the choices and how
    /// they differ from the IDNA2003 that RFC 3987 cites): UTS #46 nontransitional, with the
    /// STD3 ASCII deny list (UseSTD3ASCIIRules), so a host whose mapping yields an ASCII
    /// character other than a letter, digit, "-" or "." is rejected. Only the host changes,
    /// never the IRI's structure. The normalized host is the ToUnicode result, except that the
    /// host is kept as the syntax-based steps left it when:
    ///
    /// - ToUnicode reports an error for any label (e.g. fullwidth delimiters: `a／b`,
    ///   `a：8080`, `x＠y`, `a＃b` map to "/", ":", "@", "#", which the deny list rejects —
    ///   mapped, they would turn the host into a path, a port, a userinfo or a fragment);
    /// - the host holds a percent-encoding (it encodes a reserved character or an octet that is
    ///   not UTF-8 once §5.3.2.3 has run, and so is no DNS name);
    /// - the result has a character that an `ireg-name` may not hold unencoded (anything but
    ///   `iunreserved`), or it would read as an `IPv4address` (`１２７.０.０.１` maps to
    ///   `127.0.0.1`, an address, not a name: RFC 3986 §3.2.2).
    ///
    /// A label whose Unicode form has a §6.1 look-alike of a delimiter or space (the crate's
    /// table, e.g. U+2215 DIVISION SLASH) is written as its ASCII form (`xn--…`) instead, as
    /// [`to_iri`](crate::to_iri) keeps it: `ex∕ample.com` and `xn--example-df0d.com` both
    /// normalize to the latter. This departs from §5.3.3's "SHOULD NOT be converted into ASCII
    /// Compatible Encoding", whose reason is legibility; a look-alike is the opposite of
    /// legible (§6.1 b).
    ///
    /// Feature `idna`.
    #[cfg(feature = "idna")]
    pub fn idn(mut self, on: bool) -> Self {
        self.idn = on;
        self
    }
}

/// Normalizes an IRI reference as `options` say (RFC 3987 §5.3.2 and §5.3.3).
///
/// Syntax-based (§5.3.2): the scheme, IP literals and IPv4 addresses, and a reg-name that is
/// US-ASCII only to lowercase, the hex digits of percent-encodings to uppercase (§5.3.2.1; a
/// reg-name with a non-ASCII character keeps its case, see below); percent-encoded `iunreserved`
/// characters (`unreserved` and `ucschar`) decoded, but never reserved characters, never
/// `iprivate` (not even in the query, where it may appear unencoded) and never octets that are
/// not strictly legal UTF-8 (§5.3.2.3); dot segments removed from the path of an IRI with a
/// scheme (§5.3.2.4; a relative reference keeps them, they mean something until it is resolved).
///
/// §5.3.2.1 makes "the scheme and US-ASCII only host" case-insensitive and leaves "case
/// equivalence for non-ASCII characters in IRI components that are IDNs" to §5.3.3. So a
/// reg-name is lowercased only when it is US-ASCII only once percent-encodings are decoded:
/// `HTTP://EXAMPLE.com/` becomes `http://example.com/`, `http://%CE%B1.CoM/` becomes
/// `http://α.CoM/` like `http://α.CoM/` itself, which keeps its case. The IDN option
/// ([`NormalizeOptions::idn`], DNS schemes) is where such a host is case-folded (UTS #46
/// mapping): `http://α.CoM/` becomes `http://α.com/`.
///
/// Scheme-based (§5.3.3), on top: an empty port, or the default port of a scheme in
/// [`SCHEME_DEFAULTS`], is dropped; for those schemes an empty path after an authority becomes
/// "/". An empty query or fragment is never dropped (`http://example.com/?` keeps its "?").
///
/// The result is idempotent, and a path never becomes an authority (`foo:.///bar` becomes
/// `foo:/.//bar`, not `foo://bar`).
///
/// Any parsed type is taken, borrowed or owned, and the result has the same shape: normalizing
/// an [`Iri`](crate::Iri) gives an `Iri`, a [`Uri`](crate::Uri) an `Iri` too (decoding
/// `%C3%A9` makes an IRI). [`Iri::normalize`](crate::Iri::normalize) is this with the default
/// options.
pub fn normalize<R: Reference>(iri: &R, options: &NormalizeOptions) -> R::Iri {
    R::Iri::built(normalize_ref(iri.as_iri_ref(), options))
}

/// [`normalize`] on the widest type: a copy of an input that is already normal ([`is_normal`]),
/// otherwise [`write_normal`].
fn normalize_ref(iri: IriRef<&str>, options: &NormalizeOptions) -> IriRef<String> {
    if options.level == Level::Simple {
        return iri.into_owned();
    }
    let scheme_level = options.level >= Level::Scheme;
    let scheme = iri.scheme();
    // Looked up only for the steps that use them (§5.3.3, the IDN option).
    let defaults = scheme.filter(|_| scheme_level).and_then(|s| {
        SCHEME_DEFAULTS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s))
    });
    #[cfg(feature = "idna")]
    let dns = options.idn && scheme.is_some_and(is_dns_scheme);
    // §5.3.3: an empty port, or the scheme's default, is dropped.
    let port = iri.authority().and_then(|authority| {
        authority.port().filter(|port| {
            !(scheme_level
                && (port.is_empty()
                    || defaults.is_some_and(|&(_, default)| authority.port_u16() == Some(default))))
        })
    });
    // §5.3.3: an empty path after an authority is "/" for the schemes with defaults.
    let root = scheme_level && iri.authority().is_some() && defaults.is_some();
    #[cfg(not(feature = "idna"))]
    let dns = false;
    if is_normal(&iri, options, port, root) {
        // Debug builds check what `is_normal` claimed by normalizing all the same.
        debug_assert!(
            write_normal(iri, options, port, root, dns).as_str() == iri.as_str(),
            "is_normal was wrong: {:?}",
            iri.as_str()
        );
        return iri.into_owned();
    }
    write_normal(iri, options, port, root, dns)
}

/// The slow path of [`normalize_ref`]: each component is written once, straight into the
/// result (one allocation, the result's, unless a path has dot segments). `port` is the port
/// kept, `root` whether §5.3.3 makes an empty path "/", `dns` whether the IDN step applies to
/// the host.
#[cfg_attr(not(feature = "idna"), allow(unused_variables))]
fn write_normal(
    iri: IriRef<&str>,
    options: &NormalizeOptions,
    port: Option<&str>,
    root: bool,
    dns: bool,
) -> IriRef<String> {
    let scheme = iri.scheme();
    // §5.3.2 never makes a component longer (decoding shortens it, case and hex digits keep
    // its length, removing dot segments shortens the path); 3 more for "/." written before a
    // path that starts with "//" (`Recomposer::path`) or the "/" of §5.3.3. (NFC and IDN
    // may need more; the buffer then grows.)
    let mut out = Recomposer::with_capacity(iri.as_str().len() + 3);
    if let Some(scheme) = scheme {
        // §5.3.2.1: the scheme to lowercase.
        out.scheme(|text: &mut String| push_lowercase(text, scheme));
    }
    if let Some(authority) = iri.authority() {
        let userinfo = authority
            .userinfo()
            .map(|u| move |text: &mut String| component(text, u, false, options));
        let host = |text: &mut String| match authority.host_spans() {
            HostSpans::RegName => {
                // §5.3.2.3, then §5.3.2.2 (NFC before case: U+212A KELVIN SIGN is "K" after NFC),
                // then §5.3.3's IDN step, then §5.3.2.1 (US-ASCII only hosts).
                let start = text.len();
                component(text, authority.host_str(), false, options);
                #[cfg(feature = "idna")]
                if dns {
                    if let Some(unicode) = idn::normalize_host(&text[start..]) {
                        text.truncate(start);
                        text.push_str(&unicode);
                    }
                }
                reg_name_case(text, start);
            }
            // IP literals and IPv4 addresses are ASCII and case-insensitive throughout.
            _ => push_lowercase(text, authority.host_str()),
        };
        out.authority_parts(userinfo, host, authority.host_spans(), port);
    }
    out.path(|text: &mut String| {
        let start = text.len();
        component(text, iri.path().as_str(), false, options);
        // §5.3.2.4, which changes nothing in a path without "." or ".." segments.
        if scheme.is_some() && has_dot_segment(&text[start..]) {
            let path = text.split_off(start);
            remove_dot_segments_into(text, "", &path);
        }
        if root && text.len() == start {
            text.push('/');
        }
    });
    if let Some(query) = iri.query() {
        out.query(|text: &mut String| component(text, query, true, options));
    }
    if let Some(fragment) = iri.fragment() {
        out.fragment(|text: &mut String| component(text, fragment, false, options));
    }
    let (text, spans) = out.finish();
    IriRef::from_parts(text, spans)
}

/// Whether normalization leaves `iri` as it is, which most IRIs are written in (the result is
/// then a copy): without NFC and IDN, and with no "%" anywhere (§5.3.2.3 has nothing to
/// decode, no hex digit to put in uppercase), what may still change is the case of the scheme
/// and host (§5.3.2.1), dot segments (§5.3.2.4), the port that §5.3.3 drops (the port kept is
/// `port`) and the root path §5.3.3 adds to an empty one (`root`). The other writes of
/// [`normalize_ref`] copy.
fn is_normal(iri: &IriRef<&str>, options: &NormalizeOptions, port: Option<&str>, root: bool) -> bool {
    let has_upper = |text: &str| text.bytes().any(|b| b.is_ascii_uppercase());
    if options.nfc || options.idn || find_byte(iri.as_str().as_bytes(), 0, b'%').is_some() {
        return false;
    }
    if iri.scheme().is_some_and(has_upper) {
        return false;
    }
    if let Some(authority) = iri.authority() {
        // Without "%", a reg-name is US-ASCII only when it is ASCII ([`reg_name_case`]).
        let host = authority.host_str();
        let folded = !matches!(authority.host_spans(), HostSpans::RegName) || host.is_ascii();
        if (folded && has_upper(host)) || port != authority.port() {
            return false;
        }
    }
    let path = iri.path().as_str();
    !(iri.scheme().is_some() && has_dot_segment(path) || root && path.is_empty())
}

/// §5.3.2.3 and, when asked for, §5.3.2.2 on one component, appended to `out`.
#[cfg_attr(not(feature = "nfc"), allow(unused_variables))]
fn component(out: &mut String, text: &str, in_query: bool, options: &NormalizeOptions) {
    #[cfg(feature = "nfc")]
    if options.nfc {
        return nfc_component(out, &percent_encoding(text), in_query);
    }
    decode_where_into(out, text, is_iunreserved);
}

/// Appends `text` with its ASCII letters in lowercase (§5.3.2.1, for the scheme and hosts that
/// are ASCII throughout).
fn push_lowercase(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    out[start..].make_ascii_lowercase();
}

/// RFC 3987 §5.3.2.3 on one component: `%HH` runs that encode an `iunreserved` character are
/// decoded; the rest keep uppercase hex (§5.3.2.1).
///
/// §5.3.2.3 decodes "any percent-encoded octet sequence that corresponds to an unreserved
/// character", which for IRIs is `iunreserved = unreserved / ucschar` (§2.2). `iprivate` is not
/// in `iunreserved`, so `%EE%80%80` (U+E000) stays encoded in every component, the query
/// included, although the query may hold U+E000 unencoded: the two spellings are not
/// equivalent on the ladder. (URI-to-IRI conversion, §3.2 step 4, is another rule: it decodes
/// what is "appropriate" per §2.2, which is `iprivate` in the query; see `to_iri`.) The §4.1
/// bidi formatting characters are left out of `ucschar` here (see `is_ucschar`), so they stay
/// encoded too.
#[cfg(feature = "nfc")]
fn percent_encoding(component: &str) -> Cow<'_, str> {
    decode_where(component, is_iunreserved)
}

/// RFC 3987 §5.3.2.2 on one component (after §5.3.2.3), appended to `out`: NFC on each run of text between the
/// delimiters (ASCII characters other than `unreserved`) and percent-encodings, leaving alone
/// the characters whose NFC the component may not hold or is reserved (see
/// [`NormalizeOptions::nfc`]). Every character of a run is allowed in the component; a run
/// whose NFC were not (no such run is known; this is the guard) is kept as written.
#[cfg(feature = "nfc")]
fn nfc_component(out: &mut String, component: &str, in_query: bool) {
    let allowed = |c: char| is_iunreserved(c) || (in_query && is_iprivate(c));
    let mut run = String::new();
    let flush = |run: &mut String, out: &mut String| {
        if is_nfc_quick(run.chars()) == IsNormalized::Yes {
            out.push_str(run);
        } else {
            let composed: String = run.nfc().collect();
            if composed.chars().all(allowed) {
                out.push_str(&composed);
            } else {
                out.push_str(run);
            }
        }
        run.clear();
    };
    let mut chars = component.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            // pct-encoded = "%" HEXDIG HEXDIG: the whole triplet is one unit.
            flush(&mut run, out);
            out.push(c);
            out.extend(chars.by_ref().take(2));
        } else if (c.is_ascii() && !is_unreserved(c)) || !nfc_stays_allowed(c, allowed) {
            flush(&mut run, out);
            out.push(c);
        } else {
            run.push(c);
        }
    }
    flush(&mut run, out);
}

/// Whether the NFC of `c` alone consists of characters `allowed` accepts (false for U+037E,
/// whose NFC is ";", and U+1FEF, whose NFC is "`").
#[cfg(feature = "nfc")]
fn nfc_stays_allowed(c: char, allowed: impl Fn(char) -> bool) -> bool {
    c.is_ascii()
        || is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
        || std::iter::once(c).nfc().all(allowed)
}

/// RFC 3987 §5.3.2.1 on a reg-name, `text[start..]`, as §5.3.2.3 (and NFC and IDN, when asked
/// for) left it:
/// lowercase when it is US-ASCII only ([`is_us_ascii_only`]), kept as it is otherwise.
///
/// §5.3.2.1: "the scheme and US-ASCII only host are case insensitive and therefore should be
/// normalized to lowercase", and "Case equivalence for non-ASCII characters in IRI components
/// that are IDNs are discussed in section 5.3.3". A host with a non-ASCII character is not
/// US-ASCII only, so this step leaves all of it, ASCII letters included, in its case:
/// `α.CoM` stays. Lowercasing its ASCII letters alone is not what the RFC says, and whether
/// such a name is case-insensitive at all depends on it being an IDN of a DNS scheme, which is
/// what the IDN step ([`NormalizeOptions::idn`]) decides, and where UTS #46 folds the case of
/// the whole name. Comparison methods are "designed to minimize false negatives while strictly
/// avoiding false positives" (§5.1): `α.CoM` and `α.com` differing at the syntax level is a
/// false negative, which the ladder allows; following the RFC's explicit condition never makes
/// two hosts equal that it does not call equivalent.
///
/// The test runs after the other steps: after §5.3.2.3, so that `%CE%B1.CoM` (decoded to
/// `α.CoM`) and `α.CoM` normalize alike; after NFC, so that U+212A KELVIN SIGN, whose NFC is
/// "K", gives the US-ASCII only host "k" in one pass. Either way a second pass finds the same
/// host, so normalization stays idempotent.
fn reg_name_case(text: &mut String, start: usize) {
    if is_us_ascii_only(&text[start..]) {
        lowercase_outside_pct(text, start);
    }
}

/// Whether a host is "US-ASCII only" in the sense of RFC 3987 §5.3.2.1: every character is
/// ASCII and every percent-encoded octet is below 0x80.
///
/// A `%HH` triplet with HH at 0x80 or above is part of a non-ASCII character or of octets that
/// are not UTF-8: §5.3.2.3 either decodes it to a non-ASCII character or keeps it encoded (an
/// encoded `iprivate` or bidi formatting character, `%C0%AF`, `%E9`), and either way the host
/// holds non-ASCII data. A triplet below 0x80 is an ASCII character, decoded (`%41`) or not
/// (`%2F`). So the answer is the same before and after §5.3.2.3, and the lint
/// (`uppercase-host`), which sees the host as written, agrees with [`normalize`].
pub(crate) fn is_us_ascii_only(host: &str) -> bool {
    let bytes = host.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                // pct-encoded = "%" HEXDIG HEXDIG: the first hex digit decides (0-7 is ASCII).
                if !bytes.get(i + 1).is_some_and(|&h| (b'0'..=b'7').contains(&h)) {
                    return false;
                }
                i += 3;
            }
            b if b.is_ascii() => i += 1,
            _ => return false,
        }
    }
    true
}

/// RFC 3987 §5.3.2.1: ASCII letters of a host to lowercase, except inside `%HH` (whose hex
/// digits §5.3.2.1 puts in uppercase, as `percent_encoding` already did). Only for reg-names that
/// are US-ASCII only ([`reg_name_case`]), and as the fix of the `uppercase-host` lint.
#[cfg(feature = "lint")]
pub(crate) fn lowercase_ascii_outside_pct(host: &str) -> String {
    let mut out = host.to_string();
    lowercase_outside_pct(&mut out, 0);
    out
}

/// [`lowercase_ascii_outside_pct`] in place, on `text[start..]`.
fn lowercase_outside_pct(text: &mut String, start: usize) {
    let mut i = start;
    while let Some(percent) = find_byte(text.as_bytes(), i, b'%') {
        text[i..percent].make_ascii_lowercase();
        // pct-encoded = "%" HEXDIG HEXDIG: the digits are kept.
        let bytes = text.as_bytes();
        i = percent + 1;
        while i < bytes.len() && i < percent + 3 && bytes[i].is_ascii_hexdigit() {
            i += 1;
        }
    }
    text[i..].make_ascii_lowercase();
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

    /// Whether `a` and `b`, of any parsed types, are equivalent under these options.
    pub fn equivalent<A: Reference, B: Reference>(&self, a: &A, b: &B) -> bool {
        let a = normalize_ref(a.as_iri_ref(), &self.normalize);
        let b = normalize_ref(b.as_iri_ref(), &self.normalize);
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
pub fn equivalent<A: Reference, B: Reference>(a: &A, b: &B, level: Level) -> bool {
    CompareOptions::new(level).equivalent(a, b)
}

//! Building IRIs from their parts (RFC 3987 §7.4, RFC 3986 §2.4): each value percent-encoded
//! as its component requires, the result checked by the grammar and compared, component by
//! component, with what was set.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::chars::{is_iprivate, is_iunreserved, is_sub_delims, is_unreserved};
use crate::components::Host;
use crate::error::ParseError;
use crate::pct::{encode_char, hex_octet};
use crate::types::IriRef;

/// Which part of an IRI a text is for: what [`encode`] may leave as it is differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `iuserinfo`: "@", "/", "?", "#", "[" and "]" are encoded; ":" is kept.
    Userinfo,
    /// `ireg-name`: only `iunreserved` and sub-delims are kept.
    RegName,
    /// `isegment`: "/", "?" and "#" are encoded; ":" and "@" are kept.
    Segment,
    /// `iquery` as a whole: "#" is encoded; "/", "?" and `iprivate` are kept.
    Query,
    /// A name or value of an `&`/`=` query: also "&", "=", "+" and ";" are encoded.
    QueryPart,
    /// `ifragment`: "#" is encoded; "/" and "?" are kept.
    Fragment,
}

/// Whether `c` may stand as it is, as data, in `component`.
fn allowed(c: char, component: Component) -> bool {
    let sub_delim = is_sub_delims(c);
    let iunreserved = is_iunreserved(c);
    match component {
        Component::Userinfo => iunreserved || sub_delim || c == ':',
        Component::RegName => iunreserved || sub_delim,
        Component::Segment => iunreserved || sub_delim || matches!(c, ':' | '@'),
        Component::Query => iunreserved || sub_delim || matches!(c, ':' | '@' | '/' | '?') || is_iprivate(c),
        Component::QueryPart => {
            (iunreserved || sub_delim || matches!(c, ':' | '@' | '/' | '?') || is_iprivate(c))
                && !matches!(c, '&' | '=' | '+' | ';')
        }
        Component::Fragment => iunreserved || sub_delim || matches!(c, ':' | '@' | '/' | '?'),
    }
}

/// `text` as data for `component` (RFC 3986 §2.4, RFC 3987 §3.1): characters the component
/// allows stay as they are — `ucschar` included, this is an IRI — and everything else, "%"
/// first, is percent-encoded as UTF-8. The §4.1 bidi formatting characters are not `ucschar`
/// here and are encoded.
///
/// ```
/// use rfc3987::{encode, Component};
///
/// assert_eq!(encode("a/b c", Component::Segment), "a%2Fb%20c");
/// assert_eq!(encode("résumé.html", Component::Segment), "résumé.html");
/// assert_eq!(encode("a&b=c", Component::QueryPart), "a%26b%3Dc");
/// ```
pub fn encode(text: &str, component: Component) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if allowed(c, component) {
            out.push(c);
        } else {
            encode_char(&mut out, c);
        }
    }
    out
}

/// A component whose percent-encoded octets are not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeUtf8Error {
    /// Where, in the component, the first octet of the bad sequence is written.
    pub byte_offset: usize,
}

impl fmt::Display for DecodeUtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the percent-encoded octets at byte {} are not UTF-8",
            self.byte_offset
        )
    }
}

impl std::error::Error for DecodeUtf8Error {}

/// A component back to text: every `%HH` decoded, the octets read as UTF-8 (an error, never a
/// replacement character, when they are not). A "%" without two hex digits stays as it is.
///
/// ```
/// assert_eq!(rfc3987::decode("a%2Fb%20c").unwrap(), "a/b c");
/// assert_eq!(rfc3987::decode("r%C3%A9sum%C3%A9").unwrap(), "résumé");
/// assert_eq!(rfc3987::decode("r%E9sum%E9").unwrap_err().byte_offset, 1);
/// ```
pub fn decode(component: &str) -> Result<String, DecodeUtf8Error> {
    let bytes = component.as_bytes();
    let mut octets = Vec::with_capacity(bytes.len());
    // Where each decoded octet came from, to report a position in the component.
    let mut origin = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let pct = bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        origin.push(i);
        if pct {
            octets.push(hex_octet(bytes, i));
            i += 3;
        } else {
            octets.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(octets).map_err(|e| DecodeUtf8Error {
        byte_offset: origin[e.utf8_error().valid_up_to()],
    })
}

/// The host of a built IRI.
#[derive(Clone, Debug, PartialEq, Eq)]
enum BuiltHost {
    RegName(String),
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    IpvFuture(String, String),
}

impl BuiltHost {
    /// The host as [`Authority::host`](crate::Authority::host) should give it back.
    fn expected(&self) -> Host<'_> {
        match self {
            BuiltHost::RegName(name) => Host::RegName(name),
            BuiltHost::Ipv4(a) => Host::Ipv4(*a),
            BuiltHost::Ipv6(a) => Host::Ipv6(*a),
            BuiltHost::IpvFuture(version, address) => Host::IpvFuture { version, address },
        }
    }
}

/// A host for an error message: its kind and how it is written.
fn describe(host: Host<'_>) -> String {
    match host {
        Host::RegName(name) => format!("reg-name {name:?}"),
        Host::Ipv4(a) => format!("IPv4 address {a}"),
        Host::Ipv6(a) => format!("IPv6 address {a}"),
        Host::IpvFuture { version, address } => format!("IPvFuture v{version}.{address}"),
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1, used unchanged by
/// RFC 3987 §2.2): the byte offset of the first character that does not fit, `Some(0)` for the
/// empty string, `None` for a scheme.
fn scheme_error(scheme: &str) -> Option<usize> {
    match crate::scan::scheme(scheme.as_bytes()) {
        Some(len) if len == scheme.len() => None,
        found => Some(found.unwrap_or(0)),
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (RFC 3986 §3.2.2): the
/// version (`1*HEXDIG`) or the address does not fit; the part, and the byte offset in it.
fn ipvfuture_error(version: &str, address: &str) -> Option<(&'static str, usize)> {
    let bad = |text: &str, ok: fn(char) -> bool| -> Option<usize> {
        if text.is_empty() {
            return Some(0);
        }
        text.char_indices().find(|&(_, c)| !ok(c)).map(|(i, _)| i)
    };
    if let Some(at) = bad(version, |c| c.is_ascii_hexdigit()) {
        return Some(("IPvFuture version", at));
    }
    let address_char = |c: char| is_unreserved(c) || is_sub_delims(c) || c == ':';
    bad(address, address_char).map(|at| ("IPvFuture address", at))
}

/// An IRI assembled from its parts (RFC 3987 §7.4): each value is given as text and encoded as
/// its component requires; [`build`](Self::build) checks that the result is an IRI reference
/// whose components are exactly the ones that were set.
///
/// The builder makes relative references too: without a scheme it builds an `irelative-ref`
/// (RFC 3987 §2.2), without a host, userinfo or port no authority.
///
/// ```
/// use rfc3987::IriBuilder;
///
/// // RFC 3987 §7.4: a file named "résumé.html" is the segment "résumé.html" in the IRI.
/// let iri = IriBuilder::new()
///     .scheme("http")
///     .host("www.example.org")
///     .segment("people")
///     .segment("résumé.html")
///     .query_pair("lang", "fr & en")
///     .query_name("print")
///     .build()
///     .unwrap();
/// assert_eq!(iri.as_str(), "http://www.example.org/people/résumé.html?lang=fr%20%26%20en&print");
/// let uri = rfc3987::to_uri(&iri, &rfc3987::ToUriOptions::new()).unwrap();
/// assert_eq!(uri.as_str(), "http://www.example.org/people/r%C3%A9sum%C3%A9.html?lang=fr%20%26%20en&print");
///
/// // A relative reference, and a scheme that is not one.
/// assert_eq!(IriBuilder::new().segment("a b").build().unwrap().as_str(), "/a%20b");
/// assert!(IriBuilder::new().scheme("http://evil/?").host("h").build().is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IriBuilder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<BuiltHost>,
    port: Option<u16>,
    segments: Vec<String>,
    query: Option<String>,
    /// How many `&`-separated items [`query_pair`](Self::query_pair) and
    /// [`query_name`](Self::query_name) have added to `query`.
    query_items: usize,
    fragment: Option<String>,
}

impl IriBuilder {
    /// Nothing set: builds the empty relative reference.
    pub fn new() -> Self {
        Self::default()
    }

    /// The scheme, as it is: a scheme has no percent-encoding, so [`build`](Self::build)
    /// refuses one that is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1)
    /// with [`BuildError::Invalid`]. Its case is kept.
    pub fn scheme(mut self, scheme: &str) -> Self {
        self.scheme = Some(scheme.to_string());
        self
    }

    /// The userinfo, encoded for `iuserinfo` (":" is kept, "@" and the other delimiters are
    /// encoded).
    pub fn userinfo(mut self, userinfo: &str) -> Self {
        self.userinfo = Some(encode(userinfo, Component::Userinfo));
        self
    }

    /// A host name, encoded for `ireg-name`: "." and letters of any script stay, delimiters
    /// such as ":", "/", "@", "[" are percent-encoded and cannot end the host. A name that reads
    /// as an IPv4 address (`192.0.2.1`) would not be a reg-name in the result (RFC 3986 §3.2.2),
    /// so [`build`](Self::build) refuses it with [`BuildError::Mismatch`]; use
    /// [`ipv4`](Self::ipv4).
    pub fn host(mut self, name: &str) -> Self {
        self.host = Some(BuiltHost::RegName(encode(name, Component::RegName)));
        self
    }

    /// An IPv4 address as the host (RFC 3986 §3.2.2 `IPv4address`).
    pub fn ipv4(mut self, address: Ipv4Addr) -> Self {
        self.host = Some(BuiltHost::Ipv4(address));
        self
    }

    /// An IPv6 address as the host, written in brackets in its RFC 5952 form (RFC 3986 §3.2.2
    /// `IP-literal`).
    pub fn ipv6(mut self, address: Ipv6Addr) -> Self {
        self.host = Some(BuiltHost::Ipv6(address));
        self
    }

    /// An `IPvFuture` host, `[v<version>.<address>]` (RFC 3986 §3.2.2), both as given: they
    /// have no percent-encoding, so [`build`](Self::build) refuses a version that is not
    /// `1*HEXDIG` or an address that is not `1*( unreserved / sub-delims / ":" )`.
    pub fn ipvfuture(mut self, version: &str, address: &str) -> Self {
        self.host = Some(BuiltHost::IpvFuture(version.to_string(), address.to_string()));
        self
    }

    /// The port (RFC 3986 §3.2.3), written in decimal digits.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// One more path segment, encoded for `isegment`; segments make an absolute path.
    pub fn segment(mut self, segment: &str) -> Self {
        self.segments.push(encode(segment, Component::Segment));
        self
    }

    /// The query as a whole, encoded for `iquery` ("&", "=", "/" and "?" stay as they are);
    /// it replaces any query set before.
    pub fn query(mut self, query: &str) -> Self {
        self.query = Some(encode(query, Component::Query));
        self.query_items = 0;
        self
    }

    /// One more `name=value` item of the query, each encoded so that "&", "=", "+" and ";" in
    /// them are data. An empty value gives `name=`.
    pub fn query_pair(self, name: &str, value: &str) -> Self {
        let item = format!(
            "{}={}",
            encode(name, Component::QueryPart),
            encode(value, Component::QueryPart)
        );
        self.query_item(item)
    }

    /// One more item of the query that is a name without a value (`?flag`, no "="), encoded
    /// as [`query_pair`](Self::query_pair) encodes names.
    pub fn query_name(self, name: &str) -> Self {
        let item = encode(name, Component::QueryPart);
        self.query_item(item)
    }

    fn query_item(mut self, item: String) -> Self {
        self.query = Some(match self.query.take() {
            // After an item, even an empty one, or after a non-empty whole query: "&".
            Some(query) if self.query_items > 0 || !query.is_empty() => format!("{query}&{item}"),
            _ => item,
        });
        self.query_items += 1;
        self
    }

    /// The fragment, encoded for `ifragment`.
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.fragment = Some(encode(fragment, Component::Fragment));
        self
    }

    /// Whether the result has an authority: a host, a userinfo or a port was set.
    fn has_authority(&self) -> bool {
        self.host.is_some() || self.userinfo.is_some() || self.port.is_some()
    }

    /// The IRI reference, parsed by the grammar. An error when a value taken as it is does not
    /// match its rule (a scheme, RFC 3986 §3.1; an IPvFuture, §3.2.2), when an empty first
    /// segment without an authority would make the path start with "//" and read as one, or
    /// when the result, parsed again, does not have exactly the components that were set (a
    /// reg-name that reads as an IPv4 address).
    pub fn build(&self) -> Result<IriRef<String>, BuildError> {
        if let Some(scheme) = &self.scheme {
            if let Some(byte_offset) = scheme_error(scheme) {
                return Err(BuildError::Invalid {
                    component: "scheme",
                    value: scheme.clone(),
                    byte_offset,
                });
            }
        }
        if let Some(BuiltHost::IpvFuture(version, address)) = &self.host {
            if let Some((component, byte_offset)) = ipvfuture_error(version, address) {
                let value = if component == "IPvFuture version" {
                    version
                } else {
                    address
                };
                return Err(BuildError::Invalid {
                    component,
                    value: value.clone(),
                    byte_offset,
                });
            }
        }
        let authority = self.has_authority();
        if !authority && self.segments.len() > 1 && self.segments[0].is_empty() {
            return Err(BuildError::EmptyFirstSegment);
        }
        let mut text = String::new();
        if let Some(scheme) = &self.scheme {
            text.push_str(scheme);
            text.push(':');
        }
        if authority {
            text.push_str("//");
            if let Some(userinfo) = &self.userinfo {
                text.push_str(userinfo);
                text.push('@');
            }
            match &self.host {
                Some(BuiltHost::RegName(name)) => text.push_str(name),
                Some(BuiltHost::Ipv4(a)) => text.push_str(&a.to_string()),
                Some(BuiltHost::Ipv6(a)) => text.push_str(&format!("[{a}]")),
                Some(BuiltHost::IpvFuture(v, a)) => text.push_str(&format!("[v{v}.{a}]")),
                None => {}
            }
            if let Some(port) = self.port {
                text.push_str(&format!(":{port}"));
            }
        }
        let path_start = text.len();
        for segment in &self.segments {
            text.push('/');
            text.push_str(segment);
        }
        let path = text[path_start..].to_string();
        if let Some(query) = &self.query {
            text.push('?');
            text.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            text.push_str(fragment);
        }
        let iri = IriRef::parse(text).map_err(BuildError::Parse)?;
        self.verify(&iri, &path)?;
        Ok(iri)
    }

    /// The built IRI, parsed, has exactly the components that were set: a value that escaped
    /// its component (a delimiter left unencoded) or changed kind would show here.
    fn verify(&self, iri: &IriRef<String>, path: &str) -> Result<(), BuildError> {
        fn mismatch(component: &'static str, given: String, parsed: String) -> Result<(), BuildError> {
            Err(BuildError::Mismatch {
                component,
                given,
                parsed,
            })
        }
        let show = |part: Option<&str>| part.map_or_else(|| "none".to_string(), |p| format!("{p:?}"));
        if iri.scheme() != self.scheme.as_deref() {
            return mismatch("scheme", show(self.scheme.as_deref()), show(iri.scheme()));
        }
        match (self.has_authority(), iri.authority()) {
            (false, None) => {}
            (true, Some(authority)) => {
                if authority.userinfo() != self.userinfo.as_deref() {
                    return mismatch(
                        "userinfo",
                        show(self.userinfo.as_deref()),
                        show(authority.userinfo()),
                    );
                }
                let host = self.host.as_ref().map_or(Host::RegName(""), BuiltHost::expected);
                if authority.host() != host {
                    return mismatch("host", describe(host), describe(authority.host()));
                }
                let port = self.port.map(|p| p.to_string());
                if authority.port() != port.as_deref() {
                    return mismatch("port", show(port.as_deref()), show(authority.port()));
                }
            }
            (given, parsed) => {
                let presence = |present: bool| if present { "an authority" } else { "none" };
                return mismatch(
                    "authority",
                    presence(given).to_string(),
                    presence(parsed.is_some()).to_string(),
                );
            }
        }
        if iri.path().as_str() != path {
            return mismatch("path", show(Some(path)), show(Some(iri.path().as_str())));
        }
        if iri.query() != self.query.as_deref() {
            return mismatch("query", show(self.query.as_deref()), show(iri.query()));
        }
        if iri.fragment() != self.fragment.as_deref() {
            return mismatch("fragment", show(self.fragment.as_deref()), show(iri.fragment()));
        }
        Ok(())
    }
}

/// Why [`IriBuilder::build`] could not make an IRI reference.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// The parts, put together, do not match the grammar.
    Parse(ParseError),
    /// The first segment is empty and there is no authority: the path would start with "//"
    /// and read as an authority (RFC 3986 §3.3).
    EmptyFirstSegment,
    /// A value that is used as it is, without percent-encoding, does not match its rule:
    /// `component` is `"scheme"` (RFC 3986 §3.1), `"IPvFuture version"` or `"IPvFuture
    /// address"` (RFC 3986 §3.2.2).
    Invalid {
        /// Which value.
        component: &'static str,
        /// The value as it was given.
        value: String,
        /// Where, in `value`, the first character that does not fit is (0 for an empty value).
        byte_offset: usize,
    },
    /// The result, parsed again, does not have the component that was set: `component` is
    /// `"scheme"`, `"authority"`, `"userinfo"`, `"host"`, `"port"`, `"path"`, `"query"` or
    /// `"fragment"`. A reg-name that reads as an IPv4 address (RFC 3986 §3.2.2) is one case.
    Mismatch {
        /// Which component.
        component: &'static str,
        /// What was set, as written.
        given: String,
        /// What the result has instead.
        parsed: String,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Parse(e) => e.fmt(f),
            BuildError::EmptyFirstSegment => f.write_str(
                "an empty first segment without an authority would make the path start with \"//\" (RFC 3986 §3.3)",
            ),
            BuildError::Invalid {
                component,
                value,
                byte_offset,
            } => {
                let rule = match *component {
                    "scheme" => "RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )",
                    "IPvFuture version" => "RFC 3986 §3.2.2: IPvFuture = \"v\" 1*HEXDIG \".\" ..., the version is 1*HEXDIG",
                    _ => "RFC 3986 §3.2.2: IPvFuture = ... \".\" 1*( unreserved / sub-delims / \":\" )",
                };
                match value[*byte_offset..].chars().next() {
                    Some(c) => write!(
                        f,
                        "invalid {component} {value:?}: {c:?} at byte {byte_offset} is not allowed ({rule})"
                    ),
                    None => write!(f, "invalid {component}: it is empty ({rule})"),
                }
            }
            BuildError::Mismatch {
                component,
                given,
                parsed,
            } => {
                write!(
                    f,
                    "the built IRI would not have the {component} that was set: {given} was given, it would read {parsed}"
                )?;
                if given.starts_with("reg-name") && parsed.starts_with("IPv4") {
                    f.write_str(" (RFC 3986 §3.2.2: a host that matches IPv4address is an IPv4 address)")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for BuildError {}

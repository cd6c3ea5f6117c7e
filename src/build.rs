//! Building IRIs from their parts (RFC 3987 §7.4, RFC 3986 §2.4): each value percent-encoded
//! as its component requires, the result checked by the grammar.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::chars::{is_iprivate, is_ucschar, is_unreserved};
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
    let sub_delim = matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    );
    let iunreserved = is_unreserved(c) || is_ucschar(c);
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

/// An IRI assembled from its parts (RFC 3987 §7.4): each value is given as text and encoded as
/// its component requires; [`build`](Self::build) checks the result with the grammar.
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
///     .build()
///     .unwrap();
/// assert_eq!(iri.as_str(), "http://www.example.org/people/résumé.html?lang=fr%20%26%20en");
/// let uri = rfc3987::to_uri(&iri, &rfc3987::ToUriOptions::new()).unwrap();
/// assert_eq!(uri.as_str(), "http://www.example.org/people/r%C3%A9sum%C3%A9.html?lang=fr%20%26%20en");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IriBuilder {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<BuiltHost>,
    port: Option<u16>,
    segments: Vec<String>,
    query: Option<String>,
    fragment: Option<String>,
}

impl IriBuilder {
    /// Nothing set: builds the empty relative reference.
    pub fn new() -> Self {
        Self::default()
    }

    /// The scheme, as it is (it has no percent-encoding; the grammar checks it).
    pub fn scheme(mut self, scheme: &str) -> Self {
        self.scheme = Some(scheme.to_string());
        self
    }

    /// The userinfo, encoded for `iuserinfo`.
    pub fn userinfo(mut self, userinfo: &str) -> Self {
        self.userinfo = Some(encode(userinfo, Component::Userinfo));
        self
    }

    /// A host name, encoded for `ireg-name`.
    pub fn host(mut self, name: &str) -> Self {
        self.host = Some(BuiltHost::RegName(encode(name, Component::RegName)));
        self
    }

    /// An IPv4 address as the host.
    pub fn ipv4(mut self, address: Ipv4Addr) -> Self {
        self.host = Some(BuiltHost::Ipv4(address));
        self
    }

    /// An IPv6 address as the host, written in brackets in its RFC 5952 form.
    pub fn ipv6(mut self, address: Ipv6Addr) -> Self {
        self.host = Some(BuiltHost::Ipv6(address));
        self
    }

    /// An `IPvFuture` host: `[v<version>.<address>]`, both as given (the grammar checks them).
    pub fn ipvfuture(mut self, version: &str, address: &str) -> Self {
        self.host = Some(BuiltHost::IpvFuture(version.to_string(), address.to_string()));
        self
    }

    /// The port.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// One more path segment, encoded for `isegment`; segments make an absolute path.
    pub fn segment(mut self, segment: &str) -> Self {
        self.segments.push(encode(segment, Component::Segment));
        self
    }

    /// The query as a whole, encoded for `iquery`.
    pub fn query(mut self, query: &str) -> Self {
        self.query = Some(encode(query, Component::Query));
        self
    }

    /// One more `name=value` pair of the query, each encoded so that "&", "=", "+" and ";" in
    /// them are data.
    pub fn query_pair(mut self, name: &str, value: &str) -> Self {
        let pair = format!(
            "{}={}",
            encode(name, Component::QueryPart),
            encode(value, Component::QueryPart)
        );
        self.query = Some(match self.query.take() {
            Some(query) if !query.is_empty() => format!("{query}&{pair}"),
            _ => pair,
        });
        self
    }

    /// The fragment, encoded for `ifragment`.
    pub fn fragment(mut self, fragment: &str) -> Self {
        self.fragment = Some(encode(fragment, Component::Fragment));
        self
    }

    /// The IRI reference, parsed by the grammar: an error when the parts do not make one (a
    /// scheme that is not `scheme`, an IPvFuture that is not one), or when an empty first
    /// segment without an authority would make the path start with "//" and read as one.
    pub fn build(&self) -> Result<IriRef<String>, BuildError> {
        let authority = self.host.is_some() || self.userinfo.is_some() || self.port.is_some();
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
        for segment in &self.segments {
            text.push('/');
            text.push_str(segment);
        }
        if let Some(query) = &self.query {
            text.push('?');
            text.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            text.push('#');
            text.push_str(fragment);
        }
        IriRef::parse(text).map_err(BuildError::Parse)
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
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Parse(e) => e.fmt(f),
            BuildError::EmptyFirstSegment => f.write_str(
                "an empty first segment without an authority would make the path start with \"//\" (RFC 3986 §3.3)",
            ),
        }
    }
}

impl std::error::Error for BuildError {}

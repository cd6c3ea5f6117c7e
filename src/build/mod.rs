//! Building IRIs from their parts (RFC 3987 §7.4, RFC 3986 §2.4): each value percent-encoded
//! as its component requires, the result checked by the grammar and compared, component by
//! component, with what was set.

mod encode;
mod error;
mod rules;

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::components::Host;
use crate::types::IriRef;

pub use encode::{decode, encode, Component, DecodeUtf8Error};
pub use error::BuildError;
use rules::{ipvfuture_error, scheme_error};

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

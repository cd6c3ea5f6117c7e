//! Building IRIs from their parts (RFC 3987 §7.4, RFC 3986 §2.4): each value percent-encoded
//! as its component requires, the result checked by the grammar and compared, component by
//! component, with what was set.

mod encode;
mod error;
mod rules;

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::components::Host;
use crate::recompose::recompose;
use crate::types::IriRef;

pub use encode::{decode, encode, Component, DecodeUtf8Error};
pub use error::BuildError;
use rules::{ipvfuture_error, looks_like_ip, path_shape, scheme_error};

/// The host of a built IRI.
#[derive(Clone, Debug, PartialEq, Eq)]
enum BuiltHost {
    /// A reg-name: the text given (checked by [`looks_like_ip`]) and the text encoded.
    RegName {
        given: String,
        encoded: String,
    },
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    IpvFuture(String, String),
}

impl BuiltHost {
    /// The host as [`Authority::host`](crate::Authority::host) should give it back.
    fn expected(&self) -> Host<'_> {
        match self {
            BuiltHost::RegName { encoded, .. } => Host::RegName(encoded),
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
/// whose components are exactly the ones that were set, and refuses what was not asked for.
///
/// Every shape of IRI reference (RFC 3987 §2.2) can be built: with a scheme an `IRI`, without
/// one an `irelative-ref`; with a host an authority, without one none (a userinfo or a port
/// needs a host); a path that is empty, absolute (`/a/b`) or rootless (`a/b`, as in
/// `mailto:a@b`).
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
/// // A rootless path after a scheme: "@" and ":" are allowed in a segment (RFC 3986 §3.3).
/// let mailto = IriBuilder::new().scheme("mailto").path("a@b").build().unwrap();
/// assert_eq!(mailto.as_str(), "mailto:a@b");
/// let urn = IriBuilder::new().scheme("urn").path("isbn:0451450523").build().unwrap();
/// assert_eq!(urn.as_str(), "urn:isbn:0451450523");
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
    /// The path as it is written, its segments encoded.
    path: String,
    query: Option<String>,
    /// How many `&`-separated items [`query_pair`](Self::query_pair) and
    /// [`query_name`](Self::query_name) have added to `query`.
    query_items: usize,
    fragment: Option<String>,
}

impl IriBuilder {
    /// Nothing set; [`build`](Self::build) refuses to build nothing ([`BuildError::Empty`]).
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
    /// encoded). It needs a host: without one [`build`](Self::build) refuses it with
    /// [`BuildError::NoHost`].
    pub fn userinfo(mut self, userinfo: &str) -> Self {
        self.userinfo = Some(encode(userinfo, Component::Userinfo));
        self
    }

    /// A host name, encoded for `ireg-name`: "." and letters of any script stay, delimiters
    /// such as ":", "/", "@", "[" are percent-encoded and cannot end the host. An empty name is
    /// the empty host (`file:///etc/hosts`, RFC 3986 §3.2.2).
    ///
    /// A text that is an IP address rather than a name is refused by [`build`](Self::build):
    /// one that starts with "[" (RFC 3986 §3.2.2 `IP-literal`) or is an IPv6 address without
    /// brackets, with [`BuildError::HostNotRegName`] (use [`ipv6`](Self::ipv6) or
    /// [`ipvfuture`](Self::ipvfuture)); one that reads as an IPv4 address (`192.0.2.1`), which
    /// would not be a reg-name in the result, with [`BuildError::Mismatch`] (use
    /// [`ipv4`](Self::ipv4)).
    pub fn host(mut self, name: &str) -> Self {
        self.host = Some(BuiltHost::RegName {
            given: name.to_string(),
            encoded: encode(name, Component::RegName),
        });
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

    /// The port (RFC 3986 §3.2.3), written in decimal digits. It needs a host: without one
    /// [`build`](Self::build) refuses it with [`BuildError::NoHost`].
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The whole path, replacing any path and segments set before: split at each "/", each
    /// piece encoded for `isegment` (RFC 3987 §2.2; RFC 3986 §3.3), so "/" stays the separator
    /// and a segment keeps ":" and "@" while "?", "#", "%" and spaces are percent-encoded.
    /// A "/" cannot be data here; [`segment`](Self::segment) appends a segment that holds one.
    ///
    /// The path may be empty, absolute (`/a/b`) or rootless (`a/b`), but its shape must fit
    /// the rest, or [`build`](Self::build) refuses it (RFC 3986 §3.3, RFC 3987 §2.2):
    /// - with a host (`ipath-abempty`) it is empty or starts with "/":
    ///   [`BuildError::RootlessPathWithAuthority`];
    /// - without a host it does not start with "//", which would read as an authority:
    ///   [`BuildError::EmptyFirstSegment`];
    /// - without a scheme and a host, its first segment has no ":" (`ipath-noscheme`, RFC 3986
    ///   §4.2), which would read as a scheme: [`BuildError::ColonInFirstSegment`]. The ":" is
    ///   not encoded instead: "%3A" and ":" are not equivalent (RFC 3986 §2.2), so that would
    ///   build another IRI than the one asked for; a path written `./a:b` is the RFC's way.
    ///
    /// ```
    /// use rfc3987::IriBuilder;
    ///
    /// let iri = IriBuilder::new().path("a b/c?").segment("d/e").build().unwrap();
    /// assert_eq!(iri.as_str(), "a%20b/c%3F/d%2Fe");
    /// ```
    pub fn path(mut self, path: &str) -> Self {
        let segments: Vec<String> = path.split('/').map(|s| encode(s, Component::Segment)).collect();
        self.path = segments.join("/");
        self
    }

    /// Appends "/" and one segment, encoded for `isegment` (a "/" in it is data, `%2F`), to
    /// the path: alone, segments make an absolute path (`/a/b`); after [`path`](Self::path)
    /// they continue it.
    pub fn segment(mut self, segment: &str) -> Self {
        self.path.push('/');
        self.path.push_str(&encode(segment, Component::Segment));
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

    /// The IRI reference, parsed by the grammar. An error ([`BuildError`]) when a value taken
    /// as it is does not match its rule (a scheme, RFC 3986 §3.1; an IPvFuture, §3.2.2), when
    /// the builder would have to make up what was not asked for (a host for a userinfo or a
    /// port; a reg-name from an IP address; a path that does not fit the rest, §3.3; an empty
    /// reference from nothing), or when the result, parsed again, does not have exactly the
    /// components that were set (a reg-name that reads as an IPv4 address).
    pub fn build(&self) -> Result<IriRef<String>, BuildError> {
        self.check()?;
        // RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ].
        let authority = self.host.as_ref().map(|host| {
            let mut authority = self
                .userinfo
                .as_ref()
                .map_or_else(String::new, |u| format!("{u}@"));
            match host {
                BuiltHost::RegName { encoded, .. } => authority.push_str(encoded),
                BuiltHost::Ipv4(a) => authority.push_str(&a.to_string()),
                BuiltHost::Ipv6(a) => authority.push_str(&format!("[{a}]")),
                BuiltHost::IpvFuture(v, a) => authority.push_str(&format!("[v{v}.{a}]")),
            }
            if let Some(port) = self.port {
                authority.push_str(&format!(":{port}"));
            }
            authority
        });
        let text = recompose(
            self.scheme.as_deref(),
            authority.as_deref(),
            &self.path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        );
        let iri = IriRef::parse(text).map_err(BuildError::Parse)?;
        self.verify(&iri)?;
        Ok(iri)
    }

    /// The refusals decided before the text is written, in this order: the values used as they
    /// are, the host, the authority without a host, the path's shape, nothing set.
    fn check(&self) -> Result<(), BuildError> {
        if let Some(scheme) = &self.scheme {
            if let Some(byte_offset) = scheme_error(scheme) {
                return Err(BuildError::Invalid {
                    component: "scheme",
                    value: scheme.clone(),
                    byte_offset,
                });
            }
        }
        match &self.host {
            Some(BuiltHost::IpvFuture(version, address)) => {
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
            Some(BuiltHost::RegName { given, .. }) if looks_like_ip(given) => {
                return Err(BuildError::HostNotRegName { value: given.clone() });
            }
            Some(_) => {}
            None if self.userinfo.is_some() => {
                return Err(BuildError::NoHost {
                    component: "userinfo",
                })
            }
            None if self.port.is_some() => return Err(BuildError::NoHost { component: "port" }),
            None => {}
        }
        path_shape(&self.path, self.scheme.is_some(), self.host.is_some())?;
        let nothing = self.scheme.is_none()
            && self.host.is_none()
            && self.path.is_empty()
            && self.query.is_none()
            && self.fragment.is_none();
        if nothing {
            return Err(BuildError::Empty);
        }
        Ok(())
    }

    /// The built IRI, parsed, has exactly the components that were set: a value that escaped
    /// its component (a delimiter left unencoded) or changed kind would show here.
    fn verify(&self, iri: &IriRef<String>) -> Result<(), BuildError> {
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
        match (&self.host, iri.authority()) {
            (None, None) => {}
            (Some(host), Some(authority)) => {
                if authority.userinfo() != self.userinfo.as_deref() {
                    return mismatch(
                        "userinfo",
                        show(self.userinfo.as_deref()),
                        show(authority.userinfo()),
                    );
                }
                if authority.host() != host.expected() {
                    return mismatch("host", describe(host.expected()), describe(authority.host()));
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
                    presence(given.is_some()).to_string(),
                    presence(parsed.is_some()).to_string(),
                );
            }
        }
        if iri.path().as_str() != self.path {
            return mismatch("path", show(Some(&self.path)), show(Some(iri.path().as_str())));
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

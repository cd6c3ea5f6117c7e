//! Typed, zero-copy views of the components of an IRI reference (RFC 3987 §2.2, RFC 3986 §3).
//!
//! [`Spans`] is what one walk of the parse tree records: byte ranges into the input, the host kind
//! and the path form. The view types ([`Authority`], [`Host`], [`Path`]) borrow the input.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::ops::Range;

/// A byte range `start..end` into the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    #[inline]
    pub fn of(self, input: &str) -> &str {
        &input[self.start..self.end]
    }
}

/// Which alternative of `ihost` matched (RFC 3987 §2.2, RFC 3986 §3.2.2), with the address the
/// IP forms denote.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostSpans {
    /// `ireg-name`
    RegName,
    /// `IPv4address`
    Ipv4(Ipv4Addr),
    /// `IP-literal` holding an `IPv6address`
    Ipv6(Ipv6Addr),
    /// `IP-literal` holding an `IPvFuture`; the span is the version (the `1*HEXDIG` after "v").
    IpvFuture { version: Span },
}

/// Where the parts of an `iauthority` are (RFC 3987 §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthoritySpans {
    /// The whole authority, without the leading "//".
    pub whole: Span,
    pub userinfo: Option<Span>,
    pub host: Span,
    pub host_kind: HostSpans,
    pub port: Option<Span>,
}

impl AuthoritySpans {
    /// Passes every offset through `f`, in the order of the text (see [`Spans::map_offsets`]).
    pub(crate) fn map_offsets(&mut self, mut f: impl FnMut(usize) -> usize) {
        self.whole.start = f(self.whole.start);
        if let Some(userinfo) = &mut self.userinfo {
            span(&mut f, userinfo);
        }
        self.host.start = f(self.host.start);
        if let HostSpans::IpvFuture { version } = &mut self.host_kind {
            span(&mut f, version);
        }
        self.host.end = f(self.host.end);
        if let Some(port) = &mut self.port {
            span(&mut f, port);
        }
        self.whole.end = f(self.whole.end);
    }
}

/// `s` with both offsets passed through `f`.
fn span(f: &mut impl FnMut(usize) -> usize, s: &mut Span) {
    s.start = f(s.start);
    s.end = f(s.end);
}

/// Where the components of an IRI reference are. Produced by one walk of the pest tree
/// (`walk.rs`); everything else reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Spans {
    pub scheme: Option<Span>,
    pub authority: Option<AuthoritySpans>,
    pub path: Span,
    pub path_kind: PathKind,
    pub query: Option<Span>,
    pub fragment: Option<Span>,
}

impl Spans {
    /// No components: an empty path (`ipath-empty`) at offset 0, to be filled in.
    pub(crate) fn empty() -> Spans {
        Spans {
            scheme: None,
            authority: None,
            path: Span::default(),
            path_kind: PathKind::Empty,
            query: None,
            fragment: None,
        }
    }

    /// Passes every offset through `f`, which sees them in increasing order (the order of the
    /// text): for a text rewritten character by character, such as the IRI-to-URI mapping.
    pub(crate) fn map_offsets(&mut self, mut f: impl FnMut(usize) -> usize) {
        if let Some(scheme) = &mut self.scheme {
            span(&mut f, scheme);
        }
        if let Some(a) = &mut self.authority {
            a.map_offsets(&mut f);
        }
        span(&mut f, &mut self.path);
        if let Some(query) = &mut self.query {
            span(&mut f, query);
        }
        if let Some(fragment) = &mut self.fragment {
            span(&mut f, fragment);
        }
    }
}

/// Where each component of a parsed IRI reference is in its text, as byte ranges, the
/// delimiters excluded (RFC 3986 §3): `None` for a component the reference does not have. The
/// path is always there, maybe empty. Given by `ranges()` on every parsed type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ComponentRanges {
    /// `scheme`, without the ":".
    pub scheme: Option<Range<usize>>,
    /// `iauthority`, without the "//".
    pub authority: Option<Range<usize>>,
    /// `iuserinfo`, without the "@".
    pub userinfo: Option<Range<usize>>,
    /// `ihost`, with the brackets of an `IP-literal`.
    pub host: Option<Range<usize>>,
    /// `port`, without the ":"; maybe empty.
    pub port: Option<Range<usize>>,
    /// The `ipath-*` form.
    pub path: Range<usize>,
    /// `iquery`, without the "?".
    pub query: Option<Range<usize>>,
    /// `ifragment`, without the "#".
    pub fragment: Option<Range<usize>>,
}

impl ComponentRanges {
    /// The ranges of `spans`.
    pub(crate) fn of(spans: &Spans) -> ComponentRanges {
        let range = |s: Span| s.start..s.end;
        let authority = spans.authority.as_ref();
        ComponentRanges {
            scheme: spans.scheme.map(range),
            authority: authority.map(|a| range(a.whole)),
            userinfo: authority.and_then(|a| a.userinfo).map(range),
            host: authority.map(|a| range(a.host)),
            port: authority.and_then(|a| a.port).map(range),
            path: range(spans.path),
            query: spans.query.map(range),
            fragment: spans.fragment.map(range),
        }
    }
}

/// The host kind, as the grammar classifies it (RFC 3986 §3.2.2: a host that matches
/// `IPv4address` is an IPv4 address, not a reg-name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HostKind {
    /// `ireg-name` (RFC 3987 §2.2), possibly empty.
    RegName,
    /// `IPv4address` (RFC 3986 §3.2.2).
    Ipv4,
    /// `IPv6address` inside an `IP-literal` (RFC 3986 §3.2.2).
    Ipv6,
    /// `IPvFuture` inside an `IP-literal` (RFC 3986 §3.2.2).
    IpvFuture,
}

impl HostKind {
    /// The name used by the `iri` tool's JSON: `reg-name`, `ipv4`, `ipv6`, `ipvfuture`.
    pub fn as_str(self) -> &'static str {
        match self {
            HostKind::RegName => "reg-name",
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
        }
    }
}

/// The host of an authority (RFC 3987 §2.2 `ihost`, RFC 3986 §3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Host<'a> {
    /// `ireg-name`: a registered name as written, possibly empty (`file:///etc`), possibly with
    /// percent-encodings and non-ASCII characters.
    RegName(&'a str),
    /// `IPv4address`.
    Ipv4(Ipv4Addr),
    /// `IPv6address`, written in brackets.
    Ipv6(Ipv6Addr),
    /// `IPvFuture`: `"v" version "." address`, written in brackets.
    IpvFuture {
        /// The `1*HEXDIG` after "v", as written.
        version: &'a str,
        /// The part after the first ".", as written.
        address: &'a str,
    },
}

impl Host<'_> {
    /// Which alternative of `ihost` this is.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::RegName(_) => HostKind::RegName,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::IpvFuture { .. } => HostKind::IpvFuture,
        }
    }
}

/// The host as an IRI writes it (RFC 3986 §3.2.2): a reg-name as written, an IPv4 address in
/// dotted decimal, an IPv6 address in brackets in its RFC 5952 form (which may differ from how it
/// was written: [`Authority::host_str`] has the text as written), an IPvFuture as
/// `[v<version>.<address>]`.
///
/// ```
/// use rfc3987::IriRef;
///
/// let iri = IriRef::parse("http://[2001:DB8:0::7]/").unwrap();
/// assert_eq!(iri.authority().unwrap().host().to_string(), "[2001:db8::7]");
/// assert_eq!(iri.authority().unwrap().host_str(), "[2001:DB8:0::7]");
/// ```
impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::RegName(name) => f.write_str(name),
            Host::Ipv4(address) => write!(f, "{address}"),
            Host::Ipv6(address) => write!(f, "[{address}]"),
            Host::IpvFuture { version, address } => write!(f, "[v{version}.{address}]"),
        }
    }
}

/// The authority of an IRI reference (RFC 3987 §2.2 `iauthority`):
/// `[ iuserinfo "@" ] ihost [ ":" port ]`.
///
/// ```
/// use rfc3987::{Host, IriRef};
///
/// let iri = IriRef::parse("ftp://user@[2001:db8::7]:21/").unwrap();
/// let authority = iri.authority().unwrap();
/// assert_eq!(authority.as_str(), "user@[2001:db8::7]:21");
/// assert_eq!(authority.userinfo(), Some("user"));
/// assert_eq!(authority.host_str(), "[2001:db8::7]");
/// assert_eq!(authority.host(), Host::Ipv6("2001:db8::7".parse().unwrap()));
/// assert_eq!(authority.port(), Some("21"));
/// assert_eq!(authority.port_u16(), Some(21));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Authority<'a> {
    input: &'a str,
    spans: AuthoritySpans,
}

impl<'a> Authority<'a> {
    pub(crate) fn new(input: &'a str, spans: AuthoritySpans) -> Self {
        Authority { input, spans }
    }

    /// The authority as written, without the leading "//".
    pub fn as_str(&self) -> &'a str {
        self.spans.whole.of(self.input)
    }

    /// `iuserinfo`, without the "@"; `None` when there is no "@".
    pub fn userinfo(&self) -> Option<&'a str> {
        self.spans.userinfo.map(|s| s.of(self.input))
    }

    /// `ihost` as written; an `IP-literal` keeps its brackets.
    #[inline]
    pub fn host_str(&self) -> &'a str {
        self.spans.host.of(self.input)
    }

    /// `ihost`, typed by the alternative that matched.
    pub fn host(&self) -> Host<'a> {
        match self.spans.host_kind {
            HostSpans::RegName => Host::RegName(self.host_str()),
            HostSpans::Ipv4(a) => Host::Ipv4(a),
            HostSpans::Ipv6(a) => Host::Ipv6(a),
            HostSpans::IpvFuture { version } => {
                // IP-literal = "[" IPvFuture "]", IPvFuture = "v" 1*HEXDIG "." address
                let host = self.spans.host;
                Host::IpvFuture {
                    version: version.of(self.input),
                    address: &self.input[version.end + 1..host.end - 1],
                }
            }
        }
    }

    /// Where the parts are in the text it borrows, for recomposition.
    pub(crate) fn spans(&self) -> AuthoritySpans {
        self.spans
    }

    /// The host kind with its spans, for recomposition.
    pub(crate) fn host_spans(&self) -> HostSpans {
        self.spans.host_kind
    }

    /// Which alternative of `ihost` matched.
    pub fn host_kind(&self) -> HostKind {
        match self.spans.host_kind {
            HostSpans::RegName => HostKind::RegName,
            HostSpans::Ipv4(_) => HostKind::Ipv4,
            HostSpans::Ipv6(_) => HostKind::Ipv6,
            HostSpans::IpvFuture { .. } => HostKind::IpvFuture,
        }
    }

    /// `port` as written (`*DIGIT`, so possibly empty or with leading zeros); `None` when there
    /// is no ":" after the host.
    pub fn port(&self) -> Option<&'a str> {
        self.spans.port.map(|s| s.of(self.input))
    }

    /// The port as a number, when it is written and fits in a `u16` (RFC 3986 §3.2.3 sets no
    /// upper bound; `:99999` is valid syntax but has no `u16`).
    pub fn port_u16(&self) -> Option<u16> {
        self.port().filter(|p| !p.is_empty()).and_then(|p| p.parse().ok())
    }
}

/// The authority as written, without the leading "//" (RFC 3986 §3.2).
impl fmt::Display for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which `ipath-*` rule the path matched (RFC 3987 §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathKind {
    /// `ipath-abempty`: after an authority; begins with "/" or is empty.
    AbEmpty,
    /// `ipath-absolute`: begins with "/" but not "//".
    Absolute,
    /// `ipath-noscheme`: a relative reference's path whose first segment has no ":".
    NoScheme,
    /// `ipath-rootless`: an IRI's path that begins with a segment.
    Rootless,
    /// `ipath-empty`: zero characters, no authority.
    Empty,
}

impl PathKind {
    /// The ABNF rule name: `ipath-abempty`, `ipath-absolute`, …
    pub fn rule_name(self) -> &'static str {
        match self {
            PathKind::AbEmpty => "ipath-abempty",
            PathKind::Absolute => "ipath-absolute",
            PathKind::NoScheme => "ipath-noscheme",
            PathKind::Rootless => "ipath-rootless",
            PathKind::Empty => "ipath-empty",
        }
    }
}

/// The path of an IRI reference, as written, with the `ipath-*` form it matched.
///
/// ```
/// use rfc3987::{IriRef, PathKind};
///
/// let iri = IriRef::parse("../a/b%20c/").unwrap();
/// let path = iri.path();
/// assert_eq!(path.as_str(), "../a/b%20c/");
/// assert_eq!(path.kind(), PathKind::NoScheme);
/// assert_eq!(path.segments().collect::<Vec<_>>(), ["..", "a", "b%20c", ""]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Path<'a> {
    text: &'a str,
    kind: PathKind,
}

impl<'a> Path<'a> {
    pub(crate) fn new(text: &'a str, kind: PathKind) -> Self {
        Path { text, kind }
    }

    /// The path as written.
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Which `ipath-*` rule matched.
    pub fn kind(&self) -> PathKind {
        self.kind
    }

    /// Whether the path is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The `isegment`s, split at "/" (a path that starts with "/" does not yield an empty first
    /// segment; an empty path yields nothing). Segments are as written, still percent-encoded.
    pub fn segments(&self) -> impl Iterator<Item = &'a str> + 'a {
        let rest = self.text.strip_prefix('/').unwrap_or(self.text);
        let empty = self.text.is_empty();
        rest.split('/').filter(move |_| !empty)
    }
}

/// The path as written (RFC 3987 §2.2 `ipath`).
impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// How a path would not fit the components around it (RFC 3986 §3.3, RFC 3987 §2.2): the
/// checks that keep a path from running into the scheme or the authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathMisfit {
    /// After an authority the path is `ipath-abempty`: empty, or "/" first.
    RootlessAfterAuthority,
    /// Without an authority a path cannot begin with "//", which would read as one.
    DoubleSlashWithoutAuthority,
    /// Without a scheme or an authority the first segment has no ":" (`ipath-noscheme`, RFC
    /// 3986 §4.2), which would read as a scheme; the byte offset of the ":" in the path.
    ColonInFirstSegment(usize),
}

/// Whether `path`, as written, fits a reference with or without a scheme and an authority.
pub(crate) fn path_misfit(path: &str, scheme: bool, authority: bool) -> Option<PathMisfit> {
    if authority {
        return (!path.is_empty() && !path.starts_with('/')).then_some(PathMisfit::RootlessAfterAuthority);
    }
    if path.starts_with("//") {
        return Some(PathMisfit::DoubleSlashWithoutAuthority);
    }
    let first = path.split('/').next().unwrap_or_default();
    match first.find(':') {
        Some(at) if !scheme => Some(PathMisfit::ColonInFirstSegment(at)),
        _ => None,
    }
}

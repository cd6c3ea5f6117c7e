//! Component recomposition (RFC 3986 §5.3), recording where each component lands so that the
//! result is a parsed value without a second parse.

use crate::components::{Authority, AuthoritySpans, HostSpans, PathKind, Span, Spans};
use crate::types::IriRef;

/// RFC 3986 §5.3 component recomposition of text that is known to fit: each component as
/// given, with its delimiters, nothing repaired (the builder and the edits refuse a path that
/// would not fit before they write, and parse the result).
pub(crate) fn recompose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut text = String::new();
    if let Some(scheme) = scheme {
        text.push_str(scheme);
        text.push(':');
    }
    if let Some(authority) = authority {
        text.push_str("//");
        text.push_str(authority);
    }
    text.push_str(path);
    if let Some(query) = query {
        text.push('?');
        text.push_str(query);
    }
    if let Some(fragment) = fragment {
        text.push('#');
        text.push_str(fragment);
    }
    text
}

/// A component's text for [`Recomposer`]: given (`&str`), or written in place by a closure
/// that appends it to the result (a pass that rewrites a component writes it there, with no
/// string of its own).
pub(crate) trait Part {
    /// Appends the component to `text`.
    fn append_to(self, text: &mut String);
}

impl Part for &str {
    fn append_to(self, text: &mut String) {
        text.push_str(self);
    }
}

impl Part for &String {
    fn append_to(self, text: &mut String) {
        text.push_str(self);
    }
}

impl<F: FnOnce(&mut String)> Part for F {
    fn append_to(self, text: &mut String) {
        self(text);
    }
}

/// Writes components in the order of RFC 3986 §5.3 and records their spans.
pub(crate) struct Recomposer {
    text: String,
    spans: Spans,
}

impl Recomposer {
    pub fn with_capacity(capacity: usize) -> Self {
        Recomposer {
            text: String::with_capacity(capacity),
            spans: Spans::empty(),
        }
    }

    fn push(&mut self, part: impl Part) -> Span {
        let start = self.text.len();
        part.append_to(&mut self.text);
        Span {
            start,
            end: self.text.len(),
        }
    }

    /// `if defined(scheme) then append scheme to result; append ":" to result;`
    pub fn scheme(&mut self, scheme: impl Part) {
        self.spans.scheme = Some(self.push(scheme));
        self.text.push(':');
    }

    /// `scheme ":"` and `"//" authority`, each when defined, as `iri` writes them, to start the
    /// result: they start its text as they start the result, so their spans are its spans.
    pub fn scheme_and_authority_of(&mut self, iri: &IriRef<&str>) {
        debug_assert!(self.text.is_empty(), "the scheme and authority start the result");
        let spans = iri.spans();
        let end = match (spans.authority, spans.scheme) {
            (Some(authority), _) => authority.whole.end,
            (None, Some(scheme)) => scheme.end + 1,
            (None, None) => 0,
        };
        self.text.push_str(&iri.as_str()[..end]);
        self.spans.scheme = spans.scheme;
        self.spans.authority = spans.authority;
    }

    /// `if defined(authority) then append "//" to result; append authority to result;`: a
    /// parsed authority, copied as written, its spans moved to where it lands (the grammar's
    /// reading of the host does not change with the place of the text).
    pub fn authority(&mut self, authority: &Authority<'_>) {
        self.text.push_str("//");
        let start = self.text.len();
        self.text.push_str(authority.as_str());
        let mut spans = authority.spans();
        let from = spans.whole.start;
        spans.map_offsets(|offset| offset - from + start);
        self.spans.authority = Some(spans);
    }

    /// The authority from its parts: `[ userinfo "@" ] host [ ":" port ]` (RFC 3986 §3.2), the host
    /// being of the kind given (an IP literal keeps its brackets in `host`).
    ///
    /// A reg-name that a pass rewrote may now read as an address: decoding `%31.2.3.4`, or
    /// IDNA mapping fullwidth digits `１２７.０.０.１`, gives `127.0.0.1`, which RFC 3986 §3.2.2
    /// says is an `IPv4address`. The kind recorded is then what the grammar reads.
    pub fn authority_parts(
        &mut self,
        userinfo: Option<impl Part>,
        host: impl Part,
        kind: HostSpans,
        port: Option<&str>,
    ) {
        self.text.push_str("//");
        let start = self.text.len();
        let userinfo = userinfo.map(|u| {
            let span = self.push(u);
            self.text.push('@');
            span
        });
        let host = self.push(host);
        let host_kind = match kind {
            HostSpans::RegName if could_be_ipv4(&self.text[host.start..host.end]) => {
                crate::parse::host_kind(&self.text[host.start..host.end]).unwrap_or(HostSpans::RegName)
            }
            // IP-literal = "[" IPvFuture "]", IPvFuture = "v" 1*HEXDIG "." ...
            HostSpans::IpvFuture { .. } => {
                let dot = self.text[host.start..host.end]
                    .find('.')
                    .map_or(host.end, |d| host.start + d);
                HostSpans::IpvFuture {
                    version: Span {
                        start: host.start + 2,
                        end: dot,
                    },
                }
            }
            other => other,
        };
        let port = port.map(|p| {
            self.text.push(':');
            self.push(p)
        });
        let whole = Span {
            start,
            end: self.text.len(),
        };
        self.spans.authority = Some(AuthoritySpans {
            whole,
            userinfo,
            host,
            host_kind,
            port,
        });
    }

    /// `append path to result;`, keeping the path a path: without an authority, a path that
    /// starts with "//" is written "/.//…" (it would otherwise read as an authority, RFC 3986
    /// §5.2.4's note on recomposition), and a relative reference's first segment with ":" is
    /// written "./…" (RFC 3986 §4.2).
    pub fn path(&mut self, path: impl Part) {
        let start = self.text.len();
        path.append_to(&mut self.text);
        let has_authority = self.spans.authority.is_some();
        let has_scheme = self.spans.scheme.is_some();
        let path = &self.text[start..];
        if !has_authority && path.starts_with("//") {
            self.text.insert_str(start, "/.");
        } else if !has_authority && !has_scheme && path.split('/').next().is_some_and(|s| s.contains(':')) {
            self.text.insert_str(start, "./");
        }
        let span = Span {
            start,
            end: self.text.len(),
        };
        self.spans.path = span;
        self.spans.path_kind = if has_authority {
            PathKind::AbEmpty
        } else if span.start == span.end {
            PathKind::Empty
        } else if self.text[start..].starts_with('/') {
            PathKind::Absolute
        } else if has_scheme {
            PathKind::Rootless
        } else {
            PathKind::NoScheme
        };
    }

    /// `if defined(query) then append "?" to result; append query to result;`
    pub fn query(&mut self, query: impl Part) {
        self.text.push('?');
        self.spans.query = Some(self.push(query));
    }

    /// `if defined(fragment) then append "#" to result; append fragment to result;`
    pub fn fragment(&mut self, fragment: impl Part) {
        self.text.push('#');
        self.spans.fragment = Some(self.push(fragment));
    }

    #[inline]
    pub fn finish(self) -> (String, Spans) {
        (self.text, self.spans)
    }
}

/// Whether a host could match `IPv4address` (RFC 3986 §3.2.2): digits and dots only.
fn could_be_ipv4(host: &str) -> bool {
    !host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

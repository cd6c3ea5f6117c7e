//! One walk of the pest parse tree into [`Spans`]: one function per rule that carries a component,
//! named after the rule, matching on `pair.as_rule()` and never on a child's position.

use std::net::{Ipv4Addr, Ipv6Addr};

use pest::iterators::Pair;

use crate::components::{AuthoritySpans, HostSpans, PathKind, Span, Spans};
use crate::pest_grammar::Rule;

type Node<'i> = Pair<'i, Rule>;

fn span(pair: &Node<'_>) -> Span {
    let s = pair.as_span();
    Span {
        start: s.start(),
        end: s.end(),
    }
}

/// A child the grammar cannot produce at this place: a bug in the walker or the grammar, never a
/// property of the input.
fn unexpected(parent: Rule, pair: &Node<'_>) -> ! {
    let s = pair.as_span();
    unreachable!(
        "walker bug: rule {:?} at {}..{} inside {:?}",
        pair.as_rule(),
        s.start(),
        s.end(),
        parent
    )
}

/// Walks the pairs of a `whole_*` entry rule: one start-symbol pair, then `EOI`.
pub(crate) fn whole<'i>(pairs: pest::iterators::Pairs<'i, Rule>) -> Spans {
    let mut spans = Spans::empty();
    for pair in pairs {
        match pair.as_rule() {
            Rule::IRI_reference => IRI_reference(pair, &mut spans),
            Rule::IRI | Rule::absolute_IRI => IRI(pair, &mut spans),
            Rule::irelative_ref => irelative_ref(pair, &mut spans),
            Rule::EOI => {}
            _ => unexpected(Rule::EOI, &pair),
        }
    }
    spans
}

/// `IRI-reference = IRI / irelative-ref` (RFC 3987 §2.2)
#[allow(non_snake_case)]
fn IRI_reference(pair: Node<'_>, spans: &mut Spans) {
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::IRI => IRI(child, spans),
            Rule::irelative_ref => irelative_ref(child, spans),
            _ => unexpected(Rule::IRI_reference, &child),
        }
    }
}

/// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]` and
/// `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]` (RFC 3987 §2.2)
#[allow(non_snake_case)]
fn IRI(pair: Node<'_>, spans: &mut Spans) {
    let parent = pair.as_rule();
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::scheme => spans.scheme = Some(span(&child)),
            Rule::ihier_part => hier_or_relative_part(child, spans),
            Rule::iquery => spans.query = Some(span(&child)),
            Rule::ifragment => spans.fragment = Some(span(&child)),
            _ => unexpected(parent, &child),
        }
    }
}

/// `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]` (RFC 3987 §2.2)
fn irelative_ref(pair: Node<'_>, spans: &mut Spans) {
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::irelative_part => hier_or_relative_part(child, spans),
            Rule::iquery => spans.query = Some(span(&child)),
            Rule::ifragment => spans.fragment = Some(span(&child)),
            _ => unexpected(Rule::irelative_ref, &child),
        }
    }
}

/// `ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty`
/// and `irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme /
/// ipath-empty` (RFC 3987 §2.2)
fn hier_or_relative_part(pair: Node<'_>, spans: &mut Spans) {
    let parent = pair.as_rule();
    for child in pair.into_inner() {
        let kind = match child.as_rule() {
            Rule::iauthority => {
                spans.authority = Some(iauthority(child));
                continue;
            }
            Rule::ipath_abempty => PathKind::AbEmpty,
            Rule::ipath_absolute => PathKind::Absolute,
            Rule::ipath_noscheme => PathKind::NoScheme,
            Rule::ipath_rootless => PathKind::Rootless,
            Rule::ipath_empty => PathKind::Empty,
            _ => unexpected(parent, &child),
        };
        spans.path = span(&child);
        spans.path_kind = kind;
    }
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]` (RFC 3987 §2.2)
fn iauthority(pair: Node<'_>) -> AuthoritySpans {
    let mut authority = AuthoritySpans {
        whole: span(&pair),
        userinfo: None,
        host: Span::default(),
        host_kind: HostSpans::RegName,
        port: None,
    };
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::iuserinfo => authority.userinfo = Some(span(&child)),
            Rule::ihost => (authority.host, authority.host_kind) = ihost(child),
            Rule::port => authority.port = Some(span(&child)),
            _ => unexpected(Rule::iauthority, &child),
        }
    }
    authority
}

/// `ihost = IP-literal / IPv4address / ireg-name` (RFC 3987 §2.2)
fn ihost(pair: Node<'_>) -> (Span, HostSpans) {
    let host = span(&pair);
    let mut kind = HostSpans::RegName;
    for child in pair.into_inner() {
        kind = match child.as_rule() {
            Rule::IP_literal => IP_literal(child),
            Rule::IPv4address => HostSpans::Ipv4(ipv4(child.as_str())),
            Rule::ireg_name => HostSpans::RegName,
            _ => unexpected(Rule::ihost, &child),
        };
    }
    (host, kind)
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` (RFC 3986 §3.2.2)
#[allow(non_snake_case)]
fn IP_literal(pair: Node<'_>) -> HostSpans {
    let mut kind = HostSpans::RegName;
    for child in pair.into_inner() {
        kind = match child.as_rule() {
            Rule::IPv6address => HostSpans::Ipv6(ipv6(child.as_str())),
            Rule::IPvFuture => {
                // IPvFuture = "v" 1*HEXDIG "." ...: HEXDIG holds no ".", so the first "." ends
                // the version.
                let s = span(&child);
                let dot = child.as_str().find('.').unwrap_or(s.end - s.start);
                HostSpans::IpvFuture {
                    version: Span {
                        start: s.start + 1,
                        end: s.start + dot,
                    },
                }
            }
            _ => unexpected(Rule::IP_literal, &child),
        };
    }
    kind
}

/// The address an `IPv4address` denotes (RFC 3986 §3.2.2): four `dec-octet`s, each 0–255 as the
/// grammar has checked. Total on any text, so a grammar bug cannot become a panic.
pub(crate) fn ipv4(text: &str) -> Ipv4Addr {
    let mut octets = [0u8; 4];
    for (octet, digits) in octets.iter_mut().zip(text.split('.')) {
        *octet = digits
            .bytes()
            .fold(0u8, |n, d| n.wrapping_mul(10).wrapping_add(d.wrapping_sub(b'0')));
    }
    Ipv4Addr::from(octets)
}

/// The address an `IPv6address` denotes (RFC 3986 §3.2.2): `h16` pieces, at most one "::" standing
/// for zero pieces, and an `IPv4address` in place of the last two. Total on any text.
pub(crate) fn ipv6(text: &str) -> Ipv6Addr {
    /// The 16-bit pieces of a "::"-free run, an IPv4 tail counting as two; returns how many.
    fn pieces(run: &str, out: &mut [u16; 8]) -> usize {
        let mut n = 0;
        for piece in run.split(':').filter(|p| !p.is_empty()) {
            let values = if piece.contains('.') {
                let [a, b, c, d] = ipv4(piece).octets();
                [Some(u16::from_be_bytes([a, b])), Some(u16::from_be_bytes([c, d]))]
            } else {
                [Some(u16::from_str_radix(piece, 16).unwrap_or(0)), None]
            };
            for v in values.into_iter().flatten() {
                if let Some(slot) = out.get_mut(n) {
                    *slot = v;
                    n += 1;
                }
            }
        }
        n
    }
    let (head, tail) = text.split_once("::").unwrap_or((text, ""));
    let mut groups = [0u16; 8];
    pieces(head, &mut groups);
    let mut tail_groups = [0u16; 8];
    let n = pieces(tail, &mut tail_groups);
    groups[8 - n..].copy_from_slice(&tail_groups[..n]);
    Ipv6Addr::from(groups)
}

//! How the input up to where the automaton stopped was read: the component a reader sees there
//! and its ABNF rule, choosing between the grammar's readings as RFC 3986 Appendix B splits a
//! reference into components (see [`SyntaxComponent`]).

use crate::automaton::{automaton, Run, Site};
use crate::error::SyntaxComponent;
use crate::pest_grammar::{abnf_name, Rule};

use SyntaxComponent as C;

/// How the input up to `run.at` was read: the sites of the character read last (or, at the
/// start, of what could come first), the component a reader sees there, and whether only the
/// userinfo reading of an authority is left.
pub(crate) struct Reading {
    pub(super) sites: Vec<Site>,
    pub(super) component: Option<SyntaxComponent>,
    /// Only the userinfo reading of an authority is left: it waits for its "@", and no "@"
    /// follows (or the component would be the userinfo), so the reader meant a host and port.
    pub(super) userinfo_only: bool,
}

impl Reading {
    /// The component of the character at `run.at`, as [`SyntaxComponent`] describes it.
    pub(super) fn of(input: &str, run: &Run<'_>) -> Reading {
        let at = run.at;
        let came = run.came();
        let started = !came.is_empty();
        let sites = if started { came } else { run.ahead() };
        let mut candidates: Vec<SyntaxComponent> = Vec::new();
        for c in sites.iter().filter_map(|s| s.component) {
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
        let rest = &input[at..];
        let waits_for_at = run.allows('@') && !at_follows(rest);
        let userinfo_only = started && waits_for_at && candidates == [C::Userinfo];
        let chosen = if candidates.contains(&C::Scheme) && (candidates.len() == 1 || scheme_follows(input)) {
            Some(C::Scheme)
        } else if !started && candidates.contains(&C::Path) {
            Some(C::Path)
        } else if candidates.contains(&C::Userinfo) && candidates.len() > 1 {
            // RFC 3986 §3.2: the userinfo ends at an "@"; without one, the host or the port.
            Some(if at_follows(rest) {
                C::Userinfo
            } else if candidates.contains(&C::Port) {
                C::Port
            } else {
                C::Host
            })
        } else {
            candidates.iter().copied().find(|&c| c != C::Scheme)
        };
        let in_pct = pct_start(&input[..at]).is_some();
        let component = match chosen {
            // A first segment with ":" in a relative reference: the reader meant a scheme.
            Some(C::Path)
                if started
                    && !in_pct
                    && run.found == Some(':')
                    && sites.iter().any(|s| s.rule == Rule::isegment_nz_nc) =>
            {
                Some(C::Scheme)
            }
            // host:port, or an IPv6 address without its brackets (the host).
            Some(C::Userinfo) if userinfo_only => {
                let ipv6 = automaton(Rule::IPv6address).matches(authority_before(input, at).1);
                Some(if ipv6 { C::Host } else { C::Port })
            }
            other => other,
        };
        Reading {
            sites,
            component,
            userinfo_only,
        }
    }

    /// The ABNF rule of the error: the rule of the character read last when it is in the
    /// component and not a delimiter, otherwise the rule of the component.
    pub(super) fn rule(&self, run: &Run<'_>, root: Rule) -> &'static str {
        let Some(component) = self.component else {
            return abnf_name(root);
        };
        let own: Vec<&Site> = self
            .sites
            .iter()
            .filter(|s| s.component == Some(component) && s.literal.is_none())
            .collect();
        // A host read both as an IPv4address and as an ireg-name: the reg-name, which holds
        // every IPv4 address (RFC 3986 §3.2.2 prefers the address only when all of the host
        // is one).
        if let Some(site) = own.iter().find(|s| s.rule == Rule::ireg_name).or(own.first()) {
            return abnf_name(site.rule);
        }
        let has = |rule: Rule| self.sites.iter().any(|s| s.rule == rule);
        match component {
            C::Scheme => "scheme",
            C::Userinfo => "iuserinfo",
            C::Host if self.userinfo_only => "IP-literal",
            C::Host if has(Rule::IPv4address) && !has(Rule::ireg_name) => "IPv4address",
            C::Host => "ireg-name",
            C::IpLiteral => "IP-literal",
            C::Port => "port",
            C::Path => self
                .sites
                .iter()
                .chain(run.ahead().iter())
                .map(|s| s.rule)
                .find(|r| matches!(r, Rule::isegment | Rule::isegment_nz | Rule::isegment_nz_nc))
                .map_or("isegment", abnf_name),
            C::Query => "iquery",
            C::Fragment => "ifragment",
        }
    }
}

/// RFC 3986 Appendix B reads a scheme when the first ":", "/", "?" or "#" of the input is a
/// ":" with at least one character before it.
fn scheme_follows(input: &str) -> bool {
    input
        .find([':', '/', '?', '#'])
        .is_some_and(|i| i > 0 && input.as_bytes()[i] == b':')
}

/// Whether an "@" comes in `rest` before the authority ends ("/", "?", "#"; RFC 3986 §3.2).
fn at_follows(rest: &str) -> bool {
    rest.find(['@', '/', '?', '#'])
        .is_some_and(|i| rest.as_bytes()[i] == b'@')
}

/// Where the authority that ends at `at` starts (after its "//", or at 0 for a rule checked
/// alone), and its text up to `at`.
pub(super) fn authority_before(input: &str, at: usize) -> (usize, &str) {
    let start = input[..at].find("//").map_or(0, |i| i + 2);
    (start, &input[start..at])
}

/// The "%" that starts an unfinished `pct-encoded` at the end of `before` (RFC 3986 §2.1).
pub(super) fn pct_start(before: &str) -> Option<usize> {
    before
        .rfind('%')
        .filter(|&p| before.len() - p <= 2 && before[p + 1..].bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The component RFC 3986 Appendix B's regular expression
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` puts the byte at `at` in, with
/// the authority split as §3.2 does (userinfo before its "@", the port after the last ":" that
/// is outside square brackets): how a reader splits an input the grammar does not read.
pub(super) fn appendix_b(input: &str, at: usize) -> SyntaxComponent {
    let mut pos = 0;
    if scheme_follows(input) {
        let colon = input.find(':').unwrap_or(0);
        if at <= colon {
            return C::Scheme;
        }
        pos = colon + 1;
    }
    if input[pos..].starts_with("//") {
        let start = pos + 2;
        let end = input[start..]
            .find(['/', '?', '#'])
            .map_or(input.len(), |i| start + i);
        if at < end {
            let authority = &input[start..end];
            let offset = at - start.min(at);
            let host_start = authority.find('@').map_or(0, |i| i + 1);
            if offset < host_start {
                return C::Userinfo;
            }
            let host = &authority[host_start..];
            if host.starts_with('[') && host.find(']').is_none_or(|close| offset - host_start <= close) {
                return C::IpLiteral;
            }
            let port = host.rfind(':').filter(|&c| !host[c..].contains(']'));
            return match port {
                Some(c) if offset > host_start + c => C::Port,
                _ => C::Host,
            };
        }
        pos = end;
    }
    let query = input[pos..].find(['?', '#']).map(|i| pos + i);
    let fragment = input.find('#').filter(|&f| f >= pos);
    match (query, fragment) {
        (_, Some(f)) if at >= f => C::Fragment,
        (Some(q), _) if at >= q => C::Query,
        _ => C::Path,
    }
}

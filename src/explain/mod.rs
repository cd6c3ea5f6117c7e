//! Why an input is not an IRI, in words: from where the automaton of the grammar stopped
//! (`automaton::Run`), the component the error is in, its ABNF rule, what the grammar allowed
//! there, and a message that says what is wrong and what would be valid (`words.rs`,
//! `ip_literal.rs`).
//!
//! The position is the automaton's and exact; this module only chooses words. Where the
//! characters read so far fit two readings, it chooses the one a reader means, as RFC 3986
//! Appendix B splits a reference into components (see [`SyntaxComponent`]).

mod ip_literal;
mod words;

use crate::automaton::{automaton, Run, Site};
use crate::chars::bidi_formatting_name;
use crate::error::{column, visible, Found, ParseError, ParseErrorKind, SyntaxComponent};
use crate::pest_grammar::{abnf_name, Rule};

use SyntaxComponent as C;

/// The syntax error of `input` as `root`, from where `run` stopped; `target` names what was
/// asked for (`IRI`, `URI-reference`, `IPv6address`) and `uri` says it is a URI symbol of
/// RFC 3986 (rules are then named as RFC 3986 names them).
pub(crate) fn syntax_error(
    input: &str,
    run: &Run<'_>,
    root: Rule,
    target: &'static str,
    uri: bool,
) -> ParseError {
    let reading = Reading::of(input, run);
    let component = reading.component;
    let rule = reading.rule(run, root);
    let mut message = words::Words {
        input,
        run,
        reading: &reading,
        rule,
        target,
        root,
        uri,
    }
    .message();
    if input.starts_with('\u{FEFF}') {
        let bom = "the input starts with U+FEFF, a byte order mark, which is not part of an IRI";
        message = if run.at == 0 {
            format!(
                "{bom}: remove it (a scheme starts with a letter, {})",
                section("scheme")
            )
        } else {
            format!("{bom}: remove it (read with it: {message})")
        };
    }
    let found = Found {
        component,
        rule: Some(spelled(rule, uri)),
        expected: expected(run, uri),
        message,
    };
    ParseError::new(ParseErrorKind::Syntax, target, input, run.at, found)
}

/// The error beside the grammar at the character `c` at `at`: RFC 3987 §4.1's bidi formatting
/// characters, or a character that is not ASCII in a URI (RFC 3986 §2). The component and rule
/// are those the grammar reads `c` in; when the grammar stops earlier, the component is the one
/// RFC 3986 Appendix B puts `at` in.
pub(crate) fn beside(
    kind: ParseErrorKind,
    input: &str,
    at: usize,
    c: char,
    root: Rule,
    target: &'static str,
) -> ParseError {
    let run = automaton(root).run(&input[..at + c.len_utf8()]);
    let (component, rule) = if run.stopped {
        (Some(appendix_b(input, at)), None)
    } else {
        let reading = Reading::of(input, &run);
        (reading.component, Some(reading.rule(&run, root)))
    };
    let message = match kind {
        ParseErrorKind::BidiFormattingCharacter => format!(
            "{} is not allowed: IRIs MUST NOT contain the bidirectional formatting characters LRM, RLM, LRE, RLE, LRO, RLO and PDF (RFC 3987 §4.1); remove it",
            describe(c)
        ),
        _ => format!(
            "non-ASCII character {} is not allowed in a URI (RFC 3986 §2); map the IRI to a URI first (RFC 3987 §3.1), which percent-encodes it as {}",
            describe(c),
            pct(c)
        ),
    };
    let found = Found {
        component,
        rule,
        expected: Vec::new(),
        message,
    };
    ParseError::new(kind, target, input, at, found)
}

/// The error when pest rejects an input that its ABNF reading accepts. They agree on every
/// input tested (tests/abnf.rs); if they ever did not, the input is still rejected, and the
/// error says so.
pub(crate) fn disagreement() -> Found {
    Found {
        component: None,
        rule: None,
        expected: Vec::new(),
        message: "the pest grammar and its ABNF reading disagree on this input: this is a bug of rfc3987, please report it".into(),
    }
}

/// How the input up to `run.at` was read: the sites of the character read last (or, at the
/// start, of what could come first), the component a reader sees there, and whether only the
/// userinfo reading of an authority is left.
pub(crate) struct Reading {
    sites: Vec<Site>,
    component: Option<SyntaxComponent>,
    /// Only the userinfo reading of an authority is left: it waits for its "@", and no "@"
    /// follows (or the component would be the userinfo), so the reader meant a host and port.
    userinfo_only: bool,
}

impl Reading {
    /// The component of the character at `run.at`, as [`SyntaxComponent`] describes it.
    fn of(input: &str, run: &Run<'_>) -> Reading {
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
    fn rule(&self, run: &Run<'_>, root: Rule) -> &'static str {
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
fn authority_before(input: &str, at: usize) -> (usize, &str) {
    let start = input[..at].find("//").map_or(0, |i| i + 2);
    (start, &input[start..at])
}

/// The "%" that starts an unfinished `pct-encoded` at the end of `before` (RFC 3986 §2.1).
fn pct_start(before: &str) -> Option<usize> {
    before
        .rfind('%')
        .filter(|&p| before.len() - p <= 2 && before[p + 1..].bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The component RFC 3986 Appendix B's regular expression
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` puts the byte at `at` in, with
/// the authority split as §3.2 does (userinfo before its "@", the port after the last ":" that
/// is outside square brackets): how a reader splits an input the grammar does not read.
fn appendix_b(input: &str, at: usize) -> SyntaxComponent {
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

/// What the grammar allowed at `run.at`: rules by name, delimiters quoted, and the end.
fn expected(run: &Run<'_>, uri: bool) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for site in run.ahead() {
        let name = site
            .literal
            .and_then(quoted)
            .unwrap_or_else(|| spelled(abnf_name(site.rule), uri));
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if run.allows_end() {
        names.push("end of input");
    }
    names
}

/// A delimiter written in the grammar, quoted as ABNF writes it.
fn quoted(c: char) -> Option<&'static str> {
    Some(match c {
        ':' => "\":\"",
        '/' => "\"/\"",
        '?' => "\"?\"",
        '#' => "\"#\"",
        '[' => "\"[\"",
        ']' => "\"]\"",
        '@' => "\"@\"",
        '.' => "\".\"",
        _ => return None,
    })
}

/// The name of a rule as the grammar of the error spells it: for a URI symbol, the RFC 3986
/// rule that the RFC 3987 §2.2 i-rule extends (`isegment` is `segment`, `IRI` is `URI`).
pub(crate) fn spelled(name: &'static str, uri: bool) -> &'static str {
    if !uri {
        return name;
    }
    match name {
        "IRI" => "URI",
        "IRI-reference" => "URI-reference",
        "absolute-IRI" => "absolute-URI",
        "irelative-ref" => "relative-ref",
        "irelative-part" => "relative-part",
        "ihier-part" => "hier-part",
        "iauthority" => "authority",
        "iuserinfo" => "userinfo",
        "ihost" => "host",
        "ireg-name" => "reg-name",
        "ipath" => "path",
        "ipath-abempty" => "path-abempty",
        "ipath-absolute" => "path-absolute",
        "ipath-noscheme" => "path-noscheme",
        "ipath-rootless" => "path-rootless",
        "ipath-empty" => "path-empty",
        "isegment" => "segment",
        "isegment-nz" => "segment-nz",
        "isegment-nz-nc" => "segment-nz-nc",
        "ipchar" => "pchar",
        "iquery" => "query",
        "ifragment" => "fragment",
        "iunreserved" => "unreserved",
        other => other,
    }
}

/// The section of the RFC that defines a rule (as [`spelled`] names it).
pub(crate) fn section(rule: &str) -> &'static str {
    match rule {
        "scheme" => "RFC 3986 §3.1",
        "URI" | "hier-part" => "RFC 3986 §3",
        "authority" => "RFC 3986 §3.2",
        "userinfo" => "RFC 3986 §3.2.1",
        "host" | "reg-name" | "IP-literal" | "IPv6address" | "IPvFuture" | "h16" | "ls32" | "IPv4address"
        | "dec-octet" => "RFC 3986 §3.2.2",
        "port" => "RFC 3986 §3.2.3",
        "path" | "path-abempty" | "path-absolute" | "path-noscheme" | "path-rootless" | "path-empty"
        | "segment" | "segment-nz" | "segment-nz-nc" | "pchar" => "RFC 3986 §3.3",
        "query" => "RFC 3986 §3.4",
        "fragment" => "RFC 3986 §3.5",
        "URI-reference" => "RFC 3986 §4.1",
        "relative-ref" | "relative-part" => "RFC 3986 §4.2",
        "absolute-URI" => "RFC 3986 §4.3",
        "pct-encoded" => "RFC 3986 §2.1",
        "reserved" | "gen-delims" | "sub-delims" => "RFC 3986 §2.2",
        "unreserved" => "RFC 3986 §2.3",
        "ALPHA" | "DIGIT" | "HEXDIG" => "RFC 5234 Appendix B.1",
        _ => "RFC 3987 §2.2",
    }
}

/// `'x' (U+0078)`; a space, and characters that do not print, by their code point and name.
pub(crate) fn describe(c: char) -> String {
    if c == ' ' {
        return "a space (U+0020)".into();
    }
    let name = bidi_formatting_name(c).or(match c {
        '\t' => Some("TAB"),
        '\n' => Some("LINE FEED"),
        '\r' => Some("CARRIAGE RETURN"),
        '\0' => Some("NUL"),
        '\u{7F}' => Some("DELETE"),
        '\u{85}' => Some("NEXT LINE"),
        '\u{A0}' => Some("NO-BREAK SPACE"),
        '\u{FEFF}' => Some("BYTE ORDER MARK"),
        '\u{FFFD}' => Some("REPLACEMENT CHARACTER"),
        c if c.is_control() => Some("a control character"),
        c if c.is_whitespace() => Some("a white-space character"),
        _ => None,
    });
    match name {
        Some(name) => format!("U+{:04X} ({name})", c as u32),
        None => format!("'{c}' (U+{:04X})", c as u32),
    }
}

/// `c` percent-encoded as UTF-8, with uppercase hex digits: `%E2%80%AE` (RFC 3986 §2.1).
pub(crate) fn pct(c: char) -> String {
    let mut out = String::new();
    crate::pct::encode_char(&mut out, c);
    out
}

/// A piece of the input for a message: in backquotes, cut in the middle beyond 40 characters,
/// characters that do not print escaped.
pub(crate) fn quote(text: &str) -> String {
    const MAX: usize = 40;
    let count = text.chars().count();
    let shown: String = if count > MAX {
        let head: String = text.chars().take(MAX / 2).collect();
        let tail: String = text.chars().skip(count - MAX / 2).collect();
        format!("{head}…{tail}")
    } else {
        text.to_string()
    };
    let escaped: String = shown.chars().map(visible).collect();
    format!("`{escaped}`")
}

/// "a" or "an" before a name: "an IRI", "a URI", "an absolute-URI", "a ucschar".
fn article(name: &str) -> &'static str {
    if name.starts_with(['a', 'e', 'i', 'o', 'A', 'E', 'I', 'O']) {
        "an"
    } else {
        "a"
    }
}

/// `a, b or c`
fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

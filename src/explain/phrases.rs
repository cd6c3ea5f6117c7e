//! The wording every message is made of: what the grammar allowed, rule names as the error's
//! grammar spells them and the sections that define them, characters and pieces of the input
//! quoted.

use crate::automaton::Run;
use crate::chars::{bidi_formatting_name, is_invisible};
use crate::error::visible;
use crate::pest_grammar::abnf_name;

/// What the grammar allowed at `run.at`: rules by name, delimiters quoted, and the end.
pub(super) fn expected(run: &Run<'_>, uri: bool) -> Vec<&'static str> {
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

/// `'x' (U+0078)`; a space, and characters that do not print, by their code point and name:
/// a character that `printable` escapes (a control, a bidi isolate, a zero-width character) is
/// never quoted itself, so that a message cannot move or hide the text around it.
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
        c if is_invisible(c) => Some("an invisible formatting character"),
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
pub(super) fn article(name: &str) -> &'static str {
    if name.starts_with(['a', 'e', 'i', 'o', 'A', 'E', 'I', 'O']) {
        "an"
    } else {
        "a"
    }
}

/// `a, b or c`
pub(super) fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

//! Why an input is not an IRI, in words: from where the automaton of the grammar stopped
//! (`automaton::Run`), the component the error is in, its ABNF rule, what the grammar allowed
//! there, and a message that says what is wrong and what would be valid.
//!
//! The position is the automaton's and exact; this module only chooses words. Where the
//! characters read so far fit two readings, it chooses the one a reader means, as RFC 3986
//! Appendix B splits a reference into components (see [`SyntaxComponent`]).

mod ip_literal;

use crate::automaton::{automaton, Run};
use crate::chars::{is_invisible, is_iprivate, is_ucschar};
use crate::error::{Found, SyntaxComponent};
use crate::grammar::{abnf_name, Rule};

use SyntaxComponent as C;

/// The explanation of the syntax error at `run.at` in `input`, parsed as `root` (for messages,
/// `target` is its name: `IRI`, `URI-reference`, `IPv6address`).
pub(crate) fn explain(input: &str, run: &Run<'_>, root: Rule, target: &str) -> Found {
    let component = component(input, run);
    let rule = rule(run, component, root);
    let came = run.came();
    let userinfo_only = !came.is_empty() && came.iter().all(|s| s.component == Some(C::Userinfo));
    let mut message = Words {
        input,
        run,
        component,
        rule,
        target,
        root,
        userinfo_only,
    }
    .message();
    if run.at == 0 && run.found == Some('\u{FEFF}') {
        message =
            "the input starts with U+FEFF, a byte order mark, which is not part of an IRI: remove it".into();
    } else if input.starts_with('\u{FEFF}') {
        message = format!("the input starts with U+FEFF, a byte order mark, which is not part of an IRI: remove it (read with it: {message})");
    }
    Found {
        component,
        rule: Some(rule),
        expected: expected(run),
        message,
    }
}

/// The explanation of an error beside the grammar (§4.1, a URI that is not ASCII) at the
/// character at `at`: the component and rule the grammar reads it in, and `message`.
pub(crate) fn beside(input: &str, at: usize, root: Rule, message: String) -> Found {
    let end = input[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let run = automaton(root).run(&input[..end]);
    let component = component(input, &run);
    Found {
        component,
        rule: Some(rule(&run, component, root)),
        expected: Vec::new(),
        message,
    }
}

/// RFC 3987 §4.1: `c` is a bidi formatting character.
pub(crate) fn bidi_message(c: char) -> String {
    format!(
        "{} is not allowed: IRIs MUST NOT contain the bidirectional formatting characters LRM, RLM, LRE, RLE, LRO, RLO and PDF (RFC 3987 §4.1); remove it",
        describe(c)
    )
}

/// RFC 3986 §2: `c` is not ASCII and a URI was asked for.
pub(crate) fn not_ascii_message(c: char) -> String {
    format!(
        "non-ASCII character {} is not allowed in a URI (RFC 3986 §2); map the IRI to a URI first (RFC 3987 §3.1), which percent-encodes it as {}",
        describe(c),
        pct(c)
    )
}

/// The component of the character at `run.at` (see [`SyntaxComponent`]); for the §4.1 and
/// non-ASCII errors too, which run the automaton up to the offending character.
pub(crate) fn component(input: &str, run: &Run<'_>) -> Option<SyntaxComponent> {
    let at = run.at;
    let came = run.came();
    let sites = if came.is_empty() { run.ahead() } else { came };
    let mut candidates: Vec<SyntaxComponent> = Vec::new();
    for site in &sites {
        if let Some(c) = site.component {
            if !candidates.contains(&c) {
                candidates.push(c);
            }
        }
    }
    let rest = &input[at..];
    let chosen = if candidates.contains(&C::Scheme) && (candidates.len() == 1 || scheme_follows(input)) {
        Some(C::Scheme)
    } else if at == 0 && candidates.contains(&C::Path) && !input.starts_with("//") {
        Some(C::Path)
    } else if candidates.contains(&C::Userinfo) && candidates.len() > 1 {
        Some(if at_follows(rest) { C::Userinfo } else { C::Host })
    } else {
        candidates.iter().copied().find(|&c| c != C::Scheme)
    };
    match chosen {
        // A first segment with ":" in a relative reference: the reader meant a scheme.
        Some(C::Path)
            if at > 0 && run.found == Some(':') && sites.iter().any(|s| s.rule == Rule::isegment_nz_nc) =>
        {
            Some(C::Scheme)
        }
        // Only the userinfo reading is left and no "@" follows: the reader meant host:port
        // (or an IPv6 address without its brackets: the host).
        Some(C::Userinfo) if candidates.len() == 1 && !at_follows(rest) => {
            let authority = authority_before(input, at);
            Some(if looks_like_ipv6(authority) {
                C::Host
            } else {
                C::Port
            })
        }
        other => other,
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

/// The authority text from after its "//" up to `at`.
fn authority_before(input: &str, at: usize) -> &str {
    let start = input[..at].find("//").map_or(0, |i| i + 2);
    &input[start.min(at)..at]
}

/// An IPv6 address written without its brackets: hex digits, "." and at least two ":".
fn looks_like_ipv6(text: &str) -> bool {
    text.matches(':').count() >= 2
        && text
            .chars()
            .all(|c| c.is_ascii_hexdigit() || c == ':' || c == '.')
}

/// The ABNF rule of the error: the rule of the character read last when it is in the chosen
/// component and not a delimiter, otherwise the rule of the component.
fn rule(run: &Run<'_>, component: Option<SyntaxComponent>, root: Rule) -> &'static str {
    let Some(component) = component else {
        return abnf_name(root);
    };
    let came = run.came();
    let sites = if came.is_empty() { run.ahead() } else { came };
    let own = sites
        .iter()
        .find(|s| s.component == Some(component) && s.literal.is_none());
    if let Some(site) = own {
        return abnf_name(site.rule);
    }
    match component {
        C::Scheme => "scheme",
        C::Userinfo => "iuserinfo",
        // Only a userinfo could still be read: an IPv6 address without its brackets.
        C::Host if sites.iter().all(|s| s.component == Some(C::Userinfo)) => "IP-literal",
        C::Host => "ireg-name",
        C::IpLiteral => "IP-literal",
        C::Port => "port",
        C::Path => sites
            .iter()
            .chain(run.ahead().iter())
            .map(|s| s.rule)
            .find(|r| matches!(r, Rule::isegment | Rule::isegment_nz | Rule::isegment_nz_nc))
            .map_or("isegment", abnf_name),
        C::Query => "iquery",
        C::Fragment => "ifragment",
    }
}

/// What the grammar allowed at `run.at`: rules by name, delimiters quoted, and the end.
fn expected(run: &Run<'_>) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for site in run.ahead() {
        let name = site
            .literal
            .and_then(quoted)
            .unwrap_or_else(|| abnf_name(site.rule));
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

/// The section of the RFC that defines `rule`.
pub(crate) fn section(rule: &str) -> &'static str {
    match rule {
        "scheme" => "RFC 3986 §3.1",
        "port" => "RFC 3986 §3.2.3",
        "IP-literal" | "IPv6address" | "IPvFuture" | "h16" | "ls32" | "IPv4address" | "dec-octet" => {
            "RFC 3986 §3.2.2"
        }
        "pct-encoded" => "RFC 3986 §2.1",
        "ALPHA" | "DIGIT" | "HEXDIG" => "RFC 5234 Appendix B.1",
        "unreserved" | "reserved" | "gen-delims" | "sub-delims" => "RFC 3986 §2",
        _ => "RFC 3987 §2.2",
    }
}

/// `'x' (U+0078)`; a space, and characters that do not print, by their code point and name.
pub(crate) fn describe(c: char) -> String {
    let name = match c {
        ' ' => return "a space (U+0020)".into(),
        '\t' => "TAB",
        '\n' => "LINE FEED",
        '\r' => "CARRIAGE RETURN",
        '\0' => "NUL",
        '\u{7F}' => "DELETE",
        '\u{85}' => "NEXT LINE",
        '\u{A0}' => "NO-BREAK SPACE",
        '\u{FEFF}' => "BYTE ORDER MARK",
        '\u{FFFD}' => "REPLACEMENT CHARACTER",
        c if c.is_control() => "a control character",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        c if c.is_whitespace() => "a white-space character",
        c => return format!("'{c}' (U+{:04X})", c as u32),
    };
    format!("U+{:04X} ({name})", c as u32)
}

/// `c` percent-encoded as UTF-8, with uppercase hex digits: `%E2%80%AE`.
pub(crate) fn pct(c: char) -> String {
    let mut buf = [0; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
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
    let escaped: String = shown
        .chars()
        .map(|c| {
            if is_invisible(c) {
                format!("\\u{{{:X}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect();
    format!("`{escaped}`")
}

/// The 1-based character column of `offset` in `input`.
fn column(input: &str, offset: usize) -> usize {
    input[..offset].chars().count() + 1
}

/// The pieces a message is made from.
struct Words<'a> {
    input: &'a str,
    run: &'a Run<'a>,
    component: Option<SyntaxComponent>,
    rule: &'static str,
    target: &'a str,
    root: Rule,
    /// Only the userinfo reading of the authority is left (and no "@" follows, or the
    /// component would be the userinfo): the reader meant a host and a port.
    userinfo_only: bool,
}

impl Words<'_> {
    /// `(isegment, RFC 3987 §2.2)`
    fn cite(&self) -> String {
        format!("({}, {})", self.rule, section(self.rule))
    }

    /// "the path", or "here" for a rule checked alone.
    fn place(&self) -> String {
        self.component.map_or("here".into(), |c| format!("the {c}"))
    }

    /// Whether percent-encoding can carry a character in the component (not in the scheme, the
    /// port or an IP literal, whose characters are ASCII and have no escape).
    fn encodable(&self) -> bool {
        matches!(
            self.component,
            Some(C::Userinfo | C::Host | C::Path | C::Query | C::Fragment)
        )
    }

    /// "; percent-encode it as %20" where the component allows it.
    fn fix(&self, c: char) -> String {
        if self.encodable() {
            format!("; percent-encode it as {}", pct(c))
        } else {
            String::new()
        }
    }

    fn message(&self) -> String {
        let at = self.run.at;
        let before = &self.input[..at];
        // An incomplete percent-encoding, wherever it is.
        if let Some(percent) = before.rfind('%').filter(|&p| {
            at - p <= 2 && before[p + 1..].bytes().all(|b| b.is_ascii_hexdigit()) && self.encodable()
        }) {
            let what = self.run.found.map_or_else(
                || "the input ends".to_string(),
                |c| format!("{} is not one", describe(c)),
            );
            return format!(
                "'%' at column {} must be followed by two hexadecimal digits (pct-encoded, RFC 3986 §2.1): {what}; write %25 for a '%' itself",
                column(self.input, percent)
            );
        }
        if self.component == Some(C::IpLiteral) {
            return ip_literal::message(self);
        }
        if self.component == Some(C::Port) {
            return self.port();
        }
        if self.component == Some(C::Host) && self.userinfo_only {
            let authority = authority_before(self.input, at);
            return format!(
                "an IPv6 address in the host must be enclosed in square brackets, as in `[{}]` (IP-literal, RFC 3986 §3.2.2); read without them, {} could only be a userinfo, and '@' and a host would have to follow it",
                quote(authority).trim_matches('`'),
                quote(authority)
            );
        }
        match self.run.found {
            None => self.at_end(),
            Some(c) => self.character(c),
        }
    }

    /// The input stops too early.
    fn at_end(&self) -> String {
        let run = self.run;
        if self.input.is_empty() {
            return format!(
                "the input is empty: an {} starts with a scheme and ':' ({})",
                self.target,
                section("scheme")
            );
        }
        if self.component == Some(C::Scheme) && run.allows(':') {
            return format!(
                "the scheme {} must be followed by ':' ({})",
                quote(self.input),
                section("scheme")
            );
        }
        let completion = run.completion();
        match run.only_allowed() {
            Some(c) => format!(
                "the input ends in {} {}: {} must follow",
                self.place(),
                self.cite(),
                quote(&c.to_string())
            ),
            None if !completion.is_empty() => format!(
                "the input ends in {} {}; it could go on with {}",
                self.place(),
                self.cite(),
                quote(&completion)
            ),
            None => format!("the input ends in {} {}", self.place(), self.cite()),
        }
    }

    /// `c` is not allowed at `run.at`.
    fn character(&self, c: char) -> String {
        let at = self.run.at;
        let trailing = self.input[at..].chars().all(|c| c.is_whitespace());
        if c.is_whitespace() && (at == 0 || trailing) {
            let end = if at == 0 { "start" } else { "end" };
            return format!(
                "{} at the {end} of the input: an IRI holds no white space ({}); trim it",
                describe(c),
                section("")
            );
        }
        if at == 0 && matches!(c, '<' | '"') {
            return format!(
                "{} at the start: the delimiters around an IRI in text are not part of it (RFC 3986 Appendix C); remove them",
                describe(c)
            );
        }
        if c == '#' && matches!(self.root, Rule::whole_absolute_IRI | Rule::absolute_IRI) {
            return format!(
                "an {} has no fragment: '#' is not allowed (absolute-IRI, RFC 3987 §2.2)",
                self.target
            );
        }
        if !c.is_ascii() {
            return self.non_ascii(c);
        }
        if c.is_control() {
            return format!(
                "{} is not allowed in an IRI ({}){}",
                describe(c),
                section(""),
                self.fix(c)
            );
        }
        match self.component {
            Some(C::Scheme) => self.scheme(c),
            Some(C::Host) if c == '@' => format!(
                "a second '@': the userinfo ends at the first '@' (column {}); percent-encode any other '@' as %40",
                column(self.input, authority_start(self.input, at) + authority_before(self.input, at).find('@').unwrap_or(0))
            ),
            Some(C::Host) if c == '[' => format!(
                "'[' is allowed only at the start of the host, to open an IP literal {}; percent-encode it as %5B",
                self.cite()
            ),
            Some(C::Fragment) if c == '#' => {
                "a second '#': the fragment cannot hold '#' (ifragment, RFC 3987 §2.2); percent-encode it as %23".to_string()
            }
            _ if c == '\\' => format!(
                "a backslash is not allowed in {} {}: the separator of path segments is '/'; percent-encode a backslash as %5C",
                self.place(),
                self.cite()
            ),
            Some(C::Path) if at == 0 && c == ':' => format!(
                "the input starts with ':': a scheme must come before it ({}), and the first segment of a relative reference cannot hold ':' (ipath-noscheme, RFC 3986 §4.2)",
                section("scheme")
            ),
            _ if matches!(c, '[' | ']') => format!(
                "{} is not allowed in {} {}: square brackets only enclose an IP literal host{}",
                describe(c),
                self.place(),
                self.cite(),
                self.fix(c)
            ),
            _ if self.encodable() => format!(
                "{} is not allowed in {} {}{}",
                describe(c),
                self.place(),
                self.cite(),
                self.fix(c)
            ),
            _ => format!(
                "{} is not allowed {} {}; expected {}",
                describe(c),
                self.component.map_or("here".to_string(), |c| format!("in the {c}")),
                self.cite(),
                or_list(&expected(self.run))
            ),
        }
    }

    /// A character outside ASCII that the grammar does not allow here.
    fn non_ascii(&self, c: char) -> String {
        let noncharacter = (0xFDD0..=0xFDEF).contains(&(c as u32)) || (c as u32) & 0xFFFE == 0xFFFE;
        let fix = self.fix(c);
        if is_iprivate(c) {
            return format!(
                "private-use character U+{:04X} is allowed only in the query (iprivate, RFC 3987 §2.2){fix}",
                c as u32
            );
        }
        if noncharacter {
            return format!(
                "noncharacter U+{:04X} is not allowed in an IRI (it is not a ucschar, RFC 3987 §2.2){fix}",
                c as u32
            );
        }
        if c == '\u{FFFD}' {
            return format!(
                "{} is not allowed in an IRI (it is not a ucschar, RFC 3987 §2.2); it often stands for bytes decoded with the wrong encoding{fix}",
                describe(c)
            );
        }
        if !is_ucschar(c) {
            return format!(
                "{} is not allowed in an IRI (it is not a ucschar, RFC 3987 §2.2){fix}",
                describe(c)
            );
        }
        match self.component {
            Some(C::Scheme) => format!(
                "{} is not allowed in the scheme: ASCII letters, digits, '+', '-' and '.' only ({})",
                describe(c),
                section("scheme")
            ),
            _ => format!(
                "{} is not allowed in {} {}{fix}",
                describe(c),
                self.place(),
                self.cite()
            ),
        }
    }

    /// An ASCII character that does not fit the scheme.
    fn scheme(&self, c: char) -> String {
        let at = self.run.at;
        let written = &self.input[..at];
        let cite = section("scheme");
        if at == 0 {
            return match c {
                '/' | '?' | '#' => format!(
                    "an {} starts with a scheme and ':' ({cite}); {} is a relative reference: parse it as an IRI-reference, or resolve it against a base",
                    self.target,
                    quote(self.input)
                ),
                ':' => format!("the scheme before ':' is empty: a scheme starts with a letter ({cite})"),
                _ => format!("{} cannot start a scheme: a scheme starts with a letter ({cite})", describe(c)),
            };
        }
        let is_scheme_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.');
        if c == ':' {
            // Read as a relative reference, a first segment cannot hold ":"; as a scheme, the
            // text before ":" is not one.
            let first = written.chars().next().unwrap_or(' ');
            let why = if !first.is_ascii_alphabetic() {
                format!("it must start with a letter, not {}", describe(first))
            } else {
                let bad = written.chars().find(|&c| !is_scheme_char(c)).unwrap_or(' ');
                format!(
                    "{} is not allowed in it (ASCII letters, digits, '+', '-' and '.' only)",
                    describe(bad)
                )
            };
            let relative = if matches!(self.root, Rule::whole_irelative_ref | Rule::irelative_ref) {
                format!("an {} has no scheme, and its first segment cannot hold ':' (ipath-noscheme, RFC 3986 §4.2)", self.target)
            } else {
                "as a relative reference, its first segment could not hold ':' (ipath-noscheme, RFC 3986 §4.2)".into()
            };
            return if is_scheme_char(first)
                && first.is_ascii_alphabetic()
                && written.chars().all(is_scheme_char)
            {
                format!("{} would be a scheme, but {relative}", quote(written))
            } else {
                format!("{} is not a scheme ({cite}): {why}; {relative}", quote(written))
            };
        }
        if matches!(c, '/' | '?' | '#') {
            // A name with dots is more likely a host written without its scheme.
            let host = if written.contains('.') {
                format!(
                    "; a host name needs a scheme and \"//\" before it, as in `http://{}`",
                    quote(written).trim_matches('`')
                )
            } else {
                String::new()
            };
            return format!(
                "the scheme {} must be followed by ':' ({cite}){host}",
                quote(written)
            );
        }
        format!(
            "{} is not allowed in the scheme: ASCII letters, digits, '+', '-' and '.' only ({cite})",
            describe(c)
        )
    }

    /// The port, or an authority that only a userinfo could still be.
    fn port(&self) -> String {
        let at = self.run.at;
        let authority = authority_before(self.input, at);
        let start = authority_start(self.input, at);
        let cite = section("port");
        if !self.userinfo_only {
            return match self.run.found {
                Some(c) => format!(
                    "{} is not allowed in the port: digits only (port = *DIGIT, {cite})",
                    describe(c)
                ),
                None => format!("the port holds digits only (port = *DIGIT, {cite})"),
            };
        }
        // The host:port reading died in the port; the userinfo reading needs an "@".
        let colon = authority.find(':').unwrap_or(0);
        let port_text = &authority[colon + 1..];
        let (bad_at, bad) = port_text
            .char_indices()
            .find(|(_, c)| !c.is_ascii_digit())
            .unwrap_or((0, ':'));
        format!(
            "the port holds digits only (port = *DIGIT, {cite}): {} at column {} is not a digit; or, if {} is a userinfo, '@' and a host must follow it (iauthority, RFC 3987 §2.2)",
            describe(bad),
            column(self.input, start + colon + 1 + bad_at),
            quote(authority)
        )
    }
}

/// The byte offset where the authority ending at `at` starts.
fn authority_start(input: &str, at: usize) -> usize {
    input[..at].find("//").map_or(0, |i| i + 2).min(at)
}

/// `a, b or c`
pub(crate) fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

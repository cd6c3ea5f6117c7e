//! The message of a syntax error: what is wrong at the position the automaton found, and what
//! would be valid there (RFC 3987 §2.2 and the RFC 3986 rules it reuses).

use super::ip_literal;
use super::phrases::{article, describe, expected, or_list, quote, section};
use super::reading::{authority_before, pct_start};
use super::words::Words;
use crate::chars::{is_iprivate, is_ucschar};
use crate::error::{column, SyntaxComponent};
use crate::pest_grammar::Rule;

use SyntaxComponent as C;

impl Words<'_> {
    /// What is wrong at `run.at`, and what would be valid there.
    pub(super) fn message(&self) -> String {
        let at = self.run.at;
        let before = &self.input[..at];
        let found = self.run.found;
        // An unfinished percent-encoding, wherever it is (RFC 3986 §2.1).
        if let Some(percent) = pct_start(before).filter(|_| self.encodable() || self.component().is_none()) {
            let what = found.map_or_else(
                || "the input ends".to_string(),
                |c| format!("{} is not one", describe(c)),
            );
            return format!(
                "'%' at column {} must be followed by two hexadecimal digits (pct-encoded, RFC 3986 §2.1): {what}; write %25 for a '%' itself",
                column(self.input, percent)
            );
        }
        if let Some(space) = found.and_then(|c| self.surrounding_space(c)) {
            return space;
        }
        if self.component() == Some(C::IpLiteral) {
            return ip_literal::message(self);
        }
        // An IPv4address or dec-octet checked alone (in a host, "1.2.3.256" is a reg-name).
        if matches!(self.root, Rule::IPv4address | Rule::dec_octet) {
            return ip_literal::ipv4_address(before, found);
        }
        if self.component() == Some(C::Port) {
            return self.port();
        }
        if self.component() == Some(C::Host) && self.reading.userinfo_only {
            let (_, authority) = authority_before(self.input, at);
            return format!(
                "an IPv6 address in the host must be enclosed in square brackets, as in `[{authority}]` (IP-literal, RFC 3986 §3.2.2); read without them, {} could only be a userinfo, and '@' and a host would have to follow it",
                quote(authority)
            );
        }
        match found {
            None => self.at_end(),
            Some(c) => self.character(c),
        }
    }

    /// The input stops too early.
    fn at_end(&self) -> String {
        let run = self.run;
        if self.input.is_empty() && self.whole() {
            return format!(
                "the input is empty: {} starts with a scheme and ':' ({})",
                self.kind(),
                section("scheme")
            );
        }
        if self.component() == Some(C::Scheme) && run.allows(':') && self.whole() {
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

    /// White space before or after the text, which copying an IRI from text often brings.
    fn surrounding_space(&self, c: char) -> Option<String> {
        let at = self.run.at;
        let trailing = self.input[at..].chars().all(char::is_whitespace);
        let end = match (c.is_whitespace(), at == 0, trailing) {
            (false, ..) | (true, false, false) => return None,
            (true, true, _) => "start",
            (true, false, true) => "end",
        };
        Some(format!(
            "{} at the {end} of the input is not allowed in {} ({}); trim it",
            describe(c),
            self.kind(),
            self.cite_rule(self.rule)
        ))
    }

    /// `c` is not allowed at `run.at`.
    fn character(&self, c: char) -> String {
        let at = self.run.at;
        if at == 0 && matches!(c, '<' | '"') && self.whole() {
            return format!(
                "{} at the start: the delimiters around {} in text are not part of it (RFC 3986 Appendix C); remove them",
                describe(c),
                self.kind()
            );
        }
        if c == '#' && matches!(self.root, Rule::whole_absolute_IRI | Rule::absolute_IRI) {
            let name = self.name("absolute-IRI");
            return format!(
                "{} {name} has no fragment: '#' is not allowed ({name}, {})",
                article(name),
                section(name)
            );
        }
        if !c.is_ascii() {
            return self.non_ascii(c);
        }
        if c.is_control() {
            return format!(
                "{} is not allowed in {} ({}){}",
                describe(c),
                self.kind(),
                self.cite_rule(self.rule),
                self.fix(c)
            );
        }
        let (_, authority) = authority_before(self.input, at);
        match self.component() {
            Some(C::Scheme) => self.scheme(c),
            Some(C::Host) if c == '@' && authority.contains('@') => format!(
                "a second '@' in the authority: the userinfo ends at the first '@', and the host {} cannot hold one; percent-encode any other '@' as %40",
                self.cite()
            ),
            Some(C::Host) if c == '[' => format!(
                "'[' is allowed only at the start of the host, to open an IP literal {}; percent-encode it as %5B",
                self.cite()
            ),
            Some(C::Path) if at == 0 && c == ':' => {
                let noscheme = self.name("ipath-noscheme");
                let first = format!(
                    "the first segment of a relative reference cannot hold ':' ({noscheme}, {})",
                    section(noscheme)
                );
                if self.relative() {
                    format!("{first}; write `./` before it, or percent-encode it as %3A")
                } else {
                    format!(
                        "the input starts with ':': a scheme must come before it ({}), and {first}",
                        section("scheme")
                    )
                }
            }
            Some(C::Fragment) if c == '#' => format!(
                "a second '#': the fragment cannot hold '#' {}; percent-encode it as %23",
                self.cite()
            ),
            _ if c == '\\' => format!(
                "a backslash is not allowed in {} {}: the separator of path segments is '/'; percent-encode a backslash as %5C",
                self.place(),
                self.cite()
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
                self.component().map_or("here".to_string(), |c| format!("in the {c}")),
                self.cite(),
                or_list(&expected(self.run, self.uri))
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
        match self.component() {
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
        let only = "ASCII letters, digits, '+', '-' and '.' only";
        if !self.whole() {
            return match at {
                0 => format!(
                    "{} cannot start a scheme: a scheme starts with a letter ({cite})",
                    describe(c)
                ),
                _ => format!("{} is not allowed in a scheme: {only} ({cite})", describe(c)),
            };
        }
        if at == 0 {
            return match c {
                '/' | '?' | '#' => format!(
                    "{} {} starts with a scheme and ':' ({cite}); {} is a relative reference: parse it as {} {}, or resolve it against a base",
                    article(self.target),
                    self.target,
                    quote(self.input),
                    article(self.name("IRI-reference")),
                    self.name("IRI-reference")
                ),
                ':' => format!("the scheme before ':' is empty: a scheme starts with a letter ({cite})"),
                _ => format!("{} cannot start a scheme: a scheme starts with a letter ({cite})", describe(c)),
            };
        }
        let is_scheme_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.');
        if c == ':' {
            // Read as a relative reference, a first segment cannot hold ":"; as a scheme, the
            // text before ":" is not one.
            let noscheme = self.name("ipath-noscheme");
            let relative = if self.relative() {
                format!(
                    "{} {} has no scheme, and its first segment cannot hold ':' ({noscheme}, {})",
                    article(self.target),
                    self.target,
                    section(noscheme)
                )
            } else {
                format!(
                    "as a relative reference, its first segment could not hold ':' ({noscheme}, {})",
                    section(noscheme)
                )
            };
            let first = written.chars().next().unwrap_or(' ');
            return if !first.is_ascii_alphabetic() {
                format!(
                    "{} is not a scheme ({cite}): it must start with a letter, not {}; {relative}",
                    quote(written),
                    describe(first)
                )
            } else if let Some(bad) = written.chars().find(|&c| !is_scheme_char(c)) {
                format!(
                    "{} is not a scheme ({cite}): {} is not allowed in it ({only}); {relative}",
                    quote(written),
                    describe(bad)
                )
            } else {
                format!("{} would be a scheme, but {relative}", quote(written))
            };
        }
        if matches!(c, '/' | '?' | '#') {
            // A name with dots is more likely a host written without its scheme.
            let host = if written.contains('.') && written.len() <= 60 {
                format!("; a host name needs a scheme and \"//\" before it, as in `http://{written}`")
            } else {
                String::new()
            };
            return format!(
                "the scheme {} must be followed by ':' ({cite}){host}",
                quote(written)
            );
        }
        format!("{} is not allowed in the scheme: {only} ({cite})", describe(c))
    }

    /// The port, or an authority that only a userinfo could still be.
    fn port(&self) -> String {
        let at = self.run.at;
        let cite = section("port");
        if !self.reading.userinfo_only {
            return match self.run.found {
                Some(c) => format!(
                    "{} is not allowed in the port: digits only (port = *DIGIT, {cite})",
                    describe(c)
                ),
                None => format!("the port holds digits only (port = *DIGIT, {cite})"),
            };
        }
        // The host:port reading died in the port; the userinfo reading needs an "@".
        let (start, authority) = authority_before(self.input, at);
        let colon = authority.find(':').map_or(authority.len(), |c| c + 1);
        let (bad_at, bad) = authority[colon..]
            .char_indices()
            .find(|(_, c)| !c.is_ascii_digit())
            .unwrap_or((0, ':'));
        format!(
            "the port holds digits only (port = *DIGIT, {cite}): {} at column {} is not a digit; or, if {} is a userinfo, '@' and a host must follow it ({})",
            describe(bad),
            column(self.input, start + colon + bad_at),
            quote(authority),
            self.cite_rule("iauthority")
        )
    }
}

//! [`ParseError`]: why an input is not an IRI (or URI), and where.

use std::fmt;

use crate::chars::is_invisible;

/// What kind of failure a [`ParseError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input does not match the ABNF of RFC 3987 §2.2 (or RFC 3986 §3 for URIs).
    Syntax,
    /// The input contains a bidirectional formatting character (LRM, RLM, LRE, RLE, LRO, RLO,
    /// PDF), which RFC 3987 §4.1 says IRIs MUST NOT contain.
    BidiFormattingCharacter,
    /// A URI was asked for and the input holds a character outside ASCII: RFC 3986 §2 allows
    /// only ASCII characters in URIs (RFC 3987 §3.1 maps IRIs to URIs).
    NotAscii,
    /// The text held a lone surrogate (U+D800–U+DFFF), which is not a character: an IRI is a
    /// sequence of characters of the UCS (RFC 3987 §2), and no rule admits a surrogate. Only the
    /// bindings whose strings may hold one (Python, JavaScript, Java) report it; see
    /// [`ParseError::at_lone_surrogate`].
    LoneSurrogate,
}

impl ParseErrorKind {
    /// The kind's name in the bindings (the Python and JavaScript `IRIError.kind`): `syntax`,
    /// `bidi-formatting-character`, `not-ascii` or `lone-surrogate`.
    ///
    /// ```
    /// assert_eq!(rfc3987::ParseErrorKind::NotAscii.as_str(), "not-ascii");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            ParseErrorKind::Syntax => "syntax",
            ParseErrorKind::BidiFormattingCharacter => "bidi-formatting-character",
            ParseErrorKind::NotAscii => "not-ascii",
            ParseErrorKind::LoneSurrogate => "lone-surrogate",
        }
    }
}

/// The component of the generic syntax (RFC 3986 §3, RFC 3987 §2.2) where a syntax error is.
///
/// It is the component as a reader of the input sees it: the one the last character read
/// belongs to, or the one the delimiter read last opens (the ":" after the scheme opens the
/// path, "//" and "@" the host, the ":" of a port the port, "?" the query, "#" the fragment).
/// Where the characters read so far fit two readings, the one RFC 3986 Appendix B gives: a
/// first segment is a scheme when a ":" follows before any "/", "?" or "#", and the start of an
/// authority is a userinfo when an "@" follows in it. An authority such as `a:80x` that could
/// only still be a userinfo, with no "@" after it, is reported in the port: the reader meant
/// `host:port`; one such as `fe80::1` (hex digits and two or more ":") in the host: the reader
/// meant an IPv6 address, which needs its brackets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxComponent {
    /// `scheme` (RFC 3986 §3.1)
    Scheme,
    /// `iuserinfo` (RFC 3987 §2.2, RFC 3986 §3.2.1)
    Userinfo,
    /// `ihost` as an `ireg-name` or `IPv4address` (RFC 3986 §3.2.2)
    Host,
    /// `IP-literal`: an `IPv6address` or `IPvFuture` in square brackets (RFC 3986 §3.2.2)
    IpLiteral,
    /// `port` (RFC 3986 §3.2.3)
    Port,
    /// the `ipath-*` forms (RFC 3987 §2.2, RFC 3986 §3.3)
    Path,
    /// `iquery` (RFC 3987 §2.2, RFC 3986 §3.4)
    Query,
    /// `ifragment` (RFC 3987 §2.2, RFC 3986 §3.5)
    Fragment,
}

impl SyntaxComponent {
    /// The name used in JSON output: `scheme`, `userinfo`, `host`, `ip-literal`, `port`,
    /// `path`, `query`, `fragment`.
    pub fn as_str(self) -> &'static str {
        match self {
            SyntaxComponent::Scheme => "scheme",
            SyntaxComponent::Userinfo => "userinfo",
            SyntaxComponent::Host => "host",
            SyntaxComponent::IpLiteral => "ip-literal",
            SyntaxComponent::Port => "port",
            SyntaxComponent::Path => "path",
            SyntaxComponent::Query => "query",
            SyntaxComponent::Fragment => "fragment",
        }
    }
}

/// The name in prose: `IP literal` (the others as [`SyntaxComponent::as_str`]).
impl fmt::Display for SyntaxComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxComponent::IpLiteral => f.write_str("IP literal"),
            other => f.write_str(other.as_str()),
        }
    }
}

/// An input that is not an IRI (or URI) of the requested kind, or does not match a rule.
///
/// It tells where parsing failed: the first character that no valid continuation of the input
/// allows, or the end of the input when it stops too early (a byte offset and a 1-based
/// character column); the component there ([`SyntaxComponent`]) and its ABNF rule; what the
/// grammar allowed there ([`expected`](Self::expected)); and a message that says what is wrong
/// and what would be valid. `Display` shows them with a window of the input (at most 40
/// characters either side, however long the input) and a caret under the position:
///
/// ```
/// let err = rfc3987::Iri::parse("http://example.org/my file.html").unwrap_err();
/// assert_eq!(err.byte_offset(), 21);
/// assert_eq!(err.column(), 22);
/// assert_eq!(err.component(), Some(rfc3987::SyntaxComponent::Path));
/// assert_eq!(err.rule(), Some("isegment"));
/// assert_eq!(
///     err.to_string(),
///     "invalid IRI at column 22, in the path: a space (U+0020) is not allowed in the path \
///      (isegment, RFC 3987 §2.2); percent-encode it as %20\n  \
///      http://example.org/my file.html\n                       ^"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(Box<Inner>);

/// The fields of a [`ParseError`], boxed so that a `Result<_, ParseError>` stays small.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ParseErrorKind,
    target: &'static str,
    input: Box<str>,
    byte_offset: usize,
    column: usize,
    found: Found,
    /// The lone surrogate that the U+FFFD at `byte_offset` stands for
    /// ([`ParseError::at_lone_surrogate`]): `Display` shows it, not the U+FFFD.
    surrogate: Option<u16>,
}

/// How many characters of the input `Display` shows on either side of the error.
const CONTEXT_CHARS: usize = 40;

/// What the explanation of an error found (`src/explain/`): the component, the rule, what the
/// grammar allowed there and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub component: Option<SyntaxComponent>,
    pub rule: Option<&'static str>,
    pub expected: Vec<&'static str>,
    pub message: String,
}

impl ParseError {
    /// An error of `kind` at `byte_offset`, as `found` explains it.
    pub(crate) fn new(
        kind: ParseErrorKind,
        target: &'static str,
        input: &str,
        byte_offset: usize,
        found: Found,
    ) -> Self {
        let column = column(input, byte_offset);
        ParseError(Box::new(Inner {
            kind,
            target,
            input: input.into(),
            byte_offset,
            column,
            found,
            surrogate: None,
        }))
    }

    /// The same error, reported against `input` at `byte_offset`: for an input that was
    /// rewritten before parsing (lenient percent-encoding) without changing what is there.
    pub(crate) fn relocated(&self, input: &str, byte_offset: usize) -> Self {
        Self::new(
            self.0.kind,
            self.0.target,
            input,
            byte_offset,
            self.0.found.clone(),
        )
    }

    /// This error, for text whose lone surrogates were each replaced by U+FFFD before parsing
    /// (a Rust `str` cannot hold them; Python, JavaScript and Java strings can): when the error
    /// is at a U+FFFD that stands for the lone surrogate `unit`, the same error (component,
    /// rule, what was expected) of kind [`ParseErrorKind::LoneSurrogate`], with a message that
    /// names the surrogate. U+FFFD is not allowed anywhere in an IRI, so the first error of the
    /// replaced text is at the first surrogate or before it, where the original text has the
    /// same error, with one exception: an IRI holding a bidi formatting character (RFC 3987
    /// §4.1) is reported at that character, wherever it is. An error at another place, or
    /// `unit` not a surrogate, is returned as it is. `Display` shows the surrogate under the
    /// caret as `printable` writes code points, `\u{D800}`, not as the U+FFFD that replaced it.
    ///
    /// ```
    /// use rfc3987::{Iri, ParseErrorKind, SyntaxComponent};
    ///
    /// // The Python string "http://a/b\ud800", with its surrogate replaced.
    /// let err = Iri::parse("http://a/b\u{FFFD}").unwrap_err().at_lone_surrogate(0xD800);
    /// assert_eq!(err.kind(), ParseErrorKind::LoneSurrogate);
    /// assert_eq!((err.byte_offset(), err.column()), (10, 11));
    /// assert_eq!(err.component(), Some(SyntaxComponent::Path));
    /// assert!(err.message().starts_with("a lone surrogate (U+D800)"));
    /// ```
    pub fn at_lone_surrogate(self, unit: u16) -> Self {
        let at_replacement = self.0.input[self.0.byte_offset..].starts_with('\u{FFFD}');
        if !at_replacement || !(0xD800..=0xDFFF).contains(&unit) {
            return self;
        }
        let mut inner = self.0;
        let place = match inner.found.component {
            Some(component) => format!("in the {component} or anywhere else"),
            None => "anywhere".to_string(),
        };
        inner.found.message = format!(
            "a lone surrogate (U+{unit:04X}) is not a character, so it is not allowed {place} in an IRI (RFC 3987 §2: an IRI is a sequence of UCS characters); the text is not well-formed Unicode (a half of a UTF-16 surrogate pair, or bytes decoded with surrogateescape)"
        );
        inner.kind = ParseErrorKind::LoneSurrogate;
        inner.surrogate = Some(unit);
        ParseError(inner)
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> ParseErrorKind {
        self.0.kind
    }

    /// The 0-based byte offset in the input where parsing failed: the first character that no
    /// valid continuation of the input allows, or the input's length when it stops too early.
    /// For [`ParseErrorKind::BidiFormattingCharacter`] and [`ParseErrorKind::NotAscii`], the
    /// offending character.
    pub fn byte_offset(&self) -> usize {
        self.0.byte_offset
    }

    /// The 1-based column, counted in characters (Unicode scalar values), where parsing failed.
    pub fn column(&self) -> usize {
        self.0.column
    }

    /// The component of the generic syntax where the error is (see [`SyntaxComponent`]);
    /// `None` only for a rule checked alone that belongs to no component (`ucschar`,
    /// `pct-encoded`).
    pub fn component(&self) -> Option<SyntaxComponent> {
        self.0.found.component
    }

    /// The ABNF rule, in RFC spelling, that the error is in: the rule of the component
    /// (`scheme`, `iuserinfo`, `ireg-name`, `port`, `isegment-nz-nc`, `iquery`, …) or, inside an
    /// IP literal, its part (`h16`, `dec-octet`, `IPvFuture`, …).
    pub fn rule(&self) -> Option<&'static str> {
        self.0.found.rule
    }

    /// What the grammar allowed at [`byte_offset`](Self::byte_offset), in grammar order: the
    /// rules that could continue there, in RFC spelling (`isegment`, `h16`, `port`), the
    /// delimiters written in the rules themselves, quoted (`"/"`, `"?"`, `"]"`), and
    /// `end of input` when the input could have ended there. Empty for the errors that are not
    /// about the grammar ([`ParseErrorKind::BidiFormattingCharacter`],
    /// [`ParseErrorKind::NotAscii`]).
    pub fn expected(&self) -> &[&'static str] {
        &self.0.found.expected
    }

    /// What is wrong and what would be valid, without the position and the input, e.g.
    /// `a space (U+0020) is not allowed in the path (isegment, RFC 3987 §2.2); percent-encode
    /// it as %20`. It quotes at most a short window of the input.
    pub fn message(&self) -> &str {
        &self.0.found.message
    }

    /// The input that failed to parse.
    pub fn input(&self) -> &str {
        &self.0.input
    }

    /// What was asked for: the start symbol (`IRI-reference`, `IRI`, `absolute-IRI`,
    /// `irelative-ref`, or their URI counterparts) or the rule checked alone.
    pub fn target(&self) -> &'static str {
        self.0.target
    }

    /// The error in one line, without its column or the input: what was asked for, the
    /// component and the message, for reports that give the place beside it
    /// (`FILE:LINE:COLUMN: …`).
    ///
    /// ```
    /// let error = rfc3987::validate("http://a/b c", rfc3987::StartSymbol::Iri).unwrap_err();
    /// assert!(error.summary().starts_with("invalid IRI, in the path: a space (U+0020)"));
    /// ```
    pub fn summary(&self) -> String {
        match self.component() {
            Some(c) => format!("invalid {}, in the {c}: {}", self.target(), self.message()),
            None => format!("invalid {}: {}", self.target(), self.message()),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} at column {}", self.0.target, self.0.column)?;
        if let Some(component) = self.0.found.component {
            write!(f, ", in the {component}")?;
        }
        write!(f, ": {}", self.0.found.message)?;
        // The input, cut to a window around the error, with a caret under the failing character.
        let before: Vec<char> = self.0.input[..self.0.byte_offset]
            .chars()
            .rev()
            .take(CONTEXT_CHARS + 1)
            .collect();
        let (lead, before_len) = if before.len() > CONTEXT_CHARS {
            ("…", CONTEXT_CHARS)
        } else {
            ("", before.len())
        };
        let after = &self.0.input[self.0.byte_offset..];
        let shown_after: String = after.chars().take(CONTEXT_CHARS).collect();
        let trail = if shown_after.len() < after.len() {
            "…"
        } else {
            ""
        };
        f.write_str("\n  ")?;
        f.write_str(lead)?;
        for c in before[..before_len].iter().rev() {
            f.write_str(&visible(*c))?;
        }
        for (i, c) in shown_after.chars().enumerate() {
            match self.0.surrogate {
                // The caret's character stands for a lone surrogate (`at_lone_surrogate`).
                Some(unit) if i == 0 => write!(f, "\\u{{{unit:X}}}")?,
                _ => f.write_str(&visible(c))?,
            }
        }
        f.write_str(trail)?;
        f.write_str("\n  ")?;
        let pad = lead.chars().count()
            + before[..before_len]
                .iter()
                .map(|&c| visible_width(c))
                .sum::<usize>();
        write!(f, "{:pad$}^", "")
    }
}

impl std::error::Error for ParseError {}

/// The 1-based character column of `offset` in `input`.
pub(crate) fn column(input: &str, offset: usize) -> usize {
    input[..offset].chars().count() + 1
}

/// `text` as the crate's error messages show it, for a terminal or a log: the characters that
/// would move or hide the text around them ([`must_escape`]: controls such as ESC, the RFC 3987
/// §4.1 bidi formatting characters and the isolates, white space other than the space,
/// zero-width characters, the byte order mark) written `\u{XXXX}`. Nothing else changes, and
/// `\` cannot occur in an IRI, so in a quoted IRI the escapes cannot be mistaken for its text.
///
/// ```
/// assert_eq!(rfc3987::printable("a\u{1B}[31m\u{202E}b"), "a\\u{1B}[31m\\u{202E}b");
/// // ARABIC LETTER MARK and an isolate (RFC 3987 §4.1's characters' successors), a tag character.
/// assert_eq!(rfc3987::printable("\u{61C}\u{2067}\u{E0041}"), "\\u{61C}\\u{2067}\\u{E0041}");
/// assert_eq!(rfc3987::printable("résumé"), "résumé");
/// ```
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_invisible) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.chars().map(visible).collect())
}

/// Whether [`printable`] writes `c` as `\u{XXXX}`: a control (C0, DEL, C1), a bidi formatting
/// or isolate character (RFC 3987 §4.1 and the isolates and ALM that came after it), white
/// space other than the space, or another character that shows nothing (zero-width characters,
/// the byte order mark, tag characters). A layer that writes text for people (a terminal, a log,
/// an exception message) and cannot use [`printable`] itself, such as a JSON writer that must
/// keep its data exact, escapes these characters in its own syntax.
///
/// ```
/// assert!(rfc3987::must_escape('\u{1B}')); // ESC: the start of every terminal escape sequence
/// assert!(rfc3987::must_escape('\u{2067}')); // RIGHT-TO-LEFT ISOLATE
/// assert!(!rfc3987::must_escape(' ') && !rfc3987::must_escape('é'));
/// ```
pub fn must_escape(c: char) -> bool {
    is_invisible(c)
}

/// `c` as error messages show it: characters that would move or hide the text around them are
/// written `\u{XXXX}`.
pub(crate) fn visible(c: char) -> String {
    if is_invisible(c) {
        format!("\\u{{{:X}}}", c as u32)
    } else {
        c.to_string()
    }
}

/// The terminal columns `c` takes as [`visible`] writes it: two for wide (East Asian)
/// characters, none for combining marks, so that the caret lands under the failing character.
/// Without the feature `unicode-width`, one column for every character.
fn visible_width(c: char) -> usize {
    if is_invisible(c) {
        visible(c).len()
    } else {
        #[cfg(feature = "unicode-width")]
        return unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        #[cfg(not(feature = "unicode-width"))]
        return 1;
    }
}

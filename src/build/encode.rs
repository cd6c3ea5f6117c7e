//! Percent-encoding text as data for one component, and decoding it back (RFC 3986 §2.1, §2.4;
//! RFC 3987 §3.1).

use std::fmt;

use crate::chars::{is_iprivate, is_iunreserved, is_sub_delims};
use crate::error::{Found, ParseError, ParseErrorKind, SyntaxComponent};
use crate::parse::rejection_as;
use crate::pct::{encode_char, hex_octet};
use crate::pest_grammar::{abnf_name, Rule};

/// Which part of an IRI a text is for: what [`encode`] may leave as it is differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Component {
    /// `iuserinfo`: "@", "/", "?", "#", "[" and "]" are encoded; ":" is kept.
    Userinfo,
    /// `ireg-name`: only `iunreserved` and sub-delims are kept.
    RegName,
    /// `isegment`: "/", "?" and "#" are encoded; ":" and "@" are kept.
    Segment,
    /// `iquery` as a whole: "#" is encoded; "/", "?" and `iprivate` are kept.
    Query,
    /// A name or value of an `&`/`=` query: also "&", "=", "+" and ";" are encoded.
    QueryPart,
    /// `ifragment`: "#" is encoded; "/" and "?" are kept.
    Fragment,
}

impl Component {
    /// Checks that `text`, as written in an IRI (percent-encodings included), is a whole
    /// component of this kind: it matches the component's rule of RFC 3987 §2.2 (`iuserinfo`,
    /// `ireg-name`, `isegment`, `iquery`, `ifragment`) and holds none of the bidi formatting
    /// characters RFC 3987 §4.1 forbids. A query part is an `iquery` without an unencoded "&"
    /// or "=", the delimiters of `name=value&…` queries. The error's position is in `text`.
    ///
    /// ```
    /// use rfc3987::Component;
    ///
    /// assert!(Component::Segment.check("a%2Fb%20c").is_ok());
    /// assert_eq!(Component::Segment.check("a/b").unwrap_err().byte_offset(), 1); // "/" ends a segment
    /// assert_eq!(Component::QueryPart.check("a=b").unwrap_err().byte_offset(), 1);
    /// assert_eq!(Component::Fragment.check("a\u{200F}").unwrap_err().byte_offset(), 1); // RLM, §4.1
    /// ```
    pub fn check(self, text: &str) -> Result<(), ParseError> {
        let rule = match self {
            Component::Userinfo => Rule::iuserinfo,
            Component::RegName => Rule::ireg_name,
            Component::Segment => Rule::isegment,
            Component::Query | Component::QueryPart => Rule::iquery,
            Component::Fragment => Rule::ifragment,
        };
        if let Some(error) = rejection_as(text, rule, abnf_name(rule), false) {
            return Err(error);
        }
        match text.find(['&', '=']) {
            Some(at) if self == Component::QueryPart => {
                let c = &text[at..at + 1];
                let message = format!(
                    "\"{c}\" is a delimiter of name=value&… queries, so a name or a value cannot hold it unencoded; percent-encode it as {}",
                    if c == "&" { "%26" } else { "%3D" }
                );
                let found = Found {
                    component: Some(SyntaxComponent::Query),
                    rule: Some("iquery"),
                    expected: Vec::new(),
                    message,
                };
                Err(ParseError::new(
                    ParseErrorKind::Syntax,
                    "query part",
                    text,
                    at,
                    found,
                ))
            }
            _ => Ok(()),
        }
    }
}

/// Whether `c` may stand as it is, as data, in `component`.
fn allowed(c: char, component: Component) -> bool {
    let sub_delim = is_sub_delims(c);
    let iunreserved = is_iunreserved(c);
    match component {
        Component::Userinfo => iunreserved || sub_delim || c == ':',
        Component::RegName => iunreserved || sub_delim,
        Component::Segment => iunreserved || sub_delim || matches!(c, ':' | '@'),
        Component::Query => iunreserved || sub_delim || matches!(c, ':' | '@' | '/' | '?') || is_iprivate(c),
        Component::QueryPart => {
            (iunreserved || sub_delim || matches!(c, ':' | '@' | '/' | '?') || is_iprivate(c))
                && !matches!(c, '&' | '=' | '+' | ';')
        }
        Component::Fragment => iunreserved || sub_delim || matches!(c, ':' | '@' | '/' | '?'),
    }
}

/// `text` as data for `component` (RFC 3986 §2.4, RFC 3987 §3.1): characters the component
/// allows stay as they are — `ucschar` included, this is an IRI — and everything else, "%"
/// first, is percent-encoded as UTF-8. The §4.1 bidi formatting characters are not `ucschar`
/// here and are encoded.
///
/// ```
/// use rfc3987::{encode, Component};
///
/// assert_eq!(encode("a/b c", Component::Segment), "a%2Fb%20c");
/// assert_eq!(encode("résumé.html", Component::Segment), "résumé.html");
/// assert_eq!(encode("a&b=c", Component::QueryPart), "a%26b%3Dc");
/// ```
pub fn encode(text: &str, component: Component) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if allowed(c, component) {
            out.push(c);
        } else {
            encode_char(&mut out, c);
        }
    }
    out
}

/// A component whose percent-encoded octets are not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeUtf8Error {
    /// Where, in the component, the first octet of the bad sequence is written.
    pub byte_offset: usize,
}

impl fmt::Display for DecodeUtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the percent-encoded octets at byte {} are not UTF-8",
            self.byte_offset
        )
    }
}

impl std::error::Error for DecodeUtf8Error {}

/// A component back to text: every `%HH` decoded, the octets read as UTF-8 (an error, never a
/// replacement character, when they are not). A "%" without two hex digits stays as it is.
///
/// ```
/// assert_eq!(rfc3987::decode("a%2Fb%20c").unwrap(), "a/b c");
/// assert_eq!(rfc3987::decode("r%C3%A9sum%C3%A9").unwrap(), "résumé");
/// assert_eq!(rfc3987::decode("r%E9sum%E9").unwrap_err().byte_offset, 1);
/// ```
pub fn decode(component: &str) -> Result<String, DecodeUtf8Error> {
    let bytes = component.as_bytes();
    let mut octets = Vec::with_capacity(bytes.len());
    // Where each decoded octet came from, to report a position in the component.
    let mut origin = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let pct = bytes[i] == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        origin.push(i);
        if pct {
            octets.push(hex_octet(bytes, i));
            i += 3;
        } else {
            octets.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(octets).map_err(|e| DecodeUtf8Error {
        byte_offset: origin[e.utf8_error().valid_up_to()],
    })
}

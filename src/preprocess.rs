//! Turning what users type into IRI text: the lenient percent-encoding RFC 3987 §3.1 allows,
//! and the pre-processing of user-typed strings of the 2011 IRI-processing draft
//! (draft-ietf-iri-3987bis processing, §4). Legacy charsets (§3.1 step 1) are in `legacy`.

use std::borrow::Cow;

use crate::pct::encode_char;

/// The printable ASCII characters that URIs do not allow and that RFC 3987 §3.1 lets a lenient
/// mapping percent-encode: space `<` `>` `"` `{` `}` `|` `\` `^` `` ` ``. "%", "#", "[" and "]"
/// are not among them: they mean something in a URI.
pub(crate) fn is_unwise(c: char) -> bool {
    matches!(c, ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`')
}

/// The input with each [unwise](is_unwise) character percent-encoded (uppercase hex).
pub(crate) fn encode_unwise(input: &str) -> Cow<'_, str> {
    if !input.contains(is_unwise) {
        return Cow::Borrowed(input);
    }
    let mut out = String::with_capacity(input.len() + 8);
    for c in input.chars() {
        if is_unwise(c) {
            encode_char(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The 2011 IRI-processing draft §4 step 1: leading and trailing ASCII whitespace — SPACE, CR,
/// LF and TAB only, not other Unicode spaces (RFC 3987 §7.2) — removed.
///
/// ```
/// assert_eq!(rfc3987::trim_ascii_whitespace("\t http://example.org/ \r\n"), "http://example.org/");
/// assert_eq!(rfc3987::trim_ascii_whitespace("\u{3000}a"), "\u{3000}a");
/// ```
pub fn trim_ascii_whitespace(input: &str) -> &str {
    input.trim_matches(|c| matches!(c, ' ' | '\r' | '\n' | '\t'))
}

/// The 2011 IRI-processing draft §4 steps 1–2, where several references are allowed: the
/// trimmed input split on blocks of contiguous SPACE characters, each block a separator.
///
/// ```
/// let refs: Vec<&str> = rfc3987::split_references(" a:b   c:d\n").collect();
/// assert_eq!(refs, ["a:b", "c:d"]);
/// ```
pub fn split_references(input: &str) -> impl Iterator<Item = &str> {
    trim_ascii_whitespace(input).split(' ').filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unwise_characters_are_the_ten_of_section_3_1() {
        // RFC 3987 §3.1 names them; "%", "#", "[" and "]" are not converted.
        let printable: String = (' '..='~').filter(|&c| is_unwise(c)).collect();
        assert_eq!(printable, " \"<>\\^`{|}");
        assert_eq!(encode_unwise("a b%#[]"), "a%20b%#[]");
    }
}

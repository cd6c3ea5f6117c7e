//! Repairing a reference that fails only because of characters it does not allow where they
//! stand: percent-encoding them as RFC 3987 §3.1 step 2 encodes a character (its UTF-8 bytes,
//! each `%HH`), and nothing else.

use crate::parse::{validate, StartSymbol};
use crate::pct::encode_char;

/// The most characters [`repair`] encodes: more, and the text is not a reference with a few
/// stray characters.
pub const MAX_REPAIRS: usize = 256;

/// `input` with each character that keeps it from matching `symbol` percent-encoded (RFC 3987
/// §3.1 step 2): the character at the error, then at the next error, as long as the next error
/// is not in an escape written before. Every other character stays as it is, non-ASCII ones
/// included, so the result is an IRI when `symbol` is an IRI rule.
///
/// `None` for a valid input (it needs no repair) and when encoding would not make it valid or
/// would change what it means:
/// - the character at fault is a delimiter that ends a component, `:`, `/`, `?` or `@`: encoding
///   a reserved character changes the reference (RFC 3986 §2.2), as in a second `@` in the
///   authority, which would move the host (`#`, `[` and `]` out of place are encoded: they
///   start or end nothing there);
/// - it is white space at the start or the end: white space around a reference is no part of
///   it (RFC 3986 Appendix C), to be removed ([`trim_ascii_whitespace`](crate::trim_ascii_whitespace)), not
///   encoded;
/// - more than [`MAX_REPAIRS`] characters would be encoded: the text is not a reference with a
///   few stray characters (and each one costs a validation);
/// - no scheme, an IP literal cut short, a "%" that is wrong where it stands after encoding.
///
/// ```
/// use rfc3987::{repair, StartSymbol};
///
/// // A space and "|" are not allowed in a path (RFC 3987 §2.2 ipchar); "é" is.
/// assert_eq!(repair("http://a/b c|é", StartSymbol::Iri).as_deref(), Some("http://a/b%20c%7Cé"));
/// // A URI allows no "é" (RFC 3986 §2): it is encoded too.
/// assert_eq!(repair("http://a/é", StartSymbol::Uri).as_deref(), Some("http://a/%C3%A9"));
/// // A second "@": encoding it would make the host "evil%40example.org".
/// assert_eq!(repair("http://user@evil@example.org/", StartSymbol::Iri), None);
/// // No encoding gives "a" a scheme; a valid IRI needs no repair.
/// assert_eq!(repair("a", StartSymbol::Iri), None);
/// assert_eq!(repair("http://a/", StartSymbol::Iri), None);
/// ```
pub fn repair(input: &str, symbol: StartSymbol) -> Option<String> {
    validate(input, symbol).err()?;
    encode_faults(input, symbol, |_, _| true).map(|(repaired, _)| repaired)
}

/// The repair of [`repair`], and the byte offsets in `input` of the characters it encodes, in
/// increasing order; `may_encode(offset, c)` can refuse to encode one (the RDF reader refuses the
/// U+FFFD that an escaped surrogate decoded to). `input` itself when it is valid.
///
/// The next error can come before a character encoded earlier: a bidi formatting character is
/// reported wherever it is (RFC 3987 §4.1), before a fault to its left. An error in an escape
/// written here means that encoding did not help (encoding its "%" again would change what the
/// reference says).
pub(crate) fn encode_faults(
    input: &str,
    symbol: StartSymbol,
    mut may_encode: impl FnMut(usize, char) -> bool,
) -> Option<(String, Vec<usize>)> {
    let mut candidate = input.to_string();
    // The characters encoded so far: their offsets in `input`, in order, and their lengths in
    // UTF-8 (each byte is written as three, "%HH").
    let mut encoded: Vec<(usize, usize)> = Vec::new();
    while let Err(error) = validate(&candidate, symbol) {
        let mut at = error.byte_offset();
        // In a "%" not followed by two hex digits, the error is at what follows the "%": the
        // "%" is the character to encode (as %25).
        let bytes = candidate.as_bytes();
        if at >= 1 && bytes[at - 1] == b'%' {
            at -= 1;
        } else if at >= 2 && bytes[at - 2] == b'%' && bytes[at - 1].is_ascii_hexdigit() {
            at -= 2;
        }
        // The escapes before `at`, and how many bytes longer they made the text; none may hold it.
        let (mut before, mut growth) = (0, 0);
        while let Some(&(offset, len)) = encoded.get(before) {
            let start = offset + growth;
            if start > at {
                break;
            }
            if at < start + 3 * len {
                return None;
            }
            growth += 2 * len;
            before += 1;
        }
        let offset = at - growth;
        let c = candidate[at..].chars().next()?;
        // A delimiter that ends a component: encoding it would change the reference's parts
        // (RFC 3986 §2.2). White space at either end: no part of the reference (Appendix C).
        let around = at == 0
            || candidate[at..]
                .trim_start_matches(|c: char| c.is_ascii_whitespace())
                .is_empty();
        if matches!(c, ':' | '/' | '?' | '@')
            || (c.is_ascii_whitespace() && around)
            || encoded.len() == MAX_REPAIRS
            || !may_encode(offset, c)
        {
            return None;
        }
        let mut escape = String::new();
        encode_char(&mut escape, c);
        candidate.replace_range(at..at + c.len_utf8(), &escape);
        encoded.insert(before, (offset, c.len_utf8()));
    }
    Some((candidate, encoded.into_iter().map(|(offset, _)| offset).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iri(input: &str) -> Option<String> {
        repair(input, StartSymbol::IriReference)
    }

    #[test]
    fn a_percent_sign_that_starts_no_escape_is_encoded_itself() {
        // pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1): "%" before "zz", before the end, and
        // before one hex digit and the end each start no escape; "%" is %25.
        assert_eq!(iri("http://a/100%").as_deref(), Some("http://a/100%25"));
        assert_eq!(iri("http://a/%zz").as_deref(), Some("http://a/%25zz"));
        assert_eq!(iri("http://a/%a").as_deref(), Some("http://a/%25a"));
        // A valid escape stays.
        assert_eq!(iri("http://a/%41 b").as_deref(), Some("http://a/%41%20b"));
    }

    #[test]
    fn characters_an_iri_must_not_contain_are_encoded_as_their_utf8_bytes() {
        // §4.1: no bidi formatting characters; U+202E is E2 80 AE in UTF-8 (§3.2.1's example
        // keeps it encoded). Controls: U+0009 is %09 (the §3.1 example "red%09rosé").
        assert_eq!(iri("http://a/\u{202E}b").as_deref(), Some("http://a/%E2%80%AEb"));
        assert_eq!(iri("http://a/red\trosé").as_deref(), Some("http://a/red%09rosé"));
        // Several faults in several components.
        assert_eq!(
            iri("http://a/b c?d e#f g").as_deref(),
            Some("http://a/b%20c?d%20e#f%20g")
        );
    }

    #[test]
    fn what_encoding_would_change_has_no_repair() {
        // RFC 3986 §2.2: a reserved delimiter encoded is another reference. A second "@" would
        // put "evil@" into the host; "ht tp" would need its ":" encoded once its space is,
        // leaving no scheme.
        assert_eq!(iri("http://user@evil@example.org/"), None);
        assert_eq!(iri("ht tp://example.org/"), None);
        // Appendix C: white space around a reference is removed, not encoded.
        assert_eq!(iri(" http://example.org/"), None);
        assert_eq!(iri("http://example.org/ \t"), None);
        assert_eq!(iri("http://example.org/a b "), None);
        // "#" in a fragment, "[" and "]" in a path start or end nothing: they are encoded.
        assert_eq!(iri("http://a/b#c#d").as_deref(), Some("http://a/b#c%23d"));
        assert_eq!(iri("http://a/b[1]").as_deref(), Some("http://a/b%5B1%5D"));
    }

    #[test]
    fn a_fault_before_a_bidi_formatting_character_is_encoded_too() {
        // RFC 3987 §4.1: U+202E RIGHT-TO-LEFT OVERRIDE may not appear; an IRI that holds one is
        // reported at it, before the "`" to its left, which RFC 3986 §2 does not allow either.
        // Encoding U+202E (E2 80 AE) first, the next error is at "`" (U+0060), before it.
        let input = "http://a/`\u{202E}";
        let (repaired, encoded) = encode_faults(input, StartSymbol::IriReference, |_, _| true).unwrap();
        assert_eq!(repaired, "http://a/%60%E2%80%AE");
        // Both offsets are in `input` ("http://a/" is 9 bytes), in order.
        assert_eq!(encoded, [9, 10]);
        // The same after another fault: the offsets of "`" and U+202E move by the 2 bytes that
        // the space's escape adds before them only in the repaired text, not in `input`.
        let (repaired, encoded) =
            encode_faults("http://a/ `\u{202E}", StartSymbol::IriReference, |_, _| true).unwrap();
        assert_eq!(repaired, "http://a/%20%60%E2%80%AE");
        assert_eq!(encoded, [9, 10, 11]);
        // A character of two UTF-8 bytes makes the text four bytes longer: "é" (C3 A9) in a URI
        // (RFC 3986 §2 allows no non-ASCII character), then "|" at 11 in the input.
        let (repaired, encoded) = encode_faults("http://a/\u{E9}|", StartSymbol::Uri, |_, _| true).unwrap();
        assert_eq!(repaired, "http://a/%C3%A9%7C");
        assert_eq!(encoded, [9, 11]);
        // `may_encode` is asked with the offset in `input`: refusing the "`" at 10 refuses all.
        assert_eq!(
            encode_faults("http://a/ `\u{202E}", StartSymbol::IriReference, |at, _| at != 10),
            None
        );
    }

    #[test]
    fn at_most_max_repairs_characters_are_encoded() {
        let spaces = |n: usize| format!("http://a/{}x", "a ".repeat(n));
        let repaired = iri(&spaces(MAX_REPAIRS)).unwrap();
        assert_eq!(repaired.matches("%20").count(), MAX_REPAIRS);
        assert_eq!(iri(&spaces(MAX_REPAIRS + 1)), None);
    }

    #[test]
    fn what_encoding_cannot_mend_has_no_repair() {
        // An IP literal cut short: the error is at the end, where nothing can be encoded.
        assert_eq!(iri("http://[::1/"), None);
        // A port of letters: encoding "b" puts a "%" in the authority, an error before the
        // escape's end.
        assert_eq!(iri("http://a:b/"), None);
        // A relative reference is an IRI reference, but not an IRI: no scheme appears.
        assert_eq!(repair("//a/b", StartSymbol::Iri), None);
    }
}

//! Helpers on the input's text that the checks share: its non-ASCII characters, a split at
//! ASCII delimiters, where a slice starts, what changed between two forms, and a text
//! percent-encoded.

use std::ops::Range;

use crate::bytes::next_non_ascii;
use crate::pct::encode_octets;

/// `s` percent-encoded, every octet (RFC 3987 §3.1 step 2, uppercase hex).
pub(super) fn percent_encoded(s: &str) -> String {
    let mut out = String::with_capacity(3 * s.len());
    encode_octets(&mut out, s.as_bytes());
    out
}

/// The non-ASCII characters of `input` and where they start.
pub(super) fn non_ascii_chars(input: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || {
        let at = next_non_ascii(input.as_bytes(), from)?;
        // A non-ASCII byte after ASCII ones, or after a whole character, starts a character.
        let c = input.get(at..)?.chars().next()?;
        from = at + c.len_utf8();
        Some((at, c))
    })
}

/// `text` split at each ASCII delimiter `at` accepts, as `str::split` splits it (empty parts
/// included), byte by byte: no byte of a character's UTF-8 form beyond ASCII is an ASCII byte.
pub(super) fn split_at_bytes(text: &str, at: impl Fn(u8) -> bool) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        match r.bytes().position(&at) {
            Some(i) => {
                rest = Some(&r[i + 1..]);
                Some(&r[..i])
            }
            None => {
                rest = None;
                Some(r)
            }
        }
    })
}

/// Where `sub` (a slice of `input`) starts in it.
pub(super) fn offset(input: &str, sub: &str) -> usize {
    sub.as_ptr() as usize - input.as_ptr() as usize
}

/// The part of `before` that differs from `after`, once their common beginning and end (whole
/// characters) are set aside, and what it becomes in `after`.
pub(super) fn changed_part<'a>(before: &str, after: &'a str) -> (Range<usize>, &'a str) {
    let prefix: usize = before
        .chars()
        .zip(after.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let suffix: usize = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    (
        prefix..before.len() - suffix,
        &after[prefix..after.len() - suffix],
    )
}

#[cfg(test)]
mod tests {
    use super::{next_non_ascii, non_ascii_chars, split_at_bytes};

    #[test]
    fn splits_as_str_split() {
        for text in ["", "/", "a/b.c", "//a..b/", "é.ü/ß", ".x"] {
            let ours: Vec<&str> = split_at_bytes(text, |b| b == b'/' || b == b'.').collect();
            assert_eq!(ours, text.split(['/', '.']).collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn non_ascii_characters_are_found_where_they_are() {
        // Inside and across the 8-byte words, and in the tail after the last whole word.
        let input = "abcdefghé12345678ü/x日";
        let found: Vec<(usize, char)> = non_ascii_chars(input).collect();
        assert_eq!(found, [(8, 'é'), (18, 'ü'), (22, '日')]);
        assert_eq!(next_non_ascii(input.as_bytes(), 9), Some(9)); // the second byte of "é"
        assert_eq!(next_non_ascii(b"abc", 0), None);
        assert_eq!(next_non_ascii(b"abc", 4), None);
        assert_eq!(non_ascii_chars("").count(), 0);
    }
}

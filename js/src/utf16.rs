//! Offsets in JavaScript's terms: a JavaScript string is indexed in UTF-16 code units, the
//! library's offsets are bytes of UTF-8.

/// The UTF-16 index of byte offset `at` of `text` (`at` on a character boundary).
pub(crate) fn index(text: &str, at: usize) -> u32 {
    let before = &text[..at];
    let units = if before.is_ascii() {
        at
    } else {
        before.chars().map(char::len_utf16).sum()
    };
    units as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_counts_astral_characters_as_two_units() {
        // "a😀b": 'a' is 1 byte and 1 unit, U+1F600 is 4 bytes and 2 units (a surrogate pair).
        assert_eq!(index("a😀b", 5), 3);
        // "é" is 2 bytes and 1 unit.
        assert_eq!(index("éx", 2), 1);
        assert_eq!(index("abc", 2), 2);
    }
}

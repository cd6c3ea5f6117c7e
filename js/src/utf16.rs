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

/// The UTF-16 indices of the byte offsets `at` of `text` (each on a character boundary), in
/// the order given, from one walk over the text however many there are (the spans of a lint
/// of a long input would otherwise each walk the text from its start).
pub(crate) fn indices(text: &str, at: &[usize]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..at.len()).collect();
    order.sort_unstable_by_key(|&i| at[i]);
    let mut found = vec![0; at.len()];
    let (mut byte, mut unit) = (0, 0u32);
    for i in order {
        let before = &text[byte..at[i]];
        unit += if before.is_ascii() {
            before.len() as u32
        } else {
            before.chars().map(|c| c.len_utf16() as u32).sum()
        };
        byte = at[i];
        found[i] = unit;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_the_index_of_each_offset_in_any_order() {
        // "aé😀b": 'a' at byte 0, 'é' at 1 (2 bytes), U+1F600 at 3 (4 bytes), 'b' at 7.
        let text = "aé😀b";
        assert_eq!(indices(text, &[7, 0, 3, 1, 8, 3]), [4, 0, 2, 1, 5, 2]);
        let at = [7, 0, 3, 1, 8];
        assert_eq!(indices(text, &at), at.map(|a| index(text, a)));
    }

    #[test]
    fn index_counts_astral_characters_as_two_units() {
        // "a😀b": 'a' is 1 byte and 1 unit, U+1F600 is 4 bytes and 2 units (a surrogate pair).
        assert_eq!(index("a😀b", 5), 3);
        // "é" is 2 bytes and 1 unit.
        assert_eq!(index("éx", 2), 1);
        assert_eq!(index("abc", 2), 2);
    }
}

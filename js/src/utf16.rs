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

/// Each of the strings joined into `joined`, of the UTF-16 `lengths` given (the strings a
/// JavaScript array held; see `isValidMany` in `lib/api.js`), in order; `None` for a string
/// that ends with the high half of a surrogate pair whose low half begins the next string
/// (and for that next string): joined, the two halves made one character, but each string
/// holds a lone surrogate, which no rule matches. A lone surrogate elsewhere arrives as U+FFFD
/// (one code unit, as the surrogate was), which no rule matches either. Strings past the end
/// of `joined` (wrong lengths) are empty.
pub(crate) fn each_piece<'t>(joined: &'t str, lengths: &[u32], mut each: impl FnMut(Option<&'t str>)) {
    let ascii = joined.is_ascii();
    let mut rest = joined;
    // The low half that the previous string's end left at the start of this one.
    let mut half = false;
    for &units in lengths {
        if units == 0 {
            // An empty string holds nothing, not even the low half the previous string left:
            // that half begins the next string that is not empty.
            each(Some(""));
            continue;
        }
        let mut left = units as usize - usize::from(half);
        if ascii {
            let len = left.min(rest.len());
            let (piece, after) = rest.split_at(len);
            each(Some(piece));
            rest = after;
            continue;
        }
        // Most strings are ASCII: one unit a byte, checked a word at a time.
        if !half && rest.as_bytes().get(..left).is_some_and(<[u8]>::is_ascii) {
            let (piece, after) = rest.split_at(left);
            each(Some(piece));
            rest = after;
            continue;
        }
        let mut len = 0;
        let mut cut = false;
        for c in rest.chars() {
            if left == 0 {
                break;
            }
            if c.len_utf16() > left {
                cut = true;
                break;
            }
            left -= c.len_utf16();
            len += c.len_utf8();
        }
        let piece = &rest[..len];
        each(if half || cut { None } else { Some(piece) });
        // The astral character that was cut belongs to neither string: skip it.
        let skip = if cut {
            rest[len..].chars().next().map_or(0, char::len_utf8)
        } else {
            0
        };
        rest = &rest[len + skip..];
        half = cut;
    }
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

    fn pieces<'t>(joined: &'t str, lengths: &[u32]) -> Vec<Option<&'t str>> {
        let mut pieces = Vec::new();
        each_piece(joined, lengths, |piece| pieces.push(piece));
        pieces
    }

    #[test]
    fn each_piece_gives_back_the_strings() {
        assert_eq!(
            pieces("ab😀éx", &[2, 2, 0, 2]),
            [Some("ab"), Some("😀"), Some(""), Some("éx")]
        );
        assert_eq!(pieces("abc", &[1, 2, 5]), [Some("a"), Some("bc"), Some("")]);
    }

    #[test]
    fn a_surrogate_pair_made_by_the_join_is_two_lone_surrogates() {
        // ["a\uD83D", "\uDE00b", "c"]: lengths 2, 2, 1; joined, "a😀bc".
        assert_eq!(pieces("a😀bc", &[2, 2, 1]), [None, None, Some("c")]);
        // ["x\uD83D", "\uDE00"] and then an empty string.
        assert_eq!(pieces("x😀", &[2, 1, 0]), [None, None, Some("")]);
        // ["a\uD83D", "", "\uDE00"]: the empty string between the halves is itself.
        assert_eq!(pieces("a😀", &[2, 0, 1]), [None, Some(""), None]);
    }
}

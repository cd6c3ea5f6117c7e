//! Lines that are not UTF-8: where, and why. An IRI is a sequence of characters (RFC 3987 §2),
//! and the files and dumps that hold IRIs are UTF-8 (RDF 1.1 N-Triples §2.1, Turtle §6.1):
//! a line whose bytes are not UTF-8 holds no IRI to check, and is reported at its first
//! ill-formed byte, in the words of every tool that reads lines (`iri check`, the Python
//! package's `rdf.check`).

/// A line that is not UTF-8: the byte offset and 1-based character column of its first
/// ill-formed sequence, the line with each ill-formed sequence read as U+FFFD, and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotUtf8 {
    /// The offset of the first ill-formed byte: the line is UTF-8 before it.
    pub byte_offset: usize,
    /// The 1-based character column of that byte.
    pub column: usize,
    /// The line, each ill-formed sequence read as U+FFFD.
    pub lossy: String,
    /// The message: the bytes at fault, their column, and a surrogate written as UTF-8 named.
    pub message: String,
}

/// The line's bytes as text, or where and why they are not UTF-8 (RFC 3629).
///
/// ```
/// let error = rfc3987::decode_utf8(b"http://a/\xE9t\xE9").unwrap_err();
/// assert_eq!((error.byte_offset, error.column), (9, 10));
/// assert!(error.message.starts_with("the line is not UTF-8: byte 0xE9 at column 10"));
/// assert_eq!(error.lossy, "http://a/\u{FFFD}t\u{FFFD}");
/// ```
pub fn decode_utf8(bytes: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e))
}

fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> NotUtf8 {
    let valid = error.valid_up_to();
    let prefix = String::from_utf8_lossy(&bytes[..valid]);
    let bad_len = error.error_len().unwrap_or(bytes.len() - valid);
    let bad: Vec<String> = bytes[valid..valid + bad_len]
        .iter()
        .map(|b| format!("0x{b:02X}"))
        .collect();
    let column = column_of(&prefix, valid);
    // ED A0..BF 80..BF is how CESU-8 and WTF-8 write a surrogate (a `\uD800` escape decoded
    // carelessly): say which one, since UTF-8 cannot hold it (RFC 3629 §3).
    let surrogate = match bytes[valid..] {
        [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, ..] => format!(
            ", the surrogate U+{:04X} encoded as if it were a character, which UTF-8 forbids (RFC 3629 §3)",
            0xD000 | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F)
        ),
        _ => String::new(),
    };
    NotUtf8 {
        byte_offset: valid,
        column,
        lossy: String::from_utf8_lossy(bytes).into_owned(),
        message: format!(
            "the line is not UTF-8: byte {} at column {column}{surrogate} (an IRI is a sequence of Unicode characters, RFC 3987 §2)",
            bad.join(" ")
        ),
    }
}

/// The 1-based character column of byte `offset` of `text` (of the character that holds it,
/// when `offset` is inside one).
///
/// ```
/// assert_eq!(rfc3987::column_of("aé b", 3), 3);
/// assert_eq!(rfc3987::column_of("aé b", 2), 2);
/// assert_eq!(rfc3987::column_of("ab", 2), 3);
/// ```
pub fn column_of(text: &str, offset: usize) -> usize {
    let before = text.char_indices().take_while(|&(i, _)| i < offset).count();
    if text.is_char_boundary(offset.min(text.len())) {
        before + 1
    } else {
        before
    }
}

/// The length of `bytes` without the first bytes of a UTF-8 character that its end cuts short
/// (at most three): where a reader that must cut a long line cuts it, so that each part is
/// decoded alone without splitting a character. Bytes that are not UTF-8 are counted, to be
/// reported where they are.
///
/// ```
/// // "é" is C3 A9: cut after its first byte, it is left out whole.
/// assert_eq!(rfc3987::utf8_complete_len(b"ab\xC3"), 2);
/// assert_eq!(rfc3987::utf8_complete_len(b"ab\xC3\xA9"), 4);
/// ```
pub fn utf8_complete_len(bytes: &[u8]) -> usize {
    let n = bytes.len();
    for back in 1..=n.min(3) {
        let width = match bytes[n - back] {
            0x80..=0xBF => continue,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 1,
        };
        return if width > back { n - back } else { n };
    }
    n
}

#[cfg(test)]
mod tests {
    use super::utf8_complete_len;

    #[test]
    fn a_cut_does_not_split_a_character() {
        // "é" is C3 A9, "€" E2 82 AC, "𝄞" F0 9D 84 9E: cut after any of their first bytes, the
        // character is left out whole; a character ended, or bytes that are not UTF-8 (a lone
        // A9, FF), are kept.
        assert_eq!(utf8_complete_len(b"ab\xC3"), 2);
        assert_eq!(utf8_complete_len(b"ab\xC3\xA9"), 4);
        assert_eq!(utf8_complete_len(b"a\xE2\x82"), 1);
        assert_eq!(utf8_complete_len(b"a\xE2"), 1);
        assert_eq!(utf8_complete_len(b"\xF0\x9D\x84"), 0);
        assert_eq!(utf8_complete_len(b"\xF0\x9D\x84\x9E"), 4);
        assert_eq!(utf8_complete_len(b"ab\xA9"), 3);
        assert_eq!(utf8_complete_len(b"ab\xFF"), 3);
        assert_eq!(utf8_complete_len(b"\xA9\xA9\xA9\xA9"), 4);
        assert_eq!(utf8_complete_len(b""), 0);
    }
}

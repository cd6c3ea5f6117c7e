//! RFC 3987 §3.1 step 1: an IRI in a legacy charset read as UCS characters, with the
//! Encoding Standard's decoders (`encoding_rs`, the implementation browsers use), then NFC
//! (step 1b). Feature `legacy-charsets`.

use std::fmt;

use encoding_rs::Encoding;
use unicode_normalization::UnicodeNormalization;

/// Text in a legacy charset that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The label names no encoding of the WHATWG Encoding Standard.
    UnknownLabel(String),
    /// The bytes are not valid in that encoding; `byte_offset` is where the first bad sequence
    /// starts.
    Malformed {
        /// The encoding's WHATWG name.
        encoding: &'static str,
        /// Where the first malformed sequence starts.
        byte_offset: usize,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::UnknownLabel(label) => {
                write!(
                    f,
                    "{label:?} is not an encoding label of the WHATWG Encoding Standard"
                )
            }
            DecodeError::Malformed {
                encoding,
                byte_offset,
            } => write!(f, "the bytes are not valid {encoding} at byte {byte_offset}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// RFC 3987 §3.1 step 1: the IRI's bytes in the charset named by `label` (a WHATWG Encoding
/// Standard label, e.g. `iso-8859-1`, `shift_jis`, `utf-8`) as a sequence of UCS characters.
/// For a non-Unicode charset the result is normalized to NFC (step 1b); for UTF-8 and UTF-16 it
/// is not (step 1c). Malformed bytes are an error, never replaced. A byte order mark is not
/// removed (it is not part of an IRI, and will not parse).
///
/// ```
/// // "résumé" in windows-1252; the WHATWG Encoding Standard reads iso-8859-1 as windows-1252.
/// let text = rfc3987::decode_legacy(b"http://example.org/r\xE9sum\xE9", "iso-8859-1").unwrap();
/// assert_eq!(text, "http://example.org/résumé");
/// ```
pub fn decode_legacy(bytes: &[u8], label: &str) -> Result<String, DecodeError> {
    let encoding = Encoding::for_label(label.trim().as_bytes())
        .ok_or_else(|| DecodeError::UnknownLabel(label.to_string()))?;
    let unicode_based = matches!(encoding.name(), "UTF-8" | "UTF-16LE" | "UTF-16BE");
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(
        decoder
            .max_utf8_buffer_length_without_replacement(bytes.len())
            .unwrap_or(bytes.len() * 3),
    );
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    if let encoding_rs::DecoderResult::Malformed(bad, pending) = result {
        return Err(DecodeError::Malformed {
            encoding: encoding.name(),
            byte_offset: read - bad as usize - pending as usize,
        });
    }
    Ok(if unicode_based { out } else { out.nfc().collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_malformed_bytes_are_errors() {
        // 0x82 alone is a Shift_JIS lead byte with no trail byte.
        let e = decode_legacy(b"http://a/\x82", "shift_jis").unwrap_err();
        assert_eq!(
            e,
            DecodeError::Malformed {
                encoding: "Shift_JIS",
                byte_offset: 9
            }
        );
        assert!(matches!(
            decode_legacy(b"a", "no-such-charset"),
            Err(DecodeError::UnknownLabel(_))
        ));
    }

    #[test]
    fn malformed_sequences_are_found_where_they_start() {
        // ISO-2022-JP: ESC ( X is no escape sequence (RFC 1468 has ESC ( B, ESC ( J, ESC $ @ and
        // ESC $ B): the bad sequence starts at the ESC, byte 1, though the decoder has read a
        // byte past it (DecoderResult::Malformed's second count).
        assert_eq!(
            decode_legacy(b"a\x1B(Xb", "iso-2022-jp"),
            Err(DecodeError::Malformed {
                encoding: "ISO-2022-JP",
                byte_offset: 1
            })
        );
        // UTF-16LE: the lead surrogate D800 (bytes 0-1) followed by "A" (0x0041), not a trail
        // surrogate: the malformed sequence is the lead surrogate, at byte 0.
        assert_eq!(
            decode_legacy(b"\x00\xD8\x41\x00", "utf-16le"),
            Err(DecodeError::Malformed {
                encoding: "UTF-16LE",
                byte_offset: 0
            })
        );
        // UTF-8: "a", then E3 81 (a three-byte sequence cut short), then "b": at byte 1.
        assert_eq!(
            decode_legacy(b"a\xE3\x81b", "utf-8"),
            Err(DecodeError::Malformed {
                encoding: "UTF-8",
                byte_offset: 1
            })
        );
    }

    #[test]
    fn messages_name_the_label_or_the_encoding_and_the_byte() {
        assert_eq!(
            decode_legacy(b"a", "klingon").unwrap_err().to_string(),
            "\"klingon\" is not an encoding label of the WHATWG Encoding Standard"
        );
        assert_eq!(
            decode_legacy(b"http://a/\x82", "shift_jis")
                .unwrap_err()
                .to_string(),
            "the bytes are not valid Shift_JIS at byte 9"
        );
    }

    #[test]
    fn nfc_only_for_non_unicode_charsets() {
        // windows-1258 (Vietnamese) writes "ệ" as "ê" + COMBINING DOT BELOW (0xF2): RFC 3987
        // §3.1's note; step 1b composes it to U+1EC7.
        let text = decode_legacy(b"Vi\xEA\xF2t", "windows-1258").unwrap();
        assert_eq!(text, "Vi\u{1EC7}t");
        // UTF-8 (step 1c): "e" + U+0301 stays decomposed.
        assert_eq!(decode_legacy("e\u{301}".as_bytes(), "utf-8").unwrap(), "e\u{301}");
    }
}

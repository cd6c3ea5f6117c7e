//! Character classes of RFC 3987 §2.2 as predicates, for the scanner and for the passes that
//! work on decoded characters (percent-encoding normalization, building). The grammar is the
//! judge: `tests/scanner.rs` checks the scanner, which is built on these predicates, against it,
//! and `tests/normalize.rs` (`decoding_agrees_with_the_grammar`) the decoding.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3)
pub(crate) const fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (RFC 3986 §2.2)
pub(crate) const fn is_sub_delims(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// ```text
/// ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
/// ```
/// (RFC 3987 §2.2) as an IRI may hold it: less the bidirectional formatting characters that
/// §4.1 forbids ([`is_bidi_formatting`]). The grammar's `ucschar` has the exact ranges and
/// `src/parse.rs` applies §4.1 beside it, so both paths accept the same inputs.
pub(crate) fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    match c {
        0xA0..=0xD7FF => !matches!(c, 0x200E | 0x200F | 0x202A..=0x202E),
        0xF900..=0xFDCF | 0xFDF0..=0xFFEF => true,
        // %x10000-1FFFD / ... / %xD0000-DFFFD: every plane 1-13 but its last two code points.
        0x10000..=0xDFFFF => c & 0xFFFF <= 0xFFFD,
        0xE1000..=0xEFFFD => true,
        _ => false,
    }
}

/// RFC 3987 §4.1: LRM U+200E, RLM U+200F, LRE U+202A, RLE U+202B, PDF U+202C, LRO U+202D,
/// RLO U+202E, which IRIs MUST NOT contain.
pub(crate) fn is_bidi_formatting(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

/// The Unicode name of an RFC 3987 §4.1 bidi formatting character (LRM, RLM, LRE, RLE, PDF,
/// LRO, RLO); `None` for any other character.
pub(crate) fn bidi_formatting_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        _ => return None,
    })
}

/// The Unicode name of a bidirectional formatting character that Unicode 6.3 (2013) added
/// after RFC 3987 (2005), which §4.1 could therefore not list: the isolates LRI U+2066, RLI
/// U+2067, FSI U+2068 and PDI U+2069, and ALM U+061C ARABIC LETTER MARK (not an isolate, an
/// implicit mark like LRM and RLM). They reorder the displayed text as the characters §4.1
/// forbids do, and Unicode's UTS #55 (source code spoofing) lists them together. They are
/// `ucschar` (RFC 3987 §2.2), so the grammar admits them; `None` for any other character.
pub(crate) fn bidi_isolate_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{061C}' => "ARABIC LETTER MARK",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        _ => return None,
    })
}

/// Whether `c`, though an IRI may hold it, is better kept percent-encoded: a §6.1 look-alike
/// of space or a delimiter ([`is_lookalike`]), or a bidi isolate or ALM ([`bidi_isolate_name`],
/// §4.1's reason). URI → IRI (§3.2 step 4) leaves them encoded, and the lint does not offer to
/// decode them.
pub(crate) fn is_kept_encoded(c: char) -> bool {
    is_lookalike(c) || bidi_isolate_name(c).is_some()
}

/// Characters that do not show when printed, or move the text around them, so that a message
/// quoting them raw could be made to say something else: the C0 and C1 controls and DEL (a
/// terminal obeys ESC, CR, BS, BEL), the RFC 3987 §4.1 bidi formatting characters and the ones
/// Unicode added after it (the isolates U+2066–U+2069 and ARABIC LETTER MARK U+061C; UTS #55
/// lists them together), white space other than the space, the zero-width characters and word
/// joiners (U+200B–U+200D, U+2060–U+2064), SOFT HYPHEN (U+00AD, not drawn unless a line breaks
/// there), MONGOLIAN VOWEL SEPARATOR (U+180E), the byte order mark, the interlinear annotation
/// controls (U+FFF9–U+FFFB) and the tag characters (U+E0000–U+E007F, which can carry hidden
/// ASCII). Messages show them as `\u{XXXX}` ([`crate::printable`]).
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD` (RFC 3987 §2.2)
pub(crate) fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// `iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar` (RFC 3987 §2.2)
pub(crate) fn is_iunreserved(c: char) -> bool {
    is_unreserved(c) || is_ucschar(c)
}

/// RFC 3987 §6.1 b: characters with "strong visual look-alikes" of "space", "delims" and
/// "unwise" characters, or that show nothing at all. IRIs should avoid them, and the URI-to-IRI
/// conversion keeps them percent-encoded (§3.2 step 4). Each entry is an inclusive code point
/// range and what it looks like.
///
/// The choices: every Unicode space separator (Zs) but U+0020, the line and paragraph
/// separators, the invisible format characters that are not needed to write any language
/// (ZWNJ and ZWJ, which Persian and Indic scripts need, are not listed), the Hangul fillers, and
/// the slash, colon, dot and gen-delims look-alikes. Full-width letters and digits, which §6.1
/// also discourages, are not listed: they are ordinary text in East Asian identifiers, and
/// keeping them encoded would make most Japanese IRIs unreadable; neither are U+3002 and U+FF61
/// (ideographic full stops, ordinary punctuation in text).
pub(crate) const LOOKALIKES: &[(u32, u32, &str)] = &[
    (0x00A0, 0x00A0, "space (NO-BREAK SPACE)"),
    (0x00AD, 0x00AD, "nothing (SOFT HYPHEN)"),
    (0x115F, 0x1160, "space (HANGUL FILLERS)"),
    (0x1680, 0x1680, "space (OGHAM SPACE MARK)"),
    (0x180E, 0x180E, "nothing (MONGOLIAN VOWEL SEPARATOR)"),
    (0x2000, 0x200A, "space (EN QUAD .. HAIR SPACE)"),
    (0x200B, 0x200B, "nothing (ZERO WIDTH SPACE)"),
    (0x2024, 0x2024, "\".\" (ONE DOT LEADER)"),
    (0x2028, 0x2029, "a line break (LINE/PARAGRAPH SEPARATOR)"),
    (0x202F, 0x202F, "space (NARROW NO-BREAK SPACE)"),
    (0x2044, 0x2044, "\"/\" (FRACTION SLASH)"),
    (0x205F, 0x205F, "space (MEDIUM MATHEMATICAL SPACE)"),
    (0x2060, 0x2064, "nothing (WORD JOINER, invisible operators)"),
    (0x2215, 0x2215, "\"/\" (DIVISION SLASH)"),
    (0x2236, 0x2236, "\":\" (RATIO)"),
    (0x29F8, 0x29F8, "\"/\" (BIG SOLIDUS)"),
    (0x3000, 0x3000, "space (IDEOGRAPHIC SPACE)"),
    (0x3164, 0x3164, "space (HANGUL FILLER)"),
    (0xFE52, 0xFE52, "\".\" (SMALL FULL STOP)"),
    (
        0xFE55,
        0xFE56,
        "\":\" or \"?\" (SMALL COLON, SMALL QUESTION MARK)",
    ),
    (0xFE5F, 0xFE5F, "\"#\" (SMALL NUMBER SIGN)"),
    (
        0xFE6A,
        0xFE6B,
        "\"%\" or \"@\" (SMALL PERCENT SIGN, SMALL COMMERCIAL AT)",
    ),
    (0xFEFF, 0xFEFF, "nothing (ZERO WIDTH NO-BREAK SPACE)"),
    (0xFF03, 0xFF03, "\"#\" (FULLWIDTH NUMBER SIGN)"),
    (0xFF05, 0xFF05, "\"%\" (FULLWIDTH PERCENT SIGN)"),
    (0xFF0E, 0xFF0F, "\".\" or \"/\" (FULLWIDTH FULL STOP, SOLIDUS)"),
    (0xFF1A, 0xFF1A, "\":\" (FULLWIDTH COLON)"),
    (
        0xFF1F,
        0xFF20,
        "\"?\" or \"@\" (FULLWIDTH QUESTION MARK, COMMERCIAL AT)",
    ),
    (0xFF3B, 0xFF3B, "\"[\" (FULLWIDTH LEFT SQUARE BRACKET)"),
    (0xFF3D, 0xFF3D, "\"]\" (FULLWIDTH RIGHT SQUARE BRACKET)"),
    (0xFFA0, 0xFFA0, "space (HALFWIDTH HANGUL FILLER)"),
];

/// Whether `c` is in [`LOOKALIKES`] (RFC 3987 §6.1 b): a binary search, the ranges being in
/// order and apart (`lookalikes_are_ordered`).
pub(crate) fn is_lookalike(c: char) -> bool {
    let c = c as u32;
    let after = LOOKALIKES.partition_point(|&(first, _, _)| first <= c);
    after > 0 && c <= LOOKALIKES[after - 1].1
}

#[cfg(test)]
mod tests {
    use super::{bidi_formatting_name, is_lookalike, LOOKALIKES};

    /// The seven characters of RFC 3987 §4.1 ("LRM, RLM, LRE, RLE, PDF, LRO, RLO") by their
    /// names in UnicodeData.txt, and no name for the characters around them.
    #[test]
    fn bidi_formatting_names() {
        let names = [
            ('\u{200E}', "LEFT-TO-RIGHT MARK"),
            ('\u{200F}', "RIGHT-TO-LEFT MARK"),
            ('\u{202A}', "LEFT-TO-RIGHT EMBEDDING"),
            ('\u{202B}', "RIGHT-TO-LEFT EMBEDDING"),
            ('\u{202C}', "POP DIRECTIONAL FORMATTING"),
            ('\u{202D}', "LEFT-TO-RIGHT OVERRIDE"),
            ('\u{202E}', "RIGHT-TO-LEFT OVERRIDE"),
        ];
        for (c, name) in names {
            assert_eq!(bidi_formatting_name(c), Some(name), "U+{:04X}", c as u32);
        }
        for c in ['\u{200D}', '\u{2010}', '\u{2029}', '\u{202F}', '\u{2066}', 'a'] {
            assert_eq!(bidi_formatting_name(c), None, "U+{:04X}", c as u32);
        }
    }

    /// The binary search of [`is_lookalike`] needs the ranges in increasing order, apart; it
    /// finds exactly the code points of the ranges.
    #[test]
    fn lookalikes_are_ordered() {
        for pair in LOOKALIKES.windows(2) {
            assert!(pair[0].0 <= pair[0].1 && pair[0].1 < pair[1].0, "{pair:?}");
        }
        for c in (0..0x11000).filter_map(char::from_u32) {
            let listed = LOOKALIKES.iter().any(|&(a, b, _)| (a..=b).contains(&(c as u32)));
            assert_eq!(is_lookalike(c), listed, "U+{:04X}", c as u32);
        }
    }
}

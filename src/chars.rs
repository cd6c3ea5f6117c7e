//! Character classes of RFC 3987 §2.2 as predicates, for the passes that work on decoded
//! characters (percent-encoding normalization). The grammar is the judge; tests/chars.rs checks
//! that each predicate agrees with its grammar rule.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3)
pub(crate) fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

/// ```text
/// ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ... / %xE1000-EFFFD
/// ```
/// (RFC 3987 §2.2), less the bidi formatting characters of §4.1, as in the grammar.
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

/// `iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD` (RFC 3987 §2.2)
pub(crate) fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// `iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar` (RFC 3987 §2.2)
pub(crate) fn is_iunreserved(c: char) -> bool {
    is_unreserved(c) || is_ucschar(c)
}

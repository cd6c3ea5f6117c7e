//! Percent-encoding (RFC 3986 §2.1) as the IRI passes use it: decoding runs of `%HH` as UTF-8
//! where a pass allows it (§3.2, §5.3.2.3), and encoding characters as UTF-8 octets (§3.1).

use std::borrow::Cow;

use crate::bytes::find_byte;

/// Decodes the `%HH` runs of one component that encode a character `decode` accepts; every other
/// percent-encoding is kept, with uppercase hex digits (RFC 3987 §5.3.2.1, §3.2 step 3).
///
/// Each run is read as UTF-8 ([`pct_unit`]; RFC 3987 §3.2 step 3, §5.3.2.3): octets that are
/// not part of strictly legal UTF-8 — overlong forms, surrogates, values above U+10FFFF,
/// truncated sequences, stray continuation bytes — stay encoded. A legal sequence whose
/// character `decode` refuses stays encoded as a whole. The component must be valid for its
/// grammar rule (every "%" is followed by two hex digits).
pub(crate) fn decode_where(component: &str, decode: impl Fn(char) -> bool) -> Cow<'_, str> {
    if find_byte(component.as_bytes(), 0, b'%').is_none() {
        return Cow::Borrowed(component);
    }
    let mut out = String::with_capacity(component.len());
    decode_where_into(&mut out, component, decode);
    Cow::Owned(out)
}

/// [`decode_where`], appending the component to `out`.
pub(crate) fn decode_where_into(out: &mut String, component: &str, decode: impl Fn(char) -> bool) {
    let bytes = component.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            let next = find_byte(bytes, i, b'%').unwrap_or(bytes.len());
            out.push_str(&component[i..next]);
            i = next;
            continue;
        }
        let (unit, end) = pct_unit(bytes, i);
        match unit {
            Unit::Char(c) if decode(c) => out.push(c),
            // Reserved characters, controls, non-characters, §4.1 bidi formatting, and every
            // octet that is not strictly legal UTF-8: all its octets, uppercase.
            _ => {
                for triplet in (i..end).step_by(3) {
                    encode_octets(out, &[hex_octet(bytes, triplet)]);
                }
            }
        }
        i = end;
    }
}

/// One UTF-8 sequence written as `%HH` triplets. (The code points of the ill-formed units are
/// read by the `lint` feature's checks only.)
#[derive(Clone, Copy)]
#[cfg_attr(not(feature = "lint"), allow(dead_code))]
pub(crate) enum Unit {
    /// A well-formed sequence (RFC 3629 §4; Unicode §3.9, Table 3-7).
    Char(char),
    /// A complete overlong form (`C0`/`C1` + 1, `E0 80..9F` + 1, `F0 80..8F` + 2 continuation
    /// octets) and the code point it would decode to.
    Overlong(u32),
    /// A complete encoded surrogate, `ED A0..BF 80..BF` (CESU-8), and its code point.
    Surrogate(u32),
    /// A maximal subpart of an ill-formed sequence (Unicode §3.9, "U+FFFD Substitution of
    /// Maximal Subparts"): a decoder replaces each with one U+FFFD.
    IllFormed,
}

/// The percent-encoded UTF-8 sequence that starts at the "%" at `i`, and where it ends.
pub(crate) fn pct_unit(bytes: &[u8], i: usize) -> (Unit, usize) {
    let octet = |k: usize| {
        let j = i + 3 * k;
        (bytes.get(j) == Some(&b'%')).then(|| hex_octet(bytes, j))
    };
    let cont = |k: usize| octet(k).filter(|b| (0x80..=0xBF).contains(b));
    let bits = |lead: u8, mask: u8, rest: &[u8]| {
        rest.iter()
            .fold(u32::from(lead & mask), |v, b| v << 6 | u32::from(b & 0x3F))
    };
    let lead = hex_octet(bytes, i);
    let (len, second) = match lead {
        0x00..=0x7F => return (Unit::Char(char::from(lead)), i + 3),
        0xC0 | 0xC1 => {
            return match cont(1) {
                Some(b1) => (Unit::Overlong(bits(lead, 0x1F, &[b1])), i + 6),
                None => (Unit::IllFormed, i + 3),
            }
        }
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xE1..=0xEF => (3, 0x80..=0xBF),
        0xF0 => (4, 0x90..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        _ => return (Unit::IllFormed, i + 3),
    };
    // Complete forms that Table 3-7 excludes by the range of the second octet.
    match (lead, octet(1), cont(2), cont(3)) {
        (0xE0, Some(b1 @ 0x80..=0x9F), Some(b2), _) => {
            return (Unit::Overlong(bits(lead, 0x0F, &[b1, b2])), i + 9)
        }
        (0xED, Some(b1 @ 0xA0..=0xBF), Some(b2), _) => {
            return (Unit::Surrogate(bits(lead, 0x0F, &[b1, b2])), i + 9)
        }
        (0xF0, Some(b1 @ 0x80..=0x8F), Some(b2), Some(b3)) => {
            return (Unit::Overlong(bits(lead, 0x07, &[b1, b2, b3])), i + 12)
        }
        _ => {}
    }
    let mut value = u32::from(lead & (0x7F >> len));
    for k in 1..len {
        let ok = |b: &u8| {
            if k == 1 {
                second.contains(b)
            } else {
                (0x80..=0xBF).contains(b)
            }
        };
        match octet(k).filter(ok) {
            Some(b) => value = value << 6 | u32::from(b & 0x3F),
            // The maximal subpart ends before this octet.
            None => return (Unit::IllFormed, i + 3 * k),
        }
    }
    match char::from_u32(value) {
        Some(c) => (Unit::Char(c), i + 3 * len),
        None => (Unit::IllFormed, i + 3 * len),
    }
}

pub(crate) fn hex_octet(bytes: &[u8], percent: usize) -> u8 {
    let digit = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
    let hi = bytes.get(percent + 1).copied().map_or(0, digit);
    let lo = bytes.get(percent + 2).copied().map_or(0, digit);
    hi << 4 | lo
}

/// RFC 3987 §3.1 step 2.1–2.3: `c` as its UTF-8 octets, each written `%HH` with uppercase hex
/// digits ("To reduce variability, the hexadecimal notation SHOULD use uppercase letters").
pub(crate) fn encode_char(out: &mut String, c: char) {
    encode_octets(out, c.encode_utf8(&mut [0; 4]).as_bytes());
}

/// Each octet as `%HH`, uppercase (RFC 3986 §2.1), from percent-encoding's table of the 256
/// triplets: one copy of three bytes per octet, the room for all of them reserved first.
pub(crate) fn encode_octets(out: &mut String, octets: &[u8]) {
    out.reserve(3 * octets.len());
    for &octet in octets {
        out.push_str(percent_encoding::percent_encode_byte(octet));
    }
}

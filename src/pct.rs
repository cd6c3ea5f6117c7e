//! Percent-encoding (RFC 3986 §2.1) as the IRI passes use it: decoding runs of `%HH` as UTF-8
//! where a pass allows it (§3.2, §5.3.2.3), and encoding characters as UTF-8 octets (§3.1).

use std::borrow::Cow;
use std::fmt::Write;

/// Decodes the `%HH` runs of one component that encode a character `decode` accepts; every other
/// percent-encoding is kept, with uppercase hex digits (RFC 3987 §5.3.2.1, §3.2 step 3).
///
/// Each run is read as UTF-8 (RFC 3987 §3.2 step 3, §5.3.2.3): octets that are not part of
/// strictly legal UTF-8 — overlong forms, surrogates, values above U+10FFFF, truncated
/// sequences, stray continuation bytes — stay encoded, one by one. A legal sequence whose
/// character `decode` refuses stays encoded as a whole. The component must be valid for its
/// grammar rule (every "%" is followed by two hex digits).
pub(crate) fn decode_where(component: &str, decode: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !component.contains('%') {
        return Cow::Borrowed(component);
    }
    let bytes = component.as_bytes();
    let mut out = String::with_capacity(component.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            let next = component[i..].find('%').map_or(bytes.len(), |n| i + n);
            out.push_str(&component[i..next]);
            i = next;
            continue;
        }
        // The grammar guarantees two hex digits after "%".
        let lead = hex_octet(bytes, i);
        let len = match lead {
            0x00..=0x7F => 1,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0, // continuation bytes, C0, C1, F5-FF: never the start of legal UTF-8
        };
        let mut octets = [0u8; 4];
        let mut decoded = None;
        if len > 0 && (1..len).all(|k| bytes.get(i + 3 * k) == Some(&b'%')) {
            for (k, octet) in octets.iter_mut().enumerate().take(len) {
                *octet = hex_octet(bytes, i + 3 * k);
            }
            // std's decoder rejects overlong forms, surrogates and values above U+10FFFF.
            decoded = std::str::from_utf8(&octets[..len])
                .ok()
                .and_then(|s| s.chars().next());
        }
        match decoded {
            Some(c) if decode(c) => {
                out.push(c);
                i += 3 * len;
            }
            Some(_) => {
                // Legal UTF-8 for a character that must stay encoded (reserved, controls,
                // non-characters, §4.1 bidi formatting): keep all its octets.
                for octet in &octets[..len] {
                    let _ = write!(out, "%{octet:02X}");
                }
                i += 3 * len;
            }
            None => {
                let _ = write!(out, "%{lead:02X}");
                i += 3;
            }
        }
    }
    Cow::Owned(out)
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

/// Each octet as `%HH`, uppercase.
pub(crate) fn encode_octets(out: &mut String, octets: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &octet in octets {
        out.push('%');
        out.push(HEX[(octet >> 4) as usize] as char);
        out.push(HEX[(octet & 15) as usize] as char);
    }
}

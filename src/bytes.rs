//! Byte searches over text, eight bytes at a time (a word read as a `u64`), for the passes'
//! inner loops and the checks: where `str::find` pays for a general searcher on each call,
//! these cost about one instruction per byte on the short components of an IRI. The memchr
//! crate (used for the long texts of `iri check` and for "%" in the checks) was measured in
//! their place: resolve 12.50 M -> 13.43 M instructions, normalize 15.51 M -> 15.83 M
//! (`benches/callgrind.sh`, 20,000 lines): its set-up costs more than these short texts take.

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `word` that equals `byte`, and no other bit: for a byte `v`
/// of `x`, (v & 0x7F) + 0x7F carries into the high bit unless the low seven bits are zero, and
/// never into the next byte.
#[inline]
fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (LOW_BITS * u64::from(byte));
    !((x & !HIGH_BITS).wrapping_add(!HIGH_BITS) | x | !HIGH_BITS)
}

/// The offset of the first `byte` at or after `from` (`None` when `from` is past the end).
#[inline]
pub(crate) fn find_byte(bytes: &[u8], from: usize, byte: u8) -> Option<usize> {
    let mut chunks = bytes.get(from..)?.chunks_exact(8);
    let mut i = from;
    for chunk in &mut chunks {
        // A byte of `x` is zero where the word has `byte`; the lowest such byte is flagged
        // exactly (the subtraction's borrow only flags bytes above it), in fewer operations
        // than `equal_bytes`.
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) ^ (LOW_BITS * u64::from(byte));
        let zero = x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS;
        if zero != 0 {
            return Some(i + zero.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    chunks.remainder().iter().position(|&b| b == byte).map(|n| i + n)
}

/// The offset of the last `byte` in `bytes`.
#[inline]
pub(crate) fn rfind_byte(bytes: &[u8], byte: u8) -> Option<usize> {
    let mut chunks = bytes.rchunks_exact(8);
    let mut end = bytes.len();
    for chunk in &mut chunks {
        let equal = equal_bytes(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])), byte);
        if equal != 0 {
            return Some(end - 1 - equal.leading_zeros() as usize / 8);
        }
        end -= 8;
    }
    chunks.remainder().iter().rposition(|&b| b == byte)
}

/// The offset of the first non-ASCII byte at or after `from` (a word with no high bit set is
/// all ASCII).
#[inline]
pub(crate) fn next_non_ascii(bytes: &[u8], from: usize) -> Option<usize> {
    let mut chunks = bytes.get(from..)?.chunks_exact(8);
    let mut i = from;
    for chunk in &mut chunks {
        let high = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])) & HIGH_BITS;
        if high != 0 {
            return Some(i + high.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|b| !b.is_ascii())
        .map(|n| i + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every position of the byte, and its absence, at every alignment, against a plain search.
    #[test]
    fn searches_agree_with_a_plain_search() {
        for len in 0..20 {
            for at in 0..=len {
                let mut text = vec![b'a'; len];
                if at < len {
                    text[at] = b'%';
                }
                // A second "%" after the first must not be found first.
                if at + 3 < len {
                    text[at + 3] = b'%';
                }
                for from in 0..=len {
                    let plain = text[from..].iter().position(|&b| b == b'%').map(|n| from + n);
                    assert_eq!(find_byte(&text, from, b'%'), plain, "{len} {at} {from}");
                }
            }
        }
        for len in 0..20 {
            for at in 0..=len {
                let mut text = vec![b'a'; len];
                if at < len {
                    text[at] = b'%';
                }
                // A "%" before the last must not be found.
                if at >= 3 && at < len {
                    text[at - 3] = b'%';
                }
                let plain = text.iter().rposition(|&b| b == b'%');
                assert_eq!(rfind_byte(&text, b'%'), plain, "{len} {at}");
            }
        }
        // Bytes just above and below the pattern (0x25), and 0x80 and up, never match.
        let text = [0x24, 0x26, 0xA5, 0x05, 0x24, 0x26, 0xA5, 0x05, 0x25];
        assert_eq!(find_byte(&text, 0, b'%'), Some(8));
        assert_eq!(rfind_byte(&text[..8], b'%'), None);
        assert_eq!(rfind_byte(&text, b'%'), Some(8));
    }
}

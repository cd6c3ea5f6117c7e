//! Sets of characters, the labels of the automaton's edges: ASCII as a 128-bit set, the rest
//! as sorted ranges of code points.

/// A set of characters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Class {
    ascii: u128,
    /// Non-ASCII code points, as sorted, disjoint, non-adjacent inclusive ranges.
    ranges: Vec<(u32, u32)>,
}

impl Class {
    /// The characters `lo..=hi`.
    pub(crate) fn range(lo: char, hi: char) -> Class {
        let mut class = Class::default();
        class.add(lo as u32, hi as u32);
        class
    }

    /// One character; with `insensitive`, both ASCII cases of it (an ABNF string literal,
    /// RFC 5234 §2.3, written `^"..."` in pest).
    pub(crate) fn char(c: char, insensitive: bool) -> Class {
        let mut class = Class::range(c, c);
        if insensitive {
            for other in [c.to_ascii_lowercase(), c.to_ascii_uppercase()] {
                class.add(other as u32, other as u32);
            }
        }
        class
    }

    /// Every character (pest's `ANY`).
    pub(crate) fn any() -> Class {
        Class::range('\0', char::MAX)
    }

    /// Adds the code points `lo..=hi`.
    fn add(&mut self, lo: u32, hi: u32) {
        if lo < 128 {
            let top = hi.min(127);
            for b in lo..=top {
                self.ascii |= 1 << b;
            }
        }
        if hi < 128 {
            return;
        }
        let lo = lo.max(128);
        self.ranges.push((lo, hi));
        self.ranges.sort_unstable();
        let mut merged: Vec<(u32, u32)> = Vec::with_capacity(self.ranges.len());
        for &(a, b) in &self.ranges {
            match merged.last_mut() {
                Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        self.ranges = merged;
    }

    /// Adds every character of `other`.
    pub(crate) fn union(&mut self, other: &Class) {
        self.ascii |= other.ascii;
        for &(lo, hi) in &other.ranges {
            self.add(lo, hi);
        }
    }

    /// Whether `c` is in the set.
    #[inline]
    pub(crate) fn contains(&self, c: char) -> bool {
        let c = c as u32;
        if c < 128 {
            self.ascii & (1 << c) != 0
        } else {
            self.ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi)
        }
    }

    /// The character, when the set holds exactly one.
    pub(crate) fn single(&self) -> Option<char> {
        match (self.ascii.count_ones(), self.ranges.as_slice()) {
            (1, []) => char::from_u32(self.ascii.trailing_zeros()),
            (0, [(lo, hi)]) if lo == hi => char::from_u32(*lo),
            _ => None,
        }
    }

    /// The smallest character of the set, as an example of what it allows.
    pub(crate) fn first(&self) -> Option<char> {
        if self.ascii != 0 {
            return char::from_u32(self.ascii.trailing_zeros());
        }
        self.ranges.first().and_then(|&(lo, _)| char::from_u32(lo))
    }
}

#[cfg(test)]
mod tests {
    use super::Class;

    #[test]
    fn ranges_merge_and_split_at_ascii() {
        let mut c = Class::range('a', 'c');
        c.union(&Class::range('\u{7E}', '\u{A0}'));
        c.union(&Class::range('\u{A1}', '\u{B0}'));
        assert!(c.contains('b') && c.contains('\u{7F}') && c.contains('\u{90}') && c.contains('\u{B0}'));
        assert!(!c.contains('d') && !c.contains('\u{B1}'));
        assert_eq!(c.ranges, [(0x80, 0xB0)]);
        assert_eq!(Class::char('v', true).single(), None);
        assert!(Class::char('v', true).contains('V'));
        assert_eq!(Class::char(']', false).single(), Some(']'));
        assert_eq!(Class::range('\u{E000}', '\u{F8FF}').first(), Some('\u{E000}'));
    }
}

//! The scanner's runs sixteen bytes at a time (the `simd` feature): on x86-64 CPUs with AVX2
//! (checked at run time), and in WebAssembly built with its 128-bit SIMD (`simd128`, which
//! every engine of the npm package's targets runs).
//!
//! A run of a rule's characters (RFC 3987 §2.2: `iuserinfo`, `ireg-name`, `isegment-nz-nc`,
//! `ipath`, `iquery`/`ifragment`) goes on over every byte its class allows outright: the ASCII
//! characters of the class, and the bytes of the non-ASCII characters that are `ucschar`
//! whatever follows their first byte. Every other byte (a delimiter, "%", a byte outside the
//! class, the first byte of a character that must be decoded) ends the run, and the scanner
//! decides there as it does a byte at a time: so both ways give the same runs
//! (`tests` below).
//!
//! Sixteen bytes are classified at once by two table lookups (`pshufb` on x86-64,
//! `i8x16.swizzle` in WebAssembly), one by the low four bits of each byte and one by the high
//! four: a byte is allowed when the two entries share a bit. The last sixteen bytes of the
//! input are read again rather than a shorter block, so inputs shorter than sixteen bytes are
//! scanned a byte at a time. The intrinsics are called safely (pulp on x86-64, the compiled-in
//! target feature in WebAssembly), so the library keeps `#![forbid(unsafe_code)]`.

use super::{lead_is_ucschar, scan_with, Runs, Slot, StartSymbol};
use super::{CLASS_TABLE, IPATH, IQUERY_IFRAGMENT, IREG_NAME, ISEGMENT_NZ_NC, IUSERINFO, SCHEME};

/// The instructions of each target: `Simd`, a proof that the CPU has them, with `new`,
/// `vectorize`, `fast_run` and `ends`; and `SHORTEST`, the shortest input it scans.
#[cfg(target_arch = "x86_64")]
#[path = "wide/x86_64.rs"]
mod arch;
#[cfg(target_arch = "wasm32")]
#[path = "wide/wasm32.rs"]
mod arch;

use arch::Simd;

/// The scanner with its runs read sixteen bytes at a time, when the input has
/// `arch::SHORTEST` bytes or more and the CPU has the instructions; `None` otherwise.
#[inline(always)]
pub(super) fn scan<S: Slot>(input: &str, symbol: StartSymbol, spans: &mut S) -> Option<bool> {
    if input.len() < arch::SHORTEST {
        return None;
    }
    let simd = Simd::new()?;
    Some(simd.vectorize(Scan {
        input,
        symbol,
        spans,
        simd,
    }))
}

/// The runs read sixteen bytes at a time ([`run`]).
#[derive(Clone, Copy)]
pub(super) struct Wide(Simd);

impl Runs for Wide {
    #[inline(always)]
    fn fast_run(self, bytes: &[u8], pos: usize, class: u8) -> usize {
        self.0.fast_run(bytes, pos, class)
    }
}

/// The scan as a value, for `Simd::vectorize` to run in a function compiled for the
/// instructions, into which the whole scanner is inlined (`scan` is `inline(always)`, which a
/// closure cannot be).
struct Scan<'a, 's, S> {
    input: &'a str,
    symbol: StartSymbol,
    spans: &'s mut S,
    simd: Simd,
}

impl<S: Slot> Scan<'_, '_, S> {
    #[inline(always)]
    fn scan(self) -> bool {
        scan_with(self.input, self.symbol, self.spans, Wide(self.simd))
    }
}

/// Whether a run of `class` goes on over byte `b`, wherever it stands in valid UTF-8: an ASCII
/// character of the class, a continuation byte (its character's first byte was allowed), or
/// the first byte of a character that is a `ucschar` whatever follows ([`lead_is_ucschar`]).
/// Every other lead byte ends the run, and the scanner decodes its character; C0, C1 and F5
/// to FF are in no valid UTF-8.
const fn allowed(class: u8, b: u8) -> bool {
    match b {
        0..=0x7F => CLASS_TABLE[b as usize] & class != 0,
        _ if class == SCHEME => false,
        0x80..=0xBF => true,
        _ => lead_is_ucschar(b),
    }
}

/// The two tables of sixteen entries, by low and high four bits, whose entries for a byte
/// share a bit when [`allowed`] (`class`): each distinct set of low halves that some high half
/// allows gets a bit, at most eight (a compile-time error otherwise).
const fn nibble_tables(class: u8) -> [[u8; 16]; 2] {
    let mut sets = [0u16; 8];
    let mut count = 0;
    let mut by_high = [0u8; 16];
    let mut high = 0;
    while high < 16 {
        let mut set = 0u16;
        let mut low = 0;
        while low < 16 {
            if allowed(class, (high * 16 + low) as u8) {
                set |= 1 << low;
            }
            low += 1;
        }
        // Every entry is written, those of high halves that allow nothing with no bit.
        by_high[high] = 0;
        if set != 0 {
            let mut i = 0;
            while i < count && sets[i] != set {
                i += 1;
            }
            if i == count {
                assert!(count < 8, "more than eight sets of low halves");
                sets[count] = set;
                count += 1;
            }
            by_high[high] = 1 << i;
        }
        high += 1;
    }
    // Every set, the unused ones empty.
    let mut by_low = [0u8; 16];
    let mut i = 0;
    while i < 8 {
        let mut low = 0;
        while low < 16 {
            if sets[i] & (1 << low) != 0 {
                by_low[low] |= 1 << i;
            }
            low += 1;
        }
        i += 1;
    }
    [by_low, by_high]
}

/// The tables of each class, by the class's bit (`class.trailing_zeros()`).
const TABLES: [[[u8; 16]; 2]; 6] = [
    nibble_tables(IUSERINFO),
    nibble_tables(IREG_NAME),
    nibble_tables(ISEGMENT_NZ_NC),
    nibble_tables(IPATH),
    nibble_tables(IQUERY_IFRAGMENT),
    nibble_tables(SCHEME),
];

/// The end of the run of bytes [`allowed`] in `class` from `pos`, in `bytes` of at least
/// sixteen.
#[inline(always)]
fn run(simd: Simd, bytes: &[u8], mut pos: usize, class: u8) -> usize {
    let len = bytes.len();
    let tables = TABLES[class.trailing_zeros() as usize];
    while pos + 16 <= len {
        let found = simd.ends(&bytes[pos..pos + 16], tables);
        if found != 0 {
            return pos + found.trailing_zeros() as usize;
        }
        pos += 16;
    }
    // The last sixteen bytes, of which those before `pos` do not count.
    let last = len - 16;
    let found = simd.ends(&bytes[last..], tables) >> (pos - last);
    if found != 0 {
        pos + found.trailing_zeros() as usize
    } else {
        len
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Bytewise, NoSpans, Scanner};
    use super::*;
    use crate::chars::is_ucschar;
    use crate::components::Spans;

    const CLASSES: [u8; 6] = [
        IUSERINFO,
        IREG_NAME,
        ISEGMENT_NZ_NC,
        IPATH,
        IQUERY_IFRAGMENT,
        SCHEME,
    ];

    /// The tables say what `allowed` says, for every byte and class.
    #[test]
    fn tables_are_allowed() {
        for class in CLASSES {
            let [by_low, by_high] = TABLES[class.trailing_zeros() as usize];
            for b in 0..=255u8 {
                let shared = by_low[(b & 15) as usize] & by_high[(b >> 4) as usize] != 0;
                assert_eq!(shared, allowed(class, b), "class {class}, byte {b:#04x}");
            }
        }
    }

    /// A character whose bytes are all allowed is a `ucschar` (RFC 3987 §2.2, less the §4.1
    /// bidi formatting characters): every character, for the classes that take `ucschar`; for
    /// the scheme's, none.
    #[test]
    fn allowed_characters_are_ucschar() {
        let mut passed = 0;
        for c in '\u{80}'..=char::MAX {
            let mut buf = [0; 4];
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            if bytes.iter().all(|&b| allowed(IPATH, b)) {
                assert!(is_ucschar(c), "{c:?}");
                passed += 1;
            }
            assert!(!bytes.iter().all(|&b| allowed(SCHEME, b)), "{c:?}");
        }
        // U+00C0 to U+07FF and U+0800 to U+D7FF less U+2000 to U+2FFF.
        assert_eq!(passed, (0x800 - 0xC0) + (0xD800 - 0x800) - 0x1000);
    }

    /// Strings of the characters the runs decide on: every delimiter, "%" triplets, characters
    /// at the edges of the first bytes [`allowed`] takes or leaves, and letters, in runs long
    /// enough to fill blocks, split across blocks and end in the last one.
    fn soup(seed: u64, count: usize) -> Vec<String> {
        let pieces = [
            ":",
            "/",
            "?",
            "#",
            "[",
            "]",
            "@",
            "%",
            "%41",
            "%4",
            " ",
            "\"",
            "<",
            ">",
            "^",
            "`",
            "{",
            "|",
            "}",
            "\u{7f}",
            "\t",
            "a",
            "Z",
            "0",
            "9",
            "-",
            ".",
            "_",
            "~",
            "!",
            "$",
            "&",
            "'",
            "(",
            "*",
            "+",
            ",",
            ";",
            "=",
            "//",
            "s:",
            "http://",
            "1.2.3.4",
            "[::1]",
            "[v1.x]",
            "abcdefghijklmnop",
            "\u{80}",
            "\u{9F}",
            "\u{A0}",
            "\u{BF}",
            "\u{C0}",
            "\u{7FF}",
            "\u{800}",
            "\u{FFF}",
            "\u{1FFF}",
            "\u{2000}",
            "\u{200E}",
            "\u{202A}",
            "\u{2FFF}",
            "\u{3000}",
            "\u{D7FF}",
            "\u{E000}",
            "\u{F8FF}",
            "\u{F900}",
            "\u{FDD0}",
            "\u{FFEF}",
            "\u{FFFE}",
            "\u{10000}",
            "\u{1FFFE}",
            "\u{E1000}",
            "\u{F0000}",
            "\u{10FFFD}",
            "é",
            "日本語",
            "ру",
        ];
        let mut state = seed;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        (0..count)
            .map(|_| (0..next(40)).map(|_| pieces[next(pieces.len())]).collect())
            .collect()
    }

    /// A run sixteen bytes at a time goes on over the characters that are `ucschar` whatever
    /// follows their first byte, to the end of an input of sixteen bytes or more, where a run a
    /// byte at a time stops at once.
    #[test]
    fn wide_runs_pass_ucschar() {
        let Some(simd) = Simd::new() else {
            eprintln!("no AVX2 here: the wide runs are not tested");
            return;
        };
        for len in 16..48 {
            let (ascii, accented) = ("a".repeat(len), "é".repeat(len / 2));
            for class in &CLASSES[..5] {
                let bytes = accented.as_bytes();
                assert_eq!(Wide(simd).fast_run(bytes, 0, *class), bytes.len(), "{accented:?}");
                assert_eq!(Bytewise.fast_run(bytes, 0, *class), 0, "{accented:?}");
                assert_eq!(Wide(simd).fast_run(ascii.as_bytes(), 0, *class), len);
            }
        }
    }

    fn scanner<R: Runs>(input: &str, runs: R) -> Scanner<'_, NoSpans, R> {
        let slot = std::marker::PhantomData;
        Scanner { input, runs, slot }
    }

    /// The runs read sixteen bytes at a time end where those read a byte at a time end, from
    /// every character of every generated string, for every class; and the whole scans agree,
    /// spans and verdict, for every start symbol.
    #[test]
    fn wide_runs_are_bytewise_runs() {
        let Some(simd) = Simd::new() else {
            eprintln!("no AVX2 here: the wide runs are not tested");
            return;
        };
        let symbols = [
            StartSymbol::IriReference,
            StartSymbol::Iri,
            StartSymbol::AbsoluteIri,
            StartSymbol::IrelativeRef,
        ];
        let mut compared = 0;
        for input in soup(0x9E37_79B9_7F4A_7C15, 20_000) {
            if input.len() >= 16 {
                let (bytewise, wide) = (scanner(&input, Bytewise), scanner(&input, Wide(simd)));
                for (pos, _) in input.char_indices() {
                    for class in &CLASSES[..5] {
                        for iprivate in [false, true] {
                            let expected = bytewise.run(pos, *class, iprivate);
                            assert_eq!(
                                wide.run(pos, *class, iprivate),
                                expected,
                                "{input:?} {pos} {class}"
                            );
                        }
                    }
                }
                for symbol in symbols {
                    let (mut a, mut b) = (Spans::empty(), Spans::empty());
                    let by_bytes = scan_with(&input, symbol, &mut a, Bytewise);
                    let by_blocks = scan_with(&input, symbol, &mut b, Wide(simd));
                    assert_eq!((by_blocks, b), (by_bytes, a), "{input:?} as {symbol:?}");
                    // And the scanner takes the wide runs for it.
                    assert_eq!(scan(&input, symbol, &mut NoSpans), Some(by_bytes), "{input:?}");
                }
                compared += 1;
            }
        }
        assert!(compared > 10_000, "{compared} strings of sixteen bytes or more");
    }
}

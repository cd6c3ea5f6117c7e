//! The wide runs in WebAssembly: `i8x16.swizzle` of the 128-bit SIMD proposal (`simd128`),
//! which the module is compiled with (`-C target-feature=+simd128`, js/build.sh): an engine
//! without it refuses the whole module, so there is nothing to check at run time.

use core::arch::wasm32::{
    u64x2, u8x16_bitmask, u8x16_eq, u8x16_shr, u8x16_splat, u8x16_swizzle, v128, v128_and,
};

use super::{run, Scan, Slot};
use crate::scan::ascii_run;

/// Every input is scanned with the wide runs, which read an input shorter than sixteen bytes
/// a byte at a time (`fast_run`): one scanner in the module, not two (its size counts).
pub(super) const SHORTEST: usize = 0;

/// The module has `simd128` (compiled in).
#[derive(Clone, Copy)]
pub(super) struct Simd;

/// Sixteen bytes as one vector, little-endian as `v128.load` reads them.
#[inline(always)]
fn vector(bytes: &[u8]) -> v128 {
    let (low, high) = bytes.split_at(8);
    let half = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
    u64x2(half(low), half(high))
}

impl Simd {
    /// The instructions: always, in a module compiled with them.
    #[inline(always)]
    pub(super) fn new() -> Option<Self> {
        Some(Simd)
    }

    /// The end of the run of `class` from `pos` in `bytes`: sixteen bytes at a time, or a byte
    /// at a time in an input shorter than sixteen.
    #[inline(always)]
    pub(super) fn fast_run(self, bytes: &[u8], pos: usize, class: u8) -> usize {
        if bytes.len() < 16 {
            return ascii_run(bytes, pos, class);
        }
        run(self, bytes, pos, class)
    }

    /// Runs `scan` (the whole module is compiled for `simd128`).
    #[inline(always)]
    pub(super) fn vectorize<S: Slot>(self, scan: Scan<'_, '_, S>) -> bool {
        scan.scan()
    }

    /// The bytes of `block` (sixteen) whose entries in the two `tables` (by low and by high
    /// four bits) share no bit, as the bits of a mask.
    #[inline(always)]
    pub(super) fn ends(self, block: &[u8], tables: [[u8; 16]; 2]) -> u32 {
        let [by_low, by_high] = tables;
        let v = vector(block);
        let low = v128_and(v, u8x16_splat(0x0F));
        let high = u8x16_shr(v, 4);
        let shared = v128_and(
            u8x16_swizzle(vector(&by_low), low),
            u8x16_swizzle(vector(&by_high), high),
        );
        u32::from(u8x16_bitmask(u8x16_eq(shared, u8x16_splat(0))))
    }
}

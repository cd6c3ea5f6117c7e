//! The wide runs on x86-64: SSSE3's `pshufb` in a function compiled for AVX2 (x86-64-v3), which
//! pulp checks for once at run time and whose intrinsics it wraps safely.

use pulp::bytemuck;
use pulp::x86::V3;
use std::arch::x86_64::__m128i;

use super::{run, Scan, Slot};

/// The shortest input scanned sixteen bytes at a time: shorter ones are scanned a byte at a
/// time by the scanner kept out of line (`scan_bytewise`), so that a run needs no check of
/// the input's length.
pub(super) const SHORTEST: usize = 16;

/// Proof that the CPU has AVX2 (pulp's `V3`).
#[derive(Clone, Copy)]
pub(super) struct Simd(V3);

impl Simd {
    /// The instructions, if this CPU has them.
    #[inline(always)]
    pub(super) fn new() -> Option<Self> {
        V3::try_new().map(Simd)
    }

    /// The end of the run of `class` from `pos` in `bytes`, which has sixteen bytes or more.
    #[inline(always)]
    pub(super) fn fast_run(self, bytes: &[u8], pos: usize, class: u8) -> usize {
        run(self, bytes, pos, class)
    }

    /// Runs `scan` in a function compiled for AVX2.
    #[inline(always)]
    pub(super) fn vectorize<S: Slot>(self, scan: Scan<'_, '_, S>) -> bool {
        self.0.vectorize(scan)
    }

    /// The bytes of `block` (sixteen) whose entries in the two `tables` (by low and by high
    /// four bits) share no bit, as the bits of a mask.
    #[inline(always)]
    pub(super) fn ends(self, block: &[u8], tables: [[u8; 16]; 2]) -> u32 {
        let (sse2, ssse3) = (self.0.sse2, self.0.ssse3);
        let [by_low, by_high] = tables;
        let bytes: [u8; 16] = block.try_into().expect("sixteen bytes");
        let v: __m128i = bytemuck::cast(bytes);
        let four_bits = sse2._mm_set1_epi8(0x0F);
        let low = sse2._mm_and_si128(v, four_bits);
        let high = sse2._mm_and_si128(sse2._mm_srli_epi16::<4>(v), four_bits);
        let by_low = ssse3._mm_shuffle_epi8(bytemuck::cast(by_low), low);
        let by_high = ssse3._mm_shuffle_epi8(bytemuck::cast(by_high), high);
        let shared = sse2._mm_and_si128(by_low, by_high);
        let none = sse2._mm_cmpeq_epi8(shared, sse2._mm_setzero_si128());
        sse2._mm_movemask_epi8(none) as u32
    }
}

impl<S: Slot> pulp::NullaryFnOnce for Scan<'_, '_, S> {
    type Output = bool;
    #[inline(always)]
    fn call(self) -> bool {
        self.scan()
    }
}

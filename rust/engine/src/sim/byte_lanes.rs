//! One distance vector as sixteen byte lanes, with the few whole-vector operations the capped programme
//! ([`super::capped_suit`]) repeats hundreds of times per suit: SSE2 on x86_64 (part of its baseline, so no
//! detection), plain byte loops elsewhere. Written out because the compiler leaves the byte-array forms of
//! these operations scalar.

use crate::shanten::Distances;

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Sixteen unsigned bytes, entry `pair * 8 + sets` as in [`Distances`].
#[derive(Clone, Copy, Debug)]
pub struct ByteLanes(
    #[cfg(target_arch = "x86_64")] __m128i,
    #[cfg(not(target_arch = "x86_64"))] Distances,
);

impl ByteLanes {
    pub fn new(bytes: Distances) -> ByteLanes {
        ByteLanes::from_bits(u128::from_le_bytes(bytes))
    }

    pub fn splat(byte: u8) -> ByteLanes {
        ByteLanes::new([byte; 16])
    }

    pub fn bytes(self) -> Distances {
        self.bits().to_le_bytes()
    }

    /// Lane `i` moved to lane `i + LANES` (lanes pushed past the top drop out, the bottom fills with zeros),
    /// then or-ed with `fill`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn shifted_up<const LANES: i32>(self, fill: ByteLanes) -> ByteLanes {
        // SAFETY (here and below): SSE2 is part of the x86_64 baseline, always present.
        unsafe { ByteLanes(_mm_or_si128(_mm_slli_si128::<LANES>(self.0), fill.0)) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn shifted_up<const LANES: i32>(self, fill: ByteLanes) -> ByteLanes {
        ByteLanes::from_bits((self.bits() << (8 * LANES)) | fill.bits())
    }

    /// Each lane plus `amount`, saturating at 255.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn plus(self, amount: u8) -> ByteLanes {
        unsafe { ByteLanes(_mm_adds_epu8(self.0, _mm_set1_epi8(amount as i8))) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn plus(self, amount: u8) -> ByteLanes {
        ByteLanes(self.0.map(|lane| lane.saturating_add(amount)))
    }

    /// The lane-wise minimum.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn min(self, other: ByteLanes) -> ByteLanes {
        unsafe { ByteLanes(_mm_min_epu8(self.0, other.0)) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn min(self, other: ByteLanes) -> ByteLanes {
        ByteLanes(std::array::from_fn(|i| self.0[i].min(other.0[i])))
    }

    /// Whether every lane is at least `floor`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn all_at_least(self, floor: u8) -> bool {
        unsafe {
            let floor = _mm_set1_epi8(floor as i8);
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(self.0, floor), self.0)) == 0xFFFF
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn all_at_least(self, floor: u8) -> bool {
        self.0.iter().all(|&lane| lane >= floor)
    }

    #[inline(always)]
    fn bits(self) -> u128 {
        #[cfg(target_arch = "x86_64")]
        unsafe {
            let low = _mm_cvtsi128_si64(self.0) as u64;
            let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) as u64;
            u128::from(low) | u128::from(high) << 64
        }
        #[cfg(not(target_arch = "x86_64"))]
        u128::from_le_bytes(self.0)
    }

    #[inline(always)]
    fn from_bits(bits: u128) -> ByteLanes {
        #[cfg(target_arch = "x86_64")]
        unsafe {
            ByteLanes(_mm_set_epi64x((bits >> 64) as i64, bits as i64))
        }
        #[cfg(not(target_arch = "x86_64"))]
        ByteLanes(bits.to_le_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(seed: u8) -> Distances {
        std::array::from_fn(|i| seed.wrapping_mul(37).wrapping_add(i as u8 * 29))
    }

    #[test]
    fn operations_match_their_byte_definitions() {
        for seed in 0..=255u8 {
            let a = sample(seed);
            let b = sample(seed.wrapping_add(101));
            assert_eq!(ByteLanes::new(a).bytes(), a);
            let amount = seed / 3;
            assert_eq!(
                ByteLanes::new(a).plus(amount).bytes(),
                a.map(|x| x.saturating_add(amount))
            );
            let min: Distances = std::array::from_fn(|i| a[i].min(b[i]));
            assert_eq!(ByteLanes::new(a).min(ByteLanes::new(b)).bytes(), min);
            let floor = seed / 2;
            assert_eq!(
                ByteLanes::new(a).all_at_least(floor),
                a.iter().all(|&x| x >= floor)
            );
            let fill = ByteLanes::new(b);
            let shifted: Distances =
                std::array::from_fn(|i| if i >= 3 { a[i - 3] } else { 0 } | b[i]);
            assert_eq!(ByteLanes::new(a).shifted_up::<3>(fill).bytes(), shifted);
        }
    }
}

//! One distance vector as sixteen byte lanes, with the few whole-vector operations the efficiency bot repeats
//! hundreds of times per decision (the capped programme's relaxations, a hand's completion from two suit
//! vectors): SSE2 on x86_64 (part of its baseline, so no detection), plain byte loops elsewhere. Written out
//! because the compiler leaves the byte-array forms of these operations scalar.

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

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn load(bytes: &Distances) -> ByteLanes {
        // SAFETY: an unaligned load of the sixteen bytes `bytes` points to; SSE2 is in the x86_64 baseline.
        unsafe { ByteLanes(_mm_loadu_si128(bytes.as_ptr().cast())) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn load(bytes: &Distances) -> ByteLanes {
        ByteLanes(*bytes)
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

    /// Lane-wise sum, saturating at 255.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn plus_lanes(self, other: ByteLanes) -> ByteLanes {
        unsafe { ByteLanes(_mm_adds_epu8(self.0, other.0)) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn plus_lanes(self, other: ByteLanes) -> ByteLanes {
        ByteLanes(std::array::from_fn(|i| {
            self.0[i].saturating_add(other.0[i])
        }))
    }

    /// Lane-wise difference, zero where `other` is larger.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn minus_lanes(self, other: ByteLanes) -> ByteLanes {
        unsafe { ByteLanes(_mm_subs_epu8(self.0, other.0)) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn minus_lanes(self, other: ByteLanes) -> ByteLanes {
        ByteLanes(std::array::from_fn(|i| {
            self.0[i].saturating_sub(other.0[i])
        }))
    }

    /// Whether some lane is below the same lane of `limits`.
    #[inline(always)]
    pub fn any_below(self, limits: ByteLanes) -> bool {
        !limits.minus_lanes(self).all_at_most(0)
    }

    /// The least lane.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn least(self) -> u8 {
        unsafe {
            let mut v = _mm_min_epu8(self.0, _mm_srli_si128::<8>(self.0));
            v = _mm_min_epu8(v, _mm_srli_si128::<4>(v));
            v = _mm_min_epu8(v, _mm_srli_si128::<2>(v));
            v = _mm_min_epu8(v, _mm_srli_si128::<1>(v));
            _mm_cvtsi128_si32(v) as u8
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn least(self) -> u8 {
        self.0.iter().copied().fold(u8::MAX, u8::min)
    }

    /// Whether every lane is at most `ceiling`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn all_at_most(self, ceiling: u8) -> bool {
        unsafe {
            let ceiling = _mm_set1_epi8(ceiling as i8);
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(self.0, ceiling), self.0)) == 0xFFFF
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn all_at_most(self, ceiling: u8) -> bool {
        self.0.iter().all(|&lane| lane <= ceiling)
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

    /// The lane-wise maximum.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn max(self, other: ByteLanes) -> ByteLanes {
        unsafe { ByteLanes(_mm_max_epu8(self.0, other.0)) }
    }

    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    pub fn max(self, other: ByteLanes) -> ByteLanes {
        ByteLanes(std::array::from_fn(|i| self.0[i].max(other.0[i])))
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
        std::array::from_fn(|i| {
            seed.wrapping_mul(37)
                .wrapping_add((i as u8).wrapping_mul(29))
        })
    }

    #[test]
    fn operations_match_their_byte_definitions() {
        for seed in 0..=255u8 {
            let a = sample(seed);
            let b = sample(seed.wrapping_add(101));
            assert_eq!(ByteLanes::new(a).bytes(), a);
            assert_eq!(ByteLanes::load(&a).bytes(), a);
            let (lanes_a, lanes_b) = (ByteLanes::new(a), ByteLanes::new(b));
            let sum: Distances = std::array::from_fn(|i| a[i].saturating_add(b[i]));
            assert_eq!(lanes_a.plus_lanes(lanes_b).bytes(), sum);
            let difference: Distances = std::array::from_fn(|i| a[i].saturating_sub(b[i]));
            assert_eq!(lanes_a.minus_lanes(lanes_b).bytes(), difference);
            assert_eq!(lanes_a.any_below(lanes_b), (0..16).any(|i| a[i] < b[i]));
            assert_eq!(lanes_a.least(), *a.iter().min().unwrap());
            assert_eq!(lanes_a.all_at_most(seed), a.iter().all(|&x| x <= seed));
            let amount = seed / 3;
            assert_eq!(
                ByteLanes::new(a).plus(amount).bytes(),
                a.map(|x| x.saturating_add(amount))
            );
            let min: Distances = std::array::from_fn(|i| a[i].min(b[i]));
            assert_eq!(ByteLanes::new(a).min(ByteLanes::new(b)).bytes(), min);
            let max: Distances = std::array::from_fn(|i| a[i].max(b[i]));
            assert_eq!(ByteLanes::new(a).max(ByteLanes::new(b)).bytes(), max);
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

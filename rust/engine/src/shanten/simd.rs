//! The four-suit combine of [`super::distances::hand_distance_scalar`] with AVX2 byte shuffles: both min-plus
//! products (man ⊗ pin in the low 128-bit lane, sou ⊗ honours in the high one) are computed at once, every
//! (sets, pair) entry in parallel, then the two halves meet in one reversed add and a horizontal minimum.
//! Also the byte compares that build [`KindMasks`] and decide the complete whole-hand forms, the byte sums of
//! [`PairCounts`], and the suit keys of a row by byte multiply-adds. The functions carry no `#[target_feature]`
//! of their own: they are always inlined into a function compiled for AVX2 (see [`super::kernels`]), where the
//! intrinsics inline in turn; the scalar code is the fallback and the reference.

#![cfg(target_arch = "x86_64")]

use std::arch::x86_64::*;

use super::distances::{slot, Distances, INF};
use super::kind_masks::{KindMasks, PairCounts, ORPHANS};
use crate::suit_key::SuitKeys;
use crate::tile::{Counts, COPIES, NUM_KINDS};

/// Padding slot of every vector, always [`INF`]: shuffles read it for "no such entry".
const PAD: u8 = 6;

/// Index vectors for `_mm256_shuffle_epi8` (same in both lanes): entry `sets` (0..=5) of each table.
struct Shuffles {
    /// `b[pair, sets - k]` into `(sets, pair)`: the other factor shifted by `k` within each pair half.
    shift: [[u8; 32]; 6],
    /// `b[0, sets - k]` into `(sets, 1)`, nothing into the pairless half: the pair comes from the first factor.
    shift_into_pair: [[u8; 32]; 6],
    /// For a total of `s` sets, `cd[1 - pair, s - sets]` into `(sets, pair)`, lining up the second product
    /// against the first.
    reverse: [[u8; 16]; 6],
}

const SHUFFLES: Shuffles = shuffles();

const fn shuffles() -> Shuffles {
    let mut table = Shuffles {
        shift: [[PAD; 32]; 6],
        shift_into_pair: [[PAD; 32]; 6],
        reverse: [[PAD; 16]; 6],
    };
    let mut k = 0;
    while k < 6 {
        let mut i = 0;
        while i < 32 {
            let within = i % 16;
            let (pair, sets) = (within / 8, within % 8);
            if sets >= k && sets < 6 {
                table.shift[k][i] = slot(sets - k, pair) as u8;
                if pair == 1 {
                    table.shift_into_pair[k][i] = slot(sets - k, 0) as u8;
                }
            }
            i += 1;
        }
        let total = k;
        let mut i = 0;
        while i < 16 {
            let (pair, sets) = (i / 8, i % 8);
            if sets <= total {
                table.reverse[total][i] = slot(total - sets, 1 - pair) as u8;
            }
            i += 1;
        }
        k += 1;
    }
    table
}

/// Padding slots of both lanes, to force them back to [`INF`] after a product.
const PADDING_INF: [u8; 32] = {
    let mut mask = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        if i % 8 >= PAD as usize {
            mask[i] = INF;
        }
        i += 1;
    }
    mask
};

/// See the module documentation. `sets` must be at most 5.
///
/// # Safety
/// The CPU must support AVX2; call it from code compiled for AVX2 so that the intrinsics inline.
#[inline(always)]
pub unsafe fn hand_distance_avx2(parts: [&Distances; 4], sets: usize) -> u8 {
    // One build per set count, so that the loop below unrolls with constant shuffles.
    match sets {
        0 => unsafe { hand_distance_for::<0>(parts) },
        1 => unsafe { hand_distance_for::<1>(parts) },
        2 => unsafe { hand_distance_for::<2>(parts) },
        3 => unsafe { hand_distance_for::<3>(parts) },
        4 => unsafe { hand_distance_for::<4>(parts) },
        _ => unsafe { hand_distance_for::<5>(parts) },
    }
}

#[inline(always)]
unsafe fn hand_distance_for<const SETS: usize>(parts: [&Distances; 4]) -> u8 {
    let load = |d: &Distances| unsafe { _mm_loadu_si128(d.as_ptr().cast()) };
    let load32 = |t: &[u8; 32]| unsafe { _mm256_loadu_si256(t.as_ptr().cast()) };
    let [a, b, c, d] = parts;
    let products = unsafe { products_of::<SETS>([a, c], [b, d]) };
    let products = _mm256_max_epu8(products, load32(&PADDING_INF));
    let ab = _mm256_castsi256_si128(products);
    let cd = _mm256_extracti128_si256::<1>(products);
    let reversed = _mm_shuffle_epi8(cd, load(&SHUFFLES.reverse[SETS]));
    let mut best = _mm_adds_epu8(ab, reversed);
    best = _mm_min_epu8(best, _mm_srli_si128::<8>(best));
    best = _mm_min_epu8(best, _mm_srli_si128::<4>(best));
    best = _mm_min_epu8(best, _mm_srli_si128::<2>(best));
    best = _mm_min_epu8(best, _mm_srli_si128::<1>(best));
    (_mm_cvtsi128_si32(best) as u8).min(INF)
}

/// `firsts[0] ⊗ seconds[0]` in the low 128-bit lane and `firsts[1] ⊗ seconds[1]` in the high one, every
/// (sets, pair) entry up to `SETS` sets at once; entries above `SETS` and the padding are left unspecified,
/// and sums are saturated, not capped at [`INF`].
#[inline(always)]
unsafe fn products_of<const SETS: usize>(
    firsts: [&Distances; 2],
    seconds: [&Distances; 2],
) -> __m256i {
    let load = |d: &Distances| unsafe { _mm_loadu_si128(d.as_ptr().cast()) };
    let load32 = |t: &[u8; 32]| unsafe { _mm256_loadu_si256(t.as_ptr().cast()) };
    let first = _mm256_set_m128i(load(firsts[1]), load(firsts[0]));
    let second = _mm256_set_m128i(load(seconds[1]), load(seconds[0]));
    let mut products = _mm256_set1_epi8(INF as i8);
    for k in 0..=SETS {
        let first_pairless = _mm256_shuffle_epi8(first, _mm256_set1_epi8(slot(k, 0) as i8));
        let first_paired = _mm256_shuffle_epi8(first, _mm256_set1_epi8(slot(k, 1) as i8));
        let second_shifted = _mm256_shuffle_epi8(second, load32(&SHUFFLES.shift[k]));
        let second_into_pair = _mm256_shuffle_epi8(second, load32(&SHUFFLES.shift_into_pair[k]));
        products = _mm256_min_epu8(products, _mm256_adds_epu8(first_pairless, second_shifted));
        products = _mm256_min_epu8(products, _mm256_adds_epu8(first_paired, second_into_pair));
    }
    products
}

/// Two [`convolve`](super::distances::convolve)s of `SETS` sets at once, equal to the scalar ones entry for
/// entry: capped at [`INF`], unreachable above `SETS` sets.
///
/// # Safety
/// As for [`hand_distance_avx2`].
#[inline(always)]
pub unsafe fn convolve_two_avx2<const SETS: usize>(
    firsts: [&Distances; 2],
    seconds: [&Distances; 2],
) -> [Distances; 2] {
    let products = unsafe { products_of::<SETS>(firsts, seconds) };
    let above: [u8; 16] = std::array::from_fn(|i| if i % 8 > SETS { INF } else { 0 });
    let above = unsafe { _mm_loadu_si128(above.as_ptr().cast()) };
    let capped = _mm256_min_epu8(
        _mm256_max_epu8(products, _mm256_set_m128i(above, above)),
        _mm256_set1_epi8(INF as i8),
    );
    let mut out = [[0u8; 16]; 2];
    // SAFETY: two 16-byte stores into the two arrays of `out`.
    unsafe {
        _mm_storeu_si128(out[0].as_mut_ptr().cast(), _mm256_castsi256_si128(capped));
        _mm_storeu_si128(
            out[1].as_mut_ptr().cast(),
            _mm256_extracti128_si256::<1>(capped),
        );
    }
    out
}

/// [`KindMasks::of_scalar`] with byte compares: kinds 0..32 from one 32-byte load and kinds 2..34 from another,
/// the two bit sets overlapping where they agree.
///
/// # Safety
/// As for [`hand_distance_avx2`].
#[inline(always)]
pub unsafe fn kind_masks_avx2(counts: &Counts) -> KindMasks {
    const LANES: usize = 32;
    const SHIFT: usize = NUM_KINDS - LANES;
    // SAFETY: counts has 34 bytes, so bytes 0..32 and 2..34 are in bounds.
    let (low, high) = unsafe {
        (
            _mm256_loadu_si256(counts.as_ptr().cast()),
            _mm256_loadu_si256(counts.as_ptr().add(SHIFT).cast()),
        )
    };
    let at_least = |n: i8| {
        let bound = _mm256_set1_epi8(n - 1);
        let low_bits = _mm256_movemask_epi8(_mm256_cmpgt_epi8(low, bound)) as u32 as u64;
        let high_bits = _mm256_movemask_epi8(_mm256_cmpgt_epi8(high, bound)) as u32 as u64;
        low_bits | high_bits << SHIFT
    };
    KindMasks {
        held: at_least(1),
        pairs: at_least(2),
        triples: at_least(3),
        quads: at_least(4),
    }
}

/// 0xFF at the terminals and honours among kinds `first..first + 32` (the bytes of a load at `first`).
const fn orphan_bytes(first: usize) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        if ORPHANS >> (first + i) & 1 == 1 {
            bytes[i] = u8::MAX;
        }
        i += 1;
    }
    bytes
}

/// [`orphan_bytes`] of the load at kind 0.
const ORPHAN_BYTES: [u8; 32] = orphan_bytes(0);
/// [`orphan_bytes`] of the load at kind 2.
const SHIFTED_ORPHAN_BYTES: [u8; 32] = orphan_bytes(NUM_KINDS - 32);
/// Kinds 32 and 33 in the load at kind 2.
const LAST_TWO_KINDS: [u8; 32] = {
    let mut bytes = [0u8; 32];
    bytes[30] = u8::MAX;
    bytes[31] = u8::MAX;
    bytes
};

/// Whether a 14-tile hand is seven pairs (`quads`: four identical tiles as two pairs) or thirteen orphans,
/// as `forms` selects: every count even (and none four without `quads`); or no tile outside the orphans and
/// every orphan held (the fourteenth tile is then the pair). Byte compares over the two loads of the row.
///
/// # Safety
/// As for [`hand_distance_avx2`].
#[inline(always)]
pub unsafe fn pairs_or_orphans_complete_avx2(
    counts: &Counts,
    seven_pairs: bool,
    orphans: bool,
    quads: bool,
) -> bool {
    const SHIFT: usize = NUM_KINDS - 32;
    let load32 = |t: &[u8; 32]| unsafe { _mm256_loadu_si256(t.as_ptr().cast()) };
    // SAFETY: counts has 34 bytes, so bytes 0..32 and 2..34 are in bounds.
    let (low, high) = unsafe {
        (
            _mm256_loadu_si256(counts.as_ptr().cast()),
            _mm256_loadu_si256(counts.as_ptr().add(SHIFT).cast()),
        )
    };
    let mut complete = false;
    if seven_pairs {
        // Bit 0 of some count set: an odd count; bit 2: a count of four.
        let refused = _mm256_set1_epi8(if quads { 1 } else { 1 | 4 });
        complete |= _mm256_testz_si256(_mm256_or_si256(low, high), refused) == 1;
    }
    if orphans {
        let zero = _mm256_setzero_si256();
        let strays = _mm256_or_si256(
            _mm256_andnot_si256(load32(&ORPHAN_BYTES), low),
            _mm256_andnot_si256(load32(&SHIFTED_ORPHAN_BYTES), high),
        );
        let missing = _mm256_or_si256(
            _mm256_and_si256(_mm256_cmpeq_epi8(low, zero), load32(&ORPHAN_BYTES)),
            _mm256_and_si256(_mm256_cmpeq_epi8(high, zero), load32(&LAST_TWO_KINDS)),
        );
        let either = _mm256_or_si256(strays, missing);
        complete |= _mm256_testz_si256(either, either) == 1;
    }
    complete
}

/// Per-count bytes for [`pair_counts_avx2`], looked up with `pshufb` (counts 0..=4; same in both lanes).
struct PairBytes {
    /// `pairs + 16 · halves` of a kind held `c` times, four identical tiles making two pairs.
    quads: [u8; 32],
    /// The same when the seven pairs must be of distinct kinds.
    distinct: [u8; 32],
    /// `held + 16 · twice`, for the terminals and honours.
    orphans: [u8; 32],
}

const PAIR_BYTES: PairBytes = {
    let mut bytes = PairBytes {
        quads: [0; 32],
        distinct: [0; 32],
        orphans: [0; 32],
    };
    let mut i = 0;
    while i < 32 {
        let c = (i % 16) as u8;
        if c <= COPIES {
            bytes.quads[i] = c / 2 + 16 * (c % 2);
            bytes.distinct[i] = (c >= 2) as u8 + 16 * (c == 1) as u8;
            bytes.orphans[i] = (c >= 1) as u8 + 16 * (c >= 2) as u8;
        }
        i += 1;
    }
    bytes
};

/// [`PairCounts`] by byte sums: each kind's count is mapped (one `pshufb`) to a byte packing its pairs and
/// halves, and another packing whether it is held once and twice (kept for orphans only); `psadbw` sums each
/// packing. A hand of at most 14 tiles has at most 7 pairs, 14 halves, 13 orphans and 7 orphan pairs, so no
/// field overflows into the next. Kinds 0..32 come from one load, kinds 32 and 33 (both honours) from
/// another, added into the bytes of kinds 0 and 1.
///
/// # Safety
/// As for [`hand_distance_avx2`].
#[inline(always)]
pub unsafe fn pair_counts_avx2(counts: &Counts, quads: bool) -> PairCounts {
    const SHIFT: usize = NUM_KINDS - 32;
    let load32 = |t: &[u8; 32]| unsafe { _mm256_loadu_si256(t.as_ptr().cast()) };
    // SAFETY: counts has 34 bytes, so bytes 0..32 and 2..34 are in bounds.
    let (low, shifted) = unsafe {
        (
            _mm256_loadu_si256(counts.as_ptr().cast()),
            _mm256_loadu_si256(counts.as_ptr().add(SHIFT).cast()),
        )
    };
    // Kinds 32 and 33 are the last two bytes of the shifted load; keep only them.
    let tail = _mm256_srli_si256::<14>(_mm256_permute2x128_si256::<0x81>(shifted, shifted));
    let pair_table = load32(if quads {
        &PAIR_BYTES.quads
    } else {
        &PAIR_BYTES.distinct
    });
    let orphan_table = load32(&PAIR_BYTES.orphans);
    let pairs = _mm256_add_epi8(
        _mm256_shuffle_epi8(pair_table, low),
        _mm256_shuffle_epi8(pair_table, tail),
    );
    let orphans = _mm256_add_epi8(
        _mm256_and_si256(
            _mm256_shuffle_epi8(orphan_table, low),
            load32(&ORPHAN_BYTES),
        ),
        _mm256_shuffle_epi8(orphan_table, tail),
    );
    let zero = _mm256_setzero_si256();
    let sums = _mm256_or_si256(
        _mm256_sad_epu8(pairs, zero),
        _mm256_slli_epi64::<16>(_mm256_sad_epu8(orphans, zero)),
    );
    let sums = _mm_add_epi64(
        _mm256_castsi256_si128(sums),
        _mm256_extracti128_si256::<1>(sums),
    );
    let total = _mm_cvtsi128_si64(_mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums))) as u32;
    let field = |shift: u32| (total >> shift & 0xF) as u8;
    PairCounts {
        pairs: field(0),
        halves: (total >> 4 & 0xFF) as u8,
        orphans: field(16),
        orphan_pairs: (total >> 20 & 0xFF) as u8,
    }
}

/// Marks a shuffle slot that reads as zero.
const ZERO: u8 = 0x80;

/// For `_mm256_shuffle_epi8` of kinds 2..18 (low lane) and 18..34 (high lane): the first eight digits of pin
/// into bytes 8..16, of sou into bytes 16..24, the seven honours into bytes 24..31. Bytes 0..8 (man) come from
/// another load.
const FIRST_EIGHT_DIGITS: [u8; 32] = {
    let mut shuffle = [ZERO; 32];
    let mut k = 0;
    while k < 8 {
        shuffle[8 + k] = 7 + k as u8; // pin: kinds 9..17 sit at 7..15 of the low lane
        shuffle[16 + k] = k as u8; // sou: kinds 18..26 at 0..8 of the high lane
        if k < 7 {
            shuffle[24 + k] = 9 + k as u8; // honours: kinds 27..34 at 9..16
        }
        k += 1;
    }
    shuffle
};

/// For the same loads: the ninth digit of each numbered suit (kinds 8, 17, 26) into the lowest byte of its
/// suit's 64-bit lane, zero elsewhere.
const NINTH_DIGITS: [u8; 32] = {
    let mut shuffle = [ZERO; 32];
    shuffle[0] = 6;
    shuffle[8] = 15;
    shuffle[16] = 8;
    shuffle
};

/// [`super::kernels::Kernels::keys_and_size`] with byte multiply-adds: the row's digits are laid out one suit
/// per 64-bit lane, folded to base-5 values pairwise (`pmaddubsw` ×5, `pmaddwd` ×25, then ×625 across the
/// two 32-bit halves), and the ninth digits added ×5⁸. The tile count is a byte sum of the same layout.
///
/// # Safety
/// As for [`hand_distance_avx2`].
#[inline(always)]
pub unsafe fn keys_and_size_avx2(counts: &Counts) -> (SuitKeys, Option<u8>) {
    // SAFETY: counts has 34 bytes, so bytes 0..32 and 2..34 are in bounds.
    let (low, high) = unsafe {
        (
            _mm256_loadu_si256(counts.as_ptr().cast()),
            _mm256_loadu_si256(counts.as_ptr().add(2).cast()),
        )
    };
    let load32 = |t: &[u8; 32]| unsafe { _mm256_loadu_si256(t.as_ptr().cast()) };
    // Dwords 0 and 1 (man's first eight kinds) from the load at kind 0.
    let digits = _mm256_blend_epi32::<0b0000_0011>(
        _mm256_shuffle_epi8(high, load32(&FIRST_EIGHT_DIGITS)),
        low,
    );
    let ninth = _mm256_shuffle_epi8(high, load32(&NINTH_DIGITS));
    let pairs = _mm256_maddubs_epi16(digits, _mm256_set1_epi16(1 | 5 << 8));
    let quads = _mm256_madd_epi16(pairs, _mm256_set1_epi32(1 | 25 << 16));
    let low_half = _mm256_and_si256(quads, _mm256_set1_epi64x(0xFFFF_FFFF));
    let high_half = _mm256_mul_epu32(_mm256_srli_epi64::<32>(quads), _mm256_set1_epi64x(625));
    let eight = _mm256_add_epi64(low_half, high_half);
    let keys = _mm256_add_epi64(eight, _mm256_mul_epu32(ninth, _mm256_set1_epi64x(390_625)));
    let keys = _mm256_permutevar8x32_epi32(keys, _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6));
    let mut out: SuitKeys = [0; 4];
    // SAFETY: `out` has 16 bytes.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm256_castsi256_si128(keys)) };

    let largest = _mm256_max_epu8(low, high);
    let above_four = _mm256_subs_epu8(largest, _mm256_set1_epi8(COPIES as i8));
    if _mm256_testz_si256(above_four, above_four) == 0 {
        return (out, None);
    }
    // Every digit sits once in `digits` or `ninth`; with counts 0..4 their byte sums cannot overflow.
    let sums = _mm256_sad_epu8(_mm256_add_epi8(digits, ninth), _mm256_setzero_si256());
    let sums = _mm_add_epi64(
        _mm256_castsi256_si128(sums),
        _mm256_extracti128_si256::<1>(sums),
    );
    let size = _mm_cvtsi128_si64(_mm_add_epi64(sums, _mm_unpackhi_epi64(sums, sums)));
    (out, Some(size as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::distances::{convolve, hand_distance_scalar};
    use crate::shanten::table::{HONOURS, NUMBERED};
    use crate::suit_key::hand_keys;

    fn random_counts(rng: &mut Rng) -> Counts {
        let mut counts = [0u8; NUM_KINDS];
        for c in counts.iter_mut() {
            let word = rng.next_u64();
            // Mostly empty kinds, as in real hands, with every count 0..=4 occurring.
            *c = ((word >> 33) % 5) as u8 * ((word >> 40) % 3 == 0) as u8;
        }
        counts
    }

    #[test]
    fn avx2_agrees_with_scalar() {
        if crate::shanten::kernels::Avx2::detect().is_none() {
            return;
        }
        let mut rng = Rng::for_stream(3, 0, 0);
        for _ in 0..20_000 {
            let counts = random_counts(&mut rng);
            let [m, p, s, z] = hand_keys(&counts);
            let parts = [
                NUMBERED.distances(m),
                NUMBERED.distances(p),
                NUMBERED.distances(s),
                HONOURS.distances(z),
            ];
            for sets in 0..=5 {
                // SAFETY: checked `available()` above.
                let fast = unsafe { hand_distance_avx2(parts, sets) };
                assert_eq!(
                    fast,
                    hand_distance_scalar(parts, sets),
                    "{counts:?} sets {sets}"
                );
            }
            // SAFETY: as above.
            assert_eq!(
                unsafe { kind_masks_avx2(&counts) },
                KindMasks::of_scalar(&counts)
            );
            let [m, p, s, z] = parts;
            // The products of suits and of combined suits, whose entries reach past a suit's own range.
            let ms = convolve(m, s, 5);
            let pz = convolve(p, z, 5);
            check_convolve_two::<0>([m, &ms], [p, &pz]);
            check_convolve_two::<1>([m, &ms], [z, &pz]);
            check_convolve_two::<2>([s, &ms], [p, &pz]);
            check_convolve_two::<3>([&ms, z], [p, &pz]);
            check_convolve_two::<4>([m, &ms], [p, s]);
            check_convolve_two::<5>([m, &pz], [&ms, z]);
        }
    }

    fn check_convolve_two<const SETS: usize>(firsts: [&Distances; 2], seconds: [&Distances; 2]) {
        // SAFETY: the caller checked that the CPU has AVX2.
        let fast = unsafe { convolve_two_avx2::<SETS>(firsts, seconds) };
        for k in 0..2 {
            assert_eq!(
                fast[k],
                convolve(firsts[k], seconds[k], SETS),
                "{firsts:?} {seconds:?} sets {SETS}"
            );
        }
    }

    /// Hands of 0..=14 tiles (the range the packed sums are exact for), kinds of every count, both options.
    #[test]
    fn avx2_pair_counts_agree_with_scalar() {
        if crate::shanten::kernels::Avx2::detect().is_none() {
            return;
        }
        let mut rng = Rng::for_stream(5, 0, 0);
        for i in 0..50_000 {
            let mut counts = [0u8; NUM_KINDS];
            let mut left = i % 15;
            while left > 0 {
                let word = rng.next_u64();
                // Either one tile or a whole run of copies, so that threes and fours are common.
                let kind = (word >> 33) as usize % NUM_KINDS;
                let copies = ((word >> 40) as usize % 4 + 1).min(left);
                let added = copies.min(usize::from(COPIES - counts[kind]));
                counts[kind] += added as u8;
                left -= added.max(1).min(left);
            }
            for quads in [false, true] {
                // SAFETY: checked above.
                let fast = unsafe { pair_counts_avx2(&counts, quads) };
                let scalar = PairCounts::of_masks(&KindMasks::of_scalar(&counts), quads);
                assert_eq!(fast, scalar, "{counts:?} quads {quads}");
            }
        }
    }
}

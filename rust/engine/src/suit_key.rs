//! Keys of single-suit count vectors, the index of every per-suit lookup table (shanten, win detection).
//! A suit (9 kinds, or 7 honours) with counts 0..4 is read as a base-5 number, lowest kind first.

/// Number of distinct count vectors of a 9-kind suit (5^9).
pub const SUIT_STATES: usize = 1_953_125;
/// Number of distinct count vectors of the 7 honours (5^7).
pub const HONOR_STATES: usize = 78_125;

/// The keys of a whole hand: man, pin, sou, honours. Together they encode counts 0..4 losslessly.
pub type SuitKeys = [u32; 4];

/// Base-5 key of a suit's counts (`counts.len()` is 9 or 7; each count 0..4).
#[inline(always)]
pub fn suit_key(counts: &[u8]) -> usize {
    counts
        .iter()
        .rev()
        .fold(0usize, |key, &c| key * 5 + c as usize)
}

/// The counts of a key, inverse of [`suit_key`], for `len` kinds.
pub fn counts_of_key(mut key: usize, len: usize) -> [u8; 9] {
    let mut counts = [0u8; 9];
    for slot in counts.iter_mut().take(len) {
        *slot = (key % 5) as u8;
        key /= 5;
    }
    counts
}

/// The four keys of a full hand's counts: man, pin, sou, honours. Equal to [`suit_key`] of each suit, but
/// computed eight counts at a time inside a `u64`, since this is the inner loop of every batch.
#[inline(always)]
pub fn hand_keys(counts: &[u8; 34]) -> [usize; 4] {
    // key = c0 + 5 · (key of the eight counts after it): a multiply by 5 is a cheap `lea`.
    let suit =
        |base: usize| counts[base] as usize + 5 * base5_of_bytes(eight_counts(counts, base + 1));
    [
        suit(0),
        suit(9),
        suit(18),
        // The honours are the last seven counts: read the eight ending there and drop the 9s below them.
        base5_of_bytes(eight_counts(counts, 26) >> 8),
    ]
}

/// Counts `start..start + 8` as the bytes of a `u64`, the first count in the lowest byte.
#[inline(always)]
pub(crate) fn eight_counts(counts: &[u8; 34], start: usize) -> u64 {
    u64::from_le_bytes(std::array::from_fn(|k| counts[start + k]))
}

/// Σ byte_k · 5^k over the eight bytes (each 0..4) of `x`: neighbouring digits merge pairwise in three
/// multiply-shift steps (bytes → 16-bit lanes of two digits → 32-bit lanes of four → eight). Each step gives
/// the lower lane the higher weight, so the bytes are first reversed.
#[inline(always)]
fn base5_of_bytes(x: u64) -> usize {
    let x = x.swap_bytes();
    let pairs = (x.wrapping_mul(1 + (5 << 8)) >> 8) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs.wrapping_mul(1 + (25 << 16)) >> 16) & 0x0000_FFFF_0000_FFFF;
    (quads.wrapping_mul(1 + (625 << 32)) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn key_round_trip() {
        for key in [0, 1, 4, 5, 12345, SUIT_STATES - 1] {
            let counts = counts_of_key(key, 9);
            assert_eq!(suit_key(&counts), key);
        }
        assert_eq!(suit_key(&[4; 7]), HONOR_STATES - 1);
    }

    #[test]
    fn hand_keys_equal_the_suit_keys() {
        let mut rng = Rng::for_stream(12345, 0, 0);
        for _ in 0..100_000 {
            let mut counts = [0u8; 34];
            for c in counts.iter_mut() {
                *c = (rng.next_u64() >> 61) as u8 % 5;
            }
            let expected = [
                suit_key(&counts[0..9]),
                suit_key(&counts[9..18]),
                suit_key(&counts[18..27]),
                suit_key(&counts[27..34]),
            ];
            assert_eq!(hand_keys(&counts), expected, "{counts:?}");
        }
        assert_eq!(
            hand_keys(&[4; 34]),
            [
                SUIT_STATES - 1,
                SUIT_STATES - 1,
                SUIT_STATES - 1,
                HONOR_STATES - 1
            ]
        );
    }
}

/// [`hand_keys`] computed eight digits at a time (SWAR): each suit's first eight counts are read as one
/// little-endian u64 and folded pairwise (×5, ×25, ×625), which is several times fewer operations than the
/// digit-by-digit fold. Same result for counts 0..=4; the shanten hot path uses it.
#[inline(always)]
pub fn hand_keys_packed(counts: &[u8; 34]) -> [usize; 4] {
    let eight = |start: usize| {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&counts[start..start + 8]);
        u64::from_le_bytes(bytes)
    };
    // The honours' seven counts are bytes 27..34: read 26..34 and drop byte 26.
    let honours = eight(26) >> 8;
    [
        fold_eight(eight(0)) + counts[8] as usize * 390_625,
        fold_eight(eight(9)) + counts[17] as usize * 390_625,
        fold_eight(eight(18)) + counts[26] as usize * 390_625,
        fold_eight(honours),
    ]
}

/// The base-5 value of eight digits packed one per byte, lowest digit in the lowest byte.
#[inline(always)]
fn fold_eight(digits: u64) -> usize {
    const BYTES: u64 = 0x00FF_00FF_00FF_00FF;
    const WORDS: u64 = 0x0000_FFFF_0000_FFFF;
    let pairs = (digits & BYTES) + ((digits >> 8) & BYTES) * 5; // four 16-bit values < 25
    let quads = (pairs & WORDS) + ((pairs >> 16) & WORDS) * 25; // two 32-bit values < 625
    ((quads & 0xFFFF_FFFF) + (quads >> 32) * 625) as usize
}

#[cfg(test)]
mod packed_tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn packed_keys_equal_digit_keys() {
        let mut rng = Rng::for_stream(99, 0, 0);
        for _ in 0..10_000 {
            let mut counts = [0u8; 34];
            for c in counts.iter_mut() {
                *c = rng.below(5) as u8;
            }
            assert_eq!(hand_keys_packed(&counts), hand_keys(&counts));
        }
    }
}

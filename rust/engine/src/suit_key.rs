//! Keys of single-suit count vectors, the index of every per-suit lookup table (shanten, win detection).
//! A suit (9 kinds, or 7 honours) with counts 0..4 is read as a base-5 number, lowest kind first.

/// Number of distinct count vectors of a 9-kind suit (5^9).
pub const SUIT_STATES: usize = 1_953_125;
/// Number of distinct count vectors of the 7 honours (5^7).
pub const HONOR_STATES: usize = 78_125;

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

/// The four keys of a full hand's counts: man, pin, sou, honours.
#[inline(always)]
pub fn hand_keys(counts: &[u8; 34]) -> [usize; 4] {
    [
        suit_key(&counts[0..9]),
        suit_key(&counts[9..18]),
        suit_key(&counts[18..27]),
        suit_key(&counts[27..34]),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_round_trip() {
        for key in [0, 1, 4, 5, 12345, SUIT_STATES - 1] {
            let counts = counts_of_key(key, 9);
            assert_eq!(suit_key(&counts), key);
        }
        assert_eq!(suit_key(&[4; 7]), HONOR_STATES - 1);
    }
}

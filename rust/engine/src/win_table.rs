//! Per-suit completeness tables: for every count vector of one suit (a base-5 key, see `suit_key`), whether
//! its tiles split into sets only, or into sets and one pair. Generated at first use (a few milliseconds),
//! never stored in the repository. Two bits per key keep the suited table at 488 KiB, inside a core's L2.

use std::sync::LazyLock;

use crate::suit_key::counts_of_key;

/// The suit's tiles split into sets only.
pub(crate) const SETS: u8 = 1;
/// The suit's tiles split into sets and exactly one pair.
pub(crate) const SETS_AND_PAIR: u8 = 2;

const KEYS_PER_BYTE: usize = 4;

/// Completeness of every key of one suit, packed two bits per key into `BYTES` bytes, a power of two at least
/// a quarter of the key count: a key indexes the table with a mask instead of a bounds check, and the padding
/// keys read as incomplete.
pub(crate) struct SuitTable<const BYTES: usize> {
    packed: Box<[u8; BYTES]>,
}

/// The numbered suits' table: 5^9 keys in 2^19 bytes.
pub(crate) type SuitedTable = SuitTable<{ 1 << 19 }>;
/// The honours' table: 5^7 keys in 2^15 bytes.
pub(crate) type HonorTable = SuitTable<{ 1 << 15 }>;

impl<const BYTES: usize> SuitTable<BYTES> {
    /// Builds the table for a suit of `len` kinds, where chows exist only in the numbered suits.
    ///
    /// The lowest tile of a non-empty suit must lead a pung, a chow or the pair; removing that group gives a
    /// smaller key, so one ascending pass fills the table from entries already known.
    fn build(len: usize, chows: bool) -> SuitTable<BYTES> {
        let states = 5usize.pow(len as u32);
        let power = |kind: usize| 5usize.pow(kind as u32);
        let mut entries = vec![0u8; states];
        entries[0] = SETS;
        for key in 1..states {
            let counts = counts_of_key(key, len);
            let lowest = counts.iter().position(|&c| c > 0).unwrap_or(0);
            let count = counts[lowest];
            let mut entry = 0;
            if count >= 3 {
                entry |= entries[key - 3 * power(lowest)];
            }
            if chows && lowest + 2 < len && counts[lowest + 1] > 0 && counts[lowest + 2] > 0 {
                let chow = power(lowest) + power(lowest + 1) + power(lowest + 2);
                entry |= entries[key - chow];
            }
            if count >= 2 && entries[key - 2 * power(lowest)] & SETS != 0 {
                entry |= SETS_AND_PAIR;
            }
            entries[key] = entry;
        }
        let mut packed = vec![0u8; BYTES];
        for (byte, chunk) in packed.iter_mut().zip(entries.chunks(KEYS_PER_BYTE)) {
            *byte = chunk
                .iter()
                .enumerate()
                .fold(0u8, |byte, (slot, &entry)| byte | entry << (2 * slot));
        }
        SuitTable {
            packed: packed
                .into_boxed_slice()
                .try_into()
                .expect("a vector of BYTES bytes"),
        }
    }

    /// The entry of `key`: 0 (incomplete), [`SETS`] or [`SETS_AND_PAIR`]. Keys from counts 0..4 are in the
    /// table, and keys up to four times its bytes read as incomplete; larger keys (a caller bug) alias
    /// smaller ones, meaningless but never a panic.
    #[inline(always)]
    pub(crate) fn get(&self, key: usize) -> u8 {
        self.packed[key / KEYS_PER_BYTE % BYTES] >> (2 * (key % KEYS_PER_BYTE)) & 3
    }
}

/// The table of a numbered suit (chows allowed).
pub(crate) static SUITED: LazyLock<SuitedTable> = LazyLock::new(|| SuitTable::build(9, true));
/// The table of the honours (pungs and a pair only).
pub(crate) static HONORS: LazyLock<HonorTable> = LazyLock::new(|| SuitTable::build(7, false));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suit_key::{suit_key, HONOR_STATES, SUIT_STATES};

    /// A plain recursive check, independent of the table's ascending construction.
    fn splits(counts: &mut [u8], pairs: u8, chows: bool) -> bool {
        let Some(i) = counts.iter().position(|&c| c > 0) else {
            return pairs == 0;
        };
        let mut ok = false;
        if counts[i] >= 3 {
            counts[i] -= 3;
            ok |= splits(counts, pairs, chows);
            counts[i] += 3;
        }
        if !ok && pairs > 0 && counts[i] >= 2 {
            counts[i] -= 2;
            ok |= splits(counts, pairs - 1, chows);
            counts[i] += 2;
        }
        if !ok && chows && i + 2 < counts.len() && counts[i + 1] > 0 && counts[i + 2] > 0 {
            for c in &mut counts[i..i + 3] {
                *c -= 1;
            }
            ok |= splits(counts, pairs, chows);
            for c in &mut counts[i..i + 3] {
                *c += 1;
            }
        }
        ok
    }

    fn expected(counts: &[u8], chows: bool) -> u8 {
        let mut work = counts.to_vec();
        let sets = splits(&mut work, 0, chows);
        let paired = splits(&mut work, 1, chows);
        (u8::from(sets) * SETS) | (u8::from(paired) * SETS_AND_PAIR)
    }

    #[test]
    fn honor_table_matches_recursion_on_every_key() {
        for key in 0..HONOR_STATES {
            let counts = counts_of_key(key, 7);
            assert_eq!(HONORS.get(key), expected(&counts[..7], false), "{counts:?}");
        }
    }

    #[test]
    fn suited_table_matches_recursion_on_every_hand_sized_key() {
        // Every suit of at most 14 tiles (the exhaustive one-suit set); larger keys share the construction.
        let mut checked = 0;
        for key in 0..SUIT_STATES {
            let counts = counts_of_key(key, 9);
            if counts.iter().map(|&c| c as usize).sum::<usize>() <= 14 {
                assert_eq!(SUITED.get(key), expected(&counts, true), "{counts:?}");
                checked += 1;
            }
        }
        assert!(checked > 400_000, "{checked}");
        assert_eq!(SUITED.get(suit_key(&[3, 1, 1, 1, 1, 1, 1, 1, 3])), 0);
        assert_eq!(
            SUITED.get(suit_key(&[3, 1, 1, 1, 1, 1, 1, 1, 4])),
            SETS_AND_PAIR
        );
        assert_eq!(SUITED.get(SUIT_STATES), 0);
    }
}

//! The efficiency bot's memo of judged waits: at a table whose adjudicator judges the waits of every ready hand
//! the bot weighs (MCR's 8-fan minimum), the same ready hand comes back turn after turn — each draw that does
//! not help is thrown away again, leaving the hand of the turn before — and each of its waits would be scored
//! again. A verdict depends only on the complete hand, the melds and the situation the bot builds from its
//! view (its seat, the dealer, the round wind, the copies in the open), so it is kept per bot, keyed by all
//! of them, and a hit returns exactly what the adjudicator would.

use crate::hand::Meld;
use crate::tile::{Counts, Tile, NUM_KINDS};

/// Slots of the direct-mapped memo: a deal's ready hands and their waits fit many times over.
const SLOTS: usize = 256;

/// Everything a verdict depends on, packed: the complete hand's counts (3 bits per kind), then each meld
/// (kind, tile, claimed tile, feeder; 20 bits each), the winning tile, the copies in the open, the seat, the
/// dealer and the round wind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WaitKey([u64; 4]);

impl WaitKey {
    pub fn new(
        complete: &Counts,
        melds: &[Meld],
        tile: Tile,
        shown: u8,
        seat: u8,
        dealer: u8,
        round_wind: u8,
    ) -> WaitKey {
        // 34 kinds × 3 bits = 102 bits in words 0 and 1 (21 kinds in word 0, 13 in word 1).
        let mut words = [0u64; 4];
        for (kind, &count) in complete.iter().enumerate().take(NUM_KINDS) {
            let (word, shift) = (kind / 21, 3 * (kind % 21));
            words[word] |= u64::from(count & 7) << shift;
        }
        // Up to four melds of 20 bits: two in word 2, two in word 3 (a fifth is never weighed by this bot's
        // judge: MCR has four sets).
        for (i, meld) in melds.iter().enumerate().take(4) {
            let packed = u64::from(meld.kind as u8)
                | u64::from(meld.tile.index()) << 3
                | u64::from(meld.claimed.map_or(63, |t| t.index())) << 9
                | u64::from(meld.from_offset.map_or(7, |o| o & 7)) << 15
                | 1 << 18;
            words[2 + i / 2] |= packed << (20 * (i % 2));
        }
        // Word 1 holds 39 bits of counts; the rest of the situation goes above them.
        words[1] |= (u64::from(tile.index()) | u64::from(shown & 7) << 6) << 40;
        words[2] |=
            (u64::from(seat & 3) | u64::from(dealer & 3) << 2 | u64::from(round_wind & 3) << 4)
                << 40;
        words[3] |= (melds.len().min(7) as u64) << 40;
        WaitKey(words)
    }

    fn slot(&self) -> usize {
        let mixed = self
            .0
            .iter()
            .fold(0u64, |h, &w| (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        (mixed >> 56) as usize % SLOTS
    }
}

/// A direct-mapped memo of verdicts (a value per wait copy), one per bot.
#[derive(Clone, Debug)]
pub struct WaitVerdicts {
    keys: Box<[WaitKey; SLOTS]>,
    /// The verdict of each slot; `EMPTY` for a slot never filled.
    values: Box<[u8; SLOTS]>,
}

const EMPTY: u8 = u8::MAX;

impl Default for WaitVerdicts {
    fn default() -> Self {
        WaitVerdicts {
            keys: Box::new([WaitKey::default(); SLOTS]),
            values: Box::new([EMPTY; SLOTS]),
        }
    }
}

impl WaitVerdicts {
    /// The verdict kept for `key`, or `judge()`'s, kept for next time (an error is passed on, never kept).
    pub fn get_or_judge<E>(
        &mut self,
        key: WaitKey,
        judge: impl FnOnce() -> Result<u8, E>,
    ) -> Result<u8, E> {
        let slot = key.slot();
        if self.values[slot] != EMPTY && self.keys[slot] == key {
            return Ok(self.values[slot]);
        }
        let verdict = judge()?;
        debug_assert!(verdict != EMPTY);
        self.keys[slot] = key;
        self.values[slot] = verdict;
        Ok(verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::MeldKind;

    fn counts(kinds: &[usize]) -> Counts {
        let mut c = [0u8; NUM_KINDS];
        for &k in kinds {
            c[k] += 1;
        }
        c
    }

    #[test]
    fn keys_differ_in_every_field() {
        let hand = counts(&[0, 0, 1, 2, 3]);
        let t = Tile::new(3).unwrap();
        let base = WaitKey::new(&hand, &[], t, 0, 1, 0, 0);
        let meld = Meld::new(MeldKind::Pon, Tile::new(33).unwrap());
        let others = [
            WaitKey::new(&counts(&[0, 0, 1, 2, 4]), &[], t, 0, 1, 0, 0),
            WaitKey::new(&counts(&[33, 0, 1, 2, 3]), &[], t, 0, 1, 0, 0),
            WaitKey::new(&hand, &[meld], t, 0, 1, 0, 0),
            WaitKey::new(&hand, &[], Tile::new(2).unwrap(), 0, 1, 0, 0),
            WaitKey::new(&hand, &[], t, 3, 1, 0, 0),
            WaitKey::new(&hand, &[], t, 0, 2, 0, 0),
            WaitKey::new(&hand, &[], t, 0, 1, 3, 0),
            WaitKey::new(&hand, &[], t, 0, 1, 0, 2),
        ];
        for other in others {
            assert_ne!(base, other);
        }
        let chow = |claimed: u8| Meld {
            claimed: Some(Tile::new(claimed).unwrap()),
            ..Meld::new(MeldKind::Chi, Tile::new(0).unwrap())
        };
        assert_ne!(
            WaitKey::new(&hand, &[chow(0)], t, 0, 1, 0, 0),
            WaitKey::new(&hand, &[chow(1)], t, 0, 1, 0, 0)
        );
    }

    #[test]
    fn a_kept_verdict_is_returned_without_judging_and_an_error_is_not_kept() {
        let mut memo = WaitVerdicts::default();
        let key = WaitKey::new(&counts(&[5, 5]), &[], Tile::new(5).unwrap(), 0, 0, 0, 0);
        assert_eq!(memo.get_or_judge(key, || Err::<u8, ()>(())), Err(()));
        assert_eq!(memo.get_or_judge(key, || Ok::<u8, ()>(4)), Ok(4));
        assert_eq!(
            memo.get_or_judge(key, || -> Result<u8, ()> { panic!("judged again") }),
            Ok(4)
        );
    }
}

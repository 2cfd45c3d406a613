//! How far a seat is from winning, as the efficiency bot weighs it: the shanten of a 3n+1 hand and its useful
//! tiles (进张) — the copies the seat has not seen of the kinds whose draw lowers that shanten.
//!
//! A draw or a discard changes one suit, so the standard form keeps the other three suits' distance vectors
//! ([`StandardParts`]) and recomputes only the changed suit: the 14 candidate discards × 34 draws of a turn
//! cost one suit lookup and one combine each. Discards whose shanten is not the lowest never have their useful
//! tiles counted: they lose on shanten alone.

use std::cmp::Reverse;

use crate::error::{EngineError, Result};
use crate::forms::FormOptions;
use crate::hand::{Hand, Meld};
use crate::shanten::{Analysis, StandardParts};
use crate::tile::{Counts, Tile, NUM_KINDS};

/// Shanten and useful copies of a 3n+1 hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub shanten: i8,
    pub useful: u32,
}

impl Progress {
    /// Smaller is better: lower shanten, then more useful copies.
    pub fn rank(self) -> (i8, Reverse<u32>) {
        (self.shanten, Reverse(self.useful))
    }
}

/// A hand's fixed context for evaluating positions one tile apart: the melds (hence the copy caps and the
/// set count) and the copies of each kind the seat has not seen.
pub struct Evaluator<'a> {
    analysis: Analysis,
    unseen: &'a Counts,
}

impl<'a> Evaluator<'a> {
    /// For hands of `concealed`'s size (give it 3n+1 or 3n+2 tiles) beside `melds`.
    pub fn new(
        concealed: &Counts,
        melds: &[Meld],
        opts: FormOptions,
        unseen: &'a Counts,
    ) -> Result<Evaluator<'a>> {
        let hand = Hand {
            concealed: *concealed,
            melds: melds.to_vec(),
            ..Hand::default()
        };
        Ok(Evaluator {
            analysis: Analysis::new(&hand, opts)?,
            unseen,
        })
    }

    /// Shanten and useful copies of the 3n+1 `counts`.
    pub fn progress(&self, counts: &Counts) -> Result<Progress> {
        let parts = self.analysis.standard_parts(counts);
        let shanten = self.shanten(counts, &parts)?;
        Ok(Progress {
            shanten,
            useful: self.useful(counts, &parts, shanten),
        })
    }

    /// The discards of the 3n+2 `counts` that leave the lowest shanten, each with its progress, in kind order.
    pub fn best_discards(&self, counts: &Counts) -> Result<Vec<(Tile, Progress)>> {
        let parts = self.analysis.standard_parts(counts);
        let mut left_by_discard = Vec::with_capacity(NUM_KINDS);
        for tile in (0..NUM_KINDS as u8).filter_map(Tile::new) {
            let kind = tile.index() as usize;
            if counts[kind] == 0 {
                continue;
            }
            let mut left = *counts;
            left[kind] -= 1;
            let left_parts = self.analysis.with_suit(&parts, tile.suit(), &left);
            let shanten = self.shanten(&left, &left_parts)?;
            left_by_discard.push((tile, left, left_parts, shanten));
        }
        let lowest = left_by_discard.iter().map(|c| c.3).min();
        Ok(left_by_discard
            .into_iter()
            .filter(|c| Some(c.3) == lowest)
            .map(|(tile, left, left_parts, shanten)| {
                let useful = self.useful(&left, &left_parts, shanten);
                (tile, Progress { shanten, useful })
            })
            .collect())
    }

    fn shanten(&self, counts: &Counts, parts: &StandardParts) -> Result<i8> {
        self.analysis
            .best_with(counts, parts)
            .ok_or_else(|| self.analysis.no_form_error())
    }

    /// Unseen copies of the kinds whose draw lowers `shanten`; a draw changes one suit of `parts`.
    fn useful(&self, counts: &Counts, parts: &StandardParts, shanten: i8) -> u32 {
        let mut useful = 0;
        for tile in (0..NUM_KINDS as u8).filter_map(Tile::new) {
            let kind = tile.index() as usize;
            // A kind with no unseen copy adds nothing (and covers the kinds the hand holds four of).
            if self.unseen[kind] == 0 {
                continue;
            }
            let mut drawn = *counts;
            drawn[kind] += 1;
            let drawn_parts = self.analysis.with_suit(parts, tile.suit(), &drawn);
            if self
                .analysis
                .best_with(&drawn, &drawn_parts)
                .is_some_and(|after| after < shanten)
            {
                useful += u32::from(self.unseen[kind]);
            }
        }
        useful
    }
}

/// Copies of each kind a seat has not seen: four minus its own concealed tiles and every tile in the open
/// (all melds, all discards still on the table). An inconsistent view is an error, not a wrapped count.
pub fn unseen_copies<'m>(
    concealed: &Counts,
    melds: impl Iterator<Item = &'m Meld>,
    discards: impl Iterator<Item = Tile>,
) -> Result<Counts> {
    let mut seen = *concealed;
    for meld in melds {
        meld.add_tiles(&mut seen);
    }
    for tile in discards {
        let slot = &mut seen[tile.index() as usize];
        *slot = slot.saturating_add(1);
    }
    let mut unseen = [0; NUM_KINDS];
    for (kind, (slot, count)) in unseen.iter_mut().zip(seen).enumerate() {
        *slot = 4u8.checked_sub(count).ok_or_else(|| {
            EngineError::hand(format!("tile kind {kind} seen {count} times: at most 4"))
        })?;
    }
    Ok(unseen)
}

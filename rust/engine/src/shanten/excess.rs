//! One wild copy beyond the four in a numbered suit, from the table. A target that puts a fifth copy on a kind
//! the suit holds four times holds a pung or a pair of that kind or five chows through it; three or two of the
//! held copies fill the pung or pair, and the rest is a target of the suit less those copies, which the
//! four-copy table answers. That the table's distances lowered by each such split are exactly the distances
//! with one copy of excess (the rest never gains by more copies of the kind, five chows never win) is checked
//! for every suit vector against the exact programme (`capped::tests::one_excess_copy_is_a_split_pung_or_pair`).
//! The honours are not so: 1111z is two pungs away from 111z 111z, which needs two copies over; the exact
//! programme is cheap for them (no chows).

use super::distances::{slot, Distances, INF};
use super::table::NUMBERED;
use crate::hand::MAX_SETS;
use crate::suit_key::suit_key;
use crate::tile::COPIES;

/// The largest excess budget (ghosts) for which the splits are checked to be exact: more copies over than one
/// never help a numbered suit further, up to this many.
pub const SPLIT_EXCESS: usize = 4;

/// The distances of a numbered suit's `counts` to every target that may use one copy beyond four — or up to
/// [`SPLIT_EXCESS`], the same.
pub fn one_excess_distances(counts: &[u8]) -> Distances {
    let table = &*NUMBERED;
    let key = suit_key(counts);
    let mut best = *table.distances(key);
    let mut weight = 1usize;
    for &held in counts {
        if held == COPIES {
            // A pung of the kind (three held copies) beside a target of one set fewer, or its pair (two).
            for (copies, sets, pair) in [(3usize, 1usize, 0usize), (2, 0, 1)] {
                let rest = table.distances(key - copies * weight);
                for to_pair in pair..2 {
                    for to_sets in sets..=MAX_SETS {
                        let entry = &mut best[slot(to_sets, to_pair)];
                        let from = rest[slot(to_sets - sets, to_pair - pair)];
                        *entry = (*entry).min(from.min(INF));
                    }
                }
            }
        }
        weight *= 5;
    }
    best
}

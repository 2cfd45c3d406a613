//! How the `efficiency` bot plays at a table with ghosts (鬼牌, 推倒胡): it counts its ghosts as wild tiles in
//! its distance to a win, so it keeps them above any tile — it discards one only when it holds nothing else —
//! and otherwise plays as at any table: it wins whenever it may; it discards to leave the fewest tiles
//! missing, ties broken by the seed's order of value ([`tie_break`]: 熟张 early, 风 → 19 → 28 → 456 → 37,
//! the latest-seen honour first); it pons or konges a discard only when that lowers its distance, and declares
//! its own kongs when they cost nothing in distance (they bring kong money and a replacement).
//!
//! The distance is the standard form's (four sets and a pair) by the shanten tables, each kind capped at four
//! (a ghost as a fifth copy is not counted: a bot's estimate, not a win check). Under 四花鬼 / 八花鬼 the held
//! flower ghosts are wilds too, and a flower is discarded only when no tile can go.

use super::discard_order::tie_break;
use crate::shanten::standard_missing;
use crate::table::action::Action;
use crate::table::observation::Observation;
use crate::tile::{Counts, KindMask, Tile};

/// Sets a concealed part forms besides its pair, with `melds` declared.
const SETS: usize = 4;

/// The seat's hand split into its natural tiles and its ghosts.
struct GhostHand {
    naturals: Counts,
    wilds: u8,
    sets: usize,
}

impl GhostHand {
    fn of(observation: &Observation<'_>, ghosts: KindMask) -> GhostHand {
        let mut naturals = *observation.hand();
        let mut wilds = 0;
        for (kind, count) in naturals.iter_mut().enumerate() {
            if ghosts & (1 << kind) != 0 {
                wilds += *count;
                *count = 0;
            }
        }
        wilds += observation.flower_ghosts().count_ones() as u8;
        let melds = observation.melds(observation.seat()).len();
        GhostHand {
            naturals,
            wilds,
            sets: SETS.saturating_sub(melds),
        }
    }

    /// Shanten of the hand with `removed` natural tiles taken out and `sets` sets to form: −1 complete.
    fn shanten_without(&self, removed: &[(Tile, u8)], sets: usize) -> i8 {
        let mut counts = self.naturals;
        for &(tile, copies) in removed {
            let slot = &mut counts[tile.index() as usize];
            *slot = slot.saturating_sub(copies);
        }
        let missing = standard_missing(&counts, sets);
        missing.saturating_sub(self.wilds) as i8 - 1
    }
}

/// The ghost-aware choice among `legal`, for a table whose deal has `ghosts` (empty where flowers are the
/// ghosts).
pub(crate) fn choose(observation: &Observation<'_>, legal: &[Action], ghosts: KindMask) -> Action {
    let first = legal.first().copied().unwrap_or(Action::Pass);
    if legal.contains(&Action::Win) {
        return Action::Win;
    }
    let hand = GhostHand::of(observation, ghosts);
    if observation.offered().is_some() {
        return claim(&hand, observation, legal);
    }
    let is_ghost = |tile: Tile| ghosts & (1 << tile.index()) != 0;
    // The best discard: the fewest missing, then the seed's order; a ghost only when nothing else is held.
    let best = legal
        .iter()
        .filter_map(|action| match *action {
            Action::Discard(tile) => Some(tile),
            _ => None,
        })
        .map(|tile| {
            let shanten = if is_ghost(tile) {
                i8::MAX
            } else {
                hand.shanten_without(&[(tile, 1)], hand.sets)
            };
            ((shanten, tie_break(observation, tile, shanten)), tile)
        })
        .min();
    let Some(((after_discard, _), discard)) = best else {
        return first;
    };
    // A kong that leaves the hand as fast as the best discard costs nothing.
    for action in legal {
        let after = match *action {
            Action::ConcealedKong(tile) => {
                hand.shanten_without(&[(tile, 4)], hand.sets.saturating_sub(1))
            }
            Action::AddedKong(tile) => hand.shanten_without(&[(tile, 1)], hand.sets),
            _ => continue,
        };
        if after <= after_discard {
            return *action;
        }
    }
    Action::Discard(discard)
}

/// Pon or kong a discard only when the hand after it (and its best discard, for a pon) is closer to a win.
fn claim(hand: &GhostHand, observation: &Observation<'_>, legal: &[Action]) -> Action {
    let Some(offered) = observation.offered() else {
        return Action::Pass;
    };
    let tile = offered.tile;
    let now = hand.shanten_without(&[], hand.sets);
    let sets = hand.sets.saturating_sub(1);
    let mut best = (now, Action::Pass);
    for action in legal {
        let after = match action {
            Action::Pon => (0..34u8)
                .filter_map(Tile::new)
                .filter(|t| hand.naturals[t.index() as usize] > u8::from(*t == tile) * 2)
                .map(|t| hand.shanten_without(&[(tile, 2), (t, 1)], sets))
                .min()
                .unwrap_or(i8::MAX),
            Action::Kong => hand.shanten_without(&[(tile, 3)], sets),
            _ => continue,
        };
        if after < best.0 {
            best = (after, *action);
        }
    }
    if legal.contains(&best.1) {
        best.1
    } else {
        Action::Pass
    }
}

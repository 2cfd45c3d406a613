//! 换三张 for the efficiency bot: it passes its weakest suit — the one it would name void
//! ([`weakness`]) among those the table lets it pass — and in it the least useful tile first, one pick at a
//! time: the lowest [`worth`], ties to the tile farther from the suit's middle (5), then the lower kind.

use std::cmp::Reverse;

use super::void_choice::weakness;
use crate::table::action::Action;
use crate::table::observation::Observation;
use crate::tile::Counts;

/// The tile to pick when `legal` offers 换三张 picks, else `None` (the decision is another one).
pub fn choose_swap(observation: &Observation<'_>, legal: &[Action]) -> Option<Action> {
    if !matches!(legal.first(), Some(Action::Swap(_))) {
        return None;
    }
    let hand = observation.hand();
    let left: Counts = match observation.passing() {
        Some(passing) => std::array::from_fn(|k| hand[k].saturating_sub(passing[k])),
        None => *hand,
    };
    let picks = || {
        legal.iter().filter_map(|&action| match action {
            Action::Swap(tile) => Some(tile),
            _ => None,
        })
    };
    let suit = picks()
        .map(|tile| tile.index() / 9)
        .min_by_key(|&suit| weakness(&left, suit))?;
    picks()
        .filter(|tile| tile.index() / 9 == suit)
        .min_by_key(|tile| {
            let kind = usize::from(tile.index());
            let place = kind % 9;
            (worth(&left, kind), Reverse(place.abs_diff(4)), kind)
        })
        .map(Action::Swap)
}

/// What a held tile of suited `kind` does for the hand `left`: 3 for each other copy (pairs and pungs),
/// 2 for each tile one away and 1 for each two away in its suit (runs and their waits).
pub fn worth(left: &Counts, kind: usize) -> u32 {
    let place = kind % 9;
    let at = |offset: isize| -> u32 {
        let p = place as isize + offset;
        if (0..9).contains(&p) {
            u32::from(left[(kind as isize + offset) as usize])
        } else {
            0
        }
    };
    3 * at(0).saturating_sub(1) + 2 * (at(-1) + at(1)) + at(-2) + at(2)
}

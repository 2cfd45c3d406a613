//! 定缺 for the built-in bots: the suit to name void is the one the hand holds fewest of (ties: fewest
//! pairs and sets to break, then the lower suit), since it is discarded first (必须打缺) and must be gone
//! before the hand can win. The table itself forces the void suit's discards, so the bots need only this.

use crate::table::action::Action;
use crate::table::observation::Observation;
use crate::tile::Counts;

/// The void to name when `legal` offers the choice, else `None` (the decision is another one).
pub fn choose_void(observation: &Observation<'_>, legal: &[Action]) -> Option<Action> {
    // Legal actions are sorted and voids sort last: one look tells whether this is the choice.
    if !matches!(legal.last(), Some(Action::Void(_))) {
        return None;
    }
    let hand = observation.hand();
    legal
        .iter()
        .copied()
        .filter_map(|action| match action {
            Action::Void(suit) => Some((suit, action)),
            _ => None,
        })
        .min_by_key(|&(suit, _)| weakness(hand, suit))
        .map(|(_, action)| action)
}

/// How little of suit 0..2 `hand` holds, smallest first: its tiles, then its kinds held twice or more,
/// then the suit (the lower first). The bots name this suit void and pass it at 换三张.
pub fn weakness(hand: &Counts, suit: u8) -> (u32, usize, u8) {
    let start = 9 * usize::from(suit);
    let counts = &hand[start..start + 9];
    let tiles: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    let groups = counts.iter().filter(|&&c| c >= 2).count();
    (tiles, groups, suit)
}

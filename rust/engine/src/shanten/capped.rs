//! Exact distances of one suit when the table does not apply: some kinds have fewer than four copies left
//! (declared melds hold the rest), or wild tiles may stand for copies beyond that (a fifth copy).
//!
//! A dynamic programme over the kinds, lowest first. The state after a kind is (sets begun, pair taken,
//! copies over the caps used, chows begun at the previous kind, chows begun two kinds back); the value is
//! the fewest missing tiles. At each kind it chooses how many chows begin there, how many pungs and whether
//! the pair sit there; the copies the target puts on the kind then fix the missing tiles and the excess.

use super::distances::{slot, ExcessDistances, INF, MAX_EXCESS, UNREACHABLE};
use crate::hand::MAX_SETS;

const SETS: usize = MAX_SETS + 1;
const PAIRS: usize = 2;
const EXCESS: usize = MAX_EXCESS + 1;
/// Chows begun at one kind: at most one per set.
const CHOWS: usize = MAX_SETS + 1;
const STATES: usize = SETS * PAIRS * EXCESS * CHOWS * CHOWS;

#[derive(Clone, Copy)]
struct State {
    sets: usize,
    pair: usize,
    excess: usize,
    chows_back1: usize,
    chows_back2: usize,
}

impl State {
    fn index(self) -> usize {
        (((self.sets * PAIRS + self.pair) * EXCESS + self.excess) * CHOWS + self.chows_back1)
            * CHOWS
            + self.chows_back2
    }

    fn all(max_sets: usize, max_excess: usize) -> impl Iterator<Item = State> {
        (0..=max_sets).flat_map(move |sets| {
            (0..PAIRS).flat_map(move |pair| {
                (0..=max_excess).flat_map(move |excess| {
                    (0..=sets).flat_map(move |chows_back1| {
                        (0..=sets - chows_back1).map(move |chows_back2| State {
                            sets,
                            pair,
                            excess,
                            chows_back1,
                            chows_back2,
                        })
                    })
                })
            })
        })
    }
}

/// Exact distances of a suit's `counts` to every target of up to `max_sets` sets and one pair whose count of
/// each kind stays within `caps`, except for at most `max_excess` copies in all beyond the caps.
/// `chows`: whether the kinds are numbered (honours form no chows).
pub fn capped_distances(
    counts: &[u8],
    caps: &[u8],
    chows: bool,
    max_sets: usize,
    max_excess: usize,
) -> ExcessDistances {
    let max_sets = max_sets.min(MAX_SETS);
    let max_excess = max_excess.min(MAX_EXCESS);
    let mut best = [INF; STATES];
    best[State {
        sets: 0,
        pair: 0,
        excess: 0,
        chows_back1: 0,
        chows_back2: 0,
    }
    .index()] = 0;
    let kinds = counts.len();
    for kind in 0..kinds {
        let can_begin_chow = chows && kind + 2 < kinds;
        let mut next = [INF; STATES];
        for state in State::all(max_sets, max_excess) {
            let cost = best[state.index()];
            if cost >= INF {
                continue;
            }
            let begun = state.chows_back1 + state.chows_back2;
            let max_new_chows = if can_begin_chow {
                max_sets - state.sets
            } else {
                0
            };
            for new_chows in 0..=max_new_chows {
                for pair in 0..PAIRS - state.pair {
                    for pungs in 0..=max_sets - state.sets - new_chows {
                        let copies = begun + new_chows + 3 * pungs + 2 * pair;
                        let over = copies.saturating_sub(caps[kind] as usize);
                        let excess = state.excess + over;
                        if excess > max_excess {
                            break; // more pungs only add copies
                        }
                        let missing = copies.saturating_sub(counts[kind] as usize) as u8;
                        let to = State {
                            sets: state.sets + new_chows + pungs,
                            pair: state.pair + pair,
                            excess,
                            chows_back1: new_chows,
                            chows_back2: state.chows_back1,
                        };
                        let slot = &mut next[to.index()];
                        *slot = (*slot).min(cost + missing);
                    }
                }
            }
        }
        best = next;
    }
    let mut result = ExcessDistances::flat(UNREACHABLE, max_excess);
    for state in State::all(max_sets, max_excess) {
        if state.chows_back1 == 0 && state.chows_back2 == 0 {
            let entry = &mut result.layers[state.excess][slot(state.sets, state.pair)];
            *entry = (*entry).min(best[state.index()]);
        }
    }
    // Layer e means "at most e copies over": carry each layer's results up.
    for excess in 1..=max_excess {
        let below = result.layers[excess - 1];
        for (entry, lower) in result.layers[excess].iter_mut().zip(below) {
            *entry = (*entry).min(lower);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shanten::table::NUMBERED;
    use crate::suit_key::suit_key;

    #[test]
    fn full_caps_without_excess_match_the_table() {
        let mut seed = 12345u64;
        for _ in 0..2000 {
            let mut counts = [0u8; 9];
            for c in counts.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *c = ((seed >> 33) % 5) as u8 * ((seed >> 40) % 2) as u8;
            }
            let capped = capped_distances(&counts, &[4; 9], true, 5, 0);
            let table = NUMBERED.distances(suit_key(&counts));
            for sets in 0..=5 {
                for pair in 0..2 {
                    assert_eq!(
                        capped.layers[0][slot(sets, pair)],
                        table[slot(sets, pair)],
                        "{counts:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn caps_and_excess() {
        // One 1m held, three more in a declared pon: cap 1, so the pair 11m needs a copy over the cap.
        let counts = [1, 0, 0, 0, 0, 0, 0, 0, 0];
        let caps = [1, 4, 4, 4, 4, 4, 4, 4, 4];
        let capped = capped_distances(&counts, &caps, true, 1, 1);
        assert_eq!(capped.layers[0][slot(0, 1)], 2);
        assert_eq!(capped.layers[1][slot(0, 1)], 1);
        assert_eq!(capped.layers[0][slot(1, 0)], 2); // 123m
    }
}

//! Exact distance vector of one suit when declared melds cap some kinds below four copies, for hands without
//! wilds — the efficiency bot's fast path. The shanten module's general dynamic programme also tracks copies
//! that wilds add beyond the caps, which costs it a large state per kind; without wilds the state is only the
//! chows still running.
//!
//! The programme walks the kinds lowest first. Its state after a kind is (chows begun at that kind, chows
//! begun one kind back); for each state it keeps a whole distance vector over (sets, pair). At each kind it
//! chooses how many chows begin there and whether a pung and the pair sit there; the copies the target then
//! puts on the kind must stay within the cap, and those beyond the held count are missing tiles. Without the
//! excess dimension a whole layer is 25 vectors, cheap to reset and copy.

use crate::hand::MAX_SETS;
use crate::shanten::{slot, Distances};

/// "Unreachable", as in the shanten module's vectors.
const INF: u8 = 0x40;
/// Chows begun at one kind: at most four, as each puts a copy on it.
const CHOWS: usize = 5;

/// Distance vectors by (chows begun at the last kind, chows begun the kind before).
type Layer = [[Distances; CHOWS]; CHOWS];

const UNREACHABLE: Distances = [INF; 16];

/// Exact distances of a suit's `counts` to every target of up to `max_sets` sets and one pair whose count of
/// each kind stays within `caps`. `chows`: whether the kinds are numbered (honours form no chows).
// The loop variables are chow counts that the arithmetic uses as numbers, not only as indices.
#[allow(clippy::needless_range_loop)]
pub fn capped_suit_distances(
    counts: &[u8],
    caps: &[u8],
    chows: bool,
    max_sets: usize,
) -> Distances {
    let max_sets = max_sets.min(MAX_SETS);
    let mut layer: Layer = [[UNREACHABLE; CHOWS]; CHOWS];
    layer[0][0][slot(0, 0)] = 0;
    let kinds = counts.len().min(caps.len());
    for kind in 0..kinds {
        let cap = usize::from(caps[kind]);
        let held = usize::from(counts[kind]);
        let can_begin_chow = chows && kind + 2 < kinds;
        let mut next: Layer = [[UNREACHABLE; CHOWS]; CHOWS];
        for back1 in 0..CHOWS {
            for back2 in 0..CHOWS - back1 {
                let before = &layer[back1][back2];
                if *before == UNREACHABLE {
                    continue;
                }
                let begun = back1 + back2;
                let new_chows = if can_begin_chow {
                    // New chows also need copies of the next two kinds, the first beside those begun just before.
                    cap.saturating_sub(begun)
                        .min(usize::from(caps[kind + 1]).saturating_sub(back1))
                        .min(usize::from(caps[kind + 2]))
                } else {
                    0
                };
                for chows_here in 0..=new_chows.min(max_sets) {
                    let chowed = begun + chows_here;
                    for pung in 0..=usize::from(chowed + 3 <= cap) {
                        let pung_copies = chowed + 3 * pung;
                        for pair in 0..=usize::from(pung_copies + 2 <= cap) {
                            let copies = pung_copies + 2 * pair;
                            let missing = copies.saturating_sub(held) as u8;
                            let target = &mut next[chows_here][back1];
                            relax(target, before, chows_here + pung, pair, missing, max_sets);
                        }
                    }
                }
            }
        }
        layer = next;
    }
    // No chow may be left unfinished past the last kind.
    layer[0][0]
}

/// Lowers `target` to `vector` after adding `sets` sets and `pair` pairs that miss `missing` tiles: entry
/// (s, p) moves to (s + sets, p + pair); entries pushed past `max_sets` or a second pair drop out. Entry by
/// entry rather than through a shifted copy: a vector load right after byte stores would stall.
fn relax(
    target: &mut Distances,
    vector: &Distances,
    sets: usize,
    pair: usize,
    missing: u8,
    max_sets: usize,
) {
    for from_pair in 0..2 - pair {
        for from_sets in 0..=max_sets.saturating_sub(sets) {
            if from_sets + sets <= max_sets {
                let value = vector[slot(from_sets, from_pair)].saturating_add(missing);
                let best = &mut target[slot(from_sets + sets, from_pair + pair)];
                *best = (*best).min(value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shanten::capped_distances;

    #[test]
    fn agrees_with_the_general_programme() {
        let mut state = 99u64;
        let mut next = |below: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % below) as u8
        };
        for case in 0..20_000 {
            let len = if case % 4 == 0 { 7 } else { 9 };
            let caps: Vec<u8> = (0..len)
                .map(|_| if next(3) == 0 { next(5) } else { 4 })
                .collect();
            let counts: Vec<u8> = caps
                .iter()
                .map(|&cap| next(u64::from(cap) + 1) * next(2))
                .collect();
            let sets = usize::from(next(6));
            let chows = len == 9;
            let general = capped_distances(&counts, &caps, chows, sets, 0).layers[0];
            let fast = capped_suit_distances(&counts, &caps, chows, sets);
            assert_eq!(fast, general, "{counts:?} caps {caps:?} sets {sets}");
        }
    }
}

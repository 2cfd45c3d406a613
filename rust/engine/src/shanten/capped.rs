//! Exact distances of one suit when the table does not apply: some kinds have fewer than four copies left
//! (declared melds hold the rest), or wild tiles may stand for copies beyond that (a fifth copy).
//!
//! A dynamic programme over the kinds, lowest first. Its state after a kind is (chows begun at that kind,
//! chows begun one kind back, copies over the caps used so far), and for each state it keeps a whole distance
//! vector over (sets, pair) — so one transition moves sixteen entries at once. At each kind it chooses how many
//! chows begin there, whether a pung and whether the pair sit there; the copies the target then puts on the
//! kind fix the missing tiles and the excess.

use super::distances::{slot, Distances, ExcessDistances, INF, MAX_EXCESS, UNREACHABLE};
use crate::hand::MAX_SETS;

/// Chows begun at one kind: at most one per set.
const CHOWS: usize = MAX_SETS + 1;
const EXCESS: usize = MAX_EXCESS + 1;

/// Distance vectors by (chows begun at the last kind, chows begun the kind before, excess used).
type Layer = [[[Distances; EXCESS]; CHOWS]; CHOWS];

/// Exact distances of a suit's `counts` to every target of up to `max_sets` sets and one pair whose count of
/// each kind stays within `caps`, except for at most `max_excess` copies in all beyond the caps.
/// `chows`: whether the kinds are numbered (honours form no chows).
// The loop variables are chow and excess counts that the arithmetic uses as numbers, not only as indices.
#[allow(clippy::needless_range_loop)]
pub fn capped_distances(
    counts: &[u8],
    caps: &[u8],
    chows: bool,
    max_sets: usize,
    max_excess: usize,
) -> ExcessDistances {
    let max_sets = max_sets.min(MAX_SETS);
    let max_excess = max_excess.min(MAX_EXCESS);
    let outside = outside_entries(max_sets);
    let mut layer: Layer = [[[UNREACHABLE; EXCESS]; CHOWS]; CHOWS];
    layer[0][0][0][slot(0, 0)] = 0;
    let kinds = counts.len();
    for kind in 0..kinds {
        let can_begin_chow = chows && kind + 2 < kinds;
        let mut next: Layer = [[[UNREACHABLE; EXCESS]; CHOWS]; CHOWS];
        for back1 in 0..=max_sets {
            for back2 in 0..=max_sets - back1 {
                for excess in 0..=max_excess {
                    let before = &layer[back1][back2][excess];
                    if before.iter().all(|&d| d >= INF) {
                        continue;
                    }
                    // Copies a kind may still take: its cap plus the unused excess.
                    let room = |k: usize| caps[k] as usize + (max_excess - excess);
                    let begun = back1 + back2;
                    let new_chows = if can_begin_chow {
                        // New chows also pass through the next two kinds, the first with the chows begun
                        // just before.
                        (max_sets - begun)
                            .min(room(kind).saturating_sub(begun))
                            .min(room(kind + 1).saturating_sub(back1))
                            .min(room(kind + 2))
                    } else {
                        0
                    };
                    for chows_here in 0..=new_chows {
                        for pair in 0..2 {
                            for pungs in 0..=max_sets {
                                let copies = begun + chows_here + 3 * pungs + 2 * pair;
                                let over = excess + copies.saturating_sub(caps[kind] as usize);
                                if over > max_excess {
                                    break; // more pungs only add copies
                                }
                                let missing = copies.saturating_sub(counts[kind] as usize) as u8;
                                let sets = chows_here + pungs;
                                if sets > max_sets {
                                    break; // more pungs only add sets
                                }
                                let target = &mut next[chows_here][back1][over];
                                merge_shifted(target, before, sets, pair, missing, &outside[pair]);
                            }
                        }
                    }
                }
            }
        }
        layer = next;
    }
    // No chow may be left unfinished past the last kind.
    let mut result = ExcessDistances::flat(UNREACHABLE, max_excess);
    result.layers[..=max_excess].copy_from_slice(&layer[0][0][..=max_excess]);
    // Layer e means "at most e copies over": carry each layer's results up.
    for excess in 1..=max_excess {
        let below = result.layers[excess - 1];
        for (entry, lower) in result.layers[excess].iter_mut().zip(below) {
            *entry = (*entry).min(lower);
        }
    }
    result
}

/// Lowers each entry of `target` to that of `distances` after adding `sets` sets and `pair` pairs that miss
/// `missing` tiles: every entry moves up by that many sets and pairs. The move is a shift of the 16 entries by
/// `slot(sets, pair)` (read from a copy padded with unreachable entries); `outside[sets]` marks the entries the
/// shift cannot reach (fewer than `sets` sets, above `max_sets`, no pair where one was added) as unreachable.
#[inline(always)]
fn merge_shifted(
    target: &mut Distances,
    distances: &Distances,
    sets: usize,
    pair: usize,
    missing: u8,
    outside: &[Distances; CHOWS],
) {
    let mut padded = [INF; 32];
    padded[16..].copy_from_slice(distances);
    let start = 16 - slot(sets, pair);
    let moved = &padded[start..start + 16];
    for ((best, &value), &out) in target.iter_mut().zip(moved).zip(&outside[sets]) {
        *best = (*best).min(value.saturating_add(missing).max(out).min(INF));
    }
}

/// For each pair added (0, 1) and each number of sets added: [`INF`] at the entries [`merge_shifted`] cannot
/// fill (`to_sets < sets`, `to_sets > max_sets`, or no pair where one was added), 0 elsewhere.
fn outside_entries(max_sets: usize) -> [[Distances; CHOWS]; 2] {
    let mut outside = [[[0; 16]; CHOWS]; 2];
    for (pair, by_sets) in outside.iter_mut().enumerate() {
        for (sets, entries) in by_sets.iter_mut().enumerate() {
            for to_pair in 0..2 {
                for to_sets in 0..8 {
                    if to_sets < sets || to_sets > max_sets || to_pair < pair {
                        entries[slot(to_sets, to_pair)] = INF;
                    }
                }
            }
        }
    }
    outside
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::table::NUMBERED;
    use crate::suit_key::suit_key;

    #[test]
    fn full_caps_without_excess_match_the_table() {
        let mut rng = Rng::for_stream(12345, 0, 0);
        for _ in 0..2000 {
            let mut counts = [0u8; 9];
            for c in counts.iter_mut() {
                let word = rng.next_u64();
                *c = ((word >> 33) % 5) as u8 * ((word >> 40) % 2) as u8;
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

    /// Copies beyond the four shorten a suit only through a kind it holds four times: for every suit vector
    /// with each kind held at most three times (of at most 16 tiles: a hand with a ghost), the distances with
    /// the whole excess budget are the four-copy table's. So the ghost batch (`shanten::ghost_code_shanten`)
    /// reads such hands from the tables even where a ghost may be a fifth copy.
    #[test]
    fn excess_helps_only_a_kind_held_four_times() {
        use crate::hand::MAX_SETS;
        use crate::shanten::table::HONOURS;
        const MOST_NATURALS: u8 = 16;
        for (kinds, chows, table) in [(9, true, &*NUMBERED), (7, false, &*HONOURS)] {
            let mut digits = vec![0u8; kinds];
            loop {
                if digits.iter().sum::<u8>() <= MOST_NATURALS {
                    let exact =
                        capped_distances(&digits, &[4; 9][..kinds], chows, MAX_SETS, MAX_EXCESS);
                    let plain = table.distances(suit_key(&digits));
                    assert_eq!(exact.layers[MAX_EXCESS], *plain, "{digits:?}");
                }
                let Some(digit) = digits.iter().position(|&d| d < 3) else {
                    break;
                };
                digits[..digit].fill(0);
                digits[digit] += 1;
            }
        }
    }

    /// Copies beyond the four (up to four ghosts) shorten a numbered suit exactly as the table's splits say
    /// (see `shanten::excess`: more than one copy over never helps it further): checked for every suit vector
    /// holding some kind four times (of at most 16 tiles), which is what lets the ghost batch answer such rows
    /// from the table.
    #[test]
    fn one_excess_copy_is_a_split_pung_or_pair() {
        use crate::hand::MAX_SETS;
        use crate::shanten::excess::{one_excess_distances, SPLIT_EXCESS};
        const MOST_NATURALS: u8 = 16;
        {
            let mut digits = [0u8; 9];
            loop {
                if digits.contains(&4) && digits.iter().sum::<u8>() <= MOST_NATURALS {
                    let exact = capped_distances(&digits, &[4; 9], true, MAX_SETS, SPLIT_EXCESS);
                    for excess in 1..=SPLIT_EXCESS {
                        assert_eq!(
                            exact.layers[excess],
                            one_excess_distances(&digits),
                            "{digits:?}"
                        );
                    }
                }
                let Some(digit) = digits.iter().position(|&d| d < 4) else {
                    break;
                };
                digits[..digit].fill(0);
                digits[digit] += 1;
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

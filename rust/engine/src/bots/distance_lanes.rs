//! Whole-vector operations on distance vectors (the shanten module's layout, entry `pair * 8 + sets`) in
//! [`ByteLanes`]: moving a vector to the targets one set or the pair larger, and the min-plus combination of
//! two vectors — the efficiency bot's inner loops, a few SIMD instructions each instead of a loop over
//! entries.
//!
//! Intermediate vectors mark "unreachable" by the [`INF`] bit rather than by [`INF`] itself: an entry with
//! that bit set stays at least [`INF`] whatever is added to it, so it can never become the least of a
//! reachable target; [`settled`] turns them back into [`INF`].

use super::byte_lanes::ByteLanes;
use crate::hand::MAX_SETS;
use crate::shanten::{slot, Distances, UNREACHABLE};

/// "Unreachable", as in the shanten module's vectors (a single bit, larger than any real distance).
pub const INF: u8 = UNREACHABLE[0];

/// Moves of a whole vector to the targets one set or the pair larger: entry (s, p) to (s + 1, p), or to
/// (s, 1) from (s, 0). The entries nothing moves into get the [`INF`] bit, as do those past [`MAX_SETS`].
pub struct Moves {
    not_from_one_set_less: ByteLanes,
    not_from_pairless: ByteLanes,
}

impl Moves {
    #[inline(always)]
    pub fn new() -> Moves {
        let marked = |unreachable: fn(usize, usize) -> bool| {
            ByteLanes::new(std::array::from_fn(|entry| {
                let (pair, sets) = (entry / 8, entry % 8);
                if unreachable(pair, sets) || sets > MAX_SETS {
                    INF
                } else {
                    0
                }
            }))
        };
        Moves {
            not_from_one_set_less: marked(|_, sets| sets == 0),
            not_from_pairless: marked(|pair, _| pair == 0),
        }
    }

    #[inline(always)]
    pub fn one_more_set(&self, vector: ByteLanes) -> ByteLanes {
        vector.shifted_up::<{ slot(1, 0) as i32 }>(self.not_from_one_set_less)
    }

    #[inline(always)]
    pub fn with_pair(&self, vector: ByteLanes) -> ByteLanes {
        vector.shifted_up::<{ slot(0, 1) as i32 }>(self.not_from_pairless)
    }
}

/// The fewest missing tiles for the union of `a` and `b` (disjoint tile groups) to reach every target of up
/// to `max_sets` sets — the shanten module's `convolve`, entry for entry. For each split `sets` of `a`, the
/// whole of `b` moves up by `sets` at once: `a`'s pairless entry joins both halves of `b`, `a`'s paired
/// entry joins `b`'s pairless half.
pub fn combined(a: &Distances, b: &Distances, max_sets: usize) -> Distances {
    let moves = Moves::new();
    let max_sets = max_sets.min(MAX_SETS);
    let mut b_moved = ByteLanes::load(b);
    let mut b_pairless_moved = moves.with_pair(b_moved);
    let mut best = ByteLanes::splat(INF);
    for sets in 0..=max_sets {
        if sets > 0 {
            b_moved = moves.one_more_set(b_moved);
            b_pairless_moved = moves.one_more_set(b_pairless_moved);
        }
        best = best
            .min(b_moved.plus(a[slot(sets, 0)]))
            .min(b_pairless_moved.plus(a[slot(sets, 1)]));
    }
    settled(best, max_sets)
}

/// `vector` with every entry of more than `max_sets` sets, or above [`INF`], unreachable.
#[inline(always)]
pub fn settled(vector: ByteLanes, max_sets: usize) -> Distances {
    let beyond = ENTRIES_BEYOND.get(max_sets).copied().unwrap_or(0);
    vector
        .min(ByteLanes::splat(INF))
        .max(ByteLanes::new(
            (beyond & u128::from_le_bytes(UNREACHABLE)).to_le_bytes(),
        ))
        .bytes()
}

/// Per set count, all ones in the bytes of the entries of more sets (padding included).
pub const ENTRIES_BEYOND: [u128; MAX_SETS + 1] = entries_beyond();

const fn entries_beyond() -> [u128; MAX_SETS + 1] {
    let mut masks = [0; MAX_SETS + 1];
    let mut sets = 0;
    while sets <= MAX_SETS {
        let mut entry = 0;
        while entry < 16 {
            if entry % 8 > sets {
                masks[sets] |= 0xFF << (8 * entry);
            }
            entry += 1;
        }
        sets += 1;
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::convolve;

    /// A vector with reachable and unreachable entries, padding at [`INF`].
    fn sample(rng: &mut Rng) -> Distances {
        std::array::from_fn(|entry| {
            let value = (rng.next_u64() >> 59) as u8; // 0..32
            if entry % 8 > MAX_SETS || value > 24 {
                INF
            } else {
                value
            }
        })
    }

    #[test]
    fn combined_is_the_shanten_modules_convolve() {
        let mut rng = Rng::for_stream(3, 0, 0);
        for _ in 0..20_000 {
            let (a, b) = (sample(&mut rng), sample(&mut rng));
            for max_sets in 0..=MAX_SETS {
                assert_eq!(
                    combined(&a, &b, max_sets),
                    convolve(&a, &b, max_sets),
                    "{a:?} {b:?} {max_sets}"
                );
            }
        }
    }
}

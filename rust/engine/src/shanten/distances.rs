//! Distance vectors: for a group of tiles (one suit, or a whole hand), the fewest tiles missing to reach every
//! target of `sets` sets and `pair` pairs (sets 0..=5, pair 0..=1), and their min-plus combination.
//!
//! A vector is 16 bytes, entry `pair * 8 + sets`; entries 6, 7, 14 and 15 are padding held at [`INF`], so
//! that a vector fits one SIMD register and the two pair halves line up.

use crate::hand::MAX_SETS;

/// Fewest missing tiles per (sets, pair) target, entry `pair * 8 + sets`.
pub type Distances = [u8; 16];

/// "Unreachable": larger than any real distance (at most 3 × 5 + 2 = 17 tiles), small enough that adding two
/// never overflows a byte.
pub const INF: u8 = 0x40;

/// Entry of `sets` sets and `pair` pairs.
#[inline(always)]
pub const fn slot(sets: usize, pair: usize) -> usize {
    pair * 8 + sets
}

/// A vector with every entry unreachable.
pub const UNREACHABLE: Distances = [INF; 16];

/// The fewest missing tiles for the union of `a` and `b` (disjoint tile groups) to reach every target of up to
/// `max_sets` sets; entries above `max_sets` are left unreachable. Always inlined: with a constant
/// `max_sets` (see [`hand_distance_scalar`]) the loops unroll completely.
#[inline(always)]
pub fn convolve(a: &Distances, b: &Distances, max_sets: usize) -> Distances {
    let mut out = UNREACHABLE;
    for sets in 0..=max_sets.min(MAX_SETS) {
        let mut no_pair = INF;
        let mut with_pair = INF;
        for left in 0..=sets {
            let right = sets - left;
            no_pair = no_pair.min(a[slot(left, 0)] + b[slot(right, 0)]);
            with_pair = with_pair
                .min(a[slot(left, 0)] + b[slot(right, 1)])
                .min(a[slot(left, 1)] + b[slot(right, 0)]);
        }
        out[slot(sets, 0)] = no_pair.min(INF);
        out[slot(sets, 1)] = with_pair.min(INF);
    }
    out
}

/// The fewest missing tiles for four disjoint groups (the three suits and the honours) to form `sets` sets and
/// one pair together. The portable combine, specialised per set count so that every loop unrolls.
pub fn hand_distance_scalar(parts: [&Distances; 4], sets: usize) -> u8 {
    match sets {
        0 => hand_distance_for::<0>(parts),
        1 => hand_distance_for::<1>(parts),
        2 => hand_distance_for::<2>(parts),
        3 => hand_distance_for::<3>(parts),
        4 => hand_distance_for::<4>(parts),
        _ => hand_distance_for::<5>(parts),
    }
}

#[inline(always)]
fn hand_distance_for<const SETS: usize>(parts: [&Distances; 4]) -> u8 {
    let [a, b, c, d] = parts;
    let ab = convolve(a, b, SETS);
    let cd = convolve(c, d, SETS);
    let mut best = INF;
    for left in 0..=SETS {
        let right = SETS - left;
        best = best
            .min(ab[slot(left, 0)] + cd[slot(right, 1)])
            .min(ab[slot(left, 1)] + cd[slot(right, 0)]);
    }
    best
}

/// Distances that may also use up to `excess` copies beyond a kind's cap (wild tiles standing for a fifth
/// copy): `layers[e]` holds the fewest missing tiles over targets whose copies above the caps total at most `e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExcessDistances {
    pub layers: [Distances; MAX_EXCESS + 1],
    pub max_excess: usize,
}

/// Most copies above the caps a hand can cover: one per wild tile.
pub const MAX_EXCESS: usize = 8;

impl ExcessDistances {
    /// Distances of a group for which going over the caps never helps (or is not allowed): every layer equal.
    pub fn flat(distances: Distances, max_excess: usize) -> ExcessDistances {
        ExcessDistances {
            layers: [distances; MAX_EXCESS + 1],
            max_excess,
        }
    }

    /// The min-plus combination of two disjoint groups sharing one excess budget.
    pub fn combine(&self, other: &ExcessDistances, max_sets: usize) -> ExcessDistances {
        let max_excess = self.max_excess.min(other.max_excess);
        let mut layers = [UNREACHABLE; MAX_EXCESS + 1];
        for (total, layer) in layers.iter_mut().enumerate().take(max_excess + 1) {
            for mine in 0..=total {
                let joint = convolve(&self.layers[mine], &other.layers[total - mine], max_sets);
                for (best, value) in layer.iter_mut().zip(joint) {
                    *best = (*best).min(value);
                }
            }
        }
        ExcessDistances { layers, max_excess }
    }

    /// Fewest missing tiles to reach `sets` sets and one pair within the whole excess budget.
    pub fn complete(&self, sets: usize) -> u8 {
        self.layers[self.max_excess][slot(sets, 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vector(entries: &[(usize, usize, u8)]) -> Distances {
        let mut d = UNREACHABLE;
        for &(sets, pair, value) in entries {
            d[slot(sets, pair)] = value;
        }
        d
    }

    #[test]
    fn convolution_takes_the_cheapest_split() {
        let a = vector(&[(0, 0, 0), (1, 0, 2), (0, 1, 1), (1, 1, 3)]);
        let b = vector(&[(0, 0, 0), (1, 0, 1), (0, 1, 2), (1, 1, 2)]);
        let ab = convolve(&a, &b, 2);
        assert_eq!(ab[slot(1, 0)], 1);
        assert_eq!(ab[slot(1, 1)], 2); // a's pair (1) + b's set (1)
        assert_eq!(ab[slot(2, 0)], 3);
        assert_eq!(ab[slot(3, 0)], INF);
    }

    #[test]
    fn hand_distance_matches_generic_convolution() {
        let a = vector(&[
            (0, 0, 0),
            (1, 0, 1),
            (2, 0, 3),
            (0, 1, 1),
            (1, 1, 2),
            (2, 1, 4),
        ]);
        let zero = vector(&[
            (0, 0, 0),
            (1, 0, 3),
            (0, 1, 2),
            (1, 1, 5),
            (2, 0, 6),
            (2, 1, 8),
        ]);
        for sets in 0..=2 {
            let generic = convolve(
                &convolve(&a, &zero, sets),
                &convolve(&zero, &zero, sets),
                sets,
            );
            assert_eq!(
                hand_distance_scalar([&a, &zero, &zero, &zero], sets),
                generic[slot(sets, 1)]
            );
        }
    }
}

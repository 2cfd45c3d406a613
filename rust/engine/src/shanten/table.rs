//! Per-suit distance tables, generated at first use.
//!
//! For every count vector of a suit (keyed base 5 as in [`crate::suit_key`]) the table gives its
//! [`Distances`]: the fewest tiles missing to reach each (sets, pair) target whose counts stay within four
//! copies. Generation (the replacement-number method, our own formulation):
//! 1. by increasing key, which tiles-subsets-first: the targets each vector *contains*, as a bit mask —
//!    a vector contains a target iff removing one of the target's groups leaves a vector that contains the rest;
//! 2. by decreasing key, supersets first: `D(H) = 0` for a contained target, else `1 + min D(H + one tile)` over
//!    the kinds still below four copies (some tile of an optimal target is missing, and adding it brings that
//!    target one tile closer).
//!
//! The 1.95 M vectors of a numbered suit share fewer than 200 distinct distance vectors (83 for the honours),
//! so the table stores a one-byte class per key and the distinct vectors once: 2 MB instead of 31 MB, and the
//! distinct vectors (3 KB) stay in the L1 cache.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::distances::{slot, Distances, INF, UNREACHABLE};
use crate::hand::MAX_SETS;
use crate::prefetch::prefetch;
use crate::suit_key::{HONOR_STATES, SUIT_STATES};
use crate::tile::COPIES;

/// Distances of every count vector of one suit.
pub struct SuitTable {
    class_of: Vec<u8>,
    /// The vector of each class, indexed by a whole byte so that a class needs no bounds check: the slots no
    /// class has ([`NO_CLASS`] among them) hold unreachable.
    classes: Box<[Distances; 256]>,
}

/// A class no vector has (there are at most 187): it reads as unreachable.
pub const NO_CLASS: u8 = u8::MAX;

/// The table of the three numbered suits (chows allowed).
pub static NUMBERED: LazyLock<SuitTable> =
    LazyLock::new(|| SuitTable::generate(9, SUIT_STATES, true));
/// The table of the honours (pungs and pairs only).
pub static HONOURS: LazyLock<SuitTable> =
    LazyLock::new(|| SuitTable::generate(7, HONOR_STATES, false));

impl SuitTable {
    /// Distances of the suit vector with base-5 `key`. Keys come from counts 0..=4, so they are in range; an
    /// out-of-range key (a caller bug) reads as unreachable rather than panicking.
    #[inline(always)]
    pub fn distances(&self, key: usize) -> &Distances {
        match self.class_of.get(key) {
            Some(&class) => &self.classes[usize::from(class)],
            None => &UNREACHABLE,
        }
    }

    /// Starts loading the class of `key` (a hint: see [`prefetch`]).
    #[inline(always)]
    pub fn prefetch(&self, key: usize) {
        if let Some(class) = self.class_of.get(key) {
            prefetch(class);
        }
    }

    /// The distance class of the suit vector with base-5 `key` (out of range: [`NO_CLASS`]).
    #[inline(always)]
    pub fn class(&self, key: usize) -> u8 {
        self.class_of.get(key).copied().unwrap_or(NO_CLASS)
    }

    /// The distances of a class from [`SuitTable::class`]; unreachable for [`NO_CLASS`].
    #[inline(always)]
    pub fn class_distances(&self, class: u8) -> &Distances {
        &self.classes[usize::from(class)]
    }

    /// Number of distinct distance vectors.
    #[cfg(test)]
    fn class_count(&self) -> usize {
        self.class_of
            .iter()
            .max()
            .map_or(0, |&class| usize::from(class) + 1)
    }

    fn generate(kinds: usize, states: usize, chows: bool) -> SuitTable {
        let groups = Group::all(kinds, chows);
        let contained = contained_targets(states, kinds, &groups);
        let distances = distances_by_key(states, kinds, &contained);
        intern(&distances)
    }
}

/// A set or pair inside one suit: the digits it needs and its base-5 key.
struct Group {
    /// `(kind, copies)` it uses.
    needs: Vec<(usize, u8)>,
    key: usize,
    is_pair: bool,
}

impl Group {
    fn all(kinds: usize, chows: bool) -> Vec<Group> {
        let power = |kind: usize| 5usize.pow(kind as u32);
        let mut groups = Vec::new();
        for kind in 0..kinds {
            groups.push(Group {
                needs: vec![(kind, 2)],
                key: 2 * power(kind),
                is_pair: true,
            });
            groups.push(Group {
                needs: vec![(kind, 3)],
                key: 3 * power(kind),
                is_pair: false,
            });
            if chows && kind + 2 < kinds {
                groups.push(Group {
                    needs: vec![(kind, 1), (kind + 1, 1), (kind + 2, 1)],
                    key: power(kind) + power(kind + 1) + power(kind + 2),
                    is_pair: false,
                });
            }
        }
        groups
    }

    fn fits(&self, digits: &[u8]) -> bool {
        self.needs
            .iter()
            .all(|&(kind, copies)| digits[kind] >= copies)
    }

    /// Moves each contained target one group further: a set adds to `sets`, a pair to `pair`.
    fn extend(&self, targets: u16) -> u16 {
        if self.is_pair {
            (targets & PAIRLESS) << 8
        } else {
            (targets & BELOW_MAX_SETS) << 1
        }
    }
}

/// Mask bits follow the [`slot`] layout: bit `pair * 8 + sets`.
const PAIRLESS: u16 = 0x00FF;
const BELOW_MAX_SETS: u16 = ((1 << MAX_SETS) - 1) * 0x0101;
const EMPTY_TARGET: u16 = 1 << slot(0, 0);

/// Step 1: the targets each vector contains, in increasing key order (a vector minus a group has a smaller key).
fn contained_targets(states: usize, kinds: usize, groups: &[Group]) -> Vec<u16> {
    let mut contained = vec![0u16; states];
    let mut digits = vec![0u8; kinds];
    for key in 0..states {
        let mut targets = EMPTY_TARGET;
        for group in groups.iter().filter(|g| g.fits(&digits)) {
            targets |= group.extend(contained[key - group.key]);
        }
        contained[key] = targets;
        increment(&mut digits);
    }
    contained
}

/// Step 2: the distances, in decreasing key order (a vector plus a tile has a larger key).
fn distances_by_key(states: usize, kinds: usize, contained: &[u16]) -> Vec<Distances> {
    let powers: Vec<usize> = (0..kinds).map(|k| 5usize.pow(k as u32)).collect();
    let mut distances = vec![UNREACHABLE; states];
    let mut digits = vec![COPIES; kinds];
    for key in (0..states).rev() {
        let mut closest = UNREACHABLE;
        for (kind, &power) in powers.iter().enumerate() {
            if digits[kind] < COPIES {
                let next = &distances[key + power];
                for (best, &d) in closest.iter_mut().zip(next) {
                    *best = (*best).min(d);
                }
            }
        }
        let here = &mut distances[key];
        for (index, entry) in here.iter_mut().enumerate() {
            *entry = if contained[key] >> index & 1 == 1 {
                0
            } else {
                closest[index].saturating_add(1).min(INF)
            };
        }
        decrement(&mut digits);
    }
    distances
}

/// Stores each distinct vector once.
fn intern(distances: &[Distances]) -> SuitTable {
    let mut index: HashMap<Distances, u8> = HashMap::new();
    let mut classes = Box::new([UNREACHABLE; 256]);
    let mut class_count = 0;
    let class_of = distances
        .iter()
        .map(|d| {
            *index.entry(*d).or_insert_with(|| {
                // 187 classes exist at most (checked by a test), so a byte holds the class and NO_CLASS stays
                // free.
                classes[class_count] = *d;
                class_count += 1;
                (class_count - 1) as u8
            })
        })
        .collect();
    SuitTable { class_of, classes }
}

/// Next base-5 digit vector (lowest kind first), wrapping at the end.
fn increment(digits: &mut [u8]) {
    for digit in digits.iter_mut() {
        if *digit < COPIES {
            *digit += 1;
            return;
        }
        *digit = 0;
    }
}

fn decrement(digits: &mut [u8]) {
    for digit in digits.iter_mut() {
        if *digit > 0 {
            *digit -= 1;
            return;
        }
        *digit = COPIES;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suit_key::suit_key;

    #[test]
    fn classes_fit_in_a_byte() {
        assert!(NUMBERED.class_count() <= usize::from(NO_CLASS));
        assert!(HONOURS.class_count() <= usize::from(NO_CLASS));
        assert_eq!(*NUMBERED.class_distances(NO_CLASS), UNREACHABLE);
        eprintln!(
            "classes: {} numbered, {} honours",
            NUMBERED.class_count(),
            HONOURS.class_count()
        );
        assert_eq!(NUMBERED.class_of.len(), SUIT_STATES);
        assert_eq!(HONOURS.class_of.len(), HONOR_STATES);
    }

    #[test]
    fn known_suit_distances() {
        // 1112345678999: one tile from any (4 sets, pair) — the nine gates wait.
        let gates = NUMBERED.distances(suit_key(&[3, 1, 1, 1, 1, 1, 1, 1, 3]));
        assert_eq!(gates[slot(4, 1)], 1);
        assert_eq!(gates[slot(4, 0)], 0); // 111 234 567 999
                                          // Four 1m: a pung is there, a pair too, but not a pung and a pair (five copies).
        let quad = NUMBERED.distances(suit_key(&[4, 0, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(quad[slot(1, 0)], 0);
        assert_eq!(quad[slot(0, 1)], 0);
        assert_eq!(quad[slot(1, 1)], 2);
        let empty = HONOURS.distances(0);
        assert_eq!(empty[slot(2, 1)], 8);
        assert_eq!(empty[slot(6, 0)], INF);
    }
}

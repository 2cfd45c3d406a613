//! The standard form (sets and a pair): per-suit distances, from the tables when they are exact for the
//! hand, otherwise computed exactly with the hand's caps and wild excess, then combined over the four suits.

use super::capped::capped_distances;
use super::distances::{Distances, ExcessDistances, MAX_EXCESS};
use super::excess::{one_excess_distances, SPLIT_EXCESS};
use super::kernels::{hand_distance, Kernels};
use super::table::{SuitTable, HONOURS, NUMBERED};
use crate::suit_key::{hand_keys_packed, suit_key, SuitKeys};
use crate::tile::{Counts, Suit, COPIES};

/// One suit's contribution to the standard form.
#[derive(Clone, Copy, Debug)]
pub enum SuitPart {
    /// Straight from the table: no cap of the suit can bind and no copy beyond a cap is allowed.
    Table(&'static Distances),
    /// Computed for this hand's caps and excess budget.
    Exact(ExcessDistances),
}

impl SuitPart {
    fn layered(&self, max_excess: usize) -> ExcessDistances {
        match self {
            SuitPart::Table(distances) => ExcessDistances::flat(**distances, max_excess),
            SuitPart::Exact(distances) => *distances,
        }
    }
}

/// The four suits' parts of a hand (man, pin, sou, honours).
#[derive(Clone, Copy, Debug)]
pub struct StandardParts {
    pub suits: [SuitPart; 4],
}

/// What the standard form is asked: the tiles' caps, how many copies wilds may add beyond them, how many sets.
#[derive(Clone, Copy, Debug)]
pub struct StandardQuery<'a> {
    pub caps: &'a Counts,
    pub max_excess: usize,
    pub sets: usize,
}

impl StandardQuery<'_> {
    /// The part of `suit` for `counts`.
    pub fn suit_part(&self, suit: Suit, counts: &Counts) -> SuitPart {
        let range = suit_range(suit);
        let caps = &self.caps[range.clone()];
        let held = &counts[range];
        // Wilds can add a copy beyond a cap only to a kind held within `max_excess` of it: a suit without
        // such a kind never uses the excess, and the four-copy table is exact for it.
        let no_excess = self.max_excess == 0
            || held
                .iter()
                .zip(caps)
                .all(|(&h, &cap)| usize::from(h) + self.max_excess <= usize::from(cap));
        if no_excess
            && caps
                .iter()
                .all(|&cap| cap >= most_copies_of_one_kind(self.sets))
        {
            SuitPart::Table(table_of(suit).distances(suit_key(held)))
        } else {
            SuitPart::Exact(capped_distances(
                held,
                caps,
                suit != Suit::Honor,
                self.sets,
                self.max_excess,
            ))
        }
    }

    /// [`StandardQuery::parts`] of a hand without melds (every cap four): a suit that holds no kind four
    /// times is read from the table whatever the excess budget, since copies beyond four shorten a suit only
    /// through such a kind (`capped::tests::excess_helps_only_a_kind_held_four_times` checks every suit); a
    /// numbered suit that does, with up to four copies of excess, from the table's splits (`super::excess`).
    pub fn uncapped_parts(&self, counts: &Counts) -> StandardParts {
        StandardParts {
            suits: Suit::ALL.map(|suit| {
                let held = &counts[suit_range(suit)];
                let table = table_of(suit).distances(suit_key(held));
                if !held.contains(&COPIES) {
                    SuitPart::Table(table)
                } else if self.max_excess <= SPLIT_EXCESS && suit != Suit::Honor {
                    let mut layers = [one_excess_distances(held); MAX_EXCESS + 1];
                    layers[0] = *table;
                    SuitPart::Exact(ExcessDistances {
                        layers,
                        max_excess: self.max_excess,
                    })
                } else {
                    self.suit_part(suit, counts)
                }
            }),
        }
    }

    pub fn parts(&self, counts: &Counts) -> StandardParts {
        StandardParts {
            suits: Suit::ALL.map(|suit| self.suit_part(suit, counts)),
        }
    }

    /// Fewest missing tiles of the whole hand.
    pub fn missing(&self, parts: &StandardParts) -> u8 {
        if let [SuitPart::Table(a), SuitPart::Table(b), SuitPart::Table(c), SuitPart::Table(d)] =
            parts.suits
        {
            return hand_distance([a, b, c, d], self.sets);
        }
        let [a, b, c, d] = parts.suits.map(|part| part.layered(self.max_excess));
        let ab = a.combine(&b, self.sets);
        let cd = c.combine(&d, self.sets);
        ab.combine(&cd, self.sets).complete(self.sets)
    }
}

/// The most copies of one kind a target of `sets` sets and a pair can use while staying within four: a pair
/// alone uses 2; one set and a pair at most 3 (a pung, or a chow through the pair); two sets can make 4. A cap
/// at least this large never binds, so the four-copy table is exact.
fn most_copies_of_one_kind(sets: usize) -> u8 {
    match sets {
        0 => 2,
        1 => 3,
        _ => COPIES,
    }
}

fn table_of(suit: Suit) -> &'static SuitTable {
    if suit == Suit::Honor {
        &HONOURS
    } else {
        &NUMBERED
    }
}

fn suit_range(suit: Suit) -> std::ops::Range<usize> {
    let base = suit.base() as usize;
    base..base + suit.len() as usize
}

/// The hot path for plain concealed counts (no melds, no wilds): four table lookups and one combine.
#[inline(always)]
pub fn table_missing<K: Kernels>(kernels: K, counts: &Counts, sets: usize) -> u8 {
    table_missing_of_keys(
        kernels,
        hand_keys_packed(counts).map(|key| key as u32),
        sets,
    )
}

/// [`table_missing`] of a hand given by its suit keys.
#[inline(always)]
pub fn table_missing_of_keys<K: Kernels>(kernels: K, keys: SuitKeys, sets: usize) -> u8 {
    let numbered = &*NUMBERED;
    let [man, pin, sou, honours] = keys.map(|key| key as usize);
    kernels.hand_distance(
        [
            numbered.distances(man),
            numbered.distances(pin),
            numbered.distances(sou),
            HONOURS.distances(honours),
        ],
        sets,
    )
}

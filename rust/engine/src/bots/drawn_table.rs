//! For every count vector of a suit, the distance classes of the vectors one tile larger — one per kind of the
//! suit — side by side, so that the efficiency bot's useful-tile count reads a suit's nine (seven) drawn
//! vectors with one random memory access instead of one per kind: the neighbours' keys lie up to 5^8 entries
//! apart in the shanten table, a cache miss each.

use std::sync::LazyLock;

use crate::prefetch::prefetch;
use crate::shanten::{Distances, SuitTable, HONOURS, NO_CLASS, NUMBERED};
use crate::suit_key::{HONOR_STATES, SUIT_STATES};
use crate::tile::COPIES;

/// The drawn classes of every vector of one suit (four-copy distances, as in the shanten table).
pub struct DrawnTable {
    /// Per key, the class after one more tile of each kind; [`NO_CLASS`] where the kind already has four.
    rows: Vec<[u8; 9]>,
    table: &'static SuitTable,
}

/// The numbered suits' drawn classes (18 MB, built at first use).
pub static NUMBERED_DRAWN: LazyLock<DrawnTable> =
    LazyLock::new(|| DrawnTable::build(&NUMBERED, 9, SUIT_STATES));
/// The honours' drawn classes.
pub static HONOURS_DRAWN: LazyLock<DrawnTable> =
    LazyLock::new(|| DrawnTable::build(&HONOURS, 7, HONOR_STATES));

impl DrawnTable {
    fn build(table: &'static SuitTable, kinds: usize, states: usize) -> DrawnTable {
        let rows = (0..states)
            .map(|key| {
                let mut row = [NO_CLASS; 9];
                let mut power = 1;
                for class in row.iter_mut().take(kinds) {
                    if (key / power) % 5 < usize::from(COPIES) {
                        *class = table.class(key + power);
                    }
                    power *= 5;
                }
                row
            })
            .collect();
        DrawnTable { rows, table }
    }

    /// The classes after one more tile of each kind of the suit vector with base-5 `key` (all [`NO_CLASS`]
    /// for a key out of range).
    #[inline(always)]
    pub fn row(&self, key: usize) -> [u8; 9] {
        self.rows.get(key).copied().unwrap_or([NO_CLASS; 9])
    }

    /// Starts loading the row of `key` (a hint: see [`prefetch`]).
    #[inline(always)]
    pub fn prefetch(&self, key: usize) {
        if let Some(row) = self.rows.get(key) {
            prefetch(row);
        }
    }

    /// The distances of a class of [`DrawnTable::row`].
    #[inline(always)]
    pub fn distances(&self, class: u8) -> &Distances {
        self.table.class_distances(class)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suit_key::counts_of_key;

    #[test]
    fn rows_hold_the_tables_vectors_one_tile_larger() {
        for (drawn, table, kinds, states) in [
            (&*NUMBERED_DRAWN, &*NUMBERED, 9, SUIT_STATES),
            (&*HONOURS_DRAWN, &*HONOURS, 7, HONOR_STATES),
        ] {
            for key in (0..states).step_by(997) {
                let counts = counts_of_key(key, kinds);
                let row = drawn.row(key);
                for kind in 0..kinds {
                    let mut larger = counts;
                    larger[kind] += 1;
                    let expected = if larger[kind] > COPIES {
                        crate::shanten::UNREACHABLE
                    } else {
                        *table.distances(crate::suit_key::suit_key(&larger[..kinds]))
                    };
                    assert_eq!(*drawn.distances(row[kind]), expected, "{counts:?} + {kind}");
                }
            }
        }
    }
}

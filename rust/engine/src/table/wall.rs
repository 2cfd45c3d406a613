//! The wall of one deal: the ruleset's tile set shuffled from (seed, deal index) alone. Ordinary draws come
//! from the head, kong and flower replacements from the tail of the same wall; the last `reserved_tail` tiles
//! are never drawn (0 by default: no dead wall, RULES.md §1.3, OC-16).
//!
//! A wall position holds a *wall code*: 0..34 a playing-tile kind, 34..42 the flowers 1f..8f (which never
//! enter a hand's counts).

use super::table_rules::TableRules;
use crate::error::{EngineError, Result};
use crate::rng::{Rng, WALL_STREAM};
use crate::tile::{Tile, COPIES, NUM_FLOWERS, NUM_KINDS};

/// Tiles in the 136-tile set: four of each of the 34 kinds, no flowers.
pub const WALL_SIZE: usize = NUM_KINDS * COPIES as usize;
/// The wall code of flower 0 (1f); flower f is `FIRST_FLOWER + f`.
pub const FIRST_FLOWER: u8 = NUM_KINDS as u8;

/// What a wall position holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallTile {
    Tile(Tile),
    /// Flower 0..8 (1f..8f).
    Flower(u8),
}

impl WallTile {
    #[inline]
    fn of(code: u8) -> WallTile {
        match Tile::new(code) {
            Some(tile) => WallTile::Tile(tile),
            None => WallTile::Flower(code - FIRST_FLOWER),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Wall {
    codes: Vec<u8>,
    /// Index of the next head draw.
    head: usize,
    /// One past the index of the next tail draw.
    tail: usize,
    /// Tiles at the end never drawn.
    reserved: usize,
}

/// The sorted tile set of `rules` (kind 0 four times, then kind 1, …, then the flowers) into `codes`.
fn fill_sorted(codes: &mut Vec<u8>, rules: &TableRules) {
    codes.clear();
    for kind in (0..NUM_KINDS as u8).filter(|k| rules.kinds & (1 << k) != 0) {
        codes.extend([kind; COPIES as usize]);
    }
    codes.extend((0..rules.flowers).map(|f| FIRST_FLOWER + f));
}

impl Wall {
    /// The sorted set shuffled with the deal's wall stream.
    pub fn for_deal(seed: u64, deal: u64, rules: &TableRules) -> Wall {
        let mut wall = Wall::unchecked(Vec::with_capacity(rules.tile_count()), rules);
        wall.reshuffle(seed, deal, rules);
        wall
    }

    /// Turns this wall, in place, into the full wall of `deal`, as [`Wall::for_deal`] builds it.
    pub fn reshuffle(&mut self, seed: u64, deal: u64, rules: &TableRules) {
        fill_sorted(&mut self.codes, rules);
        Rng::for_stream(seed, deal, WALL_STREAM).shuffle(&mut self.codes);
        self.head = 0;
        self.tail = self.codes.len();
        self.reserved = usize::from(rules.reserved_tail);
    }

    /// A wall in a given order (a replayed log, a constructed scenario): exactly the tile set of `rules`.
    pub fn from_codes(codes: Vec<u8>, rules: &TableRules) -> Result<Wall> {
        let expected = rules.tile_count();
        if codes.len() != expected {
            return Err(EngineError::argument(format!(
                "a wall holds {expected} tiles, not {}",
                codes.len()
            )));
        }
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        let mut set = Vec::with_capacity(expected);
        fill_sorted(&mut set, rules);
        if let Some(at) = (0..expected).find(|&i| sorted[i] != set[i]) {
            let code = sorted[at].min(set[at]);
            let count = |list: &[u8]| list.iter().filter(|&&c| c == code).count();
            return Err(EngineError::argument(format!(
                "a wall holds the ruleset's tile set, but wall code {code} appears {} times instead of {}",
                count(&sorted),
                count(&set)
            )));
        }
        Ok(Wall::unchecked(codes, rules))
    }

    /// A 136-tile wall of playing tiles in a given order, four of each kind.
    pub fn from_tiles(tiles: Vec<Tile>) -> Result<Wall> {
        let codes = tiles.iter().map(|t| t.index()).collect();
        Wall::from_codes(codes, &TableRules::default())
    }

    fn unchecked(codes: Vec<u8>, rules: &TableRules) -> Wall {
        let tail = codes.len();
        Wall {
            codes,
            head: 0,
            tail,
            reserved: usize::from(rules.reserved_tail),
        }
    }

    /// Tiles left to draw (the reserved tail excluded; draws stop at it, so it is always there).
    #[inline]
    pub fn remaining(&self) -> usize {
        self.tail - self.head - self.reserved
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.tail - self.head == self.reserved
    }

    /// The next tile from the head, if any.
    #[inline]
    pub fn draw(&mut self) -> Option<WallTile> {
        if self.is_empty() {
            return None;
        }
        self.head += 1;
        Some(WallTile::of(self.codes[self.head - 1]))
    }

    /// The last drawable tile of the wall (a kong or flower replacement), if any.
    #[inline]
    pub fn draw_replacement(&mut self) -> Option<WallTile> {
        if self.is_empty() {
            return None;
        }
        self.tail -= 1;
        Some(WallTile::of(self.codes[self.tail]))
    }

    /// The whole wall in its shuffled order as wall codes, drawn tiles included (for the deal's log).
    pub fn order(&self) -> &[u8] {
        &self.codes
    }

    /// The wall codes not drawn yet, the reserved tail included.
    pub fn undrawn(&self) -> &[u8] {
        &self.codes[self.head..self.tail]
    }
}

/// Whether `code` is a wall code (a kind or one of the 8 flowers).
pub fn is_wall_code(code: u8) -> bool {
    code < FIRST_FLOWER + NUM_FLOWERS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::table_rules::TableRulesSpec;

    fn rules() -> TableRules {
        TableRules::default()
    }

    #[test]
    fn head_and_tail_meet() {
        let mut wall = Wall::for_deal(5, 9, &rules());
        let last = WallTile::of(wall.order()[WALL_SIZE - 1]);
        assert_eq!(wall.draw_replacement(), Some(last));
        let mut drawn = 1;
        while wall.draw().is_some() {
            drawn += 1;
        }
        assert_eq!(drawn, WALL_SIZE);
        assert_eq!(wall.draw_replacement(), None);
    }

    #[test]
    fn the_reserved_tail_is_never_drawn() {
        let reserved = TableRules {
            reserved_tail: 16,
            ..rules()
        };
        let mut wall = Wall::for_deal(5, 9, &reserved);
        let mut drawn = 0;
        while wall.draw().is_some() || wall.draw_replacement().is_some() {
            drawn += 1;
        }
        assert_eq!((drawn, wall.undrawn().len()), (WALL_SIZE - 16, 16));
    }

    #[test]
    fn flowers_join_the_set() {
        let spec = TableRulesSpec {
            suits: &["m", "p", "s"],
            honours: true,
            flowers: 8,
            hand: 13,
            reserved_tail: 0,
            chi: "next_seat",
            pon: true,
            melded_kong: true,
            added_kong: true,
            concealed_kong: true,
            robbable_kongs: &["added"],
            win_sources: &["self_draw", "discard", "robbing_kong"],
            several_winners: "first",
            missed_win: "off",
            winners_to_end: 1,
            dealer_stays: "win_or_draw",
            abortive_draws: false,
            settlement: "mcr",
        };
        let with_flowers = TableRules::new(&spec).expect("valid");
        let wall = Wall::for_deal(1, 1, &with_flowers);
        assert_eq!(wall.order().len(), 144);
        let flowers = wall.order().iter().filter(|&&c| c >= FIRST_FLOWER).count();
        assert_eq!(flowers, 8);
        assert!(Wall::from_codes(wall.order().to_vec(), &with_flowers).is_ok());
        assert!(Wall::from_codes(wall.order().to_vec(), &rules()).is_err());
    }

    #[test]
    fn from_tiles_checks_size_and_copies() {
        let order: Vec<Tile> = Wall::for_deal(0, 0, &rules())
            .order()
            .iter()
            .filter_map(|&c| Tile::new(c))
            .collect();
        assert!(Wall::from_tiles(order.clone()).is_ok());
        assert!(Wall::from_tiles(order[1..].to_vec()).is_err());
        let mut five = order;
        five[0] = five[1];
        assert!(Wall::from_tiles(five).is_err());
    }

    #[test]
    fn a_deal_wall_depends_on_seed_and_index_only() {
        let rules = rules();
        let wall = |seed, deal| Wall::for_deal(seed, deal, &rules);
        assert_eq!(wall(1, 2).order(), wall(1, 2).order());
        assert_ne!(wall(1, 2).order(), wall(1, 3).order());
        let mut reused = wall(1, 3);
        reused.draw();
        reused.draw_replacement();
        reused.reshuffle(1, 2, &rules);
        assert_eq!(reused.order(), wall(1, 2).order());
        assert_eq!(reused.remaining(), WALL_SIZE);
    }
}

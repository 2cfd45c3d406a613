//! The wall of one deal: 136 tiles shuffled from (seed, deal index) alone. Ordinary draws come from the head,
//! kong replacements from the tail of the same wall; there is no dead wall (RULES.md §1.3, OC-16).

use super::rng::{Rng, WALL_STREAM};
use crate::error::{EngineError, Result};
use crate::tile::{Tile, COPIES, NUM_KINDS};

/// Tiles in a 鸡平胡 set: four of each of the 34 kinds, no flowers.
pub const WALL_SIZE: usize = NUM_KINDS * COPIES as usize;

#[derive(Clone, Debug)]
pub struct Wall {
    tiles: Vec<Tile>,
    /// Index of the next head draw.
    head: usize,
    /// One past the index of the next tail draw.
    tail: usize,
}

impl Wall {
    /// The sorted set (kind 0 four times, then kind 1, …) shuffled with the deal's wall stream.
    pub fn for_deal(seed: u64, deal: u64) -> Wall {
        let mut wall = Wall::unchecked(Vec::with_capacity(WALL_SIZE));
        wall.reshuffle(seed, deal);
        wall
    }

    /// Turns this wall, in place, into the full wall of `deal`, as [`Wall::for_deal`] builds it.
    pub fn reshuffle(&mut self, seed: u64, deal: u64) {
        self.tiles.clear();
        for tile in (0..NUM_KINDS as u8).filter_map(Tile::new) {
            self.tiles.extend([tile; COPIES as usize]);
        }
        Rng::for_stream(seed, deal, WALL_STREAM).shuffle(&mut self.tiles);
        self.head = 0;
        self.tail = self.tiles.len();
    }

    /// A wall in a given order (a replayed log, a constructed scenario): 136 tiles, four of each kind.
    pub fn from_tiles(tiles: Vec<Tile>) -> Result<Wall> {
        if tiles.len() != WALL_SIZE {
            return Err(EngineError::argument(format!(
                "a wall holds {WALL_SIZE} tiles, not {}",
                tiles.len()
            )));
        }
        let mut counts = [0u8; NUM_KINDS];
        for tile in &tiles {
            counts[tile.index() as usize] += 1;
        }
        if let Some(kind) = counts.iter().position(|&c| c != COPIES) {
            return Err(EngineError::argument(format!(
                "a wall holds each kind 4 times, but kind {kind} appears {} times",
                counts[kind]
            )));
        }
        Ok(Wall::unchecked(tiles))
    }

    fn unchecked(tiles: Vec<Tile>) -> Wall {
        let tail = tiles.len();
        Wall {
            tiles,
            head: 0,
            tail,
        }
    }

    /// Tiles left to draw.
    pub fn remaining(&self) -> usize {
        self.tail - self.head
    }

    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// The next tile from the head, if any.
    pub fn draw(&mut self) -> Option<Tile> {
        let tile = *self.tiles[..self.tail].get(self.head)?;
        self.head += 1;
        Some(tile)
    }

    /// The last tile of the wall (a kong replacement), if any.
    pub fn draw_replacement(&mut self) -> Option<Tile> {
        if self.is_empty() {
            return None;
        }
        self.tail -= 1;
        Some(self.tiles[self.tail])
    }

    /// The whole wall in its shuffled order, drawn tiles included (for the deal's log).
    pub fn order(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tiles not drawn yet.
    pub fn undrawn(&self) -> &[Tile] {
        &self.tiles[self.head..self.tail]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_and_tail_meet() {
        let mut wall = Wall::for_deal(5, 9);
        let last = wall.order()[WALL_SIZE - 1];
        assert_eq!(wall.draw_replacement(), Some(last));
        let mut drawn = 1;
        while wall.draw().is_some() {
            drawn += 1;
        }
        assert_eq!(drawn, WALL_SIZE);
        assert_eq!(wall.draw_replacement(), None);
    }

    #[test]
    fn from_tiles_checks_size_and_copies() {
        let order = Wall::for_deal(0, 0).order().to_vec();
        assert!(Wall::from_tiles(order.clone()).is_ok());
        assert!(Wall::from_tiles(order[1..].to_vec()).is_err());
        let mut five = order;
        five[0] = five[1];
        assert!(Wall::from_tiles(five).is_err());
    }

    #[test]
    fn a_deal_wall_depends_on_seed_and_index_only() {
        assert_eq!(Wall::for_deal(1, 2).order(), Wall::for_deal(1, 2).order());
        assert_ne!(Wall::for_deal(1, 2).order(), Wall::for_deal(1, 3).order());
        let mut reused = Wall::for_deal(1, 3);
        reused.draw();
        reused.draw_replacement();
        reused.reshuffle(1, 2);
        assert_eq!(reused.order(), Wall::for_deal(1, 2).order());
        assert_eq!(reused.remaining(), WALL_SIZE);
    }
}

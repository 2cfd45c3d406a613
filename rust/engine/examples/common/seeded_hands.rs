//! Seeded hands for the timing examples (each includes this file with `#[path]`; it is not an example of
//! its own). A small linear congruential generator keeps the inputs identical from run to run and from
//! example to example, with no dependency.

#![allow(dead_code)] // each example uses the generators it needs

use mjcore_engine::{Counts, NUM_KINDS};

/// Draws below `n` from a 64-bit LCG started at `seed`.
pub struct Draws(u64);

impl Draws {
    pub fn new(seed: u64) -> Draws {
        Draws(seed)
    }

    /// A number in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// `count` hands drawn from a full set of 136 tiles; hand `i` holds `tiles_of(i)` tiles.
pub fn random_hands(count: usize, seed: u64, tiles_of: impl Fn(usize) -> usize) -> Vec<Counts> {
    let mut draws = Draws::new(seed);
    (0..count)
        .map(|i| {
            let mut wall: Vec<usize> = (0..NUM_KINDS * 4).map(|t| t / 4).collect();
            let mut hand = [0u8; NUM_KINDS];
            for _ in 0..tiles_of(i) {
                let pick = draws.below(wall.len());
                hand[wall.swap_remove(pick)] += 1;
            }
            hand
        })
        .collect()
}

/// `count` complete 14-tile hands of four random sets (chow or pung, evenly) and a random pair, as the Python
/// benchmarks draw them.
pub fn winning_counts(count: usize, seed: u64) -> Vec<Counts> {
    let mut draws = Draws::new(seed);
    let mut hands = Vec::with_capacity(count);
    while hands.len() < count {
        let mut counts: Counts = [0; NUM_KINDS];
        for _ in 0..4 {
            if draws.below(2) == 0 {
                let start = draws.below(3) * 9 + draws.below(7);
                for count in &mut counts[start..start + 3] {
                    *count += 1;
                }
            } else {
                counts[draws.below(NUM_KINDS)] += 3;
            }
        }
        counts[draws.below(NUM_KINDS)] += 2;
        if counts.iter().all(|&c| c <= 4) {
            hands.push(counts);
        }
    }
    hands
}

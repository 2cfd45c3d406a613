//! Seeded hands for the timing examples (each includes this file with `#[path]`; it is not an example of
//! its own). The engine's seeded generator keeps the inputs identical from run to run and from example to
//! example.

#![allow(dead_code)] // each example uses the generators it needs

use mjcore_engine::rng::Rng;
use mjcore_engine::{Counts, NUM_KINDS};

/// The engine's own seeded generator (the one the simulator deals with): a number in 0..n.
fn below(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// `count` hands drawn from a full set of 136 tiles; hand `i` holds `tiles_of(i)` tiles.
pub fn random_hands(count: usize, seed: u64, tiles_of: impl Fn(usize) -> usize) -> Vec<Counts> {
    let mut rng = Rng::for_stream(seed, 0, 0);
    (0..count)
        .map(|i| {
            let mut wall: Vec<usize> = (0..NUM_KINDS * 4).map(|t| t / 4).collect();
            let mut hand = [0u8; NUM_KINDS];
            for _ in 0..tiles_of(i) {
                let pick = below(&mut rng, wall.len());
                hand[wall.swap_remove(pick)] += 1;
            }
            hand
        })
        .collect()
}

/// `count` complete 14-tile hands of four random sets (chow or pung, evenly) and a random pair, as the Python
/// benchmarks draw them.
pub fn winning_counts(count: usize, seed: u64) -> Vec<Counts> {
    let mut rng = Rng::for_stream(seed, 0, 0);
    let mut hands = Vec::with_capacity(count);
    while hands.len() < count {
        let mut counts: Counts = [0; NUM_KINDS];
        for _ in 0..4 {
            if below(&mut rng, 2) == 0 {
                let start = below(&mut rng, 3) * 9 + below(&mut rng, 7);
                for count in &mut counts[start..start + 3] {
                    *count += 1;
                }
            } else {
                counts[below(&mut rng, NUM_KINDS)] += 3;
            }
        }
        counts[below(&mut rng, NUM_KINDS)] += 2;
        if counts.iter().all(|&c| c <= 4) {
            hands.push(counts);
        }
    }
    hands
}

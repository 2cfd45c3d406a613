//! Times `decompose` on seeded random complete 14-tile standard hands (four sets and a pair, as the Python
//! benchmark draws them), default forms: `cargo run --release --example decompose_speed [HANDS]`.
//! For instruction counts independent of machine load, run it under `valgrind --tool=callgrind`.

use std::hint::black_box;
use std::time::Instant;

use mjcore_engine::{decompose, Counts, FormOptions, Hand, NUM_KINDS};

fn main() {
    let count = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let hands = winning_hands(count, 41);
    let opts = FormOptions::default();
    // The first call builds the win tables: not part of the timing.
    let _ = black_box(decompose(&hands[0], opts).map(|d| d.len()));
    let started = Instant::now();
    let found: usize = hands
        .iter()
        .map(|hand| decompose(black_box(hand), opts).map_or(0, |d| d.len()))
        .sum();
    let elapsed = started.elapsed();
    println!(
        "{:.1} ns/hand, {:.3} decompositions/hand",
        elapsed.as_nanos() as f64 / count as f64,
        found as f64 / count as f64
    );
}

/// `count` complete hands of four random sets (chow or pung, evenly) and a random pair.
fn winning_hands(count: usize, seed: u64) -> Vec<Hand> {
    let mut state = seed;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let mut hands = Vec::with_capacity(count);
    while hands.len() < count {
        let mut counts: Counts = [0; NUM_KINDS];
        for _ in 0..4 {
            if next(2) == 0 {
                let start = next(3) * 9 + next(7);
                for count in &mut counts[start..start + 3] {
                    *count += 1;
                }
            } else {
                counts[next(NUM_KINDS)] += 3;
            }
        }
        counts[next(NUM_KINDS)] += 2;
        if counts.iter().all(|&c| c <= 4) {
            hands.push(Hand::from_counts(counts));
        }
    }
    hands
}

//! Times `decompose` on seeded random complete 14-tile standard hands (four sets and a pair, as the Python
//! benchmark draws them), default forms: `cargo run --release --example decompose_speed [HANDS]`.
//! For instruction counts independent of machine load, run it under `valgrind --tool=callgrind`.

use std::hint::black_box;
use std::time::Instant;

use mjcore_engine::{decompose, FormOptions, Hand};
use seeded_hands::winning_counts;

#[path = "common/seeded_hands.rs"]
mod seeded_hands;

fn main() {
    let count = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000);
    let hands: Vec<Hand> = winning_counts(count, 41)
        .into_iter()
        .map(Hand::from_counts)
        .collect();
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

//! Times the hot shanten entries on a million seeded random 13/14-tile hands:
//! `cargo run --release --example shanten_speed [FORM BITS...]` (default: 1, 7 and 15).
//! Reports on-CPU time of this thread (from /proc/thread-self/schedstat), so a busy machine does not inflate it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mjcore_engine::{shanten_counts, shanten_counts_into, FormOptions, FormSet};
use seeded_hands::random_hands;

#[path = "common/seeded_hands.rs"]
mod seeded_hands;

const HANDS: usize = 1_000_000;

fn main() {
    let hands = random_hands(HANDS, 1, |i| 13 + i % 2);
    let started = Instant::now();
    black_box(shanten_counts(&hands[0], FormOptions::default()));
    println!("tables ready in {:?}", started.elapsed());
    let mut bits: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if bits.is_empty() {
        bits = vec![FormSet::STANDARD.0, 7, FormSet::ALL.0];
    }
    for forms in bits.into_iter().filter_map(FormSet::from_bits) {
        let opts = FormOptions::with_forms(forms);
        let (single, single_sum) = on_cpu(|| {
            hands
                .iter()
                .map(|hand| shanten_counts(black_box(hand), opts).unwrap_or(0) as i64)
                .sum::<i64>()
        });
        let (batch, batch_sum) = on_cpu(|| {
            let mut out = vec![0i8; hands.len()];
            shanten_counts_into(hands.iter(), &mut out, opts);
            out.iter().map(|&s| s as i64).sum::<i64>()
        });
        let per_hand = |d: Duration| d.as_nanos() as f64 / hands.len() as f64;
        println!(
            "forms {:2}: {:.1} ns/hand single calls, {:.1} ns/hand batch (checksums {single_sum} {batch_sum})",
            forms.0,
            per_hand(single),
            per_hand(batch),
        );
    }
}

/// Runs `work` and returns the CPU time this thread spent on it, with its result.
fn on_cpu<T>(work: impl FnOnce() -> T) -> (Duration, T) {
    let before = cpu_time();
    let result = work();
    (cpu_time() - before, result)
}

/// Time this thread has spent on a CPU.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    let nanos = stat
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    Duration::from_nanos(nanos)
}

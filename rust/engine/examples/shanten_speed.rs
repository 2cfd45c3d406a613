//! Times the hot shanten entry on seeded random 13/14-tile hands:
//! `cargo run --release --example shanten_speed [FORM BITS...]`.
//! Reports on-CPU time of this thread (from /proc/thread-self/schedstat), so a busy machine does not inflate it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mjcore_engine::{shanten_counts, shanten_counts_into, Counts, FormOptions, FormSet, NUM_KINDS};

fn random_hands(count: usize, seed: u64) -> Vec<Counts> {
    let mut state = seed;
    let mut next = move |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    (0..count)
        .map(|i| {
            let mut wall: Vec<usize> = (0..NUM_KINDS * 4).map(|t| t / 4).collect();
            let mut hand = [0u8; NUM_KINDS];
            for _ in 0..13 + i % 2 {
                let pick = next(wall.len());
                hand[wall.swap_remove(pick)] += 1;
            }
            hand
        })
        .collect()
}

fn main() {
    let hands = random_hands(1_000_000, 1);
    let hands: Vec<Counts> = if std::env::var("FEW").is_ok() {
        hands[..1000]
            .iter()
            .cycle()
            .take(1_000_000)
            .copied()
            .collect()
    } else {
        hands
    };
    let started = Instant::now();
    black_box(shanten_counts(&hands[0], FormOptions::default()));
    println!("tables ready in {:?}", started.elapsed());
    let wanted: Vec<u8> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    for forms in [FormSet::STANDARD, FormSet(7), FormSet::ALL] {
        if !wanted.is_empty() && !wanted.contains(&forms.0) {
            continue;
        }
        let opts = FormOptions::with_forms(forms);
        let cpu = cpu_time();
        let mut total = 0i64;
        for hand in &hands {
            total += shanten_counts(black_box(hand), opts).unwrap_or(0) as i64;
        }
        let cpu_single = cpu_time() - cpu;
        let cpu = cpu_time();
        let mut out = vec![0i8; hands.len()];
        shanten_counts_into(hands.iter(), &mut out, opts);
        let cpu_batch = cpu_time() - cpu;
        let batch_total: i64 = out.iter().map(|&s| s as i64).sum();
        let per_hand = |d: Duration| d.as_nanos() as f64 / hands.len() as f64;
        println!(
            "forms {:2}: {:.1} ns/hand single calls, {:.1} ns/hand batch, on CPU (checksums {total} {batch_total})",
            forms.0,
            per_hand(cpu_single),
            per_hand(cpu_batch),
        );
    }
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

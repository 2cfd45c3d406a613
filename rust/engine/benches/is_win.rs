//! Single-core throughput of the table-driven win check (`cargo bench --bench is_win`). Standard library
//! only: the figure is nanoseconds per hand over a few million hands.

use std::hint::black_box;
use std::time::Instant;

use mjcore_engine::{is_win_counts, Counts, FormSet, NUM_KINDS};

/// splitmix64, seeded, so every run measures the same hands.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Random 14-tile hands drawn from a full set (no kind above 4).
fn random_hands(count: usize, seed: u64) -> Vec<Counts> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            let mut counts = [0u8; NUM_KINDS];
            let mut drawn = 0;
            while drawn < 14 {
                let kind = (next(&mut state) % NUM_KINDS as u64) as usize;
                if counts[kind] < 4 {
                    counts[kind] += 1;
                    drawn += 1;
                }
            }
            counts
        })
        .collect()
}

/// Random winning hands: four random sets and a pair.
fn winning_hands(count: usize, seed: u64) -> Vec<Counts> {
    let mut state = seed;
    let mut hands = Vec::with_capacity(count);
    while hands.len() < count {
        let mut counts = [0u8; NUM_KINDS];
        counts[(next(&mut state) % NUM_KINDS as u64) as usize] += 2;
        for _ in 0..4 {
            let roll = next(&mut state);
            if roll % 2 == 0 {
                counts[(roll / 2 % NUM_KINDS as u64) as usize] += 3;
            } else {
                let start = (roll / 2 % 3 * 9 + roll / 6 % 7) as usize;
                counts[start..start + 3].iter_mut().for_each(|c| *c += 1);
            }
        }
        if counts.iter().all(|&c| c <= 4) {
            hands.push(counts);
        }
    }
    hands
}

/// The machine is shared, so each figure is the best of many short runs over a slice of the hands: the
/// run least disturbed by other processes.
fn measure(label: &str, hands: &[Counts], forms: FormSet) {
    const SLICE: usize = 100_000;
    let _warm_tables = is_win_counts(&hands[0], forms);
    let mut best = f64::INFINITY;
    let mut wins = 0usize;
    for slice in hands.chunks(SLICE).cycle().take(60) {
        let start = Instant::now();
        for hand in slice {
            wins += usize::from(is_win_counts(black_box(hand), forms));
        }
        best = best.min(start.elapsed().as_nanos() as f64 / slice.len() as f64);
    }
    println!(
        "{label:<22} forms {:>2}: {best:6.2} ns/hand (best of 60 runs; {wins} wins)",
        forms.0
    );
}

fn main() {
    let random = random_hands(2_000_000, 1);
    let winning = winning_hands(2_000_000, 2);
    for forms in [FormSet::STANDARD, FormSet(7), FormSet::ALL] {
        measure("random 14-tile hands", &random, forms);
        measure("winning hands", &winning, forms);
    }
}

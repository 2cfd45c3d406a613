//! The fuzz targets of `mjcore_engine::fuzz_targets` on stable Rust: seeded random inputs — random bytes, and
//! random tile notation text (digits, suit letters, brackets, any Unicode) for the parser — fed to every
//! target for a given time, round-robin. A panic stops the run with the seed and input that caused it (exit
//! code 101); otherwise it prints the inputs run per target. The same targets run under cargo-fuzz from
//! `fuzz/` where nightly Rust is available.
//!
//! `cargo run -p mjcore-engine --example fuzz_drive -- [SECONDS] [SEED]` (default 60 s, seed 0): the dev profile,
//! whose engine is optimised (the workspace Cargo.toml) and keeps overflow checks and debug assertions on.

use std::time::{Duration, Instant};

use mjcore_engine::fuzz_targets::{deal_step, notation, scorers};
use mjcore_engine::rng::Rng;

/// Characters tile notation is made of, and some it is not.
const NOTATION: &[&str] = &[
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "m", "p", "s", "z", "f", "[", "]", "{", "}",
    "(", ")", " ", "-", "'", "万", "条", "筒", "東", "中", "\u{0}", "\u{fffd}", "🀄", "é", "m9",
    "123", "111z",
];

/// A fuzz target: a function of any bytes that must not panic.
type Target = fn(&[u8]);

fn random_bytes(rng: &mut Rng, most: usize) -> Vec<u8> {
    let len = (rng.next_u64() as usize) % (most + 1);
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

fn random_notation(rng: &mut Rng) -> Vec<u8> {
    let pieces = (rng.next_u64() % 24) as usize;
    (0..pieces)
        .map(|_| NOTATION[(rng.next_u64() as usize) % NOTATION.len()])
        .collect::<String>()
        .into_bytes()
}

fn main() {
    let arg = |n: usize, default: u64| {
        std::env::args()
            .nth(n)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let seconds = arg(1, 60);
    let seed = arg(2, 0);
    let targets: [(&str, Target); 3] = [
        ("notation", notation),
        ("scorers", scorers),
        ("deal_step", deal_step),
    ];
    let mut runs = [0u64; 3];
    let started = Instant::now();
    let mut rng = Rng::for_stream(seed, 0, 0xF022);
    let mut round = 0u64;
    while started.elapsed() < Duration::from_secs(seconds) {
        for (t, (name, target)) in targets.iter().enumerate() {
            let input = match (t, round % 2) {
                (0, 0) => random_notation(&mut rng),
                (2, _) => random_bytes(&mut rng, 2048),
                _ => random_bytes(&mut rng, 256),
            };
            let caught = std::panic::catch_unwind(|| target(&input));
            if caught.is_err() {
                eprintln!(
                    "fuzz_drive: {name} panicked on input {input:?} (seed {seed}, round {round})"
                );
                std::process::exit(101);
            }
            runs[t] += 1;
        }
        round += 1;
    }
    let total: u64 = runs.iter().sum();
    println!(
        "fuzz_drive: {total} inputs in {seconds} s, 0 panics — notation {}, scorers {}, deal_step {} (seed {seed})",
        runs[0], runs[1], runs[2]
    );
}

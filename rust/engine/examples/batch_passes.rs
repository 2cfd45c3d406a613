//! Times the two passes of a batch call separately on a million seeded random hands, per form selection:
//! the encoding of the rows (`row_code::encode_rows`, the pass made with the GIL held) and the table work
//! from the codes (`shanten_codes_into`, `is_win_codes_into`):
//! `cargo run --release -p mjcore-engine --example batch_passes [TILES] [HANDS] [FORM BITS...]` (default 14
//! tiles, a million hands, forms 1, 7 and 15; under `valgrind --tool=callgrind` use fewer hands and read the
//! instruction counts per pass).
//! Reports the best wall-clock time of five runs (the scheduler's CPU-time counters tick too coarsely for a
//! pass of a few milliseconds), so run it on an idle machine.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mjcore_engine::row_code::{encode_rows, Purpose, RowCode};
use mjcore_engine::{is_win_codes_into, shanten_codes_into, FormOptions, FormSet};

use seeded_hands::random_hands;

#[path = "common/seeded_hands.rs"]
mod seeded_hands;

const RUNS: usize = 5;

fn main() {
    let argument = |n: usize, default: usize| {
        std::env::args()
            .nth(n)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let (tiles, count) = (argument(1, 14), argument(2, 1_000_000));
    let hands = random_hands(count, 1, |_| tiles);
    let mut codes = vec![RowCode::default(); count];
    let mut shanten = vec![0i8; count];
    let mut wins = vec![false; count];
    let mut selections: Vec<u8> = std::env::args()
        .skip(3)
        .filter_map(|a| a.parse().ok())
        .collect();
    if selections.is_empty() {
        selections = vec![FormSet::STANDARD.0, 7, FormSet::ALL.0];
    }
    for bits in selections {
        let opts = FormOptions::with_forms(FormSet(bits));
        let for_shanten =
            best_of(|| encode_rows(black_box(&hands), &mut codes, opts, Purpose::Shanten));
        let shanten_pass = best_of(|| shanten_codes_into(black_box(&codes), &mut shanten, opts));
        let for_win = best_of(|| encode_rows(black_box(&hands), &mut codes, opts, Purpose::Win));
        let win_pass = best_of(|| is_win_codes_into(black_box(&codes), &mut wins, opts));
        let per_hand = |d: Duration| d.as_nanos() as f64 / count as f64;
        println!(
            "forms {bits:2}, {tiles} tiles, ns/hand: encode {:.1}, shanten from codes {:.1}; encode {:.1}, \
             is_win from codes {:.1} (checksums {} {})",
            per_hand(for_shanten),
            per_hand(shanten_pass),
            per_hand(for_win),
            per_hand(win_pass),
            shanten.iter().map(|&s| i64::from(s)).sum::<i64>(),
            wins.iter().filter(|&&w| w).count(),
        );
    }
}

/// The least time over [`RUNS`] runs of `work`.
fn best_of(mut work: impl FnMut()) -> Duration {
    (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

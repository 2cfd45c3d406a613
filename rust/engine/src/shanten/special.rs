//! The forms outside "sets and a pair": seven pairs, thirteen orphans and the knitted forms. Each function
//! returns the fewest tiles missing from a 14-tile target, before wild tiles are counted.

use super::standard::StandardQuery;
use crate::tile::{Counts, COPIES, TERMINALS_AND_HONOURS};

/// Tiles in every special form's target.
const TARGET_TILES: u8 = 14;
const PAIRS_NEEDED: usize = 7;
const HONOURS: std::ops::Range<usize> = 27..34;

/// 七对. With `quads`, four identical tiles are two pairs, so a kind can give a second pair; otherwise the seven
/// pairs are of distinct kinds. Each kind offers its first pair for up to 2 held tiles and its second for the
/// rest; these gains never increase, so the best seven pairs take the largest gains.
pub fn seven_pairs_missing(counts: &Counts, quads: bool) -> u8 {
    let mut full_pairs = 0usize; // pairs whose two tiles are both held
    let mut half_pairs = 0usize; // pairs with one tile held
    for &held in counts {
        full_pairs += (held >= 2) as usize;
        half_pairs += (held == 1) as usize;
        if quads {
            full_pairs += (held == COPIES) as usize;
            half_pairs += (held == 3) as usize;
        }
    }
    let full = full_pairs.min(PAIRS_NEEDED);
    let half = half_pairs.min(PAIRS_NEEDED - full);
    TARGET_TILES - (2 * full + half) as u8
}

/// 十三幺: one of each terminal and honour plus a second of any of them.
pub fn thirteen_orphans_missing(counts: &Counts) -> u8 {
    let kinds = TERMINALS_AND_HONOURS
        .iter()
        .filter(|&&k| counts[k as usize] > 0)
        .count();
    let paired = TERMINALS_AND_HONOURS
        .iter()
        .any(|&k| counts[k as usize] >= 2);
    TARGET_TILES - kinds as u8 - paired as u8
}

/// The kinds of the six knitted patterns: 147, 258 and 369 spread over the three suits in every order.
const KNITTED_PATTERNS: [[usize; 9]; 6] = knitted_patterns();

const fn knitted_patterns() -> [[usize; 9]; 6] {
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut patterns = [[0; 9]; 6];
    let mut p = 0;
    while p < 6 {
        let mut suit = 0;
        while suit < 3 {
            let mut step = 0;
            while step < 3 {
                patterns[p][suit * 3 + step] = suit * 9 + ORDERS[p][suit] + 3 * step;
                step += 1;
            }
            suit += 1;
        }
        p += 1;
    }
    patterns
}

/// 全不靠 (and 七星不靠, whose targets are among 全不靠's): fourteen distinct tiles from one knitted pattern and
/// the seven honours.
pub fn honours_knitted_missing(counts: &Counts) -> u8 {
    let honours = counts[HONOURS].iter().filter(|&&c| c > 0).count();
    KNITTED_PATTERNS
        .iter()
        .map(|pattern| {
            let knitted = pattern.iter().filter(|&&k| counts[k] > 0).count();
            TARGET_TILES - (knitted + honours).min(TARGET_TILES as usize) as u8
        })
        .min()
        .unwrap_or(TARGET_TILES)
}

/// 组合龙: the nine tiles of a knitted pattern plus `query.sets` more sets and a pair (one set concealed, or none
/// when a declared meld is the set). The knitted tiles take one copy of each of their kinds off the caps; where
/// a cap is already zero that copy must be a wild standing for a fifth copy. None when no pattern fits the caps.
pub fn knitted_straight_missing(counts: &Counts, query: &StandardQuery) -> Option<u8> {
    KNITTED_PATTERNS
        .iter()
        .filter_map(|pattern| {
            let mut rest = *counts;
            let mut caps = *query.caps;
            let mut missing = 0u8;
            let mut excess = 0usize;
            for &kind in pattern {
                missing += (rest[kind] == 0) as u8;
                excess += (caps[kind] == 0) as usize;
                rest[kind] = rest[kind].saturating_sub(1);
                caps[kind] = caps[kind].saturating_sub(1);
            }
            let budget = query.max_excess.checked_sub(excess)?;
            let residual = StandardQuery {
                caps: &caps,
                max_excess: budget,
                sets: query.sets,
            };
            Some(missing + residual.missing(&residual.parts(&rest)))
        })
        .min()
}

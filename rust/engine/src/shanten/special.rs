//! The forms outside "sets and a pair": seven pairs, thirteen orphans and the knitted forms. Each function
//! returns the fewest tiles missing from a 14-tile target, before wild tiles are counted.

use super::kernels::{kind_masks, Kernels};
use super::kind_masks::{KindMasks, PairCounts};
use super::standard::{table_missing, StandardQuery};
use crate::forms::{FormOptions, FormSet};
use crate::kind_mask::kinds_held;
use crate::knitted_pattern::KnittedPattern;
use crate::tile::kind_mask;
use crate::tile::{Counts, NUM_KINDS};

/// Tiles in every special form's target.
const TARGET_TILES: u8 = 14;
const PAIRS_NEEDED: u8 = 7;

/// Fewest missing tiles over the selected forms that the kind masks alone decide — seven pairs, thirteen
/// orphans and 全不靠 (with the knitted forms) — for a 13- or 14-tile hand; `u8::MAX` when none is selected.
#[inline(always)]
pub fn mask_forms_missing<K: Kernels>(kernels: K, counts: &Counts, opts: FormOptions) -> u8 {
    let forms = opts.forms;
    let mut best = u8::MAX;
    if forms.0 & (FormSet::SEVEN_PAIRS.0 | FormSet::THIRTEEN_ORPHANS.0) != 0 {
        let pairs = kernels.pair_counts(counts, opts.seven_pairs_quads);
        if forms.contains(FormSet::SEVEN_PAIRS) {
            best = best.min(seven_pairs_missing(&pairs));
        }
        if forms.contains(FormSet::THIRTEEN_ORPHANS) {
            best = best.min(thirteen_orphans_missing(&pairs));
        }
    }
    if forms.contains(FormSet::KNITTED) {
        best = best.min(honours_knitted_missing(&kernels.kind_masks(counts)));
    }
    best
}

/// [`mask_forms_missing`] of a hand given by its kind masks (the ghost rows' naturals).
#[inline(always)]
pub fn mask_forms_missing_of_masks(masks: &KindMasks, opts: FormOptions) -> u8 {
    let forms = opts.forms;
    let pairs = PairCounts::of_masks(masks, opts.seven_pairs_quads);
    let mut best = u8::MAX;
    if forms.contains(FormSet::SEVEN_PAIRS) {
        best = best.min(seven_pairs_missing(&pairs));
    }
    if forms.contains(FormSet::THIRTEEN_ORPHANS) {
        best = best.min(thirteen_orphans_missing(&pairs));
    }
    if forms.contains(FormSet::KNITTED) {
        best = best.min(honours_knitted_missing(masks));
    }
    best
}

/// 七对. With the quads option, four identical tiles are two pairs, so a kind can give a second pair;
/// otherwise the seven pairs are of distinct kinds (see [`PairCounts`]). Each kind offers its first pair for
/// up to 2 held tiles and its second for the rest; these gains never increase, so the best seven pairs take
/// the largest gains.
#[inline]
pub fn seven_pairs_missing(counts: &PairCounts) -> u8 {
    let full = counts.pairs.min(PAIRS_NEEDED); // pairs whose two tiles are both held
    let half = counts.halves.min(PAIRS_NEEDED - full); // pairs with one tile held
    TARGET_TILES - 2 * full - half
}

/// Fewest missing tiles of seven pairs alone (four alike as two pairs), with the best kernels this CPU has:
/// the efficiency bot asks it of every candidate discard at the tables that aim for 七对.
pub fn seven_pairs_count(counts: &Counts) -> u8 {
    seven_pairs_missing(&PairCounts::of_masks(&kind_masks(counts), true))
}

/// Seven pairs (four alike as two pairs) of the 3n+1 `counts`, and the kinds (bits by kind index) whose
/// draw lowers that count. A draw raises one kind's count by one, which either adds a half pair (a kind held
/// zero or two times) or completes one (held once or three times): two counts answer every draw at once,
/// where asking [`seven_pairs_missing`] after each of the 34 draws would rebuild the masks 34 times.
pub fn seven_pairs_lowering_draws(counts: &Counts) -> (u8, u64) {
    let masks = kind_masks(counts);
    let held = PairCounts::of_masks(&masks, true);
    let missing = seven_pairs_missing(&held);
    let odd = (masks.held & !masks.pairs) | (masks.triples & !masks.quads);
    let even = ((1u64 << NUM_KINDS) - 1) & !odd & !masks.quads;
    let mut lowering = 0;
    let one_more_half = PairCounts {
        halves: held.halves + 1,
        ..held
    };
    if seven_pairs_missing(&one_more_half) < missing {
        lowering |= even;
    }
    if odd != 0 {
        let one_more_pair = PairCounts {
            pairs: held.pairs + 1,
            halves: held.halves - 1,
            ..held
        };
        if seven_pairs_missing(&one_more_pair) < missing {
            lowering |= odd;
        }
    }
    (missing, lowering)
}

const HONOUR_KINDS: u64 = kind_mask(&[27, 28, 29, 30, 31, 32, 33]);

/// 十三幺: one of each terminal and honour plus a second of any of them.
#[inline]
pub fn thirteen_orphans_missing(counts: &PairCounts) -> u8 {
    TARGET_TILES - counts.orphans - (counts.orphan_pairs != 0) as u8
}

/// The kinds of the six knitted patterns (147, 258 and 369 spread over the three suits in every order), as
/// indices.
const KNITTED_PATTERNS: [[usize; 9]; 6] = {
    let mut patterns = [[0; 9]; 6];
    let mut p = 0;
    while p < 6 {
        let tiles = KnittedPattern::ALL[p].tiles();
        let mut i = 0;
        while i < 9 {
            patterns[p][i] = tiles[i] as usize;
            i += 1;
        }
        p += 1;
    }
    patterns
};
/// The same patterns as bit sets of kinds.
const KNITTED_SETS: [u64; 6] = {
    let mut sets = [0u64; 6];
    let mut p = 0;
    while p < 6 {
        sets[p] = KnittedPattern::ALL[p].mask();
        p += 1;
    }
    sets
};

/// 全不靠 (and 七星不靠, whose targets are among 全不靠's): fourteen distinct tiles from one knitted pattern and
/// the seven honours.
pub fn honours_knitted_missing(masks: &KindMasks) -> u8 {
    KNITTED_SETS
        .iter()
        .map(|&pattern| TARGET_TILES - masks.held_in(pattern | HONOUR_KINDS).min(TARGET_TILES))
        .min()
        .unwrap_or(TARGET_TILES)
}

/// [`honours_knitted_missing`] of the 3n+1 `counts`, and the kinds (bits by kind index) whose draw lowers it: a
/// kind not held that lies in a pattern reaching the fewest (a draw adds one distinct tile to the patterns
/// holding its kind, and the others stay behind), where that fewest is not 0 already. One pass over the six
/// patterns instead of the count after each of the 34 draws.
pub fn honours_knitted_lowering_draws(counts: &Counts) -> (u8, u64) {
    let masks = kind_masks(counts);
    let missing = honours_knitted_missing(&masks);
    let mut lowering = 0;
    if missing > 0 {
        for &pattern in &KNITTED_SETS {
            let targets = pattern | HONOUR_KINDS;
            if TARGET_TILES - masks.held_in(targets).min(TARGET_TILES) == missing {
                lowering |= targets & !masks.held;
            }
        }
    }
    (missing, lowering)
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
            let mut excess = 0usize;
            for &kind in pattern {
                excess += (caps[kind] == 0) as usize;
                caps[kind] = caps[kind].saturating_sub(1);
            }
            let missing = take_pattern(&mut rest, pattern);
            let residual = StandardQuery {
                caps: &caps,
                max_excess: query.max_excess.checked_sub(excess)?,
                sets: query.sets,
            };
            Some(missing + residual.missing(&residual.parts(&rest)))
        })
        .min()
}

/// [`knitted_straight_missing`] for plain concealed counts (no melds, no wilds): the one set and pair left
/// beside the knitted tiles never need more than three copies of a kind, so the caps the knitted tiles leave
/// (three) never bind and the four-copy table answers directly.
// A loop rather than an iterator chain: a closure here would be compiled apart from the AVX2 build that
// inlines this function, and the kernels in it would lose AVX2.
#[inline(always)]
pub fn plain_knitted_straight_missing<K: Kernels>(kernels: K, counts: &Counts, sets: usize) -> u8 {
    let mut best = u8::MAX;
    for pattern in &KNITTED_PATTERNS {
        let mut rest = *counts;
        let missing = take_pattern(&mut rest, pattern);
        best = best.min(missing + table_missing(kernels, &rest, sets));
    }
    best
}

/// [`plain_knitted_straight_missing`] where only an answer of at most `limit` matters (`u8::MAX` otherwise): a
/// pattern missing more of its kinds than that is not tried, as the set and pair beside it can only add (the
/// efficiency bot asks this of every candidate hand, and most are far from any pattern).
pub fn plain_knitted_straight_missing_within<K: Kernels>(
    kernels: K,
    counts: &Counts,
    sets: usize,
    limit: u8,
) -> u8 {
    let held = kinds_held(counts);
    let mut best = u8::MAX;
    for (pattern, &kinds) in KNITTED_PATTERNS.iter().zip(&KNITTED_SETS) {
        let gaps = PATTERN_KINDS - (held & kinds).count_ones() as u8;
        if gaps > limit.min(best) {
            continue;
        }
        let mut rest = *counts;
        let missing = take_pattern(&mut rest, pattern);
        best = best.min(missing + table_missing(kernels, &rest, sets));
    }
    if best > limit {
        u8::MAX
    } else {
        best
    }
}

/// The kinds (bits by kind index) whose draw brings plain `counts` below `missing` as 组合龙 with `sets` sets
/// beside the straight — exactly the kinds `k` with [`plain_knitted_straight_missing`] of `counts` plus one `k`
/// below `missing` (a kind held four times excepted: it cannot be drawn). A draw either fills a pattern's gap,
/// the rest unchanged, or joins the rest; and it lowers a pattern's count by one at most, so only patterns at
/// most `missing` away are read.
pub fn plain_knitted_straight_lowering<K: Kernels>(
    kernels: K,
    counts: &Counts,
    sets: usize,
    missing: u8,
) -> u64 {
    let held = kinds_held(counts);
    let mut lowering = 0u64;
    for (pattern, &kinds) in KNITTED_PATTERNS.iter().zip(&KNITTED_SETS) {
        let gaps = PATTERN_KINDS - (held & kinds).count_ones() as u8;
        if gaps > missing {
            continue;
        }
        let mut rest = *counts;
        take_pattern(&mut rest, pattern);
        let beside = table_missing(kernels, &rest, sets);
        if gaps + beside > missing {
            continue;
        }
        let gap_kinds = kinds & !held;
        if gaps > 0 && gaps - 1 + beside < missing {
            lowering |= gap_kinds;
        }
        for kind in (0..rest.len()).filter(|&k| gap_kinds >> k & 1 == 0 && counts[k] < 4) {
            rest[kind] += 1;
            if gaps + table_missing(kernels, &rest, sets) < missing {
                lowering |= 1 << kind;
            }
            rest[kind] -= 1;
        }
    }
    lowering
}

/// Kinds in a knitted pattern.
const PATTERN_KINDS: u8 = 9;

/// Removes one copy of each pattern kind from `rest`; returns how many kinds had none.
#[inline(always)]
fn take_pattern(rest: &mut Counts, pattern: &[usize; 9]) -> u8 {
    let mut missing = 0u8;
    for &kind in pattern {
        missing += (rest[kind] == 0) as u8;
        rest[kind] = rest[kind].saturating_sub(1);
    }
    missing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::shanten::kernels::Portable;
    use crate::tile::COPIES;

    /// Random 13-tile hands drawn from all kinds, from a few kinds (so that triples and quads come up), or
    /// from one knitted pattern and the honours (so that 全不靠 is near).
    fn sample_hands(seed: u64) -> impl Iterator<Item = Counts> {
        let mut rng = Rng::for_stream(seed, 0, 0);
        (0..6000).map(move |round| {
            let pattern = KNITTED_SETS[round % 6] | HONOUR_KINDS;
            let kinds: Vec<usize> = match round % 4 {
                0 => (0..NUM_KINDS).collect(),
                1 => (0..9).collect(),
                2 => (0..5).collect(),
                _ => (0..NUM_KINDS).filter(|&k| pattern >> k & 1 == 1).collect(),
            };
            let mut counts = [0u8; NUM_KINDS];
            let mut size = 0;
            while size < 13 {
                let kind = kinds[rng.below(kinds.len() as u64) as usize];
                if counts[kind] < COPIES {
                    counts[kind] += 1;
                    size += 1;
                }
            }
            counts
        })
    }

    /// `lowering_draws` against `mask_forms_missing` of `forms` alone: its count, and the draws after which
    /// that count is lower.
    fn lowering_draws_agree(forms: FormSet, lowering_draws: fn(&Counts) -> (u8, u64)) {
        let opts = FormOptions {
            forms,
            seven_pairs_quads: true,
            wild_fifth_copy: true,
        };
        for counts in sample_hands(3) {
            let missing = mask_forms_missing(Portable, &counts, opts);
            let mut lowering = 0u64;
            for kind in (0..NUM_KINDS).filter(|&k| counts[k] < COPIES) {
                let mut drawn = counts;
                drawn[kind] += 1;
                if mask_forms_missing(Portable, &drawn, opts) < missing {
                    lowering |= 1 << kind;
                }
            }
            assert_eq!(lowering_draws(&counts), (missing, lowering), "{counts:?}");
        }
    }

    #[test]
    fn seven_pairs_count_and_lowering_draws_agree_with_the_portable_count() {
        lowering_draws_agree(FormSet::SEVEN_PAIRS, seven_pairs_lowering_draws);
        for counts in sample_hands(4) {
            assert_eq!(
                seven_pairs_count(&counts),
                seven_pairs_lowering_draws(&counts).0
            );
        }
    }

    #[test]
    fn honours_knitted_lowering_draws_agree_with_the_portable_count() {
        lowering_draws_agree(FormSet::KNITTED, honours_knitted_lowering_draws);
    }
}

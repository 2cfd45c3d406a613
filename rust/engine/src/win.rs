//! Win detection. Hands with melds or wilds go through the decomposition search (stopping at the first
//! decomposition); plain concealed counts take a table-driven path that allocates nothing and costs four
//! table lookups for the standard form.

use std::ops::ControlFlow;

use crate::decompose::{complete_sets, visit_forms};
use crate::error::Result;
use crate::forms::{FormOptions, FormSet};
use crate::hand::Hand;
use crate::suit_key::hand_keys;
use crate::tile::{Counts, COPIES, TERMINALS_AND_HONOURS};
use crate::win_table::{HONORS, SETS_AND_PAIR, SUITED};

/// Tiles of the forms that take a whole concealed hand (seven pairs, orphans, knitted).
const WHOLE_HAND_TILES: usize = 14;

/// Whether a complete-sized (3n+2) hand is a win in one of the selected forms. An error for an invalid hand
/// or a 3n+1 hand.
pub fn is_win(hand: &Hand, opts: FormOptions) -> Result<bool> {
    let sets = complete_sets(hand)?;
    if hand.melds.is_empty() && hand.wilds == 0 {
        return Ok(is_win_counts_with(&hand.concealed, opts));
    }
    let mut stop_at_first = |_: &_| ControlFlow::Break(());
    Ok(visit_forms(hand, opts, sets, &mut stop_at_first).is_break())
}

/// Whether plain concealed counts (no melds, no wilds) are a win in `forms`, four identical tiles counting
/// as two pairs of seven pairs. Counts must be 0..4 each; other counts give an unspecified answer but never
/// a panic. A 3n+1 total is never a win.
#[inline]
pub fn is_win_counts(counts: &Counts, forms: FormSet) -> bool {
    is_win_counts_with(counts, FormOptions::with_forms(forms))
}

/// [`is_win_counts`] with every form option.
#[inline]
pub fn is_win_counts_with(counts: &Counts, opts: FormOptions) -> bool {
    let forms = opts.forms;
    if forms.contains(FormSet::STANDARD) && is_standard_win(counts) {
        return true;
    }
    let whole_hand_forms = FormSet::SEVEN_PAIRS
        .union(FormSet::THIRTEEN_ORPHANS)
        .union(FormSet::KNITTED);
    if forms.0 & whole_hand_forms.0 == 0 || total(counts) != WHOLE_HAND_TILES {
        return false;
    }
    (forms.contains(FormSet::SEVEN_PAIRS) && is_seven_pairs(counts, opts.seven_pairs_quads))
        || (forms.contains(FormSet::THIRTEEN_ORPHANS) && is_thirteen_orphans(counts))
        || (forms.contains(FormSet::KNITTED) && is_knitted_win(counts))
}

fn total(counts: &Counts) -> usize {
    counts.iter().map(|&c| c as usize).sum()
}

/// Sets and one pair: every suit splits into sets, and exactly one of them also holds the pair.
#[inline(always)]
fn is_standard_win(counts: &Counts) -> bool {
    let [man, pin, sou, honors] = hand_keys(counts);
    let entries = [
        SUITED.get(man),
        SUITED.get(pin),
        SUITED.get(sou),
        HONORS.get(honors),
    ];
    let pairs = entries.iter().filter(|&&e| e == SETS_AND_PAIR).count();
    entries.iter().all(|&e| e != 0) && pairs == 1
}

/// 七对 (fourteen tiles assumed): every count even, a four only when quads count as two pairs.
fn is_seven_pairs(counts: &Counts, quads: bool) -> bool {
    counts.iter().all(|&c| c % 2 == 0 && (quads || c != COPIES))
}

/// 十三幺 (fourteen tiles assumed): every terminal and honour present, nothing else.
fn is_thirteen_orphans(counts: &Counts) -> bool {
    let orphans: usize = TERMINALS_AND_HONOURS
        .iter()
        .map(|&t| counts[t as usize] as usize)
        .sum();
    orphans == WHOLE_HAND_TILES
        && TERMINALS_AND_HONOURS
            .iter()
            .all(|&t| counts[t as usize] > 0)
}

/// Which of 147 / 258 / 369 each suit uses in a knitted pattern: the residue of (number − 1) mod 3.
type Pattern = [usize; 3];

/// The knitted forms (fourteen tiles assumed): 全不靠 / 七星不靠, or 组合龙 with a set and a pair.
fn is_knitted_win(counts: &Counts) -> bool {
    knitted_patterns()
        .any(|pattern| is_honors_knitted(counts, &pattern) || is_knitted_straight(counts, &pattern))
}

fn knitted_patterns() -> impl Iterator<Item = Pattern> {
    [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ]
    .into_iter()
}

/// Whether suited kind `kind` belongs to `pattern`.
fn in_pattern(kind: usize, pattern: &Pattern) -> bool {
    kind % 9 % 3 == pattern[kind / 9]
}

/// Fourteen distinct tiles, the suited ones from `pattern`.
fn is_honors_knitted(counts: &Counts, pattern: &Pattern) -> bool {
    counts
        .iter()
        .enumerate()
        .all(|(kind, &c)| c <= 1 && (c == 0 || kind >= 27 || in_pattern(kind, pattern)))
}

/// The nine tiles of `pattern`, and the rest (five tiles) a set and a pair.
fn is_knitted_straight(counts: &Counts, pattern: &Pattern) -> bool {
    let mut rest = *counts;
    for (kind, count) in rest.iter_mut().enumerate().take(27) {
        if in_pattern(kind, pattern) {
            if *count == 0 {
                return false;
            }
            *count -= 1;
        }
    }
    is_standard_win(&rest)
}

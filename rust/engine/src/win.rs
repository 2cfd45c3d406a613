//! Win detection from plain concealed counts and from encoded rows: a table-driven path that allocates
//! nothing and costs four table lookups for the standard form. A leaf below the decomposition search, which
//! screens with it; a hand with melds or wilds is judged by [`crate::decompose::is_win`].

use crate::forms::{FormOptions, FormSet};
use crate::knitted_pattern::KnittedPattern;
use crate::row_code::RowCode;
use crate::suit_key::{eight_counts, hand_keys, SuitKeys};
use crate::tile::{Counts, NUM_KINDS, TERMINALS_AND_HONOURS};
use crate::win_table::{HonorTable, SuitedTable, HONORS, SUITED};

/// Tiles of the forms that take a whole concealed hand (seven pairs, orphans, knitted).
const WHOLE_HAND_TILES: u8 = 14;

/// Whether plain concealed counts (no melds, no wilds) are a win in `forms`, four identical tiles counting
/// as two pairs of seven pairs. Counts must be 0..4 each; other counts give an unspecified answer but never
/// a panic. Only a 3n+2 total can be a win.
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
    if forms.0 & whole_hand_forms.0 == 0
        || !whole_hand_form_possible(counts, forms)
        || total(counts) != WHOLE_HAND_TILES
    {
        return false;
    }
    // The OR of all counts (each 0..4): bit 0 is set iff a count is odd, bit 1 or 2 iff a count is 2 or more,
    // bit 2 iff a count is 4. One pass answers the cheap questions of the whole-hand forms.
    let any = counts.iter().fold(0u8, |acc, &c| acc | c);
    let seven_pairs = any & 1 == 0 && (opts.seven_pairs_quads || any & 4 == 0);
    let all_distinct = any & 0b110 == 0;
    (forms.contains(FormSet::SEVEN_PAIRS) && seven_pairs)
        || (forms.contains(FormSet::THIRTEEN_ORPHANS) && is_thirteen_orphans(counts))
        || (forms.contains(FormSet::KNITTED) && is_knitted_win(counts, all_distinct))
}

/// One look at 1m–8m that rules out most hands for 七对 (an odd count) and 十三幺 (a tile in 2m–8m); the
/// knitted forms are not screened.
#[inline(always)]
fn whole_hand_form_possible(counts: &Counts, forms: FormSet) -> bool {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const ONE_M: u64 = 0xFF;
    let man = eight_counts(counts, 0);
    forms.contains(FormSet::KNITTED)
        || (forms.contains(FormSet::SEVEN_PAIRS) && man & ONES == 0)
        || (forms.contains(FormSet::THIRTEEN_ORPHANS) && man & !ONE_M == 0)
}

/// The number of tiles (wrapping only for counts far above 4, whose answer is unspecified anyway).
fn total(counts: &Counts) -> u8 {
    counts.iter().fold(0u8, |sum, &c| sum.wrapping_add(c))
}

/// Whether each encoded row (codes of valid 3n+2 rows, from [`crate::row_code::encode_rows`] with the same
/// `opts` for [`crate::row_code::Purpose::Win`]) is a win in the selected forms, into `out`.
pub fn is_win_codes_into(codes: &[RowCode], out: &mut [bool], opts: FormOptions) {
    let knitted = opts.forms.contains(FormSet::KNITTED);
    let standard = opts.forms.contains(FormSet::STANDARD);
    let (suited, honors) = (&*SUITED, &*HONORS);
    for (slot, code) in out.iter_mut().zip(codes) {
        // A mask-decided form is complete exactly when it misses no tile.
        *slot = (standard && is_standard_win_in(suited, honors, code.keys))
            || code.mask_forms_missing() == 0
            || (knitted && is_knitted_straight_code(code));
    }
}

/// 组合龙 for an encoded row; kept out of line so that the common loop above keeps its registers.
#[inline(never)]
fn is_knitted_straight_code(code: &RowCode) -> bool {
    code.raw_size() == usize::from(WHOLE_HAND_TILES) && is_knitted_straight_win(&code.counts())
}

/// Sets and one pair: every suit splits into sets, and exactly one of them also holds the pair.
#[inline(always)]
pub(crate) fn is_standard_win(counts: &Counts) -> bool {
    let keys = hand_keys(counts).map(|key| key as u32);
    is_standard_win_in(&SUITED, &HONORS, keys)
}

/// [`is_standard_win`] of a hand given by its suit keys, with the tables at hand.
#[inline(always)]
fn is_standard_win_in(suited: &SuitedTable, honors: &HonorTable, keys: SuitKeys) -> bool {
    let [man, pin, sou, honour_key] = keys.map(|key| key as usize);
    // The four two-bit entries side by side: SETS bits at even positions, SETS_AND_PAIR bits at odd ones.
    let entries =
        suited.get(man) | suited.get(pin) << 2 | suited.get(sou) << 4 | honors.get(honour_key) << 6;
    let every_suit_complete = (entries | entries >> 1) & 0b0101_0101 == 0b0101_0101;
    let one_pair = (entries & 0b1010_1010).is_power_of_two();
    every_suit_complete & one_pair
}

/// 十三幺 (fourteen tiles assumed): every terminal and honour present, nothing else. Byte-wise masks so the
/// pass vectorises.
fn is_thirteen_orphans(counts: &Counts) -> bool {
    let (fewest_orphan, strays) = counts
        .iter()
        .zip(ORPHAN_MASK)
        .fold((u8::MAX, 0u8), |(fewest, strays), (&c, mask)| {
            (fewest.min(c | !mask), strays | (c & !mask))
        });
    fewest_orphan > 0 && strays == 0
}

/// 0xFF at the terminals and honours, 0 elsewhere.
const ORPHAN_MASK: [u8; NUM_KINDS] = {
    let mut mask = [0u8; NUM_KINDS];
    let mut i = 0;
    while i < TERMINALS_AND_HONOURS.len() {
        mask[TERMINALS_AND_HONOURS[i] as usize] = u8::MAX;
        i += 1;
    }
    mask
};

/// The knitted forms (fourteen tiles assumed). Suit `s` uses one residue class r (tiles r+1, r+4, r+7) of
/// a knitted pattern, each suit a different one.
///
/// 全不靠 / 七星不靠: fourteen distinct tiles whose suited ones show one class per suit, all different.
/// 组合龙: some assignment of distinct classes whose nine tiles are all present, the rest a set and a pair.
fn is_knitted_win(counts: &Counts, all_distinct: bool) -> bool {
    let (present, full) = knitted_classes(counts);
    let honors_knitted = all_distinct
        && present.iter().all(|p| p.is_power_of_two())
        && present[0] | present[1] | present[2] == 0b111;
    honors_knitted || knitted_straight_among(counts, full)
}

/// 组合龙 alone (fourteen tiles assumed).
fn is_knitted_straight_win(counts: &Counts) -> bool {
    let (_, full) = knitted_classes(counts);
    knitted_straight_among(counts, full)
}

/// 组合龙 where `full` gives, per suit, the residue classes whose three tiles are all present.
fn knitted_straight_among(counts: &Counts, full: [u8; 3]) -> bool {
    full.iter().all(|&f| f != 0)
        && KnittedPattern::ALL.iter().any(|&pattern| {
            (0..3).all(|suit| full[suit] >> pattern.class(suit) & 1 == 1)
                && is_knitted_straight(counts, pattern)
        })
}

/// Per suit, as bit sets of residue classes: the classes with some tile present, and those with all three.
fn knitted_classes(counts: &Counts) -> ([u8; 3], [u8; 3]) {
    let mut present = [0u8; 3];
    let mut full = [0u8; 3];
    for suit in 0..3 {
        for class in 0..3 {
            let held = |step: usize| u8::from(counts[suit * 9 + class + 3 * step] > 0);
            present[suit] |= (held(0) | held(1) | held(2)) << class;
            full[suit] |= (held(0) & held(1) & held(2)) << class;
        }
    }
    (present, full)
}

/// With the nine tiles of `pattern` present: whether the other five are a set and a pair.
fn is_knitted_straight(counts: &Counts, pattern: KnittedPattern) -> bool {
    let mut rest = *counts;
    for tile in pattern.tiles() {
        rest[tile as usize] -= 1;
    }
    is_standard_win(&rest)
}

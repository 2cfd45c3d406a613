//! Shanten: the exact replacement number − 1 of a hand in each winning form, table-driven.
//!
//! The replacement number is the fewest tiles to draw (discarding others) to reach a complete hand, where no
//! target may need a fifth copy of a real tile — melds counted (`1111m333p222s444z` is 1-shanten, not
//! ready). Wild tiles fill any missing slot; where allowed (`wild_fifth_copy`) a wild may also be a copy beyond
//! the four. So each form computes the fewest missing tiles `D` of a target of 14 (or 3n+2) tiles, and
//! shanten = max(0, D − wilds) − 1: −1 complete, 0 ready.

mod capped;
mod distances;
pub(crate) mod excess;
pub(crate) mod kernels;
mod kind_masks;
mod simd;
mod special;
mod standard;
mod table;
mod useful;

use crate::error::{EngineError, Result};
use crate::forms::{FormOptions, FormSet};
use crate::hand::{Hand, HandShape};
use crate::row_code::{Purpose, RowCode};
use crate::tile::{Counts, Suit, COPIES, NUM_KINDS};
use kernels::{dispatch, KernelTask, Kernels};
pub(crate) use kind_masks::KindMasks;
use kind_masks::PairCounts;
use standard::{table_missing_of_keys, StandardQuery};

pub(crate) use special::{
    honours_knitted_lowering_draws, mask_forms_missing, mask_forms_missing_of_masks,
    plain_knitted_straight_lowering, plain_knitted_straight_missing_within, seven_pairs_count,
    seven_pairs_lowering_draws,
};
pub(crate) use standard::StandardParts;
pub(crate) use useful::plain_useful;
// The building blocks of the standard form, for callers that keep per-suit vectors themselves (the
// efficiency bot recomputes one suit per candidate tile).
#[cfg(test)]
pub(crate) use capped::capped_distances;
// The reference for the bot's SIMD combination of suit vectors.
#[cfg(test)]
pub(crate) use distances::convolve;
pub(crate) use distances::{slot, Distances, UNREACHABLE};
pub(crate) use table::{SuitTable, HONOURS, NO_CLASS, NUMBERED};

/// The four form families in the order of [`ShantenByForm`].
pub const FORM_ORDER: [FormSet; 4] = [
    FormSet::STANDARD,
    FormSet::SEVEN_PAIRS,
    FormSet::THIRTEEN_ORPHANS,
    FormSet::KNITTED,
];

/// Shanten per form family (standard, seven pairs, thirteen orphans, knitted); None where the form is not
/// selected or cannot apply to the hand's shape.
pub type ShantenByForm = [Option<i8>; 4];

/// Concealed sizes of the special forms: 13 tiles waiting, 14 complete.
pub(crate) const SPECIAL_SIZES: [usize; 2] = [13, 14];
/// 组合龙 with its set declared: a concealed part of 10 or 11 tiles beside one meld.
const KNITTED_WITH_MELD_SIZES: [usize; 2] = [10, 11];
/// The knitted straight stands in for three of the sets.
pub(crate) const SETS_IN_KNITTED_STRAIGHT: usize = 3;

/// The minimum shanten over the selected forms that apply to the hand.
pub fn shanten(hand: &Hand, opts: FormOptions) -> Result<i8> {
    let analysis = Analysis::new(hand, opts)?;
    analysis
        .best(&hand.concealed)
        .ok_or_else(|| analysis.no_form_error())
}

/// Shanten of each form family; None where the form is not selected or cannot apply.
pub fn shanten_by_form(hand: &Hand, opts: FormOptions) -> Result<ShantenByForm> {
    let analysis = Analysis::new(hand, opts)?;
    Ok(analysis.by_form(&hand.concealed))
}

/// The allocation-free hot entry for plain concealed counts (no melds, no wilds), for batches and simulation.
/// The counts must be valid: each 0..=4, 3n+1 or 3n+2 tiles with n ≤ 5. None when no selected form applies
/// (no forms selected, or only special forms for a hand that is not 13/14 tiles).
#[inline]
pub fn shanten_counts(counts: &Counts, opts: FormOptions) -> Option<i8> {
    dispatch(PlainShanten { counts, opts })
}

/// [`shanten_counts`] of every row into `out` (row i into `out[i]`; [`NO_FORM`] where no selected form
/// applies), with the CPU check made once for the whole batch.
pub fn shanten_counts_into<'a>(
    rows: impl Iterator<Item = &'a Counts>,
    out: &mut [i8],
    opts: FormOptions,
) {
    dispatch(PlainShantenRows { rows, out, opts })
}

/// [`shanten_counts`] of every encoded row (codes of valid rows, from [`crate::row_code::encode_rows`] with
/// the same `opts` for [`Purpose::Shanten`]) into `out`, [`NO_FORM`] where no selected form applies.
pub fn shanten_codes_into(codes: &[RowCode], out: &mut [i8], opts: FormOptions) {
    dispatch(CodeShantenRows { codes, out, opts })
}

/// [`shanten_counts`] of one encoded row (the code of a valid row, encoded with the same `opts` for
/// [`Purpose::Shanten`]).
pub fn shanten_code(code: &RowCode, opts: FormOptions) -> Option<i8> {
    let mut out = [NO_FORM];
    shanten_codes_into(std::slice::from_ref(code), &mut out, opts);
    (out[0] != NO_FORM).then_some(out[0])
}

/// The fewest tiles missing from plain concealed counts (each kind capped at four copies, nothing declared)
/// for `sets` sets and a pair, by the per-suit tables: four lookups and one combine. With `w` wild tiles
/// beside counts of `3·sets + 2 − w` tiles, the hand is complete exactly when this is at most `w` (no wild
/// then stands for a fifth copy).
pub fn standard_missing(counts: &Counts, sets: usize) -> u8 {
    dispatch(StandardMissing { counts, sets })
}

struct StandardMissing<'a> {
    counts: &'a Counts,
    sets: usize,
}

impl KernelTask for StandardMissing<'_> {
    type Output = u8;

    fn run<K: Kernels>(self, kernels: K) -> u8 {
        standard::table_missing(kernels, self.counts, self.sets)
    }
}

/// Shanten of plain concealed counts in which the kinds of `ghosts` are wild (推倒胡's 鬼牌: a hand written
/// with the ghosts' faces), by the tables: each form's missing tiles from the natural tiles, less the ghosts
/// (see [`RowCode::encode_ghosts`] for the rows the general analysis answers). The counts must be valid
/// (0..4 each, 3n+1 or 3n+2 tiles with n ≤ 5, at most 8 ghosts); None when no selected form applies.
pub fn shanten_counts_with_ghosts(
    counts: &Counts,
    ghosts: crate::tile::KindMask,
    opts: FormOptions,
) -> Option<i8> {
    let mut code = [RowCode::default()];
    crate::row_code::encode_ghost_rows(std::slice::from_ref(counts), ghosts, &mut code, opts);
    let mut out = [NO_FORM];
    ghost_shanten_codes_into(&code, &mut out, opts, |s| s.unwrap_or(NO_FORM));
    (out[0] != NO_FORM).then_some(out[0])
}

/// The shanten of every ghost code (from [`crate::row_code::encode_ghost_rows`] of valid rows with the same
/// `opts`), as `answer` makes of it (None where no selected form applies), into `out`, with the CPU check
/// made once.
pub fn ghost_shanten_codes_into<T>(
    codes: &[RowCode],
    out: &mut [T],
    opts: FormOptions,
    answer: impl Fn(Option<i8>) -> T,
) {
    dispatch(GhostCodeRows {
        codes,
        out,
        opts,
        answer,
    })
}

struct GhostCodeRows<'a, T, A> {
    codes: &'a [RowCode],
    out: &'a mut [T],
    opts: FormOptions,
    answer: A,
}

impl<T, A: Fn(Option<i8>) -> T> KernelTask for GhostCodeRows<'_, T, A> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        for (slot, code) in self.out.iter_mut().zip(self.codes) {
            *slot = (self.answer)(ghost_code_shanten(kernels, code, self.opts));
        }
    }
}

/// Shanten of a ghost code: from the tables as a plain code with its ghosts as wilds, or for the rows the
/// tables do not answer alone, [`general_ghost_shanten`].
#[inline(always)]
fn ghost_code_shanten<K: Kernels>(kernels: K, code: &RowCode, opts: FormOptions) -> Option<i8> {
    if code.general() {
        return general_ghost_shanten(code, opts);
    }
    code_shanten(kernels, code, opts, code.wilds(), || code.counts())
}

/// A ghost row where a ghost may be a fifth copy of a kind held four times: the suits holding such a kind
/// computed exactly with the ghosts as the excess budget, the others from the tables (the whole-hand forms
/// never gain by a fifth copy, as the general analysis counts them too). With a knitted form selected, the
/// general analysis.
#[cold]
fn general_ghost_shanten(code: &RowCode, opts: FormOptions) -> Option<i8> {
    let naturals = code.counts();
    let wilds = code.wilds();
    if opts.forms.contains(FormSet::KNITTED) {
        let hand = Hand {
            concealed: naturals,
            melds: Vec::new(),
            wilds,
            flowers: 0,
        };
        return shanten(&hand, opts).ok();
    }
    let mut best = code.mask_forms_missing();
    if opts.forms.contains(FormSet::STANDARD) {
        let caps = [COPIES; NUM_KINDS];
        let query = StandardQuery {
            caps: &caps,
            max_excess: usize::from(wilds),
            sets: code.raw_size() / 3,
        };
        best = best.min(query.missing(&query.uncapped_parts(&naturals)));
    }
    (best != u8::MAX).then(|| shanten_of_missing(best, wilds))
}

/// What [`shanten_counts_into`] writes for a row to which no selected form applies.
pub const NO_FORM: i8 = i8::MAX;

struct PlainShanten<'a> {
    counts: &'a Counts,
    opts: FormOptions,
}

impl KernelTask for PlainShanten<'_> {
    type Output = Option<i8>;

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> Option<i8> {
        plain_shanten(kernels, self.counts, self.opts)
    }
}

struct PlainShantenRows<'a, I> {
    rows: I,
    out: &'a mut [i8],
    opts: FormOptions,
}

impl<'a, I: Iterator<Item = &'a Counts>> KernelTask for PlainShantenRows<'_, I> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        for (slot, row) in self.out.iter_mut().zip(self.rows) {
            *slot = plain_shanten(kernels, row, self.opts).unwrap_or(NO_FORM);
        }
    }
}

struct CodeShantenRows<'a> {
    codes: &'a [RowCode],
    out: &'a mut [i8],
    opts: FormOptions,
}

impl KernelTask for CodeShantenRows<'_> {
    type Output = ();

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) {
        for (slot, code) in self.out.iter_mut().zip(self.codes) {
            *slot = code_shanten(kernels, code, self.opts, 0, || code.counts()).unwrap_or(NO_FORM);
        }
    }
}

/// The body of [`shanten_counts`], inlined into each build of it.
#[inline(always)]
fn plain_shanten<K: Kernels>(kernels: K, counts: &Counts, opts: FormOptions) -> Option<i8> {
    let code = RowCode::encode(kernels, counts, opts, Purpose::Shanten);
    code_shanten(kernels, &code, opts, 0, || *counts)
}

/// Shanten of an encoded row with `wilds` wild tiles beside its keys' counts (the row's size counts them):
/// the standard form from the keys, the mask-decided forms as encoded, and the knitted straight from the
/// counts (`counts` is called only for it; exact without wilds only, which is how it is called).
#[inline(always)]
fn code_shanten<K: Kernels>(
    kernels: K,
    code: &RowCode,
    opts: FormOptions,
    wilds: u8,
    counts: impl FnOnce() -> Counts,
) -> Option<i8> {
    let size = code.raw_size();
    let forms = opts.forms;
    let mut best = code.mask_forms_missing();
    if forms.contains(FormSet::STANDARD) {
        best = best.min(table_missing_of_keys(kernels, code.keys, size / 3));
    }
    if forms.contains(FormSet::KNITTED) && SPECIAL_SIZES.contains(&size) {
        let sets = size / 3 - SETS_IN_KNITTED_STRAIGHT;
        best = best.min(special::plain_knitted_straight_missing(
            kernels,
            &counts(),
            sets,
        ));
    }
    (best != u8::MAX).then(|| shanten_of_missing(best, wilds))
}

fn shanten_of_missing(missing: u8, wilds: u8) -> i8 {
    missing.saturating_sub(wilds) as i8 - 1
}

/// A validated hand's fixed context: everything shanten needs besides the concealed counts, which waits and
/// discards vary one tile at a time (the set count and the forms that apply stay the same).
#[derive(Clone, Debug)]
pub(crate) struct Analysis {
    /// Copies of each kind a target may use: four minus those in declared melds.
    caps: Counts,
    wilds: u8,
    /// Copies beyond the caps that wilds may stand for (0 unless `wild_fifth_copy`).
    max_excess: usize,
    shape: HandShape,
    /// Sets the concealed part must form besides its pair.
    sets: usize,
    melds: usize,
    /// Concealed tiles, wilds included. A drawn or discarded tile moves it between 3n+1 and 3n+2, where the
    /// same forms apply.
    size: usize,
    opts: FormOptions,
}

impl Analysis {
    pub(crate) fn new(hand: &Hand, opts: FormOptions) -> Result<Analysis> {
        let shape = hand.validate()?;
        let mut caps = [COPIES; NUM_KINDS];
        let mut declared = [0u8; NUM_KINDS];
        for meld in &hand.melds {
            meld.add_tiles(&mut declared);
        }
        for (cap, used) in caps.iter_mut().zip(declared) {
            *cap = cap.saturating_sub(used);
        }
        Ok(Analysis {
            caps,
            wilds: hand.wilds,
            max_excess: if opts.wild_fifth_copy {
                hand.wilds as usize
            } else {
                0
            },
            shape,
            sets: shape.sets() as usize,
            melds: hand.melds.len(),
            size: hand.concealed_len(),
            opts,
        })
    }

    /// The same hand's context with `wilds` wild tiles instead (the size, the concealed tiles wilds included,
    /// unchanged): the discard advisor's states trade natural tiles for drawn ghosts.
    pub(crate) fn with_wilds(&self, wilds: u8) -> Analysis {
        Analysis {
            wilds,
            max_excess: if self.opts.wild_fifth_copy {
                wilds as usize
            } else {
                0
            },
            ..self.clone()
        }
    }

    fn standard_query(&self) -> StandardQuery<'_> {
        StandardQuery {
            caps: &self.caps,
            max_excess: self.max_excess,
            sets: self.sets,
        }
    }

    /// The standard form's per-suit parts for `counts`, kept by waits so that a drawn tile recomputes one suit.
    pub(crate) fn standard_parts(&self, counts: &Counts) -> StandardParts {
        self.standard_query().parts(counts)
    }

    /// `parts` with `suit` recomputed for `counts`.
    pub(crate) fn with_suit(
        &self,
        parts: &StandardParts,
        suit: Suit,
        counts: &Counts,
    ) -> StandardParts {
        let mut updated = *parts;
        updated.suits[suit as usize] = self.standard_query().suit_part(suit, counts);
        updated
    }

    /// Waiting (3n+1) or full (3n+2), as validated.
    pub(crate) fn shape(&self) -> HandShape {
        self.shape
    }

    /// Whether one more copy of `kind` can join `counts`: the melds and concealed tiles hold fewer than four.
    pub(crate) fn can_hold_another(&self, counts: &Counts, kind: usize) -> bool {
        counts[kind] < self.caps[kind]
    }

    fn applies(&self, form: FormSet) -> bool {
        let plain_special = self.melds == 0 && SPECIAL_SIZES.contains(&self.size);
        match form {
            FormSet::STANDARD => true,
            FormSet::SEVEN_PAIRS | FormSet::THIRTEEN_ORPHANS => plain_special,
            FormSet::KNITTED => {
                plain_special || (self.melds == 1 && KNITTED_WITH_MELD_SIZES.contains(&self.size))
            }
            _ => false,
        }
    }

    /// Shanten by form for `counts` (which must keep this hand's set count), the standard form from `parts`.
    pub(crate) fn by_form_with(&self, counts: &Counts, parts: &StandardParts) -> ShantenByForm {
        let masks = kernels::kind_masks(counts);
        let pairs = PairCounts::of_masks(&masks, self.opts.seven_pairs_quads);
        FORM_ORDER.map(|form| {
            if !self.opts.forms.contains(form) || !self.applies(form) {
                return None;
            }
            let missing = match form {
                FormSet::STANDARD => Some(self.standard_query().missing(parts)),
                FormSet::SEVEN_PAIRS => Some(special::seven_pairs_missing(&pairs)),
                FormSet::THIRTEEN_ORPHANS => Some(special::thirteen_orphans_missing(&pairs)),
                _ => self.knitted_missing(counts, &masks),
            };
            missing.map(|m| shanten_of_missing(m, self.wilds))
        })
    }

    fn knitted_missing(&self, counts: &Counts, masks: &KindMasks) -> Option<u8> {
        let query = StandardQuery {
            caps: &self.caps,
            max_excess: self.max_excess,
            sets: self.sets.checked_sub(SETS_IN_KNITTED_STRAIGHT)?,
        };
        let straight = special::knitted_straight_missing(counts, &query);
        if self.melds == 0 {
            let honours = special::honours_knitted_missing(masks);
            Some(straight.map_or(honours, |s| s.min(honours)))
        } else {
            straight
        }
    }

    pub(crate) fn by_form(&self, counts: &Counts) -> ShantenByForm {
        self.by_form_with(counts, &self.standard_parts(counts))
    }

    pub(crate) fn best_with(&self, counts: &Counts, parts: &StandardParts) -> Option<i8> {
        self.by_form_with(counts, parts).into_iter().flatten().min()
    }

    pub(crate) fn best(&self, counts: &Counts) -> Option<i8> {
        self.best_with(counts, &self.standard_parts(counts))
    }

    pub(crate) fn no_form_error(&self) -> EngineError {
        EngineError::argument(format!(
            "none of the selected forms (bits {}) applies to a concealed part of {} tiles with {} melds",
            self.opts.forms.0, self.size, self.melds
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::tile::tile_count;

    /// The hot entry's precondition is valid counts, but batch memory can be anything: it must never panic
    /// (overflow checks are on in tests), only answer meaninglessly.
    #[test]
    fn garbage_counts_never_panic() {
        let mut rng = Rng::for_stream(5, 0, 0);
        for _ in 0..20_000 {
            let mut counts = [0u8; NUM_KINDS];
            for c in counts.iter_mut() {
                *c = (rng.next_u64() >> 56) as u8;
            }
            for bits in [1, 7, 15] {
                let opts = FormOptions::with_forms(FormSet(bits));
                let _ = shanten_counts(&counts, opts);
                let _ = plain_shanten(kernels::Portable, &counts, opts);
                let _ = RowCode::encode_ghosts(kernels::Portable, &counts, 1 << 31 | 1, opts);
            }
        }
    }

    /// The portable build must answer as the detected (AVX2) one on every form selection.
    #[test]
    fn portable_and_detected_builds_agree() {
        let mut rng = Rng::for_stream(11, 0, 0);
        for i in 0..20_000 {
            let mut counts = [0u8; NUM_KINDS];
            while tile_count(&counts) < 13 + i % 2 {
                let kind = rng.below(NUM_KINDS as u64) as usize;
                counts[kind] = (counts[kind] + 1).min(COPIES);
            }
            for bits in [1, 2, 4, 7, 8, 15] {
                let opts = FormOptions::with_forms(FormSet(bits));
                assert_eq!(
                    plain_shanten(kernels::Portable, &counts, opts),
                    shanten_counts(&counts, opts),
                    "{counts:?}"
                );
            }
        }
    }
}

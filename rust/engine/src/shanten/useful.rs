//! The useful tiles (进张) of a plain 3n+1 hand — no melds, no wilds, no knitted form — all at once: the hot
//! path of `waits` and of every row of the discard table.
//!
//! A drawn tile lowers the shanten only through a form whose missing count is the hand's minimum: a draw
//! lowers any form's missing count by at most one. So only those forms are asked. For the standard form a
//! draw changes one suit: its other three suits are combined once per suit, and each candidate then costs
//! one table lookup (its suit key plus one power of five) and a final combine. Seven pairs and thirteen
//! orphans update the kind masks by the drawn kind. The answers are those of the general path
//! (`Analysis::best_with` per drawn hand), which the tests below compare on every form selection.

use super::distances::{slot, Distances, INF};
use super::kernels::{dispatch, KernelTask, Kernels};
use super::kind_masks::{KindMasks, PairCounts, ORPHANS};
use super::special::{seven_pairs_missing, thirteen_orphans_missing};
use super::table::{HONOURS, NUMBERED};
use super::SPECIAL_SIZES;
use crate::forms::{FormOptions, FormSet};
use crate::suit_key::hand_keys_packed;
use crate::tile::{tile_count, Counts, Suit, COPIES, NUM_KINDS};

/// Powers of five: the step of a suit key when one more copy of its kind `i` is held.
const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15_625, 78_125, 390_625];

/// The shanten of plain 3n+1 `counts` (each 0..4) and the bit set of the kinds whose draw lowers it (bit k for
/// kind k); None when this path does not answer: the knitted forms are selected, or no selected form applies
/// (the general path then answers or names the problem).
pub(crate) fn plain_useful(counts: &Counts, opts: FormOptions) -> Option<(i8, u64)> {
    dispatch(PlainUseful { counts, opts })
}

/// [`plain_useful`] compiled once per kernel set, so that the kind masks and their popcounts use AVX2 and
/// POPCNT where the CPU has them.
struct PlainUseful<'a> {
    counts: &'a Counts,
    opts: FormOptions,
}

impl KernelTask for PlainUseful<'_> {
    type Output = Option<(i8, u64)>;

    #[inline(always)]
    fn run<K: Kernels>(self, kernels: K) -> Option<(i8, u64)> {
        useful_with(kernels, self.counts, self.opts)
    }
}

#[inline(always)]
fn useful_with<K: Kernels>(kernels: K, counts: &Counts, opts: FormOptions) -> Option<(i8, u64)> {
    let forms = opts.forms;
    if forms.contains(FormSet::KNITTED) {
        return None;
    }
    let size = tile_count(counts);
    let special = SPECIAL_SIZES.contains(&size);
    let keys = hand_keys_packed(counts);
    let suits = suit_distances(keys);
    // Per suit, the other three suits combined, from which the standard form of the hand and of every draw
    // follows with one last combine.
    // Not a closure: a closure is compiled without the AVX2 features of its caller, so the kernels' intrinsics
    // would not inline into it.
    let rests = if forms.contains(FormSet::STANDARD) {
        Some(match size / 3 {
            0 => rests::<K, 0>(kernels, suits),
            1 => rests::<K, 1>(kernels, suits),
            2 => rests::<K, 2>(kernels, suits),
            3 => rests::<K, 3>(kernels, suits),
            4 => rests::<K, 4>(kernels, suits),
            _ => rests::<K, 5>(kernels, suits),
        })
    } else {
        None
    };
    let standard = rests.as_ref().map(|rests| with_pair(&rests[0], suits[0]));
    let masks = kernels.kind_masks(counts);
    let pairs = PairCounts::of_masks(&masks, opts.seven_pairs_quads);
    let seven_pairs =
        (special && forms.contains(FormSet::SEVEN_PAIRS)).then(|| seven_pairs_missing(&pairs));
    let orphans = (special && forms.contains(FormSet::THIRTEEN_ORPHANS))
        .then(|| thirteen_orphans_missing(&pairs));
    let best = [standard, seven_pairs, orphans]
        .into_iter()
        .flatten()
        .min()?;
    // Kinds of which fewer than four are held: the only ones that can be drawn.
    let drawable = !masks.quads & ((1u64 << NUM_KINDS) - 1);
    let mut useful = 0u64;
    if let (Some(rests), true) = (&rests, standard == Some(best)) {
        useful |= standard_useful(counts, keys, rests, best) & drawable;
    }
    if seven_pairs == Some(best) {
        useful |= seven_pairs_useful(&masks, pairs, opts.seven_pairs_quads, best) & drawable;
    }
    if orphans == Some(best) {
        useful |= orphans_useful(&masks, pairs, best) & drawable;
    }
    Some((best as i8 - 1, useful))
}

/// For each suit, the other three suits' distances combined for a hand of `SETS` sets, [`mirrored`]: man ⊗ pin
/// and sou ⊗ honours once, then each with the other pair's suits (six products, not eight), two at a time
/// through the kernels. The set count is a constant so that the combines unroll.
#[inline(always)]
fn rests<K: Kernels, const SETS: usize>(kernels: K, suits: [&Distances; 4]) -> [Distances; 4] {
    let [man, pin, sou, honours] = suits;
    let [man_pin, sou_honours] = kernels.convolve_two::<SETS>([man, sou], [pin, honours]);
    let [not_man, not_pin] = kernels.convolve_two::<SETS>([pin, man], [&sou_honours, &sou_honours]);
    let [not_sou, not_honours] = kernels.convolve_two::<SETS>([&man_pin, &man_pin], [honours, sou]);
    [not_man, not_pin, not_sou, not_honours].map(|rest| mirrored::<SETS>(&rest))
}

/// Kinds whose draw brings seven pairs below `best`. A draw does one of two things to [`PairCounts`]: it
/// completes a half pair (a single, or with `quads` a triple's second pair) or it adds a half pair (a kind not
/// held, or with `quads` a pair's third tile); a kind held twice (without `quads`) or four times changes
/// nothing. So two evaluations decide every kind.
#[inline(always)]
fn seven_pairs_useful(masks: &KindMasks, pairs: PairCounts, quads: bool, best: u8) -> u64 {
    let singles = masks.held & !masks.pairs;
    let (completing, adding) = if quads {
        (
            singles | (masks.triples & !masks.quads),
            !masks.held | (masks.pairs & !masks.triples),
        )
    } else {
        (singles, !masks.held)
    };
    let completed = PairCounts {
        pairs: pairs.pairs + 1,
        halves: pairs.halves.saturating_sub(1),
        ..pairs
    };
    let added = PairCounts {
        halves: pairs.halves + 1,
        ..pairs
    };
    let lowers = |after: &PairCounts| {
        if seven_pairs_missing(after) < best {
            u64::MAX
        } else {
            0
        }
    };
    (completing & lowers(&completed)) | (adding & lowers(&added))
}

/// Kinds whose draw brings thirteen orphans below `best`: a terminal or honour not held yet adds a kind; one
/// held once makes a pair (which helps only while the hand has none).
#[inline(always)]
fn orphans_useful(masks: &KindMasks, pairs: PairCounts, best: u8) -> u64 {
    let new_kind = PairCounts {
        orphans: pairs.orphans + 1,
        ..pairs
    };
    let new_pair = PairCounts {
        orphan_pairs: pairs.orphan_pairs + 1,
        ..pairs
    };
    let lowers = |after: &PairCounts| {
        if thirteen_orphans_missing(after) < best {
            u64::MAX
        } else {
            0
        }
    };
    (ORPHANS & !masks.held & lowers(&new_kind))
        | (ORPHANS & masks.held & !masks.pairs & lowers(&new_pair))
}

#[inline(always)]
fn suit_distances(keys: [usize; 4]) -> [&'static Distances; 4] {
    [
        NUMBERED.distances(keys[0]),
        NUMBERED.distances(keys[1]),
        NUMBERED.distances(keys[2]),
        HONOURS.distances(keys[3]),
    ]
}

/// Kinds whose draw brings the standard form below `best` missing tiles, from the combined other suits
/// `rests` (kinds held four times included: the caller masks them out).
#[inline(always)]
fn standard_useful(counts: &Counts, keys: [usize; 4], rests: &[Distances; 4], best: u8) -> u64 {
    let mut useful = 0u64;
    for suit in Suit::ALL {
        let s = suit as usize;
        let table = if suit == Suit::Honor {
            &*HONOURS
        } else {
            &*NUMBERED
        };
        let base = suit.base() as usize;
        for i in 0..suit.len() as usize {
            if counts[base + i] >= COPIES {
                continue;
            }
            let drawn = table.distances(keys[s] + POW5[i]);
            useful |= ((with_pair(&rests[s], drawn) < best) as u64) << (base + i);
        }
    }
    useful
}

/// `rest` arranged for [`with_pair`]: entry (j, pair) holds `rest`'s entry (SETS − j, 1 − pair) for j ≤ SETS —
/// the entry a group's (j, pair) entry completes to SETS sets and one pair — and is unreachable elsewhere.
#[inline(always)]
fn mirrored<const SETS: usize>(rest: &Distances) -> Distances {
    let mut out = [INF; 16];
    for j in 0..=SETS {
        out[slot(j, 0)] = rest[slot(SETS - j, 1)];
        out[slot(j, 1)] = rest[slot(SETS - j, 0)];
    }
    out
}

/// Fewest missing tiles for two disjoint groups to make SETS sets and one pair together, the first given
/// [`mirrored`]: the least of the 16 lane sums. Unreachable lanes sum to at least [`INF`] (two of them to
/// 2 × INF, still within a byte), above any real distance.
#[inline(always)]
fn with_pair(mirrored: &Distances, b: &Distances) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64 itself; the loads read the two 16-byte arrays, unaligned.
        unsafe {
            let sums = _mm_add_epi8(
                _mm_loadu_si128(mirrored.as_ptr().cast()),
                _mm_loadu_si128(b.as_ptr().cast()),
            );
            let m = _mm_min_epu8(sums, _mm_srli_si128::<8>(sums));
            let m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
            let m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
            let m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
            _mm_cvtsi128_si32(m) as u8
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        (0..16)
            .map(|lane| mirrored[lane] + b[lane])
            .min()
            .unwrap_or(INF)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Hand;
    use crate::rng::Rng;
    use crate::shanten::kernels::Portable;
    use crate::shanten::Analysis;
    use crate::tile::Tile;

    /// The general answer: the shanten, and each kind the hand can hold another of whose draw lowers it.
    fn general(counts: &Counts, opts: FormOptions) -> Option<(i8, u64)> {
        let hand = Hand::from_counts(*counts);
        let analysis = Analysis::new(&hand, opts).ok()?;
        let parts = analysis.standard_parts(counts);
        let shanten = analysis.best_with(counts, &parts)?;
        let mut useful = 0u64;
        for tile in (0..NUM_KINDS as u8).filter_map(Tile::new) {
            let kind = tile.index() as usize;
            if !analysis.can_hold_another(counts, kind) {
                continue;
            }
            let mut drawn = *counts;
            drawn[kind] += 1;
            let drawn_parts = analysis.with_suit(&parts, tile.suit(), &drawn);
            if analysis
                .best_with(&drawn, &drawn_parts)
                .is_some_and(|after| after < shanten)
            {
                useful |= 1 << kind;
            }
        }
        Some((shanten, useful))
    }

    fn random_counts(rng: &mut Rng, size: usize, kinds: &[usize]) -> Counts {
        let mut counts = [0u8; NUM_KINDS];
        while tile_count(&counts) < size {
            let kind = kinds[rng.below(kinds.len() as u64) as usize];
            counts[kind] = (counts[kind] + 1).min(COPIES);
        }
        counts
    }

    #[test]
    fn answers_as_the_general_path_on_every_form_selection() {
        // Through the detected kernels and the portable ones alike.
        let mut rng = Rng::for_stream(29, 0, 0);
        let all: Vec<usize> = (0..NUM_KINDS).collect();
        // Terminals and honours, and a few kinds only: hands near thirteen orphans and seven pairs.
        let orphans: Vec<usize> = vec![0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let few: Vec<usize> = vec![0, 1, 2, 11, 20, 27, 30];
        for i in 0..30_000 {
            let size = [1, 4, 7, 10, 13, 13, 13, 16][i % 8];
            let kinds = [&all, &orphans, &few][i % 3];
            let counts = random_counts(&mut rng, size, kinds);
            for bits in 1..8 {
                for quads in [true, false] {
                    let opts = FormOptions {
                        forms: FormSet(bits),
                        seven_pairs_quads: quads,
                        wild_fifth_copy: true,
                    };
                    let expected = general(&counts, opts);
                    assert_eq!(
                        plain_useful(&counts, opts),
                        expected,
                        "{counts:?} {bits} {quads}"
                    );
                    let portable = useful_with(Portable, &counts, opts);
                    assert_eq!(portable, expected, "portable: {counts:?} {bits} {quads}");
                }
            }
        }
    }

    #[test]
    fn knitted_forms_are_left_to_the_general_path() {
        let counts = random_counts(
            &mut Rng::for_stream(3, 0, 0),
            13,
            &(0..NUM_KINDS).collect::<Vec<_>>(),
        );
        assert_eq!(
            plain_useful(&counts, FormOptions::with_forms(FormSet::ALL)),
            None
        );
    }
}

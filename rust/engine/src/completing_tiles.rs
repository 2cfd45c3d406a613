//! Which tile kinds could complete a waiting (3n+1) concealed part: the table's cheap screen before it asks
//! the adjudicator about a win. Every discard is a possible win for three seats and every draw for one, but
//! a seat's hand changes only on its own turn, so the table computes this set once per change and answers
//! each chance with a bit test.
//!
//! Exact for every form: the standard form (sets and a pair, by the per-suit completeness tables), seven
//! pairs (four alike counting as two pairs; a table that refuses them is asked about one hand too many),
//! thirteen orphans and the knitted forms — 全不靠 / 七星不靠, and 组合龙 with a set and a pair or beside one
//! declared meld. An exact screen matters where most hands that pass it still fail the adjudicator (MCR's
//! 8 fan): every chance it lets through is scored in full.

use crate::forms::FormSet;
use crate::kind_mask::{kinds_held, kinds_where, KindMask};
use crate::knitted_pattern::KnittedPattern;
use crate::suit_key::{eight_counts, hand_keys};
use crate::tile::{tile_count, Counts, COPIES, TERMINALS_AND_HONOURS_MASK};
use crate::win::is_standard_win;
use crate::win_table::{HONORS, SETS, SETS_AND_PAIR, SUITED};

/// Tiles of a concealed part that could be a whole-hand form once complete.
const WHOLE_HAND_WAITING: usize = 13;

/// Tiles of a concealed part beside one meld that could be 组合龙 once complete.
const KNITTED_BESIDE_MELD: usize = 10;

const ORPHANS: KindMask = TERMINALS_AND_HONOURS_MASK;

/// The seven honour kinds (27..34).
const HONOUR_KINDS: KindMask = 0x7F << 27;

/// A suit's completeness entry of a key (the suited and honour tables differ in size, hence in type).
type EntryOf = fn(usize) -> u8;

/// The suits as (first kind, kinds, completeness entries), in the order of [`hand_keys`].
fn suits() -> [(usize, usize, EntryOf); 4] {
    let suited: EntryOf = |key| SUITED.get(key);
    let honours: EntryOf = |key| HONORS.get(key);
    [
        (0, 9, suited),
        (9, 9, suited),
        (18, 9, suited),
        (27, 7, honours),
    ]
}

/// The kinds `k` such that `waiting` plus one `k` may complete in `forms`.
pub(crate) fn completing_tiles(waiting: &Counts, forms: FormSet) -> KindMask {
    let mut mask = 0;
    if forms.contains(FormSet::STANDARD) {
        mask |= standard_completions(waiting);
    }
    match tile_count(waiting) {
        WHOLE_HAND_WAITING => mask |= whole_hand_completions(waiting, forms),
        // 组合龙 beside one declared meld: a knitted straight and a pair once complete.
        KNITTED_BESIDE_MELD if forms.contains(FormSet::KNITTED) => {
            mask |= knitted_straight_completions(waiting)
        }
        _ => {}
    }
    mask
}

/// The tiles completing the standard form: a tile completes its suit when every other suit is complete
/// already, making it sets and a pair when the others hold no pair, or sets only when they hold exactly one.
/// Most waiting hands have two incomplete suits or more, and no tile can complete them.
///
/// Inlined into both callers: its loop over [`suits`] then calls each suit's table directly. Called
/// through the entries' function pointers (as it was once the knitted screen made it a second caller),
/// the table's screen cost a random-bot deal 2% more instructions.
#[inline(always)]
fn standard_completions(waiting: &Counts) -> KindMask {
    let keys = hand_keys(waiting);
    let suits = suits();
    let entries: [u8; 4] = std::array::from_fn(|s| (suits[s].2)(keys[s]));
    let incomplete = entries.iter().filter(|&&e| e == 0).count();
    if incomplete > 1 {
        return 0;
    }
    let pairs = entries.iter().filter(|&&e| e == SETS_AND_PAIR).count();
    let mut mask = 0;
    for (suit, (first, len, entry_of)) in suits.into_iter().enumerate() {
        let others_complete = incomplete == usize::from(entries[suit] == 0);
        let pairs_elsewhere = pairs - usize::from(entries[suit] == SETS_AND_PAIR);
        let target = match (others_complete, pairs_elsewhere) {
            (true, 0) => SETS_AND_PAIR,
            (true, 1) => SETS,
            _ => continue,
        };
        // One more tile of the suit's kind `digit` adds 5^digit to the suit's key.
        mask |= (0..len)
            .filter(|&digit| waiting[first + digit] < COPIES)
            .filter(|&digit| entry_of(keys[suit] + 5usize.pow(digit as u32)) == target)
            .fold(0, |mask, digit| mask | 1 << (first + digit));
    }
    mask
}

/// The tiles completing a 13-tile part as seven pairs (its only odd kind), thirteen orphans or a knitted
/// form.
fn whole_hand_completions(waiting: &Counts, forms: FormSet) -> KindMask {
    let mut mask = 0;
    if forms.contains(FormSet::SEVEN_PAIRS) {
        let odd = kinds_where(waiting, |n| n % 2 == 1);
        if odd.count_ones() == 1 {
            mask |= odd;
        }
    }
    if forms.contains(FormSet::THIRTEEN_ORPHANS) && only_orphans(waiting) {
        mask |= orphans_completions(waiting);
    }
    if forms.contains(FormSet::KNITTED) {
        mask |= honours_and_knitted_completions(waiting) | knitted_straight_completions(waiting);
    }
    mask
}

/// Thirteen orphans (13 tiles, orphans only, assumed): any orphan when all thirteen are held once, else the
/// one orphan missing beside a pair.
fn orphans_completions(waiting: &Counts) -> KindMask {
    match ORPHANS & !kinds_held(waiting) {
        0 => ORPHANS,
        missing if missing.is_power_of_two() => missing,
        _ => 0,
    }
}

/// 全不靠 / 七星不靠 (13 tiles assumed): thirteen different tiles inside one knitted pattern and the honours
/// complete with any other kind of them.
fn honours_and_knitted_completions(waiting: &Counts) -> KindMask {
    if waiting.iter().any(|&n| n > 1) {
        return 0;
    }
    let held = kinds_held(waiting);
    KnittedPattern::ALL
        .iter()
        .map(|pattern| pattern.mask() | HONOUR_KINDS)
        .filter(|&kinds| held & !kinds == 0)
        .fold(0, |mask, kinds| mask | (kinds & !held))
}

/// 组合龙 (in 13 tiles with a set and a pair, or in 10 beside one declared meld with a pair): a knitted
/// straight held whole, with the rest waiting in the standard form; or held but for one kind, that kind,
/// when the rest is complete already.
fn knitted_straight_completions(waiting: &Counts) -> KindMask {
    let held = kinds_held(waiting);
    let mut mask = 0;
    for straight in KnittedPattern::ALL.map(KnittedPattern::mask) {
        let missing = straight & !held;
        if missing == 0 {
            mask |= standard_completions(&without_one_of(waiting, straight));
        } else if missing.is_power_of_two()
            && is_standard_win(&without_one_of(waiting, straight & held))
        {
            mask |= missing;
        }
    }
    mask
}

/// `counts` less one copy of each kind of `kinds` (all held).
fn without_one_of(counts: &Counts, kinds: KindMask) -> Counts {
    let mut rest = *counts;
    for (kind, count) in rest.iter_mut().enumerate() {
        *count -= u8::from(kinds >> kind & 1 == 1);
    }
    rest
}

/// Whether no tile is a 2–8 of a suit: three eight-byte reads instead of a pass over the kinds.
fn only_orphans(counts: &Counts) -> bool {
    // Bytes 0..7 of a read starting at a suit's 2: its kinds 2–8.
    const TWO_TO_EIGHT: u64 = 0x00FF_FFFF_FFFF_FFFF;
    [1, 10, 19]
        .into_iter()
        .all(|two| eight_counts(counts, two) & TWO_TO_EIGHT == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::FormOptions;
    use crate::notation::parse_tiles;
    use crate::rng::Rng;
    use crate::tile::NUM_KINDS;
    use crate::win::is_win_counts_with;

    fn counts(tiles: &str) -> Counts {
        let mut counts = [0; NUM_KINDS];
        for tile in parse_tiles(tiles).expect("tiles") {
            counts[tile.index() as usize] += 1;
        }
        counts
    }

    /// The kinds whose addition is a win, one full check per kind; beside one meld (ten tiles waiting),
    /// 组合龙 is a knitted straight and a pair.
    fn winning_kinds(waiting: &Counts, forms: FormSet) -> KindMask {
        let options = FormOptions::with_forms(forms);
        let beside_meld =
            forms.contains(FormSet::KNITTED) && tile_count(waiting) == KNITTED_BESIDE_MELD;
        (0..NUM_KINDS)
            .filter(|&k| waiting[k] < COPIES)
            .filter(|&k| {
                let mut complete = *waiting;
                complete[k] += 1;
                is_win_counts_with(&complete, options)
                    || (beside_meld && is_knitted_straight_and_pair(&complete))
            })
            .fold(0, |mask, k| mask | 1 << k)
    }

    fn is_knitted_straight_and_pair(complete: &Counts) -> bool {
        KnittedPattern::ALL.iter().any(|pattern| {
            let straight = pattern.mask();
            let rest = without_one_of(complete, straight & kinds_held(complete));
            kinds_held(complete) & straight == straight
                && kinds_held(&rest).is_power_of_two()
                && tile_count(&rest) == 2
        })
    }

    /// Waiting hands of every size, drawn from few kinds so that complete hands are common (`near_knitted`:
    /// a knitted pattern's kinds with some left out, and the rest from few kinds).
    fn random_waiting(rng: &mut Rng, size: usize, near_knitted: bool) -> Counts {
        let mut waiting = [0u8; NUM_KINDS];
        let mut placed = 0;
        if near_knitted {
            let pattern = KnittedPattern::ALL[rng.below(6) as usize];
            for tile in pattern.tiles() {
                if placed < size && rng.below(8) != 0 {
                    waiting[tile as usize] += 1;
                    placed += 1;
                }
            }
        }
        let first = rng.below(30) as usize;
        while placed < size {
            let kind = (first + rng.below(5) as usize) % NUM_KINDS;
            if waiting[kind] < COPIES {
                waiting[kind] += 1;
                placed += 1;
            }
        }
        waiting
    }

    /// The kinds of `tiles`, as a mask.
    fn kinds(tiles: &str) -> KindMask {
        kinds_held(&counts(tiles))
    }

    #[test]
    fn standard_waits_are_exact() {
        for (hand, waits) in [
            ("1112345678999m", "123456789m"),
            ("123m456p789s1122z", "12z"),
            ("123m456p789s1z", "1z"),
            ("1234m", "14m"),
            ("1m", "1m"),
            ("1111m", ""),
            ("123m456p78s12z", ""),
        ] {
            assert_eq!(
                completing_tiles(&counts(hand), FormSet::STANDARD),
                kinds(waits),
                "{hand}"
            );
        }
    }

    #[test]
    fn screen_is_exact_on_random_waiting_hands() {
        let mut rng = Rng::for_stream(7, 0, 0);
        let mut wins_seen = [0; 2];
        for round in 0..200_000 {
            let size = [1, 4, 7, 10, 13][round % 5];
            let near_knitted = round % 2 == 1 && size >= 10;
            let waiting = random_waiting(&mut rng, size, near_knitted);
            for forms in [
                FormSet::STANDARD,
                FormSet::ALL,
                FormSet(5),
                FormSet(3),
                FormSet(9),
            ] {
                let wins = winning_kinds(&waiting, forms);
                assert_eq!(
                    completing_tiles(&waiting, forms),
                    wins,
                    "{waiting:?} {forms:?}"
                );
                wins_seen[usize::from(near_knitted)] += wins.count_ones();
            }
        }
        assert!(wins_seen.iter().all(|&seen| seen > 10_000), "{wins_seen:?}");
    }

    #[test]
    fn knitted_forms_complete_exactly() {
        let all = FormSet::ALL;
        // 全不靠: any missing kind of the pattern and the honours.
        assert_eq!(
            completing_tiles(&counts("147m258p369s1234z"), all),
            counts("567z")
                .iter()
                .enumerate()
                .fold(0, |m, (k, &n)| m | KindMask::from(n > 0) << k)
        );
        // 组合龙 with two pairs waiting: either becomes the pung.
        let knitted = counts("147m258p369s1155z");
        assert_eq!(completing_tiles(&knitted, all), 1 << 27 | 1 << 31);
        // Beside a meld: the straight but for one kind and a pair, or the straight and a single tile.
        assert_eq!(completing_tiles(&counts("14m258p369s11z"), all), 1 << 6);
        assert_eq!(completing_tiles(&counts("147m258p369s1z"), all), 1 << 27);
        assert_eq!(
            completing_tiles(&counts("1447m258p369s"), FormSet::KNITTED),
            1 << 3
        );
    }

    #[test]
    fn whole_hand_forms_screen_their_candidates() {
        let pairs = counts("1122334455667m");
        assert_eq!(completing_tiles(&pairs, FormSet::SEVEN_PAIRS), 1 << 6);
        let orphans = counts("19m19p19s1234567z");
        assert_eq!(
            completing_tiles(&orphans, FormSet::THIRTEEN_ORPHANS),
            ORPHANS
        );
        assert_eq!(
            completing_tiles(&counts("29m19p19s1234567z"), FormSet::THIRTEEN_ORPHANS),
            0
        );
    }
}

//! Which tile kinds could complete a waiting (3n+1) concealed part: the table's cheap screen before it asks
//! the adjudicator about a win. Every discard is a possible win for three seats and every draw for one, but
//! a seat's hand changes only on its own turn, so the table computes this set once per change and answers
//! each chance with a bit test.
//!
//! Exact for the standard form (sets and a pair, by the per-suit completeness tables); a cheap superset for
//! the whole-hand forms, whose finer conditions (quads in seven pairs, the knitted patterns) the adjudicator
//! still checks.

use crate::forms::FormSet;
use crate::kind_mask::{kinds_where, KindMask};
use crate::suit_key::{eight_counts, hand_keys};
use crate::tile::{tile_count, Counts, COPIES, NUM_KINDS, TERMINALS_AND_HONOURS_MASK};
use crate::win_table::{HONORS, SETS, SETS_AND_PAIR, SUITED};

const ALL_KINDS: KindMask = (1 << NUM_KINDS) - 1;

/// Tiles of a concealed part that could be a whole-hand form once complete.
const WHOLE_HAND_WAITING: usize = 13;

/// Tiles of a concealed part beside one meld that could be 组合龙 once complete.
const KNITTED_BESIDE_MELD: usize = 10;

const ORPHANS: KindMask = TERMINALS_AND_HONOURS_MASK;

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
        WHOLE_HAND_WAITING => mask |= whole_hand_candidates(waiting, forms),
        // 组合龙 beside one declared meld: a knitted straight, a set and a pair in ten concealed tiles.
        KNITTED_BESIDE_MELD if forms.contains(FormSet::KNITTED) => mask = ALL_KINDS,
        _ => {}
    }
    mask
}

/// The tiles completing the standard form: a tile completes its suit when every other suit is complete
/// already, making it sets and a pair when the others hold no pair, or sets only when they hold exactly one.
/// Most waiting hands have two incomplete suits or more, and no tile can complete them.
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

/// A superset of the tiles completing a 13-tile part as seven pairs (its only odd kind), thirteen orphans
/// (any orphan, when it holds nothing else) or a knitted form (anything).
fn whole_hand_candidates(waiting: &Counts, forms: FormSet) -> KindMask {
    if forms.contains(FormSet::KNITTED) {
        return ALL_KINDS;
    }
    let mut mask = 0;
    if forms.contains(FormSet::SEVEN_PAIRS) {
        let odd = kinds_where(waiting, |n| n % 2 == 1);
        if odd.count_ones() == 1 {
            mask |= odd;
        }
    }
    if forms.contains(FormSet::THIRTEEN_ORPHANS) && only_orphans(waiting) {
        mask |= ORPHANS;
    }
    mask
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
    use crate::win::is_win_counts_with;

    fn counts(tiles: &str) -> Counts {
        let mut counts = [0; NUM_KINDS];
        for tile in parse_tiles(tiles).expect("tiles") {
            counts[tile.index() as usize] += 1;
        }
        counts
    }

    /// The kinds whose addition is a win, one full check per kind.
    fn winning_kinds(waiting: &Counts, forms: FormSet) -> KindMask {
        let options = FormOptions::with_forms(forms);
        (0..NUM_KINDS)
            .filter(|&k| waiting[k] < COPIES)
            .filter(|&k| {
                let mut complete = *waiting;
                complete[k] += 1;
                is_win_counts_with(&complete, options)
            })
            .fold(0, |mask, k| mask | 1 << k)
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
            let expected = counts(waits)
                .iter()
                .enumerate()
                .fold(0, |mask, (k, &n)| mask | KindMask::from(n > 0) << k);
            assert_eq!(
                completing_tiles(&counts(hand), FormSet::STANDARD),
                expected,
                "{hand}"
            );
        }
    }

    #[test]
    fn screen_never_misses_a_win_on_random_waiting_hands() {
        let mut rng = Rng::for_stream(7, 0, 0);
        let mut next = |n: u64| rng.below(n);
        let mut wins_seen = 0;
        for round in 0..200_000 {
            let size = [1, 4, 7, 10, 13][round % 5];
            // Few kinds so that complete hands are common.
            let first = next(30) as usize;
            let mut waiting = [0u8; NUM_KINDS];
            let mut placed = 0;
            while placed < size {
                let kind = (first + next(5) as usize) % NUM_KINDS;
                if waiting[kind] < COPIES {
                    waiting[kind] += 1;
                    placed += 1;
                }
            }
            for forms in [FormSet::STANDARD, FormSet::ALL, FormSet(5), FormSet(3)] {
                let screened = completing_tiles(&waiting, forms);
                let wins = winning_kinds(&waiting, forms);
                assert_eq!(wins & !screened, 0, "{waiting:?} {forms:?}");
                if forms == FormSet::STANDARD {
                    assert_eq!(screened, wins, "{waiting:?}");
                }
                wins_seen += wins.count_ones();
            }
        }
        assert!(wins_seen > 10_000, "{wins_seen}");
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

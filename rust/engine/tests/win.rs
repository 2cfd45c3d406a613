//! Win detection: known hands, the table path against brute force on every one-suit hand, and the general
//! path against brute force and against the decomposition search on seeded random hands.

mod common;

use common::{brute_is_win, random_hand, sets_and_pair, Rng};
use mjcore_engine::knitted_pattern::KnittedPattern;
use mjcore_engine::notation::parse_hand;
use mjcore_engine::suit_key::{counts_of_key, SUIT_STATES};
use mjcore_engine::tile::TERMINALS_AND_HONOURS;
use mjcore_engine::{
    decompose, is_win, is_win_counts, Counts, EngineError, FormOptions, FormSet, Hand, NUM_KINDS,
};

fn wins(text: &str, forms: FormSet) -> bool {
    let hand = parse_hand(text).expect(text);
    is_win(&hand, FormOptions::with_forms(forms)).expect(text)
}

const DEFAULT: FormSet = FormSet(7);

#[test]
fn nine_gates_wins_on_every_man_tile() {
    for extra in 1..=9 {
        let text = format!("1112345678999m{extra}m");
        assert!(wins(&text, FormSet::STANDARD), "{text}");
    }
    assert!(!wins("1112345678999m1p", FormSet::ALL));
}

#[test]
fn special_forms_need_their_flag() {
    let cases = [
        ("1111m2255p3377s11z", FormSet::SEVEN_PAIRS),
        ("19m19p19s12345677z", FormSet::THIRTEEN_ORPHANS),
        ("147m258p369s12345z", FormSet::KNITTED),  // 全不靠
        ("147m258p3s1234567z", FormSet::KNITTED),  // 七星不靠
        ("147m258p369s234s55z", FormSet::KNITTED), // 组合龙
    ];
    for (text, form) in cases {
        assert!(wins(text, form), "{text}");
        assert!(
            !wins(text, FormSet(FormSet::ALL.0 & !form.0)),
            "{text} without its form"
        );
    }
}

#[test]
fn seven_pairs_quads_option() {
    let hand = parse_hand("1111m2255p3377s11z").unwrap();
    let mut opts = FormOptions::with_forms(FormSet::SEVEN_PAIRS);
    assert!(is_win(&hand, opts).unwrap());
    opts.seven_pairs_quads = false;
    assert!(!is_win(&hand, opts).unwrap());
    assert!(is_win_counts(&hand.concealed, FormSet::SEVEN_PAIRS));
}

#[test]
fn wild_hands() {
    assert!(wins("123m456p789s1z*", FormSet::STANDARD));
    assert!(wins("19m19p19s1234567z*", FormSet::THIRTEEN_ORPHANS));
    assert!(wins("**", FormSet::STANDARD));
    assert!(!wins("19m19p19s1234567z*", FormSet::STANDARD));
    let fifth = parse_hand("1111m*").unwrap();
    let mut opts = FormOptions::with_forms(FormSet::STANDARD);
    assert!(is_win(&fifth, opts).unwrap());
    opts.wild_fifth_copy = false;
    assert!(!is_win(&fifth, opts).unwrap());
}

#[test]
fn melds_count_towards_sets() {
    assert!(wins("[123m][555z](1111s)456p77z", FormSet::STANDARD));
    assert!(!wins("[123m][555z](1111s)456p67z", FormSet::ALL));
    assert!(wins("[234s]147m258p369s55z", FormSet::KNITTED));
}

#[test]
fn waiting_hands_are_an_error() {
    let hand = parse_hand("123m456p789s1122z").unwrap();
    let error = is_win(&hand, FormOptions::default()).unwrap_err();
    assert!(matches!(error, EngineError::InvalidHand { .. }), "{error}");
    assert!(error.to_string().contains("3n+1"), "{error}");
}

/// Every one-suit concealed hand of at most 14 tiles and a 3n+2 size: the table path against brute force,
/// in the man suit and (as a translation check) the sou suit.
#[test]
fn table_matches_brute_force_on_every_one_suit_hand() {
    let mut checked = 0;
    for key in 0..SUIT_STATES {
        let suit = counts_of_key(key, 9);
        let size: usize = suit.iter().map(|&c| c as usize).sum();
        if size > 14 || size % 3 != 2 {
            continue;
        }
        let mut counts = [0u8; NUM_KINDS];
        counts[..9].copy_from_slice(&suit);
        let expected = sets_and_pair(&mut counts.clone(), size / 3, 1)
            || (size == 14 && counts.iter().all(|&c| c % 2 == 0));
        assert_eq!(is_win_counts(&counts, DEFAULT), expected, "{suit:?}");
        let mut sou = [0u8; NUM_KINDS];
        sou[18..27].copy_from_slice(&suit);
        assert_eq!(is_win_counts(&sou, DEFAULT), expected, "{suit:?} in sou");
        checked += 1;
    }
    assert!(checked > 100_000, "{checked}");
}

/// Seeded random hands of every size, with melds and wilds: the engine against brute force, and is_win
/// against "has a decomposition", under every form set and option.
#[test]
fn random_hands_match_brute_force_and_decompose() {
    let mut rng = Rng::new(2024);
    let mut winners = 0;
    for round in 0..6000 {
        let sets = rng.below(6);
        let melds = rng.below(5 - sets.min(4) + 1).min(5 - sets);
        let wilds = [0, 0, 0, 1, 2][rng.below(5)];
        let hand = random_hand(&mut rng, sets, melds, wilds, round % 3 != 0);
        let win = win_agrees_with_brute_force_and_decompose(&hand, random_options(&mut rng));
        winners += usize::from(win);
    }
    assert!(
        winners > 1000,
        "too few winning hands to mean anything: {winners}"
    );
}

/// Random 14-tile hands of each whole-hand form, half of them with one tile swapped for another: the table
/// path against brute force under each form set.
#[test]
fn special_form_hands_and_near_misses_match_brute_force() {
    let mut rng = Rng::new(7);
    let mut outcomes = [0usize; 2];
    for round in 0..20000 {
        let mut counts = special_form_hand(&mut rng, round % 4);
        if rng.below(2) == 0 {
            let held: Vec<usize> = (0..NUM_KINDS).filter(|&k| counts[k] > 0).collect();
            let swapped_in = rng.below(NUM_KINDS);
            if counts[swapped_in] < 4 {
                counts[held[rng.below(held.len())]] -= 1;
                counts[swapped_in] += 1;
            }
        }
        let hand = Hand::from_counts(counts);
        let form_sets = [
            FormSet::ALL,
            FormSet::SEVEN_PAIRS,
            FormSet::THIRTEEN_ORPHANS,
            FormSet::KNITTED,
        ];
        for forms in form_sets {
            let win = is_win_counts(&counts, forms);
            assert_eq!(
                win,
                brute_is_win(&hand, FormOptions::with_forms(forms)),
                "{counts:?} {forms:?}"
            );
            outcomes[usize::from(win)] += 1;
        }
    }
    assert!(outcomes.iter().all(|&n| n > 10_000), "{outcomes:?}");
}

/// A hand of 七对 (0), 十三幺 (1), 全不靠 / 七星不靠 (2) or 组合龙 (3).
fn special_form_hand(rng: &mut Rng, form: usize) -> Counts {
    let mut counts = [0u8; NUM_KINDS];
    let pattern: Vec<usize> = KnittedPattern::ALL[rng.below(6)]
        .tiles()
        .iter()
        .map(|&t| t as usize)
        .collect();
    match form {
        0 => {
            let mut pairs = 0;
            while pairs < 7 {
                let k = rng.below(NUM_KINDS);
                if counts[k] <= 2 {
                    counts[k] += 2;
                    pairs += 1;
                }
            }
        }
        1 => {
            TERMINALS_AND_HONOURS
                .iter()
                .for_each(|&t| counts[t as usize] = 1);
            counts[TERMINALS_AND_HONOURS[rng.below(13)] as usize] += 1;
        }
        2 => {
            let candidates: Vec<usize> = pattern.iter().copied().chain(27..NUM_KINDS).collect();
            let first = rng.below(16);
            let second = (first + 1 + rng.below(15)) % 16;
            for (i, &k) in candidates.iter().enumerate() {
                counts[k] = u8::from(i != first && i != second);
            }
        }
        _ => {
            counts = loop {
                let mut attempt = [0u8; NUM_KINDS];
                pattern.iter().for_each(|&k| attempt[k] += 1);
                attempt[rng.below(NUM_KINDS)] += 2;
                if rng.below(2) == 0 {
                    attempt[rng.below(NUM_KINDS)] += 3;
                } else {
                    let start = rng.below(3) * 9 + rng.below(7);
                    (start..start + 3).for_each(|k| attempt[k] += 1);
                }
                if attempt.iter().all(|&c| c <= 4) {
                    break attempt;
                }
            }
        }
    }
    counts
}

/// Fewer hands but more wilds (3 or 4), where the wild-placing search has the most freedom.
#[test]
fn hands_with_many_wilds_match_brute_force() {
    let mut rng = Rng::new(31);
    for round in 0..300 {
        let sets = 1 + rng.below(4);
        let melds = rng.below(5 - sets);
        let wilds = 3 + rng.below(2) as u8;
        let hand = random_hand(&mut rng, sets, melds, wilds, round % 2 == 0);
        win_agrees_with_brute_force_and_decompose(&hand, random_options(&mut rng));
    }
}

/// Random forms (any non-empty set) and options.
fn random_options(rng: &mut Rng) -> FormOptions {
    FormOptions {
        forms: FormSet(1 + rng.below(15) as u8),
        seven_pairs_quads: rng.below(2) == 0,
        wild_fifth_copy: rng.below(2) == 0,
    }
}

/// `is_win`, checked against the brute-force checker and against "decompose finds a reading".
fn win_agrees_with_brute_force_and_decompose(hand: &Hand, opts: FormOptions) -> bool {
    let win = is_win(hand, opts).unwrap();
    assert_eq!(win, brute_is_win(hand, opts), "{hand:?} {opts:?}");
    assert_eq!(
        win,
        !decompose(hand, opts).unwrap().is_empty(),
        "{hand:?} {opts:?}"
    );
    win
}

//! Win detection: known hands, the table path against brute force on every one-suit hand, and the general
//! path against brute force and against the decomposition search on seeded random hands.

mod common;

use common::{brute_is_win, random_hand, sets_and_pair, Rng};
use mjcore_engine::notation::parse_hand;
use mjcore_engine::suit_key::{counts_of_key, SUIT_STATES};
use mjcore_engine::{
    decompose, is_win, is_win_counts, EngineError, FormOptions, FormSet, NUM_KINDS,
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
        let opts = FormOptions {
            forms: FormSet(1 + rng.below(15) as u8),
            seven_pairs_quads: rng.below(2) == 0,
            wild_fifth_copy: rng.below(2) == 0,
        };
        let win = is_win(&hand, opts).unwrap();
        assert_eq!(win, brute_is_win(&hand, opts), "{hand:?} {opts:?}");
        assert_eq!(
            win,
            !decompose(&hand, opts).unwrap().is_empty(),
            "{hand:?} {opts:?}"
        );
        winners += usize::from(win);
    }
    assert!(
        winners > 1000,
        "too few winning hands to mean anything: {winners}"
    );
}

/// Random 14-tile concealed hands near the special forms, where the table path must agree with brute force.
#[test]
fn random_concealed_hands_match_brute_force_in_all_forms() {
    let mut rng = Rng::new(7);
    for _ in 0..20000 {
        let mut counts = [0u8; NUM_KINDS];
        // Draw from a narrow range of kinds so that pairs, orphans and knitted shapes are common.
        let pool: Vec<usize> = match rng.below(3) {
            0 => (0..NUM_KINDS)
                .filter(|&k| k % 9 % 3 == 0 || k >= 27)
                .collect(),
            1 => mjcore_engine::tile::TERMINALS_AND_HONOURS
                .iter()
                .map(|&t| t as usize)
                .collect(),
            _ => (0..NUM_KINDS).step_by(2).collect(),
        };
        let mut placed = 0;
        while placed < 14 {
            let k = pool[rng.below(pool.len())];
            if counts[k] < 4 {
                counts[k] += 1;
                placed += 1;
            }
        }
        let hand = mjcore_engine::Hand::from_counts(counts);
        for forms in [
            FormSet::ALL,
            FormSet::SEVEN_PAIRS,
            FormSet::THIRTEEN_ORPHANS,
            FormSet::KNITTED,
        ] {
            let opts = FormOptions::with_forms(forms);
            assert_eq!(
                is_win_counts(&counts, forms),
                brute_is_win(&hand, opts),
                "{counts:?} {forms:?}"
            );
        }
    }
}

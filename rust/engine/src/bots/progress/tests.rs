use super::*;
use crate::forms::{FormOptions, FormSet};
use crate::hand::{Hand, MeldKind};
use crate::knitted_pattern::KnittedPattern;
use crate::rng::Rng;
use crate::table::ShapeRules;

/// A pseudo-random 3n+2 hand with 0..=3 melds, from a seeded shuffle of the 136 tiles.
fn random_hand(rng: &mut Rng) -> Hand {
    let mut next = |below: usize| rng.below(below as u64) as usize;
    let mut left = [COPIES; NUM_KINDS];
    let mut hand = Hand::default();
    for _ in 0..next(4) {
        let tile = Tile::new(next(NUM_KINDS) as u8).unwrap();
        let kind = [MeldKind::Pon, MeldKind::Kong, MeldKind::Chi][next(3)];
        let meld = Meld::new(kind, tile);
        let mut used = [0; NUM_KINDS];
        if kind == MeldKind::Chi && !crate::tile::can_start_chow(tile.index()) {
            continue;
        }
        meld.add_tiles(&mut used);
        if used.iter().zip(left).all(|(&u, l)| u <= l) {
            left.iter_mut().zip(used).for_each(|(l, u)| *l -= u);
            hand.melds.push(meld);
        }
    }
    let mut size = 0;
    while size < 14 - 3 * hand.melds.len() {
        let kind = next(NUM_KINDS);
        if left[kind] > 0 {
            left[kind] -= 1;
            hand.concealed[kind] += 1;
            size += 1;
        }
    }
    hand
}

#[test]
fn best_discards_are_the_waits_modules_best() {
    let chicken = ShapeRules::CHICKEN.options;
    assert!(chicken.forms.contains(FormSet::THIRTEEN_ORPHANS));
    let with_pairs = FormOptions {
        forms: chicken.forms.union(FormSet::SEVEN_PAIRS),
        ..chicken
    };
    for opts in [chicken, with_pairs] {
        best_discards_agree(opts);
    }
}

fn best_discards_agree(opts: FormOptions) {
    let mut rng = Rng::for_stream(7, 0, 0);
    let mut capped = CappedSuits::default();
    for _ in 0..3000 {
        let hand = random_hand(&mut rng);
        // Some copies seen elsewhere: every kind whose index is a multiple of 5, once, where one is left.
        let mut visible = [0; NUM_KINDS];
        let held = hand.all_tiles();
        for kind in (0..NUM_KINDS).step_by(5) {
            visible[kind] = u8::from(held[kind] < COPIES);
        }
        let unseen: Counts = std::array::from_fn(|k| COPIES - held[k] - visible[k]);
        let expected = crate::waits::discards(&hand, opts, Some(&visible)).unwrap();
        let lowest = expected[0].shanten;
        let most = expected
            .iter()
            .filter(|row| row.shanten == lowest)
            .map(|row| row.total())
            .max();
        // Each evaluation starts from a fresh evaluator, as a turn does.
        let mut evaluate = |floor: Option<u32>| {
            Evaluator::new(
                &hand.concealed,
                &hand.melds,
                opts.forms,
                &unseen,
                &mut capped,
            )
            .best_discards_above(&hand.concealed, floor)
            .unwrap()
        };
        let got = evaluate(None);
        let want: Vec<(Tile, Progress)> = {
            let mut rows: Vec<_> = expected
                .iter()
                .filter(|row| row.shanten == lowest && Some(row.total()) == most)
                .map(|row| {
                    (
                        row.tile,
                        Progress {
                            shanten: row.shanten,
                            useful: row.total(),
                        },
                    )
                })
                .collect();
            rows.sort_by_key(|row| row.0);
            rows
        };
        assert_eq!(*got, *want, "{hand:?}");
        // A floor keeps the best discards only when they pass it.
        let best = want[0].1.useful;
        for floor in [best.saturating_sub(1), best, best + 3] {
            let above = evaluate(Some(floor));
            let kept: &[(Tile, Progress)] = if best > floor { &want } else { &[] };
            assert_eq!(*above, *kept, "{hand:?} above {floor}");
        }
    }
}

#[test]
fn shanten_of_a_full_hand_is_that_after_its_best_discard() {
    let mut rng = Rng::for_stream(5, 0, 0);
    let mut capped = CappedSuits::default();
    let unseen = [COPIES; NUM_KINDS];
    // Complete hands (the discard then costs a tile) and random ones.
    let complete = [
        "123m456p789s11122z",
        "19m19p19s1234567z1m",
        "[555m]123m456p78999s",
    ]
    .map(|text| crate::notation::parse_hand(text).unwrap());
    let random = std::iter::repeat_with(|| random_hand(&mut rng)).take(3000);
    for hand in complete.into_iter().chain(random) {
        let forms = ShapeRules::CHICKEN.options.forms;
        let mut evaluator =
            Evaluator::new(&hand.concealed, &hand.melds, forms, &unseen, &mut capped);
        let after_discard = evaluator.best_discards(&hand.concealed).unwrap()[0].1;
        assert_eq!(
            evaluator.shanten(&hand.concealed),
            after_discard.shanten,
            "{hand:?}"
        );
    }
}

/// Every MCR form, 组合龙 and 全不靠 included, on concealed 13-tile hands near a knitted pattern (and random
/// ones): the evaluator's shanten and useful copies are the waits module's.
#[test]
fn progress_in_every_form_agrees_with_the_waits_module() {
    let opts = FormOptions {
        forms: FormSet::ALL,
        seven_pairs_quads: true,
        wild_fifth_copy: true,
    };
    let mut rng = Rng::for_stream(13, 0, 0);
    let mut capped = CappedSuits::default();
    let mut knitted_nearer = 0;
    for round in 0..3000 {
        let mut hand = Hand::default();
        let mut size = 0;
        // Two hands in three start from a knitted pattern's tiles, a few of them left out.
        if round % 3 != 0 {
            let pattern = KnittedPattern::ALL[rng.below(6) as usize];
            for kind in pattern.tiles().map(usize::from) {
                if rng.below(5) != 0 {
                    hand.concealed[kind] += 1;
                    size += 1;
                }
            }
        }
        while size < 13 {
            let kind = rng.below(NUM_KINDS as u64) as usize;
            if hand.concealed[kind] < COPIES {
                hand.concealed[kind] += 1;
                size += 1;
            }
        }
        let unseen: Counts = hand.concealed.map(|held| COPIES - held);
        let (shanten, tiles) = crate::waits::waits(&hand, opts, None).unwrap();
        let useful = tiles.iter().map(|&(_, n)| u32::from(n)).sum();
        let mut evaluator = Evaluator::new(&hand.concealed, &[], opts.forms, &unseen, &mut capped);
        let progress = evaluator.progress(&hand.concealed);
        assert_eq!(progress, Progress { shanten, useful }, "{hand:?}");
        let standard = FormSet(FormSet::ALL.0 & !FormSet::KNITTED.0);
        let mut without = Evaluator::new(&hand.concealed, &[], standard, &unseen, &mut capped);
        knitted_nearer += usize::from(shanten < without.shanten(&hand.concealed));
    }
    // The knitted forms are targets: many of these hands are nearest to one of them.
    assert!(
        knitted_nearer > 1000,
        "{knitted_nearer} hands nearest a knitted form"
    );
}

#[test]
fn progress_agrees_with_the_waits_module() {
    let opts = FormOptions {
        forms: FormSet::STANDARD,
        ..ShapeRules::CHICKEN.options
    };
    let mut rng = Rng::for_stream(11, 0, 0);
    let mut capped = CappedSuits::default();
    for _ in 0..3000 {
        let mut hand = random_hand(&mut rng);
        let Some(kind) = hand.concealed.iter().position(|&c| c > 0) else {
            continue;
        };
        hand.concealed[kind] -= 1;
        let held = hand.all_tiles();
        let unseen: Counts = held.map(|h| COPIES - h);
        let (shanten, tiles) = crate::waits::waits(&hand, opts, None).unwrap();
        let useful = tiles.iter().map(|&(_, n)| u32::from(n)).sum();
        let mut evaluator = Evaluator::new(
            &hand.concealed,
            &hand.melds,
            opts.forms,
            &unseen,
            &mut capped,
        );
        assert_eq!(
            evaluator.progress(&hand.concealed),
            Progress { shanten, useful },
            "{hand:?}"
        );
    }
}

//! Decomposition: known hands, structural checks, and the exact set of decompositions against a naive
//! search that tries every group in every order and removes duplicates with a set.

mod common;

use std::collections::BTreeSet;

use common::{random_hand, Rng};
use mjcore_engine::notation::parse_hand;
use mjcore_engine::tile::can_start_chow;
use mjcore_engine::{
    decompose, Decomposition, FormKind, FormOptions, FormSet, GroupKind, Hand, NUM_KINDS,
};

fn decompositions(text: &str, forms: FormSet) -> Vec<Decomposition> {
    decompose(
        &parse_hand(text).expect(text),
        FormOptions::with_forms(forms),
    )
    .expect(text)
}

/// A group as plain data: (kind, tiles, wild kinds).
type PlainGroup = (GroupKind, Vec<u8>, Vec<u8>);

fn plain(d: &Decomposition) -> Vec<PlainGroup> {
    d.groups()
        .iter()
        .map(|g| (g.kind, g.tiles().to_vec(), g.wild_tiles().collect()))
        .collect()
}

#[test]
fn pure_triplets_or_chows() {
    let found = decompositions("111222333m456p77s", FormSet::STANDARD);
    assert_eq!(found.len(), 2);
    let kinds: Vec<Vec<GroupKind>> = found
        .iter()
        .map(|d| d.groups().iter().map(|g| g.kind).collect())
        .collect();
    use GroupKind::*;
    assert_eq!(
        kinds,
        vec![
            vec![Chow, Chow, Chow, Chow, Pair],
            vec![Chow, Pair, Pung, Pung, Pung]
        ]
    );
}

#[test]
fn nine_gates_with_an_extra_five() {
    let found = decompositions("11123455678999m", FormSet::STANDARD);
    let texts: Vec<String> = found.iter().map(describe).collect();
    // Groups sort chows first, then the pair, then pungs.
    assert_eq!(texts, vec!["234 678 55 111 999".to_string()]);
}

fn describe(d: &Decomposition) -> String {
    d.groups()
        .iter()
        .map(|g| {
            g.tiles()
                .iter()
                .map(|t| (t % 9 + 1).to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn seven_pairs_with_a_quad_and_both_readings() {
    let found = decompositions("11223344556677m", FormSet(7));
    let forms: Vec<FormKind> = found.iter().map(|d| d.form).collect();
    assert!(
        forms.contains(&FormKind::SevenPairs) && forms.contains(&FormKind::Standard),
        "{forms:?}"
    );
    let quad = decompositions("1111m2255p3377s11z", FormSet::SEVEN_PAIRS);
    assert_eq!(quad.len(), 1);
    assert_eq!(
        quad[0]
            .groups()
            .iter()
            .filter(|g| g.tiles() == [0, 0])
            .count(),
        2
    );
}

#[test]
fn orphans_and_knitted_forms() {
    let orphans = decompositions("19m19p19s12345677z", FormSet::ALL);
    assert_eq!(orphans.len(), 1);
    assert_eq!(orphans[0].form, FormKind::ThirteenOrphans);
    assert_eq!(orphans[0].groups().len(), 13);
    assert_eq!(
        orphans[0].pair().map(|g| g.tiles().to_vec()),
        Some(vec![33, 33])
    );

    let greater = decompositions("147m258p3s1234567z", FormSet::KNITTED);
    assert_eq!(
        greater.iter().map(|d| d.form).collect::<Vec<_>>(),
        vec![FormKind::GreaterHonorsKnitted]
    );
    let lesser = decompositions("147m258p369s12345z", FormSet::KNITTED);
    assert_eq!(
        lesser.iter().map(|d| d.form).collect::<Vec<_>>(),
        vec![FormKind::LesserHonorsKnitted]
    );
    assert!(lesser[0]
        .groups()
        .iter()
        .all(|g| g.kind == GroupKind::Single));

    let straight = decompositions("147m258p369s234s55z", FormSet::KNITTED);
    assert_eq!(straight.len(), 1);
    let kinds: Vec<GroupKind> = straight[0].groups().iter().map(|g| g.kind).collect();
    assert_eq!(
        kinds,
        vec![GroupKind::Chow, GroupKind::Knitted, GroupKind::Pair]
    );
}

#[test]
fn declared_melds_follow_in_hand_order() {
    let found = decompositions("[789s][555z]123m456p77z", FormSet::STANDARD);
    assert_eq!(found.len(), 1);
    let groups = found[0].groups();
    assert_eq!(
        groups.iter().map(|g| g.meld).collect::<Vec<_>>(),
        vec![None, None, None, Some(0), Some(1)]
    );
    assert_eq!(groups[3].kind, GroupKind::Chow);
    assert_eq!(groups[4].kind, GroupKind::Pung);
}

#[test]
fn wilds_say_what_they_stand_for() {
    let found = decompositions("123m456p789s1z*", FormSet::ALL);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].wild_counts()[27], 1);
    let pair = found[0].pair().unwrap();
    assert_eq!(pair.wild_tiles().collect::<Vec<_>>(), vec![27]);

    // Two wilds alone are a pair of any kind.
    let any_pair = decompositions("**", FormSet::STANDARD);
    assert_eq!(any_pair.len(), NUM_KINDS);

    // A fifth copy: allowed by default, refused by the option.
    let hand = parse_hand("1111m*").unwrap();
    let mut opts = FormOptions::with_forms(FormSet::STANDARD);
    assert_eq!(decompose(&hand, opts).unwrap().len(), 2);
    opts.wild_fifth_copy = false;
    assert!(decompose(&hand, opts).unwrap().is_empty());
}

/// Checks that the groups use exactly the hand's tiles and wilds, in the canonical order.
fn check_structure(hand: &Hand, opts: FormOptions, found: &[Decomposition]) {
    for pair in found.windows(2) {
        assert!(pair[0] < pair[1], "not sorted or not distinct: {hand:?}");
    }
    let held = hand.all_tiles();
    for d in found {
        let mut real = [0u8; NUM_KINDS];
        let concealed: Vec<_> = d.groups().iter().filter(|g| g.meld.is_none()).collect();
        for g in &concealed {
            for (position, &t) in g.tiles().iter().enumerate() {
                if !g.is_wild(position) {
                    real[t as usize] += 1;
                }
            }
        }
        assert_eq!(real, hand.concealed, "{d:?}");
        let wilds = d.wild_counts();
        assert_eq!(wilds.iter().sum::<u8>(), hand.wilds);
        if !opts.wild_fifth_copy {
            assert!((0..NUM_KINDS).all(|k| held[k] + wilds[k] <= 4), "{d:?}");
        }
        assert!(concealed.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(d.groups().len() - concealed.len(), hand.melds.len());
    }
}

/// The naive reference: any group, any order, every wild choice; duplicates removed by a set. Standard
/// form only (the other forms have no search order to get wrong).
fn naive_standard(hand: &Hand, opts: FormOptions) -> BTreeSet<Vec<PlainGroup>> {
    let mut found = BTreeSet::new();
    let sets = hand.concealed_len() / 3;
    let mut room = [u8::MAX; NUM_KINDS];
    if !opts.wild_fifth_copy {
        for (r, held) in room.iter_mut().zip(hand.all_tiles()) {
            *r = 4 - held;
        }
    }
    naive(
        &mut hand.concealed.clone(),
        hand.wilds,
        &mut room,
        sets,
        1,
        &mut Vec::new(),
        &mut found,
    );
    found
}

fn naive(
    counts: &mut [u8; NUM_KINDS],
    wilds: u8,
    room: &mut [u8; NUM_KINDS],
    sets: usize,
    pairs: usize,
    placed: &mut Vec<PlainGroup>,
    found: &mut BTreeSet<Vec<PlainGroup>>,
) {
    if sets == 0 && pairs == 0 {
        if wilds == 0 && counts.iter().all(|&c| c == 0) {
            let mut groups = placed.clone();
            groups.sort();
            found.insert(groups);
        }
        return;
    }
    let mut shapes: Vec<(GroupKind, Vec<u8>)> = Vec::new();
    for k in 0..NUM_KINDS as u8 {
        if pairs > 0 {
            shapes.push((GroupKind::Pair, vec![k, k]));
        }
        if sets > 0 {
            shapes.push((GroupKind::Pung, vec![k, k, k]));
            if can_start_chow(k) {
                shapes.push((GroupKind::Chow, vec![k, k + 1, k + 2]));
            }
        }
    }
    for (kind, tiles) in shapes {
        for mask in 0u16..1 << tiles.len() {
            let wild: Vec<u8> = (0..tiles.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| tiles[i])
                .collect();
            let real: Vec<u8> = (0..tiles.len())
                .filter(|&i| mask >> i & 1 == 0)
                .map(|i| tiles[i])
                .collect();
            let mut need = [0u8; NUM_KINDS];
            real.iter().for_each(|&t| need[t as usize] += 1);
            let mut wild_need = [0u8; NUM_KINDS];
            wild.iter().for_each(|&t| wild_need[t as usize] += 1);
            if wild.len() > wilds as usize
                || (0..NUM_KINDS).any(|k| need[k] > counts[k] || wild_need[k] > room[k])
            {
                continue;
            }
            (0..NUM_KINDS).for_each(|k| {
                counts[k] -= need[k];
                room[k] -= wild_need[k];
            });
            let (s, p) = if kind == GroupKind::Pair {
                (sets, pairs - 1)
            } else {
                (sets - 1, pairs)
            };
            placed.push((kind, tiles.clone(), wild.clone()));
            naive(counts, wilds - wild.len() as u8, room, s, p, placed, found);
            placed.pop();
            (0..NUM_KINDS).for_each(|k| {
                counts[k] += need[k];
                room[k] += wild_need[k];
            });
        }
    }
}

#[test]
fn random_hands_match_the_naive_search_exactly() {
    let mut rng = Rng::new(99);
    let mut compared = 0;
    for round in 0..400 {
        let sets = 1 + rng.below(3);
        let melds = rng.below(2);
        let wilds = rng.below(3) as u8;
        let hand = random_hand(&mut rng, sets, melds, wilds, round % 4 != 0);
        let opts = FormOptions {
            forms: FormSet::STANDARD,
            seven_pairs_quads: true,
            wild_fifth_copy: rng.below(2) == 0,
        };
        let found = decompose(&hand, opts).unwrap();
        check_structure(&hand, opts, &found);
        let ours: BTreeSet<Vec<PlainGroup>> = found
            .iter()
            .map(|d| {
                plain(d)
                    .into_iter()
                    .take(d.groups().len() - hand.melds.len())
                    .collect()
            })
            .collect();
        assert_eq!(ours.len(), found.len(), "duplicates for {hand:?}");
        assert_eq!(ours, naive_standard(&hand, opts), "{hand:?} {opts:?}");
        compared += found.len();
    }
    assert!(
        compared > 300,
        "too few decompositions compared: {compared}"
    );
}

#[test]
fn random_hands_of_every_form_are_well_formed() {
    let mut rng = Rng::new(5);
    for round in 0..3000 {
        let sets = 4;
        let wilds = rng.below(3) as u8;
        let hand = random_hand(&mut rng, sets, 0, wilds, round % 2 == 0);
        let opts = FormOptions {
            forms: FormSet::ALL,
            seven_pairs_quads: rng.below(2) == 0,
            wild_fifth_copy: rng.below(2) == 0,
        };
        check_structure(&hand, opts, &decompose(&hand, opts).unwrap());
    }
}

#[test]
fn the_visitor_sees_each_decomposition_once_and_can_stop() {
    use mjcore_engine::for_each_decomposition;
    use std::ops::ControlFlow;

    let hand = parse_hand("11122233344455m").unwrap();
    let opts = FormOptions::default();
    let all = decompose(&hand, opts).unwrap();
    assert!(all.len() > 2, "{all:?}");
    let mut seen = Vec::new();
    let flow = for_each_decomposition(&hand, opts, |d| {
        seen.push(*d);
        ControlFlow::Continue(())
    })
    .unwrap();
    assert!(flow.is_continue());
    seen.sort();
    assert_eq!(seen, all);

    let mut visits = 0;
    let flow = for_each_decomposition(&hand, opts, |_| {
        visits += 1;
        ControlFlow::Break(())
    })
    .unwrap();
    assert!(flow.is_break());
    assert_eq!(visits, 1);
}

//! Waits and discards against their definition (shanten recomputed from scratch for every draw and discard),
//! plus known hands.

use mjcore_engine::notation::{parse_hand, parse_hand_unchecked};
use mjcore_engine::rng::Rng;
use mjcore_engine::{discards, shanten, waits, FormOptions, FormSet, Hand, Tile, NUM_KINDS};

fn opts() -> FormOptions {
    FormOptions::default()
}

fn tiles(list: &[(Tile, u8)]) -> Vec<(String, u8)> {
    list.iter().map(|&(t, n)| (t.mpsz(), n)).collect()
}

/// Useful tiles by definition: every drawable kind whose draw lowers the shanten, with its unseen copies.
fn expected_useful(
    hand: &Hand,
    options: FormOptions,
    seen: &[u8; NUM_KINDS],
) -> (i8, Vec<(Tile, u8)>) {
    let before = shanten(hand, options).unwrap();
    let held = hand.all_tiles();
    let mut useful = Vec::new();
    for kind in 0..NUM_KINDS {
        if held[kind] == 4 {
            continue;
        }
        let mut drawn = hand.clone();
        drawn.concealed[kind] += 1;
        if shanten(&drawn, options).unwrap() < before {
            useful.push((Tile::new(kind as u8).unwrap(), 4 - held[kind] - seen[kind]));
        }
    }
    (before, useful)
}

#[test]
fn nine_gates_waits_on_all_nine() {
    let hand = parse_hand("1112345678999m").unwrap();
    let (s, w) = waits(&hand, opts(), None).unwrap();
    assert_eq!(s, 0);
    let expected: Vec<(String, u8)> = [
        (1, 1),
        (2, 3),
        (3, 3),
        (4, 3),
        (5, 3),
        (6, 3),
        (7, 3),
        (8, 3),
        (9, 1),
    ]
    .iter()
    .map(|&(n, left)| (format!("{n}m"), left))
    .collect();
    assert_eq!(tiles(&w), expected);
}

#[test]
fn a_dead_wait_is_not_a_wait() {
    // 1111m333p222s444z: waiting on nothing as 4 sets + pair, so it is 1-shanten with useful tiles.
    let hand = parse_hand("1111m333p222s444z").unwrap();
    let (s, w) = waits(&hand, FormOptions::with_forms(FormSet::STANDARD), None).unwrap();
    assert_eq!(s, 1);
    assert!(w.iter().all(|&(t, _)| t.mpsz() != "1m"));
    assert!(w.iter().any(|&(t, _)| t.mpsz() == "2m"));
}

#[test]
fn visible_tiles_reduce_the_count_and_too_many_is_an_error() {
    let hand = parse_hand("123m456p789s1122z").unwrap();
    let mut visible = [0u8; NUM_KINDS];
    visible[27] = 2;
    let (_, w) = waits(&hand, opts(), Some(&visible)).unwrap();
    assert_eq!(
        tiles(&w),
        vec![("1z".to_string(), 0), ("2z".to_string(), 2)]
    );
    visible[27] = 3;
    let error = waits(&hand, opts(), Some(&visible))
        .unwrap_err()
        .to_string();
    assert!(error.contains("1z"), "{error}");
}

#[test]
fn wrong_shapes_are_errors() {
    let full = parse_hand("123m456p789s11222z").unwrap();
    assert!(waits(&full, opts(), None).is_err());
    let waiting = parse_hand("123m456p789s1122z").unwrap();
    assert!(discards(&waiting, opts(), None).is_err());
}

#[test]
fn discard_table_is_sorted_best_first() {
    let hand = parse_hand("123m456p789s1122z5z").unwrap();
    let rows = discards(&hand, opts(), None).unwrap();
    assert_eq!(rows[0].tile.mpsz(), "5z");
    assert_eq!(rows[0].shanten, 0);
    for pair in rows.windows(2) {
        let key = |r: &mjcore_engine::Discard| (r.shanten, std::cmp::Reverse(r.total()), r.tile);
        assert!(key(&pair[0]) <= key(&pair[1]));
    }
    let distinct = hand.concealed.iter().filter(|&&c| c > 0).count();
    assert_eq!(rows.len(), distinct);
}

/// Seeded random hands (with melds and wilds), each checked against the definition.
#[test]
fn waits_and_discards_match_the_definition() {
    let mut rng = Rng::for_stream(7, 0, 0);
    let mut next = move |n: usize| rng.below(n as u64) as usize;
    let texts = ["", " [123m]", " [555z]", " (1111p)", " [789s] [222p]"];
    for round in 0..240 {
        let melds = texts[round % texts.len()];
        let meld_sets = melds.matches(['[', '(']).count();
        let wilds = if round % 3 == 0 { next(3) } else { 0 };
        let size = 3 * (4 - meld_sets) + 1;
        let mut hand = parse_hand_unchecked(&format!("{}{melds}", "*".repeat(wilds))).unwrap();
        assert_eq!(hand.melds.len(), meld_sets);
        while hand.concealed_len() < size {
            let kind = next(NUM_KINDS);
            if hand.all_tiles()[kind] < 4 {
                hand.concealed[kind] += 1;
            }
        }
        let text = mjcore_engine::notation::format_hand(&hand);
        let options = FormOptions {
            wild_fifth_copy: round % 2 == 0,
            ..FormOptions::with_forms(FormSet::ALL)
        };
        let none = [0u8; NUM_KINDS];
        let (s, w) = waits(&hand, options, None).unwrap();
        assert_eq!((s, w), expected_useful(&hand, options, &none), "{text}");
        // Draw one more tile and check every discard row.
        let kind = loop {
            let kind = next(NUM_KINDS);
            if hand.all_tiles()[kind] < 4 {
                break kind;
            }
        };
        let mut full = hand.clone();
        full.concealed[kind] += 1;
        let held = full.all_tiles();
        for row in discards(&full, options, None).unwrap() {
            let mut left = full.clone();
            left.concealed[row.tile.index() as usize] -= 1;
            let (es, eu) = expected_useful(&left, options, &none);
            // The discarded tile counts as seen: unseen copies come from the full hand.
            let eu: Vec<(Tile, u8)> = eu
                .into_iter()
                .map(|(t, _)| (t, 4 - held[t.index() as usize]))
                .collect();
            assert_eq!(
                (row.shanten, row.useful.clone()),
                (es, eu),
                "{text} discard {}",
                row.tile.mpsz()
            );
        }
    }
}

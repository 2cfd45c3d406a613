//! The MCR scorer on hand-written hands (values from `rulesets/mcr.toml`, read here by a minimal line reader
//! so the test shares no code with the Python loader), the table's checks, and random input that must be
//! scored or refused, never panic.

mod common;

use common::{rows_of, shipped_rows, Rng};
use mjcore_engine::notation::{parse_hand, parse_tile};
use mjcore_engine::rules::mcr::{
    score, score_batch, Fan, McrBatchRow, McrSituation, McrTable, MeldSlot, Opening,
};
use mjcore_engine::{EngineError, Hand, Meld, MeldKind, Tile};

fn table_of(rows: &[(String, u8, Vec<String>)]) -> Result<McrTable, EngineError> {
    McrTable::from_rows("mcr", 8, true, rows)
}

fn table() -> McrTable {
    table_of(&shipped_rows()).expect("the shipped table")
}

fn fans_of(text: &str, win: &str, situation: McrSituation) -> (Vec<(&'static str, u8)>, u16) {
    let hand = parse_hand(text).expect("test hand");
    let win = parse_tile(win).expect("test tile");
    let result = score(&hand, win, &situation, &table())
        .expect("valid")
        .expect("a win");
    let fans = Fan::ALL
        .iter()
        .filter(|&&f| result.fans.has(f))
        .map(|&f| (f.key(), result.fans.get(f)))
        .collect();
    (fans, result.total)
}

#[test]
fn a_pure_straight_self_drawn() {
    let drawn = McrSituation {
        self_drawn: true,
        ..McrSituation::default()
    };
    let (fans, total) = fans_of("123456789m1234p", "1p", drawn);
    assert_eq!(
        fans,
        [
            ("pure_straight", 1),
            ("fully_concealed_hand", 1),
            ("all_chows", 1),
            ("one_voided_suit", 1)
        ]
    );
    assert_eq!(total, 16 + 4 + 2 + 1);
}

#[test]
fn the_higher_reading_wins_and_implied_fans_drop() {
    // 111222333m reads as three pungs (一色三节高 24 + 三暗刻 16) or three chows (一色三同顺 24): 就高不就低.
    let (fans, total) = fans_of("111222333m456p7s", "7s", McrSituation::default());
    assert!(
        fans.contains(&("pure_shifted_pungs", 1)) && fans.contains(&("three_concealed_pungs", 1))
    );
    assert!(!fans.iter().any(|&(key, _)| key == "pure_triple_chow"));
    assert_eq!(total, 24 + 16 + 2 + 1 + 1 + 1);
}

#[test]
fn a_hand_that_does_not_win_is_none() {
    let hand = parse_hand("123m456p789s345s1z").expect("test hand");
    let win = parse_tile("2z").expect("test tile");
    assert_eq!(
        score(&hand, win, &McrSituation::default(), &table()),
        Ok(None)
    );
}

#[test]
fn the_table_refuses_missing_unknown_and_upward_exclusions() {
    let rows = shipped_rows();
    assert_eq!(rows.len(), Fan::STANDARD.len());
    assert!(table_of(&rows[1..]).is_err());
    let mut unknown = rows.clone();
    unknown[0].0 = "no_such_fan".to_owned();
    assert!(table_of(&unknown).is_err());
    let mut upward = rows.clone();
    let last = upward.len() - 1;
    upward[last].2 = vec!["big_four_winds".to_owned()];
    assert!(table_of(&upward).is_err());
}

#[test]
fn a_fifth_copy_and_wilds_are_refused() {
    let table = table();
    let calm = McrSituation::default();
    let fifth = parse_hand("1111m456p789s345s1z").expect("test hand");
    let one_m = Tile::new(0).expect("1m");
    assert!(score(&fifth, one_m, &calm, &table).is_err());
    let mut wild = parse_hand("123m456p789s345s1z").expect("test hand");
    wild.concealed[27] -= 1;
    wild.wilds = 1;
    assert!(score(&wild, one_m, &calm, &table).is_err());
}

/// Any 13 tiles' worth of counts and melds (often impossible), any winning tile, any flags.
fn random_row(rng: &mut Rng) -> McrBatchRow {
    let mut concealed = [0u8; 34];
    for _ in 0..rng.below(16) {
        concealed[rng.below(34)] += 1 + u8::from(rng.below(20) == 0) * 4;
    }
    let melds = std::array::from_fn(|_| MeldSlot {
        kind: rng.below(8) as u8,
        tile: rng.below(36) as u8,
    });
    let flag = |rng: &mut Rng| rng.below(4) == 0;
    McrBatchRow {
        concealed,
        melds,
        flowers: rng.below(10) as u8,
        win: rng.below(36) as u8,
        situation: McrSituation {
            self_drawn: flag(rng),
            last_copy: flag(rng),
            kong_replacement: flag(rng),
            robbing_kong: flag(rng),
            wall_last: flag(rng),
            seat_wind: rng.below(5) as u8,
            prevalent_wind: rng.below(5) as u8,
            opening: Opening::from_code(rng.below(6) as u8).unwrap_or_default(),
        },
    }
}

#[test]
fn random_rows_are_scored_or_refused_without_panic() {
    let table = table();
    let mut rng = Rng::new(7);
    let mut scored = 0;
    for _ in 0..20_000 {
        let row = random_row(&mut rng);
        if score_batch(&[row], &table).is_ok() {
            scored += 1;
        }
    }
    assert!(scored > 0);
}

#[test]
fn a_batch_error_names_its_row() {
    let hand: Hand = parse_hand("456p789s345s1z [123m]").expect("test hand");
    let mut row = McrBatchRow {
        concealed: hand.concealed,
        melds: [MeldSlot::default(); 4],
        flowers: 0,
        win: 27,
        situation: McrSituation::default(),
    };
    let meld: Meld = hand.melds[0];
    assert_eq!(meld.kind, MeldKind::Chi);
    row.melds[0] = MeldSlot {
        kind: meld.kind as u8 + 1,
        tile: meld.tile.index(),
    };
    let mut bad = row;
    bad.concealed[0] = 5;
    let results = score_batch(&[row, row], &table()).expect("valid rows");
    assert!(results.iter().all(|r| r.is_some()));
    let error = score_batch(&[row, bad], &table()).expect_err("a bad row");
    assert!(error.to_string().contains("row 1"), "{error}");
}

#[test]
fn folk_fans_score_only_when_the_table_lists_them() {
    let standard = table();
    let mut rows = shipped_rows();
    rows.extend(rows_of("folk_fans."));
    let folk = table_of(&rows).expect("the table with the folk rows");
    assert!(folk.scores_folk_fans() && !standard.scores_folk_fans());
    let hand = parse_hand("123m456m789m234p5s").expect("test hand");
    let win = parse_tile("5s").expect("test tile");
    let heavenly = McrSituation {
        self_drawn: true,
        opening: Opening::Heavenly,
        ..McrSituation::default()
    };
    let scored = score(&hand, win, &heavenly, &folk)
        .expect("valid")
        .expect("a win");
    assert!(scored.fans.has(Fan::BlessingOfHeaven) && scored.fans.has(Fan::PairOf258));
    assert!(!scored.fans.has(Fan::FullyConcealedHand) && !scored.fans.has(Fan::SingleWait));
    assert!(matches!(
        score(&hand, win, &heavenly, &standard),
        Err(EngineError::InvalidArgument { .. })
    ));
    let plain = score(&hand, win, &McrSituation::default(), &standard)
        .expect("valid")
        .expect("a win");
    assert!(!Fan::FOLK.iter().any(|&fan| plain.fans.has(fan)));
}

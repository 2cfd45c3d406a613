//! The Sichuan and Taiwan scorers and the Sichuan settlement on random input (any counts, melds, flowers,
//! situations, events; ruleset values in range): every call answers or returns an error, never panics, and
//! every answer's money is zero-sum.

mod common;

use common::Rng;
use mjcore_engine::rules::sichuan::{
    self, EndHand, Event, KongKind, SichuanSituation, SichuanTable, WinHow,
};
use mjcore_engine::rules::taiwan::{self, TaiwanSituation, TaiwanTable};
use mjcore_engine::{Hand, Meld, MeldKind, Tile};

fn random_hand(rng: &mut Rng, kinds: usize, size: usize) -> Hand {
    let mut hand = Hand::default();
    for _ in 0..rng.below(3) {
        let kind = MeldKind::from_code(rng.below(5) as u8).expect("a kind");
        let tile = Tile::new(rng.below(kinds) as u8).expect("a tile");
        hand.melds.push(Meld::new(kind, tile));
    }
    for _ in 0..size.saturating_sub(3 * hand.melds.len()) {
        let t = rng.below(kinds);
        hand.concealed[t] = (hand.concealed[t] + 1).min(4);
    }
    hand.flowers = if rng.below(4) == 0 {
        rng.below(256) as u8
    } else {
        0
    };
    hand
}

fn seat(rng: &mut Rng) -> Option<u8> {
    [None, Some(0), Some(1), Some(2), Some(3)][rng.below(5)]
}

fn sichuan_table(rng: &mut Rng) -> SichuanTable {
    let values: Vec<u16> = (0..20).map(|_| rng.below(3) as u16).collect();
    let mut choices: Vec<u8> = [2, 3, 3, 2, 3, 2, 2, 3, 2, 3, 3]
        .iter()
        .map(|&n| rng.below(n) as u8)
        .collect();
    let mut flags: Vec<bool> = (0..12).map(|_| rng.below(2) == 1).collect();
    // The table-only options (OC-S7, OC-S22, OC-S17, OC-S21) do not score: their defaults.
    choices.extend([0, 0, 0]);
    flags.extend([true, false]);
    let ints = [
        1 + rng.below(6) as u32,
        2,
        1,
        2,
        rng.below(2) as u32,
        1 + rng.below(3) as u32,
    ];
    SichuanTable::from_parts("fuzz", &values, &choices, &flags, &ints).expect("values in range")
}

#[test]
fn sichuan_never_panics() {
    let mut rng = Rng::new(0x5c);
    let mut answered = 0;
    for _ in 0..20_000 {
        let table = sichuan_table(&mut rng);
        let kinds = if rng.below(8) == 0 { 34 } else { 27 };
        let hand = random_hand(&mut rng, kinds, 13);
        let s = SichuanSituation {
            seat: rng.below(4) as u8,
            void: [None, Some(0), Some(1), Some(2)][rng.below(4)],
            self_drawn: rng.below(2) == 1,
            robbing_kong: rng.below(6) == 0,
            kong_bloom: rng.below(6) == 0,
            kong_discard: rng.below(6) == 0,
            last_tile: rng.below(8) == 0,
            heavenly: rng.below(20) == 0,
            earthly: rng.below(20) == 0,
            discarder: seat(&mut rng),
            kong_fed_by: seat(&mut rng),
            dealer: rng.below(4) as u8,
            still_in: rng.below(16) as u8,
            kong_money: rng.below(8) as i64,
            winners_on_discard: 1 + rng.below(3) as u8,
        };
        let win = Tile::new(rng.below(34) as u8).expect("a tile");
        let outcome = sichuan::score(&hand, win, &s, &table);
        answered += usize::from(outcome.is_ok());
        if let Ok(Some(result)) = outcome {
            assert_eq!(result.win.iter().sum::<i64>(), 0);
            assert_eq!(result.transfer.iter().sum::<i64>(), 0);
        }
    }
    assert!(answered > 1000, "{answered} answered");
}

#[test]
fn taiwan_never_panics() {
    let mut rng = Rng::new(0x7a);
    let mut answered = 0;
    let values: Vec<u16> = (0..34).map(|i| (i % 9) as u16).collect();
    for _ in 0..20_000 {
        let table = TaiwanTable::from_parts(
            "fuzz",
            &values,
            &[1, 2, 1, 1, 1],
            &[false, true, true, true, true],
            &[0, 5, 30, 10],
        )
        .expect("in range");
        let hand = random_hand(&mut rng, 34, 16);
        let s = TaiwanSituation {
            seat: rng.below(4) as u8,
            dealer: rng.below(4) as u8,
            streak: rng.below(4) as u8,
            round_wind: rng.below(4) as u8,
            self_drawn: rng.below(2) == 1,
            robbing_kong: rng.below(6) == 0,
            kong_bloom: rng.below(6) == 0,
            last_tile: rng.below(8) == 0,
            heavenly: rng.below(20) == 0,
            earthly: rng.below(20) == 0,
            human: rng.below(20) == 0,
            discarder: seat(&mut rng),
            eye_seats: rng.below(16) as u8,
            east_seat: (rng.below(2) == 0).then(|| rng.below(4) as u8),
        };
        let win = Tile::new(rng.below(34) as u8).expect("a tile");
        let outcome = taiwan::score(&hand, win, &s, &table);
        answered += usize::from(outcome.is_ok());
        if let Ok(Some(result)) = outcome {
            assert_eq!(result.win.iter().sum::<i64>(), 0);
            assert_eq!(result.eye_fee.iter().sum::<i64>(), 0);
        }
    }
    assert!(answered > 1000, "{answered} answered");
}

#[test]
fn settlement_never_panics() {
    let mut rng = Rng::new(0x5e);
    for _ in 0..5_000 {
        let table = sichuan_table(&mut rng);
        let events: Vec<Event> = (0..rng.below(8))
            .map(|_| match rng.below(3) {
                0 => Event::Out {
                    seat: rng.below(5) as u8,
                },
                1 => Event::Kong {
                    seat: rng.below(4) as u8,
                    kind: [KongKind::Direct, KongKind::Added, KongKind::Concealed][rng.below(3)],
                    feeder: seat(&mut rng),
                    returned: rng.below(4) == 0,
                },
                _ => Event::Win {
                    winners: (0..rng.below(4))
                        .map(|_| (rng.below(4) as u8, rng.below(12) as u16))
                        .collect(),
                    how: [
                        WinHow::Discard,
                        WinHow::SelfDrawn,
                        WinHow::RobbingKong,
                        WinHow::FedKongBloom,
                    ][rng.below(4)],
                    discarder: seat(&mut rng),
                    kong_discard: rng.below(3) == 0,
                },
            })
            .collect();
        let ends: Vec<EndHand> = (0..4)
            .map(|s| EndHand {
                seat: s,
                hand: random_hand(&mut rng, 27, 13),
                void: [None, Some(0), Some(1), Some(2)][rng.below(4)],
                void_discards: rng.below(2) == 1,
                visible: None,
            })
            .collect();
        if let Ok(result) = sichuan::settle(&events, &ends, rng.below(4) > 0, &table) {
            for row in result.money {
                assert_eq!(row.iter().sum::<i64>(), 0);
            }
        }
    }
}

use super::*;
use crate::bots::RandomBot;
use crate::forms::FormOptions;
use crate::hand::MeldKind;
use crate::table::adjudicator::{Adjudicator, PayingEvent, WinSituation};
use crate::table::table_rules::{
    Chi, MissedWin, SeveralWinners, ADDED_KONG, DISCARD, KONG_BLOOM, MELDED_KONG, ROBBING_KONG,
    SELF_DRAW,
};
use crate::table::types::WinInfo;
use crate::table::{play_deal, AtTable, Policy, ShapeRules};

#[test]
fn a_redealt_deal_plays_as_a_new_one() {
    let rules = ShapeRules::CHICKEN;
    let mut bots: Vec<Box<dyn Policy>> = (0..SEATS)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect();
    let mut reused = Deal::new(3, 0, 0, 0, &rules).expect("a deal");
    play_deal(&mut reused, &mut bots, &rules).expect("played");
    for index in 1..40 {
        let dealer = (index % 4) as u8;
        reused
            .redeal(3, index, dealer, 1, &rules)
            .expect("re-dealt");
        let mut fresh = Deal::new(3, index, dealer, 1, &rules).expect("a deal");
        play_deal(&mut reused, &mut bots, &rules).expect("played");
        play_deal(&mut fresh, &mut bots, &rules).expect("played");
        assert_eq!(reused.events(), fresh.events(), "deal {index}");
        reused.check_invariants().expect("invariants hold");
    }
}

/// The same rules as a closure, which names no winning forms: the table then asks about every chance.
fn played_with<A: Adjudicator>(rules: &A, index: u64) -> Vec<Event> {
    let mut bots: Vec<Box<dyn Policy>> = (0..SEATS)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect();
    let mut deal = Deal::new(9, index, (index % 4) as u8, 0, rules).expect("a deal");
    play_deal(&mut deal, &mut bots, rules).expect("played");
    deal.events().to_vec()
}

#[test]
fn screening_by_the_winning_forms_changes_no_deal() {
    for forms in [FormSet(5), FormSet(7), FormSet::ALL] {
        let screened = ShapeRules {
            options: FormOptions::with_forms(forms),
        };
        let unscreened = |c: &Counts, m: &[Meld], s: &WinSituation| screened.judge(c, m, s);
        assert_eq!(unscreened.winning_forms(), None);
        let mut wins = 0;
        for index in 0..300 {
            let events = played_with(&screened, index);
            assert_eq!(
                events,
                played_with(&unscreened, index),
                "{forms:?} deal {index}"
            );
            wins += events
                .iter()
                .filter(|e| matches!(e, Event::Win { .. }))
                .count();
        }
        assert!(wins > 0, "{forms:?}: some deals are won");
    }
}

fn random_bots() -> Vec<Box<dyn Policy>> {
    (0..SEATS)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect()
}

/// The table options beyond the default, one at a time and a few together.
fn variants() -> Vec<TableRules> {
    let base = TableRules::default();
    let honours = 0x7f << 27;
    vec![
        TableRules {
            chi: Chi::None,
            ..base
        },
        TableRules {
            kinds: base.kinds & !honours,
            ..base
        },
        TableRules {
            kinds: base.kinds & !0x1ff,
            ..base
        },
        TableRules {
            flowers: 8,
            reserved_tail: 14,
            ..base
        },
        TableRules { hand: 16, ..base },
        TableRules {
            several_winners: SeveralWinners::First,
            missed_win: MissedWin::Off,
            ..base
        },
        TableRules {
            several_winners: SeveralWinners::Highest,
            missed_win: MissedWin::AnyTile,
            ..base
        },
        TableRules {
            winners_to_end: 3,
            chi: Chi::None,
            kinds: base.kinds & !honours,
            ..base
        },
        TableRules {
            win_sources: SELF_DRAW | ROBBING_KONG | KONG_BLOOM,
            robbable_kongs: ADDED_KONG | MELDED_KONG,
            ..base
        },
        TableRules {
            kongs: 0,
            robbable_kongs: 0,
            win_sources: SELF_DRAW | DISCARD,
            ..base
        },
    ]
}

#[test]
fn every_table_option_keeps_the_invariants() {
    // Debug builds check the invariants after every step; here also at the end of each deal.
    for table in variants() {
        let rules = AtTable {
            judge: ShapeRules::CHICKEN,
            table,
        };
        let mut wins = 0;
        for index in 0..400 {
            let mut deal = Deal::new(11, index, (index % 4) as u8, 0, &rules).expect("a deal");
            play_deal(&mut deal, &mut random_bots(), &rules).expect("played");
            deal.check_invariants().expect("invariants hold");
            let winners = deal.outcome().expect("over").winners.len();
            wins += usize::from(winners > 0);
            assert!(winners <= usize::from(table.winners_to_end.max(3)));
            if table.several_winners != SeveralWinners::All && table.winners_to_end == 1 {
                assert!(winners <= 1, "one winner per discard");
            }
        }
        // Playing on past a win is compared with the twin in tests/twin/slow/test_table_options.py (random
        // bots here seldom win twice in a deal).
        assert!(wins > 0, "{table:?}: some deals are won");
    }
}

/// Kong money as a family would settle it: a concealed kong takes 2 from each other seat.
struct KongMoney;

impl Adjudicator for KongMoney {
    fn judge(&self, c: &Counts, m: &[Meld], s: &WinSituation) -> Result<Option<WinInfo>> {
        ShapeRules::CHICKEN.judge(c, m, s)
    }

    fn settle(&self, event: &PayingEvent, _dealer: u8) -> Result<Option<[i64; 4]>> {
        Ok(match *event {
            PayingEvent::Kong {
                seat,
                kind: MeldKind::ConcealedKong,
                ..
            } => Some(std::array::from_fn(
                |s| if s == seat as usize { 6 } else { -2 },
            )),
            _ => None,
        })
    }
}

#[test]
fn events_other_than_wins_pay_through_the_family() {
    let mut paid = 0;
    for index in 0..400 {
        let mut deal = Deal::new(4, index, 0, 0, &KongMoney).expect("a deal");
        play_deal(&mut deal, &mut random_bots(), &KongMoney).expect("played");
        let mut expected = [0i64; SEATS as usize];
        for event in deal.events() {
            if let Event::Meld { seat, meld, .. } = event {
                if meld.kind == MeldKind::ConcealedKong {
                    expected.iter_mut().for_each(|p| *p -= 2);
                    expected[*seat as usize] += 8;
                    paid += 1;
                }
            }
        }
        let outcome = deal.outcome().expect("over");
        assert_eq!(outcome.event_payments, expected);
        assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
    }
    assert!(paid > 0, "some concealed kongs were declared");
}

#[test]
fn a_feeder_is_liable_only_for_the_first_seat_it_leaves_twelve_tiles_down() {
    let mut deal = Deal::new(1, 0, 0, 0, &ShapeRules::CHICKEN).expect("a deal");
    // Seat 0 feeds seat 1 first, seat 3 feeds seat 2, then seat 0 feeds seat 3 too.
    deal.twelve_tiles_down = vec![(1, 0), (2, 3), (3, 0)];
    let already = (0..SEATS).map(|seat| deal.feeder_already_liable(seat));
    assert_eq!(already.collect::<Vec<_>>(), [false, false, false, true]);
}

//! The folk tables at the table: the 789 folk table (144 tiles, no chi, 截胡: of several winners on one
//! discard only the biggest hand wins, the nearest on a tie) and 老章 (136 tiles, the dealer doubling). A hand
//! wins when the folk `score` reads it; the win pays what that score's hand row (and, at 789, the winner's
//! flowers from each other seat) says. At the 789 table every kong pays its owner `kong_stake` from each
//! other seat when it is declared, win or not (OC-37) — the same stake the score would add, so it is paid
//! once, as the kong's event. 买马 (OC-38, a mirror bet): each seat buys `horses_per_seat` horses, reserved
//! at the wall's tail and turned when the deal is won; a buyer shadows the seat its horse picks in the hand's
//! payments, as the folk score settles them (`money.rs`). No win, no horses.

use super::hu_tail;
use super::money::{horse_seat, score, FolkScore, FolkWin};
use super::ruleset::{Family, FolkRules, LAOZHANG_FANS};
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::Meld;
use crate::table::adjudicator::{Adjudicator, DealContext, Declared, PayingEvent, WinSituation};
use crate::table::deal_money::{DealMoney, FinishedDeal};
use crate::table::horses::{self, Horse};
use crate::table::table_rules::TableRules;
use crate::table::types::WinInfo;
use crate::tile::Counts;

/// The money rows of a 789 score: the hand, the winner's flowers, the kongs (paid at the table as each is
/// declared) and the mirror horses.
const HAND: usize = 0;
const FLOWERS: usize = 1;
const HORSES: usize = 3;

#[derive(Clone, Debug)]
pub struct FolkAtTable {
    rules: FolkRules,
    table: TableRules,
}

impl FolkAtTable {
    pub fn new(rules: FolkRules, table: TableRules) -> Result<FolkAtTable> {
        let expected = match rules.family {
            Family::Gd789 => "gd789",
            Family::Laozhang => "laozhang",
        };
        if !table.settlement.is(expected) || table.hand != 13 {
            return Err(EngineError::ruleset(
                "settlement.kind / deal.hand: a folk table settles as its family, with 13-tile hands",
            ));
        }
        horses::check_reserve(
            table.reserved_tail,
            rules.horse_count(),
            "options.horses_per_seat",
        )?;
        if rules.family == Family::Laozhang && table.flowers != 0 {
            return Err(EngineError::ruleset(
                "tiles.flowers: 老章 is played with 136 tiles",
            ));
        }
        Ok(FolkAtTable { rules, table })
    }
}

impl FolkAtTable {
    /// The horses a 789 win turns: each buying seat's `horses_per_seat` (OC-789-X1).
    fn horse_count(&self) -> usize {
        self.rules.horse_count()
    }

    /// The folk score of the win, with the mirror horses `horses` (buyer, wall code) as money.rs settles
    /// them; None when the hand does not win.
    fn scored(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
        horses: Vec<(u8, u8)>,
    ) -> Result<Option<FolkScore>> {
        let hand = s.scored_hand(concealed, melds, true);
        let win = FolkWin {
            seat: s.winner,
            dealer: s.dealer,
            discarder: s.from,
            other_kongs: Vec::new(),
            horses,
        };
        score(&hand, s.tile.index(), &win, &self.rules)
    }

    /// What the win pays at the table: the hand, at 789 the winner's flowers and the horses (each kong was
    /// paid when declared); the fan and the hand's row.
    fn info(&self, scored: &FolkScore) -> WinInfo {
        let mut payments = scored.money[HAND];
        if self.rules.family == Family::Gd789 {
            for row in [FLOWERS, HORSES] {
                for (total, paid) in payments.iter_mut().zip(scored.money[row]) {
                    *total += paid;
                }
            }
        }
        // The hand's row: the ladder's (789) or, for 老章, none (its rows add up).
        let pattern = match self.rules.family {
            Family::Gd789 => scored
                .entries
                .first()
                .and_then(|(key, ..)| super::ruleset::GD789_HANDS.iter().position(|k| k == key))
                .map(|row| row as u8),
            Family::Laozhang => None,
        };
        // 老章's rows add up: each one the hand scored, bit = its place in `LAOZHANG_FANS` (789: the rung only).
        let rows = match self.rules.family {
            Family::Gd789 => 0,
            Family::Laozhang => scored
                .entries
                .iter()
                .filter_map(|(key, ..)| LAOZHANG_FANS.iter().position(|k| k == key))
                .fold(0, |rows, row| rows | 1 << row),
        };
        WinInfo {
            fan: u32::try_from(scored.total.max(0)).unwrap_or(u32::MAX),
            pattern,
            payments,
            liable: None,
            rows,
            count: 0,
            // 789 pays the winner's flowers apart from the hand; the summary reads them on their own line.
            flower_money: match self.rules.family {
                Family::Gd789 => scored.money[FLOWERS],
                Family::Laozhang => [0; 4],
            },
        }
    }
}

impl Adjudicator for FolkAtTable {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        Ok(self
            .scored(concealed, melds, s, Vec::new())?
            .map(|scored| self.info(&scored)))
    }

    /// 789 with horses: the win turns them from the wall's tail, the dealer's first (OC-789-X2), and each
    /// buyer shadows the seat its horse picks in the hand's payments (OC-38, OC-789-3).
    fn declare(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<Declared>> {
        let count = self.horse_count();
        let per_seat = self.rules.horses_per_seat;
        let horses: Vec<Horse> = horses::turned(context.undrawn, count)
            .enumerate()
            .map(|(index, tile)| Horse {
                tile,
                buyer: horses::buyer(index, per_seat, s.dealer, self.rules.horse_buyers),
                seat: horse_seat(tile, s.dealer),
            })
            .collect();
        let bets = horses.iter().map(|h| (h.buyer, h.tile)).collect();
        let Some(scored) = self.scored(concealed, melds, s, bets)? else {
            return Ok(None);
        };
        let hits = horses.iter().filter(|h| h.seat == s.winner).count();
        Ok(Some(Declared {
            info: self.info(&scored),
            horse_hits: hits.min(usize::from(u8::MAX)) as u8,
            horse_money: scored.money.get(HORSES).copied().unwrap_or_default(),
            horses,
        }))
    }

    fn winning_forms(&self) -> Option<FormSet> {
        Some(match self.rules.family {
            Family::Gd789 => FormSet::STANDARD.union(FormSet::THIRTEEN_ORPHANS),
            Family::Laozhang => FormSet::STANDARD,
        })
    }

    fn table_rules(&self) -> TableRules {
        self.table
    }

    /// 老章's 数胡尾 (`hu_tail.rs`): after discard wins only, the losers settle their hands' 胡数 among
    /// themselves; the wins keep their own payments.
    fn settle_deal(&self, deal: &FinishedDeal<'_>) -> Result<Option<DealMoney>> {
        let rules = &self.rules;
        if !rules.hu_tail
            || deal.winners.is_empty()
            || deal.winners.iter().any(|w| w.from.is_none())
        {
            return Ok(None);
        }
        let won = deal.winners.iter().fold(0u8, |won, w| won | 1 << w.seat);
        let hu = std::array::from_fn(|seat| {
            let hand = &deal.hands[seat];
            hu_tail::hu_count(hand.concealed, hand.melds, &rules.points)
        });
        Ok(Some(DealMoney {
            wins: deal.winners.iter().map(|w| w.info.payments).collect(),
            events: hu_tail::settle(hu, !won & 0b1111, rules.hu_tail_unit),
            ..DealMoney::default()
        }))
    }

    /// 789: each kong pays its owner `kong_stake` from each other seat (OC-37).
    fn settle(&self, event: &PayingEvent, _dealer: u8) -> Result<Option<[i64; 4]>> {
        match *event {
            PayingEvent::Kong { seat, .. } if self.rules.family == Family::Gd789 => {
                let stake = self.rules.kong_stake;
                Ok(Some(std::array::from_fn(|s| {
                    if s == usize::from(seat) {
                        3 * stake
                    } else {
                        -stake
                    }
                })))
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{bots_for, RandomBot};
    use crate::table::table_rules::{Chi, SeveralWinners};
    use crate::table::{play_deal, Deal, Event, Policy};

    fn tables() -> [FolkAtTable; 2] {
        let gd789 = FolkRules::new("gd-789", "gd789", &[1, 2, 4, 8, 16], &[1, 2, 3, 0, 0, 0, 0])
            .expect("789");
        let laozhang = FolkRules::new(
            "laozhang",
            "laozhang",
            &[0; 13],
            &[1, 2, 0, 0, 0, 20, 2, 2, 2, 4, 2],
        )
        .expect("老章");
        let at_789 = TableRules {
            flowers: 8,
            chi: Chi::None,
            several_winners: SeveralWinners::Highest,
            settlement: crate::table::table_rules::Settlement::named("gd789").unwrap(),
            ..TableRules::default()
        };
        let at_laozhang = TableRules {
            settlement: crate::table::table_rules::Settlement::named("laozhang").unwrap(),
            ..TableRules::default()
        };
        [
            FolkAtTable::new(gd789, at_789).expect("789 table"),
            FolkAtTable::new(laozhang, at_laozhang).expect("老章 table"),
        ]
    }

    /// The 789 table with `per_seat` horses a seat, its reserve holding them.
    fn table_789(per_seat: i64) -> FolkAtTable {
        let rules = FolkRules::new(
            "gd-789",
            "gd789",
            &[1, 2, 4, 8, 16],
            &[1, 2, 3, 0, 0, 0, per_seat],
        )
        .expect("789");
        let table = TableRules {
            reserved_tail: (4 * per_seat) as u8,
            ..tables()[0].table
        };
        FolkAtTable::new(rules, table).expect("789 table")
    }

    #[test]
    fn a_reserve_too_small_for_the_horses_is_refused_by_name() {
        let rules = FolkRules::new("gd-789", "gd789", &[1, 2, 4, 8, 16], &[1, 2, 3, 0, 0, 0, 2])
            .expect("789");
        let error = FolkAtTable::new(rules, tables()[0].table).unwrap_err();
        assert!(error.to_string().contains("horses_per_seat"), "{error}");
        let too_many = FolkRules::new("x", "gd789", &[1, 2, 4, 8, 16], &[1, 2, 3, 0, 0, 0, 21]);
        assert!(too_many
            .unwrap_err()
            .to_string()
            .contains("horses_per_seat"));
    }

    /// Each won deal turns the reserve, the tail end first, bought two a seat from the dealer on; its horse
    /// money is what the payments gain over the same deal without horses (the bots do not see them), and each
    /// horse moves its buyer's money by the hand's payment of the seat it picks, or nothing.
    #[test]
    fn horses_are_turned_from_the_reserve_and_mirror_the_hand() {
        let (with, without) = (table_789(2), table_789(0));
        let without = FolkAtTable {
            table: with.table,
            ..without
        };
        let mut turned = 0;
        for index in 0..60 {
            let play = |rules: &FolkAtTable| {
                let mut bots = bots_for(&["efficiency"; 4], &rules.aim()).expect("bots");
                let mut deal = Deal::new(3, index, (index % 4) as u8, 0, rules).expect("a deal");
                play_deal(&mut deal, &mut bots, rules).expect("played");
                deal.check_invariants().expect("invariants hold");
                deal
            };
            let (deal, plain) = (play(&with), play(&without));
            let (outcome, plain_outcome) = (deal.outcome().unwrap(), plain.outcome().unwrap());
            let Some(winner) = outcome.winners.first() else {
                assert!(!deal
                    .events()
                    .iter()
                    .any(|e| matches!(e, Event::Horses { .. })));
                continue;
            };
            let dealer = deal.dealer();
            // The reserve is still undrawn (nothing is drawn after a win), at the tail end.
            let undrawn = deal.wall.undrawn();
            assert_eq!(undrawn.len(), deal.wall_remaining() + 8);
            let logged = deal.events().iter().find_map(|e| match e {
                Event::Horses { seat, horses } if *seat == winner.seat => Some(horses.clone()),
                _ => None,
            });
            assert_eq!(logged.as_ref(), Some(&winner.horses));
            let tiles: Vec<u8> = winner.horses.iter().map(|h| h.tile).collect();
            assert_eq!(
                tiles,
                undrawn.iter().rev().take(8).copied().collect::<Vec<_>>()
            );
            let buyers: Vec<u8> = winner.horses.iter().map(|h| h.buyer).collect();
            let expected: Vec<u8> = [0, 0, 1, 1, 2, 2, 3, 3].map(|o| (dealer + o) % 4).to_vec();
            assert_eq!(buyers, expected);
            assert_eq!(winner.horse_money.iter().sum::<i64>(), 0);
            let gained: Vec<i64> = (0..4)
                .map(|s| outcome.payments()[s] - plain_outcome.payments()[s])
                .collect();
            assert_eq!(gained, winner.horse_money.to_vec());
            // §5 by hand: the hand's share (hand_stake × the ladder multiple) from each payer (the three on a
            // self-draw, else the discarder); a buyer of the winner's seat collects it from the same payers, a
            // buyer of a payer's seat pays it to the winner.
            let share = 3 * [1, 2, 4, 8, 16][usize::from(winner.info.pattern.unwrap())];
            let payers: Vec<u8> = match winner.from {
                Some(discarder) => vec![discarder],
                None => (0..4).filter(|&p| p != winner.seat).collect(),
            };
            let mut expected = [0i64; 4];
            for h in &winner.horses {
                for &payer in &payers {
                    let (to, from) = if h.seat == winner.seat {
                        (h.buyer, payer)
                    } else if h.seat == payer {
                        (winner.seat, h.buyer)
                    } else {
                        continue;
                    };
                    expected[usize::from(to)] += share;
                    expected[usize::from(from)] -= share;
                }
            }
            assert_eq!(winner.horse_money, expected, "deal {index}");
            let hits = winner
                .horses
                .iter()
                .filter(|h| h.seat == winner.seat)
                .count();
            assert_eq!(usize::from(winner.horse_hits), hits);
            turned += 1;
        }
        assert!(turned > 20, "{turned} won deals");
    }

    #[test]
    fn folk_deals_keep_every_tile_and_pay_zero_sum_kongs_included() {
        for rules in tables() {
            let (mut won, mut kongs) = (0, 0);
            for index in 0..300 {
                let mut bots: Vec<Box<dyn Policy>> = (0..4)
                    .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
                    .collect();
                let mut deal = Deal::new(8, index, (index % 4) as u8, 0, &rules).expect("a deal");
                play_deal(&mut deal, &mut bots, &rules).expect("played");
                deal.check_invariants().expect("invariants hold");
                let outcome = deal.outcome().expect("over");
                assert!(outcome.winners.len() <= 1, "截胡 / one winner");
                assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
                let stake = if rules.rules.family == Family::Gd789 {
                    rules.rules.kong_stake
                } else {
                    0
                };
                let mut expected = [0i64; 4];
                let mut declared = 0;
                for event in deal.events() {
                    if let Event::Meld { seat, meld, .. } = event {
                        if meld.kind.is_kong() {
                            declared += 1;
                            expected.iter_mut().for_each(|p| *p -= stake);
                            expected[usize::from(*seat)] += 4 * stake;
                        }
                    }
                }
                assert_eq!(
                    outcome.event_payments, expected,
                    "each kong: stake from each other seat"
                );
                won += outcome.winners.len();
                kongs += declared;
            }
            assert!(won > 0 && kongs > 0, "{:?}", rules.rules.family);
        }
    }
}

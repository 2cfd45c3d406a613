//! The folk tables at the table: the 789 folk table (144 tiles, no chi, 截胡: of several winners on one
//! discard only the biggest hand wins, the nearest on a tie) and 老章 (136 tiles, the dealer doubling). A hand
//! wins when the folk `score` reads it; the win pays what that score's hand row (and, at 789, the winner's
//! flowers from each other seat) says. At the 789 table every kong pays its owner `kong_stake` from each
//! other seat when it is declared, win or not (OC-37) — the same stake the score would add, so it is paid
//! once, as the kong's event. No seat buys a horse (买马 needs a purchase the table does not offer yet).

use super::money::{score, FolkWin};
use super::rules::{Family, FolkRules};
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::Meld;
use crate::sim::adjudicator::{Adjudicator, PayingEvent, WinInfo, WinSituation};
use crate::sim::table_rules::{Settlement, TableRules};
use crate::tile::Counts;

/// The money rows of a 789 score: the hand, then the winner's flowers (kongs and horses follow).
const HAND: usize = 0;
const FLOWERS: usize = 1;

#[derive(Clone, Debug)]
pub struct FolkAtTable {
    rules: FolkRules,
    table: TableRules,
}

impl FolkAtTable {
    pub fn new(rules: FolkRules, table: TableRules) -> Result<FolkAtTable> {
        let expected = match rules.family {
            Family::Gd789 => Settlement::Gd789,
            Family::Laozhang => Settlement::Laozhang,
        };
        if table.settlement != expected || table.hand != 13 {
            return Err(EngineError::ruleset(
                "settlement.kind / deal.hand: a folk table settles as its family, with 13-tile hands",
            ));
        }
        if rules.family == Family::Laozhang && table.flowers != 0 {
            return Err(EngineError::ruleset(
                "tiles.flowers: 老章 is played with 136 tiles",
            ));
        }
        Ok(FolkAtTable { rules, table })
    }
}

impl Adjudicator for FolkAtTable {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        let hand = s.scored_hand(concealed, melds, true);
        let win = FolkWin {
            seat: s.winner,
            dealer: s.dealer,
            discarder: s.from,
            other_kongs: Vec::new(),
            horses: Vec::new(),
        };
        let Some(scored) = score(&hand, s.tile.index(), &win, &self.rules)? else {
            return Ok(None);
        };
        let mut payments = scored.money[HAND];
        if self.rules.family == Family::Gd789 {
            for (total, paid) in payments.iter_mut().zip(scored.money[FLOWERS]) {
                *total += paid;
            }
        }
        // The hand's row: the ladder's (789) or, for 老章, none (its rows add up).
        let pattern = match self.rules.family {
            Family::Gd789 => scored
                .entries
                .first()
                .and_then(|(key, ..)| super::rules::GD789_HANDS.iter().position(|k| k == key))
                .map(|row| row as u8),
            Family::Laozhang => None,
        };
        Ok(Some(WinInfo {
            fan: u32::try_from(scored.total.max(0)).unwrap_or(u32::MAX),
            pattern,
            payments,
            liable: None,
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
    use crate::sim::table_rules::{Chi, SeveralWinners};
    use crate::sim::{play_deal, Deal, Event, Policy, RandomBot};

    fn tables() -> [FolkAtTable; 2] {
        let gd789 =
            FolkRules::new("gd-789", "gd789", &[1, 2, 4, 8, 16], &[1, 2, 3, 0, 0, 0]).expect("789");
        let laozhang =
            FolkRules::new("laozhang", "laozhang", &[0; 13], &[1, 2, 0, 0]).expect("老章");
        let at_789 = TableRules {
            flowers: 8,
            chi: Chi::None,
            several_winners: SeveralWinners::Highest,
            settlement: Settlement::Gd789,
            ..TableRules::default()
        };
        let at_laozhang = TableRules {
            settlement: Settlement::Laozhang,
            ..TableRules::default()
        };
        [
            FolkAtTable::new(gd789, at_789).expect("789 table"),
            FolkAtTable::new(laozhang, at_laozhang).expect("老章 table"),
        ]
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

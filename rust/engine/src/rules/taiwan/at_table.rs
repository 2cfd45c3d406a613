//! The Taiwan family at the table: a hand of five sets and a pair wins when `score` finds it reaching the 起胡
//! minimum, worth its counted 台 and paid 底 + (台 + D) × 台價 by the discarder or, self-drawn, by each other
//! seat (B.5) — the winner's flowers (正花, 花槓) and a flower's replacement (槓上開花) come from the table.
//! Only wins pay: there is no kong or flower money, and a 流局 pays nothing. The dealer's 連N is 0 (a table
//! deal knows no earlier deals), and no seat declares 眼牌 (the table offers no such action yet).

use super::scorer::score;
use super::situation::TaiwanSituation;
use super::table::TaiwanTable;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::{Hand, Meld};
use crate::sim::adjudicator::{Adjudicator, FirstGoAround, WinInfo, WinSituation};
use crate::sim::table_rules::{Settlement, TableRules};
use crate::tile::Counts;

#[derive(Clone, Debug)]
pub struct TaiwanAtTable {
    table: TaiwanTable,
    rules: TableRules,
}

impl TaiwanAtTable {
    /// The ruleset at the table its file's table sections describe.
    pub fn new(table: TaiwanTable, rules: TableRules) -> Result<TaiwanAtTable> {
        if rules.settlement != Settlement::Taiwan {
            return Err(EngineError::ruleset(
                "settlement.kind: a Taiwan table settles as \"taiwan\"",
            ));
        }
        if rules.hand != 16 {
            return Err(EngineError::ruleset(
                "deal.hand: a Taiwan hand holds 16 tiles before its winning tile",
            ));
        }
        Ok(TaiwanAtTable { table, rules })
    }

    pub fn table(&self) -> &TaiwanTable {
        &self.table
    }
}

impl Adjudicator for TaiwanAtTable {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        let mut waiting = *concealed;
        let slot = &mut waiting[s.tile.index() as usize];
        *slot = slot.saturating_sub(1);
        let hand = Hand {
            concealed: waiting,
            melds: melds.to_vec(),
            wilds: 0,
            flowers: s.flowers,
        };
        let self_drawn = s.from.is_none();
        let situation = TaiwanSituation {
            seat: s.winner,
            dealer: s.dealer,
            streak: 0,
            round_wind: s.round_wind,
            self_drawn,
            robbing_kong: s.robbing_kong,
            kong_bloom: self_drawn && (s.kong_replacement || s.flower_replacement),
            last_tile: s.last_tile,
            heavenly: s.first_go_around == Some(FirstGoAround::Heavenly),
            earthly: s.first_go_around == Some(FirstGoAround::Earthly),
            human: s.first_go_around == Some(FirstGoAround::Human),
            discarder: s.from,
            eye_seats: 0,
        };
        let Some(scored) = score(&hand, s.tile, &situation, &self.table)? else {
            return Ok(None);
        };
        if !scored.meets_minimum {
            return Ok(None);
        }
        Ok(Some(WinInfo {
            fan: u32::from(scored.counted),
            pattern: None,
            payments: scored.win,
            liable: None,
        }))
    }

    /// Five sets and a pair only (no seven pairs, no thirteen orphans: B.2).
    fn winning_forms(&self) -> Option<FormSet> {
        Some(FormSet::STANDARD)
    }

    fn table_rules(&self) -> TableRules {
        self.rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::taiwan::scorer::tests::default_table;
    use crate::sim::table_rules::{MissedWin, SeveralWinners};
    use crate::sim::{play_deal, Deal, EfficiencyBot, Policy, RandomBot};

    /// The table sections of `rulesets/taiwan.toml`.
    fn taiwan_table() -> TaiwanAtTable {
        let rules = TableRules {
            flowers: 8,
            hand: 16,
            reserved_tail: 16,
            several_winners: SeveralWinners::First,
            missed_win: MissedWin::AnyTile,
            settlement: Settlement::Taiwan,
            ..TableRules::default()
        };
        TaiwanAtTable::new(default_table(), rules).expect("the shipped table")
    }

    #[test]
    fn sixteen_tile_deals_keep_every_tile_and_the_reserve_and_pay_zero_sum() {
        let rules = taiwan_table();
        for efficiency in [false, true] {
            let mut won = 0;
            for index in 0..120 {
                let mut bots: Vec<Box<dyn Policy>> = (0..4)
                    .map(|_| -> Box<dyn Policy> {
                        if efficiency {
                            Box::new(EfficiencyBot::default())
                        } else {
                            Box::new(RandomBot::default())
                        }
                    })
                    .collect();
                let mut deal = Deal::new(5, index, (index % 4) as u8, 0, &rules).expect("a deal");
                play_deal(&mut deal, &mut bots, &rules).expect("played");
                deal.check_invariants().expect("invariants hold");
                assert!(
                    deal.wall.undrawn().len() >= 16,
                    "the reserve is never drawn"
                );
                let outcome = deal.outcome().expect("over");
                assert!(outcome.winners.len() <= 1, "拦和: one winner");
                assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
                assert_eq!(outcome.event_payments, [0; 4], "only wins pay");
                for winner in &outcome.winners {
                    let paid = winner.info.payments[usize::from(winner.seat)];
                    assert!(paid >= 30, "at least 底 from each payer");
                }
                won += outcome.winners.len();
            }
            assert!(won > 0 || !efficiency, "efficiency bots win");
        }
    }

    #[test]
    fn a_taiwan_table_needs_its_own_settlement_and_sixteen_tiles() {
        let rules = taiwan_table().rules;
        for bad in [
            TableRules { hand: 13, ..rules },
            TableRules {
                settlement: Settlement::Sichuan,
                ..rules
            },
        ] {
            assert!(TaiwanAtTable::new(default_table(), bad).is_err());
        }
    }
}

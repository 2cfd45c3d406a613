//! The Taiwan family at the table: a hand of five sets and a pair wins when `score` finds it reaching the 起胡
//! minimum, worth its counted 台 and paid 底 + (台 + D) × 台價 by the discarder or, self-drawn, by each other
//! seat (B.5) — the winner's flowers (正花, 花槓) and a flower's replacement (槓上開花) come from the table.
//! Only wins pay: there is no kong or flower money, and a 流局 pays nothing. The dealer's 連N is 0 (a table
//! deal knows no earlier deals). Where `options.eye` is on, a ready seat may declare 眼牌 (`Action::Eye`,
//! the deal's `eye` module): the locked seats the deal's context names pay each other seat's win its 眼牌费
//! on top of the win (OC-T5), and win only by self-draw (the deal offers them no claim). The flower
//! wins (B.6) end the deal when a flower's replacement is drawn: all eight with one seat (八仙過海, paid as a
//! self-draw) or a 7 / 1 split (七搶一, the single flower's holder pays), 8 台 and no hand 台. The table options
//! pass to the deal as `TableRules` flags (眼牌's wait-keeping kongs, the abortive draws, the 食替 ban); seat
//! winds fixed from the first dealer (OC-T2) are the situation's `east_seat`.

use super::payments::{flower_win, FlowerWin as FlowerKind};
use super::ruleset::TaiwanTable;
use super::scorer::score;
use super::situation::TaiwanSituation;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::Meld;
use crate::table::adjudicator::{Adjudicator, DealContext, FirstGoAround, FlowerWin, WinSituation};
use crate::table::table_rules::TableRules;
use crate::table::types::WinInfo;
use crate::tile::Counts;

#[derive(Clone, Debug)]
pub struct TaiwanAtTable {
    table: TaiwanTable,
    rules: TableRules,
}

impl TaiwanAtTable {
    /// The ruleset at the table its file's table sections describe.
    pub fn new(table: TaiwanTable, rules: TableRules) -> Result<TaiwanAtTable> {
        if !rules.settlement.is("taiwan") {
            return Err(EngineError::ruleset(
                "settlement.kind: a Taiwan table settles as \"taiwan\"",
            ));
        }
        if rules.hand != 16 {
            return Err(EngineError::ruleset(
                "deal.hand: a Taiwan hand holds 16 tiles before its winning tile",
            ));
        }
        let rules = TableRules {
            eye_forms: table.eye.then_some(FormSet::STANDARD),
            eye_kongs: table.eye && table.eye_kongs,
            abortive_draws: table.abortive_draws,
            no_swap_discard: table.no_swap_discard,
            ..rules
        };
        Ok(TaiwanAtTable { table, rules })
    }

    /// A win with the 眼牌 seats `eye_seats` (bits) and the dealer's 連莊 count `streak` (連N拉N, B.5's D =
    /// 1 + 2N): priced, its 眼牌费 added to what the win pays.
    fn judge_with_eyes(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
        eye_seats: u8,
        streak: u8,
    ) -> Result<Option<WinInfo>> {
        let hand = s.scored_hand(concealed, melds, true);
        let self_drawn = s.from.is_none();
        let situation = TaiwanSituation {
            seat: s.winner,
            dealer: s.dealer,
            streak,
            round_wind: s.round_wind,
            self_drawn,
            robbing_kong: s.robbing_kong,
            kong_bloom: self_drawn && (s.kong_replacement || s.flower_replacement),
            last_tile: s.last_tile,
            heavenly: s.first_go_around == Some(FirstGoAround::Heavenly),
            earthly: s.first_go_around == Some(FirstGoAround::Earthly),
            human: s.first_go_around == Some(FirstGoAround::Human),
            discarder: s.from,
            eye_seats,
            // OC-T2 "first_dealer": seat 0, who deals first in every game the engine plays (a `Game`, and deal
            // 0 of each four in a simulation), is East for the whole game.
            east_seat: self.table.first_dealer_winds.then_some(0),
        };
        let Some(scored) = score(&hand, s.tile, &situation, &self.table)? else {
            return Ok(None);
        };
        if !scored.meets_minimum {
            return Ok(None);
        }
        let mut payments = scored.win;
        for (paid, fee) in payments.iter_mut().zip(scored.eye_fee) {
            *paid += fee;
        }
        Ok(Some(WinInfo {
            fan: u32::from(scored.counted),
            pattern: None,
            payments,
            liable: None,
            // Every 台 row of the hand (莊家 and 連N拉N aside, as in `fan`), in the rows' order (`Tai`).
            rows: (scored.tai.0.iter().enumerate())
                .filter(|(_, &count)| count > 0)
                .fold(0, |rows, (row, _)| rows | 1 << row),
            ..WinInfo::default()
        }))
    }

    pub fn table(&self) -> &TaiwanTable {
        &self.table
    }
}

impl Adjudicator for TaiwanAtTable {
    /// Without a deal's context: no seat has declared 眼牌 and the dealer has no 連莊.
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        self.judge_with_eyes(concealed, melds, s, 0, 0)
    }

    fn judge_in(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
        context: &DealContext<'_>,
    ) -> Result<Option<WinInfo>> {
        self.judge_with_eyes(concealed, melds, s, context.locked, context.dealer_streak)
    }

    /// Five sets and a pair only (no seven pairs, no thirteen orphans: B.2).
    fn winning_forms(&self) -> Option<FormSet> {
        Some(FormSet::STANDARD)
    }

    fn table_rules(&self) -> TableRules {
        self.rules
    }

    fn flower_win(&self, flowers: &[u8; 4], dealer: u8, streak: u8) -> Result<Option<FlowerWin>> {
        let held = flowers.map(|f| f.count_ones());
        let Some(winner) = (0..4u8).find(|&s| held[usize::from(s)] >= 7) else {
            return Ok(None);
        };
        let single = (0..4u8).find(|&s| held[usize::from(s)] == 1);
        let (kind, payer) = match (held[usize::from(winner)], single) {
            (8, _) => (FlowerKind::EightImmortals, None),
            (7, Some(payer)) => (FlowerKind::SevenRobOne, Some(payer)),
            _ => return Ok(None),
        };
        let situation = TaiwanSituation {
            seat: winner,
            dealer,
            streak, // B.6.3: D applies as in B.5
            self_drawn: payer.is_none(),
            discarder: payer,
            ..TaiwanSituation::default()
        };
        let (_, tai, win, _, _) = flower_win(kind, &situation, &self.table);
        Ok(Some(FlowerWin {
            winner,
            payer,
            info: WinInfo {
                fan: u32::from(tai),
                pattern: None,
                payments: win,
                liable: None,
                ..WinInfo::default()
            },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{EfficiencyBot, RandomBot};
    use crate::rules::taiwan::scorer::tests::default_table;
    use crate::table::table_rules::{MissedWin, SeveralWinners};
    use crate::table::{play_deal, Action, Deal, Policy};

    /// The table sections of `rulesets/taiwan.toml`.
    fn taiwan_table() -> TaiwanAtTable {
        let rules = TableRules {
            flowers: 8,
            hand: 16,
            reserved_tail: 16,
            several_winners: SeveralWinners::First,
            missed_win: MissedWin::AnyTile,
            settlement: crate::table::table_rules::Settlement::named("taiwan").unwrap(),
            ..TableRules::default()
        };
        TaiwanAtTable::new(default_table(), rules).expect("the shipped table")
    }

    #[test]
    fn a_declared_eye_seat_is_locked_claims_nothing_and_pays_the_fee_to_other_winners() {
        let rules = taiwan_table();
        let (mut declared, mut fees) = (0, 0);
        for index in 0..200 {
            let mut deal = Deal::new(8, index, 0, 0, &rules).expect("a deal");
            let mut bots: Vec<Box<dyn Policy>> = (0..4)
                .map(|_| -> Box<dyn Policy> { Box::new(EfficiencyBot::default()) })
                .collect();
            let mut locked = 0u8;
            while let Some(seat) = deal.to_act() {
                let legal = deal.legal_actions().to_vec();
                let observation = deal.observation(seat).unwrap();
                if locked & (1 << seat) != 0 {
                    // Its own turn only, after a draw: the drawn tile goes, or the draw wins.
                    let drawn = observation
                        .drawn()
                        .expect("a locked seat acts after a draw");
                    assert!(legal
                        .iter()
                        .all(|&a| a == Action::Discard(drawn) || a == Action::Win));
                }
                // Seats 0 and 1 declare 眼牌 at once when they may; the bots play on otherwise.
                let eye = legal.iter().copied().find(|a| matches!(a, Action::Eye(_)));
                let action = match eye {
                    Some(eye) if seat < 2 => eye,
                    _ => bots[usize::from(seat)].choose(&observation, &legal),
                };
                if let Action::Eye(tile) = action {
                    let mut left = *observation.hand();
                    left[tile.index() as usize] -= 1;
                    let shape = crate::forms::FormOptions::with_forms(FormSet::STANDARD);
                    let ready = (0..34).any(|kind| {
                        let mut complete = left;
                        complete[kind] += 1;
                        complete[kind] <= 4 && crate::win::is_win_counts_with(&complete, shape)
                    });
                    assert!(ready, "眼牌 is declared only into a ready hand");
                    locked |= 1 << seat;
                    declared += 1;
                }
                deal.step(action, &rules).expect("stepped");
            }
            deal.check_invariants().expect("invariants hold");
            let outcome = deal.outcome().expect("over");
            assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
            for winner in &outcome.winners {
                if locked & (1 << winner.seat) != 0 {
                    assert_eq!(winner.from, None, "a 眼牌 seat wins only by self-draw");
                }
                let others = locked & !(1 << winner.seat);
                fees += others.count_ones();
                // Each other locked seat pays at least the fee (台價 = 10) to the winner.
                for eye in (0..4u8).filter(|&e| others & (1 << e) != 0) {
                    assert!(winner.info.payments[usize::from(eye)] <= -10);
                }
            }
        }
        assert!(
            declared > 0 && fees > 0,
            "random bots declare 眼牌 and others win past it"
        );
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

    /// A wall dealing `hands` (16 codes each, the dealer = seat 0 first; `flowers[s]` of seat s's are the
    /// flowers 1f..), then `head` (codes), then the other tiles in kind order.
    fn wall_of(hands: [&str; 4], flowers: [u8; 4], head: &[u8]) -> Vec<u8> {
        let mut next_flower = 0;
        let mut codes = Vec::new();
        for (text, count) in hands.iter().zip(flowers) {
            codes.extend(
                crate::notation::parse_tiles(text)
                    .expect("tiles")
                    .iter()
                    .map(|t| t.index()),
            );
            codes.extend((0..count).map(|i| 34 + next_flower + i));
            next_flower += count;
        }
        codes.extend_from_slice(head);
        for kind in 0..34u8 {
            let held = codes.iter().filter(|&&c| c == kind).count();
            codes.extend(std::iter::repeat_n(kind, 4 - held));
        }
        codes
    }

    /// Plays a deal passing every claim and discarding each drawn tile; returns it once over.
    fn passive(codes: Vec<u8>, rules: &TaiwanAtTable) -> Deal {
        let wall = crate::table::Wall::from_codes(codes, &rules.rules).expect("a wall");
        let mut deal = Deal::with_wall(0, 0, wall, 0, 0, rules).expect("a deal");
        while let Some(seat) = deal.to_act() {
            let view = deal.observation(seat).expect("a view");
            let action = match (view.offered(), view.drawn()) {
                (Some(_), _) => crate::table::Action::Pass,
                (None, Some(tile)) => crate::table::Action::Discard(tile),
                (None, None) => deal.legal_actions()[0],
            };
            deal.step(action, rules).expect("legal");
        }
        deal.check_invariants().expect("invariants hold");
        deal
    }

    #[test]
    fn t16_all_eight_flowers_win_once_the_replacement_is_drawn() {
        // S holds 1f..7f; after E's discard S draws 8f, draws its replacement and wins 八仙過海: 8 台 as a
        // self-draw, the dealer adding D.
        let hands = [
            "123456789m123456p7z",
            "789p123s456s",
            "777s888s999s1z1z2z2z3z4z4z",
            "111m222m333m444m5z5z5z6z",
        ];
        let codes = wall_of(hands, [0, 7, 0, 0], &[7, 41]);
        let deal = passive(codes, &taiwan_table());
        let outcome = deal.outcome().expect("over");
        assert_eq!(outcome.winners.len(), 1);
        let winner = &outcome.winners[0];
        assert_eq!((winner.seat, winner.from, winner.info.fan), (1, None, 8));
        assert_eq!(outcome.payments(), [-120, 340, -110, -110]);
    }

    #[test]
    fn t17_a_seven_one_split_wins_from_the_single_flower() {
        // W holds 1f..7f; N draws 8f: W wins 七搶一 at once, N alone pays 30 + 8 × 10.
        let hands = [
            "123456789m123456p7z",
            "789p123s456s1z1z2z2z3z4z4z",
            "777s888s999s",
            "111m222m333m444m5z5z5z6z",
        ];
        let codes = wall_of(hands, [0, 0, 7, 0], &[7, 8, 13, 41]);
        let deal = passive(codes, &taiwan_table());
        let outcome = deal.outcome().expect("over");
        let winner = &outcome.winners[0];
        assert_eq!((winner.seat, winner.from, winner.info.fan), (2, Some(3), 8));
        assert_eq!(outcome.payments(), [0, 0, 110, -110]);
    }

    #[test]
    fn four_winds_in_the_first_go_around_are_an_abortive_draw_where_played() {
        // Each seat draws a 1z first and discards it (nobody can claim it): 四風連打.
        let hand = "147m258p369s258m36p5z6z";
        let head: Vec<u8> = [27; 4].into_iter().chain(34..42).collect();
        for abortive_draws in [false, true] {
            let mut rules = taiwan_table();
            rules.rules.abortive_draws = abortive_draws;
            let deal = passive(wall_of([hand; 4], [0; 4], &head), &rules);
            let discards = deal.events().iter().filter(|e| {
                matches!(
                    e,
                    crate::table::Event::Act {
                        action: Action::Discard(_),
                        ..
                    }
                )
            });
            let expected = abortive_draws.then_some(crate::table::AbortiveDraw::FourWinds);
            assert_eq!(deal.abortive_draw(), expected);
            assert_eq!(
                discards.count() == 4,
                abortive_draws,
                "the deal ends at the fourth wind"
            );
            assert!(deal.outcome().expect("over").winners.is_empty() || !abortive_draws);
        }
    }

    #[test]
    fn a_taiwan_table_needs_its_own_settlement_and_sixteen_tiles() {
        let rules = taiwan_table().rules;
        for bad in [
            TableRules { hand: 13, ..rules },
            TableRules {
                settlement: crate::table::table_rules::Settlement::named("sichuan").unwrap(),
                ..rules
            },
        ] {
            assert!(TaiwanAtTable::new(default_table(), bad).is_err());
        }
    }
}

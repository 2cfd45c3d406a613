//! MCR at the table: the shipped fan table (read by the tests' own line reader) at the 144-tile table of
//! `rulesets/mcr.toml`. Every deal keeps the invariants (checked after every step in this debug build), pays
//! as MCR competitions do, and scores the situational fans exactly when the table's state says so.

mod common;

use std::cell::RefCell;

use common::shipped_rows;
use mjcore_engine::bots::{EfficiencyBot, RandomBot};
use mjcore_engine::rules::mcr::{Fan, McrAtTable, McrTable};
use mjcore_engine::table::{
    play_deal, play_game, Adjudicator, Aim, Deal, GameConfig, Policy, TableRules, TableRulesSpec,
    WinInfo, WinSituation,
};
use mjcore_engine::{Counts, Meld, Result};

fn mcr_rules(several_winners: &str) -> TableRules {
    TableRules::new(&TableRulesSpec {
        suits: &["m", "p", "s"],
        honours: true,
        flowers: 8,
        hand: 13,
        reserved_tail: 0,
        chi: "next_seat",
        pon: true,
        melded_kong: true,
        added_kong: true,
        concealed_kong: true,
        robbable_kongs: &["added"],
        win_sources: &["self_draw", "discard", "robbing_kong", "kong_bloom"],
        several_winners,
        missed_win: "off",
        winners_to_end: 1,
        dealer_stays: "never",
        abortive_draws: false,
        settlement: "mcr",
    })
    .expect("the MCR table")
}

fn table() -> McrTable {
    McrTable::from_rows("mcr", 8, true, &shipped_rows()).expect("the shipped table")
}

/// The MCR adjudicator, checking each legal win's situational fans against the situation it was judged in.
struct Checked {
    inner: McrAtTable,
    /// How often each situational fan was scored on a legal win: 妙手回春, 海底捞月, 杠上开花, 抢杠和, 和绝张.
    seen: RefCell<[u32; 5]>,
}

const SITUATIONAL: [Fan; 5] = [
    Fan::LastTileDraw,
    Fan::LastTileClaim,
    Fan::OutWithReplacementTile,
    Fan::RobbingTheKong,
    Fan::LastTile,
];

impl Adjudicator for Checked {
    fn judge(&self, c: &Counts, m: &[Meld], s: &WinSituation) -> Result<Option<WinInfo>> {
        let info = self.inner.judge(c, m, s)?;
        if info.is_some() {
            let scored = self.inner.score_win(c, m, s)?.expect("a legal win scores");
            let expected = [
                s.self_drawn() && s.last_tile,
                !s.self_drawn() && s.last_tile && !s.robbing_kong,
                s.self_drawn() && s.kong_replacement,
                s.robbing_kong,
                s.shown == 3 && !s.robbing_kong,
            ];
            for ((fan, want), seen) in SITUATIONAL
                .iter()
                .zip(expected)
                .zip(self.seen.borrow_mut().iter_mut())
            {
                // 和绝张 is also inferred from the winner's own melds, so it may appear with fewer shown.
                if *fan != Fan::LastTile || want {
                    assert_eq!(scored.fans.has(*fan), want, "{fan:?} in {s:?}");
                }
                *seen += u32::from(scored.fans.has(*fan));
            }
            assert_eq!(
                u32::from(scored.fans.get(Fan::FlowerTiles)),
                s.flowers.count_ones(),
                "each flower held is one 花牌"
            );
        }
        Ok(info)
    }

    fn winning_forms(&self) -> Option<mjcore_engine::FormSet> {
        self.inner.winning_forms()
    }

    fn table_rules(&self) -> TableRules {
        self.inner.table_rules()
    }

    fn aim(&self) -> Aim {
        self.inner.aim()
    }
}

fn seats(aim: &Aim, random: usize) -> Vec<Box<dyn Policy>> {
    (0..4)
        .map(|seat| {
            if seat < random {
                Box::new(RandomBot::default()) as Box<dyn Policy>
            } else {
                Box::new(EfficiencyBot::aiming(aim.clone()))
            }
        })
        .collect()
}

#[test]
fn deals_keep_the_invariants_pay_as_mcr_and_score_the_table_state() {
    let rules = Checked {
        inner: McrAtTable::new(table(), mcr_rules("first")),
        seen: RefCell::new([0; 5]),
    };
    let mut wins = 0;
    for index in 0..150u64 {
        let mut deal =
            Deal::new(5, index, (index % 4) as u8, (index / 4 % 4) as u8, &rules).expect("a deal");
        let mut bots = seats(&rules.aim(), (index % 2) as usize);
        play_deal(&mut deal, &mut bots, &rules).expect("played");
        deal.check_invariants()
            .expect("every tile of the 144 accounted for, no fifth copy");
        let outcome = deal.outcome().expect("over");
        assert!(outcome.winners.len() <= 1, "截和: one winner per discard");
        assert_eq!(outcome.payments().iter().sum::<i64>(), 0, "zero-sum");
        for w in &outcome.winners {
            wins += 1;
            let value = 8 + i64::from(w.info.fan);
            for seat in 0..4u8 {
                let expected = match (seat == w.seat, w.from) {
                    (true, None) => 3 * value,
                    (true, Some(_)) => value + 16,
                    (false, None) => -value,
                    (false, Some(from)) if from == seat => -value,
                    (false, Some(_)) => -8,
                };
                assert_eq!(
                    w.info.payments[usize::from(seat)],
                    expected,
                    "seat {seat} of {w:?}"
                );
            }
        }
    }
    assert!(wins > 40, "most deals are won: {wins} of 150");
    let seen = *rules.seen.borrow();
    assert!(
        seen[0] + seen[1] > 0 && seen[4] > 0,
        "海底 and 和绝张 wins happen: {seen:?}"
    );
}

#[test]
fn several_winners_on_a_discard_as_an_option() {
    let rules = McrAtTable::new(table(), mcr_rules("all"));
    for index in 0..60u64 {
        let mut deal = Deal::new(8, index, 0, 0, &rules).expect("a deal");
        play_deal(&mut deal, &mut seats(&rules.aim(), 0), &rules).expect("played");
        let outcome = deal.outcome().expect("over");
        assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
    }
}

#[test]
fn the_dealer_passes_every_deal_so_a_game_is_sixteen_deals() {
    let rules = McrAtTable::new(table(), mcr_rules("first"));
    let deals = play_game(
        3,
        GameConfig::default(),
        &mut seats(&rules.aim(), 0),
        &rules,
    )
    .expect("a game");
    assert_eq!(deals.len(), 16);
    for (k, deal) in deals.iter().enumerate() {
        assert_eq!(
            (deal.dealer(), deal.round_wind()),
            ((k % 4) as u8, (k / 4) as u8)
        );
    }
}

/// Measures (never asserts) what value-awareness brings: `cargo test --release -p mjcore-engine --test
/// mcr_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_fan_blind_and_value_aware_bots() {
    let rules = McrAtTable::new(table(), mcr_rules("first"));
    let fan_blind = Aim::speed(mjcore_engine::FormSet::ALL);
    for (name, aim) in [("fan-blind", fan_blind), ("value-aware", rules.aim())] {
        let (deals, mut wins, mut fans) = (2000u64, 0u64, [0u64; 8]);
        let start = std::time::Instant::now();
        for index in 0..deals {
            let mut deal = Deal::new(1, index, (index % 4) as u8, (index / 4 % 4) as u8, &rules)
                .expect("a deal");
            play_deal(&mut deal, &mut seats(&aim, 0), &rules).expect("played");
            for w in &deal.outcome().expect("over").winners {
                wins += 1;
                fans[(w.info.fan as usize / 8).min(7)] += 1;
            }
        }
        println!(
            "{name}: {wins} wins in {deals} deals (draw rate {:.3}); fan by 8s (8-15, 16-23, …): {:?}; {:.0} deals/s",
            1.0 - wins as f64 / deals as f64,
            &fans[1..],
            deals as f64 / start.elapsed().as_secs_f64()
        );
    }
}

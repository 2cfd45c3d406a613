//! The MCR family at the table: a hand wins when the MCR scorer finds a reading of at least the table's
//! minimum (8番起和) without flowers, worth its total with flowers; the situational fans come from the
//! table's own state — 和绝张 (the three other copies in the open), 妙手回春 / 海底捞月 (the wall's last
//! tile), 杠上开花 (a kong replacement), 抢杠和 (a robbed added kong) — and the seat and prevalent winds.
//! A win pays as in MCR competitions: a self-draw takes 8 + fan from each other seat; a discard win takes
//! 8 + fan from the discarder and 8 from each of the other two. No other event pays.

use super::fan::Fan;
use super::ruleset::McrTable;
use super::scorer::{score, McrScore};
use super::situation::{McrSituation, Opening};
use crate::error::Result;
use crate::forms::{FormOptions, FormSet};
use crate::hand::Meld;
use crate::table::adjudicator::{Adjudicator, Aim, FirstGoAround, WinSituation};
use crate::table::table_rules::TableRules;
use crate::table::types::WinInfo;
use crate::table::types::SEATS;
use crate::tile::Counts;
use crate::win::is_win_counts_with;
use std::sync::Arc;

/// What every seat pays a winner on top of the fan (MCR competition rules: the 8 of 8番起和).
pub const BASE_PAYMENT: i64 = 8;

/// An MCR fan table at a table with the given rules.
#[derive(Clone, Debug)]
pub struct McrAtTable {
    table: McrTable,
    rules: TableRules,
}

impl McrAtTable {
    pub fn new(table: McrTable, rules: TableRules) -> McrAtTable {
        McrAtTable { table, rules }
    }

    pub fn fan_table(&self) -> &McrTable {
        &self.table
    }

    /// The score of the win the table describes, legal or not (`None`: the tiles do not form a hand).
    pub fn score_win(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<McrScore>> {
        let hand = situation.scored_hand(concealed, melds, true);
        score(
            &hand,
            situation.tile,
            &mcr_situation(situation, &self.table),
            &self.table,
        )
    }
}

/// The table's view of a win in the scorer's terms.
fn mcr_situation(s: &WinSituation, table: &McrTable) -> McrSituation {
    let self_drawn = s.self_drawn();
    // The first go-around scores only as the seed's folk fans (天和, 地和, 人和), when the table lists them.
    let opening = match s.first_go_around.filter(|_| table.scores_folk_fans()) {
        Some(FirstGoAround::Heavenly) => Opening::Heavenly,
        // Seed 002's 地和 (options.earthly_next_seat_only): the dealer's 下家 alone.
        Some(FirstGoAround::Earthly) if table.earthly_open_to(s.seat_wind()) => Opening::Earthly,
        Some(FirstGoAround::Earthly) => Opening::None,
        Some(FirstGoAround::Human) => Opening::Human,
        None => Opening::None,
    };
    McrSituation {
        self_drawn,
        last_copy: s.shown >= 3,
        kong_replacement: self_drawn && s.kong_replacement,
        robbing_kong: s.robbing_kong,
        // No kong can be declared, so none robbed, once the wall is empty.
        wall_last: s.last_tile && !s.robbing_kong,
        seat_wind: s.seat_wind(),
        prevalent_wind: s.round_wind,
        opening,
    }
}

/// Concealed tiles (with the winning one) of 组合龙 beside one declared meld: a knitted straight, a set and
/// a pair.
const KNITTED_BESIDE_MELD: u8 = 11;

/// A cheap, allocation-free screen before the scorer, for callers that have not screened the hand (the
/// table's own screen, `completing_tiles`, is exact): every MCR win's concealed part completes in one of
/// the forms, except 组合龙 beside a meld, which the scorer alone reads.
fn may_win(concealed: &Counts) -> bool {
    concealed.iter().sum::<u8>() == KNITTED_BESIDE_MELD
        || is_win_counts_with(concealed, FormOptions::with_forms(FormSet::ALL))
}

/// MCR competition payments for a win worth `fan` (flowers included), by absolute seat; zero-sum.
pub fn payments(winner: u8, from: Option<u8>, fan: u32) -> [i64; SEATS as usize] {
    let value = BASE_PAYMENT + i64::from(fan);
    let mut paid = [0i64; SEATS as usize];
    for seat in (0..SEATS).filter(|&s| s != winner) {
        let share = match from {
            None => value,
            Some(discarder) if discarder == seat => value,
            Some(_) => BASE_PAYMENT,
        };
        paid[usize::from(seat)] -= share;
        paid[usize::from(winner)] += share;
    }
    paid
}

/// The highest fan of a score (the table's order: highest value first), as its `Fan` index: the win's
/// "pattern" in a simulation's per-deal arrays.
fn main_fan(table: &McrTable, scored: &McrScore) -> Option<u8> {
    table
        .order()
        .iter()
        .find(|&&fan| fan != Fan::FlowerTiles && scored.fans.has(fan))
        .map(|&fan| fan as u8)
}

impl Adjudicator for McrAtTable {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        if !may_win(concealed) {
            return Ok(None);
        }
        let Some(scored) = self
            .score_win(concealed, melds, situation)?
            .filter(|s| s.meets_minimum)
        else {
            return Ok(None);
        };
        let fan = u32::from(scored.total);
        Ok(Some(WinInfo {
            fan,
            pattern: main_fan(&self.table, &scored),
            payments: payments(situation.winner, situation.from, fan),
            liable: None,
            rows: scored.fans.present(), // `Fan` order is the table's row order (`fan_keys`)
            ..WinInfo::default()
        }))
    }

    /// Every form MCR wins with: the standard shape, 七对, 十三幺 and the knitted forms.
    fn winning_forms(&self) -> Option<FormSet> {
        Some(FormSet::ALL)
    }

    fn table_rules(&self) -> TableRules {
        self.rules
    }

    /// Every MCR form, with ready hands judged here: a wait below 8 fan is not worth waiting on
    /// (docs/mcr.md, "The efficiency bot at an MCR table").
    fn aim(&self) -> Aim {
        let table: Arc<dyn Adjudicator + Send + Sync> = Arc::new(self.clone());
        Aim {
            forms: FormSet::ALL,
            judge: Some(table.clone()),
            table: Some(table),
        }
    }
}

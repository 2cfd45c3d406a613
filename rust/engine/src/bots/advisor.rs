//! The `advisor` bot (issue 29, docs/advisor.md "The bot"): plays by the discard advisor's expected value — the
//! settlement the winner receives, in the one-player model — under the table's own plug-in ([`Aim::table`]).
//!
//! - It wins whenever the table offers a win.
//! - On its turn it discards the advisor's best row among the legal discards that leave the lowest shanten
//!   ([`Rows::LowestShanten`]: the riichi calculators' plain mode, and what keeps the bot affordable): expected
//!   value, then win probability, then ready probability, each rounded to 1e-12, then the advisor's order (more
//!   useful copies, tile order). It declares a concealed or added kong when the hand after it is worth at least
//!   the best discard's hand (the kong brings a replacement draw the model does not count).
//! - It claims a discard (chi, pon, kong) when the hand after the claim (and its best discard) is worth more
//!   than the hand as it stands (expected value, win and ready probability, then lower shanten); among claims
//!   the most valuable, ties in the order of the legal actions.
//!
//! The horizon is the draws the seat can still expect — a quarter of the wall left, rounded up — capped at
//! `draws_cap` ([`ADVISOR_DRAWS`] by default) for speed; it is 0 (no search: rows ranked by readiness, shanten
//! and useful copies) when the hand as it stands is more than [`ADVISOR_DEPTH`] from ready. `seen` is what the
//! seat can see: every discard on the table and the other seats' melds (a concealed kong lies face down and is
//! not counted). A decision the advisor refuses (a wall too small for the copies an explored state needs, late
//! in a deal) is the efficiency bot's.

use std::sync::Arc;

use super::efficiency::{after_own_kong, claimed, melds_with, EfficiencyBot};
use crate::advisor::{advise_rows, AdviceQuery, AdviceRow, Rows, RulesetWins, Seating};
use crate::error::{EngineError, Result};
use crate::forms::FormOptions;
use crate::hand::{Hand, Meld, MeldKind};
use crate::table::action::Action;
use crate::table::adjudicator::{Adjudicator, Aim};
use crate::table::observation::Observation;
use crate::table::policy::Policy;
use crate::table::types::SEATS;
use crate::tile::{Counts, KindMask, Tile, COPIES, NUM_KINDS};

/// The default cap on the horizon: measured in docs/advisor.md ("The bot": deals per second by cap).
pub const ADVISOR_DRAWS: usize = 6;

/// The deepest hand the bot searches: the advisor's search grows about tenfold per shanten (docs/advisor.md,
/// "Where the time goes"), so a hand further than this from ready is ranked with no draw (its win probability
/// and value within the horizon are then mostly 0 anyway): by readiness, shanten and useful copies.
pub const ADVISOR_DEPTH: i8 = 1;

pub struct AdvisorBot {
    table: Arc<dyn Adjudicator + Send + Sync>,
    opts: FormOptions,
    ghosts: KindMask,
    draws_cap: usize,
    /// What plays the decisions the advisor refuses.
    fallback: EfficiencyBot,
}

impl AdvisorBot {
    /// The advisor bot at the table `aim` comes from, its horizon capped at `draws_cap`. Refused: a table
    /// whose family the advisor does not value (no [`Aim::table`]), and ghosts that depend on the deal (翻鬼,
    /// flower ghosts), which the advisor does not model.
    pub fn at_table(aim: Aim, draws_cap: usize) -> Result<AdvisorBot> {
        let table = aim.table.clone().ok_or_else(|| {
            EngineError::argument(
                "bot \"advisor\": this table's family is not valued by the advisor (it serves the families \
                 whose wins one self-draw settles, those whose registry row says advisor: docs/advisor.md)",
            )
        })?;
        let ghosts = table.table_rules().ghosts;
        if ghosts.flips() || ghosts.holds_flowers() {
            return Err(EngineError::argument(
                "bot \"advisor\": ghosts turned by an indicator (翻鬼) or held flowers (四花鬼 / 八花鬼) are not \
                 modelled by the advisor: only fixed ghost kinds",
            ));
        }
        Ok(AdvisorBot {
            opts: FormOptions::with_forms(aim.forms),
            ghosts: ghosts.kinds(None),
            table,
            draws_cap,
            fallback: EfficiencyBot::aiming(aim),
        })
    }
}

impl Policy for AdvisorBot {
    fn choose(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Action {
        match self.decide(observation, legal) {
            Ok(action) => action,
            Err(_) => self.fallback.choose(observation, legal),
        }
    }
}

/// A row's rank, best first (smaller is better): the advisor's sort key (docs/advisor.md, "The answer").
type Rank = (i64, i64, i64, i8, i64, u8);

fn rounded(x: f64) -> i64 {
    // The two advisors agree to 1e-12: rounding there keeps the twin's choices equal (the twin rounds alike).
    (x * 1e12 + 0.5).floor() as i64
}

fn rank(row: &AdviceRow) -> Rank {
    let last = |curve: &[f64]| rounded(curve.last().copied().unwrap_or(0.0));
    let useful: i64 = row.useful.iter().map(|&(_, n)| i64::from(n)).sum();
    (
        -last(&row.value),
        -last(&row.win),
        -last(&row.ready),
        row.shanten,
        -useful,
        row.tile.map_or(0, Tile::index),
    )
}

/// One decision's fixed inputs: the seat's situation, what it sees, the horizon.
#[derive(Clone, Copy)]
struct Ask<'b> {
    bot: &'b AdvisorBot,
    seat: u8,
    dealer: u8,
    round_wind: u8,
    seen: Counts,
    draws: usize,
}

impl Ask<'_> {
    /// The advisor's rows for `concealed` beside `melds`, best first, with `seen` less `taken` (a claimed
    /// discard leaves the table for the hand).
    fn rows(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        taken: Option<Tile>,
    ) -> Result<Vec<AdviceRow>> {
        let hand = Hand {
            concealed: *concealed,
            melds: melds.to_vec(),
            wilds: 0,
            flowers: 0,
        };
        let mut seen = self.seen;
        if let Some(tile) = taken {
            let slot = &mut seen[tile.index() as usize];
            *slot = slot.saturating_sub(1);
        }
        let all = hand.all_tiles();
        let wall: u32 = (0..NUM_KINDS)
            .map(|k| u32::from(COPIES.saturating_sub(all[k] + seen[k])))
            .sum::<u32>()
            .max(self.draws as u32)
            .max(1);
        let query = AdviceQuery {
            draws: self.draws,
            wall,
            seen,
        };
        let wins = RulesetWins {
            adjudicator: self.bot.table.as_ref(),
            seating: Seating {
                seat: self.seat,
                dealer: self.dealer,
                round_wind: self.round_wind,
            },
            ghosts: self.bot.ghosts,
            indicator: None, // 翻鬼 tables are refused when the bot is made
        };
        let mut rows = advise_rows(
            &hand,
            self.bot.opts,
            &query,
            Some(&wins),
            Rows::LowestShanten,
        )?;
        rows.sort_by_key(rank);
        Ok(rows)
    }

    /// The rank of the best row of `concealed` whose discard `allowed` takes (a 3n+1 hand: its one row).
    fn best(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        taken: Option<Tile>,
        allowed: impl Fn(Tile) -> bool,
    ) -> Result<Option<(Rank, Option<Tile>)>> {
        Ok(self
            .rows(concealed, melds, taken)?
            .iter()
            .find(|row| row.tile.is_none_or(&allowed))
            .map(|row| (rank(row), row.tile)))
    }
}

impl AdvisorBot {
    fn decide(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Result<Action> {
        if legal.binary_search(&Action::Win).is_ok() {
            return Ok(Action::Win);
        }
        let seat = observation.seat();
        let ask = Ask {
            bot: self,
            seat,
            dealer: observation.dealer(),
            round_wind: observation.round_wind(),
            seen: seen_by(observation, seat)?,
            draws: 0,
        };
        let concealed = *observation.hand();
        let melds = observation.melds(seat);
        // One horizon for every hand the decision compares: none when the hand is too far from ready.
        let standing = ask.rows(&concealed, melds, None)?;
        let shanten = standing.iter().map(|r| r.shanten).min().unwrap_or(i8::MAX);
        let ask = Ask {
            draws: if shanten <= ADVISOR_DEPTH {
                observation
                    .wall_remaining()
                    .div_ceil(SEATS as usize)
                    .min(self.draws_cap)
            } else {
                0
            },
            ..ask
        };
        match observation.offered() {
            Some(offered) => ask.answer_offer(&concealed, melds, offered.tile, legal),
            None => ask.take_turn(&concealed, melds, legal),
        }
    }
}

impl Ask<'_> {
    fn take_turn(&self, concealed: &Counts, melds: &[Meld], legal: &[Action]) -> Result<Action> {
        let is_legal = |tile: Tile| legal.binary_search(&Action::Discard(tile)).is_ok();
        let Some((discard_rank, Some(discard))) = self.best(concealed, melds, None, is_legal)?
        else {
            return Err(EngineError::illegal(
                "no legal discard among the advisor's rows",
            ));
        };
        let mut best: Option<(Rank, Action)> = None;
        for &action in legal {
            let Some((counts, after)) = after_own_kong(concealed, melds, action) else {
                continue;
            };
            if let Some((kong, _)) = self.best(&counts, &after, None, |_| true)? {
                if best.is_none_or(|(b, _)| value_rank(kong) < value_rank(b)) {
                    best = Some((kong, action));
                }
            }
        }
        Ok(match best {
            Some((kong, action)) if value_rank(kong) <= value_rank(discard_rank) => action,
            _ => Action::Discard(discard),
        })
    }

    fn answer_offer(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        offered: Tile,
        legal: &[Action],
    ) -> Result<Action> {
        let Some((standing, _)) = self.best(concealed, melds, None, |_| true)? else {
            return Ok(Action::Pass);
        };
        let mut best = (value_rank(standing), Action::Pass);
        for &action in legal {
            let Some((counts, meld)) = claimed(concealed, action, offered) else {
                continue;
            };
            let after = melds_with(melds, meld, |_| true);
            // After a chi or pon the seat discards any tile (the table's rule on the claimed kind is its own).
            if let Some((claim, _)) = self.best(&counts, &after, Some(offered), |_| true)? {
                if value_rank(claim) < best.0 {
                    best = (value_rank(claim), action);
                }
            }
        }
        Ok(best.1)
    }
}

/// The part of a rank a kong or a claim is weighed by: expected value, win probability, ready probability,
/// then the lower shanten (what ranks hands too far from ready for the search), not the advisor's tie-breaks
/// between discards.
fn value_rank(rank: Rank) -> (i64, i64, i64, i8) {
    (rank.0, rank.1, rank.2, rank.3)
}

/// What `seat` sees, by kind: every discard on the table and the other seats' melds (a concealed kong is face
/// down). Its own melds are the hand's, which the advisor counts itself.
fn seen_by(observation: &Observation<'_>, seat: u8) -> Result<Counts> {
    let mut seen = [0u8; NUM_KINDS];
    for other in 0..SEATS {
        for tile in observation.discards(other) {
            seen[tile.index() as usize] += 1;
        }
        if other == seat {
            continue;
        }
        for meld in observation.melds(other) {
            if meld.kind != MeldKind::ConcealedKong {
                meld.add_tiles(&mut seen);
            }
        }
    }
    match seen.iter().position(|&n| n > COPIES) {
        Some(kind) => Err(EngineError::hand(format!(
            "tile kind {kind} seen {} times: at most 4",
            seen[kind]
        ))),
        None => Ok(seen),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::FormSet;

    #[test]
    fn a_table_offering_no_plug_in_is_refused_by_name() {
        let refused = AdvisorBot::at_table(Aim::speed(FormSet::STANDARD), ADVISOR_DRAWS);
        let message = refused.err().expect("refused").to_string();
        assert!(message.contains("bot \"advisor\""), "{message}");
        assert!(message.contains("not valued by the advisor"), "{message}");
    }

    #[test]
    fn ranks_put_value_first_then_win_then_ready() {
        let row = |value: f64, win: f64, ready: f64, shanten: i8| AdviceRow {
            tile: Tile::new(0),
            shanten,
            useful: vec![],
            win: vec![0.0, win],
            ready: vec![0.0, ready],
            value: vec![0.0, value],
        };
        assert!(rank(&row(2.0, 0.1, 0.1, 1)) < rank(&row(1.0, 0.9, 0.9, 0)));
        assert!(rank(&row(1.0, 0.2, 0.1, 1)) < rank(&row(1.0, 0.1, 0.9, 0)));
        assert!(rank(&row(0.0, 0.0, 0.5, 1)) < rank(&row(0.0, 0.0, 0.4, 0)));
        // Values equal to 1e-12 tie, so the twin (which agrees to 1e-12) ranks alike.
        assert_eq!(
            value_rank(rank(&row(1.0, 0.5, 0.5, 1))),
            value_rank(rank(&row(1.0 + 1e-14, 0.5, 0.5, 1)))
        );
    }
}

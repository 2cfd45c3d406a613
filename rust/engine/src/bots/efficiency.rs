//! The `efficiency` bot (牌效率): plays for the fastest win, deterministically.
//!
//! - It wins whenever the engine offers a win (the engine offers only legal wins, 起和 included).
//! - On its turn it discards to minimise shanten, then to maximise the useful copies it has not seen, then by
//!   the seed's order of value ([`discard_order`](super::discard_order)). It declares a concealed or added
//!   kong when the hand after it is at least as fast as after the best discard: the kong costs nothing in
//!   speed and brings a replacement draw.
//! - It claims a discard (chi, pon, kong) only when the hand after the claim (and its best discard) has a lower
//!   shanten, or the same shanten with more useful copies; among claims the best wins, ties in the order of
//!   the legal actions.
//!
//! Useful copies are counted against what the seat sees: its own hand, every meld and every discard.
//!
//! What it plays towards comes from the table ([`Aim`], `Adjudicator::aim`): the table's winning forms, and —
//! where a bare shape often misses the minimum (MCR's 8 fan) — the table's own adjudicator, which judges the
//! waits of every ready hand it weighs ([`Decision::ready_value`]): a ready hand counts only the copies that
//! would be legal wins (a discard-win wait four times, a wait legal only when self-drawn once), it discards
//! for the most of them, and it claims into a ready hand only when that hand has some.

use super::discard_order::tie_break;
use super::progress::{unseen_copies, CappedSuits, Evaluator, Progress};
use super::shared_memo::with_capped_suits;
use super::swap_choice::choose_swap;
use super::void_choice::choose_void;
use super::wait_verdicts::{WaitKey, WaitVerdicts};
use crate::completing_tiles::completing_tiles;
use crate::error::{EngineError, Result};
use crate::forms::{FormOptions, FormSet};
use crate::hand::{Meld, MeldKind};
use crate::kind_mask::kinds_of;
use crate::table::action::Action;
use crate::table::adjudicator::{Adjudicator, Aim, WinSituation};
use crate::table::observation::Observation;
use crate::table::policy::Policy;
use crate::table::shape_rules::ShapeRules;
use crate::table::types::SEATS;
use crate::tile::{Counts, Tile, COPIES};
use crate::win::is_win_counts_with;

#[derive(Clone, Debug)]
pub struct EfficiencyBot {
    aim: Aim,
    /// The verdicts of the waits it has judged, where the aim judges waits (made at the first).
    verdicts: Option<WaitVerdicts>,
}

impl Default for EfficiencyBot {
    /// Towards the 鸡平胡 shapes the table's default win check accepts.
    fn default() -> Self {
        EfficiencyBot::aiming(Aim::speed(ShapeRules::CHICKEN.options.forms))
    }
}

impl EfficiencyBot {
    /// A bot playing for `aim`.
    pub fn aiming(aim: Aim) -> EfficiencyBot {
        EfficiencyBot {
            aim,
            verdicts: None,
        }
    }

    pub fn aim(&self) -> &Aim {
        &self.aim
    }
}

impl Policy for EfficiencyBot {
    /// A view the engine never produces (more than four copies of a kind) falls back to the first legal
    /// action rather than panicking.
    fn choose(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Action {
        // At a table with ghosts (推倒胡) the bot counts them as wild: its own module.
        let ghosts = observation.ghosts();
        if ghosts != 0 || observation.flowers_are_ghosts() {
            return super::ghost_efficiency::choose(observation, legal, ghosts);
        }
        let first = legal.first().copied().unwrap_or(Action::Pass);
        let judge = self.aim.judge.as_deref().map(|j| j as &dyn Adjudicator);
        let verdicts = judge.map(|_| self.verdicts.get_or_insert_with(WaitVerdicts::default));
        with_capped_suits(|capped| {
            let mut decision = Decision {
                forms: self.aim.forms,
                judge: judge.zip(verdicts),
                capped,
            };
            decision.decide(observation, legal)
        })
        .unwrap_or(first)
    }
}

/// What a copy of a wait is worth to [`Decision::ready_value`]: a discard win can come from three seats, a
/// self-drawn one only from the seat's own draws.
const DISCARD_WAIT: u8 = 4;
const SELF_DRAWN_WAIT: u8 = 1;

/// One decision of a bot, with the thread's memo borrowed for it.
struct Decision<'c> {
    forms: FormSet,
    /// The table's adjudicator, where waits are judged (see [`Aim::judge`]), and the bot's memo of its verdicts.
    judge: Option<(&'c dyn Adjudicator, &'c mut WaitVerdicts)>,
    capped: &'c mut CappedSuits,
}

/// A seat's hand and what it has not seen, fixed for one decision.
struct View<'o> {
    concealed: Counts,
    melds: &'o [Meld],
    unseen: Counts,
    seat: u8,
    dealer: u8,
    round_wind: u8,
}

impl Decision<'_> {
    fn decide(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Result<Action> {
        // Legal actions are sorted: a search finds the win (眼牌's declarations sort after it).
        if legal.binary_search(&Action::Win).is_ok() {
            return Ok(Action::Win);
        }
        if let Some(void) = choose_void(observation, legal) {
            return Ok(void);
        }
        if let Some(pick) = choose_swap(observation, legal) {
            return Ok(pick);
        }
        let seat = observation.seat();
        let melds = observation.melds(seat);
        let view = View {
            concealed: *observation.hand(),
            melds,
            unseen: unseen_copies(observation.hand(), (0..SEATS).map(|s| observation.shown(s)))?,
            seat,
            dealer: observation.dealer(),
            round_wind: observation.round_wind(),
        };
        match observation.offered() {
            Some(offered) => self.answer_offer(&view, offered.tile, legal),
            None => self.take_turn(observation, &view, legal),
        }
    }

    /// A claim that makes the hand faster, or pass. Shanten alone settles most offers, so useful tiles are
    /// counted only between claims (and the hand as it stands) that tie on it.
    fn answer_offer(&mut self, view: &View<'_>, offered: Tile, legal: &[Action]) -> Result<Action> {
        let now = self
            .evaluator(view, &view.concealed, view.melds)
            .shanten(&view.concealed);
        // Only claims no slower than the standing hand contend.
        let mut contenders = Vec::new();
        for &action in legal {
            if let Some((counts, meld)) = claimed(&view.concealed, action, offered) {
                let melds = melds_with(view.melds, meld, |_| true);
                let shanten = self.evaluator(view, &counts, &melds).shanten(&counts);
                if shanten <= now {
                    contenders.push((shanten, action, counts, melds));
                }
            }
        }
        let Some(lowest) = contenders.iter().map(|c| c.0).min() else {
            return Ok(Action::Pass);
        };
        contenders.retain(|c| c.0 == lowest);
        if lowest == 0 && self.judge.is_some() {
            return self.claim_into_ready(view, now, contenders);
        }
        if lowest < now && contenders.len() == 1 {
            return Ok(contenders[0].1);
        }
        let mut best = None;
        if lowest == now {
            let standing = self
                .evaluator(view, &view.concealed, view.melds)
                .progress(&view.concealed);
            best = Some((standing, Action::Pass));
        }
        // Every contender ties with the best so far on shanten: only more useful copies can beat it.
        for (_, action, counts, melds) in contenders {
            let floor = best.map(|(b, _)| b.useful);
            let Some(after) = self.progress_above(view, &counts, &melds, floor)? else {
                continue;
            };
            if best.is_none_or(|(b, _): (Progress, Action)| after.rank() < b.rank()) {
                best = Some((after, action));
            }
        }
        Ok(best.map_or(Action::Pass, |(_, action)| action))
    }

    /// The best discard, or a kong that is at least as good.
    fn take_turn(
        &mut self,
        observation: &Observation<'_>,
        view: &View<'_>,
        legal: &[Action],
    ) -> Result<Action> {
        let discards = self
            .evaluator(view, &view.concealed, view.melds)
            .best_discards(&view.concealed)?;
        // Only the legal discards (必须打缺 restricts them at a 定缺 table), found in the sorted legal actions.
        let mut legal_best = discards
            .iter()
            .copied()
            .filter(|&(tile, _)| legal.binary_search(&Action::Discard(tile)).is_ok());
        let first = legal_best
            .next()
            .ok_or_else(|| EngineError::illegal("no tile to discard"))?;
        // A lone best discard needs no tie-break, whose key reads the discards on the table.
        let (discard, discard_progress) = match legal_best.next() {
            None => first,
            Some(second) => [first, second]
                .into_iter()
                .chain(legal_best)
                .min_by_key(|&(tile, progress)| {
                    (
                        progress.rank(),
                        tie_break(observation, tile, progress.shanten),
                    )
                })
                .unwrap_or(first),
        };
        if discard_progress.shanten == 0 && self.judge.is_some() {
            // Ready: the discard that leaves the most legal wins, if any does (else the fastest, as ever).
            let ready = self.ready_discards(view, &view.concealed, view.melds)?;
            if let Some(&(tile, _)) =
                ready
                    .iter()
                    .filter(|&&(_, value)| value > 0)
                    .min_by_key(|&&(tile, value)| {
                        (std::cmp::Reverse(value), tie_break(observation, tile, 0))
                    })
            {
                return Ok(Action::Discard(tile));
            }
        }
        let mut best_kong: Option<(Progress, Action)> = None;
        for &action in legal {
            let Some((counts, melds)) = after_own_kong(&view.concealed, view.melds, action) else {
                continue;
            };
            let after = self.progress_of(view, &counts, &melds)?;
            if best_kong.is_none_or(|(best, _)| after.rank() < best.rank()) {
                best_kong = Some((after, action));
            }
        }
        Ok(match best_kong {
            Some((kong, action)) if kong.rank() <= discard_progress.rank() => action,
            _ => Action::Discard(discard),
        })
    }

    /// Where claims would leave the hand ready and waits are judged: the claim (or the pass, when the hand is
    /// ready already) whose ready hand keeps the most legal wins; pass when none keeps any.
    fn claim_into_ready(
        &mut self,
        view: &View<'_>,
        now: i8,
        contenders: Vec<(i8, Action, Counts, Vec<Meld>)>,
    ) -> Result<Action> {
        let mut best = (0, Action::Pass);
        if now == 0 {
            best.0 = self.ready_value(view, &view.concealed, view.melds)?;
        }
        for (_, action, counts, melds) in contenders {
            let ready = self.ready_discards(view, &counts, &melds)?;
            let value = ready.iter().map(|&(_, value)| value).max().unwrap_or(0);
            if value > best.0 {
                best = (value, action);
            }
        }
        Ok(best.1)
    }

    /// The discards of the 3n+2 `counts` (beside `melds`) that leave it ready, each with its
    /// [`ready_value`](Decision::ready_value).
    fn ready_discards(
        &mut self,
        view: &View<'_>,
        counts: &Counts,
        melds: &[Meld],
    ) -> Result<Vec<(Tile, u32)>> {
        let tiles = self.evaluator(view, counts, melds).ready_discards(counts)?;
        let mut ready = Vec::with_capacity(tiles.len());
        for tile in tiles {
            let mut left = *counts;
            left[tile.index() as usize] -= 1;
            ready.push((tile, self.ready_value(view, &left, melds)?));
        }
        Ok(ready)
    }

    /// The unseen copies of the ready 3n+1 `waiting`'s waits that the table's adjudicator calls a legal win,
    /// a discard-win wait counting [`DISCARD_WAIT`] per copy and one legal only when self-drawn
    /// [`SELF_DRAWN_WAIT`]. Each wait is judged as a win in the middle of the deal (no situational fan).
    fn ready_value(&mut self, view: &View<'_>, waiting: &Counts, melds: &[Meld]) -> Result<u32> {
        let Some((judge, verdicts)) = self.judge.as_mut() else {
            return Ok(0);
        };
        let shape = FormOptions::with_forms(self.forms);
        let mut value = 0;
        for tile in kinds_of(completing_tiles(waiting, self.forms)) {
            let kind = tile.index() as usize;
            let unseen = view.unseen[kind];
            if unseen == 0 {
                continue;
            }
            let mut complete = *waiting;
            complete[kind] += 1;
            if !is_win_counts_with(&complete, shape) {
                continue;
            }
            // Copies in the open: all but the unseen ones, when the seat holds none (a tile just discarded is
            // in the open). The situation says only whether the wait is the last copy (和绝张: three shown),
            // the one thing `WinSituation::shown` means to a judge, so that a verdict stays good while
            // other copies come out and the memo keeps it.
            let shown = if waiting[kind] == 0 && COPIES - unseen >= 3 {
                3
            } else {
                0
            };
            let key = WaitKey::new(
                &complete,
                melds,
                tile,
                shown,
                view.seat,
                view.dealer,
                view.round_wind,
            );
            let per_copy = verdicts.get_or_judge(key, || {
                let situation = WinSituation {
                    shown,
                    ..WinSituation::plain(
                        view.seat,
                        tile,
                        Some((view.seat + 1) % SEATS),
                        view.dealer,
                        view.round_wind,
                    )
                };
                let self_drawn = WinSituation {
                    from: None,
                    ..situation
                };
                Ok::<u8, EngineError>(if judge.judge(&complete, melds, &situation)?.is_some() {
                    DISCARD_WAIT
                } else if judge.judge(&complete, melds, &self_drawn)?.is_some() {
                    SELF_DRAWN_WAIT
                } else {
                    0
                })
            })?;
            value += u32::from(unseen) * u32::from(per_copy);
        }
        Ok(value)
    }

    fn evaluator<'e>(
        &'e mut self,
        view: &'e View<'_>,
        counts: &Counts,
        melds: &[Meld],
    ) -> Evaluator<'e> {
        Evaluator::new(counts, melds, self.forms, &view.unseen, self.capped)
    }

    /// Progress of `counts` beside `melds`: a 3n+1 hand as it stands, a 3n+2 hand after its best discard.
    fn progress_of(
        &mut self,
        view: &View<'_>,
        counts: &Counts,
        melds: &[Meld],
    ) -> Result<Progress> {
        self.progress_above(view, counts, melds, None)?
            .ok_or_else(|| EngineError::illegal("no tile to discard after the claim"))
    }

    /// [`progress_of`](Decision::progress_of) when it leaves more than `floor` useful copies; `None` when it
    /// does not (a 3n+2 hand then skips the exact count of the discards that cannot pass the floor).
    fn progress_above(
        &mut self,
        view: &View<'_>,
        counts: &Counts,
        melds: &[Meld],
        floor: Option<u32>,
    ) -> Result<Option<Progress>> {
        let mut evaluator = self.evaluator(view, counts, melds);
        let above = |progress: &Progress| floor.is_none_or(|floor| progress.useful > floor);
        if counts.iter().map(|&c| usize::from(c)).sum::<usize>() % 3 == 1 {
            return Ok(Some(evaluator.progress(counts)).filter(above));
        }
        Ok(evaluator
            .best_discards_above(counts, floor)?
            .into_iter()
            .map(|(_, progress)| progress)
            .min_by_key(|progress| progress.rank()))
    }
}

/// The seat's melds that pass `kept`, and the new `meld`.
pub(super) fn melds_with(melds: &[Meld], meld: Meld, kept: impl Fn(&Meld) -> bool) -> Vec<Meld> {
    melds
        .iter()
        .copied()
        .filter(|m| kept(m))
        .chain(std::iter::once(meld))
        .collect()
}

/// The concealed tiles and melds after the own-turn kong `action` (concealed or added: an added kong replaces
/// its pon); None for any other action.
pub(super) fn after_own_kong(
    concealed: &Counts,
    melds: &[Meld],
    action: Action,
) -> Option<(Counts, Vec<Meld>)> {
    let (tile, copies, kind) = match action {
        Action::ConcealedKong(tile) => (tile, 4, MeldKind::ConcealedKong),
        Action::AddedKong(tile) => (tile, 1, MeldKind::AddedKong),
        _ => return None,
    };
    let kept =
        |m: &Meld| !(kind == MeldKind::AddedKong && m.kind == MeldKind::Pon && m.tile == tile);
    Some((
        without(concealed, tile, copies),
        melds_with(melds, Meld::new(kind, tile), kept),
    ))
}

/// The concealed tiles left and the meld made by claiming `offered` with `action` (None: not a claim).
pub(super) fn claimed(concealed: &Counts, action: Action, offered: Tile) -> Option<(Counts, Meld)> {
    let (kind, lowest, used) = match action {
        Action::Pon => (MeldKind::Pon, offered, 2),
        Action::Kong => (MeldKind::Kong, offered, 3),
        Action::Chi(lowest) => (MeldKind::Chi, lowest, 0),
        _ => return None,
    };
    let mut left = *concealed;
    if kind == MeldKind::Chi {
        for index in lowest.index()..lowest.index() + 3 {
            if index != offered.index() {
                let slot = left.get_mut(usize::from(index))?;
                *slot = slot.checked_sub(1)?;
            }
        }
    } else {
        left = without(concealed, offered, used);
    }
    Some((left, Meld::new(kind, lowest)))
}

/// `concealed` less `copies` of `tile` (none left below zero).
pub(super) fn without(concealed: &Counts, tile: Tile, copies: u8) -> Counts {
    let mut left = *concealed;
    let slot = &mut left[tile.index() as usize];
    *slot = slot.saturating_sub(copies);
    left
}

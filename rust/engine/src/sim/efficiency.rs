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

use super::action::Action;
use super::deal::SEATS;
use super::discard_order::tie_break;
use super::observation::Observation;
use super::policy::Policy;
use super::progress::{unseen_copies, CappedSuits, Evaluator, Progress};
use super::shape_rules::ShapeRules;
use super::shared_memo::with_capped_suits;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::{Meld, MeldKind};
use crate::tile::{Counts, Tile};

#[derive(Clone, Debug)]
pub struct EfficiencyBot {
    /// Whether its shanten also counts towards thirteen orphans (always towards the standard shape).
    thirteen_orphans: bool,
}

impl Default for EfficiencyBot {
    /// Towards the 鸡平胡 shapes the table's default win check accepts.
    fn default() -> Self {
        EfficiencyBot {
            thirteen_orphans: ShapeRules::CHICKEN
                .options
                .forms
                .contains(FormSet::THIRTEEN_ORPHANS),
        }
    }
}

impl Policy for EfficiencyBot {
    fn start_deal(&mut self, _seed: u64, _deal: u64, _seat: u8) {
        with_capped_suits(CappedSuits::trim);
    }

    /// A view the engine never produces (more than four copies of a kind) falls back to the first legal
    /// action rather than panicking.
    fn choose(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Action {
        // At a table with ghosts (推倒胡) the bot counts them as wild: its own module.
        let ghosts = observation.ghosts();
        if ghosts != 0 {
            return super::ghost_efficiency::choose(observation, legal, ghosts);
        }
        let first = legal.first().copied().unwrap_or(Action::Pass);
        with_capped_suits(|capped| {
            let mut decision = Decision {
                thirteen_orphans: self.thirteen_orphans,
                capped,
            };
            decision.decide(observation, legal)
        })
        .unwrap_or(first)
    }
}

/// One decision of a bot, with the thread's memo borrowed for it.
struct Decision<'c> {
    thirteen_orphans: bool,
    capped: &'c mut CappedSuits,
}

/// A seat's hand and what it has not seen, fixed for one decision.
struct View<'o> {
    concealed: Counts,
    melds: &'o [Meld],
    unseen: Counts,
}

impl Decision<'_> {
    fn decide(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Result<Action> {
        if legal.contains(&Action::Win) {
            return Ok(Action::Win);
        }
        let seat = observation.seat();
        let melds = observation.melds(seat);
        let view = View {
            concealed: *observation.hand(),
            melds,
            unseen: unseen_copies(
                observation.hand(),
                (0..SEATS).flat_map(|s| observation.melds(s)),
                (0..SEATS).flat_map(|s| observation.discards(s).iter().copied()),
            )?,
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
        let mut contenders = Vec::new();
        for &action in legal {
            if let Some((counts, meld)) = claimed(&view.concealed, action, offered) {
                let melds = melds_with(view.melds, meld, |_| true);
                let shanten = self.evaluator(view, &counts, &melds).shanten(&counts);
                contenders.push((shanten, action, counts, melds));
            }
        }
        let Some(lowest) = contenders.iter().map(|c| c.0).min().filter(|&s| s <= now) else {
            return Ok(Action::Pass);
        };
        contenders.retain(|c| c.0 == lowest);
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
        for (_, action, counts, melds) in contenders {
            let after = self.progress_of(view, &counts, &melds)?;
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
        let (discard, discard_progress) = discards
            .into_iter()
            .min_by_key(|&(tile, progress)| {
                (
                    progress.rank(),
                    tie_break(observation, tile, progress.shanten),
                )
            })
            .ok_or_else(|| EngineError::illegal("no tile to discard"))?;
        let mut best_kong: Option<(Progress, Action)> = None;
        for &action in legal {
            let (tile, copies, kind) = match action {
                Action::ConcealedKong(tile) => (tile, 4, MeldKind::ConcealedKong),
                Action::AddedKong(tile) => (tile, 1, MeldKind::AddedKong),
                _ => continue,
            };
            // An added kong replaces its pon.
            let kept = |m: &Meld| {
                !(kind == MeldKind::AddedKong && m.kind == MeldKind::Pon && m.tile == tile)
            };
            let counts = without(&view.concealed, tile, copies);
            let melds = melds_with(view.melds, Meld::new(kind, tile), kept);
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

    fn evaluator<'e>(
        &'e mut self,
        view: &'e View<'_>,
        counts: &Counts,
        melds: &[Meld],
    ) -> Evaluator<'e> {
        Evaluator::new(
            counts,
            melds,
            self.thirteen_orphans,
            &view.unseen,
            self.capped,
        )
    }

    /// Progress of `counts` beside `melds`: a 3n+1 hand as it stands, a 3n+2 hand after its best discard.
    fn progress_of(
        &mut self,
        view: &View<'_>,
        counts: &Counts,
        melds: &[Meld],
    ) -> Result<Progress> {
        let mut evaluator = self.evaluator(view, counts, melds);
        if counts.iter().map(|&c| usize::from(c)).sum::<usize>() % 3 == 1 {
            return Ok(evaluator.progress(counts));
        }
        evaluator
            .best_discards(counts)?
            .into_iter()
            .map(|(_, progress)| progress)
            .min_by_key(|progress| progress.rank())
            .ok_or_else(|| EngineError::illegal("no tile to discard after the claim"))
    }
}

/// The seat's melds that pass `kept`, and the new `meld`.
fn melds_with(melds: &[Meld], meld: Meld, kept: impl Fn(&Meld) -> bool) -> Vec<Meld> {
    melds
        .iter()
        .copied()
        .filter(|m| kept(m))
        .chain(std::iter::once(meld))
        .collect()
}

/// The concealed tiles left and the meld made by claiming `offered` with `action` (None: not a claim).
fn claimed(concealed: &Counts, action: Action, offered: Tile) -> Option<(Counts, Meld)> {
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
fn without(concealed: &Counts, tile: Tile, copies: u8) -> Counts {
    let mut left = *concealed;
    let slot = &mut left[tile.index() as usize];
    *slot = slot.saturating_sub(copies);
    left
}

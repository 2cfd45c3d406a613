//! A seat's turn: stepping the deal by one decision, the actions of the seat to move (discard, declared kongs,
//! a win on its own draw), the dealer-following check, and entering a seat's turn with its legal actions.

use super::{claim_swap, Deal, Drawn, Offer, Phase, WinChance};
use crate::error::{EngineError, Result};
use crate::hand::{Meld, MeldKind};
use crate::kind_mask::kinds_of;
use crate::table::action::Action;
use crate::table::adjudicator::{Adjudicator, PayingEvent};
use crate::table::log::{self, Event};
use crate::table::table_rules::{ADDED_KONG, CONCEALED_KONG};
use crate::table::types::{AbortiveDraw, Winner, SEATS};
use crate::tile::{Tile, COPIES};

impl Deal {
    /// Applies the decision of the seat to act. An action not in [`Deal::legal_actions`] is rejected with
    /// `IllegalAction` and changes nothing. An error of the adjudicator leaves the deal unusable.
    pub fn step<A: Adjudicator + ?Sized>(&mut self, action: Action, adjudicator: &A) -> Result<()> {
        let seat = self
            .to_act()
            .ok_or_else(|| EngineError::illegal(format!("{action}: the deal is over")))?;
        if !self.legal.contains(&action) {
            let legal: Vec<String> = self.legal.iter().map(Action::to_string).collect();
            return Err(EngineError::illegal(format!(
                "{action} is not legal for seat {seat} now; legal: {}",
                legal.join(", ")
            )));
        }
        self.apply(seat, action, adjudicator)
    }

    /// Applies the legal action at `position` of [`Deal::legal_actions`], as a policy choosing by position
    /// names it ([`Policy::choose_position`](crate::table::policy::Policy::choose_position)): legal by construction,
    /// so not searched for (the search was a measurable part of a random-bot deal).
    pub fn step_at<A: Adjudicator + ?Sized>(
        &mut self,
        position: usize,
        adjudicator: &A,
    ) -> Result<()> {
        let seat = self
            .to_act()
            .ok_or_else(|| EngineError::illegal("the deal is over"))?;
        let action = self.legal.get(position).copied().ok_or_else(|| {
            EngineError::illegal(format!(
                "legal action {position} of seat {seat}: there are {}",
                self.legal.len()
            ))
        })?;
        self.apply(seat, action, adjudicator)
    }

    /// Plays the legal `action` of `seat`, the seat to act.
    pub(super) fn apply<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        action: Action,
        adjudicator: &A,
    ) -> Result<()> {
        log::append(&mut self.events, || Event::Act { seat, action });
        match std::mem::replace(&mut self.phase, Phase::Over) {
            Phase::Turn { seat, drawn } => self.take_turn(seat, drawn, action, adjudicator)?,
            Phase::Claims(window) => self.answer(window, action, adjudicator)?,
            Phase::Voids { seat, drawn } => match action {
                Action::Void(suit) => self.name_void(seat, suit, drawn, adjudicator)?,
                _ => return Err(EngineError::illegal(format!("{action} while naming voids"))),
            },
            Phase::Swap { seat, drawn } => match action {
                Action::Swap(tile) => self.pick_swap(seat, tile, drawn, adjudicator)?,
                _ => {
                    return Err(EngineError::illegal(format!(
                        "{action} while picking 换三张"
                    )))
                }
            },
            Phase::Over => {}
        }
        if cfg!(debug_assertions) {
            self.check_invariants()?;
        }
        Ok(())
    }

    pub(super) fn take_turn<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        drawn: Option<Drawn>,
        action: Action,
        adjudicator: &A,
    ) -> Result<()> {
        match action {
            Action::Win => {
                // A win on a drawn flower ghost is logged with the flower (see `flower_ghosts`).
                self.seats[seat as usize].won_on_flower = drawn.and_then(|d| d.flower);
                let tile = drawn
                    .map(|d| d.tile)
                    .ok_or_else(|| EngineError::illegal("win without a draw"))?;
                let declared = self
                    .declare(seat, WinChance::self_drawn(tile, drawn), adjudicator)?
                    .unwrap_or_default();
                self.extra_tile |= 1 << seat;
                let winner = Winner {
                    seat,
                    tile,
                    from: None,
                    robbing_kong: false,
                    info: declared.info,
                    horse_hits: declared.horse_hits,
                    horses: declared.horses,
                    horse_money: declared.horse_money,
                };
                self.settle_wins(vec![winner], seat, adjudicator)
            }
            Action::Discard(tile) => {
                let state = &mut self.seats[seat as usize];
                state.lose(tile, 1);
                state.discard(tile);
                self.discards_made += 1;
                self.kong_discard = drawn.is_some_and(|d| d.replacement);
                if self.discards_made == u32::from(SEATS) {
                    if self.rules.follow_dealer {
                        self.follow_dealer(adjudicator)?;
                    }
                    if self.rules.abortive_draws && self.four_winds() {
                        return self.end_abortive(AbortiveDraw::FourWinds, adjudicator);
                    }
                }
                self.offer(seat, tile, Offer::Discard, adjudicator)
            }
            Action::ConcealedKong(tile) => {
                self.seats[seat as usize].lose(tile, COPIES);
                self.interrupted = true;
                self.add_meld(seat, Meld::new(MeldKind::ConcealedKong, tile), None);
                self.settle_kong(seat, MeldKind::ConcealedKong, None, adjudicator)?;
                // OC-48: a kong declared on a melded kong's replacement continues its chain, whose feeder
                // stays liable for a bloom at the end.
                self.draw_replacement_for(seat, drawn.and_then(|d| d.kong_feeder), adjudicator)
            }
            Action::AddedKong(tile) => {
                self.interrupted = true;
                self.chain_feeder = drawn.and_then(|d| d.kong_feeder);
                if self.rules.can_rob(ADDED_KONG) {
                    self.offer(seat, tile, Offer::AddedKong, adjudicator)
                } else {
                    self.complete_added_kong(seat, tile, adjudicator)
                }
            }
            Action::Eye(tile) => {
                self.locked |= 1 << seat;
                self.take_turn(seat, drawn, Action::Discard(tile), adjudicator)
            }
            Action::DiscardFlower(flower) => self.discard_flower_ghost(seat, flower, adjudicator),
            Action::Pass
            | Action::Chi(_)
            | Action::Pon
            | Action::Kong
            | Action::Void(_)
            | Action::Swap(_) => Err(EngineError::illegal(format!("{action} on one's own turn"))),
        }
    }

    /// 跟庄 (OC-51): after the fourth discard of an uninterrupted first go-around (no claim, no kong), all
    /// four seats' discards are the dealer's first one. Out of line: once per deal at most.
    #[cold]
    #[inline(never)]
    pub(super) fn follow_dealer<A: Adjudicator + ?Sized>(&mut self, adjudicator: &A) -> Result<()> {
        if self.first_discards_alike().is_some() {
            let dealer = self.dealer;
            self.settle(PayingEvent::FollowDealer { dealer }, adjudicator)?;
        }
        Ok(())
    }

    /// After the fourth discard: the tile every seat discarded first, when the first go-around was
    /// uninterrupted (no claim, no kong) and those discards are one kind (跟庄, 四風連打).
    pub(super) fn first_discards_alike(&self) -> Option<Tile> {
        let first = self.seats[self.dealer as usize].discards.first().copied()?;
        let alike = self
            .seats
            .iter()
            .all(|s| s.discards.first() == Some(&first));
        (!self.interrupted && alike).then_some(first)
    }

    /// Starts the turn of `seat`, which holds 3n+2 tiles; `can_win`: its draw is a legal self-drawn win.
    pub(super) fn enter_turn(&mut self, seat: u8, drawn: Option<Drawn>, can_win: bool) {
        if self.locked & (1 << seat) != 0 {
            return self.enter_locked_turn(seat, drawn, can_win);
        }
        // Built directly in sorted order (discards, concealed kongs, added kongs, win), reusing the buffer.
        let mut legal = std::mem::take(&mut self.legal);
        legal.clear();
        let meldable = self.meldable();
        let state = &self.seats[seat as usize];
        let void = state.void_kinds();
        // 必须打缺: while the seat holds its void suit, only that suit may go.
        let mut discardable = match state.held & void {
            held_void if held_void != 0 && self.rules.must_discard_void => held_void,
            _ => state.held,
        };
        // 食替 (OC-T17): right after a chi or pon (the only turns without a draw), not the claimed set's kinds.
        if drawn.is_none() && self.rules.no_swap_discard {
            discardable = claim_swap::allowed_after_claim(discardable, state.melds.last());
        }
        legal.extend(kinds_of(discardable).map(Action::Discard));
        if drawn.is_some() && self.may_kong() {
            if self.rules.allows_kong(CONCEALED_KONG) {
                legal.extend(kinds_of(state.quads & !void & meldable).map(Action::ConcealedKong));
            }
            if self.rules.allows_kong(ADDED_KONG) {
                let added_from = legal.len();
                legal.extend(
                    state
                        .melds
                        .iter()
                        .filter(|m| {
                            m.kind == MeldKind::Pon && state.concealed[m.tile.index() as usize] > 0
                        })
                        .map(|m| Action::AddedKong(m.tile)),
                );
                legal[added_from..].sort_unstable();
            }
        }
        if can_win {
            legal.push(Action::Win);
        }
        let holds_flowers = state.flower_ghosts != 0;
        self.legal = legal;
        if holds_flowers {
            self.list_flower_discards(seat);
        }
        if let Some(forms) = self.rules.eye_forms {
            self.list_eye_declarations(seat, forms, discardable);
        }
        debug_assert!(self.legal.is_sorted());
        self.phase = Phase::Turn { seat, drawn };
    }
}

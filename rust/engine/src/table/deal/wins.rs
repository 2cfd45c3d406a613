//! Wins: settling the winners of a tile, the cheap screen and the adjudicator's judgement of a chance to win,
//! the situation a win is judged in (how the tile came, what is shown, liabilities, the first go-around).

use super::{seat_after, void_held, Deal, WinChance};
use crate::error::Result;
use crate::hand::{Meld, MeldKind};
use crate::kind_mask::tile_bit;
use crate::table::adjudicator::{Adjudicator, DealContext, Declared, FirstGoAround, WinSituation};
use crate::table::log::Event;
use crate::table::twelve_tiles;
use crate::table::types::{WinInfo, Winner, SEATS};
use crate::tile::{Counts, Tile};

impl Deal {
    /// Records wins; the deal then ends (enough winners, or one seat left) or plays on from the first
    /// active seat after `resume_after` (the winner, or the farthest of several from the discarder).
    pub(super) fn settle_wins<A: Adjudicator + ?Sized>(
        &mut self,
        winners: Vec<Winner>,
        resume_after: u8,
        adjudicator: &A,
    ) -> Result<()> {
        for w in &winners {
            self.events
                .push(match self.seats[w.seat as usize].won_on_flower {
                    Some(flower) => Event::FlowerGhostWin {
                        seat: w.seat,
                        flower,
                        fan: w.info.fan,
                    },
                    None => Event::Win {
                        seat: w.seat,
                        tile: w.tile,
                        from: w.from,
                        robbing_kong: w.robbing_kong,
                        fan: w.info.fan,
                    },
                });
            if !w.horses.is_empty() {
                self.events.push(Event::Horses {
                    seat: w.seat,
                    horses: w.horses.clone(),
                });
            }
            self.won |= 1 << w.seat;
        }
        if self.rules.winners_stay {
            self.keep_winners_in(&winners);
        }
        let robbed = winners
            .first()
            .filter(|w| w.robbing_kong)
            .and_then(|w| w.from.map(|from| (from, w.tile)));
        if self.wins.is_empty() {
            self.first_winners = winners.len() as u8;
            self.wins = winners;
        } else {
            self.wins.extend(winners);
        }
        let active = SEATS - self.left().count_ones() as u8;
        let enough = self.wins.len() >= usize::from(self.rules.winners_to_end) || active <= 1;
        if enough && !self.rules.winners_stay {
            if let Some((konger, _)) = robbed {
                self.extra_tile |= 1 << konger;
            }
            self.finish(adjudicator)?;
            return Ok(());
        }
        if let Some((konger, tile)) = robbed {
            // Playing on: the robbed tile left the konger's hand for the winners; it lies with its discards.
            let state = &mut self.seats[konger as usize];
            state.lose(tile, 1);
            state.discard(tile);
        }
        self.draw_for(self.next_active(resume_after), adjudicator)
    }

    /// Whether `tile` could complete the waiting hand of `seat` in the adjudicator's winning forms (always,
    /// when it names none, or when ghosts are involved): the screen before the adjudicator is asked.
    pub(super) fn may_complete<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        adjudicator: &A,
    ) -> bool {
        let ghosts = self.ghosts;
        adjudicator.winning_forms().is_none_or(|forms| {
            let state = &mut self.seats[seat as usize];
            // The screen is blind to ghosts: a hand holding one, or a ghost on offer, is always asked.
            (state.held | tile_bit(tile)) & ghosts != 0
                || state.flower_ghosts != 0
                || state.may_complete(tile, forms)
        })
    }

    /// Asks the adjudicator whether `seat` wins with the chance's tile (already in hand when self-drawn).
    pub(super) fn judge<A: Adjudicator + ?Sized>(
        &self,
        seat: u8,
        chance: WinChance,
        adjudicator: &A,
    ) -> Result<Option<WinInfo>> {
        self.ask(seat, chance, |hand, melds, situation, context| {
            adjudicator.judge_in(hand, melds, situation, context)
        })
    }

    /// The win `seat` declared, as the adjudicator settles it (horses drawn).
    pub(super) fn declare<A: Adjudicator + ?Sized>(
        &self,
        seat: u8,
        chance: WinChance,
        adjudicator: &A,
    ) -> Result<Option<Declared>> {
        self.ask(seat, chance, |hand, melds, situation, context| {
            adjudicator.declare(hand, melds, situation, context)
        })
    }

    /// One question to the adjudicator about `seat`'s chance, with the hand, melds, situation and context
    /// every question takes; no question where the table's rules forbid the win.
    pub(super) fn ask<T>(
        &self,
        seat: u8,
        chance: WinChance,
        question: impl FnOnce(&Counts, &[Meld], &WinSituation, &DealContext<'_>) -> Result<Option<T>>,
    ) -> Result<Option<T>> {
        let Some((concealed, situation)) = self.win_situation(seat, chance) else {
            return Ok(None);
        };
        let state = &self.seats[seat as usize];
        let context = DealContext {
            ghosts: self.ghosts,
            indicator: self.indicator,
            undrawn: self.wall.undrawn(),
            dealer_streak: self.dealer_streak,
            locked: self.locked,
            flower_ghosts: state.flower_ghosts,
            drawn_flower: chance.drawn.and_then(|d| d.flower),
        };
        question(&concealed, &state.melds, &situation, &context)
    }

    /// The hand (the chance's tile included) and the situation of a possible win by `seat`; `None` when the
    /// table's rules forbid the win whatever the hand (定缺: the void suit still held).
    pub(super) fn win_situation(
        &self,
        seat: u8,
        chance: WinChance,
    ) -> Option<(Counts, WinSituation)> {
        let WinChance {
            tile,
            from,
            drawn,
            robbing_kong,
            winners_on_discard,
        } = chance;
        let state = &self.seats[seat as usize];
        let mut concealed = state.concealed;
        if from.is_some() {
            concealed[tile.index() as usize] += 1;
        }
        if self.rules.void_suit && void_held(&concealed, state.void) {
            // 定缺: a hand holding its void suit (or before naming one) cannot win.
            return None;
        }
        let situation = WinSituation {
            winner: seat,
            tile,
            from,
            robbing_kong,
            kong_replacement: drawn.is_some_and(|d| d.replacement),
            kong_feeder: drawn.and_then(|d| d.kong_feeder),
            last_tile: self.wall.is_empty(),
            kong_discard: from.is_some() && !robbing_kong && self.kong_discard,
            flower_replacement: drawn.is_some_and(|d| d.after_flower),
            flowers: state.flowers,
            first_go_around: self.first_go_around(seat, from, robbing_kong),
            winners_on_discard,
            dealer: self.dealer,
            round_wind: self.round_wind,
            feeder_already_liable: self.feeder_already_liable(seat),
            shown: self.shown_copies(tile, from.is_some() && !robbing_kong),
        };
        Some((concealed, situation))
    }

    /// Copies of `tile` in the open: every seat's discards on the table and exposed melds (a concealed kong
    /// lies face down), less the discard being won on (`on_discard`: it is the discarder's last).
    pub(super) fn shown_copies(&self, tile: Tile, on_discard: bool) -> u8 {
        let mut shown = 0;
        for state in &self.seats {
            shown += state.discards.iter().filter(|&&t| t == tile).count() as u8;
            for meld in state
                .melds
                .iter()
                .filter(|m| m.kind != MeldKind::ConcealedKong)
            {
                shown += match meld.kind {
                    MeldKind::Chi => {
                        u8::from((0..3).contains(&(tile.index().wrapping_sub(meld.tile.index()))))
                    }
                    kind if meld.tile == tile => kind.tile_count(),
                    _ => 0,
                };
            }
        }
        shown - u8::from(on_discard)
    }

    /// Records `seat`'s 十二张落地 (its trigger meld's feeder) the first time its melds reach it under the
    /// table's count (OC-14; `table::twelve_tiles`, the count the scorer reads): what 包先不包后 orders.
    pub(super) fn note_twelve_tiles(&mut self, seat: u8) {
        if self
            .twelve_tiles_down
            .iter()
            .any(|&(victim, _)| victim == seat)
        {
            return;
        }
        let melds = &self.seats[seat as usize].melds;
        let trigger = twelve_tiles::trigger(melds, self.rules.twelve_tiles, self.rules.hand);
        if let Some(from) = trigger.and_then(|i| melds[i].from_offset) {
            self.twelve_tiles_down.push((seat, seat_after(seat, from)));
        }
    }

    /// 包先不包后: whether whoever fed `seat` its fourth claimed meld had fed another seat's fourth one first.
    pub(super) fn feeder_already_liable(&self, seat: u8) -> bool {
        let down = &self.twelve_tiles_down;
        down.iter()
            .position(|&(victim, _)| victim == seat)
            .is_some_and(|at| down[..at].iter().any(|&(_, fed)| fed == down[at].1))
    }

    /// Whether a win by `seat` now is 天和, 地和 or 人和: nobody has claimed or declared a kong yet, and the
    /// seats before the winner in the first go-around have each discarded once.
    pub(super) fn first_go_around(
        &self,
        seat: u8,
        from: Option<u8>,
        robbing_kong: bool,
    ) -> Option<FirstGoAround> {
        // Sichuan OC-S7 "allowed": before the first discard only the dealer's own 暗杠 can have interrupted.
        let kong_kept = self.rules.heavenly_after_kong && self.discards_made == 0;
        if (self.interrupted && !kong_kept) || robbing_kong {
            return None;
        }
        let seat_wind = u32::from((seat + SEATS - self.dealer) % SEATS);
        match from {
            None if seat == self.dealer && self.discards_made == 0 => Some(FirstGoAround::Heavenly),
            None if seat != self.dealer && self.discards_made == seat_wind => {
                Some(FirstGoAround::Earthly)
            }
            Some(_) if seat != self.dealer && self.discards_made == 1 => Some(FirstGoAround::Human),
            _ => None,
        }
    }
}

//! The end of a deal: the payments of events other than wins, the outcome, and the settlement of the whole deal
//! through the family.

use super::{Deal, Outcome, Phase, SeatState};
use crate::error::{EngineError, Result};
use crate::table::adjudicator::{Adjudicator, PayingEvent};
use crate::table::deal_money::{FinalHand, FinishedDeal};
use crate::table::log::Event;
use crate::table::types::{Winner, SEATS};

impl Deal {
    /// What an event other than a win pays, by the family's settlement (kong or flower money, end checks).
    pub(super) fn settle<A: Adjudicator + ?Sized>(
        &mut self,
        event: PayingEvent,
        adjudicator: &A,
    ) -> Result<()> {
        self.settle_paid(event, adjudicator).map(|_| ())
    }

    /// As [`Deal::settle`], returning what was paid.
    pub(super) fn settle_paid<A: Adjudicator + ?Sized>(
        &mut self,
        event: PayingEvent,
        adjudicator: &A,
    ) -> Result<[i64; SEATS as usize]> {
        let paid = adjudicator.settle(&event, self.dealer)?.unwrap_or_default();
        for (total, amount) in self.event_payments.iter_mut().zip(paid) {
            *total += amount;
        }
        Ok(paid)
    }

    /// Ends the deal with the wins so far (none: an exhaustive draw). Once per deal: out of line.
    #[inline(never)]
    pub(super) fn finish<A: Adjudicator + ?Sized>(&mut self, adjudicator: &A) -> Result<()> {
        let won = self.won;
        if won == 0 && !self.rules.kong_money_on_draw {
            // 荒庄荒杠 (OC-30): the kong money paid during the deal is returned.
            for (total, kong) in self.event_payments.iter_mut().zip(&mut self.kong_money) {
                *total -= *kong;
                *kong = 0;
            }
        }
        self.settle(PayingEvent::End { winners: won }, adjudicator)?;
        let mut winners = std::mem::take(&mut self.wins);
        self.settle_whole_deal(&mut winners, adjudicator)?;
        self.events.push(Event::End {
            exhaustive: winners.is_empty(),
            winners: winners.iter().map(|w| w.seat).collect(),
            wall_left: self.wall.remaining(),
        });
        self.outcome = Some(Outcome {
            winners,
            event_payments: self.event_payments,
            kong_money: self.kong_money,
            side_money: self.side_money,
            first_winners: self.first_winners,
        });
        self.legal.clear();
        self.phase = Phase::Over;
        Ok(())
    }

    /// A family that settles the whole deal at once replaces its wins' payments and the other money.
    pub(super) fn settle_whole_deal<A: Adjudicator + ?Sized>(
        &mut self,
        winners: &mut [Winner],
        adjudicator: &A,
    ) -> Result<()> {
        fn hand(state: &SeatState) -> FinalHand<'_> {
            FinalHand {
                concealed: &state.concealed,
                melds: &state.melds,
                discards: &state.discards,
                void: state.void,
            }
        }
        let finished = FinishedDeal {
            events: &self.events,
            winners,
            hands: std::array::from_fn(|seat| hand(&self.seats[seat])),
            dealer: self.dealer,
            wall_exhausted: self.wall.is_empty()
                && winners.len() < usize::from(self.rules.winners_to_end),
        };
        let Some(money) = adjudicator.settle_deal(&finished)? else {
            return Ok(());
        };
        if money.wins.len() != winners.len() {
            return Err(EngineError::argument(format!(
                "the deal's settlement paid {} wins, the deal had {}",
                money.wins.len(),
                winners.len()
            )));
        }
        for (winner, paid) in winners.iter_mut().zip(money.wins) {
            winner.info.payments = paid;
        }
        self.event_payments = money.events;
        self.kong_money = money.kong;
        self.side_money = money.side;
        Ok(())
    }
}

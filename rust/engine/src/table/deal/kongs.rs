//! Kongs: completing a melded or added kong nobody robbed, and the kong money it pays through the family.

use super::{seat_after, Deal, Offer};
use crate::error::{EngineError, Result};
use crate::hand::MeldKind;
use crate::kind_mask::tile_bit;
use crate::table::action::Action;
use crate::table::adjudicator::{Adjudicator, PayingEvent};
use crate::table::log::Event;
use crate::tile::Tile;

impl Deal {
    /// Completes a kong nobody robbed. Out of line: most offers are discards.
    #[cold]
    #[inline(never)]
    pub(super) fn complete_kong<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        offer: Offer,
        adjudicator: &A,
    ) -> Result<()> {
        match offer {
            Offer::MeldedKong => {
                self.seats[seat as usize].lose(tile, 1);
                self.meld_claimed(seat, Action::Kong, tile, self.kong_feeder, adjudicator)
            }
            _ => self.complete_added_kong(seat, tile, adjudicator),
        }
    }

    pub(super) fn complete_added_kong<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        adjudicator: &A,
    ) -> Result<()> {
        let state = &mut self.seats[seat as usize];
        state.lose(tile, 1);
        let pon = state
            .melds
            .iter_mut()
            .find(|m| m.kind == MeldKind::Pon && m.tile == tile)
            .ok_or_else(|| {
                EngineError::illegal(format!("added kong of {} without its pon", tile.mpsz()))
            })?;
        pon.kind = MeldKind::AddedKong;
        let meld = *pon;
        state.shown[tile.index() as usize] += 1;
        let feeder = meld.from_offset.map(|offset| seat_after(seat, offset));
        let returned = state.pons_with_fourth & tile_bit(tile) != 0;
        self.events.push(Event::Meld {
            seat,
            meld,
            from: feeder,
            returned,
        });
        // Counting exposed tiles (OC-14), the fourth tile may put the twelfth down.
        self.note_twelve_tiles(seat);
        self.settle_kong(seat, MeldKind::AddedKong, feeder, adjudicator)?;
        // The pon's feeder is not liable for a bloom (§4.4); the feeder of a chain it continues is (OC-48).
        let chain = self.chain_feeder.take();
        self.draw_replacement_for(seat, chain, adjudicator)
    }

    pub(super) fn settle_kong<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        kind: MeldKind,
        feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        let paid = self.settle_paid(PayingEvent::Kong { seat, kind, feeder }, adjudicator)?;
        for (total, amount) in self.kong_money.iter_mut().zip(paid) {
            *total += amount;
        }
        Ok(())
    }
}

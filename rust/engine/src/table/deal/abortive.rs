//! Abortive draws (Taiwan B.7, OC-T15, played where `TableRules::abortive_draws` says so): 四風連打, the four
//! first discards of an uninterrupted first go-around all one wind, ends the deal as that fourth wind is
//! discarded, before anyone may claim it (OC-T-X6); 四槓, a kong that brings the table to four kongs not all
//! one seat's, ends it as the kong stands (an added kong once nobody robbed it), before its replacement
//! (OC-T-X7). The deal ends as a draw (流局) with no winner: logged as an `abortive` event naming the reason
//! before the `end`, then settled and counted as any draw (the dealer stays where a draw keeps it).

use super::Deal;
use crate::error::Result;
use crate::table::adjudicator::Adjudicator;
use crate::table::log::Event;
use crate::table::types::AbortiveDraw;
use crate::tile::Tile;

/// The wind kinds, 1z..4z.
fn is_wind(tile: Tile) -> bool {
    (27..31).contains(&tile.index())
}

impl Deal {
    /// 四風連打, asked after the deal's fourth discard: the four seats' first discards, in an uninterrupted
    /// first go-around, are one wind.
    pub(super) fn four_winds(&self) -> bool {
        self.first_discards_alike().is_some_and(is_wind)
    }

    /// 四槓, asked as a kong stands: four kongs (or more) on the table, made by more than one seat.
    pub(super) fn four_kongs_by_several(&self) -> bool {
        let kongs = self
            .seats
            .iter()
            .map(|s| s.melds.iter().filter(|m| m.kind.is_kong()).count());
        let (total, seats) = kongs.fold((0, 0), |(total, seats), n| {
            (total + n, seats + usize::from(n > 0))
        });
        total >= 4 && seats > 1
    }

    /// Ends the deal in the abortive draw `why`. Out of line: once per deal at most.
    #[cold]
    #[inline(never)]
    pub(super) fn end_abortive<A: Adjudicator + ?Sized>(
        &mut self,
        why: AbortiveDraw,
        adjudicator: &A,
    ) -> Result<()> {
        self.abortive = Some(why);
        self.events.push(Event::Abortive { reason: why });
        self.finish(adjudicator)
    }
}

//! What one seat can see: its own concealed hand and last draw, everybody's melds and discards, the wall count,
//! the dealer and the winds, and the tile currently on offer. Other seats' concealed tiles and the wall order
//! are hidden. A borrowed view: building one costs nothing.

use super::deal::{Deal, Phase, SEATS};
use crate::error::{EngineError, Result};
use crate::hand::Meld;
use crate::tile::{Counts, Tile};

#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    deal: &'a Deal,
    seat: u8,
}

/// A tile the seats may claim: a discard, or a tile being added to a pon (robbable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OfferedTile {
    pub tile: Tile,
    pub from: u8,
    /// A kong's tile (an added kong, or a melded kong where 明杠可抢): only a win can claim it.
    pub added_kong: bool,
}

impl<'a> Observation<'a> {
    pub(crate) fn new(deal: &'a Deal, seat: u8) -> Result<Observation<'a>> {
        if seat >= SEATS {
            return Err(EngineError::argument(format!("seat {seat} is not 0..3")));
        }
        Ok(Observation { deal, seat })
    }

    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's own concealed tiles.
    pub fn hand(&self) -> &'a Counts {
        &self.deal.seats[self.seat as usize].concealed
    }

    /// The tile this seat has just drawn, while it is this seat's turn after a draw.
    pub fn drawn(&self) -> Option<Tile> {
        match &self.deal.phase {
            Phase::Turn { seat, drawn } if *seat == self.seat => drawn.map(|d| d.tile),
            _ => None,
        }
    }

    /// The melds of any seat (public).
    pub fn melds(&self, seat: u8) -> &'a [Meld] {
        self.deal.seats.get(seat as usize).map_or(&[], |s| &s.melds)
    }

    /// The discards of any seat still on the table, oldest first (public).
    pub fn discards(&self, seat: u8) -> &'a [Tile] {
        self.deal
            .seats
            .get(seat as usize)
            .map_or(&[], |s| &s.discards)
    }

    pub fn wall_remaining(&self) -> usize {
        self.deal.wall.remaining()
    }

    pub fn dealer(&self) -> u8 {
        self.deal.dealer()
    }

    /// Round wind 0..3 = East..North.
    pub fn round_wind(&self) -> u8 {
        self.deal.round_wind()
    }

    /// The seat wind of `seat`, 0..3 = East..North: the dealer is East (OC-1).
    pub fn seat_wind(&self, seat: u8) -> u8 {
        (seat % SEATS + SEATS - self.deal.dealer()) % SEATS
    }

    /// The seat whose decision it is.
    pub fn to_act(&self) -> Option<u8> {
        self.deal.to_act()
    }

    /// The tile on offer while seats answer a discard or an added kong.
    pub fn offered(&self) -> Option<OfferedTile> {
        match &self.deal.phase {
            Phase::Claims(window) => Some(OfferedTile {
                tile: window.tile,
                from: window.from,
                added_kong: window.offer.robs(),
            }),
            _ => None,
        }
    }
}

//! Flower ghosts (四花鬼 / 八花鬼, 推倒胡 RULES.md §4.3): where `TableRules::ghosts` is
//! [`GhostRule::Flowers`](crate::table::ghosts::GhostRule), a flower dealt or drawn is not set aside and
//! replaced: it stays in the hand as a ghost. The seat holds it beside its concealed counts (a flower is no
//! kind; `SeatState::flower_ghosts`, bit f = flower f), so every win check adds the held flowers as wilds
//! ([`DealContext::flower_ghosts`](crate::table::adjudicator::DealContext)). A drawn flower may be the winning
//! tile (self-drawn; 四鬼胡 with four). A seat may discard a flower ghost (`Action::DiscardFlower`); nobody
//! claims it — a ghost is never ponged, konged or won on — so the next seat draws.

use super::{Deal, Drawn, Phase, WinChance, Winner, SEATS};
use crate::error::Result;
use crate::table::action::Action;
use crate::table::adjudicator::Adjudicator;
use crate::table::log::Event;
use crate::table::table_rules::{KONG_BLOOM, SELF_DRAW};
use crate::tile::Tile;

/// The `tile` of a flower ghost's [`Drawn`] and of a win on one: a stand-in no question reads (the flower
/// is named by `Drawn::flower`, the seat's `won_on_flower`).
pub(super) const FLOWER_STAND_IN: Tile = match Tile::new(0) {
    Some(tile) => tile,
    None => panic!("kind 0 exists"),
};

impl Deal {
    /// A flower dealt to `seat`: held as a ghost.
    pub(super) fn hold_flower_ghost(&mut self, seat: u8, flower: u8) {
        self.seats[usize::from(seat)].flower_ghosts |= 1 << flower;
    }

    /// A flower ghost drawn by `seat` (from the tail after a kong when `replacement`): held, and the seat's
    /// turn starts with it as the drawn tile.
    #[cold]
    #[inline(never)]
    pub(super) fn receive_flower_ghost<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        flower: u8,
        replacement: bool,
        kong_feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        let state = &mut self.seats[usize::from(seat)];
        state.flower_ghosts |= 1 << flower;
        state.moved();
        self.events.push(Event::FlowerGhostDrawn {
            seat,
            flower,
            replacement,
        });
        let drawn = Drawn {
            tile: FLOWER_STAND_IN,
            replacement,
            kong_feeder,
            after_flower: false,
            flower: Some(flower),
        };
        let source = if replacement { KONG_BLOOM } else { SELF_DRAW };
        let chance = WinChance::self_drawn(drawn.tile, Some(drawn));
        let can_win =
            self.rules.wins_by(source) && self.judge(seat, chance, adjudicator)?.is_some();
        self.enter_turn(seat, Some(drawn), can_win);
        Ok(())
    }

    /// Appends a discard of each flower ghost `seat` holds (after every other action of the turn: the
    /// order of [`Action`]).
    pub(super) fn list_flower_discards(&mut self, seat: u8) {
        let mut held = self.seats[usize::from(seat)].flower_ghosts;
        while held != 0 {
            let flower = held.trailing_zeros() as u8;
            self.legal.push(Action::DiscardFlower(flower));
            held &= held - 1;
        }
    }

    /// `seat` discards its flower ghost `flower`: it lies with the seat's discarded flowers, nobody may
    /// claim it, and the next seat draws.
    pub(super) fn discard_flower_ghost<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        flower: u8,
        adjudicator: &A,
    ) -> Result<()> {
        let state = &mut self.seats[usize::from(seat)];
        state.flower_ghosts &= !(1 << flower);
        state.discarded_flowers |= 1 << flower;
        self.discards_made += 1;
        self.kong_discard = false;
        // 跟庄 needs the dealer's first discard followed: a flower (each exists once) never is, and the
        // check sees no first discard for this seat.
        if self.rules.follow_dealer && self.discards_made == u32::from(SEATS) {
            self.follow_dealer(adjudicator)?;
        }
        self.draw_for(self.next_active(seat), adjudicator)
    }

    /// The winning tile of `winner` as a wall code: its kind, or 34 + f for a win on flower ghost f.
    pub fn winning_code(&self, winner: &Winner) -> u8 {
        match self.seats[usize::from(winner.seat)].won_on_flower {
            Some(flower) if winner.from.is_none() => crate::table::wall::FIRST_FLOWER + flower,
            _ => winner.tile.index(),
        }
    }

    /// The flower ghosts `seat` holds (bit f = flower f; none outside 四花鬼 / 八花鬼).
    pub fn flower_ghosts(&self, seat: u8) -> u8 {
        self.seats[usize::from(seat % SEATS)].flower_ghosts
    }

    /// The flower ghosts `seat` has discarded (bit f = flower f).
    pub fn discarded_flowers(&self, seat: u8) -> u8 {
        self.seats[usize::from(seat % SEATS)].discarded_flowers
    }

    /// The flower ghost `seat` has just drawn, while it is that seat's turn after the draw.
    pub fn drawn_flower(&self, seat: u8) -> Option<u8> {
        match self.phase {
            Phase::Turn {
                seat: s,
                drawn: Some(drawn),
            } if s == seat => drawn.flower,
            _ => None,
        }
    }
}

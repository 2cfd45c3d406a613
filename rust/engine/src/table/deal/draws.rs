//! Draws: an ordinary draw from the head, a replacement from the tail after a kong or a flower, the flowers set
//! aside (and a flower win), and the drawn tile received into the hand.

use super::{wall_exhausted, Deal, Drawn, WinChance};
use crate::error::Result;
use crate::table::adjudicator::{Adjudicator, FlowerWin, PayingEvent};
use crate::table::log::{self, Event};
use crate::table::table_rules::{KONG_BLOOM, SELF_DRAW};
use crate::table::types::{AbortiveDraw, Winner, SEATS};
use crate::table::wall::WallTile;
use crate::tile::Tile;

impl Deal {
    pub(super) fn set_flower_aside<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        flower: u8,
        adjudicator: &A,
    ) -> Result<()> {
        self.seats[seat as usize].flowers |= 1 << flower;
        self.events.push(Event::Flower { seat, flower });
        self.settle(PayingEvent::Flower { seat, flower }, adjudicator)?;
        if self.flower_win.is_none() {
            let flowers = std::array::from_fn(|s| self.seats[s].flowers);
            self.flower_win = adjudicator.flower_win(&flowers, self.dealer, self.dealer_streak)?;
        }
        Ok(())
    }

    /// A flower win ends the deal once the flower's replacement `tile` reached `drawer` (recorded as the win's
    /// tile: none completes a flower win).
    #[cold]
    #[inline(never)]
    pub(super) fn take_flower_win<A: Adjudicator + ?Sized>(
        &mut self,
        win: FlowerWin,
        drawer: u8,
        tile: Tile,
        adjudicator: &A,
    ) -> Result<()> {
        self.extra_tile |= 1 << drawer;
        let winner = Winner {
            seat: win.winner,
            tile,
            from: win.payer,
            robbing_kong: false,
            info: win.info,
            horse_hits: 0,
            horses: Vec::new(),
            horse_money: [0; SEATS as usize],
        };
        self.won |= 1 << win.winner;
        self.events.push(Event::Win {
            seat: winner.seat,
            tile,
            from: winner.from,
            robbing_kong: false,
            fan: winner.info.fan,
        });
        self.wins.push(winner);
        self.finish(adjudicator)
    }

    /// An ordinary draw from the head for `seat`, or the end of the deal when the wall is empty (§1.9).
    pub(super) fn draw_for<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        adjudicator: &A,
    ) -> Result<()> {
        match self.wall.draw() {
            Some(WallTile::Tile(tile)) => {
                let drawn = Drawn {
                    tile,
                    replacement: false,
                    kong_feeder: None,
                    after_flower: false,
                    flower: None,
                };
                self.receive(seat, drawn, false, adjudicator)
            }
            Some(WallTile::Flower(flower)) => self.flower_drawn(seat, flower, adjudicator),
            None => self.finish(adjudicator),
        }
    }

    /// A flower drawn from the head: set aside and replaced from the tail. Out of line: most tables have none.
    #[cold]
    #[inline(never)]
    pub(super) fn flower_drawn<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        flower: u8,
        adjudicator: &A,
    ) -> Result<()> {
        if self.rules.ghosts.holds_flowers() {
            return self.receive_flower_ghost(seat, flower, false, None, adjudicator);
        }
        self.set_flower_aside(seat, flower, adjudicator)?;
        self.draw_from_tail(seat, false, None, adjudicator)
    }

    /// Whether a kong may be declared now: while the wall holds a tile (OC-17), or always where the table
    /// allows a kong on an empty wall (Sichuan OC-S21).
    #[inline]
    pub(super) fn may_kong(&self) -> bool {
        self.rules.kong_on_empty_wall || !self.wall.is_empty()
    }

    /// A kong replacement from the tail, once the kong stands (unless it makes 四槓, an abortive draw where
    /// played); a kong on an empty wall (where allowed) draws none, and the deal ends there. `kong_feeder`:
    /// who discarded the tile of a melded kong, or of the melded kong that began the chain of kongs this one
    /// continues (OC-48).
    pub(super) fn draw_replacement_for<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        kong_feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        if self.rules.abortive_draws && self.four_kongs_by_several() {
            return self.end_abortive(AbortiveDraw::FourKongs, adjudicator);
        }
        if !self.may_kong() {
            return Err(wall_exhausted());
        }
        self.draw_from_tail(seat, true, kong_feeder, adjudicator)
    }

    /// A replacement from the tail (after a kong when `kong`, else after a flower), flowers set aside and
    /// replaced in turn; the deal ends when the wall runs out first.
    pub(super) fn draw_from_tail<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        kong: bool,
        kong_feeder: Option<u8>,
        adjudicator: &A,
    ) -> Result<()> {
        let mut after_flower = !kong;
        loop {
            match self.wall.draw_replacement() {
                Some(WallTile::Tile(tile)) => {
                    let drawn = Drawn {
                        tile,
                        replacement: kong,
                        kong_feeder,
                        after_flower,
                        flower: None,
                    };
                    return self.receive(seat, drawn, true, adjudicator);
                }
                Some(WallTile::Flower(flower)) if self.rules.ghosts.holds_flowers() => {
                    return self.receive_flower_ghost(seat, flower, kong, kong_feeder, adjudicator);
                }
                Some(WallTile::Flower(flower)) => {
                    after_flower = true;
                    self.set_flower_aside(seat, flower, adjudicator)?
                }
                None => {
                    self.finish(adjudicator)?;
                    return Ok(());
                }
            }
        }
    }

    /// `from_tail`: a kong or flower replacement (as the log records it).
    pub(super) fn receive<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        drawn: Drawn,
        from_tail: bool,
        adjudicator: &A,
    ) -> Result<()> {
        let source = if drawn.replacement {
            KONG_BLOOM
        } else {
            SELF_DRAW
        };
        let may_win =
            self.rules.wins_by(source) && self.may_complete(seat, drawn.tile, adjudicator);
        let state = &mut self.seats[seat as usize];
        state.gain(drawn.tile);
        state.moved();
        let tile = drawn.tile;
        log::append(&mut self.events, || Event::Draw {
            seat,
            tile,
            replacement: from_tail,
        });
        if let Some(win) = self.flower_win.take() {
            return self.take_flower_win(win, seat, drawn.tile, adjudicator);
        }
        let chance = WinChance::self_drawn(drawn.tile, Some(drawn));
        let can_win = may_win && self.judge(seat, chance, adjudicator)?.is_some();
        self.enter_turn(seat, Some(drawn), can_win);
        Ok(())
    }
}

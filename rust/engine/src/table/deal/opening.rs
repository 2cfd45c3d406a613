//! Opening a deal: the wall and the deal of the hands, the flowers set aside, the ghosts turned, the voids named
//! (定缺) where the table plays them, and the dealer's first turn.

use super::{
    seat_after, swap, wall_exhausted, Deal, Drawn, Phase, SeatState, WinChance, EXPECTED_EVENTS,
};
use crate::error::{EngineError, Result};
use crate::table::action::Action;
use crate::table::adjudicator::Adjudicator;
use crate::table::deal_money::SideMoney;
use crate::table::log::Event;
use crate::table::table_rules::SELF_DRAW;
use crate::table::types::SEATS;
use crate::table::wall::{Wall, WallTile};

impl Deal {
    /// Deal `index` of the run seeded with `seed`, its wall shuffled from both. `dealer` and `round_wind`
    /// (0..3 = East..North) come from the game.
    pub fn new<A: Adjudicator + ?Sized>(
        seed: u64,
        index: u64,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<Deal> {
        let wall = Wall::for_deal(seed, index, &adjudicator.table_rules());
        Deal::with_wall(seed, index, wall, dealer, round_wind, adjudicator)
    }

    /// Deals from a given wall (of the adjudicator's tile set): the hand size to each seat from the dealer on,
    /// dealt flowers replaced from the tail, then the dealer's extra tile as a draw. `seed` and `index` label
    /// the deal and key the bots' random streams.
    pub fn with_wall<A: Adjudicator + ?Sized>(
        seed: u64,
        index: u64,
        wall: Wall,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<Deal> {
        let mut deal = Deal {
            seed,
            index,
            dealer,
            round_wind,
            events: Vec::with_capacity(EXPECTED_EVENTS),
            seats: Default::default(),
            phase: Phase::Over,
            rules: adjudicator.table_rules(),
            wins: Vec::new(),
            won: 0,
            first_winners: 0,
            locked: 0,
            extra_tile: 0,
            kong_feeder: 0,
            chain_feeder: None,
            event_payments: [0; SEATS as usize],
            kong_money: [0; SEATS as usize],
            side_money: SideMoney::default(),
            ghosts: 0,
            indicator: None,
            dealer_streak: 0,
            discards_made: 0,
            interrupted: false,
            kong_discard: false,
            flower_win: None,
            abortive: None,
            twelve_tiles_down: Vec::new(),
            legal: Vec::new(),
            outcome: None,
            swaps: swap::Swaps::default(),
            wall,
        };
        deal.start(seed, index, dealer, round_wind, adjudicator)?;
        Ok(deal)
    }

    /// Makes this deal deal `index` of the run seeded with `seed`, as [`Deal::new`] would, but reusing its
    /// buffers: a simulation replays one deal per worker thread.
    pub fn redeal<A: Adjudicator + ?Sized>(
        &mut self,
        seed: u64,
        index: u64,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<()> {
        self.rules = adjudicator.table_rules();
        self.wall.reshuffle(seed, index, &self.rules);
        self.start(seed, index, dealer, round_wind, adjudicator)
    }

    /// Clears the table around the (full, shuffled) wall and deals from it.
    pub(super) fn start<A: Adjudicator + ?Sized>(
        &mut self,
        seed: u64,
        index: u64,
        dealer: u8,
        round_wind: u8,
        adjudicator: &A,
    ) -> Result<()> {
        if dealer >= SEATS || round_wind >= SEATS {
            return Err(EngineError::argument(format!(
                "dealer {dealer} and round wind {round_wind} must both be 0..3"
            )));
        }
        (self.seed, self.index, self.dealer, self.round_wind) = (seed, index, dealer, round_wind);
        self.rules = adjudicator.table_rules();
        if self.wall.order().len() != self.rules.tile_count() {
            return Err(EngineError::argument(format!(
                "the wall holds {} tiles, the table's tile set {}",
                self.wall.order().len(),
                self.rules.tile_count()
            )));
        }
        self.seats.iter_mut().for_each(SeatState::clear);
        self.wins.clear();
        self.won = 0;
        self.first_winners = 0;
        self.locked = 0;
        self.extra_tile = 0;
        self.event_payments = [0; SEATS as usize];
        self.kong_money = [0; SEATS as usize];
        self.side_money = SideMoney::default();
        self.phase = Phase::Over;
        self.discards_made = 0;
        self.interrupted = false;
        self.kong_discard = false;
        self.flower_win = None;
        self.abortive = None;
        self.twelve_tiles_down.clear();
        self.legal.clear();
        self.outcome = None;
        self.events.clear();
        self.events.push(Event::Start {
            seed,
            deal: index,
            dealer,
            round_wind,
            wall: self.wall.order().to_vec(),
        });
        self.turn_ghosts()?;
        let mut dealt_flowers = [0u8; SEATS as usize];
        for offset in 0..SEATS {
            let seat = seat_after(dealer, offset);
            for _ in 0..self.rules.hand {
                match self.wall.draw().ok_or_else(wall_exhausted)? {
                    WallTile::Tile(tile) => self.seats[seat as usize].gain(tile),
                    WallTile::Flower(flower) if self.rules.ghosts.holds_flowers() => {
                        self.hold_flower_ghost(seat, flower)
                    }
                    WallTile::Flower(flower) => {
                        self.set_flower_aside(seat, flower, adjudicator)?;
                        dealt_flowers[seat as usize] += 1;
                    }
                }
            }
        }
        // Dealt flowers are replaced from the tail, the dealer first, each seat until it holds none.
        for offset in 0..SEATS {
            let seat = seat_after(dealer, offset);
            while dealt_flowers[seat as usize] > 0 {
                match self.wall.draw_replacement().ok_or_else(wall_exhausted)? {
                    WallTile::Tile(tile) => {
                        self.seats[seat as usize].gain(tile);
                        dealt_flowers[seat as usize] -= 1;
                    }
                    WallTile::Flower(flower) => self.set_flower_aside(seat, flower, adjudicator)?,
                }
            }
        }
        self.draw_for(dealer, adjudicator)?;
        if let Phase::Turn {
            drawn: Some(drawn), ..
        } = self.phase
        {
            if self.rules.swap_tiles > 0 {
                self.start_swap(drawn);
            } else if self.rules.void_suit {
                self.start_voids();
            }
        }
        Ok(())
    }

    /// 定缺: before the dealer's first discard every seat names its void suit, the dealer first.
    pub(super) fn start_voids(&mut self) {
        if let Phase::Turn {
            seat,
            drawn: Some(drawn),
        } = self.phase
        {
            self.phase = Phase::Voids { seat, drawn };
            self.list_voids();
        }
    }

    /// The suits of the table's set a seat may name void.
    pub(super) fn list_voids(&mut self) {
        self.legal.clear();
        let kinds = self.rules.kinds;
        self.legal.extend(
            (0..3u8)
                .filter(|&suit| kinds & (0x1ff << (9 * u32::from(suit))) != 0)
                .map(Action::Void),
        );
    }

    /// Records `seat`'s void; once every seat has named one, the dealer's turn begins (its draw judged
    /// again: a hand holding its void suit cannot win).
    pub(super) fn name_void<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        suit: u8,
        drawn: Drawn,
        adjudicator: &A,
    ) -> Result<()> {
        self.seats[seat as usize].void = Some(suit);
        let next = seat_after(seat, 1);
        if next != self.dealer {
            self.phase = Phase::Voids { seat: next, drawn };
            self.list_voids();
            return Ok(());
        }
        self.open_first_turn(drawn, adjudicator)
    }

    /// The dealer's turn after the deal's opening decisions (换三张, 定缺): its first draw judged again, on
    /// the hand it holds now.
    pub(super) fn open_first_turn<A: Adjudicator + ?Sized>(
        &mut self,
        drawn: Drawn,
        adjudicator: &A,
    ) -> Result<()> {
        let dealer = self.dealer;
        let chance = WinChance::self_drawn(drawn.tile, Some(drawn));
        // No `may_complete` screen: it reads the waiting hand, and the drawn tile is in the hand by now (once a
        // deal, the judge alone decides 天胡).
        let can_win =
            self.rules.wins_by(SELF_DRAW) && self.judge(dealer, chance, adjudicator)?.is_some();
        self.enter_turn(dealer, Some(drawn), can_win);
        Ok(())
    }

    /// The deal's ghosts; under 翻鬼 the indicator is turned from the wall's tail before the deal and stays
    /// out of play (RULES.md §4.3).
    pub(super) fn turn_ghosts(&mut self) -> Result<()> {
        self.indicator = None;
        if self.rules.ghosts.flips() {
            match self.wall.draw_replacement().ok_or_else(wall_exhausted)? {
                WallTile::Tile(tile) => self.indicator = Some(tile),
                WallTile::Flower(_) => {
                    return Err(EngineError::ruleset(
                        "翻鬼 turns a playing tile: a set with flowers cannot flip its ghost",
                    ))
                }
            }
        }
        self.ghosts = self.rules.ghosts.kinds(self.indicator);
        Ok(())
    }
}

//! 换三张 (Sichuan OC-S1): after the deal, before 定缺, every seat sets aside three (or four) tiles of one suit
//! holding at least that many, one pick per decision from the dealer on, without seeing the others' picks;
//! once all have picked, every seat's tiles pass at once in the direction the deal draws for the whole table
//! ([`swap_direction`]). The picked tiles stay in the picker's hand until the pass (so every invariant holds
//! between decisions); [`Observation::passing`](crate::table::Observation::passing) shows a seat its own picks.

use super::{seat_after, Deal, Drawn, Phase, SEATS};
use crate::error::{EngineError, Result};
use crate::rng::{Rng, SWAP_STREAM};
use crate::table::action::Action;
use crate::table::adjudicator::Adjudicator;
use crate::table::log::Event;
use crate::tile::{Counts, Tile, NUM_KINDS};

/// The seats' picks so far (counts by kind, each of one suit).
#[derive(Clone, Debug)]
pub(crate) struct Swaps {
    pub passing: [Counts; SEATS as usize],
}

impl Default for Swaps {
    fn default() -> Swaps {
        Swaps {
            passing: [[0; NUM_KINDS]; SEATS as usize],
        }
    }
}

/// Where the deal's tiles go, drawn once for the whole table from the deal's own stream (seed, deal index,
/// [`SWAP_STREAM`]): 1, 2 or 3 seats on in turn order (to the 下家, across, to the 上家), uniformly.
pub fn swap_direction(seed: u64, deal: u64) -> u8 {
    1 + Rng::for_stream(seed, deal, SWAP_STREAM).below(3) as u8
}

impl Deal {
    /// The first pick: the dealer's, holding its first draw meanwhile.
    pub(super) fn start_swap(&mut self, drawn: Drawn) {
        self.swaps.passing = [[0; NUM_KINDS]; SEATS as usize];
        let seat = self.dealer;
        self.phase = Phase::Swap { seat, drawn };
        self.list_swaps(seat);
    }

    /// The kinds `seat` may pick next: before its first pick, any of a suit it holds enough of; then only
    /// its picked suit, as long as copies are left in hand.
    fn list_swaps(&mut self, seat: u8) {
        self.legal.clear();
        let s = usize::from(seat);
        let (hand, passing) = (&self.seats[s].concealed, &self.swaps.passing[s]);
        let picked_suit = passing.iter().position(|&c| c > 0).map(|kind| kind / 9);
        let needed = usize::from(self.rules.swap_tiles);
        for suit in 0..3 {
            let range = 9 * suit..9 * suit + 9;
            let held: usize = hand[range.clone()].iter().map(|&c| usize::from(c)).sum();
            if picked_suit.is_some_and(|picked| picked != suit)
                || (picked_suit.is_none() && held < needed)
            {
                continue;
            }
            let left = range.filter(|&kind| hand[kind] > passing[kind]);
            self.legal.extend(
                left.filter_map(|kind| Tile::new(kind as u8))
                    .map(Action::Swap),
            );
        }
    }

    /// Records `seat`'s pick; after each seat's last one the next seat picks, and after the last seat's the
    /// tiles pass and the deal goes on to 定缺 (or the dealer's turn).
    pub(super) fn pick_swap<A: Adjudicator + ?Sized>(
        &mut self,
        seat: u8,
        tile: Tile,
        drawn: Drawn,
        adjudicator: &A,
    ) -> Result<()> {
        let s = usize::from(seat);
        self.swaps.passing[s][tile.index() as usize] += 1;
        let picked: u8 = self.swaps.passing[s].iter().sum();
        let next = if picked < self.rules.swap_tiles {
            Some(seat)
        } else {
            Some(seat_after(seat, 1)).filter(|&next| next != self.dealer)
        };
        if let Some(next) = next {
            self.phase = Phase::Swap { seat: next, drawn };
            self.list_swaps(next);
            return Ok(());
        }
        let drawn = self.pass_swapped(drawn)?;
        if self.rules.void_suit {
            self.phase = Phase::Voids {
                seat: self.dealer,
                drawn,
            };
            self.list_voids();
            Ok(())
        } else {
            self.open_first_turn(drawn, adjudicator)
        }
    }

    /// Every seat's picks pass at once. The dealer's first draw, if it passed it on, becomes the lowest kind
    /// it received (its 天胡 is judged on the hand it holds then).
    fn pass_swapped(&mut self, mut drawn: Drawn) -> Result<Drawn> {
        let direction = swap_direction(self.seed, self.index);
        let passing = self.swaps.passing;
        for (from, tiles) in (0..SEATS).zip(&passing) {
            let to = usize::from(seat_after(from, direction));
            for (kind, &copies) in tiles.iter().enumerate().filter(|(_, &c)| c > 0) {
                let tile = Tile::new(kind as u8)
                    .ok_or_else(|| EngineError::hand("a picked tile of no kind"))?;
                self.seats[usize::from(from)].lose(tile, copies);
                for _ in 0..copies {
                    self.seats[to].gain(tile);
                }
            }
        }
        self.events.push(Event::Swap { direction });
        let dealer = usize::from(self.dealer);
        if self.seats[dealer].concealed[drawn.tile.index() as usize] == 0 {
            let from = usize::from(seat_after(self.dealer, SEATS - direction));
            let kind = passing[from]
                .iter()
                .position(|&c| c > 0)
                .ok_or_else(|| EngineError::hand("the dealer received no tiles"))?;
            drawn.tile = Tile::new(kind as u8).ok_or_else(|| EngineError::hand("no kind"))?;
        }
        Ok(drawn)
    }
}

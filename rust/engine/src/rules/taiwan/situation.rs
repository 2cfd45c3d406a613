//! How a Taiwan hand won. The combination checks live in `python/mjcore/taiwan/situation.py` (shared by both
//! backends); `validate` keeps the engine from relying on a situation it cannot use.

use crate::error::{EngineError, Result};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TaiwanSituation {
    pub seat: u8,
    pub dealer: u8,
    /// 連N: the dealer's consecutive continuations.
    pub streak: u8,
    pub round_wind: u8,
    pub self_drawn: bool,
    pub robbing_kong: bool,
    /// 槓上開花 (after a kong or a flower).
    pub kong_bloom: bool,
    pub last_tile: bool,
    pub heavenly: bool,
    pub earthly: bool,
    pub human: bool,
    pub discarder: Option<u8>,
    /// The 眼牌 seats, as bits.
    pub eye_seats: u8,
    /// The seat that is East when it is not the dealer (OC-T2 "first_dealer": the game's first dealer, set by
    /// the table); `None`: the dealer is East.
    pub east_seat: Option<u8>,
}

impl TaiwanSituation {
    pub fn validate(&self) -> Result<()> {
        if self.seat > 3
            || self.dealer > 3
            || self.round_wind > 3
            || self.eye_seats > 15
            || self.streak > 100
            || self.east_seat.is_some_and(|east| east > 3)
        {
            return Err(EngineError::argument(
                "Taiwan situation: a seat or count out of range",
            ));
        }
        if !self.self_drawn && self.discarder.is_none() {
            return Err(EngineError::argument(
                "discarder: required for a win on another player's tile",
            ));
        }
        Ok(())
    }

    /// The winner's seat wind (and so its flower seat), counted from East: the dealer (OC-T2), or the seat
    /// `east_seat` names.
    pub fn seat_wind(&self) -> u8 {
        (self.seat + 4 - self.east_seat.unwrap_or(self.dealer)) % 4
    }
}

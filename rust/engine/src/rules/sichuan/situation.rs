//! How a Sichuan hand won. The combination checks live in `python/mjcore/sichuan/situation.py` (shared by
//! both backends); `validate` keeps the engine from relying on a situation it cannot use.

use crate::error::{EngineError, Result};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SichuanSituation {
    pub seat: u8,
    /// The winner's declared void suit 0..2 (定缺).
    pub void: Option<u8>,
    pub self_drawn: bool,
    pub robbing_kong: bool,
    pub kong_bloom: bool,
    /// 杠上炮.
    pub kong_discard: bool,
    pub last_tile: bool,
    pub heavenly: bool,
    pub earthly: bool,
    pub discarder: Option<u8>,
    /// 点杠花: who fed the 直杠 the bloom followed.
    pub kong_fed_by: Option<u8>,
    pub dealer: u8,
    /// Seats not yet won, as bits.
    pub still_in: u8,
    /// What the discarder's kong earned it (呼叫转移 on a 杠上炮).
    pub kong_money: i64,
    pub winners_on_discard: u8,
}

impl SichuanSituation {
    pub fn validate(&self) -> Result<()> {
        let seats_ok = self.seat < 4 && self.dealer < 4 && self.still_in < 16;
        if !seats_ok
            || self.void.is_some_and(|v| v > 2)
            || !(1..=3).contains(&self.winners_on_discard)
        {
            return Err(EngineError::argument(
                "Sichuan situation: a seat, suit or count out of range",
            ));
        }
        if !self.self_drawn && self.discarder.is_none() {
            return Err(EngineError::argument(
                "discarder: required for a win on another player's tile",
            ));
        }
        if self.kong_money < 0 {
            return Err(EngineError::argument("kong_money must be >= 0"));
        }
        Ok(())
    }

    /// Whether the win counts as a self-draw for 自摸 and its payers: 点杠花 does only as 当自摸 (OC-S9).
    pub fn scores_self_draw(&self, fed_bloom_as_discard: bool) -> bool {
        self.self_drawn && !(self.kong_fed_by.is_some() && fed_bloom_as_discard)
    }
}

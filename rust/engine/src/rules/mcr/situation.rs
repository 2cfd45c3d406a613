//! How an MCR hand was won: the flags the situation fans and the winds depend on, checked for consistency.

use crate::error::{EngineError, Result};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrSituation {
    /// Won on an own draw (自摸) rather than a discard.
    pub self_drawn: bool,
    /// The winning tile is the last unseen copy (和绝张; also inferred when the hand's own melds show three).
    pub last_copy: bool,
    /// The winning draw replaced a kong (杠上开花).
    pub kong_replacement: bool,
    /// Won on a tile added to a kong (抢杠和).
    pub robbing_kong: bool,
    /// The winning tile is the wall's last (妙手回春 drawn, 海底捞月 claimed).
    pub wall_last: bool,
    /// 0..3 = East South West North.
    pub seat_wind: u8,
    pub prevalent_wind: u8,
}

impl McrSituation {
    pub fn validate(&self) -> Result<()> {
        if self.seat_wind > 3 || self.prevalent_wind > 3 {
            return Err(EngineError::argument(
                "seat_wind and prevalent_wind must be 0..3 (East South West North)",
            ));
        }
        if self.kong_replacement && !self.self_drawn {
            return Err(EngineError::illegal(
                "kong_replacement (杠上开花) is a self-drawn win: set self_drawn",
            ));
        }
        if self.robbing_kong && self.self_drawn {
            return Err(EngineError::illegal(
                "robbing_kong (抢杠和) wins another player's tile: it cannot be self_drawn",
            ));
        }
        if self.robbing_kong && self.wall_last {
            return Err(EngineError::illegal(
                "robbing_kong with wall_last: no kong can be declared once the wall is empty",
            ));
        }
        Ok(())
    }
}

//! How an MCR hand was won: the flags the situation fans and the winds depend on, checked for consistency.

use crate::error::{EngineError, Result};

/// A win in the first go-around of an uninterrupted game, or from a hand ready since the deal: the situations
/// of the seed's folk fans, scored only when the table lists them. The dealer sits East.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Opening {
    #[default]
    None,
    /// 天和: the dealer wins on the dealt tiles.
    Heavenly,
    /// 地和: a non-dealer wins on the first own draw.
    Earthly,
    /// 人和: a win on a discard of the first go-around.
    Human,
    /// 天听: the hand was ready from the deal and won later, unchanged but for concealed kongs.
    HeavenlyReady,
}

impl Opening {
    /// The code that crosses the boundary: 0 none, 1 天和, 2 地和, 3 人和, 4 天听.
    pub fn from_code(code: u8) -> Option<Opening> {
        [
            Opening::None,
            Opening::Heavenly,
            Opening::Earthly,
            Opening::Human,
            Opening::HeavenlyReady,
        ]
        .get(usize::from(code))
        .copied()
    }

    /// 天和, 地和 or 人和: the first go-around, when no claim or kong has happened yet.
    pub fn is_first_go_around(self) -> bool {
        matches!(self, Opening::Heavenly | Opening::Earthly | Opening::Human)
    }

    pub fn name(self) -> &'static str {
        match self {
            Opening::None => "none",
            Opening::Heavenly => "heavenly",
            Opening::Earthly => "earthly",
            Opening::Human => "human",
            Opening::HeavenlyReady => "heavenly_ready",
        }
    }
}

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
    pub opening: Opening,
}

impl McrSituation {
    pub fn validate(&self) -> Result<()> {
        if self.seat_wind > 3 || self.prevalent_wind > 3 {
            return Err(EngineError::argument(
                "seat_wind and prevalent_wind must be 0..3 (East South West North)",
            ));
        }
        if self.kong_replacement && !self.self_drawn {
            return Err(EngineError::argument(
                "kong_replacement (杠上开花) is a self-drawn win: set self_drawn",
            ));
        }
        if self.robbing_kong && self.self_drawn {
            return Err(EngineError::argument(
                "robbing_kong (抢杠和) wins another player's tile: it cannot be self_drawn",
            ));
        }
        if self.robbing_kong && self.wall_last {
            return Err(EngineError::argument(
                "robbing_kong with wall_last: no kong can be declared once the wall is empty",
            ));
        }
        self.validate_opening()
    }

    /// The same checks as the reference's `Situation._check_opening`.
    fn validate_opening(&self) -> Result<()> {
        let opening = self.opening;
        if opening.is_first_go_around()
            && (self.kong_replacement || self.robbing_kong || self.wall_last)
        {
            return Err(EngineError::argument(
                "a first-go-around win (天和/地和/人和) has no kong yet and a full wall",
            ));
        }
        let dealer = self.seat_wind == 0;
        let message = match opening {
            Opening::Heavenly if !(self.self_drawn && dealer && !self.last_copy) => {
                "heavenly (天和) is the dealer's (East's) self-drawn win on the dealt tiles"
            }
            Opening::Earthly if !self.self_drawn || dealer => {
                "earthly (地和) is a non-dealer's self-drawn win on the first draw"
            }
            Opening::Human if self.self_drawn => {
                "human (人和) is a win on a discard: it cannot be self_drawn"
            }
            _ => return Ok(()),
        };
        Err(EngineError::argument(message))
    }
}

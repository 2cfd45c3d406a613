//! The small types the table's modules share, kept apart from the deal so that the log, the adjudicator and a
//! family's settlement name them without depending on the deal state machine: the seat count, what the rules
//! say of a win, one winner of a finished deal and why a deal ended in an abortive draw.

use super::horses::Horse;
use crate::tile::Tile;

/// The seats at a table.
pub const SEATS: u8 = 4;

/// What the rules say about a legal win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WinInfo {
    pub fan: u32,
    /// The scored pattern as its row in the ruleset's pattern table; `None` when no ruleset scores.
    pub pattern: Option<u8>,
    /// What each seat (absolute numbering) gains or loses, zero-sum; all zero when no ruleset scores.
    pub payments: [i64; 4],
    /// The seat paying all three shares under a liability (包), if any.
    pub liable: Option<u8>,
    /// Every row of the ruleset's pattern table the win scored, bit `r` = row `r` (MCR: each fan of the hand,
    /// flowers included); 0 where the family records only the one `pattern`.
    pub rows: u128,
    /// A count the family keeps per win, which its words name in a simulation's summary (Sichuan: the
    /// hand's 根); 0 where the family counts nothing. One generic field, so the shared table names no family.
    pub count: u8,
    /// The winner's flower money inside `payments` (789: each flower paid by every other seat), zero-sum;
    /// all zero where flowers score as fan (MCR, Taiwan) or the table has none.
    pub flower_money: [i64; 4],
}

impl WinInfo {
    /// A win worth `fan`, with no pattern or payments (checks that do not score).
    pub fn worth(fan: u32) -> WinInfo {
        WinInfo {
            fan,
            ..WinInfo::default()
        }
    }
}

/// One winner of a finished deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winner {
    pub seat: u8,
    pub tile: Tile,
    /// The discarder or robbed konger; `None` when self-drawn.
    pub from: Option<u8>,
    pub robbing_kong: bool,
    pub info: WinInfo,
    /// Horses (买马) that hit this winner.
    pub horse_hits: u8,
    /// The horses its win turned, and the horse money inside `info.payments` (789's mirror bets).
    pub horses: Vec<Horse>,
    pub horse_money: [i64; SEATS as usize],
}

/// Why a deal ended in an abortive draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbortiveDraw {
    /// 四風連打.
    FourWinds,
    /// 四槓 by several seats.
    FourKongs,
}

impl AbortiveDraw {
    /// The log's name.
    pub fn name(self) -> &'static str {
        match self {
            AbortiveDraw::FourWinds => "four_winds",
            AbortiveDraw::FourKongs => "four_kongs",
        }
    }
}

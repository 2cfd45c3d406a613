//! What a self-drawn win is worth to the advisor under a ruleset: the family's table plug-in
//! ([`Adjudicator::judge`]) decides whether the complete hand is a legal win there (its forms, its 起和 or
//! MCR's 8-fan minimum) and what it pays; the value is what the winner receives in that settlement.
//!
//! Without a ruleset every complete hand wins, worth 1 (the pure shape question).

use crate::error::Result;
use crate::hand::Meld;
use crate::table::{Adjudicator, DealContext, WinSituation};
use crate::tile::{Counts, KindMask, Tile};

/// The table situation of the advised seat: who it is, who deals and the round wind (0..3 = East..North).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    pub seat: u8,
    pub dealer: u8,
    pub round_wind: u8,
}

/// A ruleset's judge of the advisor's wins: the family's table plug-in, the seat's situation, the deal's ghost
/// kinds (a drawn ghost is wild) and, under 翻鬼, the indicator they were flipped from (the family's scorer may
/// read it).
pub struct RulesetWins<'a> {
    pub adjudicator: &'a (dyn Adjudicator + Sync),
    pub seating: Seating,
    pub ghosts: KindMask,
    pub indicator: Option<Tile>,
}

impl RulesetWins<'_> {
    /// The settlement the winner receives for self-drawing `tile` into `drawn` (concealed, the tile included)
    /// beside `melds`; `None` when the ruleset does not take it as a win. The situation is a plain self-draw:
    /// no kong replacement, not the wall's last tile, no flowers, and `shown` 0 (the look-ahead does not
    /// track the table, so 和绝张 is never scored). The win is declared as the table declares it (推倒胡 scores
    /// in full there) with an empty undrawn wall: no horses (买马) are turned, so their money is not counted.
    pub fn value(&self, drawn: &Counts, melds: &[Meld], tile: Tile) -> Result<Option<f64>> {
        let Seating {
            seat,
            dealer,
            round_wind,
        } = self.seating;
        let situation = WinSituation::plain(seat, tile, None, dealer, round_wind);
        let context = DealContext {
            ghosts: self.ghosts,
            indicator: self.indicator,
            undrawn: &[],
            dealer_streak: 0,
            locked: 0,
            flower_ghosts: 0,
            drawn_flower: None,
        };
        let declared = self
            .adjudicator
            .declare(drawn, melds, &situation, &context)?;
        Ok(declared.map(|d| d.info.payments[seat as usize] as f64))
    }
}

//! Who pays a Sichuan win and how much (A.7): the one arithmetic both `score` and `settle` use.

use super::ruleset::{SelfDrawBonus, SichuanTable};
use crate::rules::regional::{pay, Money};

/// What each payer pays: 底 × 2^fan, plus 底 for a self-draw under 自摸加底 (OC-S4).
pub fn fan_money(fan: u16, self_draw: bool, table: &SichuanTable) -> i64 {
    let bonus = self_draw && table.self_draw_bonus == SelfDrawBonus::Base;
    table.base * (1i64 << fan) + if bonus { table.base } else { 0 }
}

/// Pays a win: a discard (or robbed kong, or 当点炮 bloom) by `payer` alone; a self-draw by every other seat
/// still in (`active` bits, 血战到底) or every other seat (血流成河).
pub fn pay_win(
    money: &mut Money,
    seat: u8,
    self_draw: bool,
    payer: Option<u8>,
    active: u8,
    amount: i64,
    table: &SichuanTable,
) {
    let seat = seat as usize;
    if !self_draw {
        if let Some(payer) = payer {
            pay(money, seat, payer as usize, amount);
        }
        return;
    }
    let seats = if table.xueliu { 0b1111 } else { active };
    for other in (0..4).filter(|&s| s != seat && seats & (1 << s) != 0) {
        pay(money, seat, other, amount);
    }
}

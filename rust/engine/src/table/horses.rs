//! 买马 at the table, what every family with horses shares: the horses are reserved at the wall's tail (the
//! wall stops when only the reserve is left, a kong's replacement must come from beyond it: RULES.md §4.2)
//! and turned from the tail end, the last code first, when a deal is won. Who a horse belongs to and what it
//! pays is the family's (推倒胡: the winner's hits; 789: a mirror bet of the buyer on the seat it picks).

use crate::error::{EngineError, Result};

/// One horse turned at a win: its wall code, the seat that bought it and the seat it picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Horse {
    pub tile: u8,
    pub buyer: u8,
    pub seat: u8,
}

/// The first `count` horses of the undrawn wall (`undrawn` in wall order): the tail end first, as
/// replacements are drawn. The reserve guarantees them; fewer come only from a wall without one.
pub fn turned(undrawn: &[u8], count: usize) -> impl Iterator<Item = u8> + '_ {
    undrawn.iter().rev().take(count).copied()
}

/// Refuses a table whose reserved tail (`deal.reserved_tail`) cannot hold the `horses` a win turns;
/// `option` names the option that asks for them.
pub fn check_reserve(reserved_tail: u8, horses: usize, option: &str) -> Result<()> {
    if usize::from(reserved_tail) < horses {
        return Err(EngineError::ruleset(format!(
            "deal.reserved_tail: {reserved_tail} tiles cannot hold the {horses} horses drawn after a win ({option})"
        )));
    }
    Ok(())
}

/// The buyer of horse `index` when each seat of `buyers` (bit s = seat s; 789's "有些玩家买马": only some
/// seats buy) buys `per_seat` horses: the first buyer from the dealer on in turn order first (the dealer's own
/// when it buys), then the next buyer, and so on.
pub fn buyer(index: usize, per_seat: u8, dealer: u8, buyers: u8) -> u8 {
    let in_order = (0..4u8)
        .map(|offset| (dealer + offset) % 4)
        .filter(|&seat| buyers & (1 << seat) != 0);
    let count = in_order.clone().count().max(1);
    let place = index / usize::from(per_seat.max(1)) % count;
    in_order.clone().nth(place).unwrap_or(dealer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn horses_come_from_the_tail_end_and_are_bought_in_turn_order() {
        let undrawn = [5, 6, 7, 8, 9];
        assert_eq!(turned(&undrawn, 3).collect::<Vec<_>>(), [9, 8, 7]);
        assert_eq!(turned(&undrawn, 9).count(), 5);
        let buyers: Vec<u8> = (0..8).map(|i| buyer(i, 2, 3, 0b1111)).collect();
        assert_eq!(buyers, [3, 3, 0, 0, 1, 1, 2, 2]);
        // Only seats 0 and 2 buy: from dealer 3 on, seat 0 first, then seat 2.
        let some: Vec<u8> = (0..4).map(|i| buyer(i, 2, 3, 0b0101)).collect();
        assert_eq!(some, [0, 0, 2, 2]);
    }

    #[test]
    fn a_reserve_too_small_is_refused_by_name() {
        assert!(check_reserve(8, 8, "horses_per_seat").is_ok());
        let message = check_reserve(4, 8, "horses_per_seat")
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("deal.reserved_tail") && message.contains("horses_per_seat"),
            "{message}"
        );
    }
}

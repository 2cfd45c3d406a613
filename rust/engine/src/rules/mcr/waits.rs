//! Whether a win was on a unique wait (独听), the condition for 边张, 嵌张 and 单钓将.
//!
//! Like pymahjonggb, the waits are the tiles that complete the concealed part as sets + a pair (or, for 13
//! tiles, as seven pairs) whether or not a copy is left to draw: 1111m alone waits on 1m only. That one
//! case, a fifth copy, is outside the engine's win tables, so it goes through a small direct search; the
//! other waits are the table's exact completing tiles.

use crate::completing_tiles::completing_tiles;
use crate::forms::FormSet;
use crate::kind_mask::{kinds_of, kinds_where};
use crate::tile::{can_start_chow, Counts, COPIES, NUM_KINDS};

const WAIT_FORMS: FormSet = FormSet(FormSet::STANDARD.0 | FormSet::SEVEN_PAIRS.0);

/// `standing` holds the winning tile and is a complete hand (sets and a pair); the wait is that of the hand
/// without the winning tile, which is therefore one of its waits: the wait is unique when no other tile is.
pub fn is_unique_wait(standing: &Counts, win: u8) -> bool {
    let mut waiting = *standing;
    waiting[win as usize] -= 1;
    let others = !(1u64 << win);
    if completing_tiles(&waiting, WAIT_FORMS) & others != 0 {
        return false;
    }
    // The kinds held four times, which only a fifth copy could complete.
    kinds_of(kinds_where(&waiting, |n| n == COPIES) & others).all(|tile| {
        waiting[tile.index() as usize] += 1;
        let completes = completes_with_fifth_copy(&mut waiting, 0, false);
        waiting[tile.index() as usize] -= 1;
        !completes
    })
}

/// Sets and one pair from `counts` (which may hold a fifth copy; seven pairs cannot), from kind `from` on.
fn completes_with_fifth_copy(counts: &mut Counts, from: usize, paired: bool) -> bool {
    let Some(tile) = (from..NUM_KINDS).find(|&t| counts[t] > 0) else {
        return paired;
    };
    let mut found = false;
    if counts[tile] >= 3 {
        counts[tile] -= 3;
        found = completes_with_fifth_copy(counts, tile, paired);
        counts[tile] += 3;
    }
    if !found && !paired && counts[tile] >= 2 {
        counts[tile] -= 2;
        found = completes_with_fifth_copy(counts, tile, true);
        counts[tile] += 2;
    }
    if !found && can_start_chow(tile as u8) && counts[tile + 1] > 0 && counts[tile + 2] > 0 {
        (tile..tile + 3).for_each(|t| counts[t] -= 1);
        found = completes_with_fifth_copy(counts, tile, paired);
        (tile..tile + 3).for_each(|t| counts[t] += 1);
    }
    found
}

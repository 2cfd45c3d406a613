//! 血流成河 (Sichuan A.5, OC-S19 "xueliu", OC-S17 "locked"): a winner stays in the deal. Its winning tile is set
//! aside — a discard won on stays in its discarder's river, a self-drawn one is laid face up with the
//! winner's own discards — and its hand, back to its ready 13 tiles, is locked: each turn it draws and either
//! wins again, makes a kong of the drawn tile that keeps its waits, or discards the drawn tile; on the others'
//! discards it may only win (no pon, no kong) — unless OC-S17 plays the hand free (`TableRules::winners_locked`
//! false: it plays on as before its win). Only the wall's end ends the deal. Played where
//! `TableRules::winners_stay` says so.

use super::{Deal, Drawn, Winner};
use crate::completing_tiles::completing_tiles;
use crate::forms::FormSet;
use crate::hand::MeldKind;
use crate::kind_mask::tile_bit;
use crate::table::action::Action;
use crate::table::table_rules::{ADDED_KONG, CONCEALED_KONG};
use crate::tile::COPIES;

impl Deal {
    /// The new winners stay in, their hands locked (unless OC-S17 plays them free); a self-drawn winning tile
    /// leaves the hand face up.
    pub(super) fn keep_winners_in(&mut self, winners: &[Winner]) {
        for winner in winners {
            if self.rules.winners_locked {
                self.locked |= 1 << winner.seat;
            }
            if winner.from.is_none() {
                self.extra_tile &= !(1 << winner.seat);
                let state = &mut self.seats[usize::from(winner.seat)];
                state.lose(winner.tile, 1);
                state.discard(winner.tile);
            }
        }
    }

    /// Appends the kongs a locked winner may make with its `drawn` tile: an added kong onto its pon (the
    /// concealed tiles, so the waits, are unchanged), or a concealed kong after which the hand waits, as sets
    /// and a pair, on the same tiles as before and on some. The kong's own kind is no wait of either hand:
    /// its last copy is the drawn tile.
    pub(super) fn list_wait_keeping_kongs(&mut self, seat: u8, drawn: Drawn) {
        if !self.may_kong() {
            return;
        }
        let state = &self.seats[usize::from(seat)];
        let kind = drawn.tile.index() as usize;
        if self.rules.allows_kong(CONCEALED_KONG) && state.concealed[kind] == COPIES {
            let others = !tile_bit(drawn.tile);
            let mut waiting = state.concealed;
            waiting[kind] -= 1;
            let waits = completing_tiles(&waiting, FormSet::STANDARD) & others;
            waiting[kind] = 0;
            let after = completing_tiles(&waiting, FormSet::STANDARD) & others;
            if after != 0 && after == waits {
                self.legal.push(Action::ConcealedKong(drawn.tile));
            }
        }
        let on_pon = state
            .melds
            .iter()
            .any(|m| m.kind == MeldKind::Pon && m.tile == drawn.tile);
        if self.rules.allows_kong(ADDED_KONG) && on_pon {
            self.legal.push(Action::AddedKong(drawn.tile));
        }
    }
}

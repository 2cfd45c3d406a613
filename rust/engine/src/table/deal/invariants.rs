//! The deal's invariants, checked after every step in debug builds and by the tests: every tile of the set
//! accounted for exactly, hand sizes that fit the phase, zero-sum payments, kind masks that match the hands.

use super::{Deal, Phase};
use crate::error::{EngineError, Result};
use crate::hand::MeldKind;
use crate::kind_mask::{kinds_held, kinds_where, tile_bit};
use crate::table::wall::FIRST_FLOWER;
use crate::tile::{Tile, COPIES, NUM_KINDS};

impl Deal {
    /// Checks that every tile of the set is accounted for exactly: undrawn wall + hands + melds + discards =
    /// 4 of each kind of the set and none of the others (so no kind appears five times), each flower once in
    /// the wall or set aside by one seat; that hand sizes fit the phase, that each win's payments are
    /// zero-sum, and that each seat's kind masks match its hand. Run after every step in debug builds and by
    /// the tests.
    pub fn check_invariants(&self) -> Result<()> {
        let mut seen = [0u32; NUM_KINDS];
        if let Some(shown) = self.indicator {
            seen[shown.index() as usize] += 1;
        }
        let mut flowers = 0u32;
        for &code in self.wall.undrawn() {
            match Tile::new(code) {
                Some(tile) => seen[tile.index() as usize] += 1,
                None => flowers |= 1 << (code - FIRST_FLOWER),
            }
        }
        for (seat, state) in (0u8..).zip(&self.seats) {
            if flowers & u32::from(state.flowers) != 0 {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s flowers {:#x} are also elsewhere",
                    state.flowers
                )));
            }
            let ghost_flowers = state.flower_ghosts | state.discarded_flowers;
            if (flowers | u32::from(state.flowers)) & u32::from(ghost_flowers) != 0
                || state.flower_ghosts & state.discarded_flowers != 0
            {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s flower ghosts {:#x} (discarded {:#x}) are also elsewhere",
                    state.flower_ghosts, state.discarded_flowers
                )));
            }
            flowers |= u32::from(state.flowers | ghost_flowers);
            let mut shown = [0; NUM_KINDS];
            for meld in &state.melds {
                meld.add_tiles(&mut shown);
            }
            for tile in &state.discards {
                shown[tile.index() as usize] += 1;
            }
            if shown != state.shown {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s tiles in the open {:?} are not its melds' and discards' {shown:?}",
                    state.shown
                )));
            }
            let mut held = state.concealed;
            for (held, shown) in held.iter_mut().zip(shown) {
                *held += shown;
            }
            let discarded = state
                .discards
                .iter()
                .fold(0, |kinds, &t| kinds | tile_bit(t));
            if discarded != state.discarded_kinds {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s discarded kinds {:#x} are not its discards' {discarded:#x}",
                    state.discarded_kinds
                )));
            }
            for (total, count) in seen.iter_mut().zip(held) {
                *total += u32::from(count);
            }
            let size = state
                .concealed
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>()
                + state.flower_ghosts.count_ones() as usize
                + 3 * state.melds.len();
            let hand = usize::from(self.rules.hand);
            let expected = hand + usize::from(self.holds_extra_tile(seat));
            if size != expected {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat} holds {size} tiles (melds as 3), expected {expected}"
                )));
            }
            let pons = state
                .melds
                .iter()
                .filter(|m| matches!(m.kind, MeldKind::Pon | MeldKind::AddedKong))
                .fold(0, |kinds, m| kinds | tile_bit(m.tile));
            if state.pons_with_fourth & !pons != 0 {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s 回头杠 kinds {:#x} are not all its pons' {pons:#x}",
                    state.pons_with_fourth
                )));
            }
            let held = kinds_held(&state.concealed);
            let quads = kinds_where(&state.concealed, |n| n == COPIES);
            if (state.held, state.quads) != (held, quads) {
                return Err(EngineError::hand(format!(
                    "invariant broken: seat {seat}'s kind masks {:#x}, {:#x} do not match its hand",
                    state.held, state.quads
                )));
            }
        }
        let wins = self
            .outcome
            .iter()
            .flat_map(|o| &o.winners)
            .chain(&self.wins);
        {
            if let Some(w) = wins
                .clone()
                .find(|w| w.info.payments.iter().sum::<i64>() != 0)
            {
                return Err(EngineError::argument(format!(
                    "invariant broken: the payments of seat {}'s win are not zero-sum: {:?}",
                    w.seat, w.info.payments
                )));
            }
        }
        if self.event_payments.iter().sum::<i64>() != 0 {
            return Err(EngineError::argument(format!(
                "invariant broken: the deal's other payments are not zero-sum: {:?}",
                self.event_payments
            )));
        }
        let copies =
            |kind: usize| u32::from(COPIES) * u32::from(self.rules.kinds & (1 << kind) != 0);
        if let Some(kind) = (0..NUM_KINDS).find(|&kind| seen[kind] != copies(kind)) {
            return Err(EngineError::hand(format!(
                "invariant broken: {} of tile kind {kind} on the table instead of {} ({} tiles in all)",
                seen[kind],
                copies(kind),
                self.rules.tile_count()
            )));
        }
        if flowers != (1 << self.rules.flowers) - 1 {
            return Err(EngineError::hand(format!(
                "invariant broken: the flowers on the table are {flowers:#x}, not the set's {}",
                self.rules.flowers
            )));
        }
        Ok(())
    }

    /// Whether `seat` now holds 3n+2 tiles: it is on turn, is adding a kong, or holds the extra tile out of
    /// turn (a self-drawn winner, a robbed konger whose tile ended the deal).
    pub(super) fn holds_extra_tile(&self, seat: u8) -> bool {
        let on_turn = match &self.phase {
            Phase::Turn { seat: s, .. } => *s == seat,
            Phase::Voids { .. } | Phase::Swap { .. } => seat == self.dealer,
            Phase::Claims(window) => window.offer.robs() && window.from == seat,
            Phase::Over => false,
        };
        on_turn || self.extra_tile & (1 << seat) != 0
    }
}

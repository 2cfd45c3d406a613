//! 眼牌 (Taiwan B.3, T20a, OC-T5): a seat whose hand would be ready after a discard may declare 眼牌 with that
//! discard (`Action::Eye(tile)`). From then on its hand is locked: each turn it draws and either wins by
//! self-draw or discards the drawn tile (or, where `TableRules::eye_kongs` says so, makes a kong of it that keeps
//! its waits: OC-T5 "wait_preserving"); it claims nothing (no chi, pon or kong, no win on a discard or by
//! robbing a kong). The family's adjudicator reads the locked seats from the deal's context
//! ([`DealContext::locked`](crate::table::adjudicator::DealContext)) to charge their 眼牌费 when another seat
//! wins. Played only where `TableRules::eye_forms` names the forms the hand must be ready in.

use super::{Deal, Drawn, Phase};
use crate::completing_tiles::completing_tiles;
use crate::forms::FormSet;
use crate::kind_mask::{kinds_of, KindMask};
use crate::table::action::Action;

impl Deal {
    /// The turn of a locked seat: the drawn tile goes, unless the draw wins (or makes a kong that keeps its
    /// waits: a locked winner of 血流成河, or a 眼牌 seat under OC-T5 "wait_preserving" — one check for both).
    pub(super) fn enter_locked_turn(&mut self, seat: u8, drawn: Option<Drawn>, can_win: bool) {
        self.legal.clear();
        // A locked seat melds no discard, so its turn always follows a draw.
        if let Some(drawn) = drawn {
            self.legal.push(Action::Discard(drawn.tile));
            let may_kong = if self.won & (1 << seat) != 0 {
                self.rules.winners_stay
            } else {
                self.rules.eye_kongs
            };
            if may_kong {
                self.list_wait_keeping_kongs(seat, drawn);
            }
        }
        if can_win {
            self.legal.push(Action::Win);
        }
        self.phase = Phase::Turn { seat, drawn };
    }

    /// Appends the 眼牌 declarations of `seat` (on turn, 3n+2 tiles): one per `discardable` kind whose
    /// discard leaves its hand ready in `forms`, in kind order (after every other action of the turn: the
    /// order of the kinds).
    pub(super) fn list_eye_declarations(
        &mut self,
        seat: u8,
        forms: FormSet,
        discardable: KindMask,
    ) {
        let state = &self.seats[usize::from(seat)];
        for tile in kinds_of(discardable) {
            let mut left = state.concealed;
            left[tile.index() as usize] -= 1;
            if completing_tiles(&left, forms) != 0 {
                self.legal.push(Action::Eye(tile));
            }
        }
    }
}

//! What one seat may answer to a tile on offer. Claim windows open on every discard, so the options are kept
//! as flags and listed as actions only for the seat about to answer.

use super::action::Action;
use crate::kind_mask::{kinds_of, KindMask};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ClaimOptions {
    pub win: bool,
    pub pon: bool,
    pub kong: bool,
    /// The leading kinds of the chows the seat may form.
    pub chows: KindMask,
}

impl ClaimOptions {
    /// Whether the seat has a choice besides passing.
    pub fn any(&self) -> bool {
        self.win || self.pon || self.kong || self.chows != 0
    }

    /// Replaces `actions` with the legal answers in the sorted order of actions: pass, the chis by tile,
    /// pon, kong, win.
    pub fn list_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        actions.push(Action::Pass);
        actions.extend(kinds_of(self.chows).map(Action::Chi));
        actions.extend(self.pon.then_some(Action::Pon));
        actions.extend(self.kong.then_some(Action::Kong));
        actions.extend(self.win.then_some(Action::Win));
        debug_assert!(actions.is_sorted());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    #[test]
    fn lists_every_option_sorted_after_pass() {
        let options = ClaimOptions {
            win: true,
            pon: true,
            kong: true,
            chows: 1 << 4 | 1 << 2,
        };
        let mut actions = vec![Action::Win];
        options.list_into(&mut actions);
        let chi = |kind| Action::Chi(Tile::new(kind).expect("a kind"));
        let expected = [
            Action::Pass,
            chi(2),
            chi(4),
            Action::Pon,
            Action::Kong,
            Action::Win,
        ];
        assert_eq!(actions, expected);
        assert!(options.any());
        assert!(!ClaimOptions::default().any());
    }
}

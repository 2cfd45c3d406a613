//! The flat action space of a table: one index per distinct decision, laid out from the compiled
//! [`TableRules`] so that a table without chi has no chi indices, one without concealed kongs none of those,
//! and a 108-tile table no honour discards. Blocks in this order (each present only when the rules allow it):
//!
//! | block | size | engine action |
//! |---|---|---|
//! | discard | one per kind of the set | `Discard(kind)` |
//! | chi | one per chow of the set, by its lowest tile | `Chi(lowest)` |
//! | pon | 1 | `Pon` (of the offered tile) |
//! | kong | 1 | `Kong`: a melded kong of the offered tile (its kind is the offered tile's) |
//! | added_kong | one per kind | `AddedKong(kind)` |
//! | concealed_kong | one per kind | `ConcealedKong(kind)` |
//! | win | 1 | `Win` (self-drawn, on a discard, or robbing a kong) |
//! | pass | 1 | `Pass` |
//! | void | 3 where the table plays 定缺 (Sichuan) | `Void(suit)`: name suit 0..2 (m, p, s) void |
//! | swap | one per suited kind of the set where the table plays 换三张 (Sichuan) | `Swap(kind)`: pick a tile to pass |
//! | eye | one per kind where the table plays 眼牌 (Taiwan) | `Eye(kind)`: declare 眼牌, discarding the kind |
//! | discard_flower | one per flower of the set where flowers are ghosts (推倒胡's 四花鬼 / 八花鬼) | `DiscardFlower(f)`: discard held flower ghost f |
//!
//! Encoding and decoding are table lookups; both directions are exact (a test walks every index).

use crate::error::{EngineError, Result};
use crate::kind_mask::{kinds_of, CHOW_STARTS};
use crate::table::table_rules::{Chi, ADDED_KONG, CONCEALED_KONG, MELDED_KONG};
use crate::table::{Action, TableRules};
use crate::tile::{Tile, NUM_KINDS};

/// Marks a (kind, tile) pair the layout has no index for.
const ABSENT: u16 = u16::MAX;
/// Action kinds as rows of the lookup table; tileless kinds use column 0.
const KINDS: usize = 12;

/// The name of each block, in layout order.
pub const BLOCK_NAMES: [&str; KINDS] = [
    "discard",
    "chi",
    "pon",
    "kong",
    "added_kong",
    "concealed_kong",
    "win",
    "pass",
    "void",
    "swap",
    "eye",
    "discard_flower",
];

/// The action index layout of one table's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionLayout {
    actions: Vec<Action>,
    /// index_of[block][tile or 0]
    index_of: [[u16; NUM_KINDS]; KINDS],
    /// (block name, first index, size) in layout order, empty blocks included with size 0.
    blocks: [(&'static str, usize, usize); KINDS],
}

/// The block of an action, and its tile column.
fn slot(action: Action) -> (usize, usize) {
    let tile = |t: Tile| usize::from(t.index());
    match action {
        Action::Discard(t) => (0, tile(t)),
        Action::Chi(t) => (1, tile(t)),
        Action::Pon => (2, 0),
        Action::Kong => (3, 0),
        Action::AddedKong(t) => (4, tile(t)),
        Action::ConcealedKong(t) => (5, tile(t)),
        Action::Win => (6, 0),
        Action::Pass => (7, 0),
        Action::Void(suit) => (8, usize::from(suit)),
        Action::Swap(t) => (9, tile(t)),
        Action::Eye(t) => (10, tile(t)),
        Action::DiscardFlower(flower) => (11, usize::from(flower)),
    }
}

impl ActionLayout {
    pub fn new(rules: &TableRules) -> ActionLayout {
        let kinds: Vec<Tile> = kinds_of(rules.kinds).collect();
        let chows: Vec<Tile> = match rules.chi {
            Chi::None => Vec::new(),
            Chi::NextSeat => kinds_of(rules.kinds & CHOW_STARTS).collect(),
        };
        let kong = |bit: u8| rules.kongs & bit != 0;
        let per_kind = |on: bool, make: fn(Tile) -> Action| -> Vec<Action> {
            if on {
                kinds.iter().map(|&t| make(t)).collect()
            } else {
                Vec::new()
            }
        };
        let groups: [Vec<Action>; KINDS] = [
            per_kind(true, Action::Discard),
            chows.into_iter().map(Action::Chi).collect(),
            if rules.pon { vec![Action::Pon] } else { vec![] },
            if kong(MELDED_KONG) {
                vec![Action::Kong]
            } else {
                vec![]
            },
            per_kind(kong(ADDED_KONG), Action::AddedKong),
            per_kind(kong(CONCEALED_KONG), Action::ConcealedKong),
            vec![Action::Win],
            vec![Action::Pass],
            if rules.void_suit {
                (0..3).map(Action::Void).collect()
            } else {
                vec![]
            },
            // Only suited kinds can be passed (the tiles of one of the three suits).
            kinds
                .iter()
                .filter(|t| rules.swap_tiles > 0 && t.index() < 27)
                .map(|&t| Action::Swap(t))
                .collect(),
            per_kind(rules.eye_forms.is_some(), Action::Eye),
            if rules.ghosts.holds_flowers() {
                (0..rules.flowers).map(Action::DiscardFlower).collect()
            } else {
                vec![]
            },
        ];
        let mut layout = ActionLayout {
            actions: Vec::new(),
            index_of: [[ABSENT; NUM_KINDS]; KINDS],
            blocks: [("", 0, 0); KINDS],
        };
        for (block, group) in groups.iter().enumerate() {
            layout.blocks[block] = (BLOCK_NAMES[block], layout.actions.len(), group.len());
            for &action in group {
                let (row, column) = slot(action);
                layout.index_of[row][column] = layout.actions.len() as u16;
                layout.actions.push(action);
            }
        }
        layout
    }

    /// The number of actions (the size of the `Discrete` space and of the mask).
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// (block name, first index, size) of every block in layout order.
    pub fn blocks(&self) -> &[(&'static str, usize, usize)] {
        &self.blocks
    }

    /// The index of an action; an action the table's rules never allow has none.
    #[inline]
    pub fn index(&self, action: Action) -> Option<usize> {
        let (row, column) = slot(action);
        let index = self.index_of[row][column];
        (index != ABSENT).then_some(usize::from(index))
    }

    /// The engine action of an index.
    #[inline]
    pub fn action(&self, index: usize) -> Result<Action> {
        self.actions.get(index).copied().ok_or_else(|| {
            EngineError::argument(format!(
                "action index {index} is out of range: this table has {} actions (0..{})",
                self.len(),
                self.len().saturating_sub(1)
            ))
        })
    }

    /// Writes the legal mask of `legal` (all other entries cleared); `mask.len()` must be [`Self::len`].
    #[inline]
    pub fn write_mask(&self, legal: &[Action], mask: &mut [bool]) {
        mask.fill(false);
        for &action in legal {
            if let Some(index) = self.index(action) {
                mask[index] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_decodes_and_encodes_back() {
        let full = TableRules::default();
        let no_chi = TableRules {
            chi: Chi::None,
            kinds: full.kinds & !(0x7f << 27),
            kongs: MELDED_KONG | CONCEALED_KONG,
            ..full
        };
        for (rules, expected) in [
            (full, 34 + 21 + 1 + 1 + 34 + 34 + 2),
            (no_chi, 27 + 1 + 1 + 27 + 2),
        ] {
            let layout = ActionLayout::new(&rules);
            assert_eq!(layout.len(), expected, "{rules:?}");
            for index in 0..layout.len() {
                let action = layout.action(index).expect("in range");
                assert_eq!(layout.index(action), Some(index), "{action}");
            }
            assert!(layout.action(layout.len()).is_err());
            let sizes: usize = layout.blocks().iter().map(|b| b.2).sum();
            assert_eq!(sizes, layout.len());
        }
        let no_chi = ActionLayout::new(&no_chi);
        assert_eq!(no_chi.index(Action::Chi(Tile::new(0).unwrap())), None);
        assert_eq!(no_chi.index(Action::Discard(Tile::new(27).unwrap())), None);
        assert_eq!(no_chi.index(Action::AddedKong(Tile::new(0).unwrap())), None);
    }
}

//! The parts a decomposition is made of: groups of tiles, each possibly completed by wild tiles.

use std::cmp::Ordering;
use std::fmt;

use crate::hand::{Meld, MeldKind};

/// What a group is. The variants are declared in the alphabetical order of their names, so that sorting
/// native results gives the same order as sorting the Python result objects (which compare names as text).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupKind {
    /// Three consecutive suited tiles (a concealed chow or a declared chi).
    #[default]
    Chow,
    /// The nine tiles of a knitted straight (组合龙).
    Knitted,
    /// A declared kong (exposed, added or concealed).
    Kong,
    Pair,
    /// Three identical tiles (a concealed pung or a declared pon).
    Pung,
    /// A lone tile of 十三幺 / 全不靠 / 七星不靠.
    Single,
}

impl GroupKind {
    pub const fn name(self) -> &'static str {
        match self {
            GroupKind::Chow => "chow",
            GroupKind::Knitted => "knitted",
            GroupKind::Kong => "kong",
            GroupKind::Pair => "pair",
            GroupKind::Pung => "pung",
            GroupKind::Single => "single",
        }
    }
}

/// The most tiles a group holds (a knitted straight).
pub const MAX_GROUP_TILES: usize = 9;

/// One group of a decomposition: its tile kinds (sorted), which of them wild tiles stand for, and the
/// declared meld it is, if any. Plain `Copy` data, so that decompositions never allocate.
#[derive(Clone, Copy, Default)]
pub struct Group {
    pub kind: GroupKind,
    tiles: [u8; MAX_GROUP_TILES],
    len: u8,
    /// Bit i set: `tiles[i]` is a wild tile standing for that kind. Among identical kinds the wilds take the
    /// last positions, so one set of wild kinds has one mask.
    wild_mask: u16,
    /// Index of the declared meld in `Hand::melds`.
    pub meld: Option<u8>,
}

impl Group {
    /// A concealed group of `tiles` (sorted), wild where `wild_mask` says.
    pub(crate) fn concealed(kind: GroupKind, tiles: &[u8], wild_mask: u16) -> Group {
        let mut group = Group {
            kind,
            len: tiles.len() as u8,
            wild_mask,
            ..Group::default()
        };
        group.tiles[..tiles.len()].copy_from_slice(tiles);
        group
    }

    /// A concealed pair or pung of `tile` whose last `wilds` tiles are wild.
    pub(crate) fn identical(kind: GroupKind, tile: u8, wilds: u8) -> Group {
        let len: u8 = if kind == GroupKind::Pair { 2 } else { 3 };
        let trailing_wilds = ((1u16 << wilds) - 1) << (len - wilds);
        Group::concealed(kind, &[tile; 3][..len as usize], trailing_wilds)
    }

    /// The group a declared meld forms.
    pub(crate) fn of_meld(index: usize, meld: &Meld) -> Group {
        let t = meld.tile.index();
        let (kind, tiles): (GroupKind, &[u8]) = match meld.kind {
            MeldKind::Chi => (GroupKind::Chow, &[t, t + 1, t + 2]),
            MeldKind::Pon => (GroupKind::Pung, &[t, t, t]),
            MeldKind::Kong | MeldKind::AddedKong | MeldKind::ConcealedKong => {
                (GroupKind::Kong, &[t, t, t, t])
            }
        };
        Group {
            meld: Some(index as u8),
            ..Group::concealed(kind, tiles, 0)
        }
    }

    /// The kinds of the group's tiles, sorted.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..self.len as usize]
    }

    /// Bit i set: position i of [`Group::tiles`] is a wild tile. One set of wild kinds has one mask.
    pub fn wild_mask(&self) -> u16 {
        self.wild_mask
    }

    /// Whether the tile at `position` of [`Group::tiles`] is a wild tile.
    pub fn is_wild(&self, position: usize) -> bool {
        self.wild_mask >> position & 1 == 1
    }

    /// The kinds wild tiles stand for in this group, sorted.
    pub fn wild_tiles(&self) -> impl Iterator<Item = u8> + '_ {
        self.tiles()
            .iter()
            .enumerate()
            .filter(|&(position, _)| self.is_wild(position))
            .map(|(_, &tile)| tile)
    }

    /// The kinds real tiles of the concealed part supply to this group.
    pub(crate) fn real_tiles(&self) -> impl Iterator<Item = u8> + '_ {
        self.tiles()
            .iter()
            .enumerate()
            .filter(|&(position, _)| !self.is_wild(position))
            .map(|(_, &tile)| tile)
    }
}

impl fmt::Debug for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Group")
            .field("kind", &self.kind)
            .field("tiles", &self.tiles())
            .field("wilds", &self.wild_tiles().collect::<Vec<_>>())
            .field("meld", &self.meld)
            .finish()
    }
}

/// Canonical order: kind, tiles, wild kinds, then meld index (concealed groups first).
impl Ord for Group {
    fn cmp(&self, other: &Self) -> Ordering {
        self.kind
            .cmp(&other.kind)
            // Element by element: groups are short, and a call to memcmp costs more than the loop.
            .then_with(|| self.tiles().iter().cmp(other.tiles()))
            .then_with(|| {
                // The same tiles wild at the same positions (by far the most common case: none) are equal.
                if self.wild_mask == other.wild_mask {
                    Ordering::Equal
                } else {
                    self.wild_tiles().cmp(other.wild_tiles())
                }
            })
            .then_with(|| self.meld.cmp(&other.meld))
    }
}

impl PartialOrd for Group {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Group {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Group {}

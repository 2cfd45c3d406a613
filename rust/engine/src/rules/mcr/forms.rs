//! The MCR winning forms of a 14-tile hand: the divisions into sets and a pair (declared melds included),
//! seven pairs, thirteen orphans, the honours-and-knitted forms, the knitted straight and nine gates.
//!
//! `standing` is always the 34 counts of the concealed tiles with the winning tile added.
//!
//! The divisions are enumerated here rather than through `crate::for_each_decomposition` because when two
//! divisions score the same total pymahjonggb keeps the one it found first: matching it needs its order
//! (sets in non-decreasing reference order, a pung before a chow on the same tile).

use super::tiles::{is_honor, rank, suit, KindMask, KNITTED_STRAIGHTS, ORDER_KEY, REFERENCE_ORDER};
use crate::tile::{Counts, TERMINALS_AND_HONOURS, TERMINALS_AND_HONOURS_MASK};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKind {
    Chow,
    Pung,
    Kong,
    Pair,
}

/// A set or the pair. `tile` is the lowest tile; `melded` marks a set claimed from a discard (a concealed
/// kong is declared but not melded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    pub kind: SetKind,
    pub tile: u8,
    pub melded: bool,
}

impl Group {
    pub const fn concealed(kind: SetKind, tile: u8) -> Group {
        Group {
            kind,
            tile,
            melded: false,
        }
    }

    pub fn is_pung_like(&self) -> bool {
        matches!(self.kind, SetKind::Pung | SetKind::Kong)
    }

    /// The tile the chow/pung fans compare: a chow's middle tile, the tile of anything else.
    pub fn middle(&self) -> u8 {
        if self.kind == SetKind::Chow {
            self.tile + 1
        } else {
            self.tile
        }
    }

    pub fn contains(&self, tile: u8) -> bool {
        match self.kind {
            SetKind::Chow => (self.tile..self.tile + 3).contains(&tile),
            _ => self.tile == tile,
        }
    }

    /// Takes a concealed set's tiles out of `counts`, if they are there.
    fn take(&self, counts: &mut Counts) -> bool {
        let t = self.tile as usize;
        match self.kind {
            SetKind::Chow => {
                if counts[t] == 0 || counts[t + 1] == 0 || counts[t + 2] == 0 {
                    return false;
                }
                counts[t] -= 1;
                counts[t + 1] -= 1;
                counts[t + 2] -= 1;
            }
            _ => {
                if counts[t] < 3 {
                    return false;
                }
                counts[t] -= 3;
            }
        }
        true
    }

    fn put_back(&self, counts: &mut Counts) {
        let t = self.tile as usize;
        match self.kind {
            SetKind::Chow => (t..t + 3).for_each(|k| counts[k] += 1),
            _ => counts[t] += 3,
        }
    }
}

/// The most groups a division holds: four sets and the pair.
pub const MAX_DIVISION: usize = 5;

/// Calls `visit` with every division of `standing` into `concealed_sets` sets then a pair, appended after
/// `prefix` (the declared melds), in pymahjonggb's order.
pub fn for_each_division(
    standing: &Counts,
    prefix: &[Group],
    concealed_sets: usize,
    visit: &mut dyn FnMut(&[Group]),
) {
    let mut groups = [Group::concealed(SetKind::Pair, 0); MAX_DIVISION];
    if prefix.len() + concealed_sets + 1 > MAX_DIVISION {
        return;
    }
    groups[..prefix.len()].copy_from_slice(prefix);
    let mut counts = *standing;
    let size: usize = counts.iter().map(|&c| c as usize).sum();
    if size != 3 * concealed_sets + 2 {
        return;
    }
    divide(
        &mut counts,
        &mut groups,
        prefix.len(),
        concealed_sets,
        0,
        false,
        visit,
    );
}

/// Sets sort by (reference position, pung before chow): `floor` is the least such key the next set may have.
fn set_key(group: &Group) -> u8 {
    ORDER_KEY[group.tile as usize] * 2 + u8::from(group.kind == SetKind::Chow)
}

/// `pair_left_behind`: a tile before the floor still holds two copies, which only the pair can take.
fn divide(
    counts: &mut Counts,
    groups: &mut [Group; MAX_DIVISION],
    filled: usize,
    sets_left: usize,
    floor: u8,
    mut pair_left_behind: bool,
    visit: &mut dyn FnMut(&[Group]),
) {
    if sets_left == 0 {
        let mut rest = REFERENCE_ORDER.iter().filter(|&&t| counts[t as usize] > 0);
        if let (Some(&pair), None) = (rest.next(), rest.next()) {
            if counts[pair as usize] == 2 {
                groups[filled] = Group::concealed(SetKind::Pair, pair);
                visit(&groups[..=filled]);
            }
        }
        return;
    }
    // Sets before the floor's tile cannot follow: start the walk there.
    for &tile in &REFERENCE_ORDER[usize::from(floor / 2)..] {
        if counts[tile as usize] == 0 {
            continue;
        }
        for kind in [SetKind::Pung, SetKind::Chow] {
            let group = Group::concealed(kind, tile);
            if set_key(&group) < floor
                || (kind == SetKind::Chow && (is_honor(tile) || rank(tile) > 7))
                || !group.take(counts)
            {
                continue;
            }
            groups[filled] = group;
            let key = set_key(&group);
            divide(
                counts,
                groups,
                filled + 1,
                sets_left - 1,
                key,
                pair_left_behind,
                visit,
            );
            group.put_back(counts);
        }
        // Later sets start after this tile, so its copies are left for the pair: that needs exactly two, and
        // only one tile can be the pair.
        if counts[tile as usize] != 2 || pair_left_behind {
            return;
        }
        pair_left_behind = true;
    }
}

pub fn tile_total(counts: &Counts) -> u32 {
    counts.iter().map(|&c| u32::from(c)).sum()
}

/// Fourteen concealed tiles in pairs; four of a kind counts as two pairs.
pub fn is_seven_pairs(standing: &Counts) -> bool {
    tile_total(standing) == 14 && standing.iter().all(|&c| c % 2 == 0)
}

/// 连七对: seven consecutive pairs of the winning tile's suit.
pub fn is_seven_shifted_pairs(standing: &Counts, win: u8) -> bool {
    if is_honor(win) {
        return false;
    }
    let base = suit(win) as usize * 9;
    (0..3).any(|start| (start..start + 7).all(|r| standing[base + r] == 2))
}

pub fn is_thirteen_orphans(standing: &Counts) -> bool {
    tile_total(standing) == 14
        && TERMINALS_AND_HONOURS
            .iter()
            .all(|&t| standing[t as usize] > 0)
        && present(standing) & !ORPHANS == 0
}

const ORPHANS: KindMask = TERMINALS_AND_HONOURS_MASK;

/// The kinds present, as bits.
pub fn present(counts: &Counts) -> KindMask {
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .fold(0, |mask, (t, _)| mask | 1 << t)
}

/// 全不靠/七星不靠: 14 different tiles, the suited ones inside one knitted straight. Returns (all seven
/// honours?, number of suited tiles).
pub fn honors_and_knitted(standing: &Counts) -> Option<(bool, u32)> {
    if tile_total(standing) != 14 || standing.iter().any(|&c| c > 1) {
        return None;
    }
    let kinds = present(standing);
    let suited = kinds & !super::tiles::HONORS;
    let suited_count = suited.count_ones();
    if !(7..=9).contains(&suited_count) || !KNITTED_STRAIGHTS.iter().any(|&s| suited & !s == 0) {
        return None;
    }
    Some((14 - suited_count == 7, suited_count))
}

/// The knitted straight (组合龙) the concealed tiles contain, if any (at most one fits in 14 tiles).
pub fn knitted_straight_of(standing: &Counts) -> Option<KindMask> {
    let kinds = present(standing);
    KNITTED_STRAIGHTS.iter().copied().find(|&s| kinds & s == s)
}

/// 九莲宝灯: 1112345678999 of one suit waiting on the winning tile. Returns the winning tile's rank.
pub fn nine_gates_rank(standing: &Counts, win: u8) -> Option<u8> {
    if is_honor(win) || tile_total(standing) != 14 {
        return None;
    }
    let base = suit(win) as usize * 9;
    let mut waiting = [0u8; 9];
    waiting.copy_from_slice(&standing[base..base + 9]);
    waiting[(win as usize) - base] -= 1;
    (waiting == [3, 1, 1, 1, 1, 1, 1, 1, 3]).then_some(rank(win))
}

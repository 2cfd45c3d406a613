//! Sets and a pair, with wild tiles.
//!
//! The lowest real tile left must belong to the next group, so each step tries every group that holds that
//! tile as its lowest real tile: a pair or pung of it (completed by wilds), or a chow around it whose lower
//! positions are wild. When several groups share the same lowest real tile they are placed in canonical
//! order only, which makes every multiset of groups come out exactly once. Groups made of wilds alone come
//! last, again in canonical order.
//!
//! Without wilds (the common case) the search is simpler and several times faster: see [`plain_sets_and_pair`].

use std::ops::ControlFlow;

use super::builder::Builder;
use super::group::{Group, GroupKind};
use super::Decomposition;
use crate::tile::{can_start_chow, COPIES, NUM_KINDS};

/// Places `sets` sets and one pair using every remaining tile and wild.
pub(super) fn search<F>(builder: &mut Builder<'_, F>, sets: u8) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    let needed = Needed { sets, pair: true };
    if builder.wilds_left() == 0 {
        plain_sets_and_pair(builder, needed, 0)
    } else {
        sets_and_pair(builder, needed, None)
    }
}

/// What the rest of the hand still has to form.
#[derive(Clone, Copy)]
struct Needed {
    sets: u8,
    pair: bool,
}

impl Needed {
    fn allows(self, kind: GroupKind) -> bool {
        if kind == GroupKind::Pair {
            self.pair
        } else {
            self.sets > 0
        }
    }

    fn after(self, kind: GroupKind) -> Needed {
        if kind == GroupKind::Pair {
            Needed {
                pair: false,
                ..self
            }
        } else {
            Needed {
                sets: self.sets - 1,
                ..self
            }
        }
    }

    fn done(self) -> bool {
        self.sets == 0 && !self.pair
    }
}

/// The search without wilds. Every group is then led by its lowest tile, so each step decides how the copies
/// of the lowest tile left split between a pair, a pung and chows starting there. Different splits are
/// different multisets of groups, so every decomposition comes out exactly once with no ordering rule.
/// Kinds below `from` are known to be placed already.
fn plain_sets_and_pair<F>(builder: &mut Builder<'_, F>, needed: Needed, from: u8) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    let Some(lowest) = builder.lowest_remaining_from(from) else {
        return if needed.done() {
            builder.emit()
        } else {
            ControlFlow::Continue(())
        };
    };
    let at = usize::from(lowest);
    let copies = builder.remaining[at];
    let chows_possible = if can_start_chow(lowest) {
        builder.remaining[at + 1].min(builder.remaining[at + 2])
    } else {
        0
    };
    for pairs in 0..=u8::from(needed.pair) {
        for pungs in 0..=1 {
            let Some(chows) = copies.checked_sub(2 * pairs + 3 * pungs) else {
                continue;
            };
            // Checked here rather than by the placement, so that a split that cannot work costs nothing.
            if chows > chows_possible || pungs + chows > needed.sets {
                continue;
            }
            let (groups, len) = led_groups(lowest, pairs == 1, pungs == 1, chows);
            let after = Needed {
                sets: needed.sets - pungs - chows,
                pair: needed.pair && pairs == 0,
            };
            builder.with_real_groups(&groups[..len], |b| {
                plain_sets_and_pair(b, after, lowest + 1)
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// The groups `tile` leads in one split of its copies: maybe a pair, maybe a pung, then `chows` chows.
fn led_groups(tile: u8, pair: bool, pung: bool, chows: u8) -> ([Group; MAX_GROUPS_LED], usize) {
    let chow = Group::concealed(GroupKind::Chow, &[tile, tile + 1, tile + 2], 0);
    let mut groups = [chow; MAX_GROUPS_LED];
    let mut len = 0;
    for (kind, wanted) in [(GroupKind::Pair, pair), (GroupKind::Pung, pung)] {
        if wanted {
            groups[len] = Group::identical(kind, tile, 0);
            len += 1;
        }
    }
    (groups, (len + usize::from(chows)).min(MAX_GROUPS_LED))
}

/// The most groups one tile leads without wilds: four chows (a pair and a pung hold five copies).
const MAX_GROUPS_LED: usize = COPIES as usize;

/// The previous group and its lowest real tile: the next group with the same lowest real tile may not
/// sort before it.
#[derive(Clone, Copy)]
struct Floor {
    lowest: u8,
    group: Group,
}

fn sets_and_pair<F>(
    builder: &mut Builder<'_, F>,
    needed: Needed,
    floor: Option<Floor>,
) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    let Some(lowest) = builder.lowest_remaining() else {
        return wild_groups(builder, needed, 0);
    };
    let floor = floor.filter(|f| f.lowest == lowest).map(|f| f.group);
    for group in groups_led_by(lowest, builder.wilds_left()) {
        if !needed.allows(group.kind) || floor.is_some_and(|f| group < f) {
            continue;
        }
        let next = Some(Floor { lowest, group });
        builder.with_group(group, |b| sets_and_pair(b, needed.after(group.kind), next))?;
    }
    ControlFlow::Continue(())
}

/// Every pair, pung and chow in which real `tile` is the lowest real tile and at most `wilds` wild tiles fill
/// the other places. (Bounding by the wilds left spares the search the groups it could not place: with no
/// wilds, only three.)
fn groups_led_by(tile: u8, wilds: u8) -> impl Iterator<Item = Group> {
    let pairs = (0..=wilds.min(1)).map(move |wilds| Group::identical(GroupKind::Pair, tile, wilds));
    let pungs = (0..=wilds.min(2)).map(move |wilds| Group::identical(GroupKind::Pung, tile, wilds));
    let chows = (tile.saturating_sub(wilds.min(2))..=tile)
        .filter(move |&start| can_start_chow(start) && start + 2 >= tile)
        .flat_map(move |start| {
            let kinds = [start, start + 1, start + 2];
            CHOW_WILD_MASKS[usize::from(tile - start)]
                .iter()
                .take_while(move |mask| mask.count_ones() <= wilds.into())
                .map(move |&mask| Group::concealed(GroupKind::Chow, &kinds, mask))
        });
    pairs.chain(pungs).chain(chows)
}

/// The wild positions of a chow whose real lowest tile is at position `own` (the index): the positions below
/// have no real tiles left, so they are wild; `own` is real; each position above may be either. Fewest wilds
/// first, so that a search with few wilds left stops early.
const CHOW_WILD_MASKS: [&[u16]; 3] = [&[0b000, 0b010, 0b100, 0b110], &[0b001, 0b101], &[0b011]];

/// Number of groups made of wilds alone: 21 chows, 34 pairs, 34 pungs.
const CHOW_STARTS: usize = 21;
const WILD_GROUPS: usize = CHOW_STARTS + 2 * NUM_KINDS;

/// The `index`-th group made only of wilds, in canonical order (chows, pairs, pungs; by tile).
fn wild_group(index: usize) -> Group {
    if index < CHOW_STARTS {
        let start = (index / 7 * 9 + index % 7) as u8;
        Group::concealed(GroupKind::Chow, &[start, start + 1, start + 2], 0b111)
    } else if index < CHOW_STARTS + NUM_KINDS {
        Group::identical(GroupKind::Pair, (index - CHOW_STARTS) as u8, 2)
    } else {
        Group::identical(GroupKind::Pung, (index - CHOW_STARTS - NUM_KINDS) as u8, 3)
    }
}

/// Completes the hand with groups of wilds alone, each not sorting before the previous one.
fn wild_groups<F>(builder: &mut Builder<'_, F>, needed: Needed, from: usize) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    if needed.done() {
        return builder.emit();
    }
    for index in from..WILD_GROUPS {
        let group = wild_group(index);
        if needed.allows(group.kind) {
            builder.with_group(group, |b| wild_groups(b, needed.after(group.kind), index))?;
        }
    }
    ControlFlow::Continue(())
}

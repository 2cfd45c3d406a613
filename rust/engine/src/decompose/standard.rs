//! Sets and a pair, with wild tiles.
//!
//! The lowest real tile left must belong to the next group, so each step tries every group that holds that
//! tile as its lowest real tile: a pair or pung of it (completed by wilds), or a chow around it whose lower
//! positions are wild. When several groups share the same lowest real tile they are placed in canonical
//! order only, which makes every multiset of groups come out exactly once. Groups made of wilds alone come
//! last, again in canonical order.

use std::ops::ControlFlow;

use super::builder::Builder;
use super::group::{Group, GroupKind};
use super::Decomposition;
use crate::tile::{can_start_chow, NUM_KINDS};

/// Places `sets` sets and one pair using every remaining tile and wild.
pub(super) fn search<F>(builder: &mut Builder<'_, F>, sets: u8) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    sets_and_pair(builder, Needed { sets, pair: true }, None)
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
    for group in groups_led_by(lowest) {
        if !needed.allows(group.kind) || floor.is_some_and(|f| group < f) {
            continue;
        }
        let next = Some(Floor { lowest, group });
        builder.with_group(group, |b| sets_and_pair(b, needed.after(group.kind), next))?;
    }
    ControlFlow::Continue(())
}

/// Every pair, pung and chow in which real `tile` is the lowest real tile (wilds fill the other places).
fn groups_led_by(tile: u8) -> impl Iterator<Item = Group> {
    let pairs = (0..2).map(move |wilds| Group::identical(GroupKind::Pair, tile, wilds));
    let pungs = (0..3).map(move |wilds| Group::identical(GroupKind::Pung, tile, wilds));
    let chows = (tile.saturating_sub(2)..=tile)
        .filter(move |&start| can_start_chow(start) && start + 2 >= tile)
        .flat_map(move |start| {
            let kinds = [start, start + 1, start + 2];
            let own = tile - start;
            // Positions below `tile` have no real tiles left, so they are wild; `tile` itself is real;
            // each position above may be either.
            let below = (1u16 << own) - 1;
            (0u16..8)
                .filter(move |mask| mask & below == below && mask >> own & 1 == 0)
                .map(move |mask| Group::concealed(GroupKind::Chow, &kinds, mask))
        });
    pairs.chain(pungs).chain(chows)
}

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

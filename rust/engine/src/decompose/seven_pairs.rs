//! 七对: seven pairs, each completed by wilds where needed. With `seven_pairs_quads`, four tiles of a kind
//! (real or wild) make two pairs.

use std::ops::ControlFlow;

use super::builder::Builder;
use super::group::{Group, GroupKind};
use super::Decomposition;
use crate::tile::{COPIES, NUM_KINDS};

const PAIRS: u8 = 7;

pub(super) fn search<F>(builder: &mut Builder<'_, F>, quads: bool) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    pairs_from(builder, 0, PAIRS, quads)
}

/// Decides, kind by kind from `kind`, how many pairs of it the hand holds and how wilds complete them.
fn pairs_from<F>(
    builder: &mut Builder<'_, F>,
    kind: usize,
    left: u8,
    quads: bool,
) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    if left == 0 {
        return builder.emit();
    }
    if kind == NUM_KINDS {
        return ControlFlow::Continue(());
    }
    let real = builder.remaining[kind];
    if real == 0 {
        pairs_from(builder, kind + 1, left, quads)?;
    }
    let tile = kind as u8;
    if real <= 2 {
        let pair = [Group::identical(GroupKind::Pair, tile, 2 - real)];
        builder.with_groups(&pair, |b| pairs_from(b, kind + 1, left - 1, quads))?;
    }
    if quads && left >= 2 && real <= COPIES {
        // Two pairs: the wilds they need split as (fewer, more) so each split is tried once.
        let wilds = COPIES - real;
        for first in wilds.saturating_sub(2)..=wilds / 2 {
            let pairs: [Group; 2] = [
                Group::identical(GroupKind::Pair, tile, first),
                Group::identical(GroupKind::Pair, tile, wilds - first),
            ];
            builder.with_groups(&pairs, |b| pairs_from(b, kind + 1, left - 2, quads))?;
        }
    }
    ControlFlow::Continue(())
}

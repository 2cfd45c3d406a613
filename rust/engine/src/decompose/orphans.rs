//! 十三幺: one of each terminal and honour, one of them doubled; wilds fill the missing places.

use std::ops::ControlFlow;

use super::builder::Builder;
use super::group::{Group, GroupKind};
use super::Decomposition;
use crate::tile::TERMINALS_AND_HONOURS;

pub(super) fn search<F>(builder: &mut Builder<'_, F>) -> ControlFlow<()>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    for doubled in TERMINALS_AND_HONOURS {
        let mut groups = [Group::default(); TERMINALS_AND_HONOURS.len()];
        for (slot, tile) in groups.iter_mut().zip(TERMINALS_AND_HONOURS) {
            let real = builder.remaining[tile as usize];
            *slot = if tile == doubled {
                Group::identical(GroupKind::Pair, tile, 2u8.saturating_sub(real))
            } else {
                Group::concealed(GroupKind::Single, &[tile], u16::from(real == 0))
            };
        }
        builder.with_groups(&groups, |b| b.emit())?;
    }
    ControlFlow::Continue(())
}

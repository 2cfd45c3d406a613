//! The state shared by every form's search: the tiles still to place, the groups placed so far, and the
//! visitor that receives each finished decomposition.

use std::ops::ControlFlow;

use super::group::Group;
use super::{Decomposition, FormKind, MAX_GROUPS};
use crate::forms::FormOptions;
use crate::hand::Hand;
use crate::tile::{Counts, COPIES, NUM_KINDS};

/// Search state for one form. Groups are placed with [`Builder::with_group`], which undoes the placement
/// when the continuation returns, so the searches are plain depth-first recursions.
pub(crate) struct Builder<'a, F> {
    form: FormKind,
    /// Real concealed tiles not yet placed in a group.
    pub(crate) remaining: Counts,
    /// Wild tiles not yet placed.
    wilds: u8,
    /// How many more wilds may stand for each kind: unlimited when a wild may be a fifth copy, otherwise
    /// the copies that neither the concealed part nor the melds hold.
    wild_room: Counts,
    placed: [Group; MAX_GROUPS],
    placed_len: usize,
    hand: &'a Hand,
    visit: &'a mut F,
}

impl<'a, F> Builder<'a, F>
where
    F: FnMut(&Decomposition) -> ControlFlow<()>,
{
    pub(crate) fn new(hand: &'a Hand, opts: FormOptions, form: FormKind, visit: &'a mut F) -> Self {
        let mut wild_room = [u8::MAX; NUM_KINDS];
        if !opts.wild_fifth_copy {
            for (room, held) in wild_room.iter_mut().zip(hand.all_tiles()) {
                *room = COPIES.saturating_sub(held);
            }
        }
        Builder {
            form,
            remaining: hand.concealed,
            wilds: hand.wilds,
            wild_room,
            placed: [Group::default(); MAX_GROUPS],
            placed_len: 0,
            hand,
            visit,
        }
    }

    /// Wild tiles not yet placed.
    pub(crate) fn wilds_left(&self) -> u8 {
        self.wilds
    }

    /// The lowest kind that still has real tiles to place.
    pub(crate) fn lowest_remaining(&self) -> Option<u8> {
        self.lowest_remaining_from(0)
    }

    /// [`Builder::lowest_remaining`] when the kinds below `from` are known to be placed.
    pub(crate) fn lowest_remaining_from(&self, from: u8) -> Option<u8> {
        let later = self.remaining.get(usize::from(from)..)?;
        later.iter().position(|&c| c > 0).map(|k| from + k as u8)
    }

    /// Places `group` (its real tiles from the remaining ones, its wild positions from the wilds), runs
    /// `then`, and takes the group back. Does nothing when the tiles or wilds are not there.
    pub(crate) fn with_group(
        &mut self,
        group: Group,
        then: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let saved = (self.remaining, self.wilds, self.wild_room);
        if self.placed_len == MAX_GROUPS || !self.take(&group) {
            (self.remaining, self.wilds, self.wild_room) = saved;
            return ControlFlow::Continue(());
        }
        self.placed[self.placed_len] = group;
        self.placed_len += 1;
        let flow = then(self);
        self.placed_len -= 1;
        (self.remaining, self.wilds, self.wild_room) = saved;
        flow
    }

    /// Places several groups at once (all or none), then runs `then`.
    pub(crate) fn with_groups(
        &mut self,
        groups: &[Group],
        then: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match groups.split_first() {
            None => then(self),
            Some((first, rest)) => self.with_group(*first, |b| b.with_groups(rest, then)),
        }
    }

    /// [`Builder::with_groups`] for groups without wild tiles: no wild bookkeeping to save and restore, which
    /// makes it the cheap step of the searches of hands without wilds.
    pub(crate) fn with_real_groups(
        &mut self,
        groups: &[Group],
        then: impl FnOnce(&mut Self) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let saved = self.remaining;
        let placed_len = self.placed_len;
        let Some(slots) = self.placed.get_mut(placed_len..placed_len + groups.len()) else {
            return ControlFlow::Continue(());
        };
        slots.copy_from_slice(groups);
        for group in groups {
            for &tile in group.tiles() {
                let count = &mut self.remaining[usize::from(tile)];
                if *count == 0 {
                    self.remaining = saved;
                    return ControlFlow::Continue(());
                }
                *count -= 1;
            }
        }
        self.placed_len += groups.len();
        let flow = then(self);
        self.placed_len = placed_len;
        self.remaining = saved;
        flow
    }

    /// Removes the group's tiles from the remaining ones; false (state partly changed) if they are missing.
    fn take(&mut self, group: &Group) -> bool {
        for tile in group.real_tiles() {
            let count = &mut self.remaining[tile as usize];
            if *count == 0 {
                return false;
            }
            *count -= 1;
        }
        for tile in group.wild_tiles() {
            let room = &mut self.wild_room[tile as usize];
            if self.wilds == 0 || *room == 0 {
                return false;
            }
            self.wilds -= 1;
            *room -= 1;
        }
        true
    }

    /// Hands the placed groups, in canonical order and followed by the declared melds, to the visitor, if
    /// every tile has found a place.
    pub(crate) fn emit(&mut self) -> ControlFlow<()> {
        if self.wilds > 0 || self.remaining.iter().any(|&c| c > 0) {
            return ControlFlow::Continue(());
        }
        let mut decomposition = Decomposition {
            form: self.form,
            groups: [Group::default(); MAX_GROUPS],
            len: 0,
        };
        let concealed = &mut decomposition.groups[..self.placed_len];
        concealed.copy_from_slice(&self.placed[..self.placed_len]);
        concealed.sort_unstable();
        let melds = self.hand.melds.iter().enumerate();
        for (slot, (index, meld)) in decomposition.groups[self.placed_len..]
            .iter_mut()
            .zip(melds)
        {
            *slot = Group::of_meld(index, meld);
        }
        decomposition.len = (self.placed_len + self.hand.melds.len()).min(MAX_GROUPS) as u8;
        (self.visit)(&decomposition)
    }
}

//! A vector of at most `N` (< 256) copyable items kept inline: claim windows are opened on every discard, and the
//! efficiency bot weighs every discard of every turn; their few entries should cost no allocation.
//!
//! The unused slots stay uninitialised: opening a vector writes its length only. Filling them (as `[T; N]`
//! would need) cost the efficiency bot a memset of every slot per turn, and a vector built by copying one
//! filled slot over the others is read back wider than it was written (a store-forwarding stall).

use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

#[derive(Clone, Copy)]
pub(crate) struct InlineVec<T: Copy, const N: usize> {
    /// Slots `..len` are initialised (pushed); the rest are not.
    items: [MaybeUninit<T>; N],
    len: u8,
}

impl<T: Copy, const N: usize> InlineVec<T, N> {
    const FITS_A_BYTE: () = assert!(N < 256, "an InlineVec's length is one byte");

    pub(crate) fn new() -> Self {
        let () = Self::FITS_A_BYTE;
        InlineVec {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }

    /// Appends `item`. Callers size `N` for the most items they can produce; beyond it an item would be
    /// dropped, which debug builds report.
    pub(crate) fn push(&mut self, item: T) {
        debug_assert!(
            usize::from(self.len) < N,
            "InlineVec of {N} items overflows"
        );
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            slot.write(item);
            self.len += 1;
        }
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        let pushed = &self.items[..usize::from(self.len)];
        // SAFETY: the slots below `len` were written by `push` (`len` only grows there, and `clear` resets it
        // to 0), and `MaybeUninit<T>` has the layout of `T`.
        unsafe { &*(pushed as *const [MaybeUninit<T>] as *const [T]) }
    }
}

impl<T: Copy, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        let pushed = &mut self.items[..usize::from(self.len)];
        // SAFETY: as in `deref`.
        unsafe { &mut *(pushed as *mut [MaybeUninit<T>] as *mut [T]) }
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The items of an [`InlineVec`], by value.
pub(crate) struct IntoIter<T: Copy, const N: usize> {
    vec: InlineVec<T, N>,
    next: usize,
}

impl<T: Copy, const N: usize> Iterator for IntoIter<T, N> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let item = self.vec.get(self.next).copied();
        self.next += 1;
        item
    }
}

impl<T: Copy, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = IntoIter<T, N>;

    fn into_iter(self) -> IntoIter<T, N> {
        IntoIter { vec: self, next: 0 }
    }
}

impl<T: Copy, const N: usize> Extend<T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_pushed_in_order() {
        let mut v = InlineVec::<u8, 3>::new();
        assert!(v.is_empty());
        v.push(7);
        v.extend([5, 6]);
        assert_eq!(&*v, [7, 5, 6]);
        v.sort_unstable();
        assert_eq!(&*v, [5, 6, 7]);
        assert_eq!(v.into_iter().collect::<Vec<_>>(), [5, 6, 7]);
        let copy = v;
        v.clear();
        assert!(v.is_empty());
        assert_eq!(&*copy, [5, 6, 7]);
        assert_ne!(copy, v);
        assert_eq!(format!("{copy:?}"), "[5, 6, 7]");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "overflows")]
    fn an_overflow_is_reported_in_debug_builds() {
        let mut v = InlineVec::<u8, 1>::new();
        v.extend([1, 2]);
    }
}

//! A vector of at most `N` (< 256) copyable items kept inline: claim windows are opened on every discard, and their
//! few entries (three seats at most, seven answers each at most) should cost no allocation.

use std::ops::{Deref, DerefMut};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct InlineVec<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        InlineVec {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + Default, const N: usize> InlineVec<T, N> {
    /// An empty vector whose unused slots hold `fill`. As a `const` it is written with whole-word zero
    /// stores; `default()` builds one slot and copies it over the others, reading it back wider than it was
    /// written (a store-forwarding stall, costly where a vector is opened on every discard).
    pub(crate) const fn empty(fill: T) -> Self {
        InlineVec {
            items: [fill; N],
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
            *slot = item;
            self.len += 1;
        }
    }
}

impl<T: Copy + Default, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for InlineVec<T, N> {
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
        let mut v = InlineVec::<u8, 3>::default();
        assert!(v.is_empty());
        v.push(7);
        v.extend([5, 6]);
        assert_eq!(&*v, [7, 5, 6]);
        v.sort_unstable();
        assert_eq!(&*v, [5, 6, 7]);
    }
}

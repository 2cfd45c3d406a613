//! The efficiency bots' capped-suit scratch, one per thread and shared by every bot on it: the recent runs
//! of the exact capped programme, from which a memo miss a tile or two from them resumes. (The memo itself,
//! [`CAPPED_VECTORS`](super::vector_cache::CAPPED_VECTORS), is one for the whole process.) Nothing here
//! changes a decision: only how soon it is made.

use std::cell::RefCell;

use super::progress::CappedSuits;

thread_local! {
    static SCRATCH: RefCell<CappedSuits> = RefCell::new(CappedSuits::default());
}

/// Runs `f` with this thread's scratch (a fresh one should `f` call this again).
pub fn with_capped_suits<R>(f: impl FnOnce(&mut CappedSuits) -> R) -> R {
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut capped) => f(&mut capped),
        Err(_) => f(&mut CappedSuits::default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_call_gets_a_scratch_of_its_own() {
        let distinct = with_capped_suits(|outer| {
            let outer: *const CappedSuits = outer;
            with_capped_suits(|inner| !std::ptr::eq(outer, inner))
        });
        assert!(distinct);
    }
}

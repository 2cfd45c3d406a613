//! The efficiency bots' memo of exact capped suit vectors, one per thread and shared by every bot on it: the
//! four seats of a table meet the same suits beside the same kinds of melds, so one memo misses up to four
//! times less often than four would. A simulation runs on a fresh thread pool, so a thread that ends hands
//! its memo on to the next thread that starts, and a run of many calls stays warm. The memo's contents never
//! change a decision: only how soon it is made.

use std::cell::RefCell;
use std::sync::Mutex;

use super::progress::CappedSuits;

/// Memos kept from ended threads; more are dropped, so that memory stays bounded whatever the thread counts.
const SPARES_KEPT: usize = 4;

static SPARES: Mutex<Vec<CappedSuits>> = Mutex::new(Vec::new());

/// A thread's memo, handed to the spares when the thread ends.
struct ThreadMemo(RefCell<CappedSuits>);

impl Drop for ThreadMemo {
    fn drop(&mut self) {
        if let Ok(mut spares) = SPARES.lock() {
            if spares.len() < SPARES_KEPT {
                spares.push(self.0.take());
            }
        }
    }
}

thread_local! {
    static MEMO: ThreadMemo = ThreadMemo(RefCell::new(
        SPARES.lock().ok().and_then(|mut spares| spares.pop()).unwrap_or_default(),
    ));
}

/// Runs `f` with this thread's memo (a fresh one should `f` call this again).
pub fn with_capped_suits<R>(f: impl FnOnce(&mut CappedSuits) -> R) -> R {
    MEMO.with(|memo| match memo.0.try_borrow_mut() {
        Ok(mut capped) => f(&mut capped),
        Err(_) => f(&mut CappedSuits::default()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_call_gets_a_memo_of_its_own() {
        let distinct = with_capped_suits(|outer| {
            let outer: *const CappedSuits = outer;
            with_capped_suits(|inner| !std::ptr::eq(outer, inner))
        });
        assert!(distinct);
    }
}

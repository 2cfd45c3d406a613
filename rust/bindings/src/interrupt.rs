//! Ctrl-C during long native calls. Python runs signal handlers only on its main thread, and only when that
//! thread holds the GIL and asks (`check_signals`); a long call that released the GIL and works until it is
//! done would never ask. So the work runs on a thread of its own while the calling thread waits with the GIL
//! released in short slices, taking the GIL between them to run the pending handlers. A handler that raises
//! (Ctrl-C: `KeyboardInterrupt`) sets the work's cancel flag, which the work reads often (a simulation:
//! before every deal); the work then returns what it finished, and the exception comes back beside it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;

/// How long the calling thread waits between two looks at the signals: the part of "stops within a second of
/// Ctrl-C" spent noticing it.
const SIGNAL_CHECK: Duration = Duration::from_millis(20);

/// Runs `work(cancel)` without the GIL on a thread of its own, checking Python's signals meanwhile; a signal
/// handler's exception sets `cancel` and is returned with the work's result (which the work makes as soon
/// as it sees the flag). A panic in the work resumes on this thread.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> (T, Option<PyErr>) {
    let cancel = AtomicBool::new(false);
    let finished = (Mutex::new(false), Condvar::new());
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            // Set even if the work panics, so that the wait below ends.
            struct Done<'a>(&'a (Mutex<bool>, Condvar));
            impl Drop for Done<'_> {
                fn drop(&mut self) {
                    let (lock, signal) = self.0;
                    *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
                    signal.notify_all();
                }
            }
            let _done = Done(&finished);
            work(&cancel)
        });
        let mut raised = None;
        loop {
            let done = py.detach(|| {
                let (lock, signal) = &finished;
                let guard = lock.lock().unwrap_or_else(|e| e.into_inner());
                let (guard, _) = signal
                    .wait_timeout_while(guard, SIGNAL_CHECK, |done| !*done)
                    .unwrap_or_else(|e| e.into_inner());
                *guard
            });
            if done {
                break;
            }
            if raised.is_none() {
                if let Err(error) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    raised = Some(error);
                }
            }
        }
        match py.detach(|| worker.join()) {
            Ok(result) => (result, raised),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Whether `error` is Ctrl-C's `KeyboardInterrupt` (a run then returns what it finished).
pub fn is_keyboard_interrupt(py: Python<'_>, error: &PyErr) -> bool {
    error.is_instance_of::<PyKeyboardInterrupt>(py)
}

//! The `ghosts` argument of the single calls (`is_win`, `shanten`, `waits`). A call that names ghosts is
//! answered by `mjcore.analysis.ghost_calls.native`, the one place that says what a hand with ghosts means to
//! each call (it reads the ghosts, turns the concealed ones into wild tiles and calls back without them); a call
//! without ghosts never leaves the core, so the plain path pays only for an argument left at None.

use mjcore_engine::forms::FormOptions;
use pyo3::call::PyCallArgs;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

/// `ghosts` when the call names some (None and an absent argument name none).
pub fn named<'a, 'py>(ghosts: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    ghosts.filter(|g| !g.is_none())
}

/// `ghost_calls.native(*args)`: `args` is the call's name and its arguments. The function is looked up once.
/// Kept out of line, so that the calls without ghosts compile as they did without the argument.
#[cold]
#[inline(never)]
pub fn answer<'py>(py: Python<'py>, args: impl PyCallArgs<'py>) -> PyResult<Bound<'py, PyAny>> {
    static NATIVE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let native = NATIVE.get_or_try_init(py, || {
        Ok::<_, PyErr>(
            py.import("mjcore.analysis.ghost_calls")?
                .getattr("native")?
                .unbind(),
        )
    })?;
    native.bind(py).call1(args)
}

/// [`answer`] for the calls whose arguments are the hand and its form options (`is_win`, `shanten`).
#[cold]
#[inline(never)]
pub fn answer_hand_call<'py>(
    call: &str,
    hand: &Bound<'py, PyAny>,
    opts: FormOptions,
    ghosts: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let args = (
        call,
        hand,
        opts.forms.0,
        opts.seven_pairs_quads,
        opts.wild_fifth_copy,
        ghosts,
    );
    answer(hand.py(), args)
}

//! `mjcore._core.advise`: the discard advisor's rows (docs/advisor.md), which `mjcore.analysis.advisor.advise`
//! checks the arguments for, sorts and wraps in `Advice`.

use mjcore_engine::advisor::{advise as engine_advise, AdviceQuery};
use mjcore_engine::{Counts, NUM_KINDS};
use pyo3::prelude::*;

use crate::errors::{argument, IntoPyResult};
use crate::forms_arg::FormsArg;
use crate::hand_arg::single_input;

/// One row: (kind or None, shanten, [(kind, copies unseen)], win, ready, value), the curves as lists.
type Row = (Option<u8>, i8, Vec<(u8, u8)>, Vec<f64>, Vec<f64>, Vec<f64>);

/// The advisor's rows of `hand`, unsorted (3n+2: one per distinct real concealed kind, in kind order; 3n+1:
/// one row with no tile), for `draws` draws, the first from `wall` tiles, `seen` (34 counts) visible.
#[pyfunction]
#[pyo3(signature = (hand, forms, seven_pairs_quads, draws, seen, wall))]
pub fn advise(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    forms: FormsArg,
    seven_pairs_quads: bool,
    draws: usize,
    seen: Vec<u8>,
    wall: u32,
) -> PyResult<Vec<Row>> {
    let opts = forms.options(seven_pairs_quads, true)?;
    let input = single_input(hand, opts)?;
    let seen: Counts = seen
        .try_into()
        .map_err(|_| argument(format!("seen must hold {NUM_KINDS} counts")))?;
    let query = AdviceQuery { draws, wall, seen };
    let rows = py
        .detach(|| engine_advise(&input.hand, input.opts, &query))
        .py_err()?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let useful = r.useful.iter().map(|&(t, n)| (t.index(), n)).collect();
            (
                r.tile.map(|t| t.index()),
                r.shanten,
                useful,
                r.win,
                r.ready,
                r.value,
            )
        })
        .collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(advise, m)?)?;
    Ok(())
}

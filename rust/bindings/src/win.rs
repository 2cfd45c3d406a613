//! Win detection: one hand, or a whole numpy array of plain concealed hands without the GIL.

use mjcore_engine::decompose::is_win as is_win_hand;
use mjcore_engine::row_code::Purpose;
use mjcore_engine::win::{is_win_codes_into, is_win_counts_with};
use mjcore_engine::HandShape;
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{map_batch, SizeRule};
use crate::convert::form_options;
use crate::errors::{Flag, IntoPyResult};
use crate::forms_arg::FormsArg;
use crate::ghost_calls;
use crate::hand_arg::single_input;

/// Whether a 3n+2-tile hand is complete in one of ``forms``. ``ghosts`` (a 推倒胡 ruleset or the kinds): those
/// kinds wild, see ``mjcore.analysis.ghost_calls``.
#[pyfunction]
#[pyo3(
    signature = (hand, forms = FormsArg::DEFAULT, *, seven_pairs_quads = Flag::TRUE, wild_fifth_copy = Flag::TRUE, ghosts = None),
    text_signature = "(hand, forms=mjcore.Forms.DEFAULT, *, seven_pairs_quads=True, wild_fifth_copy=True, ghosts=None)"
)]
pub fn is_win(
    hand: &Bound<'_, PyAny>,
    forms: FormsArg,
    seven_pairs_quads: Flag,
    wild_fifth_copy: Flag,
    ghosts: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let seven_pairs_quads = seven_pairs_quads.named("seven_pairs_quads")?;
    let wild_fifth_copy = wild_fifth_copy.named("wild_fifth_copy")?;
    let opts = forms.options(seven_pairs_quads, wild_fifth_copy)?;
    if let Some(ghosts) = ghost_calls::named(ghosts) {
        return ghost_calls::answer_hand_call("is_win", hand, opts, ghosts)?.extract();
    }
    let input = single_input(hand, opts)?;
    if input.is_plain() && matches!(input.shape, HandShape::Full { .. }) {
        // Already validated: straight to the table lookup, without validating again.
        return Ok(is_win_counts_with(&input.hand.concealed, input.opts));
    }
    is_win_hand(&input.hand, input.opts).py_err()
}

/// `is_win` of every row of a C-contiguous uint8 array of shape (N, 34): validates every row, then computes
/// on all cores without the GIL. Returns a bool array of shape (N,).
#[pyfunction]
pub fn is_win_batch<'py>(
    py: Python<'py>,
    arr: &Bound<'py, PyAny>,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    let wins = map_batch(
        arr,
        SizeRule::Complete,
        opts,
        Purpose::Win,
        |_| None,
        |codes, out| is_win_codes_into(codes, out, opts),
    )?;
    Ok(PyArray1::from_vec(py, wins))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(is_win, m)?)?;
    m.add_function(wrap_pyfunction!(is_win_batch, m)?)?;
    Ok(())
}

//! Shanten of one hand, per form, and of a batch of count rows.

use mjcore_engine::row_code::{Purpose, RowCode};
use mjcore_engine::shanten::FORM_ORDER;
use mjcore_engine::{shanten_code, shanten_codes_into, shanten_counts, FormOptions, FormSet};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{map_batch, SizeRule};
use crate::convert::{analysis_input, form_options, AnalysisInput};
use crate::errors::{Flag, IntoPyResult};
use crate::forms_arg::FormsArg;
use crate::ghost_calls;
use crate::hand_arg::single_input;

/// The shanten number (replacement number − 1): −1 complete, 0 ready (听牌). A tile of which the hand (melds
/// included) holds all four cannot be waited on. The minimum over ``forms``. ``ghosts`` (a 推倒胡 ruleset or
/// the kinds): those kinds wild, see ``mjcore.analysis.ghost_calls``.
#[pyfunction]
#[pyo3(
    signature = (hand, forms = FormsArg::DEFAULT, *, seven_pairs_quads = Flag::TRUE, wild_fifth_copy = Flag::TRUE, ghosts = None),
    text_signature = "(hand, forms=mjcore.Forms.DEFAULT, *, seven_pairs_quads=True, wild_fifth_copy=True, ghosts=None)"
)]
pub fn shanten(
    hand: &Bound<'_, PyAny>,
    forms: FormsArg,
    seven_pairs_quads: Flag,
    wild_fifth_copy: Flag,
    ghosts: Option<&Bound<'_, PyAny>>,
) -> PyResult<i8> {
    let seven_pairs_quads = seven_pairs_quads.named("seven_pairs_quads")?;
    let wild_fifth_copy = wild_fifth_copy.named("wild_fifth_copy")?;
    let opts = forms.options(seven_pairs_quads, wild_fifth_copy)?;
    if let Some(ghosts) = ghost_calls::named(ghosts) {
        return ghost_calls::answer_hand_call("shanten", hand, opts, ghosts)?.extract();
    }
    let input = single_input(hand, opts)?;
    if input.is_plain() {
        // The common call goes straight to the table path; when no selected form applies, the full path
        // below reports it.
        if let Some(shanten) = shanten_counts(&input.hand.concealed, input.opts) {
            return Ok(shanten);
        }
    }
    mjcore_engine::shanten(&input.hand, input.opts).py_err()
}

/// `[(form bit, shanten or None)]` for each selected form, in form-bit order.
#[pyfunction]
pub fn shanten_by_form(
    counts: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Vec<(u8, Option<i8>)>> {
    let AnalysisInput { hand, opts, .. } = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    let by_form = mjcore_engine::shanten_by_form(&hand, opts).py_err()?;
    Ok(FORM_ORDER
        .iter()
        .zip(by_form)
        .filter(|(form, _)| opts.forms.contains(**form))
        .map(|(form, value)| (form.0, value))
        .collect())
}

/// Shanten of every row of a C-contiguous uint8 (N, 34) array of concealed counts. Every row is validated
/// before any work; the work runs without the GIL on all cores; the int8 result is handed over without a copy.
#[pyfunction]
pub fn shanten_batch<'py>(
    arr: &Bound<'py, PyAny>,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    // Validated rows: some selected form applies to every one, so no NO_FORM marker is written.
    let shanten = map_batch(
        arr,
        SizeRule::AnyHand,
        opts,
        Purpose::Shanten,
        |code| no_form_applies(code, opts),
        |codes, out| shanten_codes_into(codes, out, opts),
    )?;
    Ok(PyArray1::from_vec(arr.py(), shanten))
}

/// A row to which no selected form applies (special forms only, for a hand that is not 13 or 14 tiles).
fn no_form_applies(code: &RowCode, opts: FormOptions) -> Option<String> {
    if opts.forms.contains(FormSet::STANDARD) {
        return None;
    }
    shanten_code(code, opts).is_none().then(|| {
        format!(
            "none of the selected forms (bits {}) applies to a hand of {} tiles",
            opts.forms.0,
            code.size().unwrap_or_default()
        )
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_by_form, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    Ok(())
}

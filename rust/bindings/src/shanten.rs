//! Shanten of one hand, per form, and of a batch of count rows.

use mjcore_engine::row_code::{Purpose, RowCode};
use mjcore_engine::shanten::FORM_ORDER;
use mjcore_engine::{shanten_code, shanten_codes_into, shanten_counts, FormOptions, FormSet, Hand};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{map_batch, SizeRule};
use crate::convert::{analysis_input, counts_from_py, form_options, hand_from_parts, MeldTuple};
use crate::errors::IntoPyResult;

/// The minimum shanten over the selected forms (−1 complete, 0 ready).
#[pyfunction]
pub fn shanten(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<i8> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    if melds.is_empty() && wilds == 0 {
        // Plain counts, the common call: validate and go straight to the table path.
        let hand = Hand::from_counts(counts_from_py(counts)?);
        hand.validate().py_err()?;
        if let Some(shanten) = shanten_counts(&hand.concealed, opts) {
            return Ok(shanten);
        }
        // No selected form applies: the full path reports it.
        return mjcore_engine::shanten(&hand, opts).py_err();
    }
    let hand = hand_from_parts(counts, melds, wilds, 0)?;
    mjcore_engine::shanten(&hand, opts).py_err()
}

/// `[(form bit, shanten or None)]` for each selected form, in form-bit order.
#[pyfunction]
pub fn shanten_by_form(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Vec<(u8, Option<i8>)>> {
    let (hand, opts) = analysis_input(
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

//! Parsing and formatting hands and tiles.

use mjcore_engine::notation;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::convert::{hand_from_parts, hand_to_py, MeldTuple};
use crate::errors::IntoPyResult;

/// Parses hand text (mpsz, Chinese, Unicode, melds) into (counts bytes, melds, wilds, flowers), validated.
#[pyfunction]
pub fn parse_hand<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyTuple>> {
    let hand = notation::parse_hand(text).py_err()?;
    hand_to_py(py, &hand)
}

/// Parses a list of playing tiles into kind indices, in order.
#[pyfunction]
pub fn parse_tiles(text: &str) -> PyResult<Vec<u8>> {
    Ok(notation::parse_tiles(text)
        .py_err()?
        .into_iter()
        .map(|t| t.index())
        .collect())
}

/// Formats a hand in canonical mpsz.
#[pyfunction]
#[pyo3(signature = (counts, melds = Vec::new(), wilds = 0, flowers = 0))]
pub fn format_hand(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    flowers: u8,
) -> PyResult<String> {
    let hand = hand_from_parts(counts, melds, wilds, flowers)?;
    Ok(notation::format_hand(&hand))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_hand, m)?)?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(format_hand, m)?)?;
    Ok(())
}

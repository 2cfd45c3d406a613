//! Decomposition of a complete hand into Python tuples.

use mjcore_engine::decompose::{decompose as decompose_hand, Decomposition, Group};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::convert::{analysis_input, MeldTuple};
use crate::errors::IntoPyResult;

/// A group as it crosses the boundary: (kind name, tiles, wild kinds, meld index or -1).
type GroupTuple<'py> = (&'static str, Bound<'py, PyTuple>, Bound<'py, PyTuple>, i16);
/// A decomposition as it crosses the boundary: (form name, groups, wild kinds sorted).
type DecompositionTuple<'py> = (&'static str, Vec<GroupTuple<'py>>, Bound<'py, PyTuple>);

/// Every distinct decomposition of a complete 3n+2 hand, sorted by (form, groups).
#[pyfunction]
pub fn decompose<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Vec<DecompositionTuple<'py>>> {
    let (hand, opts) = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    let found = decompose_hand(&hand, opts).py_err()?;
    found.iter().map(|d| decomposition_tuple(py, d)).collect()
}

fn decomposition_tuple<'py>(
    py: Python<'py>,
    decomposition: &Decomposition,
) -> PyResult<DecompositionTuple<'py>> {
    let wild_tiles = decomposition
        .wild_counts()
        .iter()
        .enumerate()
        .flat_map(|(kind, &n)| std::iter::repeat_n(kind as u8, n as usize))
        .collect::<Vec<_>>();
    let groups = decomposition
        .groups()
        .iter()
        .map(|g| group_tuple(py, g))
        .collect::<PyResult<_>>()?;
    Ok((
        decomposition.form.name(),
        groups,
        PyTuple::new(py, wild_tiles)?,
    ))
}

fn group_tuple<'py>(py: Python<'py>, group: &Group) -> PyResult<GroupTuple<'py>> {
    Ok((
        group.kind.name(),
        PyTuple::new(py, group.tiles())?,
        PyTuple::new(py, group.wild_tiles().collect::<Vec<_>>())?,
        group.meld.map_or(-1, i16::from),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    Ok(())
}

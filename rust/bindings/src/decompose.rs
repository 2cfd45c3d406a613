//! Decomposition of a complete hand into Python tuples.

use mjcore_engine::decompose::{decompose as decompose_hand, Decomposition, Group};
use pyo3::prelude::*;

use crate::convert::{form_options, hand_from_parts, MeldTuple};
use crate::errors::IntoPyResult;

/// A group as it crosses the boundary: (kind name, tiles, wild kinds, meld index or -1).
type GroupTuple = (&'static str, Vec<u8>, Vec<u8>, i16);
/// A decomposition as it crosses the boundary: (form name, groups, wild kinds sorted).
type DecompositionTuple = (&'static str, Vec<GroupTuple>, Vec<u8>);

/// Every distinct decomposition of a complete 3n+2 hand, sorted by (form, groups).
#[pyfunction]
pub fn decompose(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<Vec<DecompositionTuple>> {
    let hand = hand_from_parts(counts, melds, wilds, 0)?;
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    let found = decompose_hand(&hand, opts).py_err()?;
    Ok(found.iter().map(decomposition_tuple).collect())
}

fn decomposition_tuple(decomposition: &Decomposition) -> DecompositionTuple {
    let wild_tiles = decomposition
        .wild_counts()
        .iter()
        .enumerate()
        .flat_map(|(kind, &n)| std::iter::repeat_n(kind as u8, n as usize))
        .collect();
    let groups = decomposition.groups().iter().map(group_tuple).collect();
    (decomposition.form.name(), groups, wild_tiles)
}

fn group_tuple(group: &Group) -> GroupTuple {
    (
        group.kind.name(),
        group.tiles().to_vec(),
        group.wild_tiles().collect(),
        group.meld.map_or(-1, i16::from),
    )
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    Ok(())
}

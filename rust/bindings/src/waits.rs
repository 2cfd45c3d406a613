//! Waits and useful tiles of a 3n+1 hand; the discard (何切) table of a 3n+2 hand.

use mjcore_engine::waits::TileCount;
use pyo3::prelude::*;

use crate::convert::{analysis_input, counts_from_py};
use crate::errors::IntoPyResult;

/// A tile and its unseen copies as Python sees them: (kind 0..33, copies).
type PyTileCount = (u8, u8);

fn to_py_tiles(tiles: &[TileCount]) -> Vec<PyTileCount> {
    tiles.iter().map(|&(t, n)| (t.index(), n)).collect()
}

/// (shanten, [(tile, unseen copies)]) of a 3n+1 hand; InvalidHandError for a 3n+2 hand.
#[pyfunction]
#[allow(clippy::too_many_arguments)] // the flat argument list every analysis function shares
pub fn waits(
    counts: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
    visible: Option<&Bound<'_, PyAny>>,
) -> PyResult<(i8, Vec<PyTileCount>)> {
    let input = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    let visible = visible.map(counts_from_py).transpose()?;
    let (shanten, tiles) =
        mjcore_engine::waits(&input.hand, input.opts, visible.as_ref()).py_err()?;
    Ok((shanten, to_py_tiles(&tiles)))
}

/// [(discard, shanten after it, [(tile, unseen copies)])] of a 3n+2 hand, best first; InvalidHandError for a
/// 3n+1 hand. Only real tiles are offered as discards, never a wild.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn discards(
    counts: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
    visible: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(u8, i8, Vec<PyTileCount>)>> {
    let input = analysis_input(
        counts,
        melds,
        wilds,
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    )?;
    let visible = visible.map(counts_from_py).transpose()?;
    let rows = mjcore_engine::discards(&input.hand, input.opts, visible.as_ref()).py_err()?;
    Ok(rows
        .iter()
        .map(|row| (row.tile.index(), row.shanten, to_py_tiles(&row.useful)))
        .collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(discards, m)?)?;
    Ok(())
}

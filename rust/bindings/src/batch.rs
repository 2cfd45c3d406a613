//! Batch inputs: a C-contiguous uint8 numpy array of shape (N, 34), one hand's concealed counts per row.
//! Every row is validated before any work (the first bad row is named), then the work runs without the GIL,
//! in parallel over chunks of rows.

use mjcore_engine::hand::{HandShape, MAX_SETS};
use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, Tile, NUM_KINDS};
use numpy::{PyArrayDyn, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::{argument, bad_hand};

/// Rows per parallel task: large enough to amortise scheduling, small enough to balance two or more cores.
const ROWS_PER_TASK: usize = 16 * 1024;

/// Why one row is rejected, beyond the checks every row gets (counts 0..4, a 3n+1/3n+2 size).
pub struct RowProblem(pub String);

/// The array as read-only rows of 34 counts, or a TypeError (not a uint8 array) / InvalidArgumentError (wrong
/// shape, not C-contiguous).
pub fn count_rows<'py>(arr: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArrayDyn<'py, u8>> {
    let array = arr.cast::<PyArrayDyn<u8>>().map_err(|_| {
        PyTypeError::new_err("batch input must be a numpy uint8 array of shape (N, 34)")
    })?;
    let shape = array.shape();
    if shape.len() != 2 || shape[1] != NUM_KINDS {
        return Err(argument(format!(
            "batch input must have shape (N, 34), not {shape:?}"
        )));
    }
    if !array.is_c_contiguous() {
        return Err(argument(
            "batch input must be C-contiguous: pass np.ascontiguousarray(arr)",
        ));
    }
    Ok(array.readonly())
}

/// The rows' bytes after validating every row (`extra` adds a per-call check); the first bad row is named.
/// The common all-good case runs as two vectorised passes (largest count, then row sizes); only a failing
/// batch is searched row by row for the message.
pub fn validated_rows<'a>(
    rows: &'a PyReadonlyArrayDyn<'_, u8>,
    extra: impl Fn(&Counts) -> Option<RowProblem>,
) -> PyResult<&'a [u8]> {
    let data = rows
        .as_slice()
        .map_err(|_| argument("batch input must be C-contiguous"))?;
    let counts_ok = data.iter().fold(0u8, |most, &c| most.max(c)) <= COPIES;
    let sizes_ok = counts_ok && rows_of(data).all(|row| HAND_SIZES[row_size(row)]);
    if !sizes_ok {
        for (index, row) in rows_of(data).enumerate() {
            if let Some(problem) = row_problem(row) {
                return Err(bad_hand(format!("row {index}: {}", problem.0)));
            }
        }
    }
    for (index, row) in rows_of(data).enumerate() {
        if let Some(problem) = extra(row) {
            return Err(bad_hand(format!("row {index}: {}", problem.0)));
        }
    }
    Ok(data)
}

/// Most tiles a row of counts 0..4 can hold.
const MAX_ROW: usize = NUM_KINDS * COPIES as usize;

/// Whether each size 0..=136 is a hand size: 3n+1 or 3n+2 with n ≤ 5.
const HAND_SIZES: [bool; MAX_ROW + 1] = {
    let mut sizes = [false; MAX_ROW + 1];
    let mut size = 0;
    while size <= MAX_ROW {
        sizes[size] = size % 3 != 0 && size / 3 <= MAX_SETS;
        size += 1;
    }
    sizes
};

#[inline(always)]
fn row_size(row: &Counts) -> usize {
    row.iter().map(|&c| c as u16).sum::<u16>() as usize
}

/// Runs `fill(chunk bytes, results)` over chunks of rows in parallel, without the GIL, and returns one result
/// per row. `fill` reads its rows with [`rows_of`].
pub fn par_map_rows<T, F>(py: Python<'_>, data: &[u8], fill: F) -> Vec<T>
where
    T: Send + Default + Clone,
    F: Fn(&[u8], &mut [T]) + Sync,
{
    py.detach(|| {
        let mut out = vec![T::default(); data.len() / NUM_KINDS];
        out.par_chunks_mut(ROWS_PER_TASK)
            .zip(data.par_chunks(ROWS_PER_TASK * NUM_KINDS))
            .for_each(|(results, chunk)| fill(chunk, results));
        out
    })
}

/// Contiguous bytes as rows of 34 counts (the length is a multiple of 34 by the shape check, so every chunk
/// converts).
pub fn rows_of(data: &[u8]) -> impl Iterator<Item = &Counts> {
    data.chunks_exact(NUM_KINDS)
        .filter_map(|chunk| chunk.try_into().ok())
}

/// What is wrong with one row, if anything: a count above 4, or a size that is not 3n+1 / 3n+2 with n ≤ 5.
fn row_problem(row: &Counts) -> Option<RowProblem> {
    if let Some((kind, &count)) = row.iter().enumerate().find(|(_, &c)| c > COPIES) {
        let name = Tile::new(kind as u8).map(Tile::mpsz).unwrap_or_default();
        return Some(RowProblem(format!(
            "count of {name} (column {kind}) is {count}: must be 0..4"
        )));
    }
    HandShape::of_size(row_size(row))
        .err()
        .map(|e| RowProblem(e.to_string()))
}

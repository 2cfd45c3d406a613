//! Conversions between Python arguments and engine values. The Python layer (`mjcore.hand`) normalises every
//! accepted input to `(counts: bytes[34], melds: tuple, wilds: int, flowers: int)`; this module turns that
//! into an engine `Hand` and back.

use mjcore_engine::hand::{Hand, Meld, MeldKind};
use mjcore_engine::{Counts, FormOptions, FormSet, Tile, NUM_KINDS};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use crate::errors::{argument, bad_hand};

/// A meld as it crosses the boundary: (kind code 0..4, lowest tile 0..33, claimed tile or -1, from offset 0..3).
pub type MeldTuple = (u8, u8, i16, u8);

/// Reads 34 counts from any buffer-like or sequence of ints.
pub fn counts_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    let mut counts = [0u8; NUM_KINDS];
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        let data = bytes.as_bytes();
        check_length(data.len())?;
        counts.copy_from_slice(data);
        return Ok(counts);
    }
    if let Ok(list) = obj.cast::<PyList>() {
        // The common single-call input: read the items in place, without an intermediate Vec.
        check_length(list.len())?;
        for (i, slot) in counts.iter_mut().enumerate() {
            *slot = count_value(i, list_int(list, i)?)?;
        }
        return Ok(counts);
    }
    let values: Vec<i64> = obj.extract().map_err(|_| not_counts())?;
    check_length(values.len())?;
    for (i, v) in values.into_iter().enumerate() {
        counts[i] = count_value(i, v)?;
    }
    Ok(counts)
}

/// Item `index` of `list` as an integer. A plain int is read through the C API with a borrowed reference (no
/// reference-count traffic, no intermediate object), which matters on the single-call path; anything else
/// (a numpy integer, an object with `__index__`) goes through the general extraction.
fn list_int(list: &Bound<'_, PyList>, index: usize) -> PyResult<i64> {
    // SAFETY: `list` is a live list and we hold the GIL; PyList_GetItem checks the index and returns a
    // borrowed reference or null; the reference is used only here, while the list keeps it alive.
    let fast = unsafe {
        let item = pyo3::ffi::PyList_GetItem(list.as_ptr(), index as pyo3::ffi::Py_ssize_t);
        if !item.is_null() && pyo3::ffi::PyLong_CheckExact(item) != 0 {
            let value = pyo3::ffi::PyLong_AsLongLong(item);
            // -1 with an error set: the int does not fit 64 bits.
            if value == -1 && PyErr::take(list.py()).is_some() {
                return Err(bad_hand(format!(
                    "count at index {index} is far out of range: must be 0..4"
                )));
            }
            Some(value)
        } else {
            None
        }
    };
    match fast {
        Some(value) => Ok(value),
        None => list.get_item(index)?.extract().map_err(|_| not_counts()),
    }
}

fn check_length(len: usize) -> PyResult<()> {
    if len == NUM_KINDS {
        Ok(())
    } else {
        Err(bad_hand(format!("counts must have 34 entries, got {len}")))
    }
}

fn not_counts() -> PyErr {
    PyTypeError::new_err("counts must be bytes or a sequence of 34 integers")
}

/// A count 0..4 for kind `i`, or an error naming the tile.
fn count_value(i: usize, v: i64) -> PyResult<u8> {
    if !(0..=4).contains(&v) {
        let name = Tile::new(i as u8).map(|t| t.mpsz()).unwrap_or_default();
        return Err(bad_hand(format!(
            "count of {name} (index {i}) is {v}: must be 0..4"
        )));
    }
    Ok(v as u8)
}

pub fn meld_from_tuple(m: MeldTuple) -> PyResult<Meld> {
    let (kind, tile, claimed, from) = m;
    let kind = MeldKind::from_code(kind)
        .ok_or_else(|| bad_hand(format!("meld kind {kind} is not 0..4")))?;
    let tile = Tile::new(tile).ok_or_else(|| bad_hand(format!("meld tile {tile} is not 0..33")))?;
    let claimed = match claimed {
        -1 => None,
        c => Some(
            u8::try_from(c)
                .ok()
                .and_then(Tile::new)
                .ok_or_else(|| bad_hand(format!("claimed tile {c} is not 0..33")))?,
        ),
    };
    let from_offset = match from {
        0 => None,
        f => Some(f),
    };
    Ok(Meld {
        kind,
        tile,
        claimed,
        from_offset,
    })
}

pub fn meld_to_tuple(m: &Meld) -> MeldTuple {
    (
        m.kind as u8,
        m.tile.index(),
        m.claimed.map_or(-1, |t| t.index() as i16),
        m.from_offset.unwrap_or(0),
    )
}

/// Builds and validates an engine hand from the normalised Python arguments.
pub fn hand_from_parts(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    flowers: u8,
) -> PyResult<Hand> {
    let concealed = counts_from_py(counts)?;
    let melds = melds
        .into_iter()
        .map(meld_from_tuple)
        .collect::<PyResult<Vec<_>>>()?;
    let hand = Hand {
        concealed,
        melds,
        wilds,
        flowers,
    };
    hand.validate().map_err(crate::errors::to_py)?;
    Ok(hand)
}

/// The normalised tuple form of a hand for Python: (counts bytes, melds tuple, wilds, flowers).
pub fn hand_to_py<'py>(py: Python<'py>, hand: &Hand) -> PyResult<Bound<'py, PyTuple>> {
    let counts = PyBytes::new(py, &hand.concealed);
    let melds: Vec<MeldTuple> = hand.melds.iter().map(meld_to_tuple).collect();
    (counts, PyTuple::new(py, melds)?, hand.wilds, hand.flowers).into_pyobject(py)
}

/// Form options from the flags every analysis function takes.
pub fn form_options(
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<FormOptions> {
    let forms = FormSet::from_bits(forms)
        .ok_or_else(|| argument(format!("forms bit set {forms} is not within 0..15")))?;
    Ok(FormOptions {
        forms,
        seven_pairs_quads,
        wild_fifth_copy,
    })
}

/// The validated hand and form options of a single-hand analysis call (the flat argument list that
/// `is_win`, `decompose`, `shanten_by_form`, `waits` and `discards` share; flowers never matter to them).
pub fn analysis_input(
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<(Hand, FormOptions)> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    Ok((hand_from_parts(counts, melds, wilds, 0)?, opts))
}

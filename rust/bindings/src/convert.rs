//! Conversions between Python arguments and engine values. The Python layer (`mjcore.hand`) normalises every
//! accepted input to `(counts: bytes[34], melds: tuple, wilds: int, flowers: int)`; this module turns that
//! into an engine `Hand` and back.

use mjcore_engine::hand::{Hand, Meld, MeldKind};
use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, FormOptions, FormSet, HandShape, Tile, NUM_KINDS};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyTuple};

use crate::errors::{argument, bad_hand, wrong_type, IntoPyResult};
use crate::sequence_items::small_int_counts;

/// A meld as it crosses the boundary: (kind code 0..4, lowest tile 0..33, claimed tile or -1, from offset 0..3).
pub type MeldTuple = (u8, u8, i16, u8);

/// Reads 34 counts from bytes or a sequence of ints.
pub fn counts_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    // The common single-call input: a plain list (or tuple) of the shared ints 0..4.
    if let Some(counts) = small_int_counts(obj) {
        return Ok(counts);
    }
    if let Ok(bytes) = obj.cast::<PyBytes>() {
        let data = bytes.as_bytes();
        check_length(data.len())?;
        let mut counts = [0u8; NUM_KINDS];
        counts.copy_from_slice(data);
        check_counts(&counts)?;
        return Ok(counts);
    }
    // Lists and tuples, the common single-call inputs, are read in place through borrowed item pointers.
    if let Ok(list) = obj.cast::<PyList>() {
        check_length(list.len())?;
        // SAFETY: `list` is a live list and the GIL is held; PyList_GetItem checks the index.
        return read_counts(obj.py(), |i| unsafe {
            ffi::PyList_GetItem(list.as_ptr(), i)
        });
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        check_length(tuple.len())?;
        // SAFETY: as above, for a tuple.
        return read_counts(obj.py(), |i| unsafe {
            ffi::PyTuple_GetItem(tuple.as_ptr(), i)
        });
    }
    let values: Vec<i64> = obj.extract().map_err(|_| not_counts())?;
    check_length(values.len())?;
    let mut counts = [0u8; NUM_KINDS];
    for (i, v) in values.into_iter().enumerate() {
        counts[i] = count_value(i, v)?;
    }
    Ok(counts)
}

/// The interpreter's objects for the ints 0..=4. CPython keeps one shared object per small int, so a count
/// in a list is nearly always one of these and is read by identity alone, without converting it.
fn small_counts(py: Python<'_>) -> &[Py<PyAny>; COPIES as usize + 1] {
    static SMALL_COUNTS: PyOnceLock<[Py<PyAny>; COPIES as usize + 1]> = PyOnceLock::new();
    SMALL_COUNTS.get_or_init(py, || {
        std::array::from_fn(|n| {
            let Ok(int) = (n as u8).into_pyobject(py);
            int.into_any().unbind()
        })
    })
}

/// Reads the 34 items of a list or tuple through `item`, which returns a borrowed reference to item `i` (or
/// null with an exception set when `i` is out of range).
fn read_counts(
    py: Python<'_>,
    item: impl Fn(ffi::Py_ssize_t) -> *mut ffi::PyObject,
) -> PyResult<Counts> {
    let small = small_counts(py);
    let mut counts = [0u8; NUM_KINDS];
    for (i, slot) in counts.iter_mut().enumerate() {
        // Fetched anew for each item: a slow conversion below may run Python code that changes the sequence.
        let pointer = item(i as ffi::Py_ssize_t);
        if let Some(n) = small.iter().position(|int| int.as_ptr() == pointer) {
            *slot = n as u8;
            continue;
        }
        // SAFETY: a non-null result is a borrowed reference to an item the sequence keeps alive; it is
        // turned into an owned reference before any Python code can run.
        let value = unsafe { Bound::from_borrowed_ptr_or_err(py, pointer)? };
        *slot = count_value(i, int_value(i, &value)?)?;
    }
    Ok(counts)
}

/// A count that is not a small shared int: any other int, a numpy integer, an object with `__index__`.
fn int_value(index: usize, value: &Bound<'_, PyAny>) -> PyResult<i64> {
    // bool is an int subclass, but a count given as True is a mistake, as `mjcore.Hand` says too.
    if value.is_instance_of::<PyBool>() {
        let name = Tile::new(index as u8).map(|t| t.mpsz()).unwrap_or_default();
        return Err(wrong_type(format!(
            "count of {name} (index {index}) must be an int, not bool"
        )));
    }
    if let Ok(int) = value.cast::<PyInt>() {
        return int.extract().map_err(|_| {
            bad_hand(format!(
                "count at index {index} is far out of range: must be 0..4"
            ))
        });
    }
    value.extract().map_err(|_| not_counts())
}

/// Every count 0..4, or an error naming the first that is not (bytes and arrays hold any 0..255).
pub fn check_counts(counts: &Counts) -> PyResult<()> {
    if counts.iter().all(|&c| c <= COPIES) {
        return Ok(());
    }
    for (i, &c) in counts.iter().enumerate() {
        count_value(i, c.into())?;
    }
    Ok(())
}

pub fn check_length(len: usize) -> PyResult<()> {
    if len == NUM_KINDS {
        Ok(())
    } else {
        Err(bad_hand(format!("counts must have 34 entries, got {len}")))
    }
}

fn not_counts() -> PyErr {
    wrong_type("counts must be bytes or a sequence of 34 integers")
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
    let hand = Hand {
        concealed,
        melds: melds_from_tuples(melds)?,
        wilds,
        flowers,
    };
    hand.validate().py_err()?;
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

/// The validated hand of a single-hand analysis call (`is_win`, `decompose`, `shanten`, `shanten_by_form`,
/// `waits`, `discards` share one flat argument list), its shape and the form options. Flowers never
/// matter to these calls.
pub struct AnalysisInput {
    pub hand: Hand,
    pub shape: HandShape,
    pub opts: FormOptions,
}

impl AnalysisInput {
    /// Plain concealed counts, no melds and no wilds: the input the engine's table paths take.
    pub fn is_plain(&self) -> bool {
        self.hand.melds.is_empty() && self.hand.wilds == 0
    }
}

pub fn analysis_input(
    counts: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wilds: u8,
    forms: u8,
    seven_pairs_quads: bool,
    wild_fifth_copy: bool,
) -> PyResult<AnalysisInput> {
    let opts = form_options(forms, seven_pairs_quads, wild_fifth_copy)?;
    input_from_parts(counts, melds, wilds, opts)
}

/// [`analysis_input`] with the form options already read.
pub fn input_from_parts(
    counts: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    wilds: u8,
    opts: FormOptions,
) -> PyResult<AnalysisInput> {
    let melds = melds_from_py(melds)?;
    if melds.is_empty() && wilds == 0 {
        // Reading the counts checked each one, so the size is all that is left to validate.
        let hand = Hand::from_counts(counts_from_py(counts)?);
        let shape = hand.shape().py_err()?;
        return Ok(AnalysisInput { hand, shape, opts });
    }
    let hand = Hand {
        concealed: counts_from_py(counts)?,
        melds,
        wilds,
        flowers: 0,
    };
    let shape = hand.validate().py_err()?;
    Ok(AnalysisInput { hand, shape, opts })
}

/// The declared melds from a sequence of meld tuples. The empty tuple, by far the most common argument,
/// is recognised without iterating it.
fn melds_from_py(melds: &Bound<'_, PyAny>) -> PyResult<Vec<Meld>> {
    if melds.cast::<PyTuple>().is_ok_and(|t| t.is_empty()) {
        return Ok(Vec::new());
    }
    melds_from_tuples(melds.extract()?)
}

fn melds_from_tuples(melds: Vec<MeldTuple>) -> PyResult<Vec<Meld>> {
    melds.into_iter().map(meld_from_tuple).collect()
}

//! The hand argument of the public single-hand calls (`mjcore.is_win`, `mjcore.shanten`, `mjcore.waits`),
//! which are these native functions themselves. The plain spellings of 34 counts — bytes, a list or tuple of
//! ints, a row of a numpy uint8 array — are read here in place, and so are the two spellings users write most
//! after them: hand text that parses, and a `mjcore.Hand` without melds. Every other spelling (a `Hand` with
//! melds, text the parser refuses, a bytearray, any other array or sequence) goes to
//! `mjcore.analysis._native_parts`, the Python coercion the reference applies too, so each spelling keeps
//! exactly the answers and errors it has always had: the native readers only ever answer what that coercion
//! would have answered, and step aside on anything else.

use mjcore_engine::hand::Hand;
use mjcore_engine::tile::COPIES;
use mjcore_engine::{notation, Counts, FormOptions, NUM_KINDS};
use numpy::npyffi::{self, NPY_TYPES};
use numpy::{PyArray1, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyInt, PyList, PyString, PyTuple};

use crate::convert::{check_counts, check_length, counts_from_py, input_from_parts, AnalysisInput};
use crate::errors::IntoPyResult;
use crate::score_objects::HAND;

/// The counts of a plain spelling, or None when `obj` is not one (the caller then asks Python).
pub fn plain_counts(obj: &Bound<'_, PyAny>) -> Option<PyResult<Counts>> {
    if obj.is_exact_instance_of::<PyBytes>()
        || obj.is_exact_instance_of::<PyList>()
        || obj.is_exact_instance_of::<PyTuple>()
    {
        return Some(counts_from_py(obj));
    }
    // SAFETY: `obj` is a live object; the check reads its type only.
    if unsafe { npyffi::PyArray_CheckExact(obj.py(), obj.as_ptr()) } != 0 {
        // SAFETY: just checked to be exactly a numpy array.
        let array = unsafe { obj.cast_unchecked::<PyUntypedArray>() };
        return uint8_row(array);
    }
    None
}

/// The counts of a one-dimensional uint8 array, read through its data pointer and stride (a row or a column
/// of a 2-D array alike); None for any other array, which the Python coercion reads item by item.
fn uint8_row(array: &Bound<'_, PyUntypedArray>) -> Option<PyResult<Counts>> {
    if array.ndim() != 1 || array.dtype().num() != NPY_TYPES::NPY_UBYTE as i32 {
        return None;
    }
    if let Err(error) = check_length(array.shape()[0]) {
        return Some(Err(error));
    }
    let stride = array.strides()[0];
    // SAFETY: a uint8 array of one dimension: `cast_unchecked` only relabels it; its 34 items lie at `data`
    // plus multiples of its stride, and nothing runs between these reads that could free or resize it.
    let counts: Counts = unsafe {
        let data = array.cast_unchecked::<PyArray1<u8>>().data();
        std::array::from_fn(|i| *data.offset(i as isize * stride))
    };
    Some(check_counts(&counts).map(|()| counts))
}

/// `mjcore.analysis._native_parts`: `(counts bytes, melds tuple, wilds)` of any hand spelling.
fn native_parts(py: Python<'_>) -> PyResult<&Py<PyAny>> {
    static PARTS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    PARTS.get_or_try_init(py, || {
        Ok(py
            .import("mjcore.analysis.calls")?
            .getattr("_native_parts")?
            .unbind())
    })
}

/// The engine hand of hand text or of a `mjcore.Hand` without melds, validated, as `_native_parts` reads
/// it (flowers dropped: no single-hand call reads them); None for any other object, and for text or a `Hand`
/// that this reader does not accept as it is, which the Python coercion then reads or refuses in its words.
///
/// Text: the parser `mjcore.parse_hand` itself calls; exactly a `str` (a subclass may override what it
/// reads as). A `Hand`: exactly the class (a subclass may add meaning), its fields read as stored — the
/// class validated them when it was built.
pub fn spelled_hand(obj: &Bound<'_, PyAny>) -> Option<Hand> {
    let py = obj.py();
    if obj.is_exact_instance_of::<PyString>() {
        // SAFETY: just checked to be exactly a str.
        let text = unsafe { obj.cast_unchecked::<PyString>() }.to_str().ok()?;
        if let Some(hand) = plain_mpsz(text.as_bytes()) {
            return Some(hand);
        }
        let mut hand = notation::parse_hand(text).ok()?;
        hand.flowers = 0;
        return Some(hand);
    }
    if !obj.get_type().is(HAND.get(py).ok()?) {
        return None;
    }
    let melds = obj.getattr(intern!(py, "melds")).ok()?;
    if !melds.cast::<PyTuple>().is_ok_and(|melds| melds.is_empty()) {
        return None;
    }
    let wilds = obj.getattr(intern!(py, "wilds")).ok()?;
    if !wilds.is_exact_instance_of::<PyInt>() {
        return None;
    }
    let hand = Hand {
        concealed: counts_from_py(&obj.getattr(intern!(py, "concealed")).ok()?).ok()?,
        wilds: wilds.extract().ok()?,
        ..Hand::default()
    };
    hand.validate().ok()?;
    Some(hand)
}

/// Longest text [`plain_mpsz`] reads: a hand of 17 tiles and four suit letters, with room to spare. Longer
/// text goes to the full parser, and no count can overflow below it.
const PLAIN_MPSZ_LONGEST: usize = 40;

/// The hand of the commonest text, plain mpsz — runs of digits 1–9 each closed by m, p or s, or of 1–7
/// closed by z, nothing else — read in one pass without the full parser's character buffer; None for any
/// other text (spaces, melds, wilds, red fives, flowers, Chinese or Unicode tiles), for more than four of a
/// kind and for a size that is not a hand, all of which the full parser reads or names.
pub fn plain_mpsz(text: &[u8]) -> Option<Hand> {
    if text.len() > PLAIN_MPSZ_LONGEST {
        return None;
    }
    let mut counts: Counts = [0; NUM_KINDS];
    let mut run_start = 0;
    for (end, &byte) in text.iter().enumerate() {
        let (first, kinds) = match byte {
            b'1'..=b'9' => continue,
            b'm' => (0, 9),
            b'p' => (9, 9),
            b's' => (18, 9),
            b'z' => (27, 7),
            _ => return None,
        };
        let digits = &text[run_start..end];
        if digits.is_empty() {
            return None;
        }
        for &digit in digits {
            let offset = usize::from(digit - b'1');
            if offset >= kinds {
                return None;
            }
            counts[first + offset] += 1;
        }
        run_start = end + 1;
    }
    if run_start != text.len() || counts.iter().any(|&count| count > COPIES) {
        return None;
    }
    let hand = Hand::from_counts(counts);
    hand.shape().ok().map(|_| hand)
}

/// The validated input of a public single-hand call.
pub fn single_input(hand: &Bound<'_, PyAny>, opts: FormOptions) -> PyResult<AnalysisInput> {
    if let Some(counts) = plain_counts(hand) {
        // Reading the counts checked each one, so the size is all that is left to validate.
        let hand = Hand::from_counts(counts?);
        let shape = hand.shape().py_err()?;
        return Ok(AnalysisInput { hand, shape, opts });
    }
    if let Some(hand) = spelled_hand(hand) {
        let shape = hand.shape().py_err()?;
        return Ok(AnalysisInput { hand, shape, opts });
    }
    let parts = native_parts(hand.py())?.bind(hand.py()).call1((hand,))?;
    let (counts, melds, wilds): (Bound<'_, PyAny>, Bound<'_, PyAny>, u8) = parts.extract()?;
    input_from_parts(&counts, &melds, wilds, opts)
}

//! The items of a list or tuple of small ints, read in place. A count list is read on every single call, and
//! through the stable ABI each item costs a call into the interpreter (`PyList_GetItem`) plus a search among
//! the shared ints 0..4; here the item array is read straight from the object and each item is placed by
//! its address. Both rest on facts of the running interpreter that the stable ABI does not promise — where
//! a list or tuple keeps its item pointers, and that the shared ints 0..4 lie evenly spaced — so both are
//! verified once against the ABI's own answers, and when either fails to hold the callers keep the
//! per-item path (`convert::read_counts`), which is always correct.

use mjcore_engine::tile::COPIES;
use mjcore_engine::{Counts, NUM_KINDS};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple};

/// What was verified of this interpreter.
struct Layout {
    /// Offset in words, from a list's start, of its pointer to the item array.
    list_items: Option<usize>,
    /// Offset in words, from a tuple's start, of its inline item array.
    tuple_items: Option<usize>,
    /// Address of the shared int 0, when the shared ints 0..=4 lie `INT_SPACING` bytes apart.
    small_ints: Option<usize>,
}

fn layout(py: Python<'_>) -> &'static Layout {
    static LAYOUT: PyOnceLock<Layout> = PyOnceLock::new();
    LAYOUT.get_or_init(py, || {
        probe(py).unwrap_or(Layout {
            list_items: None,
            tuple_items: None,
            small_ints: None,
        })
    })
}

/// Word size: the item pointers, the object header's fields.
const WORD: usize = std::mem::size_of::<usize>();

/// log2 of the spacing of the shared small ints: one 32-byte int object each in CPython 3.11 to 3.14. A
/// constant, so that the item loop below compiles to shifts and masks the compiler can vectorise.
const INT_SHIFT: u32 = 5;
const INT_SPACING: usize = 1 << INT_SHIFT;

fn probe(py: Python<'_>) -> PyResult<Layout> {
    let ints: Vec<Bound<'_, PyAny>> = (0..=COPIES)
        .map(|n| {
            let Ok(int) = n.into_pyobject(py);
            int.into_any()
        })
        .collect();
    let pointers: Vec<*mut ffi::PyObject> = ints.iter().map(|i| i.as_ptr()).collect();
    let list = PyList::new(py, &ints)?;
    let tuple = PyTuple::new(py, &ints)?;
    let list_size: usize = list.get_type().getattr("__basicsize__")?.extract()?;
    let tuple_size: usize = tuple.get_type().getattr("__basicsize__")?.extract()?;
    let tuple_item: usize = tuple.get_type().getattr("__itemsize__")?.extract()?;
    // A list or tuple starts with the classic variable-size header (refcount, type, size); a list's item
    // pointer follows. Read that pointer only when the object is large enough and the header words are the
    // type and the size.
    // SAFETY: the words read lie within the list's `__basicsize__`; its item array holds five pointers.
    let list_items = (list_size >= 4 * WORD
        && unsafe {
            let words = list.as_ptr() as *const usize;
            *words.add(1) == list.get_type().as_ptr() as usize
                && *words.add(2) == pointers.len()
                && {
                    let items = *(words.add(3) as *const *const *mut ffi::PyObject);
                    !items.is_null()
                        && std::slice::from_raw_parts(items, pointers.len()) == pointers
                }
        })
    .then_some(3);
    // A tuple keeps its items inline, right after its fixed part of `__basicsize__` bytes.
    // SAFETY: a tuple of five items spans its basic size plus five item words.
    // SAFETY: a tuple's header is within its basic size.
    let tuple_items = (tuple_item == WORD
        && tuple_size % WORD == 0
        && tuple_size >= 3 * WORD
        && unsafe { *(tuple.as_ptr() as *const usize).add(2) == pointers.len() }
        && unsafe {
            let items = (tuple.as_ptr() as *const u8).add(tuple_size) as *const *mut ffi::PyObject;
            std::slice::from_raw_parts(items, pointers.len()) == pointers
        })
    .then_some(tuple_size / WORD);
    let first = pointers[0] as usize;
    let even = pointers
        .iter()
        .enumerate()
        .all(|(n, &p)| p as usize == first.wrapping_add(n * INT_SPACING));
    Ok(Layout {
        list_items,
        tuple_items,
        small_ints: even.then_some(first),
    })
}

/// The counts of `obj` when it is exactly a list or a tuple of 34 items every one of which is a shared int
/// 0..4; None otherwise, or when the layout is not the verified one (the caller then reads item by item,
/// and names any bad item).
#[inline]
pub fn small_int_counts(obj: &Bound<'_, PyAny>) -> Option<Counts> {
    let layout = layout(obj.py());
    let first = layout.small_ints?;
    // SAFETY (the four blocks below): the layout was verified for this interpreter; `obj` is exactly a list
    // or a tuple (checked first), so its header holds its size word, and the items are read only once that
    // says 34. The caller keeps `obj` alive, and no Python code runs while the borrowed pointers are read.
    let words = obj.as_ptr() as *const *mut ffi::PyObject;
    let items: *const *mut ffi::PyObject = if obj.is_exact_instance_of::<PyList>() {
        unsafe { *(words.add(layout.list_items?) as *const *const *mut ffi::PyObject) }
    } else if obj.is_exact_instance_of::<PyTuple>() {
        unsafe { words.add(layout.tuple_items?) }
    } else {
        return None;
    };
    if unsafe { *(words.add(2) as *const usize) } != NUM_KINDS {
        return None;
    }
    let items = unsafe { std::slice::from_raw_parts(items, NUM_KINDS) };
    let mut counts = [0u8; NUM_KINDS];
    let mut largest = 0usize;
    for (slot, &item) in counts.iter_mut().zip(items) {
        // The distance from the shared 0 turned right by the spacing: the int's value for one of the shared
        // ints, and far above 4 for any other address (one below 0 wraps to a huge distance, one between
        // two shared ints brings its low bits to the top). So the largest of them alone says whether every
        // item was a shared 0..4: no branch per item, five operations.
        let n = (item as usize).wrapping_sub(first).rotate_right(INT_SHIFT);
        largest = largest.max(n);
        *slot = n as u8;
    }
    (largest <= usize::from(COPIES)).then_some(counts)
}

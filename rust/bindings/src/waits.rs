//! `mjcore.waits`: the waits and useful tiles of a 3n+1 hand, the discard (何切) table of a 3n+2 hand.

use mjcore_engine::tile::COPIES;
use mjcore_engine::waits::TileCount;
use mjcore_engine::{plain_waits, Counts, FormOptions, Hand, HandShape, NUM_KINDS};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyTuple, PyType};

use crate::dataclass_object::DataclassType;
use crate::errors::{argument, Flag, IntoPyResult};
use crate::forms_arg::FormsArg;
use crate::ghost_calls;
use crate::hand_arg::{plain_counts, single_input, spelled_hand};

/// `mjcore.results.Waits` and `DiscardChoice`, and `mjcore.hand.coerce_counts`, looked up once.
struct WaitsPython {
    waits: DataclassType<2>,
    discard: DataclassType<3>,
    coerce_counts: Py<PyAny>,
}

fn waits_python(py: Python<'_>) -> PyResult<&WaitsPython> {
    static TYPES: PyOnceLock<WaitsPython> = PyOnceLock::new();
    TYPES.get_or_try_init(py, || {
        let results = py.import("mjcore.analysis.results")?;
        let class = |name: &str| {
            results
                .getattr(name)?
                .cast_into::<PyType>()
                .map_err(PyErr::from)
        };
        Ok(WaitsPython {
            waits: DataclassType::new(class("Waits")?, ["shanten", "tiles"])?,
            discard: DataclassType::new(class("DiscardChoice")?, ["discard", "shanten", "tiles"])?,
            coerce_counts: py.import("mjcore.hand")?.getattr("coerce_counts")?.unbind(),
        })
    })
}

/// For a 3n+1 hand: its shanten and the winning tiles (when ready) or the useful tiles (进张) that lower
/// the shanten, each with the copies still unseen. For a 3n+2 hand: the 何切 table, one ``DiscardChoice`` per
/// distinct discard, best first (lowest shanten, then most useful copies, then tile order).
///
/// ``visible``: optional 34 counts of tiles seen elsewhere (discards, other players' melds) that are no
/// longer available. ``ghosts`` (a 推倒胡 ruleset or the kinds): those kinds wild, a drawn ghost listed among
/// the tiles of every hand; see ``mjcore.analysis.ghost_calls``.
#[pyfunction]
#[pyo3(
    signature = (hand, forms = FormsArg::DEFAULT, *, visible = None, seven_pairs_quads = Flag::TRUE, wild_fifth_copy = Flag::TRUE, ghosts = None),
    text_signature = "(hand, forms=mjcore.Forms.DEFAULT, *, visible=None, seven_pairs_quads=True, wild_fifth_copy=True, ghosts=None)"
)]
pub fn waits<'py>(
    hand: &Bound<'py, PyAny>,
    forms: FormsArg,
    visible: Option<&Bound<'py, PyAny>>,
    seven_pairs_quads: Flag,
    wild_fifth_copy: Flag,
    ghosts: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let seven_pairs_quads = seven_pairs_quads.named("seven_pairs_quads")?;
    let wild_fifth_copy = wild_fifth_copy.named("wild_fifth_copy")?;
    let py = hand.py();
    let opts = forms.options(seven_pairs_quads, wild_fifth_copy)?;
    if let Some(ghosts) = ghost_calls::named(ghosts) {
        let args = (
            "waits",
            hand,
            opts.forms.0,
            visible,
            seven_pairs_quads,
            wild_fifth_copy,
            ghosts,
        );
        return ghost_calls::answer(py, args);
    }
    let types = waits_python(py)?;
    if visible.is_none() {
        if let Some(answer) = plain_waits_object(hand, opts, types)? {
            return Ok(answer);
        }
    }
    let input = single_input(hand, opts)?;
    let visible = visible.map(|v| visible_counts(types, v)).transpose()?;
    if let HandShape::Full { .. } = input.shape {
        let rows = mjcore_engine::discards(&input.hand, input.opts, visible.as_ref()).py_err()?;
        let objects = rows.iter().map(|row| {
            let fields = [
                row.tile.index().into_pyobject(py)?.into_any(),
                row.shanten.into_pyobject(py)?.into_any(),
                tiles_tuple(py, &row.useful)?.into_any(),
            ];
            types.discard.instance(py, fields)
        });
        return Ok(PyList::new(py, objects.collect::<PyResult<Vec<_>>>()?)?.into_any());
    }
    let (shanten, tiles) =
        mjcore_engine::waits(&input.hand, input.opts, visible.as_ref()).py_err()?;
    let fields = [
        shanten.into_pyobject(py)?.into_any(),
        tiles_tuple(py, &tiles)?.into_any(),
    ];
    types.waits.instance(py, fields)
}

/// The fast path of the commonest call — 13 plain counts (bytes, a list, a numpy row, text or a `Hand` without
/// melds or wilds), nothing visible — read and checked once and answered from the useful-kind bit set straight into the result object. `None`: not
/// such a hand, or one the all-at-once path does not answer; the general path then answers or names the
/// problem (a bad count is refused by either, with the same words).
fn plain_waits_object<'py>(
    hand: &Bound<'py, PyAny>,
    opts: FormOptions,
    types: &WaitsPython,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let counts = match plain_counts(hand) {
        Some(counts) => counts?,
        None => match spelled_hand(hand) {
            Some(spelled) if spelled.melds.is_empty() && spelled.wilds == 0 => spelled.concealed,
            _ => return Ok(None),
        },
    };
    if !matches!(
        Hand::from_counts(counts).shape(),
        Ok(HandShape::Waiting { .. })
    ) {
        return Ok(None);
    }
    let Some((shanten, mut useful)) = plain_waits(&counts, opts) else {
        return Ok(None);
    };
    let py = hand.py();
    let pairs = tile_counts(py)?;
    let mut tiles = Vec::with_capacity(useful.count_ones() as usize);
    while useful != 0 {
        let kind = useful.trailing_zeros() as usize;
        useful &= useful - 1;
        tiles.push(pairs[kind][usize::from(COPIES - counts[kind])].bind(py));
    }
    let fields = [
        shanten.into_pyobject(py)?.into_any(),
        PyTuple::new(py, tiles)?.into_any(),
    ];
    types.waits.instance(py, fields).map(Some)
}

/// The counts of `visible`: the plain spellings read natively; any other, or any that fails to read, goes to
/// `coerce_counts`, which has always read this argument and names its errors.
fn visible_counts(types: &WaitsPython, visible: &Bound<'_, PyAny>) -> PyResult<Counts> {
    if let Some(Ok(counts)) = plain_counts(visible) {
        return Ok(counts);
    }
    let counts: Vec<u8> = types
        .coerce_counts
        .bind(visible.py())
        .call1((visible,))?
        .extract()?;
    counts
        .try_into()
        .map_err(|_| argument("coerce_counts must return 34 counts"))
}

/// `((kind, copies unseen), ...)` as Python sees it. Its items are shared: there are only 34 × 5 of them,
/// and making a new pair per listed tile would cost more than finding the tiles.
fn tiles_tuple<'py>(py: Python<'py>, tiles: &[TileCount]) -> PyResult<Bound<'py, PyTuple>> {
    let pairs = tile_counts(py)?;
    PyTuple::new(
        py,
        tiles
            .iter()
            .map(|&(t, n)| pairs[t.index() as usize][n as usize].bind(py)),
    )
}

/// The `(kind, copies)` tuples, made once.
fn tile_counts(py: Python<'_>) -> PyResult<&[[Py<PyTuple>; COPIES as usize + 1]; NUM_KINDS]> {
    static PAIRS: PyOnceLock<[[Py<PyTuple>; COPIES as usize + 1]; NUM_KINDS]> = PyOnceLock::new();
    PAIRS.get_or_try_init(py, || {
        let mut made = Vec::with_capacity(NUM_KINDS);
        for kind in 0..NUM_KINDS as u8 {
            let row: Vec<Py<PyTuple>> = (0..=COPIES)
                .map(|n| Ok((kind, n).into_pyobject(py)?.unbind()))
                .collect::<PyResult<_>>()?;
            made.push(
                row.try_into()
                    .map_err(|_| argument("five copy counts per kind"))?,
            );
        }
        made.try_into()
            .map_err(|_| argument("one row of tuples per kind"))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    Ok(())
}

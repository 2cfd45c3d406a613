//! `mjcore._core.advise`: the discard advisor's rows (docs/advisor.md), which `mjcore.analysis.advisor.advise`
//! checks the arguments for, sorts and wraps in `Advice`.

use std::sync::atomic::Ordering;

use mjcore_engine::advisor::{
    advise as engine_advise, AdviceQuery, AdviceRow, RulesetWins, Seating,
};
use mjcore_engine::forms::FormOptions;
use mjcore_engine::rules::registry::FamilyTable;
use mjcore_engine::{Counts, Tile, NUM_KINDS};
use numpy::ndarray::Array3;
use numpy::PyArray3;
use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::{argument, IntoPyResult};
use crate::forms_arg::FormsArg;
use crate::hand_arg::single_input;
use crate::interrupt::interruptible;
use crate::ruleset::PyRuleset;
use crate::table_rules::PyTableRules;

/// One row: (kind or None, shanten, [(kind, copies unseen)]); its curves are the row's slice of one array.
type Row = (Option<u8>, i8, Vec<(u8, u8)>);

/// A ruleset argument: the compiled ruleset and its compiled table rules.
type RulesetArg<'py> = Option<(Bound<'py, PyRuleset>, Bound<'py, PyTableRules>)>;

/// The advisor's rows of `hand`, unsorted (3n+2: one per distinct real concealed kind, in kind order; 3n+1:
/// one row with no tile), for `draws` draws, the first from `wall` tiles, `seen` (34 counts) visible; and
/// their curves, one float64 array of shape (rows, 3, draws + 1): win, ready, value (one array, not three lists
/// a row: building those cost more than a 1-shanten hand's search).
///
/// `ruleset`: None (every complete hand of `forms` wins, worth 1), or (compiled ruleset, compiled table rules)
/// with `seating` (seat, dealer, round wind): the family's table plug-in then judges and values each win, and
/// the forms searched are its `aim`'s (`forms` and `seven_pairs_quads` are not read).
#[pyfunction]
#[pyo3(signature = (hand, forms, seven_pairs_quads, draws, seen, wall, ruleset=None, seating=(0, 0, 0), indicator=None))]
#[allow(clippy::too_many_arguments)]
pub fn advise<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    forms: FormsArg,
    seven_pairs_quads: bool,
    draws: usize,
    seen: Vec<u8>,
    wall: u32,
    ruleset: RulesetArg<'py>,
    seating: (u8, u8, u8),
    indicator: Option<u8>,
) -> PyResult<(Vec<Row>, Bound<'py, PyArray3<f64>>)> {
    let query = AdviceQuery {
        draws,
        wall,
        seen: seen_of(seen)?,
    };
    let plugin = plugin_of(&ruleset)?;
    let wins = wins_of(plugin.as_ref(), seating, indicator)?;
    let opts = options_of(wins.as_ref(), forms, seven_pairs_quads)?;
    let input = single_input(hand, opts)?;
    let rows = py
        .detach(|| engine_advise(&input.hand, input.opts, &query, wins.as_ref()))
        .py_err()?;
    Ok(rows_to_py(py, rows, draws))
}

/// [`advise`] for many hands on all cores, without the GIL: `hands[i]` with `seen[i]` (34 counts each) and
/// `walls[i]`, the other arguments shared; the results in the hands' order. Every hand is read before any work;
/// an error names the first failing hand by its index (`hand 3: …`). Ctrl-C stops the batch (hands not yet
/// started are skipped) and raises `KeyboardInterrupt`. The answer does not depend on the thread count: each
/// hand's search is its own.
#[pyfunction]
#[pyo3(signature = (hands, forms, seven_pairs_quads, draws, seen, walls, ruleset=None, seating=(0, 0, 0), indicator=None))]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub fn advise_batch<'py>(
    py: Python<'py>,
    hands: Vec<Bound<'py, PyAny>>,
    forms: FormsArg,
    seven_pairs_quads: bool,
    draws: usize,
    seen: Vec<Vec<u8>>,
    walls: Vec<u32>,
    ruleset: RulesetArg<'py>,
    seating: (u8, u8, u8),
    indicator: Option<u8>,
) -> PyResult<Vec<(Vec<Row>, Bound<'py, PyArray3<f64>>)>> {
    if seen.len() != hands.len() || walls.len() != hands.len() {
        return Err(argument(format!(
            "advise_batch: {} hands but {} seen rows and {} walls",
            hands.len(),
            seen.len(),
            walls.len()
        )));
    }
    let plugin = plugin_of(&ruleset)?;
    let wins = wins_of(plugin.as_ref(), seating, indicator)?;
    let opts = options_of(wins.as_ref(), forms, seven_pairs_quads)?;
    let mut work = Vec::with_capacity(hands.len());
    for (i, ((hand, seen), wall)) in hands.iter().zip(seen).zip(walls).enumerate() {
        let input = single_input(hand, opts).map_err(|e| at_hand(py, i, e))?;
        let seen = seen_of(seen).map_err(|e| at_hand(py, i, e))?;
        work.push((input.hand, AdviceQuery { draws, wall, seen }));
    }
    let (results, raised) = interruptible(py, |cancel| {
        work.par_iter()
            .map(|(hand, query)| {
                // Ctrl-C: the hands not yet started are skipped (their slot says so), the batch is dropped.
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                Some(engine_advise(hand, opts, query, wins.as_ref()))
            })
            .collect::<Vec<_>>()
    });
    if let Some(error) = raised {
        return Err(error);
    }
    let mut answers = Vec::with_capacity(results.len());
    for (i, result) in results.into_iter().enumerate() {
        let rows = result
            .expect("no hand is skipped without Ctrl-C")
            .py_err()
            .map_err(|e| at_hand(py, i, e))?;
        answers.push(rows_to_py(py, rows, draws));
    }
    Ok(answers)
}

fn seen_of(seen: Vec<u8>) -> PyResult<Counts> {
    seen.try_into()
        .map_err(|_| argument(format!("seen must hold {NUM_KINDS} counts")))
}

/// The error of hand `i` of a batch, its message prefixed with the hand's index (same exception class).
fn at_hand(py: Python<'_>, i: usize, error: PyErr) -> PyErr {
    let message = format!("hand {i}: {}", error.value(py));
    let class = error.get_type(py);
    match class.call1((message,)) {
        Ok(instance) => PyErr::from_value(instance),
        Err(_) => error,
    }
}

fn plugin_of(ruleset: &RulesetArg<'_>) -> PyResult<Option<FamilyTable>> {
    match ruleset {
        Some((rules, table)) => Ok(Some(
            rules.get().inner.at_table(table.get().inner).py_err()?,
        )),
        None => Ok(None),
    }
}

/// The ruleset's judge of wins for the advised seat, or None without a ruleset. Under 翻鬼 the deal's
/// `indicator` (a kind) says which kinds are wild, and is required; elsewhere it is refused. Flower ghosts are
/// refused by name.
fn wins_of(
    plugin: Option<&FamilyTable>,
    seating: (u8, u8, u8),
    indicator: Option<u8>,
) -> PyResult<Option<RulesetWins<'_>>> {
    let Some(plugin) = plugin else {
        return match indicator {
            Some(_) => Err(argument(
                "advise: indicator= is for a ruleset that turns its ghosts (翻鬼), and none is given",
            )),
            None => Ok(None),
        };
    };
    let adjudicator = plugin.adjudicator();
    let ghosts = adjudicator.table_rules().ghosts;
    if ghosts.holds_flowers() {
        return Err(PyNotImplementedError::new_err(
            "advise: flowers held as ghosts (四花鬼 / 八花鬼) are not supported yet",
        ));
    }
    let indicator = match (ghosts.flips(), indicator) {
        (true, Some(kind)) => Some(
            Tile::new(kind)
                .ok_or_else(|| argument(format!("indicator {kind} is not a kind 0..33")))?,
        ),
        (true, None) => {
            return Err(argument(
                "advise: this ruleset turns its ghosts from an indicator (翻鬼): give indicator= (the \
                 indicator tile, which is also in seen)",
            ))
        }
        (false, Some(_)) => {
            return Err(argument(
                "advise: indicator= is for a ruleset that turns its ghosts (翻鬼); this one's are fixed",
            ))
        }
        (false, None) => None,
    };
    let (seat, dealer, round_wind) = seating;
    Ok(Some(RulesetWins {
        adjudicator,
        seating: Seating {
            seat,
            dealer,
            round_wind,
        },
        ghosts: ghosts.kinds(indicator),
        indicator,
    }))
}

/// The forms searched: the ruleset's aim, or the call's forms without one.
fn options_of(
    wins: Option<&RulesetWins<'_>>,
    forms: FormsArg,
    seven_pairs_quads: bool,
) -> PyResult<FormOptions> {
    match wins {
        Some(wins) => Ok(FormOptions::with_forms(wins.adjudicator.aim().forms)),
        None => forms.options(seven_pairs_quads, true),
    }
}

/// The rows' metadata and their curves as one (rows, 3, draws + 1) array.
fn rows_to_py(
    py: Python<'_>,
    rows: Vec<AdviceRow>,
    draws: usize,
) -> (Vec<Row>, Bound<'_, PyArray3<f64>>) {
    let width = draws + 1;
    let mut curves = Vec::with_capacity(rows.len() * 3 * width);
    let meta = rows
        .into_iter()
        .map(|r| {
            curves.extend_from_slice(&r.win);
            curves.extend_from_slice(&r.ready);
            curves.extend_from_slice(&r.value);
            let useful = r.useful.iter().map(|&(t, n)| (t.index(), n)).collect();
            (r.tile.map(|t| t.index()), r.shanten, useful)
        })
        .collect::<Vec<Row>>();
    let curves = Array3::from_shape_vec((meta.len(), 3, width), curves)
        .expect("three curves of draws + 1 per row");
    (meta, PyArray3::from_owned_array(py, curves))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(advise, m)?)?;
    m.add_function(wrap_pyfunction!(advise_batch, m)?)?;
    Ok(())
}

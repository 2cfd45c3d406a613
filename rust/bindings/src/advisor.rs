//! `mjcore._core.advise`: the discard advisor's rows (docs/advisor.md), which `mjcore.analysis.advisor.advise`
//! checks the arguments for, sorts and wraps in `Advice`.

use mjcore_engine::advisor::{advise as engine_advise, AdviceQuery, RulesetWins, Seating};
use mjcore_engine::forms::FormOptions;
use mjcore_engine::{Counts, NUM_KINDS};
use numpy::ndarray::Array3;
use numpy::PyArray3;
use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;

use crate::errors::{argument, IntoPyResult};
use crate::forms_arg::FormsArg;
use crate::hand_arg::single_input;
use crate::ruleset::PyRuleset;
use crate::table_rules::PyTableRules;

/// One row: (kind or None, shanten, [(kind, copies unseen)]); its curves are the row's slice of one array.
type Row = (Option<u8>, i8, Vec<(u8, u8)>);

/// The advisor's rows of `hand`, unsorted (3n+2: one per distinct real concealed kind, in kind order; 3n+1:
/// one row with no tile), for `draws` draws, the first from `wall` tiles, `seen` (34 counts) visible; and
/// their curves, one float64 array of shape (rows, 3, draws + 1): win, ready, value (one array, not three lists
/// a row: building those cost more than a 1-shanten hand's search).
///
/// `ruleset`: None (every complete hand of `forms` wins, worth 1), or (compiled ruleset, compiled table rules)
/// with `seating` (seat, dealer, round wind): the family's table plug-in then judges and values each win, and
/// the forms searched are its `aim`'s (`forms` and `seven_pairs_quads` are not read).
#[pyfunction]
#[pyo3(signature = (hand, forms, seven_pairs_quads, draws, seen, wall, ruleset=None, seating=(0, 0, 0)))]
#[allow(clippy::too_many_arguments)]
pub fn advise<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    forms: FormsArg,
    seven_pairs_quads: bool,
    draws: usize,
    seen: Vec<u8>,
    wall: u32,
    ruleset: Option<(Bound<'py, PyRuleset>, Bound<'py, PyTableRules>)>,
    seating: (u8, u8, u8),
) -> PyResult<(Vec<Row>, Bound<'py, PyArray3<f64>>)> {
    let seen: Counts = seen
        .try_into()
        .map_err(|_| argument(format!("seen must hold {NUM_KINDS} counts")))?;
    let query = AdviceQuery { draws, wall, seen };
    let plugin = match &ruleset {
        Some((rules, table)) => Some(rules.get().inner.at_table(table.get().inner).py_err()?),
        None => None,
    };
    let (seat, dealer, round_wind) = seating;
    let mut wins = None;
    if let Some(plugin) = &plugin {
        let adjudicator = plugin.adjudicator();
        let ghosts = adjudicator.table_rules().ghosts;
        if ghosts.flips() || ghosts.holds_flowers() {
            return Err(PyNotImplementedError::new_err(
                "advise: ghosts turned by an indicator (翻鬼) or held flowers (四花鬼 / 八花鬼) are not \
                 supported yet: only fixed ghost kinds",
            ));
        }
        wins = Some(RulesetWins {
            adjudicator,
            seating: Seating {
                seat,
                dealer,
                round_wind,
            },
            ghosts: ghosts.kinds(None),
        });
    }
    let opts = match &wins {
        Some(wins) => FormOptions::with_forms(wins.adjudicator.aim().forms),
        None => forms.options(seven_pairs_quads, true)?,
    };
    let input = single_input(hand, opts)?;
    let rows = py
        .detach(|| engine_advise(&input.hand, input.opts, &query, wins.as_ref()))
        .py_err()?;
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
    Ok((meta, PyArray3::from_owned_array(py, curves)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(advise, m)?)?;
    Ok(())
}

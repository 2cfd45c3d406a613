//! Chinese Official (MCR) scoring: the compiled fan table, one win (GIL held) or a numpy batch of wins
//! (GIL released, rayon).

use mjcore_engine::rules::mcr::{
    self, Fan, FanCounts, Mcr, McrBatchRow, McrScore, McrSituation, McrTable, Opening,
};
use numpy::{PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::batch::{borrowed_rows, build_in_blocks, meld_slots, rows_of};
use crate::errors::{argument, IntoPyResult};
use crate::ruleset::PyRuleset;
use crate::score_objects::{dataclass_instance, field, hand_of, PyClassRef};
use std::ops::Range;

/// (self_drawn, last_copy, kong_replacement, robbing_kong, wall_last) as they cross the boundary.
type Flags = (bool, bool, bool, bool, bool);

fn mcr_situation(
    flags: Flags,
    seat_wind: u8,
    prevalent_wind: u8,
    opening: Opening,
) -> McrSituation {
    let (self_drawn, last_copy, kong_replacement, robbing_kong, wall_last) = flags;
    McrSituation {
        self_drawn,
        last_copy,
        kong_replacement,
        robbing_kong,
        wall_last,
        seat_wind,
        prevalent_wind,
        opening,
    }
}

static FAN_SCORE: PyClassRef = PyClassRef::new("mjcore.rules.mcr.result", "FanScore");
static MCR_SCORE: PyClassRef = PyClassRef::new("mjcore.rules.mcr.result", "McrScore");

/// The compiled MCR table and the ruleset object that shares its `FanScore` objects.
struct McrRules<'a> {
    ruleset: &'a PyRuleset,
    table: &'a McrTable,
}

impl McrRules<'_> {
    /// The `FanScore` of `fan` counted `count` times (one shared object per fan and count).
    fn fan_score<'py>(&self, py: Python<'py>, fan: Fan, count: u8) -> PyResult<Bound<'py, PyAny>> {
        self.ruleset.row_object(py, fan as usize, count, || {
            let value = u16::from(self.table.value(fan));
            FAN_SCORE.get(py)?.call1((fan.key(), count, value))
        })
    }

    /// The `McrScore` of a result (`None`: not a win), as `mjcore.mcr.McrScore(fans, total, minimum)`.
    fn score_object<'py>(
        &self,
        py: Python<'py>,
        result: Option<&McrScore>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut fans = Vec::new();
        if let Some(result) = result {
            for &fan in self.table.order() {
                if result.fans.has(fan) {
                    fans.push(self.fan_score(py, fan, result.fans.get(fan))?);
                }
            }
        }
        let total = result.map_or(0, |r| r.total);
        dataclass_instance(
            MCR_SCORE.get(py)?,
            &[
                (intern!(py, "fans"), PyTuple::new(py, fans)?.into_any()),
                (intern!(py, "total"), total.into_pyobject(py)?.into_any()),
                (
                    intern!(py, "minimum"),
                    self.table.minimum.into_pyobject(py)?.into_any(),
                ),
            ],
        )
    }
}

/// Scores one win straight from its Python objects and returns the `McrScore` (the fast single call):
/// `hand` a `mjcore.Hand`, hand text or 34 counts (wilds are refused: MCR has none), `situation` an
/// `mjcore.mcr.Situation` (already checked on construction; the engine checks it again with the hand).
#[pyfunction]
fn mcr_score<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    hand: &Bound<'py, PyAny>,
    win: u8,
    situation: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let hand = hand_of(hand)?;
    let s = situation;
    let openings = [
        intern!(py, "heavenly"),
        intern!(py, "earthly"),
        intern!(py, "human"),
        intern!(py, "heavenly_ready"),
    ];
    // the first flag set, in the order of `Situation.opening` (at most one is, checked on construction)
    let mut opening = Opening::None;
    for (code, name) in (1..).zip(openings) {
        if field::<bool>(s, name)? {
            opening = Opening::from_code(code).unwrap_or_default();
            break;
        }
    }
    let flags = (
        field(s, intern!(py, "self_drawn"))?,
        field(s, intern!(py, "last_copy"))?,
        field(s, intern!(py, "kong_replacement"))?,
        field(s, intern!(py, "robbing_kong"))?,
        field(s, intern!(py, "wall_last"))?,
    );
    let where_ = mcr_situation(
        flags,
        field(s, intern!(py, "seat_wind"))?,
        field(s, intern!(py, "prevalent_wind"))?,
        opening,
    );
    let win = mjcore_engine::Tile::new(win)
        .ok_or_else(|| argument(format!("winning tile {win} is not 0..33")))?;
    let table = ruleset.of::<Mcr>()?;
    let result = mcr::score(&hand, win, &where_, table).py_err()?;
    McrRules { ruleset, table }.score_object(py, result.as_ref())
}

/// The standard fan keys, in the engine's order (every table lists them).
#[pyfunction]
fn mcr_fan_keys() -> Vec<&'static str> {
    Fan::STANDARD.iter().map(|f| f.key()).collect()
}

/// The seed's folk fan keys the engine detects when a table lists them, in its order.
#[pyfunction]
fn mcr_folk_fan_keys() -> Vec<&'static str> {
    Fan::FOLK.iter().map(|f| f.key()).collect()
}

/// Scores every row: concealed counts (N, 34) before the winning tile, melds (N, 4, 2) of (kind code + 1,
/// lowest tile) with kind 0 for an empty slot, and per-row arrays (N,) of uint8: flowers, winning tiles,
/// the five flags (self_drawn, last_copy, kong_replacement, robbing_kong, wall_last) as (5, N), seat and
/// prevalent winds (no first-go-around situations). Returns (total int32, −1 where not a win; fan counts uint8
/// (N, the table's fans): columns are the standard fans, then the folk fans when the table lists them).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[allow(clippy::type_complexity)]
fn mcr_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    concealed: &Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    flags: numpy::PyReadonlyArray2<'py, u8>,
    seat_wind: PyReadonlyArray1<'py, u8>,
    prevalent_wind: PyReadonlyArray1<'py, u8>,
) -> PyResult<(Bound<'py, PyArray1<i32>>, Bound<'py, PyArray2<u8>>)> {
    let counts = borrowed_rows(concealed)?;
    let counts = rows_of(&counts);
    let n = counts.len();
    let (melds, flags) = (melds.as_array(), flags.as_array());
    let columns = [&flowers, &win, &seat_wind, &prevalent_wind];
    if melds.shape() != [n, 4, 2]
        || flags.shape() != [5, n]
        || columns.iter().any(|c| c.as_array().len() != n)
    {
        return Err(argument(format!(
            "melds must have shape ({n}, 4, 2), flags (5, {n}) and every per-row array length {n}"
        )));
    }
    let (flowers, win) = (flowers.as_array(), win.as_array());
    let (seat_wind, prevalent_wind) = (seat_wind.as_array(), prevalent_wind.as_array());
    let build = |block: Range<usize>, rows: &mut Vec<McrBatchRow>| {
        rows.extend(block.map(|i| McrBatchRow {
            concealed: counts[i],
            melds: meld_slots(&melds, i),
            flowers: flowers[i],
            win: win[i],
            situation: mcr_situation(
                (
                    flags[[0, i]] != 0,
                    flags[[1, i]] != 0,
                    flags[[2, i]] != 0,
                    flags[[3, i]] != 0,
                    flags[[4, i]] != 0,
                ),
                seat_wind[i],
                prevalent_wind[i],
                Opening::None,
            ),
        }));
        Ok(())
    };
    let table = ruleset.of::<Mcr>()?;
    let scores = build_in_blocks(py, n, build, |block, first_row| {
        mcr::score_batch_from(block, table, first_row)
    })?;
    let totals: Vec<i32> = scores
        .iter()
        .map(|s| s.map_or(-1, |s| i32::from(s.total)))
        .collect();
    let columns: Vec<Fan> = table.fans().collect();
    let mut fans = Vec::with_capacity(n * columns.len());
    for result in &scores {
        let counts = result.map_or_else(FanCounts::default, |s| s.fans);
        fans.extend(columns.iter().map(|&fan| counts.get(fan)));
    }
    let fans = numpy::ndarray::Array2::from_shape_vec((n, columns.len()), fans)
        .map_err(|e| argument(e.to_string()))?;
    Ok((
        PyArray1::from_vec(py, totals),
        PyArray2::from_owned_array(py, fans),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mcr_score, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_fan_keys, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_folk_fan_keys, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_score_batch, m)?)?;
    Ok(())
}

//! Chinese Official (MCR) scoring: the compiled fan table, one win (GIL held) or a numpy batch of wins
//! (GIL released, rayon).

use mjcore_engine::rules::mcr::{
    self, Fan, FanCounts, McrBatchRow, McrScore, McrSituation, McrTable, MeldSlot, Opening,
};
use numpy::{PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::prelude::*;

use crate::batch::owned_rows;
use crate::convert::{hand_from_parts, MeldTuple};
use crate::errors::{argument, IntoPyResult};

/// A frozen, compiled MCR fan table. Build it through `mjcore.load_ruleset("mcr")`, which validates the file.
#[pyclass(frozen, name = "McrRuleset", module = "mjcore._core")]
pub struct PyMcrRuleset {
    inner: McrTable,
}

#[pymethods]
impl PyMcrRuleset {
    /// fans = [(key, value, [excluded keys])] in table order.
    #[new]
    fn new(
        name: &str,
        minimum: u16,
        concealed_and_melded_kong: bool,
        fans: Vec<(String, u8, Vec<String>)>,
    ) -> PyResult<Self> {
        let inner =
            McrTable::from_rows(name, minimum, concealed_and_melded_kong, &fans).py_err()?;
        Ok(PyMcrRuleset { inner })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    fn __repr__(&self) -> String {
        format!("<compiled MCR ruleset {}>", self.inner.name)
    }
}

/// (self_drawn, last_copy, kong_replacement, robbing_kong, wall_last) as they cross the boundary.
type Flags = (bool, bool, bool, bool, bool);

fn situation(flags: Flags, seat_wind: u8, prevalent_wind: u8, opening: Opening) -> McrSituation {
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

/// ([(fan key, count, value per occurrence)] in table order, total, meets_minimum).
type McrScoreTuple = (Vec<(&'static str, u8, u16)>, u16, bool);

fn score_tuple(result: &McrScore, table: &McrTable) -> McrScoreTuple {
    let fans = table
        .order()
        .iter()
        .filter(|&&fan| result.fans.has(fan))
        .map(|&fan| (fan.key(), result.fans.get(fan), u16::from(table.value(fan))))
        .collect();
    (fans, result.total, result.meets_minimum)
}

/// Scores one win; None when the tiles do not win (wilds are refused: MCR has none). `flags` = (self_drawn, last_copy, kong_replacement,
/// robbing_kong, wall_last); `opening` 0 none, 1 天和, 2 地和, 3 人和, 4 天听 (the folk fans' situations).
#[pyfunction]
#[pyo3(signature = (ruleset, counts, melds, wilds, flowers, win, flags, seat_wind, prevalent_wind, opening=0))]
#[allow(clippy::too_many_arguments)]
fn mcr_score(
    ruleset: &PyMcrRuleset,
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    flowers: u8,
    win: u8,
    flags: Flags,
    seat_wind: u8,
    prevalent_wind: u8,
    opening: u8,
) -> PyResult<Option<McrScoreTuple>> {
    let hand = hand_from_parts(counts, melds, wilds, flowers)?;
    let opening = Opening::from_code(opening)
        .ok_or_else(|| argument(format!("opening {opening} is not 0..4")))?;
    let win = mjcore_engine::Tile::new(win)
        .ok_or_else(|| argument(format!("winning tile {win} is not 0..33")))?;
    let table = &ruleset.inner;
    let where_ = situation(flags, seat_wind, prevalent_wind, opening);
    let result = mcr::score(&hand, win, &where_, table).py_err()?;
    Ok(result.map(|r| score_tuple(&r, table)))
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
    ruleset: &PyMcrRuleset,
    concealed: &Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    flags: numpy::PyReadonlyArray2<'py, u8>,
    seat_wind: PyReadonlyArray1<'py, u8>,
    prevalent_wind: PyReadonlyArray1<'py, u8>,
) -> PyResult<(Bound<'py, PyArray1<i32>>, Bound<'py, PyArray2<u8>>)> {
    let counts = owned_rows(concealed)?;
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
    let rows: Vec<McrBatchRow> = counts
        .iter()
        .enumerate()
        .map(|(i, &concealed)| McrBatchRow {
            concealed,
            melds: std::array::from_fn(|m| MeldSlot {
                kind: melds[[i, m, 0]],
                tile: melds[[i, m, 1]],
            }),
            flowers: flowers[i],
            win: win[i],
            situation: situation(
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
        })
        .collect();
    let table = &ruleset.inner;
    let scores = py.detach(|| mcr::score_batch(&rows, table)).py_err()?;
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
    m.add_class::<PyMcrRuleset>()?;
    m.add_function(wrap_pyfunction!(mcr_score, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_fan_keys, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_folk_fan_keys, m)?)?;
    m.add_function(wrap_pyfunction!(mcr_score_batch, m)?)?;
    Ok(())
}

//! The folk tables' scoring (789, 老章): the compiled ruleset and one win (GIL held: a call is microseconds).

use mjcore_engine::rules::folk::{self, FolkRules, FolkWin};
use mjcore_engine::rules::regional::{optional_seat, seat};
use pyo3::prelude::*;

use crate::convert::{hand_from_parts, MeldTuple};
use crate::errors::IntoPyResult;

/// A frozen, compiled folk ruleset. Build it through `mjcore.load_ruleset("gd-789")` or `("laozhang")`,
/// which validate the file.
#[pyclass(frozen, name = "FolkRuleset", module = "mjcore._core")]
pub struct PyFolkRuleset {
    pub(crate) inner: FolkRules,
}

#[pymethods]
impl PyFolkRuleset {
    /// values: the rows in file order; options: as ints in file order (`mjcore.folk.ruleset.native_options`).
    #[new]
    fn new(name: &str, family: &str, values: Vec<i64>, options: Vec<i64>) -> PyResult<Self> {
        let inner = FolkRules::new(name, family, &values, &options).py_err()?;
        Ok(PyFolkRuleset { inner })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    fn __repr__(&self) -> String {
        format!("<compiled folk ruleset {}>", self.inner.name)
    }
}

/// (entries [(key, count, value)], total, share, money rows in `MONEY_KINDS` order).
type ScoreRow = (Vec<(&'static str, u8, i64)>, i64, i64, Vec<[i64; 4]>);

/// One folk win; None when the tiles do not win. Seats 0..3, 255 for no discarder.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn folk_score(
    ruleset: &PyFolkRuleset,
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    wilds: u8,
    flowers: u8,
    win: u8,
    winner: u8,
    dealer: u8,
    self_drawn: bool,
    discarder: u8,
    other_kongs: Vec<u8>,
    horses: Vec<(u8, u8)>,
) -> PyResult<Option<ScoreRow>> {
    let hand = hand_from_parts(counts, melds, wilds, flowers)?;
    let discarder = optional_seat(discarder, "discarder").py_err()?;
    if self_drawn == discarder.is_some() {
        return Err(crate::errors::argument(
            "give exactly one of self_drawn=True or discarder (a seat)",
        ));
    }
    let situation = FolkWin {
        seat: seat(winner, "seat").py_err()?,
        dealer: seat(dealer, "dealer").py_err()?,
        discarder,
        other_kongs,
        horses,
    };
    let result = folk::score(&hand, win, &situation, &ruleset.inner).py_err()?;
    Ok(result.map(|r| (r.entries, r.total, r.share, r.money)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFolkRuleset>()?;
    m.add_function(wrap_pyfunction!(folk_score, m)?)?;
    Ok(())
}

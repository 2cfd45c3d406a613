//! The folk tables' scoring (789, 老章): the compiled ruleset and one win (GIL held: a call is microseconds).

use mjcore_engine::error::{EngineError, Result};
use mjcore_engine::rules::folk::{self, Folk, FolkRules, FolkWin};
use mjcore_engine::rules::regional::{optional_seat, seat};
use mjcore_engine::rules::registry::Family;
use mjcore_engine::Hand;
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::prelude::*;

use crate::convert::{hand_from_parts, MeldTuple};
use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, net_of, score_rows, Arrays, FamilyScorer, Scored, MAX_KEYS};
use crate::ruleset::PyRuleset;

/// (entries [(key, count, value)], total, share, money rows in `MONEY_KINDS` order).
type ScoreRow = (Vec<(&'static str, u8, i64)>, i64, i64, Vec<[i64; 4]>);

/// One folk win; None when the tiles do not win. Seats 0..3, 255 for no discarder.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn folk_score(
    ruleset: &PyRuleset,
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
    let result = folk::score(&hand, win, &situation, ruleset.of::<Folk>()?).py_err()?;
    Ok(result.map(|r| (r.entries, r.total, r.share, r.money)))
}

// ---- score_batch: a count per row key (the keys the caller lists); the headline is the total.

struct FolkBatch<'a> {
    rules: &'a FolkRules,
    keys: Vec<String>,
}

impl FamilyScorer for FolkBatch<'_> {
    type Situation = FolkWin;

    fn width(&self) -> usize {
        self.keys.len()
    }

    fn score(&self, hand: &Hand, _: u8, win: u8, s: &FolkWin, out: &mut Scored) -> Result<()> {
        if let Some(r) = Folk::score(self.rules, &(hand, win, s))? {
            for &(key, count, _) in &r.entries {
                let column = self.keys.iter().position(|k| k == key).ok_or_else(|| {
                    EngineError::argument(format!("folk entry {key} is not among the batch keys"))
                })?;
                out.counts[column] = count;
            }
            out.total = r.total;
            out.net = net_of(&r.money);
        }
        Ok(())
    }
}

/// (seat, dealer, self_drawn, discarder or 255): the arguments of `folk_score` a batch row varies.
type FolkSituationTuple = (u8, u8, bool, u8);

fn folk_situation(
    (winner, dealer, self_drawn, discarder): FolkSituationTuple,
) -> PyResult<FolkWin> {
    let discarder = optional_seat(discarder, "discarder").py_err()?;
    if self_drawn == discarder.is_some() {
        return Err(argument(
            "give exactly one of self_drawn=True or discarder (a seat)",
        ));
    }
    Ok(FolkWin {
        seat: seat(winner, "seat").py_err()?,
        dealer: seat(dealer, "dealer").py_err()?,
        discarder,
        other_kongs: Vec::new(),
        horses: Vec::new(),
    })
}

/// `keys`: the breakdown's columns, every key a folk entry may have (the ruleset's rows, then the extras).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn folk_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    keys: Vec<String>,
    concealed: Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    situations: Vec<FolkSituationTuple>,
    which: PyReadonlyArray1<'py, u32>,
) -> PyResult<Arrays<'py>> {
    if keys.len() > MAX_KEYS {
        return Err(argument(format!(
            "at most {MAX_KEYS} keys, not {}",
            keys.len()
        )));
    }
    let situations: Vec<_> = situations
        .into_iter()
        .map(folk_situation)
        .collect::<PyResult<_>>()?;
    let columns = columns(concealed, melds, flowers, win, which);
    let scorer = FolkBatch {
        rules: ruleset.of::<folk::Folk>()?,
        keys: keys.clone(),
    };
    score_rows(py, &scorer, &keys, &situations, columns)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(folk_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(folk_score, m)?)?;
    Ok(())
}

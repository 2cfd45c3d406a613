//! The folk tables' scoring (789, 老章): the compiled ruleset and one win (GIL held: a call is microseconds).

use mjcore_engine::error::{EngineError, Result};
use mjcore_engine::rules::folk::{self, Folk, FolkRules, FolkWin};
use mjcore_engine::rules::regional::{optional_seat, seat, NONE};
use mjcore_engine::rules::registry::Family;
use mjcore_engine::{Hand, Tile};
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, net_of, score_rows, Arrays, FamilyScorer, Scored, MAX_KEYS};
use crate::family_results::{boolean, money_mapping, PyRef, Rules};
use crate::ruleset::PyRuleset;
use crate::score_objects::field;
use crate::score_objects::{dataclass_instance, PyClassRef};
use crate::single_score::{seat_or, single_score_function, SingleScore};

impl SingleScore for Folk {
    type Situation = FolkWin;
    type WinningTile = Tile;

    /// A `LaozhangSituation` or a `Gd789Situation` (which adds `other_kongs` and `horses`).
    fn situation(s: &Bound<'_, PyAny>) -> PyResult<FolkWin> {
        let py = s.py();
        let mut situation = folk_situation((
            field(s, intern!(py, "seat"))?,
            field(s, intern!(py, "dealer"))?,
            field(s, intern!(py, "self_drawn"))?,
            seat_or(s, intern!(py, "discarder"), NONE)?,
        ))?;
        if let Some(kongs) = s.getattr_opt(intern!(py, "other_kongs"))? {
            situation.other_kongs = kongs.extract()?;
        }
        if let Some(horses) = s.getattr_opt(intern!(py, "horses"))? {
            situation.horses = horses.extract()?;
        }
        Ok(situation)
    }

    /// The `FolkScore`: every entry, the total, the share, the money per kind (`MONEY_KINDS` of the family),
    /// as `FolkScore.from_row` makes it.
    fn result<'py>(
        rules: &Rules<'_, 'py, FolkRules>,
        hand: Hand,
        win: Tile,
        s: &FolkWin,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = rules.py;
        let result = folk::score(&hand, win.index(), s, rules.table).py_err()?;
        let family = rules.compiled.family_object(py);
        let (entries, total, share, money) = match &result {
            Some(r) => {
                let make = FOLK_ENTRY.import(py, "mjcore.rules.folk.result", "folk_entry")?;
                let kinds = MONEY_KINDS.import(py, "mjcore.rules.folk.names", "MONEY_KINDS")?;
                let kinds = kinds.get_item(&family)?;
                let mut rows = Vec::with_capacity(r.money.len());
                for (i, seats) in r.money.iter().enumerate() {
                    rows.push((kinds.get_item(i)?, *seats));
                }
                (
                    rules.entries(r.entries.iter().copied(), make)?,
                    r.total,
                    r.share,
                    money_mapping(py, rows)?,
                )
            }
            None => (PyTuple::empty(py), 0, 0, money_mapping(py, [])?),
        };
        dataclass_instance(
            FOLK_SCORE.get(py)?,
            &[
                (intern!(py, "family"), family.into_any()),
                (
                    intern!(py, "ruleset"),
                    rules.compiled.name_object(py).into_any(),
                ),
                (intern!(py, "entries"), entries.into_any()),
                (intern!(py, "total"), total.into_pyobject(py)?.into_any()),
                (intern!(py, "share"), share.into_pyobject(py)?.into_any()),
                (intern!(py, "money"), money),
                (intern!(py, "is_win"), boolean(py, result.is_some())),
            ],
        )
    }
}

static FOLK_SCORE: PyClassRef = PyClassRef::new("mjcore.rules.folk.result", "FolkScore");
static FOLK_ENTRY: PyRef = PyRef::new();
static MONEY_KINDS: PyRef = PyRef::new();

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

/// (seat, dealer, self_drawn, discarder or 255): the situation fields a batch row varies.
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

single_score_function!(
    /// One 789 or 老章 win (`single_score`): the row `FolkScore.from_row` reads, None for no win.
    folk_score,
    Folk
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(folk_score, m)?)?;
    m.add_function(wrap_pyfunction!(folk_score_batch, m)?)?;
    Ok(())
}

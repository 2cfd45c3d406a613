//! 推倒胡 scoring: one win's situation and result row (`single_score`, GIL held: a single call is
//! microseconds) and the batch.

use mjcore_engine::error::Result;
use mjcore_engine::rules::registry::Family;
use mjcore_engine::rules::tdh::{self, OtherKong, Source, Tdh, TdhRules, TdhWin};
use mjcore_engine::Hand;
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, score_rows, Arrays, FamilyScorer, Scored};
use crate::family_results::{boolean, four, PyRef, Rules};
use crate::ruleset::PyRuleset;
use crate::score_objects::field;
use crate::score_objects::{dataclass_instance, PyClassRef};
use crate::single_score::{single_score_function, SingleScore, TileCode};

/// A 推倒胡 situation as its scorer takes it, read from a `TdhSituation`.
pub struct TdhSingle {
    winner: u8,
    dealer: u8,
    source: Source,
    discarder: Option<u8>,
    kong_bloom: bool,
    kong_fed_by: Option<u8>,
    last_tile: bool,
    indicator: Option<u8>,
    horses: Vec<u8>,
    other_kongs: Vec<OtherKong>,
    dealer_streak: u8,
}

impl SingleScore for Tdh {
    type Situation = TdhSingle;
    // The winning tile may be a flower (a flower ghost drawn): the scorer checks its code.
    type WinningTile = TileCode;

    fn situation(s: &Bound<'_, PyAny>) -> PyResult<TdhSingle> {
        let py = s.py();
        let source: u8 = field(s, intern!(py, "source"))?;
        let other_kongs: Vec<(u8, u8, Option<u8>)> = field(s, intern!(py, "other_kongs"))?;
        Ok(TdhSingle {
            winner: field(s, intern!(py, "seat_wind"))?,
            dealer: field(s, intern!(py, "dealer"))?,
            source: Source::from_code(source)
                .ok_or_else(|| argument(format!("win source {source} is not 0..4")))?,
            discarder: field(s, intern!(py, "discarder"))?,
            kong_bloom: field(s, intern!(py, "kong_bloom"))?,
            kong_fed_by: field(s, intern!(py, "kong_fed_by"))?,
            last_tile: field(s, intern!(py, "last_tile"))?,
            indicator: field(s, intern!(py, "ghost_indicator"))?,
            horses: field(s, intern!(py, "horses"))?,
            other_kongs: other_kongs
                .into_iter()
                .map(|(seat, kind, fed_by)| OtherKong { seat, kind, fed_by })
                .collect(),
            dealer_streak: field(s, intern!(py, "dealer_streak"))?,
        })
    }

    /// The `TdhScore`, as `TdhScore.from_row` makes it: a refusal names its reason; a win its form, every
    /// multiplier (shared objects), the share, each horse, the liable seat and the money.
    fn result<'py>(
        rules: &Rules<'_, 'py, TdhRules>,
        mut hand: Hand,
        win: TileCode,
        s: &TdhSingle,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = rules.py;
        // The scorer takes the number of flowers beside the hand (it refuses them: flower ghosts are wilds).
        let flowers = hand.flowers.count_ones() as u8;
        hand.flowers = 0;
        let w = TdhWin {
            hand: &hand,
            win: win.0,
            winner: s.winner,
            dealer: s.dealer,
            source: s.source,
            discarder: s.discarder,
            kong_bloom: s.kong_bloom,
            kong_fed_by: s.kong_fed_by,
            last_tile: s.last_tile,
            indicator: s.indicator,
            horses: &s.horses,
            other_kongs: &s.other_kongs,
            dealer_streak: s.dealer_streak,
        };
        let r = tdh::score(&w, rules.table, flowers).py_err()?;
        let none = || py.None().into_bound(py);
        let empty = || PyTuple::empty(py).into_any();
        let int = |n: i64| n.into_pyobject(py).map(|n| n.into_any());
        let is_win = r.refusal == 0;
        let (refusal, form, multipliers, horses, liable, kongs) = if is_win {
            let multipliers = MULTIPLIER_OBJECTS.import(py, RESULT, "MULTIPLIER_OBJECTS")?;
            let multipliers = r
                .multipliers
                .iter()
                .map(|&m| multipliers.get_item(m))
                .collect::<PyResult<Vec<_>>>()?;
            let horses = if r.horses.is_empty() {
                empty()
            } else {
                let (code_name, horse) =
                    (CODE_NAME.import(py, RESULT, "code_name")?, HORSE.get(py)?);
                let mut made = Vec::with_capacity(r.horses.len());
                for (&tile, &(seat, hits)) in s.horses.iter().zip(&r.horses) {
                    made.push(horse.call1((code_name.call1((tile,))?, seat, hits > 0, hits))?);
                }
                PyTuple::new(py, made)?.into_any()
            };
            let kongs = if r.kong_payments.is_empty() {
                empty()
            } else {
                let (kinds, payment) = (
                    KONG_KINDS.import(py, "mjcore.rules.tdh.names", "KONG_KINDS")?,
                    KONG_PAYMENT.get(py)?,
                );
                let mut made = Vec::with_capacity(r.kong_payments.len());
                for p in &r.kong_payments {
                    made.push(payment.call1((
                        p.owner,
                        kinds.get_item(p.kind)?,
                        p.payer,
                        p.amount,
                    ))?);
                }
                PyTuple::new(py, made)?.into_any()
            };
            (
                none(),
                FORM_OBJECTS
                    .import(py, RESULT, "FORM_OBJECTS")?
                    .get_item(r.form)?,
                PyTuple::new(py, multipliers)?.into_any(),
                horses,
                r.liable
                    .map_or_else(|| Ok(none()), |seat| int(seat.into()))?,
                kongs,
            )
        } else {
            let refusals = REFUSALS.import(py, "mjcore.rules.tdh.names", "REFUSALS")?;
            let refusal = refusals.get_item(r.refusal)?.get_item(0)?;
            (refusal, none(), empty(), empty(), none(), empty())
        };
        dataclass_instance(
            TDH_SCORE.get(py)?,
            &[
                (intern!(py, "is_win"), boolean(py, is_win)),
                (
                    intern!(py, "ruleset"),
                    rules.compiled.name_object(py).into_any(),
                ),
                (intern!(py, "refusal"), refusal),
                (intern!(py, "form"), form),
                (intern!(py, "multipliers"), multipliers),
                (intern!(py, "share"), int(r.share)?),
                (intern!(py, "horses"), horses),
                (intern!(py, "liable"), liable),
                (intern!(py, "win_net"), four(py, &r.win_net)?),
                (intern!(py, "kong_payments"), kongs),
                (intern!(py, "kong_money"), four(py, &r.kong_money)?),
                (intern!(py, "net"), four(py, &r.net)?),
                (intern!(py, "base"), int(rules.table.base)?),
            ],
        )
    }
}

/// The result module, whose shared form and multiplier objects every result holds.
const RESULT: &str = "mjcore.rules.tdh.result";
static TDH_SCORE: PyClassRef = PyClassRef::new(RESULT, "TdhScore");
static HORSE: PyClassRef = PyClassRef::new(RESULT, "Horse");
static KONG_PAYMENT: PyClassRef = PyClassRef::new(RESULT, "KongPayment");
static FORM_OBJECTS: PyRef = PyRef::new();
static MULTIPLIER_OBJECTS: PyRef = PyRef::new();
static CODE_NAME: PyRef = PyRef::new();
static REFUSALS: PyRef = PyRef::new();
static KONG_KINDS: PyRef = PyRef::new();

/// The engine's form and multiplier keys, in code order (tests check they match `mjcore.tdh.names`).
#[pyfunction]
fn tdh_keys() -> (Vec<&'static str>, Vec<&'static str>) {
    (tdh::FORM_KEYS.to_vec(), tdh::MULTIPLIER_KEYS.to_vec())
}

// ---- score_batch: the form (one-hot) then each multiplier; the headline is the share.

/// (winner, dealer, source code, discarder, kong_bloom, kong_fed_by, last_tile, ghost indicator,
/// dealer_streak), −1 for none: the situation fields a batch row varies.
type TdhSituationTuple = (u8, u8, u8, i8, bool, i8, bool, i8, u8);

struct TdhSituation {
    winner: u8,
    dealer: u8,
    source: Source,
    discarder: Option<u8>,
    kong_bloom: bool,
    kong_fed_by: Option<u8>,
    last_tile: bool,
    indicator: Option<u8>,
    dealer_streak: u8,
}

fn tdh_situation(t: TdhSituationTuple) -> PyResult<TdhSituation> {
    let (winner, dealer, source, discarder, kong_bloom, kong_fed_by, last_tile, indicator, streak) =
        t;
    let optional = |value: i8| u8::try_from(value).ok();
    Ok(TdhSituation {
        winner,
        dealer,
        source: Source::from_code(source)
            .ok_or_else(|| argument(format!("win source {source} is not 0..4")))?,
        discarder: optional(discarder),
        kong_bloom,
        kong_fed_by: optional(kong_fed_by),
        last_tile,
        indicator: optional(indicator),
        dealer_streak: streak,
    })
}

struct TdhBatch<'a>(&'a TdhRules);

impl FamilyScorer for TdhBatch<'_> {
    type Situation = TdhSituation;
    // The hand's flowers are a count the scorer takes beside the hand, as in the single call.
    const FLOWERS_IN_HAND: bool = false;

    fn width(&self) -> usize {
        tdh::FORM_KEYS.len() + tdh::MULTIPLIER_KEYS.len()
    }

    fn score(
        &self,
        hand: &Hand,
        flowers: u8,
        win: u8,
        s: &TdhSituation,
        out: &mut Scored,
    ) -> Result<()> {
        let w = TdhWin {
            hand,
            win,
            winner: s.winner,
            dealer: s.dealer,
            source: s.source,
            discarder: s.discarder,
            kong_bloom: s.kong_bloom,
            kong_fed_by: s.kong_fed_by,
            last_tile: s.last_tile,
            indicator: s.indicator,
            horses: &[],
            other_kongs: &[],
            dealer_streak: s.dealer_streak,
        };
        // A refused hand (its refusal code) is no row: the family's `score` says None.
        if let Some(r) = Tdh::score(self.0, &(w, flowers.count_ones() as u8))? {
            out.total = r.share;
            out.counts[r.form as usize] = 1;
            for &m in &r.multipliers {
                out.counts[tdh::FORM_KEYS.len() + m as usize] += 1;
            }
            out.net = r.net;
        }
        Ok(())
    }
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn tdh_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    keys: Vec<String>,
    concealed: Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    situations: Vec<TdhSituationTuple>,
    which: PyReadonlyArray1<'py, u32>,
) -> PyResult<Arrays<'py>> {
    let situations: Vec<_> = situations
        .into_iter()
        .map(tdh_situation)
        .collect::<PyResult<_>>()?;
    let columns = columns(concealed, melds, flowers, win, which);
    score_rows(
        py,
        &TdhBatch(ruleset.of::<tdh::Tdh>()?),
        &keys,
        &situations,
        columns,
    )
}

single_score_function!(
    /// One 推倒胡 win (`single_score`): the row `TdhScore.from_row` reads.
    tdh_score,
    Tdh
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tdh_score, m)?)?;
    m.add_function(wrap_pyfunction!(tdh_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(tdh_keys, m)?)?;
    Ok(())
}

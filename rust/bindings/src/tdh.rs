//! 推倒胡 scoring: one win's situation and result row (`single_score`, GIL held: a single call is
//! microseconds) and the batch.

use mjcore_engine::error::Result;
use mjcore_engine::rules::registry::Family;
use mjcore_engine::rules::tdh::{self, OtherKong, Source, Tdh, TdhRules, TdhWin};
use mjcore_engine::Hand;
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, score_rows, Arrays, FamilyScorer, Scored};
use crate::ruleset::PyRuleset;
use crate::score_objects::field;
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

    /// (refusal, form, multipliers, share, horses as (seat, hits), liable or -1, win_net, kong payments as
    /// (owner, kind, payer, amount), kong_money, net): the row `mjcore.tdh.TdhScore.from_row` reads.
    fn row<'py>(
        py: Python<'py>,
        rules: &TdhRules,
        mut hand: Hand,
        win: TileCode,
        s: &TdhSingle,
    ) -> PyResult<Bound<'py, PyAny>> {
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
        let r = tdh::score(&w, rules, flowers).py_err()?;
        let kongs: Vec<_> = r
            .kong_payments
            .iter()
            .map(|p| (p.owner, p.kind, p.payer, p.amount))
            .collect();
        let liable = r.liable.map_or(-1, |s| s as i8);
        (
            r.refusal,
            r.form,
            r.multipliers,
            r.share,
            r.horses,
            liable,
            r.win_net,
            kongs,
            r.kong_money,
            r.net,
        )
            .into_bound_py_any(py)
    }
}

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

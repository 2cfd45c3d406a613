//! 推倒胡 scoring: the compiled ruleset and one win (GIL held: a single call is microseconds).

use mjcore_engine::error::Result;
use mjcore_engine::rules::registry::Family;
use mjcore_engine::rules::tdh::{self, OtherKong, Source, Tdh, TdhRules, TdhWin};
use mjcore_engine::{Hand, NUM_KINDS};
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::prelude::*;

use crate::convert::{meld_from_tuple, MeldTuple};
use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, score_rows, Arrays, FamilyScorer, Scored};
use crate::ruleset::PyRuleset;

fn none_if_negative(value: i8) -> Option<u8> {
    u8::try_from(value).ok()
}

/// (refusal, form, multipliers, share, horses as (seat, hits), liable or -1, win_net, kong payments as
/// (owner, kind, payer, amount), kong_money, net): the row `mjcore.tdh.TdhScore.from_row` reads.
type TdhRow = (
    u8,
    u8,
    Vec<u8>,
    i64,
    Vec<(u8, u8)>,
    i8,
    [i64; 4],
    Vec<(u8, u8, u8, i64)>,
    [i64; 4],
    [i64; 4],
);

/// Scores one 推倒胡 win. Seats are 0..3 and -1 for none; `source` is the code of `names.SOURCES`; tile
/// codes are kinds 0..33 and flowers 34..41.
#[pyfunction]
#[pyo3(signature = (ruleset, counts, melds, wilds, flowers, win, winner, dealer, source, discarder,
                    kong_bloom, kong_fed_by, last_tile, indicator, horses, other_kongs, dealer_streak))]
#[allow(clippy::too_many_arguments)]
fn tdh_score(
    ruleset: &PyRuleset,
    counts: &[u8],
    melds: Vec<MeldTuple>,
    wilds: u8,
    flowers: u8,
    win: u8,
    winner: u8,
    dealer: u8,
    source: u8,
    discarder: i8,
    kong_bloom: bool,
    kong_fed_by: i8,
    last_tile: bool,
    indicator: i8,
    horses: &[u8],
    other_kongs: Vec<(u8, u8, i8)>,
    dealer_streak: u8,
) -> PyResult<TdhRow> {
    let concealed: [u8; NUM_KINDS] = counts
        .try_into()
        .map_err(|_| argument(format!("counts must have 34 entries, got {}", counts.len())))?;
    let hand = Hand {
        concealed,
        melds: melds
            .into_iter()
            .map(meld_from_tuple)
            .collect::<PyResult<_>>()?,
        wilds,
        flowers: 0,
    };
    let source = Source::from_code(source)
        .ok_or_else(|| argument(format!("win source {source} is not 0..4")))?;
    let other_kongs: Vec<OtherKong> = other_kongs
        .into_iter()
        .map(|(seat, kind, fed_by)| OtherKong {
            seat,
            kind,
            fed_by: none_if_negative(fed_by),
        })
        .collect();
    let w = TdhWin {
        hand: &hand,
        win,
        winner,
        dealer,
        source,
        discarder: none_if_negative(discarder),
        kong_bloom,
        kong_fed_by: none_if_negative(kong_fed_by),
        last_tile,
        indicator: none_if_negative(indicator),
        horses,
        other_kongs: &other_kongs,
        dealer_streak,
    };
    let r = tdh::score(&w, ruleset.of::<Tdh>()?, flowers).py_err()?;
    let kongs = r
        .kong_payments
        .iter()
        .map(|p| (p.owner, p.kind, p.payer, p.amount))
        .collect();
    let liable = r.liable.map_or(-1, |s| s as i8);
    Ok((
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
    ))
}

/// The engine's form and multiplier keys, in code order (tests check they match `mjcore.tdh.names`).
#[pyfunction]
fn tdh_keys() -> (Vec<&'static str>, Vec<&'static str>) {
    (tdh::FORM_KEYS.to_vec(), tdh::MULTIPLIER_KEYS.to_vec())
}

// ---- score_batch: the form (one-hot) then each multiplier; the headline is the share.

/// (winner, dealer, source code, discarder, kong_bloom, kong_fed_by, last_tile, ghost indicator,
/// dealer_streak), −1 for none: the arguments of `tdh_score` that a batch row varies.
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tdh_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(tdh_score, m)?)?;
    m.add_function(wrap_pyfunction!(tdh_keys, m)?)?;
    Ok(())
}

//! Each family's batch scorer and its `*_score_batch` function: the situations in the form the family's single
//! `score` sends them, read once each, and how a row's result fills a [`Scored`].

use mjcore_engine::error::{EngineError, Result};
use mjcore_engine::rules::folk::{self, FolkRules, FolkWin};
use mjcore_engine::rules::regional::{optional_seat, seat};
use mjcore_engine::rules::sichuan::{self, fan, SichuanSituation, SichuanTable};
use mjcore_engine::rules::taiwan::{self, tai, TaiwanSituation, TaiwanTable};
use mjcore_engine::rules::tdh::{self, Source, TdhRules, TdhWin};
use mjcore_engine::{Hand, Tile};
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::prelude::*;

use super::{score_rows, Arrays, Columns, FamilyScorer, Scored, MAX_KEYS};
use crate::errors::{argument, IntoPyResult};
use crate::folk::PyFolkRuleset;
use crate::sichuan::{self as py_sichuan, PySichuanRuleset};
use crate::taiwan::{self as py_taiwan, PyTaiwanRuleset};
use crate::tdh::PyTdhRuleset;

fn tile(win: u8) -> Result<Tile> {
    Tile::new(win).ok_or_else(|| EngineError::tile(format!("winning tile {win} is not 0..33")))
}

/// Adds `money` rows into one net per seat.
fn net_of<'a>(rows: impl IntoIterator<Item = &'a [i64; 4]>) -> [i64; 4] {
    rows.into_iter().fold([0; 4], |mut net, row| {
        for (seat, amount) in net.iter_mut().zip(row) {
            *seat += amount;
        }
        net
    })
}

// ---- 推倒胡: the form (one-hot) then each multiplier; the headline is the share.

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
        let r = tdh::score(&w, self.0, flowers.count_ones() as u8)?;
        if r.refusal == 0 {
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

// ---- Sichuan: the fan counts; the headline is the total fan (before the cap).

struct SichuanBatch<'a>(&'a SichuanTable);

impl FamilyScorer for SichuanBatch<'_> {
    type Situation = SichuanSituation;

    fn width(&self) -> usize {
        fan::FAN_COUNT
    }

    fn score(
        &self,
        hand: &Hand,
        _: u8,
        win: u8,
        s: &SichuanSituation,
        out: &mut Scored,
    ) -> Result<()> {
        if let Some(r) = sichuan::score(hand, tile(win)?, s, self.0)? {
            out.total = r.total.into();
            out.counts[..fan::FAN_COUNT].copy_from_slice(&r.fans.counts);
            out.net = net_of([&r.win, &r.transfer]);
        }
        Ok(())
    }
}

// ---- Taiwan: the hand's 台 counts (the dealer's 台 count only in the money); the headline is the total 台.

struct TaiwanBatch<'a>(&'a TaiwanTable);

impl FamilyScorer for TaiwanBatch<'_> {
    type Situation = TaiwanSituation;

    fn width(&self) -> usize {
        tai::TAI_COUNT
    }

    fn score(
        &self,
        hand: &Hand,
        _: u8,
        win: u8,
        s: &TaiwanSituation,
        out: &mut Scored,
    ) -> Result<()> {
        if let Some(r) = taiwan::score(hand, tile(win)?, s, self.0)? {
            out.total = r.total.into();
            out.counts[..tai::TAI_COUNT].copy_from_slice(&r.tai.0);
            out.net = net_of([&r.win, &r.eye_fee]);
        }
        Ok(())
    }
}

// ---- The folk tables: a count per row key (the keys the caller lists); the headline is the total.

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
        if let Some(r) = folk::score(hand, win, s, self.rules)? {
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

// ---- The functions: (ruleset, concealed (N, 34), melds (N, M, 2), flower bits (N,), winning tiles (N,),
// the distinct situations, each row's situation index (N,)) → (total, counts, net).

fn columns<'py>(
    concealed: Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    situation: PyReadonlyArray1<'py, u32>,
) -> Columns<'py> {
    Columns {
        concealed,
        melds,
        flowers,
        win,
        situation,
    }
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn tdh_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyTdhRuleset,
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
    score_rows(py, &TdhBatch(&ruleset.inner), &situations, columns)
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn sichuan_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PySichuanRuleset,
    concealed: Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    situations: Vec<py_sichuan::SituationTuple>,
    which: PyReadonlyArray1<'py, u32>,
) -> PyResult<Arrays<'py>> {
    let situations: Vec<_> = situations
        .into_iter()
        .map(py_sichuan::situation)
        .collect::<PyResult<_>>()?;
    let columns = columns(concealed, melds, flowers, win, which);
    score_rows(py, &SichuanBatch(&ruleset.inner), &situations, columns)
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn taiwan_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyTaiwanRuleset,
    concealed: Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    situations: Vec<py_taiwan::SituationTuple>,
    which: PyReadonlyArray1<'py, u32>,
) -> PyResult<Arrays<'py>> {
    let situations: Vec<_> = situations
        .into_iter()
        .map(py_taiwan::situation)
        .collect::<PyResult<_>>()?;
    let columns = columns(concealed, melds, flowers, win, which);
    score_rows(py, &TaiwanBatch(&ruleset.inner), &situations, columns)
}

/// `keys`: the breakdown's columns, every key a folk entry may have (the ruleset's rows, then the extras).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn folk_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyFolkRuleset,
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
        rules: &ruleset.inner,
        keys,
    };
    score_rows(py, &scorer, &situations, columns)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(tdh_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(sichuan_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(folk_score_batch, m)?)?;
    Ok(())
}

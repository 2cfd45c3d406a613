//! Taiwan 16-tile scoring: the compiled ruleset, one win (GIL held), a flower win.

use mjcore_engine::error::Result;
use mjcore_engine::rules::regional::{optional_seat, seat, Money, NONE};
use mjcore_engine::rules::registry::Family;
use mjcore_engine::rules::taiwan::{
    self, tai, FlowerWin, TaiCounts, Taiwan, TaiwanSituation, TaiwanTable,
};
use mjcore_engine::{Hand, Tile};
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;

use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, net_of, score_rows, tile, Arrays, FamilyScorer, Scored};
use crate::family_results::{regional_score, RegionalWin, Rules};
use crate::ruleset::PyRuleset;
use crate::score_objects::field;
use crate::single_score::{flag_bits, seat_bits, seat_or, single_score_function, SingleScore};

/// (seat, dealer, streak, round wind, flags, discarder, eye seat bits).
pub(crate) type SituationTuple = (u8, u8, u8, u8, u8, u8, u8);

pub(crate) fn situation(t: SituationTuple) -> PyResult<TaiwanSituation> {
    let (seat_code, dealer, streak, round_wind, flags, discarder, eye_seats) = t;
    let flag = |bit: u8| flags & (1 << bit) != 0;
    Ok(TaiwanSituation {
        seat: seat(seat_code, "seat").py_err()?,
        dealer: seat(dealer, "dealer").py_err()?,
        streak,
        round_wind: seat(round_wind, "round_wind").py_err()?,
        self_drawn: flag(0),
        robbing_kong: flag(1),
        kong_bloom: flag(2),
        last_tile: flag(3),
        heavenly: flag(4),
        earthly: flag(5),
        human: flag(6),
        discarder: optional_seat(discarder, "discarder").py_err()?,
        eye_seats,
        east_seat: None,
    })
}

type Entries = Vec<(&'static str, u8, u16)>;
type Row = (Entries, u16, u16, bool, Vec<(&'static str, Money)>, Entries);

/// The (key, count, value) of every 台 counted.
fn entry_rows<'a>(
    counts: &'a TaiCounts,
    table: &'a TaiwanTable,
) -> impl Iterator<Item = (&'static str, u8, i64)> + 'a {
    (0..tai::TAI_COUNT).filter(|&i| counts.0[i] > 0).map(|i| {
        let count = counts.0[i];
        (
            tai::KEYS[i],
            count,
            i64::from(u16::from(count) * table.values[i]),
        )
    })
}

fn entries(counts: &TaiCounts, table: &TaiwanTable) -> Entries {
    entry_rows(counts, table)
        .map(|(key, count, value)| (key, count, value as u16))
        .collect()
}

impl SingleScore for Taiwan {
    type Situation = TaiwanSituation;
    type WinningTile = Tile;

    /// A `mjcore.rules.taiwan.Situation`, as its `native()` tuple reads it (the flags in its `FLAG_NAMES`
    /// order; the single call's East is the dealer: `east` is the table's).
    fn situation(s: &Bound<'_, PyAny>) -> PyResult<TaiwanSituation> {
        let py = s.py();
        situation((
            field(s, intern!(py, "seat"))?,
            field(s, intern!(py, "dealer"))?,
            field(s, intern!(py, "streak"))?,
            field(s, intern!(py, "round_wind"))?,
            flag_bits(
                s,
                &[
                    intern!(py, "self_drawn"),
                    intern!(py, "robbing_kong"),
                    intern!(py, "kong_bloom"),
                    intern!(py, "last_tile"),
                    intern!(py, "heavenly"),
                    intern!(py, "earthly"),
                    intern!(py, "human"),
                ],
            )?,
            seat_or(s, intern!(py, "discarder"), NONE)?,
            seat_bits(s, intern!(py, "eye_seats"))?,
        ))
    }

    /// The `RegionalScore`: every 台, the total, what is paid on, the money ("win", "eye_fee"), the dealer's 台.
    fn result<'py>(
        rules: &Rules<'_, 'py, TaiwanTable>,
        hand: Hand,
        win: Tile,
        s: &TaiwanSituation,
    ) -> PyResult<Bound<'py, PyAny>> {
        let table = rules.table;
        let result = taiwan::score(&hand, win, s, table).py_err()?;
        let win = result.as_ref().map(|r| RegionalWin {
            entries: entry_rows(&r.tai, table),
            total: r.total,
            counted: r.counted,
            meets_minimum: r.meets_minimum,
            money: [("win", r.win), ("eye_fee", r.eye_fee)],
            dealer_entries: entry_rows(&r.dealer, table),
        });
        regional_score(rules, win)
    }
}

/// A flower win: kind 0 八仙過海, 1 七搶一 (the discarder of the situation is the payer).
#[pyfunction]
fn taiwan_flower_win(ruleset: &PyRuleset, kind: u8, where_: SituationTuple) -> PyResult<Row> {
    let kind = match kind {
        0 => FlowerWin::EightImmortals,
        1 => FlowerWin::SevenRobOne,
        _ => return Err(argument(format!("flower win {kind} is not 0..1"))),
    };
    let s = situation(where_)?;
    s.validate().py_err()?;
    let table = ruleset.of::<Taiwan>()?;
    let (row, value, win, eyes, dealer) = taiwan::flower_win(kind, &s, table);
    let mut counts = TaiCounts::default();
    counts.add(row, 1);
    Ok((
        entries(&counts, table),
        value,
        value,
        true,
        vec![("win", win), ("eye_fee", eyes)],
        entries(&dealer, table),
    ))
}

/// The 台 keys in the engine's order.
#[pyfunction]
fn taiwan_tai_keys() -> Vec<&'static str> {
    tai::KEYS.to_vec()
}

// ---- score_batch: the hand's 台 counts (the dealer's 台 count only in the money); the headline is the
// total 台.

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
        if let Some(r) = Taiwan::score(self.0, &(hand, tile(win)?, s))? {
            out.total = r.total.into();
            out.counts[..tai::TAI_COUNT].copy_from_slice(&r.tai.0);
            out.net = net_of([&r.win, &r.eye_fee]);
        }
        Ok(())
    }
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn taiwan_score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    keys: Vec<String>,
    concealed: Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    flowers: PyReadonlyArray1<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    situations: Vec<SituationTuple>,
    which: PyReadonlyArray1<'py, u32>,
) -> PyResult<Arrays<'py>> {
    let situations: Vec<_> = situations
        .into_iter()
        .map(situation)
        .collect::<PyResult<_>>()?;
    let columns = columns(concealed, melds, flowers, win, which);
    score_rows(
        py,
        &TaiwanBatch(ruleset.of::<taiwan::Taiwan>()?),
        &keys,
        &situations,
        columns,
    )
}

single_score_function!(
    /// One Taiwan win (`single_score`): the row `regional.result.score_of` reads, None for no win.
    taiwan_score,
    Taiwan
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(taiwan_score, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_flower_win, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_tai_keys, m)?)?;
    Ok(())
}

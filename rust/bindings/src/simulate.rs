//! `mjcore.simulate` natively: deals `start..stop` of a seed played by named bots under a ruleset, on rayon
//! with the GIL released; the totals as a dict of ints and lists, and with `per_deal` the per-deal columns as
//! numpy arrays (moved into numpy, not copied).

use mjcore_engine::bots::bots_for;
use mjcore_engine::sim::{simulate_records_until, simulate_until, DealRecord, Stats};
use mjcore_engine::table::{Adjudicator, SEATS, SIDE_MONEY_KINDS};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::IntoPyResult;
use crate::interrupt::{interruptible, is_keyboard_interrupt};
use crate::sim::{TableSetup, WinRules};
use crate::table_rules::PyTableRules;

const SEAT_COUNT: usize = SEATS as usize;

/// The per-deal column of each kind of side money (`mjcore_engine::table::deal_money`), in kind order.
const SIDE_MONEY_COLUMNS: [&str; SIDE_MONEY_KINDS] = [
    "transfer_money",
    "refund_money",
    "flower_pig_money",
    "ready_check_money",
];

/// The totals of a run as a dict (the keys are the `Stats` fields).
pub(crate) fn stats_dict<'py>(py: Python<'py>, stats: &Stats) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("deals", stats.deals)?;
    dict.set_item("exhaustive_draws", stats.exhaustive_draws)?;
    dict.set_item("wins_by_offset", stats.wins_by_offset.to_vec())?;
    dict.set_item("self_drawn_wins", stats.self_drawn_wins)?;
    dict.set_item("deal_ins", stats.deal_ins)?;
    dict.set_item("multiple_winners", stats.multiple_winners)?;
    dict.set_item("robbed_kongs", stats.robbed_kongs)?;
    dict.set_item("kongs", stats.kongs)?;
    dict.set_item("win_turns", stats.win_turns)?;
    dict.set_item("win_turns_squared", stats.win_turns_squared)?;
    dict.set_item("fans", stats.fans.to_vec())?;
    dict.set_item("patterns", stats.patterns.clone())?;
    dict.set_item("liabilities", stats.liabilities)?;
    dict.set_item("payments_by_offset", stats.payments_by_offset.to_vec())?;
    dict.set_item("kong_money_moved", stats.kong_money_moved)?;
    dict.set_item("horse_hits", stats.horse_hits)?;
    dict.set_item("wins_with_ghosts", stats.wins_with_ghosts)?;
    dict.set_item("ghosts_in_wins", stats.ghosts_in_wins)?;
    dict.set_item("self_drawn_turns", stats.self_drawn_turns.to_vec())?;
    dict.set_item("deals_by_wins", stats.deals_by_wins.to_vec())?;
    dict.set_item(
        "payments_squared_by_offset",
        stats.payments_squared_by_offset.to_vec(),
    )?;
    dict.set_item("kong_money_squared", stats.kong_money_squared)?;
    dict.set_item("horse_hits_squared", stats.horse_hits_squared)?;
    dict.set_item("horse_hits_by_wins", stats.horse_hits_by_wins)?;
    dict.set_item("ghosts_in_wins_squared", stats.ghosts_in_wins_squared)?;
    dict.set_item("ghosts_in_wins_by_wins", stats.ghosts_in_wins_by_wins)?;
    dict.set_item("wins_with_ghosts_squared", stats.wins_with_ghosts_squared)?;
    dict.set_item("wins_with_ghosts_by_wins", stats.wins_with_ghosts_by_wins)?;
    dict.set_item("flowers", stats.flowers)?;
    dict.set_item("flowers_squared", stats.flowers_squared)?;
    dict.set_item("fans_same_deal", stats.fans_same_deal.to_vec())?;
    dict.set_item("fans_cowinners", stats.fans_cowinners.to_vec())?;
    dict.set_item("patterns_same_deal", stats.patterns_same_deal.clone())?;
    dict.set_item("patterns_cowinners", stats.patterns_cowinners.clone())?;
    dict.set_item("rows", stats.rows.clone())?;
    dict.set_item("rows_same_deal", stats.rows_same_deal.clone())?;
    dict.set_item("rows_cowinners", stats.rows_cowinners.clone())?;
    dict.set_item("side_money_deals", stats.side_money_deals.to_vec())?;
    dict.set_item("side_money_moved", stats.side_money_moved.to_vec())?;
    dict.set_item("side_money_squared", stats.side_money_squared.to_vec())?;
    dict.set_item("horse_hit_counts", stats.horse_hit_counts.to_vec())?;
    dict.set_item(
        "horse_hit_counts_same_deal",
        stats.horse_hit_counts_same_deal.to_vec(),
    )?;
    dict.set_item(
        "horse_hit_counts_cowinners",
        stats.horse_hit_counts_cowinners.to_vec(),
    )?;
    dict.set_item("horse_money_moved", stats.horse_money_moved)?;
    dict.set_item("horse_money_squared", stats.horse_money_squared)?;
    dict.set_item("wins_by_order", stats.wins_by_order.to_vec())?;
    dict.set_item("fan_by_order", stats.fan_by_order.to_vec())?;
    dict.set_item("fan_by_order_squared", stats.fan_by_order_squared.to_vec())?;
    dict.set_item("win_counts", stats.win_counts.to_vec())?;
    dict.set_item("win_counts_same_deal", stats.win_counts_same_deal.to_vec())?;
    dict.set_item("win_counts_cowinners", stats.win_counts_cowinners.to_vec())?;
    dict.set_item("win_count", stats.win_count)?;
    dict.set_item("win_count_squared", stats.win_count_squared)?;
    dict.set_item("win_count_by_wins", stats.win_count_by_wins)?;
    dict.set_item("flower_money_moved", stats.flower_money_moved)?;
    dict.set_item("flower_money_squared", stats.flower_money_squared)?;
    Ok(dict)
}

/// A seat as a signed column value: -1 for none.
fn seat_or_none(seat: Option<u8>) -> i8 {
    seat.map_or(-1, |s| s as i8)
}

/// A column of `K` values per deal: shape (N,) for one, (N, K) for several (one per seat).
fn column<'py, T: numpy::Element, const K: usize>(
    py: Python<'py>,
    records: &[DealRecord],
    value: impl Fn(&DealRecord) -> [T; K],
) -> PyResult<Bound<'py, PyAny>> {
    let flat: Vec<T> = records.iter().flat_map(value).collect();
    let array = PyArray1::from_vec(py, flat);
    if K == 1 {
        return Ok(array.into_any());
    }
    Ok(array.reshape([records.len(), K])?.into_any())
}

/// The per-deal columns (see `mjcore.simulation`).
fn records_dict<'py>(py: Python<'py>, records: &[DealRecord]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let put = |name: &str, array: PyResult<Bound<'py, PyAny>>| dict.set_item(name, array?);
    let winners = |r: &DealRecord| std::array::from_fn(|s| r.winners & (1 << s) != 0);
    put("winners", column::<bool, SEAT_COUNT>(py, records, winners))?;
    let pattern = |r: &DealRecord| r.pattern.map(|p| p.map_or(-1, i16::from));
    put("pattern", column(py, records, pattern))?;
    let fan = |r: &DealRecord| r.fan.map(|f| f.map_or(-1, |f| f as i16));
    put("fan", column(py, records, fan))?;
    let points = |r: &DealRecord| r.fan.map(|f| f.map_or(0, |f| 1i64 << f.min(62)));
    put("points", column(py, records, points))?;
    put("payments", column(py, records, |r| r.payments))?;
    put("discarder", column(py, records, |r| [seat_or_none(r.from)]))?;
    put("self_drawn", column(py, records, |r| [r.self_drawn()]))?;
    put("robbing_kong", column(py, records, |r| [r.robbing_kong]))?;
    put("turns", column(py, records, |r| [r.turns as u16]))?;
    let exhaustive = |r: &DealRecord| [r.is_exhaustive_draw()];
    put("exhaustive_draw", column(py, records, exhaustive))?;
    put("dealer", column(py, records, |r| [r.dealer]))?;
    put("kongs", column(py, records, |r| [r.kongs as u8]))?;
    put(
        "liability",
        column(py, records, |r| [seat_or_none(r.liable)]),
    )?;
    put("flowers", column(py, records, |r| r.flowers))?;
    put("kong_money", column(py, records, |r| r.kong_money))?;
    put("horse_hits", column(py, records, |r| r.horse_hits))?;
    put("horse_money", column(py, records, |r| r.horse_money))?;
    put("ghosts", column(py, records, |r| [r.ghosts]))?;
    put("winner_ghosts", column(py, records, |r| r.winner_ghosts))?;
    let order = |r: &DealRecord| r.win_order.map(|o| o.map_or(-1, |o| o as i8));
    put("win_order", column(py, records, order))?;
    put("win_count", column(py, records, |r| r.win_count))?;
    put("flower_money", column(py, records, |r| r.flower_money))?;
    for (kind, name) in SIDE_MONEY_COLUMNS.iter().enumerate() {
        put(name, column(py, records, |r| r.side_money[kind]))?;
    }
    // numpy has no 128-bit integer: the rows' bits as two 64-bit words.
    put(
        "rows_low",
        column(py, records, |r| r.rows.map(|rows| rows as u64)),
    )?;
    put(
        "rows_high",
        column(py, records, |r| r.rows.map(|rows| (rows >> 64) as u64)),
    )?;
    Ok(dict)
}

/// Plays deals `deals = (start, stop)` of the run seeded with `seed` with one named bot per seat, at a table
/// with `table_rules`, wins and payments by `ruleset`, on `threads` threads (None: all cores) with the GIL released. Returns (totals dict, per-deal
/// columns dict or None).
///
/// Ctrl-C stops the run within a fraction of a second and returns the deals of the prefix `start..start +
/// totals["deals"]` it finished (fewer than asked: the caller marks the result interrupted); an exception
/// another signal handler raises is raised instead.
#[pyfunction]
#[pyo3(signature = (ruleset, table_rules, seed, deals, bots, threads = None, per_deal = true))]
#[allow(clippy::too_many_arguments)]
fn simulate_deals<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    table_rules: PyRef<'_, PyTableRules>,
    seed: u64,
    deals: (u64, u64),
    bots: Vec<String>,
    threads: Option<usize>,
    per_deal: bool,
) -> PyResult<(Bound<'py, PyDict>, Option<Bound<'py, PyDict>>)> {
    let run = Run {
        seed,
        deals: deals.0..deals.1.max(deals.0),
        bots,
        threads,
        per_deal,
    };
    // The family's adjudicator, chosen once per run (the table's one list of families) and played by its own
    // type: the hot loop is compiled per family, with no dispatch per call.
    let setup = TableSetup::new(None, Some(ruleset), Some(&table_rules))?;
    match &setup.wins {
        WinRules::Family(plugin) => {
            mjcore_engine::with_family_table!(plugin, |rules| run.play(py, rules.as_ref()))
        }
        WinRules::Shapes(_) | WinRules::Python(_) => run.play(py, &setup),
    }
}

/// What `simulate_deals` plays, whichever the family.
struct Run {
    seed: u64,
    deals: std::ops::Range<u64>,
    bots: Vec<String>,
    threads: Option<usize>,
    per_deal: bool,
}

impl Run {
    fn play<'py, A: Adjudicator + Sync>(
        self,
        py: Python<'py>,
        rules: &A,
    ) -> PyResult<(Bound<'py, PyDict>, Option<Bound<'py, PyDict>>)> {
        let Run {
            seed,
            deals,
            bots,
            threads,
            per_deal,
        } = self;
        // Names are checked once here, so the per-worker factory below cannot fail.
        // The bots play for what the rules want (the efficiency bot's `Adjudicator::aim`).
        let aim = rules.aim();
        bots_for(&bots, &aim).py_err()?;
        let policies = || bots_for(&bots, &aim).unwrap_or_default();
        if !per_deal {
            let (stats, raised) = interruptible(py, |cancel| {
                simulate_until(seed, deals, &policies, rules, threads, cancel)
            });
            stopped_by(py, raised)?;
            return Ok((stats_dict(py, &stats.py_err()?)?, None));
        }
        let (records, raised) = interruptible(py, |cancel| {
            simulate_records_until(seed, deals, &policies, rules, threads, cancel)
        });
        stopped_by(py, raised)?;
        let records = records.py_err()?;
        let stats = records.iter().fold(Stats::default(), |mut stats, record| {
            stats.add(record);
            stats
        });
        Ok((stats_dict(py, &stats)?, Some(records_dict(py, &records)?)))
    }
}

/// After a run: Ok when it finished or Ctrl-C stopped it (it returns what it finished), the exception when
/// another signal handler raised one.
fn stopped_by(py: Python<'_>, raised: Option<PyErr>) -> PyResult<()> {
    match raised {
        Some(error) if !is_keyboard_interrupt(py, &error) => Err(error),
        _ => Ok(()),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(simulate_deals, m)?)?;
    Ok(())
}

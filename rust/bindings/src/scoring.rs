//! Scoring a win, one hand (GIL held) or a numpy batch (GIL released, rayon).

use mjcore_engine::hand::MeldSlot;
use mjcore_engine::rules::guangdong::Extra;
use mjcore_engine::scoring::{self, BatchRow, LimitHand, Situation, WinSource};
use mjcore_engine::Counts;
use mjcore_engine::Tile;
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::prelude::*;

use crate::batch::{owned_rows, validate_rows, SizeRule};
use crate::convert::{hand_from_parts, MeldTuple};
use crate::errors::{argument, IntoPyResult};
use crate::ruleset::PyRuleset;

/// (pattern key, pattern fan, special, [(extra key, times, fan each)], raw, capped, floored, total, legal,
/// points, payments by seat, liable seat or None).
type ScoreTuple = (
    &'static str,
    u8,
    bool,
    Vec<(&'static str, u8, u8)>,
    u8,
    bool,
    bool,
    u8,
    bool,
    u64,
    [i64; 4],
    Option<u8>,
);

fn source(code: u8) -> PyResult<WinSource> {
    match code {
        0 => Ok(WinSource::SelfDrawn),
        1 => Ok(WinSource::Discard),
        2 => Ok(WinSource::RobbedKong),
        _ => Err(argument(format!("win source code {code} is not 0..2"))),
    }
}

fn limit_hand(code: u8) -> PyResult<Option<LimitHand>> {
    match code {
        0 => Ok(None),
        1 => Ok(Some(LimitHand::Heavenly)),
        2 => Ok(Some(LimitHand::Earthly)),
        3 => Ok(Some(LimitHand::Human)),
        _ => Err(argument(format!("limit hand code {code} is not 0..3"))),
    }
}

fn tile(index: u8) -> PyResult<Tile> {
    Tile::new(index).ok_or_else(|| argument(format!("winning tile {index} is not 0..33")))
}

/// Scores one win; None when the hand does not win. Source codes: 0 self-drawn, 1 discard, 2 robbed kong;
/// limit codes: 0 none, 1 天和, 2 地和, 3 人和.
#[pyfunction]
#[pyo3(signature = (ruleset, counts, melds, win, seat, round_wind, source_code, discarder, kong_bloom,
                    kong_fed_by, last_tile, limit_code, winners_on_discard, feeder_already_liable))]
#[allow(clippy::too_many_arguments)]
fn score(
    ruleset: &PyRuleset,
    counts: &Bound<'_, PyAny>,
    melds: Vec<MeldTuple>,
    win: u8,
    seat: u8,
    round_wind: u8,
    source_code: u8,
    discarder: Option<u8>,
    kong_bloom: bool,
    kong_fed_by: Option<u8>,
    last_tile: bool,
    limit_code: u8,
    winners_on_discard: u8,
    feeder_already_liable: bool,
) -> PyResult<Option<ScoreTuple>> {
    let hand = hand_from_parts(counts, melds, 0, 0)?;
    let situation = Situation {
        kong_bloom,
        kong_fed_by,
        last_tile,
        limit_hand: limit_hand(limit_code)?,
        winners_on_discard,
        feeder_already_liable,
        ..Situation::new(seat, round_wind, source(source_code)?, discarder)
    };
    let rules = &ruleset.inner;
    let Some(result) = scoring::score(&hand, tile(win)?, rules, &situation).py_err()? else {
        return Ok(None);
    };
    let fan = result.fan;
    let extras = Extra::ALL
        .iter()
        .filter(|&&e| fan.extras[e as usize] > 0)
        .map(|&e| (e.key(), fan.extras[e as usize], rules.extra(e).unwrap_or(0)))
        .collect();
    Ok(Some((
        fan.pattern.key(),
        fan.pattern_fan,
        fan.special,
        extras,
        fan.raw,
        fan.capped,
        fan.floored,
        fan.total,
        fan.legal,
        fan.points(),
        result.payments,
        result.liable,
    )))
}

/// Total fan (−1 where not a win) and points (0 there) of every row: concealed counts (N, 34) without the
/// winning tile, melds (N, 4, 2) of (kind code + 1, lowest tile) with kind 0 for an empty slot, winning tiles
/// (N,), and per-row situation arrays (N,) of uint8 (source: 0 self-drawn, 1 discard, 2 robbed kong).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[allow(clippy::type_complexity)]
fn score_batch<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    concealed: &Bound<'py, PyAny>,
    melds: PyReadonlyArray3<'py, u8>,
    win: PyReadonlyArray1<'py, u8>,
    source_code: PyReadonlyArray1<'py, u8>,
    seat: PyReadonlyArray1<'py, u8>,
    round_wind: PyReadonlyArray1<'py, u8>,
    kong_bloom: PyReadonlyArray1<'py, u8>,
    last_tile: PyReadonlyArray1<'py, u8>,
) -> PyResult<(Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<i64>>)> {
    let hands = owned_rows(concealed)?;
    validate_rows(py, &hands, SizeRule::AnyHand, waiting_problem)?;
    let columns = [
        win.as_slice()?,
        source_code.as_slice()?,
        seat.as_slice()?,
        round_wind.as_slice()?,
        kong_bloom.as_slice()?,
        last_tile.as_slice()?,
    ];
    let melds = melds.as_array();
    if columns.iter().any(|c| c.len() != hands.len()) || melds.shape() != [hands.len(), 4, 2] {
        return Err(argument(format!(
            "melds must have shape ({n}, 4, 2) and every per-row array length {n}",
            n = hands.len()
        )));
    }
    let [win, source_code, seat, round_wind, kong_bloom, last_tile] = columns;
    let rows = hands
        .iter()
        .enumerate()
        .map(|(i, &hand)| {
            let situation = Situation {
                kong_bloom: kong_bloom[i] != 0,
                last_tile: last_tile[i] != 0,
                ..Situation::new(seat[i], round_wind[i], source(source_code[i])?, None)
            };
            Ok(BatchRow {
                concealed: hand,
                melds: std::array::from_fn(|m| MeldSlot {
                    kind: melds[[i, m, 0]],
                    tile: melds[[i, m, 1]],
                }),
                win: win[i],
                situation,
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let rules = &ruleset.inner;
    let totals = py
        .detach(|| scoring::total_fan_batch(&rows, rules))
        .py_err()?;
    let fans: Vec<i8> = totals.iter().map(|t| t.map_or(-1, |f| f as i8)).collect();
    let points: Vec<i64> = totals.iter().map(|t| t.map_or(0, |f| 1i64 << f)).collect();
    Ok((PyArray1::from_vec(py, fans), PyArray1::from_vec(py, points)))
}

/// Scoring takes the hand before its winning tile: 3n+1 tiles.
fn waiting_problem(row: &Counts) -> Option<String> {
    let size: u32 = row.iter().map(|&c| c as u32).sum();
    (size % 3 != 1).then(|| {
        format!("{size} tiles: scoring takes the hand without its winning tile (3n+1 tiles)")
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    Ok(())
}

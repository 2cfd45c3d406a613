//! The Guangdong family (鸡平胡, 贵港): scoring a win, one hand (GIL held) or a numpy batch (GIL released,
//! rayon), and the keys its ruleset files may name.

use mjcore_engine::rules::guangdong::scorer::{self, BatchRow, LimitHand, Situation, WinSource};
use mjcore_engine::rules::guangdong::{Extra, FloorEvent, Guangdong, Pattern};
use mjcore_engine::Tile;
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyTuple};

use crate::batch::{borrowed_rows, build_in_blocks, meld_slots, rows_of, validate_waiting_block};
use crate::errors::{argument, IntoPyResult};
use crate::ruleset::PyRuleset;
use crate::score_objects::{dataclass_instance, field, hand_of, PyClassRef};
use std::ops::Range;

fn source(code: u8) -> PyResult<WinSource> {
    match code {
        0 => Ok(WinSource::SelfDrawn),
        1 => Ok(WinSource::Discard),
        2 => Ok(WinSource::RobbedKong),
        _ => Err(argument(format!("win source code {code} is not 0..2"))),
    }
}

fn tile(index: u8) -> PyResult<Tile> {
    Tile::new(index).ok_or_else(|| argument(format!("winning tile {index} is not 0..33")))
}

static SCORE_RESULT: PyClassRef = PyClassRef::new("mjcore.rules.guangdong.result", "ScoreResult");
static SCORE_ENTRY: PyClassRef = PyClassRef::new("mjcore.rules.guangdong.result", "ScoreEntry");

/// Scores one win straight from its Python objects and returns the `ScoreResult` (the fast single call).
/// `hand`: a `mjcore.Hand`, hand text or 34 counts; `situation`: a `mjcore.Situation` (checked on
/// construction; the engine checks it again). `entries` = (ruleset name, minimum, the `ScoreEntry` of each
/// pattern in engine order (None where the table has none), and for each extra in table order (engine
/// index, its `ScoreEntry` counted 1, 2, … times)), made once per ruleset by `Ruleset.native_entries`.
#[pyfunction]
fn score<'py>(
    py: Python<'py>,
    ruleset: &PyRuleset,
    entries: &Bound<'py, PyTuple>,
    hand: &Bound<'py, PyAny>,
    win: u8,
    situation: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let hand = hand_of(hand)?;
    let s = situation;
    let source = if field::<bool>(s, intern!(py, "self_drawn"))? {
        WinSource::SelfDrawn
    } else if field::<bool>(s, intern!(py, "robbing_kong"))? {
        WinSource::RobbedKong
    } else {
        WinSource::Discard
    };
    let limit_hand = if field::<bool>(s, intern!(py, "heavenly"))? {
        Some(LimitHand::Heavenly)
    } else if field::<bool>(s, intern!(py, "earthly"))? {
        Some(LimitHand::Earthly)
    } else if field::<bool>(s, intern!(py, "human"))? {
        Some(LimitHand::Human)
    } else {
        None
    };
    let situation = Situation {
        kong_bloom: field::<bool>(s, intern!(py, "kong_bloom"))?,
        kong_fed_by: field(s, intern!(py, "kong_fed_by"))?,
        last_tile: field::<bool>(s, intern!(py, "last_tile"))?,
        limit_hand,
        winners_on_discard: field(s, intern!(py, "winners_on_discard"))?,
        feeder_already_liable: field::<bool>(s, intern!(py, "feeder_already_liable"))?,
        ..Situation::new(
            field(s, intern!(py, "seat_wind"))?,
            field(s, intern!(py, "round_wind"))?,
            source,
            field(s, intern!(py, "discarder"))?,
        )
    };
    let result =
        scorer::score(&hand, tile(win)?, ruleset.of::<Guangdong>()?, &situation).py_err()?;
    result_object(py, entries, result.as_ref())
}

/// The `ScoreResult` of a score (`None`: not a win), its fields in declaration order.
fn result_object<'py>(
    py: Python<'py>,
    entries: &Bound<'py, PyTuple>,
    result: Option<&scorer::Score>,
) -> PyResult<Bound<'py, PyAny>> {
    let (name, minimum) = (entries.get_item(0)?, entries.get_item(1)?);
    let boolean = |b: bool| PyBool::new(py, b).to_owned().into_any();
    let Some(result) = result else {
        return dataclass_instance(
            SCORE_RESULT.get(py)?,
            &[
                (intern!(py, "is_win"), boolean(false)),
                (intern!(py, "ruleset"), name),
                (intern!(py, "pattern"), py.None().into_bound(py)),
                (intern!(py, "extras"), PyTuple::empty(py).into_any()),
                (intern!(py, "raw_fan"), 0u8.into_pyobject(py)?.into_any()),
                (intern!(py, "capped"), boolean(false)),
                (intern!(py, "floored"), boolean(false)),
                (intern!(py, "total_fan"), 0u8.into_pyobject(py)?.into_any()),
                (intern!(py, "legal"), boolean(false)),
                (intern!(py, "minimum"), minimum),
                (intern!(py, "points"), 0u8.into_pyobject(py)?.into_any()),
                (
                    intern!(py, "payments"),
                    (0, 0, 0, 0).into_pyobject(py)?.into_any(),
                ),
                (intern!(py, "liable"), py.None().into_bound(py)),
            ],
        );
    };
    let fan = &result.fan;
    let pattern = entries
        .get_item(2)?
        .cast_into::<PyTuple>()?
        .get_item(fan.pattern as usize)?;
    let mut extras = Vec::new();
    for extra in entries.get_item(3)?.cast_into::<PyTuple>()?.iter() {
        let (index, by_count): (usize, Bound<'py, PyTuple>) = extra.extract()?;
        let times = fan.extras.get(index).copied().unwrap_or(0);
        if times == 0 {
            continue;
        }
        extras.push(match by_count.get_item(usize::from(times) - 1) {
            Ok(shared) => shared,
            // more times than the shared entries cover: a new one, from the single entry's fields
            Err(_) => {
                let one = by_count.get_item(0)?;
                let (key, zh, en, fan_each): (String, String, String, u32) = (
                    field(&one, intern!(py, "key"))?,
                    field(&one, intern!(py, "zh"))?,
                    field(&one, intern!(py, "en"))?,
                    field(&one, intern!(py, "fan"))?,
                );
                SCORE_ENTRY
                    .get(py)?
                    .call1((key, zh, en, fan_each * u32::from(times), times))?
            }
        });
    }
    dataclass_instance(
        SCORE_RESULT.get(py)?,
        &[
            (intern!(py, "is_win"), boolean(true)),
            (intern!(py, "ruleset"), name),
            (intern!(py, "pattern"), pattern),
            (intern!(py, "extras"), PyTuple::new(py, extras)?.into_any()),
            (
                intern!(py, "raw_fan"),
                fan.raw.into_pyobject(py)?.into_any(),
            ),
            (intern!(py, "capped"), boolean(fan.capped)),
            (intern!(py, "floored"), boolean(fan.floored)),
            (
                intern!(py, "total_fan"),
                fan.total.into_pyobject(py)?.into_any(),
            ),
            (intern!(py, "legal"), boolean(fan.legal)),
            (intern!(py, "minimum"), minimum),
            (
                intern!(py, "points"),
                fan.points().into_pyobject(py)?.into_any(),
            ),
            (
                intern!(py, "payments"),
                PyTuple::new(py, result.payments)?.into_any(),
            ),
            (
                intern!(py, "liable"),
                result.liable.into_pyobject(py)?.into_any(),
            ),
        ],
    )
}

/// Total fan (−1 where not a win) and points (0 there, and below the ruleset's 起和) of every row: concealed counts (N, 34) without the
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
    let hands = borrowed_rows(concealed)?;
    let hands = rows_of(&hands);
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
    let build = |block: Range<usize>, rows: &mut Vec<BatchRow>| {
        validate_waiting_block(py, hands, &block)?;
        for i in block {
            let situation = Situation {
                kong_bloom: kong_bloom[i] != 0,
                last_tile: last_tile[i] != 0,
                ..Situation::new(seat[i], round_wind[i], source(source_code[i])?, None)
            };
            rows.push(BatchRow {
                concealed: hands[i],
                melds: meld_slots(&melds, i),
                win: win[i],
                situation,
            });
        }
        Ok(())
    };
    let rules = ruleset.of::<Guangdong>()?;
    let totals = build_in_blocks(py, hands.len(), build, |block, first_row| {
        scorer::total_fan_batch_from(block, rules, first_row)
    })?;
    let fans: Vec<i8> = totals.iter().map(|t| t.map_or(-1, |f| f as i8)).collect();
    // A complete hand below 起和 is no legal win: its fan is reported, but it is paid nothing (as the single
    // call's `legal` says).
    let points: Vec<i64> = totals
        .iter()
        .map(|t| t.filter(|&f| f >= rules.minimum).map_or(0, |f| 1i64 << f))
        .collect();
    Ok((PyArray1::from_vec(py, fans), PyArray1::from_vec(py, points)))
}

/// The pattern keys the engine detects, in its order.
#[pyfunction]
fn pattern_keys() -> Vec<&'static str> {
    Pattern::ALL.iter().map(|p| p.key()).collect()
}

/// The extra keys the engine detects.
#[pyfunction]
fn extra_keys() -> Vec<&'static str> {
    Extra::ALL.iter().map(|e| e.key()).collect()
}

/// The win events a floor may name.
#[pyfunction]
fn floor_event_keys() -> Vec<&'static str> {
    FloorEvent::ALL.iter().map(|e| e.key()).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pattern_keys, m)?)?;
    m.add_function(wrap_pyfunction!(extra_keys, m)?)?;
    m.add_function(wrap_pyfunction!(floor_event_keys, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    Ok(())
}

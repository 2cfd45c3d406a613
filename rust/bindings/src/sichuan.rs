//! Sichuan scoring and settlement: the compiled ruleset, one win (GIL held), a deal's settlement.

use mjcore_engine::error::Result;
use mjcore_engine::rules::regional::{optional_seat, seat, NONE};
use mjcore_engine::rules::registry::Family;
use mjcore_engine::rules::sichuan::{
    self, fan, EndHand, Event, KongKind, Sichuan, SichuanSituation, SichuanTable, WinHow,
};
use mjcore_engine::{Hand, Tile};
use numpy::{PyReadonlyArray1, PyReadonlyArray3};
use pyo3::intern;
use pyo3::prelude::*;

use crate::convert::{counts_from_py, hand_from_parts, MeldTuple};
use crate::errors::{argument, IntoPyResult};
use crate::family_batch::{columns, net_of, score_rows, tile, Arrays, FamilyScorer, Scored};
use crate::family_results::{regional_score, RegionalWin, Rules};
use crate::ruleset::PyRuleset;
use crate::score_objects::field;
use crate::single_score::{flag_bits, seat_bits, seat_or, single_score_function, SingleScore};

/// (seat, void, flags, discarder, kong_fed_by, dealer, still_in bits, kong_money, winners_on_discard).
pub(crate) type SituationTuple = (u8, u8, u8, u8, u8, u8, u8, i64, u8);

pub(crate) fn situation(t: SituationTuple) -> PyResult<SichuanSituation> {
    let (seat_code, void, flags, discarder, fed_by, dealer, still_in, kong_money, winners) = t;
    let flag = |bit: u8| flags & (1 << bit) != 0;
    Ok(SichuanSituation {
        seat: seat(seat_code, "seat").py_err()?,
        void: match void {
            255 => None,
            0..=2 => Some(void),
            _ => return Err(argument(format!("void suit {void} is not 0..2"))),
        },
        self_drawn: flag(0),
        robbing_kong: flag(1),
        kong_bloom: flag(2),
        kong_discard: flag(3),
        last_tile: flag(4),
        heavenly: flag(5),
        earthly: flag(6),
        discarder: optional_seat(discarder, "discarder").py_err()?,
        kong_fed_by: optional_seat(fed_by, "kong_fed_by").py_err()?,
        dealer,
        still_in,
        kong_money,
        winners_on_discard: winners,
    })
}

/// (money rows in `MONEY_KINDS` order, status codes per seat, winners in order).
type SettlementRow = (Vec<[i64; 4]>, [u8; 4], Vec<u8>);

impl SingleScore for Sichuan {
    type Situation = SichuanSituation;
    type WinningTile = Tile;

    /// A `mjcore.rules.sichuan.Situation`, as its `native()` tuple reads it (the flags in its `FLAG_NAMES`
    /// order).
    fn situation(s: &Bound<'_, PyAny>) -> PyResult<SichuanSituation> {
        let py = s.py();
        situation((
            field(s, intern!(py, "seat"))?,
            seat_or(s, intern!(py, "void_suit"), NONE)?,
            flag_bits(
                s,
                &[
                    intern!(py, "self_drawn"),
                    intern!(py, "robbing_kong"),
                    intern!(py, "kong_bloom"),
                    intern!(py, "kong_discard"),
                    intern!(py, "last_tile"),
                    intern!(py, "heavenly"),
                    intern!(py, "earthly"),
                ],
            )?,
            seat_or(s, intern!(py, "discarder"), NONE)?,
            seat_or(s, intern!(py, "kong_fed_by"), NONE)?,
            field(s, intern!(py, "dealer"))?,
            seat_bits(s, intern!(py, "still_in"))?,
            field(s, intern!(py, "kong_money"))?,
            field(s, intern!(py, "winners_on_discard"))?,
        ))
    }

    /// The `RegionalScore`: every fan, the total, what is paid on, the money ("win", "transfer").
    fn result<'py>(
        rules: &Rules<'_, 'py, SichuanTable>,
        hand: Hand,
        win: Tile,
        s: &SichuanSituation,
    ) -> PyResult<Bound<'py, PyAny>> {
        let result = sichuan::score(&hand, win, s, rules.table).py_err()?;
        let win = result.as_ref().map(|r| RegionalWin {
            entries: r
                .fans
                .entries()
                .map(|(key, count, fan)| (key, count, i64::from(fan))),
            total: r.total,
            counted: r.counted,
            meets_minimum: r.meets_minimum,
            money: [("win", r.win), ("transfer", r.transfer)],
            dealer_entries: [],
        });
        regional_score(rules, win)
    }
}

/// (kind 0 out / 1 kong / 2 win, seat or discarder, kong or win kind, feeder, flag, winners [(seat, fan)]).
type EventTuple = (u8, u8, u8, u8, bool, Vec<(u8, u16)>);
/// (seat, counts, melds, wilds, flowers, void, void_discards, visible counts or None).
type EndTuple<'py> = (
    u8,
    Bound<'py, PyAny>,
    Vec<MeldTuple>,
    u8,
    u8,
    u8,
    bool,
    Option<Bound<'py, PyAny>>,
);

fn event(t: EventTuple) -> PyResult<Event> {
    let (kind, who, sub, feeder, flag, winners) = t;
    Ok(match kind {
        0 => Event::Out {
            seat: seat(who, "Out.seat").py_err()?,
        },
        1 => Event::Kong {
            seat: seat(who, "Kong.seat").py_err()?,
            kind: [KongKind::Direct, KongKind::Added, KongKind::Concealed]
                .get(sub as usize)
                .copied()
                .ok_or_else(|| argument(format!("kong kind {sub} is not 0..2")))?,
            feeder: optional_seat(feeder, "Kong.feeder").py_err()?,
            returned: flag,
        },
        2 => {
            for &(s, _) in &winners {
                seat(s, "Win seat").py_err()?;
            }
            Event::Win {
                winners,
                how: [
                    WinHow::Discard,
                    WinHow::SelfDrawn,
                    WinHow::RobbingKong,
                    WinHow::FedKongBloom,
                ]
                .get(sub as usize)
                .copied()
                .ok_or_else(|| argument(format!("win kind {sub} is not 0..3")))?,
                discarder: optional_seat(who, "Win.discarder").py_err()?,
                kong_discard: flag,
            }
        }
        _ => return Err(argument(format!("event kind {kind} is not 0..2"))),
    })
}

/// A deal's settlement: (money rows in `MONEY_KINDS` order, status codes per seat, winners in order).
#[pyfunction]
fn sichuan_settle(
    ruleset: &PyRuleset,
    events: Vec<EventTuple>,
    ends: Vec<EndTuple<'_>>,
    wall_exhausted: bool,
) -> PyResult<SettlementRow> {
    let events = events
        .into_iter()
        .map(event)
        .collect::<PyResult<Vec<_>>>()?;
    let mut hands = Vec::with_capacity(ends.len());
    for (seat_code, counts, melds, wilds, flowers, void, void_discards, visible) in ends {
        hands.push(EndHand {
            seat: seat(seat_code, "EndHand.seat").py_err()?,
            hand: hand_from_parts(&counts, melds, wilds, flowers)?,
            void: match void {
                255 => None,
                0..=2 => Some(void),
                _ => return Err(argument(format!("void suit {void} is not 0..2"))),
            },
            void_discards,
            visible: visible.map(|v| counts_from_py(&v)).transpose()?,
        });
    }
    let result =
        sichuan::settle(&events, &hands, wall_exhausted, ruleset.of::<Sichuan>()?).py_err()?;
    Ok((
        result.money.to_vec(),
        result.status.map(|s| s as u8),
        result.winners,
    ))
}

/// The fan keys in the engine's order.
#[pyfunction]
fn sichuan_fan_keys() -> Vec<&'static str> {
    fan::KEYS.to_vec()
}

// ---- score_batch: the fan counts; the headline is the total fan (before the cap).

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
        if let Some(r) = Sichuan::score(self.0, &(hand, tile(win)?, s))? {
            out.total = r.total.into();
            out.counts[..fan::FAN_COUNT].copy_from_slice(&r.fans.counts);
            out.net = net_of([&r.win, &r.transfer]);
        }
        Ok(())
    }
}

#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn sichuan_score_batch<'py>(
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
        &SichuanBatch(ruleset.of::<sichuan::Sichuan>()?),
        &keys,
        &situations,
        columns,
    )
}

single_score_function!(
    /// One Sichuan win (`single_score`): the row `regional.result.score_of` reads, None for no win.
    sichuan_score,
    Sichuan
);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sichuan_score, m)?)?;
    m.add_function(wrap_pyfunction!(sichuan_score_batch, m)?)?;
    m.add_function(wrap_pyfunction!(sichuan_settle, m)?)?;
    m.add_function(wrap_pyfunction!(sichuan_fan_keys, m)?)?;
    Ok(())
}

//! `score_batch` for the families that settle money per win (推倒胡, Sichuan, Taiwan, the folk tables): one
//! generic pipeline ([`score_rows`]); each family says how a row is scored ([`FamilyScorer`], in its own
//! bindings file) and registers its `<family>_score_batch` function.
//!
//! Every family's batch row is the same: concealed counts (N, 34) before the winning tile, meld slots (N, M, 2
//! or 3) of (MeldKind + 1, lowest tile[, feeder 1..3 or 0]) with M ≤ 5, flower bits (N,), the winning tile (N,), and the index (N,) of the
//! row's situation in a short list of distinct situations. The Python layer builds and checks each distinct
//! situation once through the single `score`'s own builder (a batch's situation columns take few values), so the
//! batch and the single call refuse and read situations alike; here each one becomes the engine's form once.
//! Every row gives one [`Scored`]: the headline total (−1: not a win), a count per key of the family's
//! breakdown, and each seat's net money.

use mjcore_engine::error::{EngineError, Result};
use mjcore_engine::hand::MeldSlot;
use mjcore_engine::{Counts, Hand, Tile};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::ops::Range;

use crate::batch::{borrowed_rows, for_each_block, meld_slots, rows_of, validate_waiting_block};
use crate::errors::argument;

/// The widest breakdown of any family (Taiwan's 34 台 rows; a folk table's rows and extras).
pub const MAX_KEYS: usize = 48;
/// The most meld slots a row has (Taiwan's 16-tile hands declare up to five sets).
const MAX_MELDS: usize = 5;

/// One row's answer: `total` the family's headline (−1 where the row is not a win), `counts[k]` how many times
/// key `k` of the family's breakdown scored, `net` each seat's money (zero-sum; zeros where nothing moves).
#[derive(Clone, Copy)]
pub struct Scored {
    pub total: i64,
    pub counts: [u8; MAX_KEYS],
    pub net: [i64; 4],
}

impl Scored {
    pub const NOT_A_WIN: Scored = Scored {
        total: -1,
        counts: [0; MAX_KEYS],
        net: [0; 4],
    };
}

/// How a family scores a batch row.
pub trait FamilyScorer: Sync {
    /// The engine's form of a situation, made once per distinct situation.
    type Situation: Sync;
    /// Whether the hand holds its flowers (bits; else 0 and the scorer reads the row's `flowers`).
    const FLOWERS_IN_HAND: bool = true;
    /// How many keys the breakdown has (≤ [`MAX_KEYS`]).
    fn width(&self) -> usize;
    /// Scores `hand` (holding `flowers`, as bits) winning on `win` into `out` (which starts as
    /// [`Scored::NOT_A_WIN`]).
    fn score(
        &self,
        hand: &Hand,
        flowers: u8,
        win: u8,
        situation: &Self::Situation,
        out: &mut Scored,
    ) -> Result<()>;
}

/// A row copied out of the caller's arrays for the work without the GIL.
struct Row {
    concealed: Counts,
    melds: [MeldSlot; MAX_MELDS],
    /// Each slot's feeder (`Meld::from_offset` 1..3; 0: none), when the melds array has a third column.
    feeders: [u8; MAX_MELDS],
    flowers: u8,
    win: u8,
    situation: u32,
}

/// The caller's per-row arrays, borrowed.
pub struct Columns<'py> {
    pub concealed: Bound<'py, PyAny>,
    pub melds: PyReadonlyArray3<'py, u8>,
    pub flowers: PyReadonlyArray1<'py, u8>,
    pub win: PyReadonlyArray1<'py, u8>,
    pub situation: PyReadonlyArray1<'py, u32>,
}

/// (total int64 (N,), counts uint8 (N, width), net int64 (N, 4)).
pub type Arrays<'py> = (
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

/// Scores every row with `scorer`, block by block (`build_in_blocks`: Ctrl-C checked between blocks, the work on
/// all cores without the GIL). Errors name the row.
pub fn score_rows<'py, F: FamilyScorer>(
    py: Python<'py>,
    scorer: &F,
    keys: &[String],
    situations: &[F::Situation],
    columns: Columns<'py>,
) -> PyResult<Arrays<'py>> {
    if keys.len() != scorer.width() {
        return Err(argument(format!(
            "keys: the breakdown has {} columns, not {}",
            scorer.width(),
            keys.len()
        )));
    }
    let hands = borrowed_rows(&columns.concealed)?;
    let hands = rows_of(&hands);
    let n = hands.len();
    let melds = columns.melds.as_array();
    let (flowers, win, situation) = (
        columns.flowers.as_slice()?,
        columns.win.as_slice()?,
        columns.situation.as_slice()?,
    );
    let (slots, fields) = (melds.shape()[1], melds.shape()[2]);
    if melds.shape()[0] != n || !(2..=3).contains(&fields) || slots > MAX_MELDS {
        return Err(argument(format!(
            "melds must have shape ({n}, 4 or 5, 2 or 3), not {:?}",
            melds.shape()
        )));
    }
    if [flowers.len(), win.len(), situation.len()] != [n; 3] {
        return Err(argument(format!(
            "every per-row array must have length {n}"
        )));
    }
    let build = |block: Range<usize>, rows: &mut Vec<Row>| {
        validate_waiting_block(py, hands, &block)?;
        for i in block {
            if situation[i] as usize >= situations.len() {
                return Err(argument(format!(
                    "row {i}: situation index {} is out of range",
                    situation[i]
                )));
            }
            let mut feeders = [0; MAX_MELDS];
            if fields == 3 {
                for (m, feeder) in feeders.iter_mut().enumerate().take(slots) {
                    *feeder = melds[[i, m, 2]];
                }
            }
            rows.push(Row {
                concealed: hands[i],
                melds: meld_slots(&melds, i),
                feeders,
                flowers: flowers[i],
                win: win[i],
                situation: situation[i],
            });
        }
        Ok(())
    };
    let width = scorer.width();
    let (mut total, mut counts, mut net) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n * width),
        Vec::with_capacity(n * 4),
    );
    // Each block's answers go straight into the three arrays: memory stays one block above the result.
    let take = |block: Vec<Scored>| {
        for scored in block {
            total.push(scored.total);
            counts.extend_from_slice(&scored.counts[..width]);
            net.extend_from_slice(&scored.net);
        }
    };
    let work = |block: &[Row], first_row: usize| {
        block
            .par_iter()
            .enumerate()
            .map(|(i, row)| {
                score_row(scorer, situations, row).map_err(|e| in_row(e, first_row + i))
            })
            .collect::<Result<Vec<Scored>>>()
    };
    for_each_block(py, n, build, work, take)?;
    Ok((
        PyArray1::from_vec(py, total),
        PyArray1::from_vec(py, counts)
            .reshape([n, width])?
            .into_any(),
        PyArray1::from_vec(py, net).reshape([n, 4])?.into_any(),
    ))
}

fn score_row<F: FamilyScorer>(
    scorer: &F,
    situations: &[F::Situation],
    row: &Row,
) -> Result<Scored> {
    let mut melds = MeldSlot::melds(&row.melds)?;
    // `melds` skips the empty slots: the feeders of the declared ones, in slot order.
    let declared = row
        .melds
        .iter()
        .zip(row.feeders)
        .filter(|(slot, _)| slot.kind != 0);
    for (meld, (_, feeder)) in melds.iter_mut().zip(declared) {
        meld.from_offset = match feeder {
            0 => None,
            1..=3 => Some(feeder),
            _ => {
                return Err(EngineError::hand(format!(
                    "meld feeder {feeder} is not 0..3 (0: none)"
                )))
            }
        };
    }
    let hand = Hand {
        concealed: row.concealed,
        melds,
        wilds: 0,
        flowers: if F::FLOWERS_IN_HAND { row.flowers } else { 0 },
    };
    hand.validate()?;
    let mut out = Scored::NOT_A_WIN;
    let situation = &situations[row.situation as usize];
    scorer.score(&hand, row.flowers, row.win, situation, &mut out)?;
    Ok(out)
}

/// The error of row `row`, of the same kind, its message prefixed with the row.
fn in_row(error: EngineError, row: usize) -> EngineError {
    let message = format!("row {row}: {error}");
    match error {
        EngineError::Notation { position, .. } => EngineError::Notation { position, message },
        EngineError::InvalidTile { .. } => EngineError::tile(message),
        EngineError::InvalidHand { .. } => EngineError::hand(message),
        EngineError::Ruleset { .. } => EngineError::ruleset(message),
        EngineError::IllegalAction { .. } => EngineError::illegal(message),
        EngineError::InvalidArgument { .. } => EngineError::argument(message),
    }
}

pub fn tile(win: u8) -> Result<Tile> {
    Tile::new(win).ok_or_else(|| EngineError::tile(format!("winning tile {win} is not 0..33")))
}

/// Adds `money` rows into one net per seat.
pub fn net_of<'a>(rows: impl IntoIterator<Item = &'a [i64; 4]>) -> [i64; 4] {
    rows.into_iter().fold([0; 4], |mut net, row| {
        for (seat, amount) in net.iter_mut().zip(row) {
            *seat += amount;
        }
        net
    })
}

/// The row columns of a family's batch call: (concealed (N, 34), melds (N, M, 2), flower bits (N,), winning
/// tiles (N,), each row's situation index (N,)).
pub fn columns<'py>(
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

//! Scoring a corpus of MCR wins on all cores. A row is plain data (counts, meld codes, flags) so that the
//! bindings can fill rows from numpy arrays; each row becomes a `Hand` inside its worker.

use rayon::prelude::*;

use super::ruleset::McrTable;
use super::scorer::{score, McrScore};
use super::situation::McrSituation;
use crate::error::{EngineError, Result};
use crate::hand::{Hand, MeldSlot};
use crate::tile::{Counts, Tile};

/// Rows per rayon task: a row takes about a microsecond, so smaller tasks would cost more to schedule.
const ROWS_PER_TASK: usize = 512;

/// One win of a batch: the concealed tiles before the winning tile, up to four melds, the number of
/// flowers, the winning tile and the situation.
#[derive(Clone, Copy, Debug)]
pub struct McrBatchRow {
    pub concealed: Counts,
    pub melds: [MeldSlot; 4],
    pub flowers: u8,
    pub win: u8,
    pub situation: McrSituation,
}

impl McrBatchRow {
    fn hand(&self) -> Result<Hand> {
        let melds = MeldSlot::melds(&self.melds)?;
        if self.flowers > 8 {
            return Err(EngineError::hand(format!(
                "{} flowers: there are 8",
                self.flowers
            )));
        }
        Ok(Hand {
            concealed: self.concealed,
            melds,
            wilds: 0,
            flowers: ((1u16 << self.flowers) - 1) as u8,
        })
    }

    fn score(&self, table: &McrTable) -> Result<Option<McrScore>> {
        let win = Tile::new(self.win)
            .ok_or_else(|| EngineError::tile(format!("winning tile {} is not 0..33", self.win)))?;
        score(&self.hand()?, win, &self.situation, table)
    }
}

/// The score of every row (None where the row is not a win), on all cores. The error names the first bad row.
pub fn score_batch(rows: &[McrBatchRow], table: &McrTable) -> Result<Vec<Option<McrScore>>> {
    score_batch_from(rows, table, 0)
}

/// As [`score_batch`] for a block of a larger batch whose first row is row `first_row` (the error names the
/// row of the whole batch).
pub fn score_batch_from(
    rows: &[McrBatchRow],
    table: &McrTable,
    first_row: usize,
) -> Result<Vec<Option<McrScore>>> {
    let scored: Vec<Result<Option<McrScore>>> = rows
        .par_iter()
        .with_min_len(ROWS_PER_TASK)
        .map(|row| row.score(table))
        .collect();
    // Collected in row order first, so that the error reported is the first row's whichever thread met it.
    scored
        .into_iter()
        .enumerate()
        .map(|(i, result)| result.map_err(|e| with_row(first_row + i, e)))
        .collect()
}

fn with_row(row: usize, error: EngineError) -> EngineError {
    let message = format!("row {row}: {error}");
    match error {
        EngineError::InvalidTile { .. } => EngineError::tile(message),
        EngineError::IllegalAction { .. } => EngineError::illegal(message),
        EngineError::InvalidArgument { .. } => EngineError::argument(message),
        _ => EngineError::hand(message),
    }
}

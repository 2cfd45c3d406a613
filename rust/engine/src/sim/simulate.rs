//! Many deals in parallel: deal indices are spread over a rayon pool and every deal is played from (seed, deal
//! index) alone — folded into streaming [`Stats`] ([`simulate`]: flat memory), or kept as one [`DealRecord`]
//! per deal in index order ([`simulate_records`]). Results are the same for any thread count and any split of
//! the index range (merge the parts with [`Stats::merge`], or concatenate the records).

use std::ops::Range;

use rayon::prelude::*;

use super::record::DealRecord;
use super::stats::Stats;
use crate::error::{EngineError, Result};
use crate::table::adjudicator::Adjudicator;
use crate::table::deal::Deal;
use crate::table::game::play_deal;
use crate::table::policy::Policy;
use crate::table::types::SEATS;

/// Builds the four seats' policies; called once per worker, so policies need not be thread-safe.
pub type PolicyFactory<'a> = dyn Fn() -> Vec<Box<dyn Policy>> + Sync + 'a;

/// Plays deals `deals` of the run seeded with `seed` (the dealer of deal `k` is seat `k mod 4`, round wind
/// East — or, where the dealer passes every deal, `(k div 4) mod 4`: 16 deals make a game) on `threads` threads (`None`: all cores) and returns their totals.
pub fn simulate<A: Adjudicator + Sync + ?Sized>(
    seed: u64,
    deals: Range<u64>,
    policies: &PolicyFactory<'_>,
    adjudicator: &A,
    threads: Option<usize>,
) -> Result<Stats> {
    pool(threads)?.install(|| {
        deals
            .into_par_iter()
            .try_fold(
                || (Stats::default(), Table::new(policies())),
                |(mut stats, mut table), index| {
                    stats.add(&table.play(seed, index, adjudicator)?);
                    Ok((stats, table))
                },
            )
            .map(|part| part.map(|(stats, _)| stats))
            .try_reduce(Stats::default, |a, b| Ok(a.merge(&b)))
    })
}

/// As [`simulate`], but returns every deal's record, in deal index order.
pub fn simulate_records<A: Adjudicator + Sync + ?Sized>(
    seed: u64,
    deals: Range<u64>,
    policies: &PolicyFactory<'_>,
    adjudicator: &A,
    threads: Option<usize>,
) -> Result<Vec<DealRecord>> {
    pool(threads)?.install(|| {
        deals
            .into_par_iter()
            .map_init(
                || Table::new(policies()),
                |table, index| table.play(seed, index, adjudicator),
            )
            .collect()
    })
}

/// A thread count for a message: the number, or "all cores" (never Rust's `Some(3)`).
pub fn threads_text(threads: Option<usize>) -> String {
    threads.map_or_else(|| "all cores".to_string(), |n| n.to_string())
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| {
            EngineError::argument(format!(
                "cannot start {} threads: {e}",
                threads_text(threads)
            ))
        })
}

/// One worker's seats, and the deal it plays each index in (re-dealt, so its buffers are reused).
struct Table {
    seats: Vec<Box<dyn Policy>>,
    deal: Option<Deal>,
}

impl Table {
    fn new(seats: Vec<Box<dyn Policy>>) -> Table {
        Table { seats, deal: None }
    }

    fn play<A: Adjudicator + ?Sized>(
        &mut self,
        seed: u64,
        index: u64,
        adjudicator: &A,
    ) -> Result<DealRecord> {
        let dealer = (index % u64::from(SEATS)) as u8;
        let wind = adjudicator.table_rules().round_wind_of_deal(index);
        let deal = match &mut self.deal {
            Some(deal) => {
                deal.redeal(seed, index, dealer, wind, adjudicator)?;
                deal
            }
            None => self
                .deal
                .insert(Deal::new(seed, index, dealer, wind, adjudicator)?),
        };
        play_deal(deal, &mut self.seats, adjudicator)?;
        Ok(DealRecord::of(deal))
    }
}

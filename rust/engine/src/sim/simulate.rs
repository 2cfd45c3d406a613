//! Many deals in parallel: deal indices are spread over a rayon pool and every deal is played from (seed, deal
//! index) alone — folded into streaming [`Stats`] ([`simulate`]: flat memory), or kept as one [`DealRecord`]
//! per deal in index order ([`simulate_records`]). Results are the same for any thread count and any split of
//! the index range (merge the parts with [`Stats::merge`], or concatenate the records).
//!
//! A run can be stopped from outside ([`simulate_until`], [`simulate_records_until`]): it plays its deals in
//! chunks of consecutive indices, in order, and a cancel flag read before every deal stops it at once; the
//! chunk cut short is dropped, so what a stopped run returns is exactly the deals of a prefix of its range,
//! the same as a run of that prefix alone.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

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
    simulate_until(
        seed,
        deals,
        policies,
        adjudicator,
        threads,
        &AtomicBool::new(false),
    )
}

/// As [`simulate`], but returns every deal's record, in deal index order.
pub fn simulate_records<A: Adjudicator + Sync + ?Sized>(
    seed: u64,
    deals: Range<u64>,
    policies: &PolicyFactory<'_>,
    adjudicator: &A,
    threads: Option<usize>,
) -> Result<Vec<DealRecord>> {
    simulate_records_until(
        seed,
        deals,
        policies,
        adjudicator,
        threads,
        &AtomicBool::new(false),
    )
}

/// Deals per thread in the chunks of a run: a chunk is played in parallel, chunks one after the other, the
/// first small (a run stopped early still returns deals), each next one twice as large up to the most —
/// large enough that the wait for a chunk's last deals costs nothing next to the chunk; what a stop drops
/// is at most one chunk (a fraction of a second of play).
const FIRST_CHUNK_DEALS_PER_THREAD: u64 = 64;
const MOST_CHUNK_DEALS_PER_THREAD: u64 = 4096;

/// As [`simulate`], stopping soon after `cancel` is set: the totals of the deals `deals.start..
/// deals.start + totals.deals`, a prefix of `deals` (all of them unless stopped).
pub fn simulate_until<A: Adjudicator + Sync + ?Sized>(
    seed: u64,
    deals: Range<u64>,
    policies: &PolicyFactory<'_>,
    adjudicator: &A,
    threads: Option<usize>,
    cancel: &AtomicBool,
) -> Result<Stats> {
    let pool = pool(threads)?;
    let mut totals = Stats::default();
    for chunk in chunks(deals, &pool) {
        let part = pool.install(|| {
            chunk
                .into_par_iter()
                .try_fold(
                    || (Stats::default(), Table::new(policies())),
                    |(mut stats, mut table), index| {
                        if cancel.load(Ordering::Relaxed) {
                            return Err(stopped());
                        }
                        stats.add(&table.play(seed, index, adjudicator)?);
                        Ok((stats, table))
                    },
                )
                .map(|part| part.map(|(stats, _)| stats))
                .try_reduce(Stats::default, |a, b| Ok(a.merge(&b)))
        });
        if cancel.load(Ordering::Relaxed) {
            break; // the chunk may be cut short: dropped whole
        }
        totals = totals.merge(&part?);
    }
    Ok(totals)
}

/// As [`simulate_records`], stopping soon after `cancel` is set: the records of a prefix of `deals` (all of
/// them unless stopped), in deal index order.
pub fn simulate_records_until<A: Adjudicator + Sync + ?Sized>(
    seed: u64,
    deals: Range<u64>,
    policies: &PolicyFactory<'_>,
    adjudicator: &A,
    threads: Option<usize>,
    cancel: &AtomicBool,
) -> Result<Vec<DealRecord>> {
    let pool = pool(threads)?;
    // Room for every record at once, as one collect would make (only the pages written are used); refused
    // as an error, not an abort, where the allocator cannot give it.
    let count = deals.end.saturating_sub(deals.start);
    let mut records = Vec::new();
    usize::try_from(count)
        .ok()
        .and_then(|count| records.try_reserve_exact(count).ok())
        .ok_or_else(|| {
            EngineError::argument(format!(
                "the per-deal records of {count} deals do not fit in memory: keep only the totals (per_deal=False)"
            ))
        })?;
    for chunk in chunks(deals, &pool) {
        let part: Result<Vec<DealRecord>> = pool.install(|| {
            chunk
                .into_par_iter()
                .map_init(
                    || Table::new(policies()),
                    |table, index| {
                        if cancel.load(Ordering::Relaxed) {
                            return Err(stopped());
                        }
                        table.play(seed, index, adjudicator)
                    },
                )
                .collect()
        });
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        records.extend(part?);
    }
    Ok(records)
}

/// `deals` cut into consecutive chunks: per thread of `pool`, [`FIRST_CHUNK_DEALS_PER_THREAD`] deals, then
/// twice as many each time up to [`MOST_CHUNK_DEALS_PER_THREAD`].
fn chunks(deals: Range<u64>, pool: &rayon::ThreadPool) -> impl Iterator<Item = Range<u64>> {
    let threads = pool.current_num_threads().max(1) as u64;
    let mut size = FIRST_CHUNK_DEALS_PER_THREAD * threads;
    let mut start = deals.start;
    std::iter::from_fn(move || {
        if start >= deals.end {
            return None;
        }
        let chunk = start..start.saturating_add(size).min(deals.end);
        start = chunk.end;
        size = (2 * size).min(MOST_CHUNK_DEALS_PER_THREAD * threads);
        Some(chunk)
    })
}

/// What a deal answers once the run is stopped: never returned (the stopped chunk is dropped).
fn stopped() -> EngineError {
    EngineError::argument("the run was stopped")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_range_in_order_growing_to_the_most() {
        let pool = pool(Some(2)).unwrap();
        let deals = 5..1_000_003;
        let cut: Vec<Range<u64>> = chunks(deals.clone(), &pool).collect();
        assert_eq!(cut.first().unwrap().start, deals.start);
        assert_eq!(cut.last().unwrap().end, deals.end);
        assert!(cut.windows(2).all(|w| w[0].end == w[1].start));
        assert_eq!(cut[0].end - cut[0].start, 2 * FIRST_CHUNK_DEALS_PER_THREAD);
        let most = cut.iter().map(|c| c.end - c.start).max().unwrap();
        assert_eq!(most, 2 * MOST_CHUNK_DEALS_PER_THREAD);
        assert_eq!(chunks(7..7, &pool).count(), 0);
        assert_eq!(chunks(u64::MAX - 3..u64::MAX, &pool).count(), 1);
    }

    #[test]
    fn a_stopped_run_returns_a_prefix_of_its_deals() {
        use crate::bots::RandomBot;
        use crate::table::ShapeRules;
        let bots = || -> Vec<Box<dyn Policy>> {
            (0..4)
                .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
                .collect()
        };
        let rules = ShapeRules::CHICKEN;
        let stopped = AtomicBool::new(true);
        let none = simulate_until(3, 10..5_000, &bots, &rules, Some(2), &stopped).unwrap();
        assert_eq!(none, Stats::default());
        let records = simulate_records_until(3, 10..5_000, &bots, &rules, Some(2), &stopped);
        assert!(records.unwrap().is_empty());
        let whole = simulate_records(3, 10..700, &bots, &rules, Some(2)).unwrap();
        let prefix = simulate_records(3, 10..300, &bots, &rules, Some(1)).unwrap();
        assert_eq!(whole.len(), 690);
        assert_eq!(whole[..290], prefix[..]);
    }
}

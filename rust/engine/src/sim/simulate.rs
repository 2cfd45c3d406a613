//! Many deals in parallel: deal indices are spread over a rayon pool, every deal is played from (seed, deal
//! index) alone and folded into streaming [`Stats`]. The result is the same for any thread count and any
//! split of the index range (merge the parts with [`Stats::merge`]).

use std::ops::Range;

use rayon::prelude::*;

use super::adjudicator::Adjudicator;
use super::deal::{Deal, SEATS};
use super::game::play_deal;
use super::policy::Policy;
use super::stats::{DealSummary, Stats};
use crate::error::{EngineError, Result};

/// Builds the four seats' policies; called once per worker, so policies need not be thread-safe.
pub type PolicyFactory<'a> = dyn Fn() -> Vec<Box<dyn Policy>> + Sync + 'a;

/// Plays deals `deals` of the run seeded with `seed` (the dealer of deal `k` is seat `k mod 4`, round wind
/// East) on `threads` threads (`None`: all cores).
pub fn simulate<A: Adjudicator + Sync + ?Sized>(
    seed: u64,
    deals: Range<u64>,
    policies: &PolicyFactory<'_>,
    adjudicator: &A,
    threads: Option<usize>,
) -> Result<Stats> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| EngineError::argument(format!("cannot start {threads:?} threads: {e}")))?;
    pool.install(|| {
        deals
            .into_par_iter()
            .try_fold(
                || (Stats::default(), policies()),
                |(mut stats, mut seats), index| {
                    let dealer = (index % u64::from(SEATS)) as u8;
                    let mut deal = Deal::new(seed, index, dealer, 0, adjudicator)?;
                    play_deal(&mut deal, &mut seats, adjudicator)?;
                    stats.add(&DealSummary::of(&deal));
                    Ok((stats, seats))
                },
            )
            .map(|part| part.map(|(stats, _)| stats))
            .try_reduce(Stats::default, |a, b| Ok(a.merge(&b)))
    })
}

//! Throughput of the table engine: random-bot deals per second.
//!
//! `cargo run --release -p mjcore-engine --example random_deals [DEALS] [THREADS]` (threads default: 1)

use std::time::Instant;

use mjcore_engine::sim::{simulate, Policy, RandomBot, WinInfo, WinSituation};
use mjcore_engine::{Counts, Meld, Result};

/// Until the table is wired to the decomposition module's win check, no hand wins: this measures the state
/// machine itself (dealing, legal actions, claims, logging, statistics).
fn no_wins(_: &Counts, _: &[Meld], _: &WinSituation) -> Result<Option<WinInfo>> {
    Ok(None)
}

fn random_bots() -> Vec<Box<dyn Policy>> {
    (0..4)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect()
}

fn main() -> Result<()> {
    let arg = |n: usize, default: u64| {
        std::env::args()
            .nth(n)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let deals = arg(1, 100_000);
    let threads = arg(2, 1) as usize;
    let started = Instant::now();
    let stats = simulate(0, 0..deals, &random_bots, &no_wins, Some(threads))?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} deals on {threads} thread(s) in {seconds:.2} s: {:.0} deals/s ({} kongs)",
        stats.deals,
        stats.deals as f64 / seconds,
        stats.kongs
    );
    Ok(())
}

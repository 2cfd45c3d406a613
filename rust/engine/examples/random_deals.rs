//! Throughput of the table engine: random-bot deals per second on one core.
//!
//! `cargo run --release -p mjcore-engine --example random_deals [DEALS]`

use std::time::Instant;

use mjcore_engine::sim::{play_deal, Deal, Policy, RandomBot, WinInfo, WinSituation};
use mjcore_engine::{Counts, Meld, Result};

/// Until the table is wired to the decomposition module's win check, no hand wins: this measures the state
/// machine itself (dealing, legal actions, claims, logging).
fn no_wins(_: &Counts, _: &[Meld], _: &WinSituation) -> Result<Option<WinInfo>> {
    Ok(None)
}

fn main() -> Result<()> {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut bots: Vec<Box<dyn Policy>> = (0..4)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect();
    let started = Instant::now();
    let mut decisions = 0usize;
    for index in 0..deals {
        let mut deal = Deal::new(0, index, (index % 4) as u8, 0, &no_wins)?;
        play_deal(&mut deal, &mut bots, &no_wins)?;
        decisions += deal.events().len();
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{deals} deals in {seconds:.2} s: {:.0} deals/s ({:.1} events per deal)",
        deals as f64 / seconds,
        decisions as f64 / deals as f64
    );
    Ok(())
}

//! Throughput of the table engine: random-bot deals per second.
//!
//! `cargo run --release -p mjcore-engine --example random_deals [DEALS] [THREADS]` (threads default: 1)

use std::time::Instant;

use mjcore_engine::bots::RandomBot;
use mjcore_engine::sim::simulate;
use mjcore_engine::table::{Policy, ShapeRules};
use mjcore_engine::Result;

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
    let stats = simulate(
        0,
        0..deals,
        &random_bots,
        &ShapeRules::CHICKEN,
        Some(threads),
    )?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} deals on {threads} thread(s) in {seconds:.2} s: {:.0} deals/s ({} wins, {} kongs)",
        stats.deals,
        stats.deals as f64 / seconds,
        stats.wins(),
        stats.kongs
    );
    Ok(())
}

//! Throughput of the table engine with the named bots (default: four efficiency bots), one thread by default.
//!
//! `cargo run --release -p mjcore-engine --example bot_deals [DEALS] [THREADS] [BOT,BOT,BOT,BOT]`

use std::time::Instant;

use mjcore_engine::bots::bots_named;
use mjcore_engine::sim::simulate;
use mjcore_engine::table::{Policy, ShapeRules};
use mjcore_engine::Result;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let number =
        |n: usize, default: u64| args.get(n).and_then(|a| a.parse().ok()).unwrap_or(default);
    let deals = number(1, 20_000);
    let threads = number(2, 1) as usize;
    let names: Vec<String> = args.get(3).map_or_else(
        || vec!["efficiency".to_string(); 4],
        |list| list.split(',').map(str::to_string).collect(),
    );
    bots_named(&names)?; // reject unknown names before starting the workers
    let seats = || -> Vec<Box<dyn Policy>> { bots_named(&names).unwrap_or_default() };
    let started = Instant::now();
    let stats = simulate(0, 0..deals, &seats, &ShapeRules::CHICKEN, Some(threads))?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} deals with {} on {threads} thread(s) in {seconds:.2} s: {:.0} deals/s ({} wins, {} kongs)",
        stats.deals,
        names.join(","),
        stats.deals as f64 / seconds,
        stats.wins(),
        stats.kongs
    );
    Ok(())
}

//! Throughput of the native vectorised env: one random learning seat (seat 0) per table, the other three seats
//! played by the named built-in bot, the observation and mask written at every step (as `VectorEnv.step`).
//!
//! `cargo run --release -p mjcore-engine --example env_steps [STEPS] [THREADS] [NUM_ENVS] [OPPONENTS]`
//! (defaults: 200 steps of 256 tables on 1 thread against efficiency opponents; a step is one per table)

use std::time::Instant;

use mjcore_engine::env::{Buffers, EnvOptions, VectorEnv};
use mjcore_engine::table::ShapeRules;
use mjcore_engine::Result;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let number =
        |n: usize, default: u64| args.get(n).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (steps, threads, num_envs) = (
        number(1, 200),
        number(2, 1) as usize,
        number(3, 256) as usize,
    );
    let opponents = args.get(4).cloned().unwrap_or_else(|| "efficiency".into());
    let options = EnvOptions {
        opponents: Some(opponents.clone()),
        ..EnvOptions::default()
    };
    let rules = ShapeRules::CHICKEN;
    let mut env = VectorEnv::new(num_envs, 1, options, Some(threads), &rules)?;
    let mut buffers = Buffers::of(&env);
    env.reset(Some(1), vec![], &rules, buffers.outputs())?;
    let mut actions = vec![0i64; num_envs];
    let started = Instant::now();
    for _ in 0..steps {
        env.sample(&mut actions)?;
        env.step(&actions, &rules, buffers.outputs())?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let total = steps * num_envs as u64;
    println!(
        "{total} env steps ({num_envs} tables, {opponents} opponents) on {threads} thread(s) in {seconds:.2} s: \
         {:.0} steps/s",
        total as f64 / seconds
    );
    Ok(())
}

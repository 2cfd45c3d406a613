//! The parallel driver: many deals of the table played by bots on a rayon pool, folded into streaming
//! statistics or kept as one record per deal.
//!
//! Every deal is a function of (seed, deal index) alone, so a run gives the same deals whatever the thread
//! count or split.

pub mod record;
pub mod simulate;
pub mod stats;

pub use record::DealRecord;
pub use simulate::{
    simulate, simulate_records, simulate_records_until, simulate_until, PolicyFactory,
};
pub use stats::Stats;

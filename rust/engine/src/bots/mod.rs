//! The built-in bots, each a [`Policy`] of the table: the random bot and the efficiency bot with its evaluator
//! ([`progress`]: the bot's own incremental shanten and useful-tile engine, with its lane and table helpers), and
//! the bots by name, so that the seats of a table or a simulation can mix them.

pub mod advisor;
mod byte_lanes;
mod capped_suit;
pub mod discard_order;
mod distance_lanes;
mod drawn_table;
pub mod efficiency;
mod ghost_efficiency;
pub mod progress;
pub mod random;
mod shared_memo;
pub mod swap_choice;
mod vector_cache;
pub mod void_choice;
mod wait_verdicts;

pub use advisor::{AdvisorBot, ADVISOR_DRAWS};
pub use efficiency::EfficiencyBot;
pub use random::RandomBot;

use crate::error::{EngineError, Result};
use crate::table::adjudicator::Aim;
use crate::table::policy::Policy;

/// Every built-in bot name.
pub const BOT_NAMES: [&str; 3] = ["random", "efficiency", "advisor"];

/// A fresh bot of the given name, playing for the 鸡平胡 shapes.
pub fn bot_named(name: &str) -> Result<Box<dyn Policy>> {
    bot_for(name, EfficiencyBot::default().aim().clone())
}

/// `name` is a built-in bot's (whether the table can seat it is [`bot_for`]'s question).
pub fn check_bot_name(name: &str) -> Result<()> {
    if BOT_NAMES.contains(&name) {
        return Ok(());
    }
    Err(unknown_bot(name))
}

fn unknown_bot(name: &str) -> EngineError {
    EngineError::argument(format!(
        "unknown bot {name:?}: expected one of {}",
        BOT_NAMES.join(", ")
    ))
}

/// A fresh bot of the given name at a table whose rules want `aim` (`Adjudicator::aim`).
pub fn bot_for(name: &str, aim: Aim) -> Result<Box<dyn Policy>> {
    match name {
        "random" => Ok(Box::new(RandomBot::default())),
        "efficiency" => Ok(Box::new(EfficiencyBot::aiming(aim))),
        "advisor" => Ok(Box::new(AdvisorBot::at_table(aim, ADVISOR_DRAWS)?)),
        _ => Err(unknown_bot(name)),
    }
}

/// One fresh bot per seat, by name.
pub fn bots_named<S: AsRef<str>>(names: &[S]) -> Result<Vec<Box<dyn Policy>>> {
    names.iter().map(|name| bot_named(name.as_ref())).collect()
}

/// One fresh bot per seat, by name, at a table whose rules want `aim`.
pub fn bots_for<S: AsRef<str>>(names: &[S], aim: &Aim) -> Result<Vec<Box<dyn Policy>>> {
    names
        .iter()
        .map(|name| bot_for(name.as_ref(), aim.clone()))
        .collect()
}

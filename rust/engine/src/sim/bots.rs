//! The built-in bots by name, so that the seats of a table or a simulation can mix them.

use super::adjudicator::Aim;
use super::efficiency::EfficiencyBot;
use super::policy::{Policy, RandomBot};
use crate::error::{EngineError, Result};

/// Every built-in bot name.
pub const BOT_NAMES: [&str; 2] = ["random", "efficiency"];

/// A fresh bot of the given name, playing for the 鸡平胡 shapes.
pub fn bot_named(name: &str) -> Result<Box<dyn Policy>> {
    bot_for(name, EfficiencyBot::default().aim().clone())
}

/// A fresh bot of the given name at a table whose rules want `aim` (`Adjudicator::aim`).
pub fn bot_for(name: &str, aim: Aim) -> Result<Box<dyn Policy>> {
    match name {
        "random" => Ok(Box::new(RandomBot::default())),
        "efficiency" => Ok(Box::new(EfficiencyBot::aiming(aim))),
        _ => Err(EngineError::argument(format!(
            "unknown bot {name:?}: expected one of {}",
            BOT_NAMES.join(", ")
        ))),
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

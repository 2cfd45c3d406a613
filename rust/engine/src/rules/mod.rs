//! Rule families: what a complete hand is worth. One module per family; each detects patterns and extras
//! keyed by stable snake_case names, while the values live in the ruleset data (each family's `ruleset` module).

pub mod document;
pub mod folk;
pub mod guangdong;
pub mod mcr;
pub mod reading;
pub mod regional;
pub mod registry;
pub mod sichuan;
pub mod taiwan;
pub mod tdh;

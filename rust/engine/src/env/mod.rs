//! The AI environment's native core: a flat action index space per table ([`actions`]), observation planes
//! from the acting seat's view ([`encoding`]), one table whose bots play natively until a learning seat
//! decides ([`table`]), and many tables stepped in one parallel call ([`vector`]). docs/env.md documents the
//! layouts, the rewards and the autoreset.

pub mod actions;
pub mod encoding;
pub mod table;
pub mod vector;

pub use actions::ActionLayout;
pub use encoding::{encode, Context, Encoding, PLANES};
pub use table::{DealEnd, EnvOptions, EpisodeStart, Snapshot, StepOutcome, TableEnv};
pub use vector::{Buffers, Outputs, VectorEnv};

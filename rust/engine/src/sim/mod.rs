//! The table engine: seeded walls, the deal state machine (its rules as data: [`TableRules`]) driven one decision at a time, bots, event
//! logs with replay, the game loop, and the parallel driver with streaming statistics. Win checks and scoring are injected through [`Adjudicator`].
//!
//! Every deal is a function of (seed, deal index) alone — its wall and every random-bot choice come from
//! [`rng::Rng`] streams keyed by both — so a run gives the same deals whatever the thread count or split.

pub mod action;
pub mod adjudicator;
pub mod bots;
mod byte_lanes;
mod capped_suit;
mod claim_options;
mod completing_tiles;
pub mod deal;
pub mod deal_money;
pub mod discard_order;
mod distance_lanes;
mod drawn_table;
pub mod efficiency;
pub mod game;
mod ghost_efficiency;
pub mod ghosts;
pub mod horses;
mod inline_vec;
pub(crate) mod kind_mask;
pub mod log;
pub mod observation;
pub mod policy;
pub mod progress;
pub mod record;
pub mod replay;
pub mod rng;
pub mod shape_rules;
mod shared_memo;
pub mod simulate;
pub mod stats;
pub mod swap_choice;
pub mod table_rules;
mod vector_cache;
pub mod void_choice;
pub mod wall;

pub use crate::rules::guangdong::at_table::ScoringRules;
pub use action::Action;
pub use adjudicator::{
    Adjudicator, Aim, AtTable, DealContext, Declared, FirstGoAround, FlowerWin, PayingEvent,
    WinInfo, WinSituation,
};
pub use bots::{bot_for, bot_named, bots_for, bots_named, BOT_NAMES};
pub use deal::{AbortiveDraw, Deal, Outcome, Winner, SEATS};
pub use deal_money::{DealMoney, FinalHand, FinishedDeal};
pub use efficiency::EfficiencyBot;
pub use game::{play_deal, play_decision, play_game, Game, GameConfig};
pub use ghosts::GhostRule;
pub use log::Event;
pub use observation::{Discard, DiscardHistory, Observation, OfferedTile};
pub use policy::{Policy, RandomBot};
pub use record::DealRecord;
pub use replay::replay;
pub use rng::Rng;
pub use shape_rules::ShapeRules;
pub use simulate::{simulate, simulate_records, PolicyFactory};
pub use stats::Stats;
pub use table_rules::{TableRules, TableRulesSpec};
pub use wall::{Wall, WallTile, WALL_SIZE};

//! The table: seeded walls, the deal state machine (its rules as data: [`TableRules`]) driven one decision at a
//! time, what a seat sees of it, event logs with replay, and the game loop. Win checks and scoring are
//! injected through [`Adjudicator`]; seats play through [`Policy`] (the built-in bots are in [`crate::bots`],
//! the parallel driver in [`crate::sim`]).
//!
//! Every deal is a function of (seed, deal index) alone — its wall and every random-bot choice come from
//! [`crate::rng::Rng`] streams keyed by both.

pub mod action;
pub mod adjudicator;
mod claim_options;
pub mod deal;
pub mod deal_money;
pub mod game;
pub mod ghosts;
pub mod horses;
pub mod log;
pub mod observation;
pub mod policy;
pub mod replay;
pub mod shape_rules;
pub mod table_rules;
pub mod twelve_tiles;
pub mod types;
pub mod wall;

pub use action::Action;
pub use adjudicator::{
    Adjudicator, Aim, AtTable, DealContext, Declared, FirstGoAround, FlowerWin, PayingEvent,
    WinSituation,
};
pub use deal::{Deal, Outcome};
pub use deal_money::{DealMoney, FinalHand, FinishedDeal, SideMoney, SIDE_MONEY_KINDS};
pub use game::{play_deal, play_decision, play_game, Game, GameConfig};
pub use ghosts::GhostRule;
pub use log::Event;
pub use observation::{Discard, DiscardHistory, Observation, OfferedTile};
pub use policy::Policy;
pub use replay::replay;
pub use shape_rules::ShapeRules;
pub use table_rules::{TableRules, TableRulesSpec};
pub use twelve_tiles::TwelveTiles;
pub use types::{AbortiveDraw, WinInfo, Winner, SEATS};
pub use wall::{Wall, WallTile, WALL_SIZE};

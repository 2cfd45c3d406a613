//! What a seat can do at a decision point. Legal actions are always listed sorted (by kind in the order of the
//! enum, then by tile), so that a uniformly random choice is the same in the Rust engine and the Python twin.

use std::fmt;

use super::wall::FIRST_FLOWER;
use crate::error::{EngineError, Result};
use crate::tile::{Tile, NUM_FLOWERS};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Decline every claim on a discard (or the chance to rob a kong).
    #[default]
    Pass,
    /// Discard a tile of this kind from the concealed hand.
    Discard(Tile),
    /// 吃 the discard into the chow starting at this tile (lowest of the three).
    Chi(Tile),
    /// 碰 the discard.
    Pon,
    /// 明杠: claim the discard onto a concealed pung.
    Kong,
    /// 暗杠 of four concealed tiles of this kind.
    ConcealedKong(Tile),
    /// 加杠: add the fourth tile of this kind to an exposed pon.
    AddedKong(Tile),
    /// 胡: win on the discard, by robbing the kong, or self-drawn (自摸) on one's own turn.
    Win,
    /// 定缺: name suit 0..2 (m, p, s) void, at the deal's start where the table plays it.
    Void(u8),
    /// 换三张: set a tile of this kind aside to pass, at the deal's start where the table plays it (one pick
    /// per decision, every pick of one suit).
    Swap(Tile),
    /// 眼牌 (Taiwan): declare the hand ready and locked, discarding a tile of this kind.
    Eye(Tile),
    /// Discard the held flower ghost 0..7 (1f..8f) of 四花鬼 / 八花鬼 (推倒胡): a ghost nobody may claim.
    DiscardFlower(u8),
}

impl Action {
    /// Every action kind name, in sort order.
    pub const NAMES: [&'static str; 12] = [
        "pass",
        "discard",
        "chi",
        "pon",
        "kong",
        "concealed_kong",
        "added_kong",
        "win",
        "void",
        "swap",
        "eye",
        "discard_flower",
    ];

    /// The snake_case name of the action kind (used in logs and by the Python bindings).
    pub fn name(self) -> &'static str {
        Self::NAMES[self.code()]
    }

    fn code(self) -> usize {
        match self {
            Action::Pass => 0,
            Action::Discard(_) => 1,
            Action::Chi(_) => 2,
            Action::Pon => 3,
            Action::Kong => 4,
            Action::ConcealedKong(_) => 5,
            Action::AddedKong(_) => 6,
            Action::Win => 7,
            Action::Void(_) => 8,
            Action::Swap(_) => 9,
            Action::Eye(_) => 10,
            Action::DiscardFlower(_) => 11,
        }
    }

    /// The tile the action names, for the kinds that name one.
    pub fn tile(self) -> Option<Tile> {
        match self {
            Action::Discard(t)
            | Action::Chi(t)
            | Action::ConcealedKong(t)
            | Action::AddedKong(t)
            | Action::Swap(t)
            | Action::Eye(t) => Some(t),
            Action::Pass
            | Action::Pon
            | Action::Kong
            | Action::Win
            | Action::Void(_)
            | Action::DiscardFlower(_) => None,
        }
    }

    /// The number that goes with the kind across the boundary and in logs: the tile index, the suit 0..2
    /// of a void, or a flower's wall code (34..41 = 1f..8f).
    pub fn argument(self) -> Option<u8> {
        match self {
            Action::Void(suit) => Some(suit),
            Action::DiscardFlower(flower) => Some(FIRST_FLOWER + flower),
            action => action.tile().map(Tile::index),
        }
    }

    /// Builds an action from its kind name and tile, checking that the tile is given exactly when needed.
    pub fn from_parts(name: &str, tile: Option<u8>) -> Result<Action> {
        if name == "void" {
            return match tile {
                Some(suit @ 0..=2) => Ok(Action::Void(suit)),
                Some(other) => Err(EngineError::argument(format!(
                    "action \"void\" names a suit 0..2 (m, p, s), not {other}"
                ))),
                None => Err(EngineError::argument("action \"void\" needs a suit 0..2")),
            };
        }
        if name == "discard_flower" {
            return match tile {
                Some(code @ FIRST_FLOWER..) if code - FIRST_FLOWER < NUM_FLOWERS => {
                    Ok(Action::DiscardFlower(code - FIRST_FLOWER))
                }
                Some(other) => Err(EngineError::tile(format!(
                    "action \"discard_flower\" names a flower's wall code 34..41 (1f..8f), not {other}"
                ))),
                None => Err(EngineError::argument(
                    "action \"discard_flower\" needs a flower's wall code 34..41",
                )),
            };
        }
        let tile = match tile {
            Some(index) => Some(Tile::new(index).ok_or_else(|| {
                EngineError::tile(format!("tile {index} does not exist: kinds are 0..33"))
            })?),
            None => None,
        };
        let action = match (name, tile) {
            ("pass", None) => Action::Pass,
            ("pon", None) => Action::Pon,
            ("kong", None) => Action::Kong,
            ("win", None) => Action::Win,
            ("discard", Some(t)) => Action::Discard(t),
            ("chi", Some(t)) => Action::Chi(t),
            ("concealed_kong", Some(t)) => Action::ConcealedKong(t),
            ("added_kong", Some(t)) => Action::AddedKong(t),
            ("swap", Some(t)) => Action::Swap(t),
            ("eye", Some(t)) => Action::Eye(t),
            _ if Self::NAMES.contains(&name) => {
                return Err(EngineError::argument(match tile {
                    Some(_) => format!("action {name:?} takes no tile"),
                    None => format!("action {name:?} needs a tile"),
                }))
            }
            _ => {
                return Err(EngineError::argument(format!(
                    "unknown action {name:?}: expected one of {}",
                    Self::NAMES.join(", ")
                )))
            }
        };
        Ok(action)
    }
}

impl fmt::Display for Action {
    /// `discard 5m`, `chi 345m`, `pon`, `concealed_kong 1z`…
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Void(suit) => write!(f, "void {}", ['m', 'p', 's'][usize::from(suit % 3)]),
            Action::DiscardFlower(flower) => write!(f, "discard_flower {}f", flower + 1),
            Action::Chi(t) => {
                let n = t.number();
                write!(f, "chi {}{}{}{}", n, n + 1, n + 2, t.suit().letter())
            }
            action => match action.tile() {
                Some(t) => write!(f, "{} {}", action.name(), t.mpsz()),
                None => f.write_str(action.name()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(i: u8) -> Tile {
        Tile::new(i).unwrap()
    }

    #[test]
    fn sort_order_follows_the_names() {
        let mut actions = [
            Action::Win,
            Action::Discard(tile(3)),
            Action::Pass,
            Action::Discard(tile(1)),
            Action::Chi(tile(0)),
        ];
        actions.sort();
        let names: Vec<_> = actions.iter().map(|a| a.to_string()).collect();
        assert_eq!(
            names,
            ["pass", "discard 2m", "discard 4m", "chi 123m", "win"]
        );
    }

    #[test]
    fn parts_round_trip_and_reject_bad_input() {
        for action in [
            Action::Pass,
            Action::Chi(tile(4)),
            Action::AddedKong(tile(30)),
        ] {
            let rebuilt = Action::from_parts(action.name(), action.tile().map(Tile::index));
            assert_eq!(rebuilt, Ok(action));
        }
        assert!(Action::from_parts("discard", None).is_err());
        assert!(Action::from_parts("pon", Some(3)).is_err());
        assert!(Action::from_parts("ron", None).is_err());
        assert!(Action::from_parts("discard", Some(34)).is_err());
        assert_eq!(Action::from_parts("void", Some(2)), Ok(Action::Void(2)));
        assert_eq!(Action::Void(2).argument(), Some(2));
        assert_eq!(Action::Void(1).to_string(), "void p");
        assert!(Action::from_parts("void", Some(3)).is_err());
        assert!(Action::from_parts("void", None).is_err());
        assert_eq!(
            Action::from_parts("swap", Some(9)),
            Ok(Action::Swap(tile(9)))
        );
        assert_eq!(Action::Swap(tile(9)).to_string(), "swap 1p");
        assert!(Action::from_parts("swap", None).is_err());
        assert_eq!(
            Action::from_parts("discard_flower", Some(37)),
            Ok(Action::DiscardFlower(3))
        );
        assert_eq!(Action::DiscardFlower(3).argument(), Some(37));
        assert_eq!(Action::DiscardFlower(3).to_string(), "discard_flower 4f");
        assert!(Action::from_parts("discard_flower", Some(42)).is_err());
        assert!(Action::from_parts("discard_flower", Some(5)).is_err());
        assert!(Action::from_parts("discard_flower", None).is_err());
    }
}

//! 推倒胡 tiles: which kinds are in the set, which are ghosts (鬼牌) under each mode, and where a horse points.
//! Tile codes: kinds 0..33, then flowers `FLOWER_BASE + n - 1` for flower nf.

use super::ruleset::{GhostMode, TdhRules, TileSet};
use crate::error::{EngineError, Result};
use crate::tile::Tile;

pub const FLOWER_BASE: u8 = 34;

use crate::tile::next_kind;

/// The wild kinds (at most two; flower ghosts are no kind: the hand holds them as wilds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ghosts {
    kinds: [u8; 2],
    len: u8,
}

impl Ghosts {
    pub fn of(rules: &TdhRules, indicator: Option<u8>) -> Result<Ghosts> {
        let one = |kind| Ghosts {
            kinds: [kind, 0],
            len: 1,
        };
        Ok(match rules.ghosts {
            GhostMode::White => one(31),
            GhostMode::Red => one(33),
            GhostMode::Flip | GhostMode::FlipTwo => {
                let indicator = indicator.ok_or_else(|| {
                    EngineError::argument("翻鬼 needs ghost_indicator, the flipped tile")
                })?;
                if indicator >= FLOWER_BASE {
                    return Err(EngineError::hand(
                        "ghost_indicator: a flower cannot be flipped as the 翻鬼 indicator",
                    ));
                }
                let first = next_kind(indicator, rules.seven_cycle);
                if rules.ghosts == GhostMode::Flip {
                    one(first)
                } else {
                    Ghosts {
                        kinds: [first, next_kind(first, rules.seven_cycle)],
                        len: 2,
                    }
                }
            }
            _ => Ghosts::default(),
        })
    }

    pub fn kinds(&self) -> &[u8] {
        &self.kinds[..self.len as usize]
    }

    /// Whether a tile code is a ghost: a ghost kind, or any flower.
    pub fn contains(&self, code: u8) -> bool {
        code >= FLOWER_BASE || self.kinds().contains(&code)
    }
}

/// Whether the tile code exists in the ruleset's set.
pub fn in_set(code: u8, rules: &TdhRules) -> bool {
    if code >= FLOWER_BASE {
        return code - FLOWER_BASE < rules.ghosts.flowers();
    }
    match rules.tiles {
        TileSet::All => true,
        TileSet::NoCharacters => code >= 9,
        TileSet::NoHonours => code < 27,
    }
}

/// A tile code's name: `3p`, or `2f` for a flower.
pub fn code_name(code: u8) -> String {
    if code >= FLOWER_BASE {
        format!("{}f", code - FLOWER_BASE + 1)
    } else {
        Tile::new(code).map(|t| t.mpsz()).unwrap_or_default()
    }
}

pub fn check_in_set(code: u8, rules: &TdhRules, what: &str) -> Result<()> {
    if in_set(code, rules) {
        return Ok(());
    }
    let tiles = match rules.tiles {
        TileSet::All => "all",
        TileSet::NoCharacters => "no_characters",
        TileSet::NoHonours => "no_honours",
    };
    let ghosts = match rules.ghosts {
        GhostMode::None => "none",
        GhostMode::White => "white",
        GhostMode::Red => "red",
        GhostMode::Flip => "flip",
        GhostMode::FlipTwo => "flip_two",
        GhostMode::Flowers4 => "flowers4",
        GhostMode::Flowers8 => "flowers8",
    };
    Err(EngineError::hand(format!(
        "{what}: tile {} is not in this ruleset's set (tiles = '{tiles}', ghosts = '{ghosts}')",
        code_name(code)
    )))
}

/// Offset from the dealer a suited number points at: 1 5 9 → dealer, 2 6 → 下家, 3 7 → 对家, 4 8 → 上家.
const HORSE_NUMBER: [u8; 9] = [0, 1, 2, 3, 0, 1, 2, 3, 0];
/// E S W N 白 发 中 under OC-32's E1 mapping, and E2's.
const HORSE_HONOUR_E1: [u8; 7] = [0, 1, 2, 3, 2, 1, 0];
const HORSE_HONOUR_E2: [u8; 7] = [0, 1, 2, 3, 3, 2, 1];

/// The seat a horse points at, counted from the dealer (a ghost's face counts as its face, OC-47; flower n
/// points like the number n, OC-TDH-2).
pub fn horse_seat(code: u8, dealer: u8, rules: &TdhRules) -> u8 {
    let offset = if code >= FLOWER_BASE {
        (code - FLOWER_BASE) % 4
    } else if code >= 27 {
        let table = if rules.horse_e2 {
            &HORSE_HONOUR_E2
        } else {
            &HORSE_HONOUR_E1
        };
        table[(code - 27) as usize]
    } else {
        HORSE_NUMBER[(code % 9) as usize]
    };
    (dealer + offset) % 4
}

/// One horse's worth under 一马全中: its number, 10 for an honour or a flower (OC-TDH-4).
pub fn horse_face(code: u8) -> u8 {
    if code < 27 {
        code % 9 + 1
    } else {
        10
    }
}

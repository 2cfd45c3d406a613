//! What the Sichuan and Taiwan families share: the checks of a hand before its winning tile, the readings of
//! the completed hand, and money rows (one amount per seat, E S W N).

use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::Hand;
use crate::rules::document::Document;
use crate::tile::{Counts, Tile, COPIES, NUM_KINDS};
use crate::win::is_win_counts;

/// Money per seat, E S W N.
pub type Money = [i64; 4];
/// An absent seat or suit across the boundary.
pub const NONE: u8 = 255;

pub fn pay(money: &mut Money, payee: usize, payer: usize, amount: i64) {
    money[payer] -= amount;
    money[payee] += amount;
}

pub fn tile_name(tile: usize) -> String {
    Tile::new(tile as u8).map_or_else(String::new, Tile::mpsz)
}

/// An optional seat 0..3 (`NONE` for none).
pub fn optional_seat(code: u8, what: &str) -> Result<Option<u8>> {
    match code {
        NONE => Ok(None),
        0..=3 => Ok(Some(code)),
        _ => Err(EngineError::argument(format!(
            "{what} {code} is not a seat 0..3"
        ))),
    }
}

pub fn seat(code: u8, what: &str) -> Result<u8> {
    optional_seat(code, what)?
        .ok_or_else(|| EngineError::argument(format!("{what}: a seat is required")))
}

/// Checks what every family needs (no wilds; `tiles` before the winning tile counting melds as 3; no fifth
/// copy; a robbed tile held nowhere else; a kong for a kong bloom when `bloom_needs_kong`) and returns all
/// the hand's counts with the winning tile.
pub fn check_hand(
    hand: &Hand,
    win: usize,
    family: &str,
    tiles: usize,
    robbing_kong: bool,
    bloom_needs_kong: bool,
) -> Result<Counts> {
    if hand.wilds > 0 {
        return Err(EngineError::hand(format!("{family} has no wild tiles")));
    }
    hand.validate()?;
    let size = hand.concealed_len() + 3 * hand.melds.len();
    if size != tiles {
        return Err(EngineError::hand(format!(
            "a {family} hand before its winning tile holds {tiles} tiles counting each meld as 3, not {size}"
        )));
    }
    let mut counts = hand.all_tiles();
    if robbing_kong && counts[win] > 0 {
        return Err(EngineError::illegal(format!(
            "robbing_kong: the robbed {} completes someone's kong, so no other copy can be in this hand",
            tile_name(win)
        )));
    }
    counts[win] += 1;
    if counts[win] > COPIES {
        return Err(EngineError::hand(format!(
            "the winning tile {} would be a fifth copy",
            tile_name(win)
        )));
    }
    if bloom_needs_kong && !hand.melds.iter().any(|m| m.kind.is_kong()) {
        return Err(EngineError::illegal(
            "kong_bloom needs a declared kong in the hand",
        ));
    }
    Ok(counts)
}

/// The concealed tiles with one more `tile`.
pub fn standing(hand: &Hand, tile: usize) -> Counts {
    let mut counts = hand.concealed;
    counts[tile] += 1;
    counts
}

/// How many kinds complete `hand` as sets and a pair, a kind of which it holds all four excluded.
pub fn winning_kinds(hand: &Hand) -> usize {
    let all = hand.all_tiles();
    (0..NUM_KINDS)
        .filter(|&t| all[t] < COPIES && is_win_counts(&standing(hand, t), FormSet::STANDARD))
        .count()
}

/// 1..9 of a suited tile.
pub const fn rank(tile: usize) -> usize {
    tile % 9 + 1
}

/// A regional family's options read by name from its document, in the order its `from_parts` takes them:
/// each choice as its index among the names listed, each flag, each integer.
pub struct OptionParts {
    pub choices: Vec<u8>,
    pub flags: Vec<bool>,
    pub ints: Vec<u32>,
}

impl OptionParts {
    pub fn read(
        doc: &Document,
        choices: &[(&str, &[&str])],
        flags: &[&str],
        ints: &[&str],
    ) -> Result<OptionParts> {
        let option = |name: &str| format!("options.{name}");
        Ok(OptionParts {
            choices: choices
                .iter()
                .map(|(name, names)| {
                    let indexed: Vec<(&str, u8)> = names.iter().copied().zip(0..).collect();
                    doc.choice(&option(name), &indexed)
                })
                .collect::<Result<_>>()?,
            flags: flags
                .iter()
                .map(|name| doc.flag(&option(name)))
                .collect::<Result<_>>()?,
            ints: ints
                .iter()
                .map(|name| doc.int(&option(name)))
                .collect::<Result<_>>()?,
        })
    }
}

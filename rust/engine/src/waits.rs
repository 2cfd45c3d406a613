//! Waits and useful tiles (进张) of a 3n+1 hand, and the 何切 table of a 3n+2 hand: per discard, the shanten
//! left and the tiles that would lower it, each with the copies still unseen.
//!
//! A drawn tile changes one suit, so the standard form keeps the other three suits' distances and recomputes
//! one table lookup per candidate tile.

use crate::error::{EngineError, Result};
use crate::forms::FormOptions;
use crate::hand::{Hand, HandShape};
use crate::shanten::{plain_useful, Analysis, StandardParts};
use crate::tile::{Counts, Tile, COPIES, NUM_KINDS};

/// A tile kind with the copies of it still unseen.
pub type TileCount = (Tile, u8);

/// One row of the 何切 table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discard {
    pub tile: Tile,
    /// Shanten of the hand left after the discard.
    pub shanten: i8,
    /// Tiles whose draw would lower that shanten (the winning tiles when it is 0), in kind order.
    pub useful: Vec<TileCount>,
}

impl Discard {
    /// Useful copies left in all.
    pub fn total(&self) -> u32 {
        self.useful.iter().map(|&(_, n)| n as u32).sum()
    }
}

/// For a 3n+1 hand: its shanten and the tiles whose draw lowers it — the winning tiles when it is ready —
/// each with the copies unseen: four minus those in the hand, its melds and `visible` (tiles seen elsewhere).
/// A kind of which the hand and its melds hold all four is never listed; one whose last copies are all visible
/// is listed with 0.
pub fn waits(
    hand: &Hand,
    opts: FormOptions,
    visible: Option<&Counts>,
) -> Result<(i8, Vec<TileCount>)> {
    let analysis = Analysis::new(hand, opts)?;
    if let HandShape::Full { .. } = analysis.shape() {
        return Err(EngineError::hand(format!(
            "waits takes a 3n+1 hand; this concealed part holds {} tiles (3n+2): ask for its discards",
            hand.concealed_len()
        )));
    }
    let unseen = unseen(hand, visible)?;
    if let Some((shanten, useful)) = plain(hand).and_then(|counts| plain_useful(counts, opts)) {
        return Ok((shanten, tiles_of(useful, &unseen)));
    }
    let parts = analysis.standard_parts(&hand.concealed);
    let shanten = analysis
        .best_with(&hand.concealed, &parts)
        .ok_or_else(|| analysis.no_form_error())?;
    let useful = useful_tiles(&analysis, &hand.concealed, &parts, shanten, &unseen);
    Ok((shanten, useful))
}

/// The waits of a plain 3n+1 hand — concealed `counts` only: no melds, no wilds, no tiles seen elsewhere — as
/// its shanten and the bit set of the kinds whose draw lowers it (bit k for kind k; unseen copies are four
/// minus the hand's), with no `Analysis` built: the single call's fast path. `None` when that path does not
/// answer (the knitted forms are selected, or no selected form applies): [`waits`] then answers or names the
/// problem. `counts` must be valid 3n+1 counts (each 0..4), as a checked `Hand` holds.
pub fn plain_waits(counts: &Counts, opts: FormOptions) -> Option<(i8, u64)> {
    plain_useful(counts, opts)
}

/// For a 3n+2 hand: one row per distinct real tile kind it can discard, best first (lowest shanten, then most
/// useful copies, then kind order). Wild tiles are never offered as discards: a wild is worth at least any
/// real tile it could replace. The discarded tile counts as seen in the copies left.
pub fn discards(hand: &Hand, opts: FormOptions, visible: Option<&Counts>) -> Result<Vec<Discard>> {
    let analysis = Analysis::new(hand, opts)?;
    if let HandShape::Waiting { .. } = analysis.shape() {
        return Err(EngineError::hand(format!(
            "discards takes a 3n+2 hand; this concealed part holds {} tiles (3n+1): ask for its waits",
            hand.concealed_len()
        )));
    }
    let unseen = unseen(hand, visible)?;
    let parts = analysis.standard_parts(&hand.concealed);
    let mut rows = Vec::new();
    for tile in (0..NUM_KINDS as u8).filter_map(Tile::new) {
        let kind = tile.index() as usize;
        if hand.concealed[kind] == 0 {
            continue;
        }
        let mut left = hand.concealed;
        left[kind] -= 1;
        if let Some((shanten, useful)) = plain(hand).and_then(|_| plain_useful(&left, opts)) {
            rows.push(Discard {
                tile,
                shanten,
                useful: tiles_of(useful, &unseen),
            });
            continue;
        }
        let left_parts = analysis.with_suit(&parts, tile.suit(), &left);
        let shanten = analysis
            .best_with(&left, &left_parts)
            .ok_or_else(|| analysis.no_form_error())?;
        let useful = useful_tiles(&analysis, &left, &left_parts, shanten, &unseen);
        rows.push(Discard {
            tile,
            shanten,
            useful,
        });
    }
    rows.sort_by_key(|row| (row.shanten, std::cmp::Reverse(row.total()), row.tile));
    Ok(rows)
}

/// The kinds whose draw brings the 3n+1 `counts` (of shanten `shanten`, standard-form `parts`) closer, with
/// their unseen copies.
fn useful_tiles(
    analysis: &Analysis,
    counts: &Counts,
    parts: &StandardParts,
    shanten: i8,
    unseen: &Counts,
) -> Vec<TileCount> {
    (0..NUM_KINDS as u8)
        .filter_map(Tile::new)
        .filter(|tile| {
            let kind = tile.index() as usize;
            if !analysis.can_hold_another(counts, kind) {
                return false;
            }
            let mut drawn = *counts;
            drawn[kind] += 1;
            let drawn_parts = analysis.with_suit(parts, tile.suit(), &drawn);
            analysis
                .best_with(&drawn, &drawn_parts)
                .is_some_and(|after| after < shanten)
        })
        .map(|tile| (tile, unseen[tile.index() as usize]))
        .collect()
}

/// The concealed counts of a plain hand (no melds, no wilds), the input of the all-at-once path.
fn plain(hand: &Hand) -> Option<&Counts> {
    (hand.melds.is_empty() && hand.wilds == 0).then_some(&hand.concealed)
}

/// The kinds of the bit set `useful`, in kind order, with their unseen copies.
fn tiles_of(mut useful: u64, unseen: &Counts) -> Vec<TileCount> {
    let mut tiles = Vec::with_capacity(useful.count_ones() as usize);
    while useful != 0 {
        let kind = useful.trailing_zeros() as u8;
        useful &= useful - 1;
        if let Some(tile) = Tile::new(kind) {
            tiles.push((tile, unseen[kind as usize]));
        }
    }
    tiles
}

/// Copies of each kind not in the hand, its melds or `visible`. More than four in all is an impossible
/// position, reported with the tile rather than hidden by saturating.
fn unseen(hand: &Hand, visible: Option<&Counts>) -> Result<Counts> {
    let held = hand.all_tiles();
    let mut unseen = [0u8; NUM_KINDS];
    for (kind, slot) in unseen.iter_mut().enumerate() {
        let seen = held[kind] as u32 + visible.map_or(0, |v| v[kind] as u32);
        *slot = (COPIES as u32).checked_sub(seen).ok_or_else(|| {
            let name = Tile::new(kind as u8).map(Tile::mpsz).unwrap_or_default();
            EngineError::hand(format!(
                "tile {name}: the hand and its melds hold {} and {} more are visible, {seen} in all: at most 4",
                held[kind],
                seen - held[kind] as u32
            ))
        })? as u8;
    }
    Ok(unseen)
}

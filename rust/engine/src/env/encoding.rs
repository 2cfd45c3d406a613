//! Observation planes: what the acting seat sees, as rows of 34 bytes (one column per tile kind, 0..33 =
//! 1m..7z whatever the table's tile set), every seat placed relative to the viewer (0 itself, 1 下家 who plays
//! next, 2 对家, 3 上家). Built only from the seat's [`Observation`] and the public discard history, so an
//! encoding cannot leak another hand or the wall. Each encoding is versioned by name; [`PLANES`] documents
//! every row (docs/env.md prints the same table, and a test checks that the two agree).

use crate::error::{EngineError, Result};
use crate::hand::MeldKind;
use crate::table::{DiscardHistory, Observation, SEATS};
use crate::tile::{COPIES, NUM_KINDS};

/// Columns of every row.
pub const COLUMNS: usize = NUM_KINDS;
/// Discards of each seat the extended encoding shows in order (the most recent ones, oldest first).
pub const DISCARD_SLOTS: usize = 32;
/// Melds of each seat the extended encoding shows (a 16-tile hand holds five).
pub const MELD_SLOTS: usize = 5;

/// The encodings, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Compact,
    Extended,
}

impl Encoding {
    /// v2: the ghost and 翻鬼 indicator rows follow the info row (v1 had neither).
    pub const NAMES: [&'static str; 2] = ["compact-v2", "extended-v2"];

    pub fn named(name: &str) -> Result<Encoding> {
        match name {
            "compact-v2" | "compact" => Ok(Encoding::Compact),
            "extended-v2" | "extended" => Ok(Encoding::Extended),
            _ => Err(EngineError::argument(format!(
                "unknown encoding {name:?}: expected one of {}",
                Self::NAMES.join(", ")
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Rows of the encoding (each of [`COLUMNS`] bytes).
    pub fn rows(self) -> usize {
        match self {
            Encoding::Compact => COMPACT_ROWS,
            Encoding::Extended => EXTENDED_ROWS,
        }
    }

    pub fn size(self) -> usize {
        self.rows() * COLUMNS
    }
}

/// One group of rows: (first row, rows, name, what each holds). The compact encoding is the first groups,
/// the extended one all of them.
pub type PlaneGroup = (usize, usize, &'static str, &'static str);

const HAND: usize = 0;
const DRAWN: usize = 4;
const OFFERED: usize = 5;
const DISCARDS: usize = 6;
const CLAIMED: usize = 10;
const MELDED: usize = 14;
const KONGS: usize = 18;
const SEEN: usize = 22;
const INFO: usize = 23;
const GHOSTS: usize = 24;
const INDICATOR: usize = 25;
const COMPACT_ROWS: usize = 26;
const ORDER: usize = COMPACT_ROWS;
const CLAIMS: usize = ORDER + 4 * DISCARD_SLOTS;
const MELD_TILES: usize = CLAIMS + 4;
const MELD_INFO: usize = MELD_TILES + 4 * MELD_SLOTS;
const EXTENDED_ROWS: usize = MELD_INFO + 4;

/// Columns of the info row.
/// Columns 26.. are 四花鬼 / 八花鬼's (推倒胡), whose flower ghosts no kind column can show; 0 at every other table.
pub const INFO_COLUMNS: [(usize, usize, &str); 14] = [
    (0, 1, "tiles left in the wall (0..144)"),
    (1, 1, "round wind (0..3 = East..North)"),
    (2, 1, "the viewer's seat wind (0..3)"),
    (3, 1, "the dealer, as a relative seat"),
    (4, 1, "the decision: 0 own turn after a draw, 1 own turn after a chi or pon (discard only), 2 answer a discard, 3 rob a kong"),
    (5, 1, "who offers the tile, as a relative seat (0 when no tile is on offer)"),
    (6, 4, "each relative seat's flowers set aside (bit f = flower f+1)"),
    (10, 4, "each relative seat's score: 128 + points / score_unit, clamped to 0..255 (points so far in the deal, and in game mode the game's earlier deals)"),
    (14, 4, "each relative seat's number of melds"),
    (18, 4, "each relative seat's number of discards made (claimed ones included, up to 255)"),
    (22, 4, "each relative seat has already won (1) and left the table (deals that play on)"),
    (26, 1, "the flower ghosts the viewer holds (bit f = flower f+1; 四花鬼 / 八花鬼 only)"),
    (27, 4, "each relative seat's discarded flower ghosts (bit f = flower f+1; 四花鬼 / 八花鬼 only)"),
    (31, 1, "the flower ghost just drawn: 1 + f for flower f+1 (own turn after the draw; the drawn row is then empty)"),
];

/// Every row group of both encodings.
pub const PLANES: [PlaneGroup; 15] = [
    (HAND, 4, "hand", "own concealed tiles: row r is 1 where the count of the kind exceeds r (thermometer)"),
    (DRAWN, 1, "drawn", "1 at the tile just drawn (own turn after a draw)"),
    (OFFERED, 1, "offered", "1 at the tile on offer (a discard, or a kong's tile that could be robbed)"),
    (DISCARDS, 4, "discards", "per relative seat: how many of each kind lie in its discards (0..4)"),
    (CLAIMED, 4, "claimed", "per relative seat: how many of each kind others claimed from its discards (0..4)"),
    (MELDED, 4, "melds", "per relative seat: how many of each kind its melds hold (0..4)"),
    (KONGS, 4, "kongs", "per relative seat: 1 at the kind of each of its kongs (concealed ones included)"),
    (SEEN, 1, "seen", "how many of each kind the viewer has seen: own hand, every meld, every discard on the table (0..4)"),
    (INFO, 1, "info", "scalars by column, see the info table"),
    (GHOSTS, 1, "ghosts", "1 at each kind that is wild in this deal (鬼牌, 推倒胡; all 0 at a table without ghosts)"),
    (INDICATOR, 1, "ghost_indicator", "1 at the 翻鬼 indicator turned before the deal (all 0 where the ghosts are not flipped)"),
    (ORDER, 4 * DISCARD_SLOTS, "discard_order", "extended only: per relative seat, 32 rows: row k is 1 at the tile of its k-th discard (claimed ones included; the latest 32 when it made more)"),
    (CLAIMS, 4, "discard_claims", "extended only: per relative seat, column k: 1 + relative seat of who claimed its k-th discard shown, 0 unclaimed"),
    (MELD_TILES, 4 * MELD_SLOTS, "meld_tiles", "extended only: per relative seat, 5 rows: row k holds the tile counts of its k-th meld"),
    (MELD_INFO, 4, "meld_info", "extended only: per relative seat, column k: kind of meld k (1 chi, 2 pon, 3 kong, 4 added kong, 5 concealed kong); 8+k: 1 + relative seat of its feeder; 16+k: 1 + the claimed tile (0 none)"),
];

/// What the encoder needs besides the view: the points from earlier deals (game mode) and their scale.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// Points of each absolute seat from earlier deals of the game (zeros in deal mode).
    pub earlier_points: [i64; SEATS as usize],
    pub score_unit: i64,
}

impl Default for Context {
    fn default() -> Self {
        Context {
            earlier_points: [0; SEATS as usize],
            score_unit: 1,
        }
    }
}

#[inline]
fn row(out: &mut [u8], index: usize) -> &mut [u8] {
    &mut out[index * COLUMNS..(index + 1) * COLUMNS]
}

fn byte(value: usize) -> u8 {
    value.min(255) as u8
}

/// Writes the planes of `encoding` for the viewer of `view` into `out` (exactly `encoding.size()` bytes).
/// `history` must be the deal's discard history up to now.
pub fn encode(
    encoding: Encoding,
    view: &Observation<'_>,
    history: &DiscardHistory,
    context: &Context,
    out: &mut [u8],
) {
    debug_assert_eq!(out.len(), encoding.size());
    // The compact rows are built in a fixed-size array (constant indices, no bounds checks), then copied.
    let mut rows = [[0u8; COLUMNS]; COMPACT_ROWS];
    let me = view.seat();
    let absolute = |rel: usize| (me + rel as u8) % SEATS;
    let relative = |seat: u8| usize::from((seat + SEATS - me) % SEATS);
    let mut seen = *view.hand();
    for (kind, &count) in view.hand().iter().enumerate() {
        for row in rows
            .iter_mut()
            .skip(HAND)
            .take(usize::from(count.min(COPIES)))
        {
            row[kind] = 1;
        }
    }
    if let Some(tile) = view.drawn() {
        rows[DRAWN][usize::from(tile.index())] = 1;
    }
    let offered = view.offered();
    if let Some(o) = offered {
        rows[OFFERED][usize::from(o.tile.index())] = 1;
    }
    let payments = view.payments_so_far();
    let won = view.winners_so_far();
    let mut info = [0u8; COLUMNS];
    for rel in 0..SEATS as usize {
        let seat = absolute(rel);
        for tile in view.discards(seat) {
            let kind = usize::from(tile.index()) % COLUMNS;
            rows[DISCARDS + rel][kind] += 1;
            seen[kind] += 1;
        }
        let seat_history = &history.seats[usize::from(seat)];
        for d in seat_history.iter().filter(|d| d.claimed_by.is_some()) {
            rows[CLAIMED + rel][usize::from(d.tile.index()) % COLUMNS] += 1;
        }
        let melds = view.melds(seat);
        for meld in melds {
            let kind = usize::from(meld.tile.index()) % COLUMNS;
            let (melded, kongs) = rows[MELDED + rel..].split_at_mut(KONGS - MELDED);
            match meld.kind {
                MeldKind::Chi => {
                    for k in kind..(kind + 3).min(COLUMNS) {
                        melded[0][k] += 1;
                        seen[k] += 1;
                    }
                }
                MeldKind::Pon => {
                    melded[0][kind] += 3;
                    seen[kind] += 3;
                }
                _ => {
                    melded[0][kind] += COPIES;
                    seen[kind] += COPIES;
                    kongs[0][kind] = 1;
                }
            }
        }
        info[6 + rel] = view.flowers(seat);
        let points = (payments[usize::from(seat)] + context.earlier_points[usize::from(seat)])
            / context.score_unit.max(1);
        info[10 + rel] = (128 + points).clamp(0, 255) as u8;
        info[14 + rel] = byte(melds.len());
        info[18 + rel] = byte(seat_history.len());
        info[22 + rel] = u8::from(won & (1 << seat) != 0);
        info[27 + rel] = view.discarded_flowers(seat);
    }
    info[26] = view.flower_ghosts();
    info[31] = view.drawn_flower().map_or(0, |flower| flower + 1);
    rows[SEEN] = seen.map(|n| n.min(COPIES));
    info[0] = byte(view.wall_remaining());
    info[1] = view.round_wind();
    info[2] = view.seat_wind(me);
    info[3] = relative(view.dealer()) as u8;
    info[4] = match offered {
        Some(o) if o.added_kong => 3,
        Some(_) => 2,
        None if view.after_claim() => 1,
        None => 0,
    };
    info[5] = offered.map_or(0, |o| relative(o.from) as u8);
    rows[INFO] = info;
    let ghosts = view.ghosts();
    for (kind, cell) in rows[GHOSTS].iter_mut().enumerate() {
        *cell = u8::from(ghosts & (1 << kind) != 0);
    }
    if let Some(shown) = view.ghost_indicator() {
        rows[INDICATOR][usize::from(shown.index())] = 1;
    }
    let (compact, rest) = out.split_at_mut(COMPACT_ROWS * COLUMNS);
    compact.copy_from_slice(rows.as_flattened());
    if encoding == Encoding::Extended {
        rest.fill(0);
        encode_order(view, history, out, &absolute, &relative);
    }
}

/// The extended rows: every seat's discards and melds in order.
fn encode_order(
    view: &Observation<'_>,
    history: &DiscardHistory,
    out: &mut [u8],
    absolute: &dyn Fn(usize) -> u8,
    relative: &dyn Fn(u8) -> usize,
) {
    for rel in 0..SEATS as usize {
        let seat = absolute(rel);
        let discards = &history.seats[usize::from(seat)];
        let shown = &discards[discards.len().saturating_sub(DISCARD_SLOTS)..];
        for (k, d) in shown.iter().enumerate() {
            out[(ORDER + rel * DISCARD_SLOTS + k) * COLUMNS + usize::from(d.tile.index())] = 1;
            if let Some(by) = d.claimed_by {
                out[(CLAIMS + rel) * COLUMNS + k] = 1 + relative(by) as u8;
            }
        }
        for (k, meld) in view.melds(seat).iter().take(MELD_SLOTS).enumerate() {
            let mut tiles = [0u8; NUM_KINDS];
            meld.add_tiles(&mut tiles);
            row(out, MELD_TILES + rel * MELD_SLOTS + k).copy_from_slice(&tiles);
            let info = row(out, MELD_INFO + rel);
            info[k] = match meld.kind {
                MeldKind::Chi => 1,
                MeldKind::Pon => 2,
                MeldKind::Kong => 3,
                MeldKind::AddedKong => 4,
                MeldKind::ConcealedKong => 5,
            };
            if let Some(offset) = meld.from_offset {
                info[8 + k] = 1 + relative((seat + offset) % SEATS) as u8;
            }
            if let Some(tile) = meld.claimed {
                info[16 + k] = 1 + tile.index();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plane_table_covers_every_row_once() {
        let mut next = 0;
        for (first, rows, name, _) in PLANES {
            assert_eq!(first, next, "{name}");
            next += rows;
            if next == COMPACT_ROWS {
                assert_eq!(name, "ghost_indicator");
            }
        }
        assert_eq!(next, EXTENDED_ROWS);
        let mut column = 0;
        for (first, width, _) in INFO_COLUMNS {
            assert_eq!(first, column);
            column += width;
        }
        assert!(column <= COLUMNS);
    }
}

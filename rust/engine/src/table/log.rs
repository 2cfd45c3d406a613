//! The event log of a deal: one JSON object per line, keys in a fixed order and no spaces, written by hand so
//! that the Python twin (`json.dumps(event, separators=(",", ":"))`) produces the very same bytes.
//!
//! Events (`null` where a field does not apply):
//! - `{"type":"start","seed":S,"deal":D,"dealer":0,"round_wind":0,"wall":[t,…136]}`: the wall as wall codes
//!   (0..34 kinds, 34..42 the flowers 1f..8f)
//! - `{"type":"draw","seat":s,"tile":t,"replacement":false}`: `replacement`: drawn from the tail (after a kong
//!   or a flower)
//!   (under 四花鬼 / 八花鬼 `tile` may be a flower ghost's wall code 34..41, held in the hand)
//! - `{"type":"flower","seat":s,"flower":f}`: a flower 0..7 drawn (or dealt) and set aside
//! - `{"type":"act","seat":s,"action":"discard","tile":t}`: every decision taken, claims that lose to a
//!   higher priority included
//! - `{"type":"meld","seat":s,"kind":"pon","tile":t,"claimed":t,"from":f}`: every meld formed (`tile` is its
//!   lowest tile, `from` the feeding seat); where the table notes 回头杠 (`TableRules::returned_kongs`), an
//!   `added_kong` onto a pon made while its fourth tile was already in hand ends `,"returned":true`
//! - `{"type":"win","seat":s,"tile":t,"from":f,"robbing_kong":false,"fan":n}` (`tile` 34..41: a self-drawn
//!   flower ghost)
//! - `{"type":"swap","direction":d}`: 换三张's picks (`act` lines, action `swap`) passed `d` seats on
//! - `{"type":"abortive","reason":"four_winds"}`: an abortive draw (Taiwan OC-T15: `four_winds` 四風連打,
//!   `four_kongs` 四槓) ends the deal; the `end` follows, a draw (`exhaustive` true: no winner)
//! - `{"type":"end","exhaustive":false,"winners":[s,…],"wall_left":n}`

use std::fmt::Write;

use super::action::Action;
use super::horses::Horse;
use super::types::AbortiveDraw;
use super::wall::{is_wall_code, FIRST_FLOWER};
use crate::error::{EngineError, Result};
use crate::hand::{Meld, MeldKind};
use crate::tile::Tile;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Start {
        seed: u64,
        deal: u64,
        dealer: u8,
        round_wind: u8,
        wall: Vec<u8>,
    },
    Draw {
        seat: u8,
        tile: Tile,
        replacement: bool,
    },
    Flower {
        seat: u8,
        flower: u8,
    },
    /// A flower ghost (四花鬼 / 八花鬼) drawn and held: logged as a `draw` of its wall code.
    FlowerGhostDrawn {
        seat: u8,
        flower: u8,
        replacement: bool,
    },
    Act {
        seat: u8,
        action: Action,
    },
    Meld {
        seat: u8,
        meld: Meld,
        from: Option<u8>,
        /// A 补杠 whose fourth tile was in hand when its pon was made (回头杠; noted only where the table
        /// plays it, so written only when true).
        returned: bool,
    },
    Win {
        seat: u8,
        tile: Tile,
        from: Option<u8>,
        robbing_kong: bool,
        fan: u32,
    },
    /// A self-drawn win on a flower ghost: logged as a `win` with the flower's wall code.
    FlowerGhostWin {
        seat: u8,
        flower: u8,
        fan: u32,
    },
    /// The horses (买马) `seat`'s win turned from the wall's tail (logged after its win): each one's wall
    /// code, buyer and the seat it picks.
    Horses {
        seat: u8,
        horses: Vec<Horse>,
    },
    /// 换三张: every seat's picks passed `direction` (1..3) seats on in turn order.
    Swap {
        direction: u8,
    },
    /// An abortive draw ends the deal (the `End` follows).
    Abortive {
        reason: AbortiveDraw,
    },
    End {
        exhaustive: bool,
        winners: Vec<u8>,
        wall_left: usize,
    },
}

/// Appends the event `make` builds, built after room is made and straight into the log. `Vec::push` builds
/// its value on the stack first (the value must outlive a possible reallocation), then copies it in with reads
/// wider than the stores that wrote its fields: a store-forwarding stall on every step the deal logs, which
/// measured as a tenth of a random-bot deal.
#[inline(always)]
pub(crate) fn append(log: &mut Vec<Event>, make: impl FnOnce() -> Event) {
    // `OnceWith` has a trusted length: `extend` reserves, then writes `make()` into the spare slot.
    log.extend(std::iter::once_with(make));
}

/// Log names of the meld kinds.
pub fn meld_kind_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Kong => "kong",
        MeldKind::AddedKong => "added_kong",
        MeldKind::ConcealedKong => "concealed_kong",
    }
}

/// A JSON value that is either a number or `null`.
fn number_or_null(value: Option<impl std::fmt::Display>) -> String {
    value.map_or_else(|| "null".to_string(), |v| v.to_string())
}

fn int_list(values: impl Iterator<Item = impl std::fmt::Display>) -> String {
    let items: Vec<String> = values.map(|v| v.to_string()).collect();
    format!("[{}]", items.join(","))
}

impl Event {
    /// The event as one line of JSON (no trailing newline).
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64);
        // Writing into a String cannot fail.
        let _ = match self {
            Event::Start {
                seed,
                deal,
                dealer,
                round_wind,
                wall,
            } => write!(
                out,
                r#"{{"type":"start","seed":{seed},"deal":{deal},"dealer":{dealer},"round_wind":{round_wind},"wall":{}}}"#,
                int_list(wall.iter())
            ),
            Event::Draw {
                seat,
                tile,
                replacement,
            } => write!(
                out,
                r#"{{"type":"draw","seat":{seat},"tile":{},"replacement":{replacement}}}"#,
                tile.index()
            ),
            Event::FlowerGhostDrawn {
                seat,
                flower,
                replacement,
            } => write!(
                out,
                r#"{{"type":"draw","seat":{seat},"tile":{},"replacement":{replacement}}}"#,
                FIRST_FLOWER + flower
            ),
            Event::FlowerGhostWin { seat, flower, fan } => write!(
                out,
                r#"{{"type":"win","seat":{seat},"tile":{},"from":null,"robbing_kong":false,"fan":{fan}}}"#,
                FIRST_FLOWER + flower
            ),
            Event::Flower { seat, flower } => write!(
                out,
                r#"{{"type":"flower","seat":{seat},"flower":{flower}}}"#
            ),
            Event::Act { seat, action } => write!(
                out,
                r#"{{"type":"act","seat":{seat},"action":"{}","tile":{}}}"#,
                action.name(),
                number_or_null(action.argument())
            ),
            Event::Meld {
                seat,
                meld,
                from,
                returned,
            } => write!(
                out,
                r#"{{"type":"meld","seat":{seat},"kind":"{}","tile":{},"claimed":{},"from":{}{}}}"#,
                meld_kind_name(meld.kind),
                meld.tile.index(),
                number_or_null(meld.claimed.map(Tile::index)),
                number_or_null(*from),
                if *returned { r#","returned":true"# } else { "" }
            ),
            Event::Win {
                seat,
                tile,
                from,
                robbing_kong,
                fan,
            } => write!(
                out,
                r#"{{"type":"win","seat":{seat},"tile":{},"from":{},"robbing_kong":{robbing_kong},"fan":{fan}}}"#,
                tile.index(),
                number_or_null(*from)
            ),
            Event::Horses { seat, horses } => write!(
                out,
                r#"{{"type":"horses","seat":{seat},"tiles":{},"buyers":{},"picks":{}}}"#,
                int_list(horses.iter().map(|h| h.tile)),
                int_list(horses.iter().map(|h| h.buyer)),
                int_list(horses.iter().map(|h| h.seat))
            ),
            Event::Swap { direction } => {
                write!(out, r#"{{"type":"swap","direction":{direction}}}"#)
            }
            Event::Abortive { reason } => {
                write!(out, r#"{{"type":"abortive","reason":"{}"}}"#, reason.name())
            }
            Event::End {
                exhaustive,
                winners,
                wall_left,
            } => write!(
                out,
                r#"{{"type":"end","exhaustive":{exhaustive},"winners":{},"wall_left":{wall_left}}}"#,
                int_list(winners.iter())
            ),
        };
        out
    }
}

/// The fields of a log's `start` line that define the deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealHeader {
    pub seed: u64,
    pub deal: u64,
    pub dealer: u8,
    pub round_wind: u8,
    /// Wall codes.
    pub wall: Vec<u8>,
}

/// A log line parsed just far enough for replay: the deal header or a decision, or anything else.
pub enum Recorded {
    Start(DealHeader),
    Act { seat: u8, action: Action },
    Other,
}

fn bad_line(number: usize, what: &str) -> EngineError {
    EngineError::argument(format!("log line {}: {what}", number + 1))
}

/// Parses line `number` (0-based) of a log.
pub fn parse_line(number: usize, line: &str) -> Result<Recorded> {
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| bad_line(number, &format!("not JSON ({e})")))?;
    let field = |key: &str| -> Result<u64> {
        value
            .get(key)
            .and_then(serde_json::Value::as_u64)
            .ok_or_else(|| {
                bad_line(
                    number,
                    &format!("field {key:?} missing or not a non-negative integer"),
                )
            })
    };
    let small = |key: &str| -> Result<u8> {
        u8::try_from(field(key)?)
            .map_err(|_| bad_line(number, &format!("field {key:?} out of range")))
    };
    match value.get("type").and_then(serde_json::Value::as_str) {
        Some("start") => Ok(Recorded::Start(DealHeader {
            seed: field("seed")?,
            deal: field("deal")?,
            dealer: small("dealer")?,
            round_wind: small("round_wind")?,
            wall: value
                .get("wall")
                .and_then(serde_json::Value::as_array)
                .and_then(|items| {
                    items
                        .iter()
                        .map(|v| {
                            v.as_u64()
                                .and_then(|i| u8::try_from(i).ok())
                                .filter(|&code| is_wall_code(code))
                        })
                        .collect::<Option<Vec<u8>>>()
                })
                .ok_or_else(|| {
                    bad_line(number, "field \"wall\" missing or not a list of tile kinds")
                })?,
        })),
        Some("act") => {
            let name = value
                .get("action")
                .and_then(serde_json::Value::as_str)
                .ok_or_else(|| bad_line(number, "field \"action\" missing"))?;
            let tile = match value.get("tile") {
                None | Some(serde_json::Value::Null) => None,
                Some(_) => Some(small("tile")?),
            };
            Ok(Recorded::Act {
                seat: small("seat")?,
                action: Action::from_parts(name, tile)?,
            })
        }
        Some(_) => Ok(Recorded::Other),
        None => Err(bad_line(number, "field \"type\" missing")),
    }
}

//! The order of value that breaks ties between discards equally good for speed (same shanten, same useful
//! copies), after seed 000's first article (《广东麻将自摸推倒胡技巧》):
//!
//! 1. Early on, 熟张 before 生张: a kind another seat has discarded goes first — "牌局初期先跟打熟张", and "到了
//!    一入听时,不妨打生张", so the preference holds while the hand stays 2-shanten or worse after the discard.
//! 2. By class, weakest first — "先打风,再19,28,456,最后才是37": plain winds, then the honours a pung of which
//!    scores (dragons, the seat wind, the round wind — our choice: the article ranks only winds, and a 番子 pair
//!    is worth keeping longer), then terminals, 2/8, 4/5/6, and 3/7 last.
//! 3. Among honours, 先打最晚出现的风牌: the kind whose latest copy on the table came out most recently goes
//!    first, as the seats that discarded after it are unlikely to hold it; a kind never discarded goes last.
//!    Discards are timed by (their place in the seat's discards, the seat's turn order from the dealer) —
//!    exact while nobody has claimed a tile, an estimate afterwards.
//! 4. The lowest kind index.

use std::cmp::Reverse;

use crate::table::observation::Observation;
use crate::table::types::SEATS;
use crate::tile::Tile;

/// The shanten from which 熟张 are preferred: before the hand is 一入听 (1-shanten).
const EARLY_SHANTEN: i8 = 2;

/// Sort key of a discard among equally fast ones: smaller goes first.
pub type TieBreak = (bool, u8, Reverse<Option<(usize, u8)>>, u8);

/// The tie-break key of discarding `tile`, leaving a hand of `shanten`.
pub fn tie_break(observation: &Observation<'_>, tile: Tile, shanten: i8) -> TieBreak {
    let early_and_live = shanten >= EARLY_SHANTEN && !discarded_by_others(observation, tile);
    let latest = if tile.is_honor() {
        latest_appearance(observation, tile)
    } else {
        None
    };
    (
        early_and_live,
        value_class(observation, tile),
        Reverse(latest),
        tile.index(),
    )
}

/// 0 plain wind, 1 scoring honour, 2 terminal, 3 two/eight, 4 four to six, 5 three/seven.
fn value_class(observation: &Observation<'_>, tile: Tile) -> u8 {
    if tile.is_honor() {
        let wind = tile.index() - 27;
        let seat = observation.seat();
        let scoring = tile.is_dragon()
            || wind == observation.seat_wind(seat)
            || wind == observation.round_wind();
        return u8::from(scoring);
    }
    match tile.number() {
        1 | 9 => 2,
        2 | 8 => 3,
        4..=6 => 4,
        _ => 5,
    }
}

fn discarded_by_others(observation: &Observation<'_>, tile: Tile) -> bool {
    (0..SEATS)
        .filter(|&seat| seat != observation.seat())
        .any(|seat| observation.discarded_kinds(seat) & (1 << tile.index()) != 0)
}

/// When `tile` was last discarded, as (place in its seat's discards, seat's turn order from the dealer).
fn latest_appearance(observation: &Observation<'_>, tile: Tile) -> Option<(usize, u8)> {
    (0..SEATS)
        .flat_map(|seat| {
            let turn_order = (seat + SEATS - observation.dealer()) % SEATS;
            observation
                .discards(seat)
                .iter()
                .enumerate()
                .filter(move |&(_, &t)| t == tile)
                .map(move |(place, _)| (place, turn_order))
        })
        .max()
}

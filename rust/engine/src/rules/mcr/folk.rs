//! The seed's folk fans (seed 002, rows marked *), scored only when the table lists them
//! (`options.folk_fans`): the first-go-around wins and 天听, 四方大发, the mixed-suit shifted sets and the two
//! pair fans. docs/mcr.md gives each definition and the readings behind it; `reference/mcr/folk.py` is the twin.

use super::fan::{Fan, FanCounts};
use super::situation::Opening;
use super::tiles::{is_numbered, is_terminal_or_honor, rank, suit};

const GREEN_DRAGON: u8 = 32;

/// 天和, 地和, 人和 or 天听.
pub fn opening_fan(opening: Opening) -> Option<Fan> {
    match opening {
        Opening::None => None,
        Opening::Heavenly => Some(Fan::BlessingOfHeaven),
        Opening::Earthly => Some(Fan::BlessingOfEarth),
        Opening::Human => Some(Fan::BlessingOfHuman),
        Opening::HeavenlyReady => Some(Fan::HeavenlyReady),
    }
}

/// 258将: a pair of 2, 5 or 8; 幺九头: a pair of a terminal or an honour.
pub fn pair_fans(pair: u8, fans: &mut FanCounts) {
    if is_numbered(pair) && matches!(rank(pair), 2 | 5 | 8) {
        fans.add(Fan::PairOf258, 1);
    } else if is_terminal_or_honor(pair) {
        fans.add(Fan::TerminalOrHonorPair, 1);
    }
}

/// Suited sets whose ranks rise by one of `steps` (a pung by its rank, a chow by its middle), in more than
/// one suit: the one-suit shapes are the standard 一色 fans.
fn mixed_shift(tiles: &[u8], steps: &[u8]) -> bool {
    if !tiles.iter().all(|&t| is_numbered(t)) || tiles.iter().all(|&t| suit(t) == suit(tiles[0])) {
        return false;
    }
    let mut ranks = [0u8; 4];
    let ranks = &mut ranks[..tiles.len()];
    for (slot, &tile) in ranks.iter_mut().zip(tiles) {
        *slot = rank(tile);
    }
    ranks.sort_unstable();
    steps
        .iter()
        .any(|&step| ranks.windows(2).all(|w| w[1] == w[0] + step))
}

/// The four-set fan if all four sets shift, the three-set fan once if any three do (the four-set fan's row
/// excludes it: 不计 stays data).
fn shifted_sets_fans(tiles: &[u8], steps: &[u8], four: Fan, three: Fan, fans: &mut FanCounts) {
    fans.add_if(four, tiles.len() == 4 && mixed_shift(tiles, steps));
    let any_triple = match tiles.len() {
        3 => mixed_shift(tiles, steps),
        4 => (0..4).any(|left_out| {
            let mut triple = [0u8; 3];
            let others = tiles.iter().enumerate().filter(|&(i, _)| i != left_out);
            for (slot, (_, &tile)) in triple.iter_mut().zip(others) {
                *slot = tile;
            }
            mixed_shift(&triple, steps)
        }),
        _ => false,
    };
    fans.add_if(three, any_triple);
}

/// The folk fans of one division: chows by their middle tile, pungs and kongs by their tile. 混四节/混三节
/// shift by one rank; 混四步/混三步 by one or two, as 一色四步高 does.
pub fn division_folk_fans(pair: u8, chows: &[u8], pungs: &[u8], fans: &mut FanCounts) {
    pair_fans(pair, fans);
    shifted_sets_fans(
        pungs,
        &[1],
        Fan::MixedFourShiftedPungs,
        Fan::MixedThreeShiftedPungs,
        fans,
    );
    shifted_sets_fans(
        chows,
        &[1, 2],
        Fan::MixedFourShiftedChows,
        Fan::MixedThreeShiftedChows,
        fans,
    );
    fans.add_if(
        Fan::BigFourWindsGreenPair,
        fans.has(Fan::BigFourWinds) && pair == GREEN_DRAGON,
    );
}

//! Scoring a Guangdong win: the chosen pattern and extras → cap and floor → total fan → points (2^fan) →
//! what each of the four seats pays or receives, liabilities applied (RULES.md §2.3–§2.6).

use crate::table::twelve_tiles;
use std::cmp::Reverse;

use rayon::prelude::*;

use crate::error::{EngineError, Result};
use crate::hand::{Hand, HandShape, Meld, MeldSlot};
use crate::rules::guangdong::ruleset::{PatternValue, Ruleset};
use crate::rules::guangdong::{
    extras, patterns, Composition, Extra, ExtraFacts, FloorEvent, Pattern,
};
use crate::rules::reading::for_each_reading;
use crate::tile::{Counts, Tile, COPIES};

/// Seats and winds are 0..3 = East, South, West, North, in turn order; the dealer sits East (OC-1).
pub const DEALER: u8 = 0;
const EAST_WIND: u8 = 27;

/// How the winning tile arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinSource {
    SelfDrawn,
    Discard,
    /// 抢杠: the tile another player added to an exposed pon.
    RobbedKong,
}

/// 天和 / 地和 / 人和.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitHand {
    Heavenly,
    Earthly,
    Human,
}

impl LimitHand {
    fn pattern(self) -> Pattern {
        match self {
            LimitHand::Heavenly => Pattern::TianHu,
            LimitHand::Earthly => Pattern::DiHu,
            LimitHand::Human => Pattern::RenHu,
        }
    }
}

/// Everything about a win besides the tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Situation {
    /// The winner's seat, which is also their seat wind.
    pub seat: u8,
    pub round_wind: u8,
    pub source: WinSource,
    /// Who discarded the winning tile, or whose added kong was robbed; only payments need it.
    pub discarder: Option<u8>,
    /// 杠上开花: won on a kong's replacement tile.
    pub kong_bloom: bool,
    /// Who discarded the tile of the melded kong (onto a concealed pung) behind a kong bloom.
    pub kong_fed_by: Option<u8>,
    /// Won with the last tile of the wall.
    pub last_tile: bool,
    pub limit_hand: Option<LimitHand>,
    /// How many players win on this discard (一炮多响).
    pub winners_on_discard: u8,
    /// 包先不包后: the feeder of the fourth claimed meld already made another player 12-tiles-down earlier.
    pub feeder_already_liable: bool,
}

impl Situation {
    /// A plain win with no special circumstance.
    pub fn new(seat: u8, round_wind: u8, source: WinSource, discarder: Option<u8>) -> Situation {
        Situation {
            seat,
            round_wind,
            source,
            discarder,
            kong_bloom: false,
            kong_fed_by: None,
            last_tile: false,
            limit_hand: None,
            winners_on_discard: 1,
            feeder_already_liable: false,
        }
    }

    /// Checks the facts that decide the fan (the discarder is checked by `payments`).
    pub fn validate(&self) -> Result<()> {
        let seat_ok = |s: u8| s < 4;
        if !seat_ok(self.seat) || !seat_ok(self.round_wind) {
            return Err(EngineError::argument(
                "seat and round wind must be 0..3 (East, South, West, North)",
            ));
        }
        if self.kong_bloom && self.source != WinSource::SelfDrawn {
            return Err(EngineError::argument(
                "a kong bloom (杠上开花) is self-drawn",
            ));
        }
        if self.kong_fed_by.is_some() && !self.kong_bloom {
            return Err(EngineError::argument(
                "kong_fed_by applies only to a kong bloom",
            ));
        }
        if !(1..=3).contains(&self.winners_on_discard)
            || (self.winners_on_discard > 1 && self.source == WinSource::SelfDrawn)
        {
            return Err(EngineError::argument(
                "winners_on_discard is 1..3, and more than 1 only for a win on a discard",
            ));
        }
        let limit_ok = match self.limit_hand {
            None => true,
            Some(LimitHand::Heavenly) => self.seat == DEALER && self.source == WinSource::SelfDrawn,
            Some(LimitHand::Earthly) => self.seat != DEALER && self.source == WinSource::SelfDrawn,
            Some(LimitHand::Human) => self.seat != DEALER && self.source == WinSource::Discard,
        };
        if !limit_ok {
            return Err(EngineError::argument(
                "天和 is the dealer's self-draw, 地和 a non-dealer's self-draw, 人和 a non-dealer's win on \
                 the dealer's discard",
            ));
        }
        Ok(())
    }

    /// Whether the win scores and pays as self-drawn.
    fn pays_as_self_draw(&self) -> bool {
        self.source != WinSource::Discard
    }

    fn floor_events(&self) -> impl Iterator<Item = FloorEvent> {
        let events = [
            (FloorEvent::ThreeWinners, self.winners_on_discard == 3),
            (FloorEvent::KongBloom, self.kong_bloom),
            (
                FloorEvent::LastTile,
                self.last_tile && self.source == WinSource::SelfDrawn,
            ),
            (
                FloorEvent::RobbingKong,
                self.source == WinSource::RobbedKong,
            ),
            (
                FloorEvent::LastDiscard,
                self.last_tile && self.source == WinSource::Discard,
            ),
        ];
        events.into_iter().filter(|&(_, on)| on).map(|(e, _)| e)
    }
}

/// The fan of a win: the chosen pattern, the extras it earned, and the cap and floor applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fan {
    pub pattern: Pattern,
    pub pattern_fan: u8,
    pub special: bool,
    /// How many times each extra counted (indexed by `Extra as usize`); all zero for a special pattern.
    pub extras: [u8; Extra::COUNT],
    /// Pattern plus extras before the cap and floor.
    pub raw: u8,
    pub capped: bool,
    pub floored: bool,
    pub total: u8,
    /// Reaches the table's 起和 (天和/地和/人和 always do).
    pub legal: bool,
}

impl Fan {
    /// 2^fan: one loser's share.
    pub fn points(&self) -> u64 {
        1u64 << self.total
    }
}

/// The fan of `hand` (its concealed tiles without the winning tile, plus melds) winning on `win`, or None
/// when that is not a win under `ruleset`.
pub fn fan(
    hand: &Hand,
    win: Tile,
    ruleset: &Ruleset,
    situation: &Situation,
) -> Result<Option<Fan>> {
    situation.validate()?;
    let mut tiles = hand.all_tiles();
    check_waiting_hand(hand, win, &tiles)?;
    if hand.wilds > 0 {
        return Err(EngineError::hand(no_wilds_message(
            hand.wilds,
            &ruleset.name,
        )));
    }
    let mut concealed = hand.concealed;
    concealed[win.index() as usize] += 1;
    tiles[win.index() as usize] += 1;
    if !ruleset.options.winning_hand.allows(hand, &tiles) {
        return Ok(None);
    }
    let facts = ExtraFacts {
        scores_self_draw: match situation.source {
            WinSource::SelfDrawn => true,
            WinSource::Discard => false,
            WinSource::RobbedKong => ruleset.options.robbing_kong_is_self_draw,
        },
        kong_bloom: situation.kong_bloom,
        last_tile_self_drawn: situation.last_tile && situation.source == WinSource::SelfDrawn,
        seat_wind: EAST_WIND + situation.seat,
        round_wind: EAST_WIND + situation.round_wind,
        seat_round_wind_stack: ruleset.options.seat_round_wind_stack,
    };
    let limit = situation
        .limit_hand
        .and_then(|l| ruleset.pattern(l.pattern()).map(|v| (l.pattern(), v)));
    let composition = Composition::of(&tiles);
    // The most valuable pattern over all readings, then the highest total, then the row listed first: an
    // order that does not depend on the order readings come in.
    let preference = |fan: &Fan, rank: u8| (fan.pattern_fan, fan.total, Reverse(rank));
    let mut best: Option<(Fan, u8)> = None;
    for_each_reading(hand, &concealed, ruleset.shapes, |reading| {
        let found = patterns(hand, reading, &tiles, &composition);
        let chosen = found
            .iter()
            .filter_map(|p| ruleset.pattern(p).map(|v| (p, v)))
            .chain(limit)
            .max_by_key(|&(_, v)| (v.fan, Reverse(v.rank)));
        let Some((pattern, value)) = chosen else {
            return;
        };
        let times = extras(hand, reading, &facts);
        let candidate = total_fan(pattern, value, times, ruleset, situation);
        if best.is_none_or(|(b, rank)| preference(&candidate, value.rank) > preference(&b, rank)) {
            best = Some((candidate, value.rank));
        }
    });
    Ok(best.map(|(fan, _)| fan))
}

/// Adds the extras to an inside pattern, then applies the cap, the floor and the minimum.
fn total_fan(
    pattern: Pattern,
    value: PatternValue,
    mut times: [u8; Extra::COUNT],
    ruleset: &Ruleset,
    situation: &Situation,
) -> Fan {
    // Special patterns take no extras, and only the extras the table lists count.
    let mut extra_fan = 0u32;
    for (slot, &e) in times.iter_mut().zip(Extra::ALL) {
        match ruleset.extra(e) {
            Some(fan) if !value.special => extra_fan += *slot as u32 * fan as u32,
            _ => *slot = 0,
        }
    }
    let raw = (value.fan as u32 + extra_fan).min(u8::MAX as u32) as u8;
    let capped = !value.special && raw > ruleset.cap;
    let mut total = if capped { ruleset.cap } else { raw };
    let floor = ruleset.floor;
    let floored = total < floor.fan && situation.floor_events().any(|e| floor.applies_to(e));
    if floored {
        total = floor.fan;
    }
    let is_limit_hand = matches!(pattern, Pattern::TianHu | Pattern::DiHu | Pattern::RenHu);
    Fan {
        pattern,
        pattern_fan: value.fan,
        special: value.special,
        extras: times,
        raw,
        capped,
        floored,
        total,
        legal: is_limit_hand || total >= ruleset.minimum,
    }
}

/// Why a hand with wild tiles is refused: no Guangdong table plays with ghosts (鬼牌), and a wild tile
/// silently never winning would hide the mistake. Worded as the reference's.
fn no_wilds_message(wilds: u8, table: &str) -> String {
    format!("the hand holds {wilds} wild tile(s), and {table} has no wild tiles (鬼牌): score it without them")
}

/// A scorable hand holds 3n+1 concealed tiles (the winning tile apart) and no fifth copy of the winning tile;
/// `tiles` are all its tiles without the winning one.
fn check_waiting_hand(hand: &Hand, win: Tile, tiles: &Counts) -> Result<()> {
    match hand.validate()? {
        HandShape::Waiting { .. } => {}
        HandShape::Full { .. } => {
            return Err(EngineError::hand(
                "score takes the hand without its winning tile (3n+1 concealed tiles) and the winning tile apart",
            ))
        }
    }
    if tiles[win.index() as usize] >= COPIES {
        return Err(EngineError::hand(format!(
            "the winning tile {} would be a fifth copy",
            win.mpsz()
        )));
    }
    Ok(())
}

/// The tiles of a Guangdong hand (十二张落地 is all but one of them down).
const HAND: u8 = 13;

/// Who pays: the liable seat, if a liability of RULES.md §2.6 applies to this win.
pub fn liable_seat(hand: &Hand, ruleset: &Ruleset, situation: &Situation) -> Option<u8> {
    if !situation.pays_as_self_draw() {
        return None;
    }
    let rules = ruleset.liabilities;
    let seat = situation.seat;
    let feeder = |meld: &Meld| meld.from_offset.map(|o| (seat + o) % 4);
    let claimed: Vec<(usize, &Meld)> = hand
        .melds
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind.is_claimed())
        .collect();
    // Each trigger: (when it attached, as a meld index — the winning event comes last; who is liable). The
    // earliest wins; at equal times (the same meld) the lower seat, as in the reference.
    let mut triggers: Vec<(usize, u8)> = Vec::new();
    if rules.twelve_tiles && !situation.feeder_already_liable {
        // OC-14's count, the one the table records 包先不包后 by (`table::twelve_tiles`).
        if let Some(index) = twelve_tiles::trigger(&hand.melds, rules.twelve_tiles_count, HAND) {
            triggers.extend(feeder(&hand.melds[index]).map(|f| (index, f)));
        }
    }
    if rules.big_hand {
        for (pick, needed) in [(Tile::is_wind as fn(Tile) -> bool, 4), (Tile::is_dragon, 3)] {
            let honour_melds: Vec<_> = claimed.iter().filter(|(_, m)| pick(m.tile)).collect();
            if honour_melds.len() == needed {
                let (index, meld) = honour_melds[needed - 1];
                triggers.extend(feeder(meld).map(|f| (*index, f)));
            }
        }
    }
    let now = hand.melds.len();
    if rules.kong_bloom && situation.kong_bloom {
        triggers.extend(situation.kong_fed_by.map(|f| (now, f)));
    }
    if rules.robbing_kong && situation.source == WinSource::RobbedKong {
        triggers.extend(situation.discarder.map(|f| (now, f)));
    }
    triggers
        .into_iter()
        .filter(|&(_, f)| f != seat)
        .min()
        .map(|(_, f)| f)
}

/// The four seats' gains (+) and losses (−), zero-sum; `liable` (from `liable_seat`) pays all three shares.
pub fn payments(
    ruleset: &Ruleset,
    situation: &Situation,
    fan: &Fan,
    liable: Option<u8>,
) -> Result<[i64; 4]> {
    let seat = situation.seat;
    let discarder = match (situation.source, situation.discarder) {
        (WinSource::SelfDrawn, None) => None,
        (WinSource::SelfDrawn, Some(_)) => {
            return Err(EngineError::argument("a self-drawn win has no discarder"))
        }
        (_, Some(d)) if d < 4 && d != seat => Some(d),
        _ => {
            return Err(EngineError::argument(
                "a win on a discard or a robbed kong needs the discarder's seat (0..3, not the winner's)",
            ))
        }
    };
    if situation.limit_hand == Some(LimitHand::Human) && discarder != Some(DEALER) {
        return Err(EngineError::argument("人和 is won on the dealer's discard"));
    }
    if situation.kong_fed_by.is_some_and(|f| f >= 4 || f == seat) {
        return Err(EngineError::argument(
            "kong_fed_by must be another seat 0..3",
        ));
    }
    let options = &ruleset.options;
    // One loser's share, times the dealer factor when the dealer pays or collects it (OC-19).
    let share_of = |payer: u8| {
        let factor = if payer == DEALER || seat == DEALER {
            options.dealer_factor
        } else {
            1
        };
        (fan.points() * u64::from(factor)) as i64
    };
    // What the three others pay on a self-draw; a liable seat, or the discarder under 全铳 (OC-18), pays it all.
    let three_shares: i64 = (0..4u8).filter(|&s| s != seat).map(share_of).sum();
    let mut owed = [0i64; 4];
    let human_paid_by_all =
        situation.limit_hand == Some(LimitHand::Human) && !options.human_hand_paid_by_dealer;
    if let Some(liable) = liable {
        owed[liable as usize] = three_shares;
    } else if situation.pays_as_self_draw() || human_paid_by_all {
        for (s, o) in owed.iter_mut().enumerate() {
            if s as u8 != seat {
                *o = share_of(s as u8);
            }
        }
    } else if let Some(d) = discarder {
        owed[d as usize] = if options.discarder_pays_three {
            three_shares
        } else {
            share_of(d)
        };
    }
    let mut result = [0i64; 4];
    for (s, &o) in owed.iter().enumerate() {
        result[s] -= o;
        result[seat as usize] += o;
    }
    Ok(result)
}

/// A full score: the fan and the payments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub fan: Fan,
    pub liable: Option<u8>,
    pub payments: [i64; 4],
}

/// Scores a win; None when the hand does not win.
pub fn score(
    hand: &Hand,
    win: Tile,
    ruleset: &Ruleset,
    situation: &Situation,
) -> Result<Option<Score>> {
    let Some(fan) = fan(hand, win, ruleset, situation)? else {
        return Ok(None);
    };
    let liable = liable_seat(hand, ruleset, situation);
    let payments = payments(ruleset, situation, &fan, liable)?;
    Ok(Some(Score {
        fan,
        liable,
        payments,
    }))
}

/// One row of a batch: a concealed hand without melds, its winning tile and situation.
#[derive(Clone, Copy, Debug)]
pub struct BatchRow {
    pub concealed: Counts,
    /// Declared melds, empty slots last or anywhere (kind 0).
    pub melds: [MeldSlot; 4],
    pub win: u8,
    pub situation: Situation,
}

/// The total fan of every row (None where the row is not a win), on all cores. Errors name the row.
pub fn total_fan_batch(rows: &[BatchRow], ruleset: &Ruleset) -> Result<Vec<Option<u8>>> {
    total_fan_batch_from(rows, ruleset, 0)
}

/// As [`total_fan_batch`] for a block of a larger batch whose first row is row `first_row` (errors name the
/// row of the whole batch).
pub fn total_fan_batch_from(
    rows: &[BatchRow],
    ruleset: &Ruleset,
    first_row: usize,
) -> Result<Vec<Option<u8>>> {
    rows.par_iter()
        .enumerate()
        .map(|(i, row)| {
            let i = first_row + i;
            let win = Tile::new(row.win).ok_or_else(|| {
                EngineError::tile(format!("row {i}: winning tile {} is not 0..33", row.win))
            })?;
            let hand = MeldSlot::melds(&row.melds).map(|melds| Hand {
                melds,
                ..Hand::from_counts(row.concealed)
            });
            hand.and_then(|hand| fan(&hand, win, ruleset, &row.situation))
                .map(|f| f.map(|f| f.total))
                .map_err(|e| EngineError::argument(format!("row {i}: {e}")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;
    use crate::rules::guangdong::ruleset::{Liabilities, Options, RulesetSpec};
    use crate::rules::reading::Shapes;

    /// A CGC-like table: cap 5, minimum 1.
    fn table() -> Ruleset {
        let patterns = [
            ("ji_hu", 0, false),
            ("ping_hu", 1, false),
            ("qing_yi_se", 5, false),
            ("da_san_yuan", 9, true),
        ];
        Ruleset::new(&RulesetSpec {
            name: "test",
            cap: 5,
            minimum: 1,
            shapes: Shapes::default(),
            patterns: &patterns,
            extras: &[("zi_mo", 1), ("men_qing", 1), ("san_yuan", 1)],
            floor_fan: 0,
            floor_events: &[],
            liabilities: Liabilities {
                robbing_kong: true,
                ..Liabilities::default()
            },
            options: Options {
                robbing_kong_is_self_draw: true,
                seat_round_wind_stack: true,
                human_hand_paid_by_dealer: true,
                discarder_pays_three: false,
                dealer_factor: 1,
                winning_hand: Default::default(),
            },
        })
        .expect("valid table")
    }

    fn tile(text: &str) -> Tile {
        crate::notation::parse_tile(text).expect("test tile")
    }

    #[test]
    fn pattern_extras_cap_and_payments() {
        let hand = parse_hand("123m456m789m23m55m").expect("test hand");
        let drawn = Situation::new(1, 0, WinSource::SelfDrawn, None);
        let result = score(&hand, tile("4m"), &table(), &drawn)
            .expect("valid")
            .expect("a win");
        assert_eq!(result.fan.pattern, Pattern::QingYiSe);
        assert_eq!(
            (result.fan.raw, result.fan.capped, result.fan.total),
            (7, true, 5)
        );
        assert_eq!(result.payments, [-32, 96, -32, -32]);
    }

    #[test]
    fn special_hands_take_no_extras_and_robbing_is_liable() {
        let hand = parse_hand("555z23m88s[777z][666z]").expect("test hand");
        let robbed = Situation::new(1, 0, WinSource::RobbedKong, Some(3));
        let result = score(&hand, tile("4m"), &table(), &robbed)
            .expect("valid")
            .expect("a win");
        assert_eq!(
            (result.fan.total, result.fan.extras),
            (9, [0; Extra::COUNT])
        );
        assert_eq!(
            (result.liable, result.payments),
            (Some(3), [0, 1536, 0, -1536])
        );
    }

    #[test]
    fn the_discarder_pays_three_shares_and_the_dealer_double_when_chosen() {
        // 123m456m789p234s99s: 平胡 1 + 门清 1 = 2 fan, a share of 4 (self-drawn: + 自摸 = 3 fan, 8).
        let hand = parse_hand("123m456m78p234s99s").expect("test hand");
        let paid = |discarder_pays_three: bool, dealer_factor: u8, situation: Situation| {
            let mut rules = table();
            rules.options.discarder_pays_three = discarder_pays_three;
            rules.options.dealer_factor = dealer_factor;
            let scored = score(&hand, tile("9p"), &rules, &situation).expect("valid");
            scored.expect("a win").payments
        };
        let from = |discarder: u8| Situation::new(1, 0, WinSource::Discard, Some(discarder));
        let drawn = Situation::new(1, 0, WinSource::SelfDrawn, None);
        // OC-18: the discarder pays one share, or 全铳 the three shares of a self-draw.
        assert_eq!(paid(false, 1, from(2)), [0, 4, -4, 0]);
        assert_eq!(paid(true, 1, from(2)), [0, 12, -12, 0]);
        // OC-19: the dealer (seat 0) pays or collects double.
        assert_eq!(paid(false, 2, from(0)), [-8, 8, 0, 0]);
        assert_eq!(paid(false, 2, from(2)), [0, 4, -4, 0]);
        assert_eq!(paid(false, 2, drawn), [-16, 32, -8, -8]);
        // Both: the discarding dealer pays its own double share and the two others' single ones.
        assert_eq!(paid(true, 2, from(0)), [-16, 16, 0, 0]);
        let dealer_wins = Situation::new(0, 0, WinSource::Discard, Some(3));
        assert_eq!(paid(true, 2, dealer_wins), [24, 0, 0, -24]);
    }

    #[test]
    fn not_a_win_and_bad_input() {
        let hand = parse_hand("123m456m78p234s99s").expect("test hand");
        let discard = Situation::new(1, 0, WinSource::Discard, Some(0));
        assert_eq!(score(&hand, tile("1p"), &table(), &discard), Ok(None));
        let full = parse_hand("123m456m78p234s99s6p").expect("test hand");
        assert!(score(&full, tile("9p"), &table(), &discard).is_err());
        let no_discarder = Situation::new(1, 0, WinSource::Discard, None);
        assert!(score(&hand, tile("9p"), &table(), &no_discarder).is_err());
        let bloom_on_discard = Situation {
            kong_bloom: true,
            ..discard
        };
        assert!(fan(&hand, tile("9p"), &table(), &bloom_on_discard).is_err());
    }

    #[test]
    fn wild_tiles_are_refused_not_a_silent_loss() {
        // with the 9s the wild stands for, this hand wins on 9p
        let wild = parse_hand("123m456m78p234s9s*").expect("test hand");
        let discard = Situation::new(1, 0, WinSource::Discard, Some(0));
        let refused = score(&wild, tile("9p"), &table(), &discard);
        assert!(matches!(
            refused,
            Err(EngineError::InvalidHand { ref message }) if message.contains("1 wild tile(s), and test has no wild")
        ));
    }
}

//! One folk win scored and settled: the checks, the rows, and the money per seat by kind (each zero-sum).
//! 789 (§5, OC-37, OC-38): the hand (hand_stake × the ladder multiple, from each payer), the winner's flowers
//! from each other seat, every kong from each other seat, and the mirror horses: a buyer shadows the seat
//! its horse picks in the hand's payments. 老章 (§6): base × 2^fan per payer, the dealer's payments × the
//! dealer factor.

use super::ladder::{ladder, Shown};
use super::laozhang::rows;
use super::points::Arithmetic;
use super::ruleset::{Family, FolkRules, GD789_HANDS, LAOZHANG_FANS};
use crate::error::{EngineError, Result};
use crate::hand::{Hand, MeldKind};
use crate::rules::reading::{for_each_reading, Shapes};
use crate::rules::regional::{check_hand, pay, tile_name, Money};
use crate::tile::{COPIES, NUM_KINDS};

/// Flower codes start here (`FLOWER_BASE + n - 1` for flower nf), as in `mjcore.tdh.names`.
pub const FLOWER_BASE: u8 = 34;

/// How the hand was won. `discarder` is None on a self-draw; `other_kongs` the owners of the other seats'
/// kongs; `horses` (buyer, tile code) bets (789 only).
#[derive(Clone, Debug, Default)]
pub struct FolkWin {
    pub seat: u8,
    pub dealer: u8,
    pub discarder: Option<u8>,
    pub other_kongs: Vec<u8>,
    pub horses: Vec<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolkScore {
    /// (row key, count, value).
    pub entries: Vec<(&'static str, u8, i64)>,
    pub total: i64,
    pub share: i64,
    /// 789: win, flowers, kongs, horses; 老章: win.
    pub money: Vec<Money>,
}

/// The seat a horse picks (§5): the dealer is 1, counting on in turn order to the tile's number; honours
/// count 东1 … 中7, flower nf counts n (OC-789-2).
pub fn horse_seat(tile: u8, dealer: u8) -> u8 {
    let number = if tile >= FLOWER_BASE {
        tile - FLOWER_BASE + 1
    } else if tile >= 27 {
        tile - 26
    } else {
        tile % 9 + 1
    };
    (dealer + number - 1) % 4
}

/// (payer, amount) of the hand: the three on a self-draw or under "all", else the discarder; the dealer's
/// payments (or all, when the dealer wins) × `factor`.
fn hand_payments(win: &FolkWin, all_pay: bool, share: i64, factor: i64) -> Payments {
    let dealer_in = |p: u8| win.seat == win.dealer || p == win.dealer;
    let mut paid = Payments::default();
    for payer in (0..4).filter(|&s| s != win.seat) {
        if all_pay || win.discarder.is_none_or(|d| d == payer) {
            let amount = if dealer_in(payer) {
                share * factor
            } else {
                share
            };
            paid.rows[paid.len] = (payer, amount);
            paid.len += 1;
        }
    }
    paid
}

/// Up to three (payer, amount) rows, on the stack.
#[derive(Clone, Copy, Default)]
struct Payments {
    rows: [(u8, i64); 3],
    len: usize,
}

impl Payments {
    fn rows(&self) -> &[(u8, i64)] {
        &self.rows[..self.len]
    }
}

fn money_of(winner: u8, payments: &[(u8, i64)]) -> Money {
    let mut money = [0; 4];
    for &(payer, amount) in payments {
        pay(&mut money, winner as usize, payer as usize, amount);
    }
    money
}

fn check_win(win: &FolkWin) -> Result<()> {
    if win.seat > 3 || win.dealer > 3 || win.discarder.is_some_and(|d| d > 3) {
        return Err(EngineError::argument("seats are 0..3"));
    }
    if win.discarder == Some(win.seat) {
        return Err(EngineError::argument(
            "the discarder must be another seat than the winner's",
        ));
    }
    if win.other_kongs.iter().any(|&s| s > 3 || s == win.seat) {
        return Err(EngineError::argument(
            "other_kongs: owners are the other seats 0..3",
        ));
    }
    for seat in 0..4 {
        if win.other_kongs.iter().filter(|&&s| s == seat).count() > 4 {
            return Err(EngineError::argument(format!(
                "other_kongs: seat {seat} cannot hold more than four kongs"
            )));
        }
    }
    Ok(())
}

/// Scores one folk win; None when the tiles do not win.
pub fn score(
    hand: &Hand,
    win_tile: u8,
    win: &FolkWin,
    rules: &FolkRules,
) -> Result<Option<FolkScore>> {
    check_win(win)?;
    let gd789 = rules.family == Family::Gd789;
    if win_tile as usize >= NUM_KINDS {
        return Err(EngineError::argument(
            "the winning tile cannot be a flower (a drawn flower is replaced)",
        ));
    }
    let win_kind = win_tile as usize;
    if !gd789 && (hand.flowers != 0 || !win.horses.is_empty() || !win.other_kongs.is_empty()) {
        return Err(EngineError::hand(
            "老章 is played with 136 tiles: no flowers",
        ));
    }
    let tiles = check_hand(hand, win_kind, "folk", 13, false, false)?;
    if gd789 && hand.melds.iter().any(|m| m.kind == MeldKind::Chi) {
        return Err(EngineError::hand(
            "the 789 table has no chi (OC-35): a chow cannot be melded",
        ));
    }
    let mut seen = tiles;
    let mut flowers = hand.flowers;
    for &(buyer, tile) in &win.horses {
        if buyer > 3 {
            return Err(EngineError::argument("horses: a buyer is a seat 0..3"));
        }
        if rules.horse_buyers & (1 << buyer) == 0 {
            return Err(EngineError::argument(format!(
                "horses: seat {buyer} buys no horse (options.horse_buyers)"
            )));
        }
        if tile >= FLOWER_BASE + 8 {
            return Err(EngineError::tile(format!(
                "horses: tile code {tile} is not a tile"
            )));
        }
        if tile >= FLOWER_BASE {
            let bit = 1 << (tile - FLOWER_BASE);
            if flowers & bit != 0 {
                return Err(EngineError::hand(format!(
                    "horses: flower {}f is already held or drawn",
                    tile - FLOWER_BASE + 1
                )));
            }
            flowers |= bit;
        } else {
            seen[tile as usize] += 1;
            if seen[tile as usize] > COPIES {
                return Err(EngineError::hand(format!(
                    "horses: tile {} would be a fifth copy",
                    tile_name(tile as usize)
                )));
            }
        }
    }
    let mut concealed = hand.concealed;
    concealed[win_kind] += 1;
    let shapes = Shapes {
        thirteen_orphans: gd789,
        ..Shapes::default()
    };
    if gd789 {
        let mut shown = Shown::default();
        for_each_reading(hand, &concealed, shapes, |r| shown.add(r));
        return Ok(shown
            .any
            .then(|| score_789(hand, &tiles, shown, win, rules)));
    }
    // 老章: the reading worth most, ties to the larger row mask (as the reference). Counting points first, a
    // reading's worth is its share (its points × 2^fan), then its fan and its mask.
    let self_drawn = win.discarder.is_none();
    let counts_points = rules.arithmetic == Arithmetic::PointsThenFan;
    let mut best: Option<(i64, i64, u32, i64)> = None;
    for_each_reading(hand, &concealed, shapes, |r| {
        let mask = rows(hand, &tiles, r, self_drawn);
        let fan = fan_of(mask, rules);
        let (worth, points) = if counts_points {
            let points = rules.points.of_win(hand, r);
            (points << capped(fan, rules), points)
        } else {
            (0, 0)
        };
        best = best.max(Some((worth, fan, mask, points)));
    });
    Ok(best.map(|(_, fan, mask, points)| score_laozhang(fan, mask, points, win, rules)))
}

/// The fan paid: `fan`, at most the cap when there is one.
fn capped(fan: i64, rules: &FolkRules) -> i64 {
    if rules.cap > 0 {
        fan.min(rules.cap)
    } else {
        fan
    }
}

fn score_789(
    hand: &Hand,
    tiles: &crate::tile::Counts,
    shown: Shown,
    win: &FolkWin,
    rules: &FolkRules,
) -> FolkScore {
    let row = ladder(tiles, shown, rules.da_ge);
    let multiple = rules.values[row];
    let share = rules.stake * multiple;
    let paid = hand_payments(win, rules.all_pay_discard, share, 1);
    let hand_money = money_of(win.seat, paid.rows());
    let flower_count = hand.flowers.count_ones() as i64;
    let mut flower_money = [0; 4];
    for payer in (0..4).filter(|&s| s != win.seat) {
        pay(
            &mut flower_money,
            win.seat as usize,
            payer as usize,
            rules.flower_stake * flower_count,
        );
    }
    let own_kongs = hand.melds.iter().filter(|m| m.kind.is_kong()).count();
    let mut kongs = [0; 4];
    let owners = std::iter::repeat_n(win.seat, own_kongs).chain(win.other_kongs.iter().copied());
    for owner in owners {
        for payer in (0..4).filter(|&p| p != owner) {
            pay(&mut kongs, owner as usize, payer as usize, rules.kong_stake);
        }
    }
    // What a horse mirrors: the hand's payments, and with `horse_mirrors = "hand_and_flowers"` the winner's
    // flower money too (each other seat's flower payment to the winner).
    let flower_rows = (0..4u8)
        .filter(|&p| p != win.seat)
        .map(|p| (p, rules.flower_stake * flower_count))
        .filter(|_| rules.horses_mirror_flowers && flower_count > 0);
    let mut horses = [0; 4];
    for &(buyer, tile) in &win.horses {
        let picked = horse_seat(tile, win.dealer);
        for (payer, amount) in paid.rows().iter().copied().chain(flower_rows.clone()) {
            if picked == win.seat {
                pay(&mut horses, buyer as usize, payer as usize, amount);
            } else if picked == payer {
                pay(&mut horses, win.seat as usize, buyer as usize, amount);
            }
        }
    }
    let mut entries = vec![(GD789_HANDS[row], 1, multiple)];
    if flower_count > 0 {
        entries.push((
            "flowers",
            flower_count as u8,
            flower_count * rules.flower_stake,
        ));
    }
    if own_kongs > 0 {
        entries.push((
            "kongs",
            own_kongs as u8,
            own_kongs as i64 * rules.kong_stake,
        ));
    }
    FolkScore {
        entries,
        total: multiple,
        share,
        money: vec![hand_money, flower_money, kongs, horses],
    }
}

fn fan_of(mask: u32, rules: &FolkRules) -> i64 {
    (0..LAOZHANG_FANS.len())
        .filter(|&b| mask & (1 << b) != 0)
        .map(|b| rules.values[b])
        .sum()
}

/// A 老章 win's score: `points` counts only under `points_then_fan` (its "points" entry), the share being
/// base × points × 2^fan there and base × 2^fan by doubling.
fn score_laozhang(fan: i64, mask: u32, points: i64, win: &FolkWin, rules: &FolkRules) -> FolkScore {
    let fan = capped(fan, rules);
    let counts_points = rules.arithmetic == Arithmetic::PointsThenFan;
    let share = if counts_points {
        (rules.stake * points) << fan
    } else {
        rules.stake << fan
    };
    let paid = hand_payments(win, rules.all_pay_discard, share, rules.dealer_factor);
    let mut entries: Vec<_> = (0..LAOZHANG_FANS.len())
        .filter(|&b| mask & (1 << b) != 0)
        .map(|b| (LAOZHANG_FANS[b], 1, rules.values[b]))
        .collect();
    if counts_points {
        entries.push(("points", 1, points));
    }
    FolkScore {
        entries,
        total: fan,
        share,
        money: vec![money_of(win.seat, paid.rows())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;

    fn rules_789() -> FolkRules {
        FolkRules::new("gd-789", "gd789", &[1, 2, 4, 8, 16], &[1, 2, 3, 0, 0, 0, 0]).unwrap()
    }

    #[test]
    fn horses_count_from_the_dealer() {
        assert_eq!(horse_seat(0, 0), 0); // 1m: the dealer
        assert_eq!(horse_seat(13, 0), 0); // 5p = 1 + 4: the dealer again
        assert_eq!(horse_seat(14, 0), 1); // 6p = 2 + 4
        assert_eq!(horse_seat(26, 2), 2); // 9s = 1 + 8, dealer 2
        assert_eq!(horse_seat(33, 1), 3); // 中 = 7
        assert_eq!(horse_seat(FLOWER_BASE + 7, 2), 1); // 8f
    }

    #[test]
    fn a_chicken_hand_paid_by_the_discarder_with_a_mirrored_horse() {
        let hand = parse_hand("123m456p789s111z5s").unwrap();
        let win = FolkWin {
            seat: 2,
            dealer: 0,
            discarder: Some(1),
            other_kongs: vec![],
            horses: vec![(0, 2)],
        };
        let result = score(&hand, 22, &win, &rules_789()).unwrap().unwrap();
        assert_eq!(result.entries, vec![("ji_hu", 1, 1)]);
        assert_eq!(result.money[0], [0, -3, 3, 0]);
        assert_eq!(result.money[3], [3, -3, 0, 0]);
    }

    #[test]
    fn refusals() {
        assert!(FolkRules::new("x", "gd789", &[1, 2, 4, 8, 16], &[1, 2, 3, 0, 0, 1, 0]).is_err());
        let hand = parse_hand("123m456p789s111z5s").unwrap();
        let bad = FolkWin {
            seat: 2,
            discarder: Some(2),
            ..FolkWin::default()
        };
        assert!(score(&hand, 22, &bad, &rules_789()).is_err());
    }
}

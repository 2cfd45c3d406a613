//! The Sichuan family at the table (血战到底, or 血流成河: winners stay in, locked or free — `TableRules::winners_stay`,
//! played by the deal's `winners_stay` module; the end checks then look at the seats that never won): a hand wins when `score` finds it a win of at most two suits
//! reaching the 起胡 minimum (the deal itself keeps a hand holding its declared void suit from winning, 定缺),
//! worth the fan it is paid on; and the whole deal is settled once it ends by the one `settle` of a deal's
//! money — the log read back into its kongs and wins (who was still in, 杠上炮 and 呼叫转移), the seats still
//! in at a 流局 checked (退税, 查花猪, 查大叫). Nothing is settled twice: `judge` only decides and prices the
//! win the table asks about, `settle_deal` pays.

use super::fan::Fan;
use super::ruleset::{NextDealer, SichuanTable};
use super::scorer::score;
use super::settlement::{
    settle, EndHand, Event as MoneyEvent, KongKind, WinHow, FLOWER_PIG, KONG, READY_CHECK, REFUND,
    TRANSFER, WIN,
};
use super::situation::SichuanSituation;
use crate::error::{EngineError, Result};
use crate::forms::FormSet;
use crate::hand::{Hand, Meld, MeldKind};
use crate::table::adjudicator::{Adjudicator, FirstGoAround, WinSituation};
use crate::table::deal_money::{DealMoney, FinishedDeal};
use crate::table::log::Event;
use crate::table::table_rules::{DealerStays, TableRules};
use crate::table::types::WinInfo;
use crate::table::Action;
use crate::tile::{Counts, NUM_KINDS};

/// Four sets and a pair, or seven pairs (four alike count as two).
const WINNING_FORMS: FormSet = FormSet::STANDARD.union(FormSet::SEVEN_PAIRS);

/// Every seat, as `still_in` bits: `judge` prices a win as if all were in; `settle_deal` pays it exactly.
const ALL_SEATS: u8 = 0b1111;

#[derive(Clone, Debug)]
pub struct SichuanAtTable {
    table: SichuanTable,
    rules: TableRules,
}

impl SichuanAtTable {
    /// The ruleset at the table its file's table sections describe, its own table options (定缺, 换三张,
    /// 血流成河, 回头杠, OC-S7's first go-around, OC-S21, OC-S22) set on the table rules.
    pub fn new(table: SichuanTable, rules: TableRules) -> Result<SichuanAtTable> {
        if !rules.settlement.is("sichuan") {
            return Err(EngineError::ruleset(
                "settlement.kind: a Sichuan table settles as \"sichuan\"",
            ));
        }
        let rules = TableRules {
            void_suit: table.void_suit,
            must_discard_void: table.void_suit && table.must_discard_void,
            swap_tiles: table.swap_tiles,
            winners_stay: table.xueliu,
            winners_locked: table.locked_after_win,
            returned_kongs: !table.returned_kong_pays,
            heavenly_after_kong: table.heavenly_after_kong,
            kong_on_empty_wall: table.kong_on_empty_wall,
            resume_after_discarder: table.resume_after_discarder,
            // OC-S16 is the family's own option: it settles who deals next, whatever `end.dealer_stays` says.
            dealer_stays: match table.next_dealer {
                NextDealer::FirstWinner => DealerStays::FirstWin,
                NextDealer::Rotate => DealerStays::Never,
                NextDealer::LastWinner => DealerStays::LastWinner,
            },
            ..rules
        };
        Ok(SichuanAtTable { table, rules })
    }

    pub fn table(&self) -> &SichuanTable {
        &self.table
    }
}

/// The suits (bits) of a hand: its concealed tiles and its melds.
fn suits_of(concealed: &Counts, melds: &[Meld]) -> u8 {
    let mut suits = 0;
    for suit in 0..3 {
        if concealed[9 * suit..9 * suit + 9].iter().any(|&c| c > 0) {
            suits |= 1 << suit;
        }
    }
    for meld in melds {
        suits |= 1 << (meld.tile.index() / 9).min(3);
    }
    suits
}

impl Adjudicator for SichuanAtTable {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
    ) -> Result<Option<WinInfo>> {
        // 缺一门 on the hand's content (the declared void is the deal's screen).
        if suits_of(concealed, melds).count_ones() > 2 {
            return Ok(None);
        }
        let hand = s.scored_hand(concealed, melds, false);
        let self_drawn = s.from.is_none();
        let kong_bloom = s.kong_replacement && self_drawn;
        let situation = SichuanSituation {
            seat: s.winner,
            void: None,
            self_drawn,
            robbing_kong: s.robbing_kong,
            kong_bloom,
            kong_discard: s.kong_discard,
            last_tile: s.last_tile,
            heavenly: s.first_go_around == Some(FirstGoAround::Heavenly),
            // OC-S7: 地胡 on a non-dealer's first self-draw, or on the dealer's first discard (人和's moment).
            earthly: s.first_go_around
                == Some(if self.table.earthly_on_first_discard {
                    FirstGoAround::Human
                } else {
                    FirstGoAround::Earthly
                }),
            discarder: s.from,
            // 点杠花 is a bloom right after a 直杠 (OC-S9): a chain's feeder (OC-48, Guangdong) is not named
            // when the last kong was another kind.
            kong_fed_by: s
                .kong_feeder
                .filter(|_| kong_bloom && melds.last().is_some_and(|m| m.kind == MeldKind::Kong)),
            dealer: s.dealer,
            still_in: ALL_SEATS,
            kong_money: 0,
            winners_on_discard: s.winners_on_discard.clamp(1, 3),
        };
        let Some(scored) = score(&hand, s.tile, &situation, &self.table)? else {
            return Ok(None);
        };
        if !scored.meets_minimum {
            return Ok(None);
        }
        // The pattern is the hand's shape (the exclusive rows first in the fan table), or the fixed hand.
        let shape = [
            Fan::TianHu,
            Fan::DiHu,
            Fan::LongQiDui,
            Fan::JiangDui,
            Fan::DaiYaoJiu,
            Fan::QiDui,
            Fan::DuiDuiHu,
            Fan::PingHu,
        ]
        .into_iter()
        .find(|&fan| scored.fans.counts[fan as usize] > 0);
        Ok(Some(WinInfo {
            fan: u32::from(scored.counted),
            pattern: shape.map(|fan| fan as u8),
            payments: scored.win,
            liable: None,
            // Every 番 row the win scored (根 among them), in the rows' order (`Fan`).
            rows: (scored.fans.counts.iter().enumerate())
                .filter(|(_, &count)| count > 0)
                .fold(0, |rows, (row, _)| rows | 1 << row),
            // The summary's count per win: the hand's 根 (its vocabulary names it).
            count: scored.fans.counts[Fan::Gen as usize],
            flower_money: [0; 4],
        }))
    }

    /// The winning forms: the cheap screen before `score`.
    fn winning_forms(&self) -> Option<FormSet> {
        Some(WINNING_FORMS)
    }

    fn table_rules(&self) -> TableRules {
        self.rules
    }

    fn settle_deal(&self, deal: &FinishedDeal<'_>) -> Result<Option<DealMoney>> {
        let read = read_log(deal, &self.table)?;
        let mut ends = Vec::new();
        // The seats still in, at a 流局 (or, under OC-S23's option, the fourth once three have won).
        if deal.wall_exhausted || self.table.check_fourth {
            for seat in (0..4u8).filter(|s| read.won & (1 << s) == 0) {
                let hand = &deal.hands[usize::from(seat)];
                let mut concealed = *hand.concealed;
                let size: usize =
                    concealed.iter().map(|&c| usize::from(c)).sum::<usize>() + 3 * hand.melds.len();
                if let Some(robbed) = deal.winners.last().filter(|_| size == 14) {
                    // A robbed konger still holds the tile the last win took from it.
                    let slot = &mut concealed[robbed.tile.index() as usize];
                    *slot = slot.saturating_sub(1);
                }
                ends.push(EndHand {
                    seat,
                    hand: Hand {
                        concealed,
                        melds: hand.melds.to_vec(),
                        wilds: 0,
                        flowers: 0,
                    },
                    void: hand.void,
                    void_discards: read.only_void_discards[usize::from(seat)],
                    visible: (!self.table.dead_wait_counts).then(|| visible_to(deal, seat)),
                });
            }
        }
        let settled = settle(&read.events, &ends, deal.wall_exhausted, &self.table)?;
        let mut events = [0i64; 4];
        for (_, money) in settled.money.iter().enumerate().filter(|(r, _)| *r != WIN) {
            for (total, paid) in events.iter_mut().zip(money) {
                *total += paid;
            }
        }
        Ok(Some(DealMoney {
            wins: settled.wins,
            events,
            // 刮风下雨: what the kongs paid when declared (退税 and 呼叫转移 are their own rows).
            kong: settled.money[KONG],
            side: [TRANSFER, REFUND, FLOWER_PIG, READY_CHECK].map(|row| settled.money[row]),
        }))
    }
}

/// A deal's money events read back from its log.
struct ReadLog {
    events: Vec<MoneyEvent>,
    won: u8,
    /// 全程打缺: every discard of the seat was of its void suit.
    only_void_discards: [bool; 4],
}

/// The kongs (a 回头杠 as its log line marks it) and wins of the log, in order: consecutive win lines are one
/// winning tile (一炮多响). A discard
/// right after its discarder's kong replacement is 杠上炮; a self-draw on the replacement of a 直杠 is 点杠花
/// (paid by the feeder under 当点炮).
fn read_log(deal: &FinishedDeal<'_>, table: &SichuanTable) -> Result<ReadLog> {
    let mut events = Vec::new();
    let mut won = 0u8;
    // Per seat: the feeder of the 直杠 its last kong was (Some(None): another kong), while its replacement
    // is pending or in hand; and whether its last draw was a kong replacement.
    let mut last_kong: [Option<Option<u8>>; 4] = [None; 4];
    let mut on_replacement = [false; 4];
    let mut discard_after_kong = false;
    let mut only_void = [true; 4];
    let mut previous_was_win = false;
    for event in deal.events {
        let mut is_win = false;
        match *event {
            Event::Meld {
                seat,
                meld,
                from,
                returned,
            } if meld.kind.is_kong() => {
                let s = usize::from(seat);
                let (kind, feeder) = match meld.kind {
                    MeldKind::Kong => (KongKind::Direct, from),
                    MeldKind::AddedKong => (KongKind::Added, None),
                    _ => (KongKind::Concealed, None),
                };
                last_kong[s] = Some(feeder.filter(|_| kind == KongKind::Direct));
                events.push(MoneyEvent::Kong {
                    seat,
                    kind,
                    feeder,
                    returned,
                });
            }
            Event::Draw {
                seat, replacement, ..
            } => {
                let s = usize::from(seat);
                on_replacement[s] = replacement && last_kong[s].is_some();
                if !on_replacement[s] {
                    last_kong[s] = None;
                }
            }
            Event::Act {
                seat,
                action: Action::Discard(tile),
            } => {
                let s = usize::from(seat);
                discard_after_kong = on_replacement[s];
                on_replacement[s] = false;
                last_kong[s] = None;
                let void = deal.hands[s].void;
                only_void[s] &= void.is_some_and(|v| tile.index() / 9 == v);
            }
            Event::Win {
                seat,
                from,
                robbing_kong,
                fan,
                ..
            } => {
                is_win = true;
                won |= 1 << seat;
                let fan = u16::try_from(fan).unwrap_or(u16::MAX);
                let s = usize::from(seat);
                let fed = last_kong[s].flatten().filter(|_| on_replacement[s]);
                let (how, discarder, kong_discard) = match from {
                    None if table.fed_bloom_as_discard && fed.is_some() => {
                        (WinHow::FedKongBloom, fed, false)
                    }
                    None => (WinHow::SelfDrawn, None, false),
                    Some(_) if robbing_kong => (WinHow::RobbingKong, from, false),
                    Some(_) => (WinHow::Discard, from, discard_after_kong),
                };
                match events.last_mut() {
                    Some(MoneyEvent::Win { winners, .. }) if previous_was_win => {
                        winners.push((seat, fan))
                    }
                    _ => events.push(MoneyEvent::Win {
                        winners: vec![(seat, fan)],
                        how,
                        discarder,
                        kong_discard,
                    }),
                }
            }
            _ => {}
        }
        previous_was_win = is_win;
    }
    Ok(ReadLog {
        events,
        won,
        only_void_discards: only_void,
    })
}

/// The tiles `seat` sees outside its hand: every discard on the table and every seat's melds (死叫).
fn visible_to(deal: &FinishedDeal<'_>, seat: u8) -> Counts {
    let mut seen = [0u8; NUM_KINDS];
    for (other, hand) in deal.hands.iter().enumerate() {
        for tile in hand.discards {
            seen[tile.index() as usize] += 1;
        }
        if other != usize::from(seat) {
            for meld in hand.melds {
                meld.add_tiles(&mut seen);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{EfficiencyBot, RandomBot};
    use crate::rules::sichuan::ruleset::tests::default_table;
    use crate::table::table_rules::{MissedWin, ADDED_KONG};
    use crate::table::{play_deal, Deal, Policy};
    use crate::tile::{Tile, COPIES};

    /// The table sections of `rulesets/sichuan.toml`.
    pub(crate) fn sichuan_table() -> SichuanAtTable {
        let rules = TableRules {
            kinds: (1 << 27) - 1,
            chi: crate::table::table_rules::Chi::None,
            robbable_kongs: ADDED_KONG,
            missed_win: MissedWin::HigherFan,
            winners_to_end: 3,
            settlement: crate::table::table_rules::Settlement::named("sichuan").unwrap(),
            ..TableRules::default()
        };
        SichuanAtTable::new(default_table(), rules).expect("the shipped table")
    }

    fn bots(efficiency: bool) -> Vec<Box<dyn Policy>> {
        (0..4)
            .map(|_| -> Box<dyn Policy> {
                if efficiency {
                    Box::new(EfficiencyBot::default())
                } else {
                    Box::new(RandomBot::default())
                }
            })
            .collect()
    }

    #[test]
    fn deals_keep_every_tile_pay_zero_sum_and_end_by_three_winners_or_the_wall() {
        let rules = sichuan_table();
        for efficiency in [false, true] {
            let (mut three, mut checked) = (0, 0);
            for index in 0..150 {
                let mut deal = Deal::new(21, index, (index % 4) as u8, 0, &rules).expect("a deal");
                play_deal(&mut deal, &mut bots(efficiency), &rules).expect("played");
                deal.check_invariants().expect("invariants hold");
                let outcome = deal.outcome().expect("over");
                assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
                let seats: Vec<u8> = outcome.winners.iter().map(|w| w.seat).collect();
                assert!(seats.len() <= 3);
                assert!((0..4).all(|s| seats.iter().filter(|&&w| w == s).count() <= 1));
                for winner in &outcome.winners {
                    let state = &deal.seats[usize::from(winner.seat)];
                    let void = state.void.expect("named") as usize;
                    assert!(state.concealed[9 * void..9 * void + 9]
                        .iter()
                        .all(|&c| c == 0));
                    assert!(state
                        .melds
                        .iter()
                        .all(|m| m.tile.index() as usize / 9 != void));
                }
                if seats.len() == 3 {
                    three += 1;
                } else {
                    assert_eq!(
                        deal.wall_remaining(),
                        0,
                        "only the wall ends a deal short of three"
                    );
                    checked += usize::from(outcome.event_payments != [0; 4]);
                }
            }
            assert!(checked > 0, "some 流局 pay at the end checks");
            assert!(
                three > 0 || !efficiency,
                "efficiency bots reach three winners"
            );
        }
    }

    #[test]
    fn kong_money_is_the_deals_kong_money() {
        // 刮风下雨 pays at once: a deal with a kong reports kong money (zero-sum, inside the payments), a deal
        // without one none — the whole-deal settlement must not leave the column at zero.
        let rules = sichuan_table();
        let mut with_kongs = 0;
        for index in 0..120 {
            let mut deal = Deal::new(4, index, (index % 4) as u8, 0, &rules).expect("a deal");
            play_deal(&mut deal, &mut bots(false), &rules).expect("played");
            let kongs = deal
                .events()
                .iter()
                .filter(|e| matches!(e, Event::Meld { meld, .. } if meld.kind.is_kong()))
                .count();
            let outcome = deal.outcome().expect("over");
            assert_eq!(outcome.kong_money.iter().sum::<i64>(), 0);
            assert_eq!(outcome.kong_money != [0; 4], kongs > 0, "deal {index}");
            with_kongs += usize::from(kongs > 0);
        }
        assert!(with_kongs > 0, "random bots declare kongs");
    }

    #[test]
    fn the_fourth_seat_is_checked_under_oc_s23s_option() {
        let mut rules = sichuan_table();
        rules.table.check_fourth = true;
        let mut checked = 0;
        for index in 0..80 {
            let mut deal = Deal::new(2, index, 0, 0, &rules).expect("a deal");
            play_deal(&mut deal, &mut bots(true), &rules).expect("played");
            let outcome = deal.outcome().expect("over");
            assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
            checked += usize::from(outcome.winners.len() == 3);
        }
        assert!(
            checked > 0,
            "some deals reach three winners and check the fourth"
        );
    }

    #[test]
    fn every_seat_names_a_void_before_the_first_discard() {
        let rules = sichuan_table();
        let mut deal = Deal::new(3, 1, 2, 0, &rules).expect("a deal");
        for offset in 0..4 {
            assert_eq!(deal.to_act(), Some((2 + offset) % 4));
            assert_eq!(
                deal.legal_actions(),
                [Action::Void(0), Action::Void(1), Action::Void(2)]
            );
            deal.step(Action::Void(offset % 3), &rules).expect("named");
        }
        assert_eq!(deal.to_act(), Some(2));
        assert!(deal
            .legal_actions()
            .iter()
            .all(|a| !matches!(a, Action::Void(_))));
    }

    /// The table with 换三张 of `tiles` tiles.
    fn swapping_table(tiles: u8) -> SichuanAtTable {
        let rules = sichuan_table();
        let table = SichuanTable {
            swap_tiles: tiles,
            ..default_table()
        };
        SichuanAtTable::new(table, rules.rules).expect("a swapping table")
    }

    /// The suit counts of a hand.
    fn suit_tiles(hand: &Counts, suit: usize) -> u8 {
        hand[9 * suit..9 * suit + 9].iter().sum()
    }

    #[test]
    fn swaps_pass_one_suit_each_in_the_deals_direction_before_the_voids() {
        for tiles in [3u8, 4] {
            let rules = swapping_table(tiles);
            for efficiency in [false, true] {
                for index in 0..60 {
                    let dealer = (index % 4) as u8;
                    let mut deal = Deal::new(17, index, dealer, 0, &rules).expect("a deal");
                    let mut policies = bots(efficiency);
                    for (seat, policy) in (0u8..).zip(policies.iter_mut()) {
                        policy.start_deal(17, index, seat);
                    }
                    let before: Vec<Counts> = deal.seats.iter().map(|s| s.concealed).collect();
                    let mut picked = [[0u8; NUM_KINDS]; 4];
                    for pick in 0..4 * usize::from(tiles) {
                        let seat = deal.to_act().expect("picking");
                        assert_eq!(
                            usize::from(seat),
                            (usize::from(dealer) + pick / usize::from(tiles)) % 4
                        );
                        let legal = deal.legal_actions().to_vec();
                        assert!(legal.iter().all(|a| matches!(a, Action::Swap(_))));
                        // The first pick: any suit held `tiles` times or more; then only that suit.
                        let left: Counts = std::array::from_fn(|k| {
                            before[usize::from(seat)][k] - picked[usize::from(seat)][k]
                        });
                        let chosen = picked[usize::from(seat)].iter().position(|&c| c > 0);
                        let want: Vec<Action> = (0..27u8)
                            .filter(|&k| left[usize::from(k)] > 0)
                            .filter(|&k| match chosen {
                                Some(first) => first / 9 == usize::from(k / 9),
                                None => {
                                    suit_tiles(&before[usize::from(seat)], usize::from(k / 9))
                                        >= tiles
                                }
                            })
                            .map(|k| Action::Swap(Tile::new(k).unwrap()))
                            .collect();
                        assert_eq!(legal, want);
                        let observation = deal.observation(seat).expect("seen");
                        let action = policies[usize::from(seat)].choose(&observation, &legal);
                        let Action::Swap(tile) = action else {
                            panic!("{action}")
                        };
                        picked[usize::from(seat)][tile.index() as usize] += 1;
                        deal.step(action, &rules).expect("picked");
                        deal.check_invariants().expect("every tile still held");
                    }
                    let direction = crate::table::deal::swap_direction(17, index);
                    assert!(deal.events().contains(&Event::Swap { direction }));
                    for seat in 0..4 {
                        let from = (seat + 4 - usize::from(direction)) % 4;
                        let want: Counts = std::array::from_fn(|k| {
                            before[seat][k] - picked[seat][k] + picked[from][k]
                        });
                        assert_eq!(deal.seats[seat].concealed, want);
                    }
                    // 定缺 follows, the dealer first.
                    assert_eq!(deal.to_act(), Some(dealer));
                    assert!(matches!(deal.legal_actions()[0], Action::Void(_)));
                    play_deal(&mut deal, &mut policies, &rules).expect("played on");
                    deal.check_invariants().expect("invariants hold");
                    let outcome = deal.outcome().expect("over");
                    assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
                    let lines = deal.log_lines();
                    let replayed = crate::table::replay(&lines, &rules).expect("the log replays");
                    assert_eq!(replayed.log_lines(), lines);
                }
            }
        }
    }

    #[test]
    fn the_efficiency_bot_passes_its_weakest_suits_loosest_tiles() {
        // Dealer seat 0: 1m 5m 9m 11p 234p 567s 89s and the drawn 1s: m is weakest (3 tiles, no pair), and
        // 1m, 9m, 5m go (each worth 0: the farther from the middle first, then the lower kind).
        let hands = [
            "159m11234p56789s",
            "2346678m5678p22s",
            "2347m99p1234678s",
            "3478m345679p345s",
        ];
        let mut codes = Vec::new();
        let mut left = [COPIES; NUM_KINDS];
        for text in hands {
            let hand = crate::notation::parse_hand(text).expect("a hand");
            for (kind, &count) in hand.concealed.iter().enumerate() {
                codes.extend(std::iter::repeat_n(kind as u8, usize::from(count)));
                left[kind] -= count;
            }
        }
        // The dealer's first draw, 1s, then the rest of the set.
        codes.push(18);
        left[18] -= 1;
        for (kind, &count) in left.iter().enumerate().take(27) {
            codes.extend(std::iter::repeat_n(kind as u8, usize::from(count)));
        }
        let rules = swapping_table(3);
        let wall = crate::table::Wall::from_codes(codes, &rules.table_rules()).expect("a wall");
        let mut deal = Deal::with_wall(5, 0, wall, 0, 0, &rules).expect("a deal");
        let mut bot = EfficiencyBot::aiming(rules.aim());
        let mut chosen = Vec::new();
        for _ in 0..3 {
            let action = bot.choose(&deal.observation(0).unwrap(), deal.legal_actions());
            chosen.push(action.to_string());
            deal.step(action, &rules).expect("picked");
        }
        assert_eq!(chosen, ["swap 1m", "swap 9m", "swap 5m"]);
    }

    #[test]
    fn the_next_dealer_is_the_first_winner_or_a_shared_first_wins_discarder() {
        use crate::table::{Game, GameConfig, Outcome, Winner};
        let winner = |seat: u8, from: Option<u8>| Winner {
            seat,
            tile: Tile::new(4).unwrap(),
            from,
            robbing_kong: false,
            info: WinInfo::default(),
            horse_hits: 0,
            horses: Vec::new(),
            horse_money: [0; 4],
        };
        let outcome = |winners: Vec<Winner>, first_winners: u8| Outcome {
            winners,
            event_payments: [0; 4],
            kong_money: [0; 4],
            side_money: Default::default(),
            first_winners,
        };
        let cases = [
            // (option, winners, winners of the first winning tile, the next dealer after dealer 0)
            (
                NextDealer::FirstWinner,
                vec![winner(3, Some(1)), winner(2, None)],
                1,
                3,
            ),
            (
                NextDealer::FirstWinner,
                vec![winner(2, Some(1)), winner(3, Some(1))],
                2,
                1,
            ),
            (NextDealer::FirstWinner, vec![], 0, 0),
            (
                NextDealer::LastWinner,
                vec![winner(3, Some(1)), winner(2, None)],
                1,
                2,
            ),
            (NextDealer::LastWinner, vec![], 0, 0),
            (NextDealer::Rotate, vec![winner(0, None)], 1, 1),
        ];
        for (next_dealer, winners, first, want) in cases {
            let table = SichuanTable {
                next_dealer,
                ..default_table()
            };
            let rules = SichuanAtTable::new(table, sichuan_table().rules).expect("a table");
            let mut game = Game::new(1, GameConfig::default()).expect("a game");
            game.record_under(&outcome(winners, first), &rules.table_rules());
            assert_eq!(game.dealer(), want, "{next_dealer:?}");
        }
    }

    /// The shipped table under 血流成河.
    fn xueliu_table() -> SichuanAtTable {
        let table = SichuanTable {
            xueliu: true,
            ..default_table()
        };
        SichuanAtTable::new(table, sichuan_table().rules).expect("a 血流成河 table")
    }

    #[test]
    fn under_xueliu_winners_stay_locked_win_again_and_only_the_wall_ends_the_deal() {
        let rules = xueliu_table();
        for efficiency in [false, true] {
            let (mut twice, mut locked_turns) = (0, 0);
            for index in 0..120 {
                let mut deal = Deal::new(31, index, (index % 4) as u8, 0, &rules).expect("a deal");
                let mut policies = bots(efficiency);
                for (seat, policy) in (0u8..).zip(policies.iter_mut()) {
                    policy.start_deal(31, index, seat);
                }
                while let Some(seat) = deal.to_act() {
                    let legal = deal.legal_actions().to_vec();
                    let on_turn = legal.iter().any(|a| matches!(a, Action::Discard(_)));
                    if deal.winners_so_far() & (1 << seat) != 0 && on_turn {
                        // A locked winner's turn: the drawn tile goes, a kong of it, or a win.
                        locked_turns += 1;
                        let Some(&Event::Draw { tile, .. }) = deal.events().last() else {
                            panic!("a locked turn follows a draw")
                        };
                        assert!(legal.iter().all(|a| matches!(a,
                            Action::Discard(t) | Action::ConcealedKong(t) | Action::AddedKong(t) if *t == tile)
                            || *a == Action::Win), "{legal:?}");
                    } else if deal.winners_so_far() & (1 << seat) != 0 {
                        assert!(legal
                            .iter()
                            .all(|a| matches!(a, Action::Win | Action::Pass)));
                    }
                    let observation = deal.observation(seat).expect("seen");
                    let action = policies[usize::from(seat)].choose(&observation, &legal);
                    deal.step(action, &rules).expect("legal");
                }
                deal.check_invariants().expect("invariants hold");
                assert_eq!(deal.wall_remaining(), 0, "only the wall ends a 血流 deal");
                let outcome = deal.outcome().expect("over");
                assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
                let wins_of = |s: u8| outcome.winners.iter().filter(|w| w.seat == s).count();
                twice += usize::from((0..4).any(|s| wins_of(s) >= 2));
                let lines = deal.log_lines();
                let replayed = crate::table::replay(&lines, &rules).expect("the log replays");
                assert_eq!(replayed.log_lines(), lines);
                assert_eq!(replayed.outcome(), deal.outcome());
            }
            assert!(twice > 0, "some seat wins twice (efficiency {efficiency})");
            assert!(locked_turns > 0);
        }
    }

    #[test]
    fn a_table_not_settled_as_sichuan_is_refused() {
        let rules = sichuan_table().rules;
        let other = TableRules {
            settlement: crate::table::table_rules::Settlement::named("guangdong").unwrap(),
            ..rules
        };
        assert!(SichuanAtTable::new(default_table(), other).is_err());
    }

    #[test]
    fn every_table_option_plays_deals_that_keep_the_invariants_and_replay() {
        // 回头杠无分, OC-S7's variants, a kong on an empty wall, resuming after the discarder, and 血流成河's
        // free hand: each played by both bots, alone and all together.
        let all = SichuanTable {
            returned_kong_pays: false,
            earthly_on_first_discard: true,
            heavenly_after_kong: true,
            kong_on_empty_wall: true,
            resume_after_discarder: true,
            xueliu: true,
            locked_after_win: false,
            ..default_table()
        };
        let tables = [
            SichuanTable {
                returned_kong_pays: false,
                ..default_table()
            },
            SichuanTable {
                kong_on_empty_wall: true,
                ..default_table()
            },
            SichuanTable {
                resume_after_discarder: true,
                ..default_table()
            },
            SichuanTable {
                xueliu: true,
                locked_after_win: false,
                ..default_table()
            },
            all,
        ];
        let (mut returned, mut last_kongs) = (0, 0);
        for table in tables {
            let rules = SichuanAtTable::new(table, sichuan_table().rules).expect("a table");
            for efficiency in [false, true] {
                for index in 0..40 {
                    let mut deal =
                        Deal::new(13, index, (index % 4) as u8, 0, &rules).expect("a deal");
                    let mut policies = bots(efficiency);
                    for (seat, policy) in (0u8..).zip(policies.iter_mut()) {
                        policy.start_deal(13, index, seat);
                    }
                    while let Some(seat) = deal.to_act() {
                        let legal = deal.legal_actions().to_vec();
                        let action = policies[usize::from(seat)]
                            .choose(&deal.observation(seat).expect("seen"), &legal);
                        let kong = matches!(
                            action,
                            Action::ConcealedKong(_) | Action::AddedKong(_) | Action::Kong
                        );
                        last_kongs += usize::from(kong && deal.wall_remaining() == 0);
                        deal.step(action, &rules).expect("legal");
                        deal.check_invariants().expect("invariants hold");
                    }
                    let outcome = deal.outcome().expect("over");
                    assert_eq!(outcome.payments().iter().sum::<i64>(), 0);
                    assert_eq!(outcome.kong_money.iter().sum::<i64>(), 0);
                    returned += deal
                        .events()
                        .iter()
                        .filter(|e| matches!(e, Event::Meld { returned: true, .. }))
                        .count();
                    let lines = deal.log_lines();
                    let replayed = crate::table::replay(&lines, &rules).expect("the log replays");
                    assert_eq!(replayed.log_lines(), lines);
                    assert_eq!(replayed.outcome(), deal.outcome());
                }
            }
        }
        assert!(returned > 0, "some 补杠 are 回头杠");
        assert!(last_kongs > 0, "some kongs are made on the empty wall");
    }
}

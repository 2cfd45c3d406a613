//! The 推倒胡 scorer through its Rust API: worked cases of the rules (TDH_CASES.md T01, T25, T29, T39, T15),
//! options read from the shipped file by a minimal line reader, and random input that must be scored or
//! refused, never panic.

mod common;

use common::Rng;
use mjcore_engine::bots::{EfficiencyBot, RandomBot};
use mjcore_engine::notation::{parse_hand, parse_tile};
use mjcore_engine::rules::tdh::{
    score, OtherKong, Refusal, Source, TdhRules, TdhScore, TdhTable, TdhWin,
};
use mjcore_engine::shanten::{shanten, shanten_counts_with_ghosts};
use mjcore_engine::table::{
    play_deal, Action, Adjudicator, Deal, Event, Observation, PayingEvent, Policy, TableRules,
    TableRulesSpec, WinSituation,
};
use mjcore_engine::{Counts, FormOptions, FormSet, Hand, Meld, MeldKind, Tile};

/// The sections every family's file shares (the table engine's), which scoring does not read.
const TABLE_SECTIONS: [&str; 6] = [
    "[tiles]",
    "[deal]",
    "[claims]",
    "[wins]",
    "[end]",
    "[settlement]",
];

/// Every `name = value` of the shipped tdh.toml (but the meta table and the table sections), as text, then
/// `changes`.
fn rules(changes: &[(&str, &str)]) -> TdhRules {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../python/mjcore/rulesets/tdh.toml"
    );
    let text = std::fs::read_to_string(path).expect("the shipped tdh.toml");
    let mut options: Vec<(String, String)> = Vec::new();
    let mut skipped = false;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            skipped = line == "[meta]" || TABLE_SECTIONS.contains(&line);
        } else if let Some((key, value)) = line.split_once('=') {
            if !skipped {
                let (key, value) = (key.trim(), value.trim().trim_matches('"'));
                let value = changes
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map_or(value, |(_, v)| *v);
                options.push((key.to_string(), value.to_string()));
            }
        }
    }
    TdhRules::from_options("tdh", &options).expect("the shipped options are valid")
}

fn tile(text: &str) -> u8 {
    parse_tile(text).expect("a tile").index()
}

fn win<'a>(hand: &'a Hand, tile_text: &str, winner: u8, dealer: u8, source: Source) -> TdhWin<'a> {
    TdhWin {
        hand,
        win: tile(tile_text),
        winner,
        dealer,
        source,
        discarder: None,
        kong_bloom: false,
        kong_fed_by: None,
        last_tile: false,
        indicator: None,
        horses: &[],
        other_kongs: &[],
        dealer_streak: 0,
    }
}

fn meld(kind: MeldKind, tile_text: &str, offset: Option<u8>) -> Meld {
    Meld {
        from_offset: offset,
        ..Meld::new(kind, Tile::new(tile(tile_text)).expect("a kind"))
    }
}

fn scored(w: &TdhWin, r: &TdhRules) -> TdhScore {
    score(w, r, 0).expect("a valid call")
}

#[test]
fn t01_a_white_ghost_completes_a_chow() {
    let hand = parse_hand("123m456m79p234s9s5z").unwrap();
    let result = scored(&win(&hand, "9s", 1, 0, Source::SelfDrawn), &rules(&[]));
    assert_eq!((result.refusal, result.share), (Refusal::Win as u8, 2));
    assert!(result.multipliers.is_empty());
    assert_eq!(result.net, [-2, 6, -2, -2]);
}

#[test]
fn t25_four_ghosts_on_a_melded_kong_replacement_is_a_liable_bloom() {
    let mut hand = parse_hand("777z2m5m9m3s6s1z2z").unwrap();
    hand.melds.push(meld(MeldKind::Kong, "8p", Some(2)));
    let mut w = win(&hand, "7z", 2, 0, Source::SelfDrawn);
    w.kong_bloom = true;
    w.kong_fed_by = Some(0);
    let result = scored(&w, &rules(&[("ghosts", "red")]));
    assert_eq!((result.form, result.liable), (3, Some(0)));
    assert_eq!(result.net, [-9, 0, 9, 0]);
}

#[test]
fn t29_a_kong_chain_is_liable_to_its_first_feeder_and_pays_every_kong() {
    let mut hand = parse_hand("789p11z5z4s").unwrap();
    hand.melds.push(meld(MeldKind::Kong, "6m", Some(3)));
    hand.melds.push(meld(MeldKind::ConcealedKong, "3s", None));
    let mut w = win(&hand, "4s", 1, 3, Source::SelfDrawn);
    w.kong_bloom = true;
    w.kong_fed_by = Some(0);
    let result = scored(&w, &rules(&[]));
    assert_eq!(result.kong_money, [-5, 9, -2, -2]);
    assert_eq!(result.net, [-11, 15, -2, -2]);
}

#[test]
fn t39_two_robbers_share_one_set_of_horses() {
    let horses: Vec<u8> = ["6m", "8s", "1z", "2m", "3s", "4z", "7z", "5p"]
        .map(tile)
        .to_vec();
    let r = rules(&[("horses", "8")]);
    let mut total = [0i64; 4];
    for (text, seat, expected) in [
        ("13p456m789m345s6z5z", 0, 18),
        ("34p111s567s999m77z", 2, 24),
    ] {
        let hand = parse_hand(text).unwrap();
        let mut w = win(&hand, "2p", seat, 3, Source::RobbingAdded);
        w.discarder = Some(1);
        w.horses = &horses;
        let result = scored(&w, &r);
        assert_eq!(result.win_net[usize::from(seat)], expected);
        for (sum, value) in total.iter_mut().zip(result.net) {
            *sum += value;
        }
    }
    assert_eq!(total, [18, -42, 24, 0]);
}

#[test]
fn t15_four_of_one_kind_in_flip_two_is_no_win() {
    let hand = parse_hand("4444z1m4m7m1p4p7p1s4s7s").unwrap();
    let mut w = win(&hand, "2z", 2, 1, Source::SelfDrawn);
    w.indicator = Some(tile("3z"));
    let result = scored(&w, &rules(&[("ghosts", "flip_two")]));
    assert_eq!(result.refusal, Refusal::NotComplete as u8);
}

#[test]
fn other_kongs_pay_their_owners() {
    let hand = parse_hand("123m456m79p234s9s5z").unwrap();
    let kongs = [
        OtherKong {
            seat: 2,
            kind: 2,
            fed_by: Some(3),
        },
        OtherKong {
            seat: 0,
            kind: 0,
            fed_by: None,
        },
    ];
    let mut w = win(&hand, "9s", 1, 0, Source::SelfDrawn);
    w.other_kongs = &kongs;
    let result = scored(&w, &rules(&[]));
    assert_eq!(result.kong_money, [6, -2, 1, -5]);
    assert_eq!(result.net.iter().sum::<i64>(), 0);
}

#[test]
fn random_calls_are_scored_or_refused_never_a_panic() {
    let mut rng = Rng::new(11);
    let modes = [
        "none", "white", "red", "flip", "flip_two", "flowers4", "flowers8",
    ];
    let tables: Vec<TdhRules> = modes
        .iter()
        .map(|&mode| {
            rules(&[
                ("ghosts", mode),
                ("discard_wins", "true"),
                ("seven_pairs", "true"),
            ])
        })
        .collect();
    for _ in 0..20_000 {
        let r = &tables[rng.below(tables.len())];
        let mut hand = Hand::default();
        for _ in 0..13 {
            hand.concealed[rng.below(34)] += 1;
        }
        hand.wilds = rng.below(3) as u8;
        let horses: Vec<u8> = (0..rng.below(4)).map(|_| rng.below(44) as u8).collect();
        let mut w = win(
            &hand,
            "1m",
            rng.below(5) as u8,
            rng.below(5) as u8,
            Source::SelfDrawn,
        );
        w.win = rng.below(44) as u8;
        w.source = Source::from_code(rng.below(5) as u8).unwrap();
        w.discarder = (rng.below(2) == 0).then(|| rng.below(5) as u8);
        w.indicator = (rng.below(2) == 0).then(|| rng.below(44) as u8);
        w.horses = &horses;
        if let Ok(result) = score(&w, r, 0) {
            assert_eq!(result.net.iter().sum::<i64>(), 0);
        }
    }
}

/// The table sections of the shipped file, with discard wins, robbing melded kongs and a reserve as asked.
fn table(discard_wins: bool, rob_melded: bool, reserved_tail: u8) -> TableRules {
    let robbable: &[&str] = if rob_melded {
        &["added", "melded"]
    } else {
        &["added"]
    };
    let sources: &[&str] = if discard_wins {
        &["self_draw", "discard", "robbing_kong", "kong_bloom"]
    } else {
        &["self_draw", "robbing_kong", "kong_bloom"]
    };
    TableRules::new(&TableRulesSpec {
        suits: &["m", "p", "s"],
        honours: true,
        flowers: 0,
        hand: 13,
        reserved_tail,
        chi: "none",
        pon: true,
        melded_kong: true,
        added_kong: true,
        concealed_kong: true,
        robbable_kongs: robbable,
        win_sources: sources,
        several_winners: "all",
        missed_win: "same_tile",
        winners_to_end: 1,
        dealer_stays: "win_or_draw",
        abortive_draws: false,
        settlement: "tdh",
    })
    .expect("valid table rules")
}

fn tdh_table(changes: &[(&str, &str)]) -> TdhTable {
    let r = rules(changes);
    let mut sections = table(r.discard_wins, r.rob_melded_kong, r.horses);
    sections.flowers = r.ghosts.flowers(); // 四花鬼 / 八花鬼 add their flowers to the set
    TdhTable::new(r, sections).expect("a table")
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
fn table_deals_keep_every_tile_and_are_zero_sum_with_kong_money_and_horses() {
    let variants: [&[(&str, &str)]; 7] = [
        &[],
        &[
            ("horses", "8"),
            ("horse_follows_kong", "true"),
            ("follow_dealer", "true"),
        ],
        &[
            ("ghosts", "flip_two"),
            ("discard_wins", "true"),
            ("kong_money_on_draw", "true"),
        ],
        &[
            ("ghosts", "red"),
            ("rob_melded_kong", "true"),
            ("seven_pairs", "true"),
        ],
        &[
            ("ghosts", "flip"),
            ("horses", "1"),
            ("one_horse", "true"),
            ("base", "3"),
        ],
        &[
            ("ghosts", "flowers4"),
            ("horses", "4"),
            ("follow_dealer", "true"),
        ],
        &[
            ("ghosts", "flowers8"),
            ("discard_wins", "true"),
            ("horses", "2"),
        ],
    ];
    for changes in variants {
        let rules = tdh_table(changes);
        let (mut wins, mut kongs, mut hits) = (0, 0, 0);
        for efficiency in [false, true] {
            for index in 0..250 {
                let mut deal = Deal::new(7, index, (index % 4) as u8, 0, &rules).expect("a deal");
                play_deal(&mut deal, &mut bots(efficiency), &rules).expect("played");
                deal.check_invariants().expect("every tile accounted for");
                let outcome = deal.outcome().expect("over");
                assert_eq!(outcome.payments().iter().sum::<i64>(), 0, "{changes:?}");
                assert_eq!(outcome.kong_money.iter().sum::<i64>(), 0);
                if outcome.is_exhaustive_draw() && !rules.rules().kong_money_on_draw {
                    assert_eq!(outcome.kong_money, [0; 4], "荒庄荒杠");
                }
                kongs += usize::from(outcome.kong_money != [0; 4]);
                for w in &outcome.winners {
                    wins += 1;
                    hits += usize::from(w.horse_hits);
                    assert!(w.from.is_none() || w.robbing_kong || rules.rules().discard_wins);
                    assert!(deal.ghosts() & (1 << w.tile.index()) == 0 || w.from.is_none());
                }
                // The reserve (horses) is never drawn: the deal ends with at least that many undrawn.
                assert!(deal.wall_remaining() == 0 || !outcome.is_exhaustive_draw());
            }
        }
        assert!(wins > 0 && kongs > 0, "{changes:?}: wins and kong money");
        assert_eq!(
            hits > 0,
            rules.rules().horses > 0,
            "{changes:?}: horse hits"
        );
    }
}

#[test]
fn kong_money_and_following_the_dealer_pay_as_the_file_says() {
    let rules = tdh_table(&[("base", "2")]);
    let settle = |event| rules.settle(&event, 0).expect("settled");
    let concealed = settle(PayingEvent::Kong {
        seat: 1,
        kind: MeldKind::ConcealedKong,
        feeder: None,
    });
    assert_eq!(concealed, Some([-4, 12, -4, -4]));
    let melded = settle(PayingEvent::Kong {
        seat: 2,
        kind: MeldKind::Kong,
        feeder: Some(0),
    });
    assert_eq!(melded, Some([-6, 0, 6, 0]));
    let added = settle(PayingEvent::Kong {
        seat: 3,
        kind: MeldKind::AddedKong,
        feeder: Some(2),
    });
    assert_eq!(added, Some([-2, -2, -2, 6]));
    assert_eq!(
        settle(PayingEvent::FollowDealer { dealer: 2 }),
        Some([2, 2, -6, 2])
    );
    assert_eq!(settle(PayingEvent::End { winners: 0 }), None);
}

#[test]
fn a_table_that_contradicts_the_options_is_refused() {
    let r = rules(&[("discard_wins", "true")]);
    assert!(TdhTable::new(r.clone(), table(false, false, 0)).is_err());
    assert!(TdhTable::new(r, table(true, false, 0)).is_ok());
    let horses = rules(&[("horses", "4")]);
    assert!(TdhTable::new(horses, table(false, false, 2)).is_err());
    // 四花鬼 needs its four flowers in the set, and plays with them.
    let flowers = rules(&[("ghosts", "flowers4")]);
    assert!(TdhTable::new(flowers.clone(), table(false, false, 0)).is_err());
    let mut with_flowers = table(false, false, 0);
    with_flowers.flowers = 4;
    assert!(TdhTable::new(flowers, with_flowers).is_ok());
}

/// The efficiency bot, watched: it never discards a ghost (a flower ghost included) while holding another
/// tile, and never passes a win.
struct Watched {
    bot: EfficiencyBot,
}

impl Policy for Watched {
    fn choose(&mut self, observation: &Observation<'_>, legal: &[Action]) -> Action {
        let action = self.bot.choose(observation, legal);
        let ghosts = observation.ghosts();
        if let Action::Discard(tile) = action {
            if ghosts & (1 << tile.index()) != 0 {
                let held = (0..34usize).filter(|&k| observation.hand()[k] > 0);
                assert!(
                    held.into_iter().all(|k| ghosts & (1 << k) != 0),
                    "a ghost discarded beside other tiles"
                );
            }
        }
        if let Action::DiscardFlower(_) = action {
            let held = (0..34usize).filter(|&k| observation.hand()[k] > 0);
            assert!(
                held.into_iter().all(|k| ghosts & (1 << k) != 0),
                "a flower ghost discarded beside other tiles"
            );
        }
        assert!(!legal.contains(&Action::Win) || action == Action::Win);
        action
    }
}

/// Deal `index` of `seed` played out by four watched efficiency bots.
fn watched_efficiency_deal(seed: u64, index: u64, rules: &TdhTable) -> Deal {
    let mut seats: Vec<Box<dyn Policy>> = (0..4)
        .map(|_| -> Box<dyn Policy> {
            Box::new(Watched {
                bot: EfficiencyBot::default(),
            })
        })
        .collect();
    let mut deal = Deal::new(seed, index, (index % 4) as u8, 0, rules).expect("a deal");
    play_deal(&mut deal, &mut seats, rules).expect("played");
    deal
}

#[test]
fn the_efficiency_bot_keeps_its_ghosts_and_wins_faster_with_them() {
    let mut turns = Vec::new();
    for changes in [&[][..], &[("ghosts", "none")][..]] {
        let rules = tdh_table(changes);
        let (mut won, mut draws) = (0u32, 0u32);
        for index in 0..200 {
            let deal = watched_efficiency_deal(13, index, &rules);
            if let Some(w) = deal.outcome().expect("over").winners.first() {
                won += 1;
                draws += deal
                    .events()
                    .iter()
                    .filter(|e| matches!(e, Event::Draw { seat, .. } if *seat == w.seat))
                    .count() as u32;
            }
        }
        assert!(
            won > 150,
            "{changes:?}: efficiency bots win most deals ({won})"
        );
        turns.push(f64::from(draws) / f64::from(won));
    }
    assert!(turns[0] < turns[1], "ghosts make wins faster: {turns:?}");
}

/// 四花鬼 / 八花鬼: no flower is set aside; the watched efficiency bots keep their flower ghosts, most wins hold
/// one, and a drawn flower is sometimes the winning tile.
#[test]
fn flower_ghosts_stay_in_the_hand_and_win_as_ghosts() {
    for ghosts in ["flowers4", "flowers8"] {
        let rules = tdh_table(&[("ghosts", ghosts)]);
        let (mut won, mut holding, mut on_a_flower) = (0, 0, 0);
        for index in 0..200 {
            let deal = watched_efficiency_deal(17, index, &rules);
            deal.check_invariants()
                .expect("every tile and flower accounted for");
            assert!(deal
                .events()
                .iter()
                .all(|e| !matches!(e, Event::Flower { .. })));
            if let Some(w) = deal.outcome().expect("over").winners.first() {
                won += 1;
                holding += usize::from(deal.ghosts_held(w) > 0);
                on_a_flower += usize::from(deal.winning_code(w) >= 34);
            }
        }
        assert!(
            won > 150,
            "{ghosts}: efficiency bots win most deals ({won})"
        );
        assert!(
            holding > won / 3,
            "{ghosts}: wins holding a flower ({holding} of {won})"
        );
        assert!(on_a_flower > 0, "{ghosts}: a drawn flower wins");
    }
}

#[test]
fn shanten_with_ghosts_by_the_tables_matches_the_general_analysis() {
    let mut rng = Rng::new(41);
    let mut checked = 0;
    for _ in 0..4_000 {
        let size = [13, 14, 10, 11, 7, 8][rng.below(6)];
        let mut counts = [0u8; 34];
        // Draw without replacement from a full set, biased towards the ghost (白) and a few kinds so that
        // triples and quads beside ghosts (the fifth-copy cases) occur.
        let mut left = size;
        while left > 0 {
            let kind = if rng.below(4) == 0 {
                31
            } else {
                {
                    let range = if rng.below(3) == 0 { 6 } else { 34 };
                    rng.below(range)
                }
            };
            if counts[kind] < 4 {
                counts[kind] += 1;
                left -= 1;
            }
        }
        for forms in [
            FormSet::STANDARD,
            FormSet::STANDARD
                .union(FormSet::SEVEN_PAIRS)
                .union(FormSet::THIRTEEN_ORPHANS),
            FormSet::ALL,
        ] {
            for fifth in [true, false] {
                let opts = FormOptions {
                    forms,
                    seven_pairs_quads: true,
                    wild_fifth_copy: fifth,
                };
                let ghosts = 1u64 << 31;
                let fast = shanten_counts_with_ghosts(&counts, ghosts, opts);
                let mut naturals = counts;
                naturals[31] = 0;
                let hand = Hand {
                    concealed: naturals,
                    melds: Vec::new(),
                    wilds: counts[31],
                    flowers: 0,
                };
                assert_eq!(fast, shanten(&hand, opts).ok(), "{counts:?} {opts:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}

/// A complete target with several sets of a few kinds, some copies beyond four played by ghosts (白), and a
/// few more naturals turned into ghosts: the hands where a ghost as a fifth copy matters.
fn crowded_hand(rng: &mut Rng) -> Option<Counts> {
    let sets = 1 + rng.below(4);
    let base = 9 * rng.below(3);
    let kinds = [base + rng.below(9), base + rng.below(9), 27 + rng.below(4)];
    let mut target = [0usize; 34];
    for _ in 0..sets {
        if rng.below(2) == 0 {
            target[kinds[rng.below(3)]] += 3;
        } else {
            let low = base + rng.below(7);
            (low..low + 3).for_each(|k| target[k] += 1);
        }
    }
    target[kinds[rng.below(3)]] += 2;
    let mut counts = [0u8; 34];
    let mut wilds = 0;
    for (kind, &n) in target.iter().enumerate() {
        counts[kind] = n.min(4) as u8;
        wilds += n.saturating_sub(4);
    }
    for _ in 0..rng.below(3) {
        let kind = rng.below(27);
        if counts[kind] > 0 {
            counts[kind] -= 1;
            wilds += 1;
        }
    }
    // A tile away from complete now and then, so that non-wins near the bound are asked too.
    if rng.below(3) == 0 {
        let kind = rng.below(27);
        if counts[kind] > 0 {
            counts[kind] -= 1;
            counts[(kind + 4) % 27] = (counts[(kind + 4) % 27] + 1).min(4);
        }
    }
    (wilds <= 4 && counts[31] == 0).then(|| {
        counts[31] = wilds as u8;
        counts
    })
}

#[test]
fn the_table_win_check_agrees_with_the_search_where_ghosts_could_be_fifth_copies() {
    let rules = tdh_table(&[]);
    let mut rng = Rng::new(5);
    let (mut wins, mut asked) = (0, 0);
    for _ in 0..30_000 {
        let Some(counts) = crowded_hand(&mut rng) else {
            continue;
        };
        let size: u8 = counts.iter().sum();
        if size % 3 != 2 {
            continue;
        }
        let tile = Tile::new(31).expect("5z");
        let situation = WinSituation {
            winner: 0,
            tile,
            from: None,
            robbing_kong: false,
            kong_replacement: false,
            kong_feeder: None,
            last_tile: false,
            kong_discard: false,
            flower_replacement: false,
            flowers: 0,
            first_go_around: None,
            winners_on_discard: 1,
            dealer: 0,
            round_wind: 0,
            feeder_already_liable: false,
            shown: 0,
        };
        let melds: Vec<Meld> = (0..(14 - usize::from(size)) / 3)
            .map(|i| meld(MeldKind::Pon, ["1z", "2z", "3z", "4z"][i], Some(1)))
            .collect();
        let table = rules.judge(&counts, &melds, &situation).expect("judged");
        let mut naturals = counts;
        naturals[31] = 0;
        let hand = Hand {
            concealed: naturals,
            melds: Vec::new(),
            wilds: counts[31],
            flowers: 0,
        };
        let opts = FormOptions {
            forms: FormSet::STANDARD,
            seven_pairs_quads: true,
            wild_fifth_copy: true,
        };
        let searched =
            mjcore_engine::decompose::is_win(&hand, opts).expect("searched") || counts[31] == 4;
        assert_eq!(table.is_some(), searched, "{counts:?}");
        wins += usize::from(searched);
        asked += 1;
    }
    assert!(wins > 1000 && asked > wins, "{wins} wins of {asked}");
}

//! The table engine driven through its public API: scripted deals on constructed walls for each claim rule,
//! and many random-bot deals for the invariants, determinism and replay.

use std::cell::RefCell;

use mjcore_engine::bots::RandomBot;
use mjcore_engine::notation::parse_tiles;
use mjcore_engine::table::{
    play_deal, play_game, replay, Action, Adjudicator, Deal, FirstGoAround, GameConfig, Policy,
    ShapeRules, Wall, WinInfo, WinSituation,
};
use mjcore_engine::{Counts, EngineError, Meld, Result, Tile};

/// The shipped 鸡平胡 win check: the standard shape or thirteen orphans.
const RULES: ShapeRules = ShapeRules::CHICKEN;

fn tile(text: &str) -> Tile {
    parse_tiles(text).unwrap()[0]
}

/// A wall dealing `hands` (13 tiles each, dealer = seat 0 first), then `head` in draw order (the dealer's
/// 14th tile first); the other tiles follow in kind order, so the last kind is drawn first from the tail.
fn wall(hands: [&str; 4], head: &str) -> Wall {
    let mut order: Vec<Tile> = Vec::new();
    for text in hands {
        let tiles = parse_tiles(text).unwrap();
        assert_eq!(tiles.len(), 13, "{text}");
        order.extend(tiles);
    }
    order.extend(parse_tiles(head).unwrap());
    let mut left = [4u8; 34];
    for t in &order {
        left[t.index() as usize] -= 1;
    }
    for (k, &n) in left.iter().enumerate() {
        order.extend(std::iter::repeat_n(Tile::new(k as u8).unwrap(), n as usize));
    }
    Wall::from_tiles(order).unwrap()
}

fn scripted(hands: [&str; 4], head: &str) -> Deal {
    Deal::with_wall(0, 0, wall(hands, head), 0, 0, &RULES).unwrap()
}

fn step(deal: &mut Deal, action: Action) {
    deal.step(action, &RULES).unwrap();
    deal.check_invariants().unwrap();
}

/// Answers every open claim window with a pass.
fn pass_claims(deal: &mut Deal) {
    while deal.observation(0).unwrap().offered().is_some() {
        step(deal, Action::Pass);
    }
}

/// Discards the tile just drawn, then passes every claim on it.
fn discard_drawn(deal: &mut Deal) {
    let seat = deal.to_act().unwrap();
    let drawn = deal.observation(seat).unwrap().drawn().unwrap();
    step(deal, Action::Discard(drawn));
    pass_claims(deal);
}

#[test]
fn several_players_win_on_one_discard() {
    let mut deal = scripted(
        [
            "123456789m123p5z",
            "111p222p333p456s9s",
            "111s222s333s789p9s",
            "1z1z1z2z2z2z3z3z3z4z4z4z6z",
        ],
        "9s",
    );
    assert!(deal.legal_actions().contains(&Action::Discard(tile("9s"))));
    step(&mut deal, Action::Discard(tile("9s")));
    assert_eq!(deal.to_act(), Some(1));
    assert_eq!(deal.legal_actions(), [Action::Pass, Action::Win]);
    step(&mut deal, Action::Win);
    assert_eq!(deal.to_act(), Some(2));
    step(&mut deal, Action::Win);
    let outcome = deal.outcome().unwrap();
    let winners: Vec<_> = outcome.winners.iter().map(|w| (w.seat, w.from)).collect();
    assert_eq!(winners, [(1, Some(0)), (2, Some(0))]);
}

#[test]
fn a_win_on_the_dealers_first_discard_is_flagged_as_the_human_hand() {
    let asked = RefCell::new(Vec::new());
    let recording = |c: &Counts, m: &[Meld], s: &WinSituation| -> Result<Option<WinInfo>> {
        let verdict = RULES.judge(c, m, s)?;
        if verdict.is_some() {
            asked.borrow_mut().push((s.winner, s.first_go_around));
        }
        Ok(verdict)
    };
    let wall = wall(
        [
            "123456789m123p5z",
            "111p222p333p456s9s",
            "111s222s333s789p9s",
            "1z1z1z2z2z2z3z3z3z4z4z4z6z",
        ],
        "9s",
    );
    let mut deal = Deal::with_wall(0, 0, wall, 0, 0, &recording).unwrap();
    deal.step(Action::Discard(tile("9s")), &recording).unwrap();
    let human = Some(FirstGoAround::Human);
    assert_eq!(*asked.borrow(), [(1, human), (2, human)]);
}

#[test]
fn pon_beats_chi_and_skips_the_seats_between() {
    let mut deal = scripted(
        [
            "12345678m1234p7z",
            "78s1z1z1z2z2z2z3z3z3z4z6z",
            "99s5z5z5z6z6z6z7z7z7z5p7p",
            "111s222s333s444s5s",
        ],
        "9s",
    );
    step(&mut deal, Action::Discard(tile("9s")));
    assert_eq!(
        deal.legal_actions(),
        [Action::Pass, Action::Chi(tile("7s"))]
    );
    step(&mut deal, Action::Chi(tile("7s")));
    assert_eq!(deal.legal_actions(), [Action::Pass, Action::Pon]);
    step(&mut deal, Action::Pon);
    assert_eq!(deal.to_act(), Some(2));
    assert!(deal
        .legal_actions()
        .iter()
        .all(|a| matches!(a, Action::Discard(_))));
    let view = deal.observation(3).unwrap();
    assert_eq!(view.melds(2).len(), 1);
    assert!(view.melds(1).is_empty());
    assert!(
        view.discards(0).is_empty(),
        "the claimed discard moved into the meld"
    );
}

#[test]
fn a_passed_win_blocks_the_same_tile_until_the_next_draw() {
    let mut deal = scripted(
        [
            "123456789m1234p",
            "9s1m4m7m5p8p3s6s1z2z3z4z5z",
            "6z6z6z7z7z7z6p7p9p1s2s4s5s",
            "111p222p333p456s9s",
        ],
        "9s1m2m9s",
    );
    step(&mut deal, Action::Discard(tile("9s")));
    assert_eq!(deal.to_act(), Some(3));
    step(&mut deal, Action::Pass);
    assert_eq!(deal.to_act(), Some(1), "the 下家 draws");
    step(&mut deal, Action::Discard(tile("9s")));
    assert_eq!(
        deal.to_act(),
        Some(2),
        "漏胡: seat 3 may not win on 9s again"
    );
    discard_drawn(&mut deal);
    assert_eq!(deal.to_act(), Some(3));
    assert!(
        deal.legal_actions().contains(&Action::Win),
        "a self-draw is never blocked"
    );
}

#[test]
fn only_an_added_kong_can_be_robbed() {
    let mut deal = scripted(
        [
            "12345678m1234p7z",
            "111p222p333p4s6s9m9m",
            "5s5s1z1z1z2z2z2z3z3z3z4z4z",
            "7p7p7p8p8p8p9p9p9p7s7s8s8s",
        ],
        "5s6z6z6z5s",
    );
    step(&mut deal, Action::Discard(tile("5s")));
    assert_eq!(deal.to_act(), Some(1));
    assert!(deal.legal_actions().contains(&Action::Win));
    step(&mut deal, Action::Pass);
    step(&mut deal, Action::Pon);
    step(&mut deal, Action::Discard(tile("4z")));
    pass_claims(&mut deal);
    for _ in 0..3 {
        discard_drawn(&mut deal);
    }
    assert_eq!(deal.to_act(), Some(2));
    assert!(deal
        .legal_actions()
        .contains(&Action::AddedKong(tile("5s"))));
    step(&mut deal, Action::AddedKong(tile("5s")));
    let offered = deal.observation(1).unwrap().offered().unwrap();
    assert!(offered.added_kong);
    assert_eq!(
        deal.to_act(),
        Some(1),
        "the seat's 漏胡 cleared at its draw"
    );
    assert_eq!(deal.legal_actions(), [Action::Pass, Action::Win]);
    step(&mut deal, Action::Win);
    let winner = &deal.outcome().unwrap().winners[0];
    assert_eq!(
        (winner.seat, winner.from, winner.robbing_kong),
        (1, Some(2), true)
    );
}

#[test]
fn an_illegal_action_is_rejected_by_name_and_changes_nothing() {
    let mut deal = Deal::new(3, 1, 0, 0, &RULES).unwrap();
    let before = deal.log_lines();
    let error = deal.step(Action::Pon, &RULES).unwrap_err();
    assert!(
        matches!(&error, EngineError::IllegalAction { message } if message.starts_with("pon is not legal"))
    );
    assert_eq!(deal.log_lines(), before);
    let absent = (0..34)
        .filter_map(Tile::new)
        .find(|t| !deal.legal_actions().contains(&Action::Discard(*t)));
    let error = deal
        .step(Action::Discard(absent.unwrap()), &RULES)
        .unwrap_err();
    assert!(error.to_string().contains("discard"));
}

fn random_bots() -> Vec<Box<dyn Policy>> {
    (0..4)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect()
}

/// Plays a deal with random bots, checking the claim rules at every decision.
fn play_checked(seed: u64, index: u64) -> Deal {
    let mut deal = Deal::new(seed, index, (index % 4) as u8, 0, &RULES).unwrap();
    let mut bots = random_bots();
    for (seat, bot) in (0u8..).zip(bots.iter_mut()) {
        bot.start_deal(seed, index, seat);
    }
    while let Some(seat) = deal.to_act() {
        let view = deal.observation(seat).unwrap();
        let legal = deal.legal_actions().to_vec();
        let is_kong = |a: &Action| {
            matches!(
                a,
                Action::Kong | Action::ConcealedKong(_) | Action::AddedKong(_)
            )
        };
        if view.wall_remaining() == 0 {
            assert!(
                !legal.iter().any(is_kong),
                "kong with an empty wall: {legal:?}"
            );
        }
        if let Some(offer) = view.offered() {
            if legal.iter().any(|a| matches!(a, Action::Chi(_))) {
                assert_eq!(seat, (offer.from + 1) % 4, "chi only by the 下家");
            }
        }
        let action = bots[seat as usize].choose(&view, &legal);
        deal.step(action, &RULES).unwrap();
        deal.check_invariants().unwrap();
    }
    deal
}

#[test]
fn random_deals_keep_the_invariants_and_replay_exactly() {
    let mut melds = 0;
    for index in 0..300 {
        let deal = play_checked(11, index);
        let log = deal.log_lines();
        melds += log
            .iter()
            .filter(|l| l.contains(r#""type":"meld""#))
            .count();
        let replayed = replay(&log, &RULES).unwrap();
        assert_eq!(replayed.log_lines(), log);
        assert_eq!(replayed.outcome(), deal.outcome());
    }
    assert!(
        melds > 100,
        "random bots should claim often, got {melds} melds"
    );
}

#[test]
fn a_deal_depends_on_seed_and_index_only() {
    let mut a = Deal::new(42, 7, 0, 0, &RULES).unwrap();
    play_deal(&mut a, &mut random_bots(), &RULES).unwrap();
    let mut bots = random_bots();
    for index in [3, 7] {
        let mut b = Deal::new(42, index, 0, 0, &RULES).unwrap();
        play_deal(&mut b, &mut bots, &RULES).unwrap();
        if index == 7 {
            assert_eq!(a.log_lines(), b.log_lines());
        }
    }
}

#[test]
fn a_tampered_log_does_not_replay() {
    let deal = play_checked(5, 0);
    let mut log = deal.log_lines();
    let last_act = log
        .iter()
        .rposition(|l| l.contains(r#""type":"act""#))
        .unwrap();
    log.remove(last_act);
    assert!(replay(&log, &RULES).is_err());
}

#[test]
fn the_game_rotates_the_dealer_and_ends_after_the_wind_rounds() {
    let always_wins = |_: &Counts, _: &[Meld], s: &WinSituation| -> Result<Option<WinInfo>> {
        // Whoever may win first does: a non-dealer win passes the deal on.
        Ok((s.winner != s.dealer).then_some(WinInfo::default()))
    };
    let mut bots: Vec<Box<dyn Policy>> = (0..4)
        .map(|_| Box::new(WinFirst) as Box<dyn Policy>)
        .collect();
    let config = GameConfig {
        wind_rounds: 2,
        max_deals: 100,
    };
    let deals = play_game(9, config, &mut bots, &always_wins).unwrap();
    let dealers: Vec<u8> = deals.iter().map(Deal::dealer).collect();
    let winds: Vec<u8> = deals.iter().map(Deal::round_wind).collect();
    assert_eq!(dealers, [0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(winds, [0, 0, 0, 0, 1, 1, 1, 1]);
}

/// Wins whenever it may, otherwise takes the first legal action.
struct WinFirst;

impl Policy for WinFirst {
    fn choose(&mut self, _: &mjcore_engine::table::Observation<'_>, legal: &[Action]) -> Action {
        if legal.contains(&Action::Win) {
            Action::Win
        } else {
            legal[0]
        }
    }
}

//! The parallel driver: its statistics equal a plain sequential loop's, whatever the thread count or split.

use mjcore_engine::bots::RandomBot;
use mjcore_engine::rules::guangdong::at_table::ScoringRules;
use mjcore_engine::rules::guangdong::ruleset::{Liabilities, Options, Ruleset, RulesetSpec};
use mjcore_engine::rules::reading::Shapes;
use mjcore_engine::sim::{simulate, simulate_records, DealRecord, Stats};
use mjcore_engine::table::{play_deal, Deal, Policy, ShapeRules};

const RULES: ShapeRules = ShapeRules::CHICKEN;

fn random_bots() -> Vec<Box<dyn Policy>> {
    (0..4)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect()
}

const SEED: u64 = 77;

#[test]
fn statistics_match_a_sequential_loop() {
    let mut expected = Stats::default();
    let mut bots = random_bots();
    for index in 0..300 {
        let mut deal = Deal::new(SEED, index, (index % 4) as u8, 0, &RULES).unwrap();
        play_deal(&mut deal, &mut bots, &RULES).unwrap();
        expected.add(&DealRecord::of(&deal));
    }
    let stats = simulate(SEED, 0..300, &random_bots, &RULES, Some(2)).unwrap();
    assert_eq!(stats, expected);
    assert_eq!(stats.deals, 300);
    assert!(stats.kongs > 0);
    let deals_won = stats.self_drawn_wins + stats.deal_ins + stats.robbed_kongs;
    assert_eq!(deals_won + stats.exhaustive_draws, stats.deals);
}

#[test]
fn thread_count_and_split_do_not_change_the_result() {
    let whole = simulate(SEED, 0..400, &random_bots, &RULES, Some(1)).unwrap();
    assert_eq!(
        simulate(SEED, 0..400, &random_bots, &RULES, Some(2)).unwrap(),
        whole
    );
    let first = simulate(SEED, 0..150, &random_bots, &RULES, Some(2)).unwrap();
    let second = simulate(SEED, 150..400, &random_bots, &RULES, Some(1)).unwrap();
    assert_eq!(first.merge(&second), whole);
}

/// A CGC-like table with every liability on, so that settled wins pay and sometimes a liable seat pays all.
fn scoring_rules() -> ScoringRules {
    let patterns = [
        ("ji_hu", 0, false),
        ("ping_hu", 1, false),
        ("peng_peng_hu", 2, false),
        ("hun_yi_se", 2, false),
        ("qing_yi_se", 4, false),
        ("shi_san_yao", 10, true),
    ];
    let ruleset = Ruleset::new(&RulesetSpec {
        name: "test",
        cap: 5,
        minimum: 0,
        shapes: Shapes {
            thirteen_orphans: true,
            ..Shapes::default()
        },
        patterns: &patterns,
        extras: &[("zi_mo", 1)],
        floor_fan: 0,
        floor_events: &[],
        liabilities: Liabilities {
            kong_bloom: true,
            robbing_kong: true,
            twelve_tiles: true,
            big_hand: true,
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
    .unwrap();
    ScoringRules::new(ruleset)
}

#[test]
fn records_pay_zero_sum_and_fold_into_the_streaming_totals() {
    let rules = scoring_rules();
    let records = simulate_records(SEED, 0..400, &random_bots, &rules, Some(2)).unwrap();
    assert_eq!(records.len(), 400);
    let mut folded = Stats::default();
    for record in &records {
        assert_eq!(record.payments.iter().sum::<i64>(), 0, "{record:?}");
        let winners_gain = record
            .winning_seats()
            .all(|seat| record.payments[seat as usize] > 0);
        assert!(winners_gain, "{record:?}");
        folded.add(record);
    }
    assert_eq!(
        simulate(SEED, 0..400, &random_bots, &rules, Some(1)).unwrap(),
        folded
    );
    assert!(folded.wins() > 0 && folded.patterns.iter().sum::<u64>() == folded.wins());
    let split = simulate_records(SEED, 100..400, &random_bots, &rules, Some(1)).unwrap();
    assert_eq!(split, records[100..]);
}

#[test]
fn a_liable_seat_pays_all_three_shares() {
    let rules = scoring_rules();
    let records = simulate_records(SEED, 0..3000, &random_bots, &rules, None).unwrap();
    let liable: Vec<_> = records.iter().filter(|r| r.liable.is_some()).collect();
    assert!(!liable.is_empty(), "random play produces some liabilities");
    for record in liable {
        let payer = record.liable.unwrap() as usize;
        let payers = record.payments.iter().filter(|&&p| p < 0).count();
        assert_eq!(
            (payers, record.payments[payer] < 0),
            (1, true),
            "{record:?}"
        );
    }
}

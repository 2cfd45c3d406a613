//! The parallel driver: its statistics equal a plain sequential loop's, whatever the thread count or split.

use mjcore_engine::sim::{
    play_deal, simulate, Deal, DealSummary, Policy, RandomBot, ShapeRules, Stats,
};

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
        expected.add(&DealSummary::of(&deal));
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

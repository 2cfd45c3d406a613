//! The efficiency bot through the public API: whole deals (the engine checks its invariants on every step in
//! builds with debug assertions, as `cargo test` makes), determinism, bots by name, and that it plays far better than the random bot.

use mjcore_engine::bots::{bot_named, bots_named, BOT_NAMES};
use mjcore_engine::table::{play_deal, Deal, ShapeRules};

const RULES: ShapeRules = ShapeRules::CHICKEN;

fn play(seed: u64, index: u64, names: &[&str]) -> Deal {
    let mut deal = Deal::new(seed, index, (index % 4) as u8, 0, &RULES).unwrap();
    play_deal(&mut deal, &mut bots_named(names).unwrap(), &RULES).unwrap();
    deal
}

#[test]
fn efficiency_deals_finish_and_repeat_exactly() {
    let names = ["efficiency"; 4];
    for index in 0..60 {
        let deal = play(21, index, &names);
        assert!(deal.outcome().is_some());
        assert_eq!(deal.log_lines(), play(21, index, &names).log_lines());
    }
}

#[test]
fn bots_are_found_by_name() {
    assert_eq!(BOT_NAMES, ["random", "efficiency", "advisor"]);
    assert!(bot_named("efficiency").is_ok());
    let error = bot_named("greedy").err().unwrap();
    assert!(
        error.to_string().contains("unknown bot \"greedy\""),
        "{error}"
    );
}

#[test]
fn efficiency_seats_win_far_more_often_than_random_seats() {
    let names = ["efficiency", "random", "efficiency", "random"];
    let mut wins = [0u32; 4];
    for index in 0..300 {
        for winner in &play(8, index, &names).outcome().unwrap().winners {
            wins[winner.seat as usize] += 1;
        }
    }
    let efficient = wins[0] + wins[2];
    let random = wins[1] + wins[3];
    assert!(efficient > 5 * random.max(1), "wins by seat {wins:?}");
}

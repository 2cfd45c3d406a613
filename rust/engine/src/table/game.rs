//! Playing: a deal driven by one policy per seat, and the whole game as a thin layer over deals — wind rounds
//! and dealer rotation (连庄, RULES.md §1.10).

use super::adjudicator::Adjudicator;
use super::deal::{Deal, Outcome};
use super::policy::Policy;
use super::table_rules::{DealerStays, TableRules};
use super::types::SEATS;
use super::wall::Wall;
use crate::error::{EngineError, Result};

/// Plays `deal` to its end, asking `policies[seat]` for each decision (after `start_deal`).
pub fn play_deal<A: Adjudicator + ?Sized>(
    deal: &mut Deal,
    policies: &mut [Box<dyn Policy>],
    adjudicator: &A,
) -> Result<()> {
    if policies.len() != SEATS as usize {
        return Err(EngineError::argument(format!(
            "{} policies given: one per seat (4) is needed",
            policies.len()
        )));
    }
    for (seat, policy) in (0u8..).zip(policies.iter_mut()) {
        policy.start_deal(deal.seed(), deal.index(), seat);
    }
    while let Some(seat) = deal.to_act() {
        play_decision(deal, seat, policies[seat as usize].as_mut(), adjudicator)?;
    }
    Ok(())
}

/// Asks `policy` for the decision of `seat`, the seat to act, and plays it (by its position among the legal
/// actions; an illegal answer is refused by name).
pub fn play_decision<A: Adjudicator + ?Sized>(
    deal: &mut Deal,
    seat: u8,
    policy: &mut dyn Policy,
    adjudicator: &A,
) -> Result<()> {
    match policy.choose_position(&deal.observation(seat)?, deal.legal_actions()) {
        Ok(position) => deal.step_at(position, adjudicator),
        Err(illegal) => deal.step(illegal, adjudicator),
    }
}

/// How long a game lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// Wind rounds (风圈) to play, 1..4 (OC-2: 4).
    pub wind_rounds: u8,
    /// A safety stop: exhaustive draws keep the dealer, so a game of weak bots could last very long.
    pub max_deals: u64,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            wind_rounds: 4,
            max_deals: 1000,
        }
    }
}

/// Where a game stands between deals. Deal `k` of the game is deal index `k` of the game's seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    seed: u64,
    config: GameConfig,
    dealer: u8,
    round_wind: u8,
    deals_played: u64,
    over: bool,
    /// The dealer's 连庄 count (节节高), and the dealer changes in this wind round.
    streak: u8,
    passes: u8,
}

impl Game {
    pub fn new(seed: u64, config: GameConfig) -> Result<Game> {
        if !(1..=SEATS).contains(&config.wind_rounds) {
            return Err(EngineError::argument(format!(
                "wind_rounds {} must be 1..4",
                config.wind_rounds
            )));
        }
        Ok(Game {
            seed,
            config,
            dealer: 0,
            round_wind: 0,
            deals_played: 0,
            over: config.max_deals == 0,
            streak: 0,
            passes: 0,
        })
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    pub fn dealer(&self) -> u8 {
        self.dealer
    }

    pub fn round_wind(&self) -> u8 {
        self.round_wind
    }

    pub fn deals_played(&self) -> u64 {
        self.deals_played
    }

    /// The dealer's 连庄 count: the deals the dealer has kept in a row.
    pub fn dealer_streak(&self) -> u8 {
        self.streak
    }

    /// The next deal, dealt (with the dealer's 连庄 count).
    pub fn start_deal<A: Adjudicator + ?Sized>(&self, adjudicator: &A) -> Result<Deal> {
        self.start_deal_from(None, adjudicator)
    }

    /// The next deal, dealt from `wall` when one is given (a test's explicit wall), else from the game's seed;
    /// either way at the game's dealer and round wind, with the dealer's 连庄 count.
    pub fn start_deal_from<A: Adjudicator + ?Sized>(
        &self,
        wall: Option<Wall>,
        adjudicator: &A,
    ) -> Result<Deal> {
        if self.over {
            return Err(EngineError::illegal("the game is over"));
        }
        let (seed, index) = (self.seed, self.deals_played);
        let mut deal = match wall {
            None => Deal::new(seed, index, self.dealer, self.round_wind, adjudicator)?,
            Some(wall) => {
                Deal::with_wall(seed, index, wall, self.dealer, self.round_wind, adjudicator)?
            }
        };
        deal.set_dealer_streak(self.streak);
        Ok(deal)
    }

    /// Moves the game on after a deal at the default table: the dealer stays after a draw or when among the
    /// winners (一炮多响 included); otherwise the deal passes to the 下家, and the round wind advances when it
    /// returns to seat 0.
    pub fn record(&mut self, outcome: &Outcome) {
        self.record_under(outcome, &TableRules::default());
    }

    /// As [`Game::record`] under the table's rules: where the winner deals next (推倒胡 OC-29 option), the
    /// first winner takes the deal and the round wind advances after four changes of dealer; otherwise the
    /// dealer stays as `end.dealer_stays` says (MCR: never) or the deal passes to the 下家.
    pub fn record_under(&mut self, outcome: &Outcome, rules: &TableRules) {
        let next = match rules.dealer_stays {
            DealerStays::Winner => Some(outcome.winners.first().map(|w| w.seat)),
            DealerStays::FirstWin => Some(outcome.winners.first().and_then(|w| {
                if outcome.first_winners > 1 {
                    w.from
                } else {
                    Some(w.seat)
                }
            })),
            DealerStays::LastWinner => Some(outcome.winners.last().map(|w| w.seat)),
            _ => None,
        };
        if let Some(next) = next {
            self.winner_deals(next.unwrap_or(self.dealer));
        } else {
            let dealer_won = outcome.winners.iter().any(|w| w.seat == self.dealer);
            if rules.dealer_deals_again(outcome.is_exhaustive_draw(), dealer_won) {
                self.streak = self.streak.saturating_add(1);
            } else {
                self.streak = 0;
                self.dealer = (self.dealer + 1) % SEATS;
                if self.dealer == 0 {
                    self.round_wind += 1;
                    self.over |= self.round_wind >= self.config.wind_rounds;
                }
            }
        }
        self.deals_played += 1;
        self.over |= self.deals_played >= self.config.max_deals;
    }

    /// A winner (or a first win's discarder) deals next: `next`, the dealer itself after a draw.
    fn winner_deals(&mut self, next: u8) {
        if next == self.dealer {
            self.streak = self.streak.saturating_add(1);
        } else {
            self.dealer = next;
            self.streak = 0;
            self.passes += 1;
            if self.passes == SEATS {
                self.passes = 0;
                self.round_wind += 1;
                self.over |= self.round_wind >= self.config.wind_rounds;
            }
        }
    }
}

/// Plays a whole game and returns its finished deals in order.
pub fn play_game<A: Adjudicator + ?Sized>(
    seed: u64,
    config: GameConfig,
    policies: &mut [Box<dyn Policy>],
    adjudicator: &A,
) -> Result<Vec<Deal>> {
    let mut game = Game::new(seed, config)?;
    let mut deals = Vec::new();
    while !game.is_over() {
        let mut deal = game.start_deal(adjudicator)?;
        play_deal(&mut deal, policies, adjudicator)?;
        let outcome = deal
            .outcome()
            .ok_or_else(|| EngineError::illegal("a played deal has no outcome"))?;
        game.record_under(outcome, &adjudicator.table_rules());
        deals.push(deal);
    }
    Ok(deals)
}

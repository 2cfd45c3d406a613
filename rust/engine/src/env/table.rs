//! One table of an environment: a deal (or a game of deals) in which some seats learn and the others are
//! built-in bots that play natively, so that a step returns only at a learning seat's decision.
//!
//! Episodes: a deal (deal mode), or a game of deals with dealer rotation (game mode, [`GameConfig`]). When an
//! episode ends during a step, the next one starts in the same step (autoreset): the step reports the
//! settlement and `terminated`, and the observation is the new episode's first decision. A deal in which no
//! learning seat gets a decision (a bot's 天和 or 人和 before the learner acts) is no episode in deal mode: it
//! is dealt again from the next index and its payments are dropped; in game mode its payments count with the
//! next step.

use super::actions::ActionLayout;
use super::encoding::{encode, Context, Encoding};
use crate::bots::{bot_for, bot_named};
use crate::error::{EngineError, Result};
use crate::rng::Rng;
use crate::table::{
    play_decision, Adjudicator, Deal, DiscardHistory, Game, GameConfig, Policy, Wall, SEATS,
};

/// How every table of an environment plays.
#[derive(Clone, Debug)]
pub struct EnvOptions {
    /// Seats whose decisions the environment returns (bit s = seat s); the others are `opponents`.
    pub learning: u8,
    /// The built-in bot of the other seats ("random", "efficiency"); needed when some seat does not learn.
    pub opponents: Option<String>,
    pub encoding: Encoding,
    /// Game mode: an episode is a game of deals; `None`: an episode is one deal.
    pub game: Option<GameConfig>,
    /// Rewards are payments times this.
    pub reward_scale: f32,
    /// Points per step of the score columns of the observation.
    pub score_unit: i64,
    /// Start the next episode in the step that ends one (vector envs); when false the finished deal stays
    /// on the table until the next reset (the AEC and single-agent envs observe it).
    pub autoreset: bool,
}

impl Default for EnvOptions {
    fn default() -> Self {
        EnvOptions {
            learning: 1,
            opponents: Some("random".into()),
            encoding: Encoding::Compact,
            game: None,
            reward_scale: 1.0,
            score_unit: 1,
            autoreset: true,
        }
    }
}

impl EnvOptions {
    pub fn check(&self) -> Result<()> {
        if self.learning == 0 || self.learning >= 1 << SEATS {
            return Err(EngineError::argument(format!(
                "learning seats {:#06b}: at least one of the four seats must learn",
                self.learning
            )));
        }
        if self.learning != (1 << SEATS) - 1 && self.opponents.is_none() {
            return Err(EngineError::argument(
                "learning seats: some seats do not learn, so name their opponents (\"random\" or \"efficiency\")",
            ));
        }
        if let Some(name) = &self.opponents {
            bot_named(name)?;
        }
        if self.score_unit < 1 {
            return Err(EngineError::argument(format!(
                "score_unit must be at least 1, not {}",
                self.score_unit
            )));
        }
        if let Some(config) = self.game {
            Game::new(0, config)?;
        }
        Ok(())
    }
}

/// What one step brought one table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepOutcome {
    /// Payments settled during the step, by absolute seat, scaled.
    pub payments: [f32; SEATS as usize],
    pub terminated: bool,
    pub truncated: bool,
}

pub struct TableEnv {
    deal: Deal,
    history: DiscardHistory,
    /// Events of the deal already read into `history`.
    cursor: usize,
    bots: Vec<Option<Box<dyn Policy>>>,
    seed: u64,
    /// Deals dealt since the reset: the index of the next deal.
    deals: u64,
    game: Option<Game>,
    /// Points from the earlier deals of the game.
    earlier: [i64; SEATS as usize],
    /// Payments of deals settled after the step's episode ended (game mode), owed to the next step.
    owed: [i64; SEATS as usize],
    sampler: Rng,
}

/// The stream of an environment's action sampler (the bots use 1..4, the wall 0).
const SAMPLER_STREAM: u64 = 0x5341_4d50;

impl TableEnv {
    /// A table dealt its first deal of the run seeded `seed` (or from `wall`), played to a learning decision.
    pub fn new<A: Adjudicator + ?Sized>(
        seed: u64,
        wall: Option<Wall>,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<TableEnv> {
        options.check()?;
        let bots = (0..SEATS)
            .map(
                |seat| match (&options.opponents, options.learning & (1 << seat)) {
                    (Some(name), 0) => bot_for(name, adjudicator.aim()).map(Some),
                    _ => Ok(None),
                },
            )
            .collect::<Result<_>>()?;
        let mut table = TableEnv {
            deal: Deal::new(seed, 0, 0, 0, adjudicator)?,
            history: DiscardHistory::default(),
            cursor: 0,
            bots,
            seed,
            deals: 0,
            game: None,
            earlier: [0; SEATS as usize],
            owed: [0; SEATS as usize],
            sampler: Rng::for_stream(seed, 0, SAMPLER_STREAM),
        };
        table.reset(seed, wall, options, adjudicator)?;
        Ok(table)
    }

    /// Starts a new episode of the run seeded `seed`; its first deal from `wall` when given.
    pub fn reset<A: Adjudicator + ?Sized>(
        &mut self,
        seed: u64,
        wall: Option<Wall>,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<()> {
        self.seed = seed;
        self.deals = 0;
        self.owed = [0; SEATS as usize];
        self.sampler = Rng::for_stream(seed, 0, SAMPLER_STREAM);
        self.start_episode(wall, options, adjudicator)?;
        let mut ignored = StepOutcome::default();
        self.advance(&mut ignored, options, adjudicator)
    }

    fn start_episode<A: Adjudicator + ?Sized>(
        &mut self,
        wall: Option<Wall>,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<()> {
        self.earlier = [0; SEATS as usize];
        self.game = options
            .game
            .map(|config| Game::new(self.seed ^ self.deals, config))
            .transpose()?;
        self.start_deal(wall, adjudicator)
    }

    /// Deals the next deal: the game's dealer and wind, or in deal mode dealer `index mod 4`, East round.
    fn start_deal<A: Adjudicator + ?Sized>(
        &mut self,
        wall: Option<Wall>,
        adjudicator: &A,
    ) -> Result<()> {
        let index = self.deals;
        let (dealer, wind) = match &self.game {
            Some(game) => (game.dealer(), game.round_wind()),
            None => ((index % u64::from(SEATS)) as u8, 0),
        };
        match wall {
            Some(wall) => {
                self.deal = Deal::with_wall(self.seed, index, wall, dealer, wind, adjudicator)?
            }
            None => self
                .deal
                .redeal(self.seed, index, dealer, wind, adjudicator)?,
        }
        // A deal of a game is scored with the dealer's 连庄 count (节节高, Taiwan's 连庄 台), as `Game::start_deal`
        // deals it; a deal of deal mode keeps the 0 it was built with.
        if let Some(game) = &self.game {
            self.deal.set_dealer_streak(game.dealer_streak());
        }
        self.deals += 1;
        for (seat, bot) in (0u8..).zip(self.bots.iter_mut()) {
            if let Some(bot) = bot {
                bot.start_deal(self.seed, index, seat);
            }
        }
        self.history.clear();
        self.cursor = 0;
        Ok(())
    }

    /// Plays the bots' decisions (and autoresets) until a learning seat must decide.
    fn advance<A: Adjudicator + ?Sized>(
        &mut self,
        out: &mut StepOutcome,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<()> {
        let mut ended = false;
        let mut payments = self.owed;
        self.owed = [0; SEATS as usize];
        loop {
            match self.deal.to_act() {
                Some(seat) if options.learning & (1 << seat) != 0 => break,
                Some(seat) => {
                    let bot = self.bots[usize::from(seat)]
                        .as_mut()
                        .ok_or_else(|| EngineError::argument("a seat without a bot"))?;
                    play_decision(&mut self.deal, seat, bot.as_mut(), adjudicator)?;
                }
                None => {
                    let outcome = self
                        .deal
                        .outcome()
                        .ok_or_else(|| EngineError::illegal("a finished deal has no outcome"))?;
                    let paid = outcome.payments();
                    let episode_over = match &mut self.game {
                        None => true,
                        Some(game) => {
                            game.record_under(outcome, &adjudicator.table_rules());
                            for (sum, p) in self.earlier.iter_mut().zip(paid) {
                                *sum += p;
                            }
                            game.is_over()
                        }
                    };
                    if !ended {
                        add(&mut payments, paid);
                    } else if self.game.is_some() {
                        add(&mut self.owed, paid);
                    }
                    if episode_over {
                        if !ended {
                            let truncated = self.game.as_ref().is_some_and(|g| {
                                options.game.is_some_and(|c| g.round_wind() < c.wind_rounds)
                            });
                            out.truncated = truncated;
                            out.terminated = !truncated;
                        }
                        ended = true;
                        if !options.autoreset {
                            break;
                        }
                        self.start_episode(None, options, adjudicator)?;
                    } else {
                        self.start_deal(None, adjudicator)?;
                    }
                }
            }
        }
        for (o, p) in out.payments.iter_mut().zip(payments) {
            *o = p as f32 * options.reward_scale;
        }
        Ok(())
    }

    /// The seat to decide (always a learning seat between steps; 0 once an episode is over without
    /// autoreset).
    pub fn to_act(&self) -> u8 {
        self.deal.to_act().unwrap_or(0)
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Whether action `index` is legal now.
    pub fn is_legal(&self, layout: &ActionLayout, index: usize) -> bool {
        layout
            .action(index)
            .is_ok_and(|a| self.deal.legal_actions().contains(&a))
    }

    /// Applies the learning seat's action `index` and plays on to the next learning decision.
    pub fn step<A: Adjudicator + ?Sized>(
        &mut self,
        layout: &ActionLayout,
        index: usize,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<StepOutcome> {
        let action = layout.action(index)?;
        self.deal.step(action, adjudicator)?;
        let mut out = StepOutcome::default();
        self.advance(&mut out, options, adjudicator)?;
        Ok(out)
    }

    /// The action index `bot` would choose at the current decision (a teacher for imitation learning).
    pub fn suggest(&self, layout: &ActionLayout, bot: &mut dyn Policy) -> Result<usize> {
        let seat = self.to_act();
        let action = bot.choose(&self.deal.observation(seat)?, self.deal.legal_actions());
        layout
            .index(action)
            .ok_or_else(|| EngineError::illegal(format!("{action} has no index at this table")))
    }

    /// A uniformly random legal action index, from the table's own seeded stream.
    pub fn sample(&mut self, layout: &ActionLayout) -> usize {
        let legal = self.deal.legal_actions();
        let pick = self.sampler.below(legal.len() as u64) as usize;
        legal.get(pick).and_then(|&a| layout.index(a)).unwrap_or(0)
    }

    /// Writes what `seat` sees and its legal mask (all false unless it is to act).
    pub fn observe(
        &mut self,
        seat: u8,
        layout: &ActionLayout,
        options: &EnvOptions,
        obs: &mut [u8],
        mask: &mut [bool],
    ) -> Result<()> {
        for event in &self.deal.events()[self.cursor..] {
            self.history.record(event);
        }
        self.cursor = self.deal.events().len();
        let view = self.deal.observation(seat)?;
        let context = Context {
            earlier_points: self.earlier,
            score_unit: options.score_unit,
        };
        encode(options.encoding, &view, &self.history, &context, obs);
        if self.deal.to_act() == Some(seat) {
            layout.write_mask(self.deal.legal_actions(), mask);
        } else {
            mask.fill(false);
        }
        Ok(())
    }
}

fn add(total: &mut [i64; SEATS as usize], paid: [i64; SEATS as usize]) {
    for (t, p) in total.iter_mut().zip(paid) {
        *t += p;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::ShapeRules;

    #[test]
    fn a_deal_of_a_game_is_dealt_with_the_dealers_streak() {
        let options = EnvOptions {
            learning: 0b1111,
            opponents: None,
            game: Some(GameConfig {
                wind_rounds: 1,
                max_deals: 64,
            }),
            ..EnvOptions::default()
        };
        let rules = ShapeRules::CHICKEN;
        let layout = ActionLayout::new(&rules.table_rules());
        let mut table = TableEnv::new(3, None, &options, &rules).expect("a table");
        let mut kept = 0;
        for _ in 0..3000 {
            let streak = table.game.as_ref().expect("game mode").dealer_streak();
            assert_eq!(table.deal.dealer_streak(), streak);
            kept += usize::from(streak > 0);
            let action = table.sample(&layout);
            table
                .step(&layout, action, &options, &rules)
                .expect("stepped");
        }
        assert!(kept > 0, "some dealer kept the deal");
    }
}

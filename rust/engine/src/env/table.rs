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
use crate::bots::{bot_for, check_bot_name};
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
                "learning seats: some seats do not learn, so name their opponents (\"random\", \"efficiency\" or \"advisor\")",
            ));
        }
        if let Some(name) = &self.opponents {
            check_bot_name(name)?;
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

/// Where the current episode began, which with the actions taken since rebuilds the table exactly
/// ([`TableEnv::snapshot`], [`TableEnv::restore`]): everything else (bots, game, the next deal's wall) follows
/// from the seed and the deal index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpisodeStart {
    pub seed: u64,
    /// The index of the episode's first deal in the table's stream.
    pub deal: u64,
    /// The first deal's wall when the caller gave one (wall codes in draw order).
    pub wall: Option<Vec<u8>>,
    /// Started by a reset (its opening payments are dropped) rather than by autoreset within a step (they are
    /// owed to the next step).
    pub by_reset: bool,
}

/// A table's state as data: its episode's start, the learning decisions taken since (action indices, in
/// order) and the action sampler's stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub start: EpisodeStart,
    pub actions: Vec<u32>,
    pub sampler: [u64; 4],
}

/// How the last finished deal ended, for the terminal information of an episode: per seat, whether it won,
/// its fan and its pattern row; and the discarder of the first winning tile (`None`: self-drawn or no win).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealEnd {
    pub won: [bool; SEATS as usize],
    pub fan: [u32; SEATS as usize],
    pub pattern: [Option<u8>; SEATS as usize],
    pub discarder: Option<u8>,
    /// The deal's settlement, unscaled.
    pub payments: [i64; SEATS as usize],
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
    /// Where the current episode began, and the learning decisions since: enough to rebuild the table.
    episode: EpisodeStart,
    actions: Vec<u32>,
    /// The last finished deal's end.
    last_end: DealEnd,
    /// The acting seat's view of the finished episode, written when an episode ends and autoreset deals the
    /// next one in the same step (`terminal_observation` in Stable-Baselines3's terms); empty until then.
    final_obs: Vec<u8>,
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
            episode: EpisodeStart {
                seed,
                deal: 0,
                wall: None,
                by_reset: true,
            },
            actions: Vec::new(),
            last_end: DealEnd::default(),
            final_obs: Vec::new(),
        };
        table.reset(Some(seed), wall, options, adjudicator)?;
        Ok(table)
    }

    /// Starts a new episode: of the run seeded `seed` (from its first deal, the action sampler restarted),
    /// or with `None` from the next deal of the table's own stream (Gymnasium's unseeded reset: the same seed
    /// gives the same sequence of episodes); its first deal from `wall` when given.
    pub fn reset<A: Adjudicator + ?Sized>(
        &mut self,
        seed: Option<u64>,
        wall: Option<Wall>,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<()> {
        if let Some(seed) = seed {
            self.seed = seed;
            self.deals = 0;
            self.sampler = Rng::for_stream(seed, 0, SAMPLER_STREAM);
        }
        self.owed = [0; SEATS as usize];
        self.start_episode(wall, true, options, adjudicator)?;
        let mut ignored = StepOutcome::default();
        self.advance(None, &mut ignored, options, adjudicator)
            .map(|_| ())
    }

    /// The table as data: [`restore`](TableEnv::restore) on a table of the same rules and options rebuilds
    /// it exactly (its next steps, observations and samples are the same).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            start: self.episode.clone(),
            actions: self.actions.clone(),
            sampler: self.sampler.state(),
        }
    }

    /// Rebuilds the table from `snapshot`: deals the episode's start again and replays its decisions (the
    /// bots and the game follow from the seed), then resumes the sampler.
    pub fn restore<A: Adjudicator + ?Sized>(
        &mut self,
        snapshot: &Snapshot,
        layout: &ActionLayout,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<()> {
        let sampler = Rng::from_state(snapshot.sampler)
            .ok_or_else(|| EngineError::argument("snapshot: the sampler state is all zero"))?;
        let start = &snapshot.start;
        let wall = match &start.wall {
            Some(codes) => Some(Wall::from_codes(codes.clone(), &adjudicator.table_rules())?),
            None => None,
        };
        self.seed = start.seed;
        self.deals = start.deal;
        self.owed = [0; SEATS as usize];
        self.start_episode(wall, start.by_reset, options, adjudicator)?;
        let mut opening = StepOutcome::default();
        let raw = self.advance(None, &mut opening, options, adjudicator)?;
        if !start.by_reset {
            // Deals the autoreset settled before the first decision are owed to the next step, as they were.
            self.owed = raw;
        }
        for &action in &snapshot.actions {
            if self.deal.to_act().is_none() {
                return Err(EngineError::argument(
                    "snapshot: more decisions than the episode holds",
                ));
            }
            if !self.is_legal(layout, action as usize) {
                return Err(EngineError::argument(format!(
                    "snapshot: action {action} is not legal where the episode replays it"
                )));
            }
            self.step(layout, action as usize, options, adjudicator)?;
        }
        self.sampler = sampler;
        Ok(())
    }

    /// How the last finished deal ended.
    pub fn last_end(&self) -> &DealEnd {
        &self.last_end
    }

    /// The acting seat's view of the episode that ended in the last step (autoreset); empty before any.
    pub fn final_observation(&self) -> &[u8] {
        &self.final_obs
    }

    fn start_episode<A: Adjudicator + ?Sized>(
        &mut self,
        wall: Option<Wall>,
        by_reset: bool,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<()> {
        self.episode = EpisodeStart {
            seed: self.seed,
            deal: self.deals,
            wall: wall.as_ref().map(|w| w.order().to_vec()),
            by_reset,
        };
        self.actions.clear();
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

    /// Plays the bots' decisions (and autoresets) until a learning seat must decide; returns the unscaled
    /// payments it writes into `out`. `acting`: the seat whose decision the step applied (its view of an
    /// episode that ends is kept as the final observation).
    fn advance<A: Adjudicator + ?Sized>(
        &mut self,
        acting: Option<u8>,
        out: &mut StepOutcome,
        options: &EnvOptions,
        adjudicator: &A,
    ) -> Result<[i64; SEATS as usize]> {
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
                    self.last_end = deal_end(outcome, paid);
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
                        if let Some(seat) = acting {
                            self.keep_final_observation(seat, options)?;
                        }
                        self.start_episode(None, false, options, adjudicator)?;
                    } else {
                        self.start_deal(None, adjudicator)?;
                    }
                }
            }
        }
        for (o, p) in out.payments.iter_mut().zip(payments) {
            *o = p as f32 * options.reward_scale;
        }
        Ok(payments)
    }

    /// Encodes what `seat` sees of the finished deal into the final observation (before autoreset replaces
    /// the deal).
    fn keep_final_observation(&mut self, seat: u8, options: &EnvOptions) -> Result<()> {
        let mut kept = std::mem::take(&mut self.final_obs);
        kept.resize(options.encoding.size(), 0);
        let encoded = self.encode_planes(seat, options, &mut kept);
        self.final_obs = kept;
        encoded
    }

    /// Writes the planes `seat` sees now into `obs` (the discard history read up to the deal's last event).
    fn encode_planes(&mut self, seat: u8, options: &EnvOptions, obs: &mut [u8]) -> Result<()> {
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
        let acting = self.deal.to_act();
        self.deal.step(action, adjudicator)?;
        self.actions.push(index as u32);
        let mut out = StepOutcome::default();
        self.advance(acting, &mut out, options, adjudicator)?;
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
        self.encode_planes(seat, options, obs)?;
        if self.deal.to_act() == Some(seat) {
            layout.write_mask(self.deal.legal_actions(), mask);
        } else {
            mask.fill(false);
        }
        Ok(())
    }
}

fn deal_end(outcome: &crate::table::Outcome, payments: [i64; SEATS as usize]) -> DealEnd {
    let mut end = DealEnd {
        payments,
        discarder: outcome.winners.first().and_then(|w| w.from),
        ..DealEnd::default()
    };
    for winner in &outcome.winners {
        let seat = usize::from(winner.seat);
        end.won[seat] = true;
        end.fan[seat] = winner.info.fan;
        end.pattern[seat] = winner.info.pattern;
    }
    end
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

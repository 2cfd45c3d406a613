//! Many tables stepped in one call: each table is independent, so the batch is split over a rayon pool and
//! every table writes its own rows of preallocated output buffers (observation, mask, reward, settlement,
//! flags, seat to act). Table `i` of a run seeded `seed` plays the deals of its own seed
//! `mix(seed, i)`, so results depend on the seed alone, never on the thread count.

use rayon::prelude::*;

use super::actions::ActionLayout;
use super::table::{EnvOptions, Snapshot, StepOutcome, TableEnv};
use crate::error::{EngineError, Result};
use crate::rng::Rng;
use crate::table::{Adjudicator, Wall, SEATS};

/// The buffers a step writes, one row per table.
pub struct Outputs<'a> {
    /// `num_envs × encoding.size()`
    pub obs: &'a mut [u8],
    /// `num_envs × actions`
    pub mask: &'a mut [bool],
    /// The acting seat's reward: what it gained or paid in settlements during the step, scaled.
    pub reward: &'a mut [f32],
    /// `num_envs × 4`: every seat's settlement during the step (absolute seats), scaled.
    pub payments: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    /// The seat whose decision the observation shows.
    pub seat: &'a mut [u8],
}

/// One table and its rows of the outputs, as the zipped iterators yield them.
type Row<'a> = (
    usize,
    (
        (
            (
                (
                    (
                        ((&'a mut TableEnv, &'a mut [u8]), &'a mut [bool]),
                        &'a mut [f32],
                    ),
                    &'a mut f32,
                ),
                &'a mut bool,
            ),
            &'a mut bool,
        ),
        &'a mut u8,
    ),
);

/// Tables per task of a parallel step, at most. A step ends when its slowest thread does, and a table's
/// share of a step varies widely (a learner's turn, or three opponents' turns and a new deal), so the tasks
/// are kept small enough that a thread that runs out of tables can always steal some: rayon's own split
/// would leave each thread a long run of tables it cannot hand over, and the other thread idle behind it.
const TABLES_PER_TASK: usize = 4;

/// The stream deriving each table's seed from the run's.
const TABLE_SEED_STREAM: u64 = 0x5441_424c;

/// The seed of table `index` of a run seeded `seed`.
pub fn table_seed(seed: u64, index: usize) -> u64 {
    Rng::for_stream(seed, index as u64, TABLE_SEED_STREAM).next_u64()
}

pub struct VectorEnv {
    tables: Vec<TableEnv>,
    layout: ActionLayout,
    options: EnvOptions,
    pool: rayon::ThreadPool,
}

impl VectorEnv {
    pub fn new<A: Adjudicator + Sync + ?Sized>(
        num_envs: usize,
        seed: u64,
        options: EnvOptions,
        threads: Option<usize>,
        adjudicator: &A,
    ) -> Result<VectorEnv> {
        if num_envs == 0 {
            return Err(EngineError::argument("num_envs must be at least 1"));
        }
        options.check()?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()
            .map_err(|e| {
                EngineError::argument(format!(
                    "cannot start {} threads: {e}",
                    crate::sim::simulate::threads_text(threads)
                ))
            })?;
        let tables = pool.install(|| {
            (0..num_envs)
                .into_par_iter()
                .map(|i| TableEnv::new(table_seed(seed, i), None, &options, adjudicator))
                .collect::<Result<Vec<_>>>()
        })?;
        Ok(VectorEnv {
            tables,
            layout: ActionLayout::new(&adjudicator.table_rules()),
            options,
            pool,
        })
    }

    /// Whether to step the tables on the calling thread: handing a few tables to the pool (waking its
    /// workers) costs more than stepping them (the AEC env steps one).
    fn sequential(&self) -> bool {
        let threads = self.pool.current_num_threads();
        threads <= 1 || self.tables.len() < 2 * threads
    }

    pub fn num_envs(&self) -> usize {
        self.tables.len()
    }

    pub fn layout(&self) -> &ActionLayout {
        &self.layout
    }

    pub fn options(&self) -> &EnvOptions {
        &self.options
    }

    pub fn table(&self, index: usize) -> Result<&TableEnv> {
        self.tables.get(index).ok_or_else(|| self.no_table(index))
    }

    fn no_table(&self, index: usize) -> EngineError {
        EngineError::argument(format!(
            "env {index} does not exist: there are {} (0..{})",
            self.tables.len(),
            self.tables.len() - 1
        ))
    }

    /// Restarts every table's episode for the run seeded `seed`, or with `None` from the next deal of each
    /// table's own stream; `walls[i]`, when given, is table i's first wall. Writes the first observations.
    pub fn reset<A: Adjudicator + Sync + ?Sized>(
        &mut self,
        seed: Option<u64>,
        mut walls: Vec<Option<Wall>>,
        adjudicator: &A,
        out: Outputs<'_>,
    ) -> Result<()> {
        if walls.is_empty() {
            walls.resize_with(self.tables.len(), || None);
        }
        if walls.len() != self.tables.len() {
            return Err(EngineError::argument(format!(
                "{} walls given for {} envs: give one (or None) per env",
                walls.len(),
                self.tables.len()
            )));
        }
        let options = &self.options;
        let reset = |(i, (table, wall)): (usize, (&mut TableEnv, Option<Wall>))| {
            table.reset(seed.map(|s| table_seed(s, i)), wall, options, adjudicator)
        };
        if self.sequential() {
            self.tables
                .iter_mut()
                .zip(walls)
                .enumerate()
                .try_for_each(reset)?;
        } else {
            self.pool.install(|| {
                self.tables
                    .par_iter_mut()
                    .zip(walls)
                    .enumerate()
                    .try_for_each(reset)
            })?;
        }
        self.write_all(&[], adjudicator, out)
    }

    /// Applies one action index per table (each must be legal: otherwise nothing changes and the error
    /// names the table), plays on to every table's next learning decision and writes the outputs.
    pub fn step<A: Adjudicator + Sync + ?Sized>(
        &mut self,
        actions: &[i64],
        adjudicator: &A,
        out: Outputs<'_>,
    ) -> Result<()> {
        if actions.len() != self.tables.len() {
            return Err(EngineError::argument(format!(
                "{} actions given for {} envs",
                actions.len(),
                self.tables.len()
            )));
        }
        if let Some((i, &a)) = actions.iter().enumerate().find(|&(i, &a)| {
            !usize::try_from(a).is_ok_and(|a| self.tables[i].is_legal(&self.layout, a))
        }) {
            let legal: Vec<usize> = self.tables[i]
                .deal()
                .legal_actions()
                .iter()
                .filter_map(|&l| self.layout.index(l))
                .collect();
            return Err(EngineError::illegal(format!(
                "env {i}: action {a} is not legal now; legal: {legal:?}"
            )));
        }
        self.write_all(actions, adjudicator, out)
    }

    /// Steps the tables with `actions` (none: only writes their observations) and fills the outputs.
    fn write_all<A: Adjudicator + Sync + ?Sized>(
        &mut self,
        actions: &[i64],
        adjudicator: &A,
        out: Outputs<'_>,
    ) -> Result<()> {
        let n = self.tables.len();
        let (obs_size, actions_size) = (self.options.encoding.size(), self.layout.len());
        let sizes = [
            (out.obs.len(), n * obs_size, "obs"),
            (out.mask.len(), n * actions_size, "mask"),
            (out.reward.len(), n, "reward"),
            (out.payments.len(), n * SEATS as usize, "payments"),
            (out.terminated.len(), n, "terminated"),
            (out.truncated.len(), n, "truncated"),
            (out.seat.len(), n, "seat"),
        ];
        if let Some((got, want, name)) = sizes.iter().find(|(got, want, _)| got != want) {
            return Err(EngineError::argument(format!(
                "the {name} buffer holds {got} values, {want} needed"
            )));
        }
        let (layout, options) = (&self.layout, &self.options);
        let step_row = |(
            i,
            (((((((table, obs), mask), payments), reward), terminated), truncated), seat),
        ): Row<'_>| {
            let table: &mut TableEnv = table;
            let mut outcome = StepOutcome::default();
            *reward = 0.0;
            if let Some(&action) = actions.get(i) {
                let acting = table.to_act();
                outcome = table.step(layout, action as usize, options, adjudicator)?;
                *reward = outcome.payments[usize::from(acting)];
            }
            payments.copy_from_slice(&outcome.payments);
            *terminated = outcome.terminated;
            *truncated = outcome.truncated;
            *seat = table.to_act();
            table.observe(*seat, layout, options, obs, mask)
        };
        if self.sequential() {
            return self
                .tables
                .iter_mut()
                .zip(out.obs.chunks_mut(obs_size))
                .zip(out.mask.chunks_mut(actions_size))
                .zip(out.payments.chunks_mut(SEATS as usize))
                .zip(out.reward.iter_mut())
                .zip(out.terminated.iter_mut())
                .zip(out.truncated.iter_mut())
                .zip(out.seat.iter_mut())
                .enumerate()
                .try_for_each(step_row);
        }
        self.pool.install(|| {
            self.tables
                .par_iter_mut()
                .zip(out.obs.par_chunks_mut(obs_size))
                .zip(out.mask.par_chunks_mut(actions_size))
                .zip(out.payments.par_chunks_mut(SEATS as usize))
                .zip(out.reward.par_iter_mut())
                .zip(out.terminated.par_iter_mut())
                .zip(out.truncated.par_iter_mut())
                .zip(out.seat.par_iter_mut())
                .enumerate()
                .with_max_len(TABLES_PER_TASK)
                .try_for_each(step_row)
        })
    }

    /// Rebuilds table `index` from a [`TableEnv::snapshot`] of a table of the same rules and options.
    pub fn restore<A: Adjudicator + ?Sized>(
        &mut self,
        index: usize,
        snapshot: &Snapshot,
        adjudicator: &A,
    ) -> Result<()> {
        let err = self.no_table(index);
        let table = self.tables.get_mut(index).ok_or(err)?;
        table.restore(snapshot, &self.layout, &self.options, adjudicator)
    }

    /// Steps table `index` alone, writing no outputs (the AEC env observes on demand): the action must be
    /// legal.
    pub fn step_table<A: Adjudicator + ?Sized>(
        &mut self,
        index: usize,
        action: usize,
        adjudicator: &A,
    ) -> Result<StepOutcome> {
        let err = self.no_table(index);
        let table = self.tables.get_mut(index).ok_or(err)?;
        if !table.is_legal(&self.layout, action) {
            return Err(EngineError::illegal(format!(
                "env {index}: action {action} is not legal now"
            )));
        }
        table.step(&self.layout, action, &self.options, adjudicator)
    }

    /// One uniformly random legal action per table, from each table's seeded stream.
    pub fn sample(&mut self, out: &mut [i64]) -> Result<()> {
        if out.len() != self.tables.len() {
            return Err(EngineError::argument(format!(
                "the actions buffer holds {} values, {} needed",
                out.len(),
                self.tables.len()
            )));
        }
        let layout = &self.layout;
        for (table, slot) in self.tables.iter_mut().zip(out) {
            *slot = table.sample(layout) as i64;
        }
        Ok(())
    }

    /// The action index the built-in bot `name` would choose at each table's current decision (the efficiency
    /// bot playing for the table's aim, as the opponents do).
    pub fn suggest<A: Adjudicator + ?Sized>(
        &mut self,
        name: &str,
        adjudicator: &A,
        out: &mut [i64],
    ) -> Result<()> {
        if out.len() != self.tables.len() {
            return Err(EngineError::argument(format!(
                "the actions buffer holds {} values, {} needed",
                out.len(),
                self.tables.len()
            )));
        }
        let mut bot = crate::bots::bot_for(name, adjudicator.aim())?;
        for (table, slot) in self.tables.iter().zip(out) {
            *slot = table.suggest(&self.layout, bot.as_mut())? as i64;
        }
        Ok(())
    }

    /// What `seat` of table `index` sees now, and its mask (all false unless it is to act).
    pub fn observe(
        &mut self,
        index: usize,
        seat: u8,
        obs: &mut [u8],
        mask: &mut [bool],
    ) -> Result<()> {
        if seat >= SEATS {
            return Err(EngineError::argument(format!("seat {seat} is not 0..3")));
        }
        if obs.len() != self.options.encoding.size() || mask.len() != self.layout.len() {
            return Err(EngineError::argument(
                "the observation or mask buffer has the wrong size",
            ));
        }
        let err = self.no_table(index);
        let table = self.tables.get_mut(index).ok_or(err)?;
        table.observe(seat, &self.layout, &self.options, obs, mask)
    }
}

/// Owned output buffers sized for one env (tests, benchmarks and examples; the Python side passes numpy
/// arrays instead).
#[derive(Clone, PartialEq, Debug)]
pub struct Buffers {
    pub obs: Vec<u8>,
    pub mask: Vec<bool>,
    pub reward: Vec<f32>,
    pub payments: Vec<f32>,
    pub terminated: Vec<bool>,
    pub truncated: Vec<bool>,
    pub seat: Vec<u8>,
}

impl Buffers {
    /// Zeroed buffers of `env`'s sizes.
    pub fn of(env: &VectorEnv) -> Buffers {
        let n = env.num_envs();
        Buffers {
            obs: vec![0; n * env.options().encoding.size()],
            mask: vec![false; n * env.layout().len()],
            reward: vec![0.0; n],
            payments: vec![0.0; n * SEATS as usize],
            terminated: vec![false; n],
            truncated: vec![false; n],
            seat: vec![0; n],
        }
    }

    /// The buffers as a step's outputs.
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            obs: &mut self.obs,
            mask: &mut self.mask,
            reward: &mut self.reward,
            payments: &mut self.payments,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            seat: &mut self.seat,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::ShapeRules;

    fn self_play() -> EnvOptions {
        EnvOptions {
            learning: 0b1111,
            opponents: None,
            encoding: crate::env::Encoding::Extended,
            ..EnvOptions::default()
        }
    }

    /// Plays `steps` random steps and returns every step's outputs.
    fn run(options: EnvOptions, threads: usize, steps: usize) -> Vec<Buffers> {
        let rules = ShapeRules::CHICKEN;
        let mut env = VectorEnv::new(6, 7, options, Some(threads), &rules).expect("env");
        let mut out = Buffers::of(&env);
        env.reset(Some(7), vec![], &rules, out.outputs())
            .expect("reset");
        let mut actions = vec![0i64; env.num_envs()];
        let mut seen = vec![out.clone()];
        for _ in 0..steps {
            env.sample(&mut actions).expect("sampled");
            env.step(&actions, &rules, out.outputs()).expect("stepped");
            seen.push(out.clone());
        }
        seen
    }

    #[test]
    fn the_mask_is_exactly_the_legal_actions_at_every_decision() {
        let rules = ShapeRules::CHICKEN;
        let mut env = VectorEnv::new(8, 3, self_play(), Some(1), &rules).expect("env");
        let mut out = Buffers::of(&env);
        env.reset(Some(3), vec![], &rules, out.outputs())
            .expect("reset");
        let mut actions = vec![0i64; env.num_envs()];
        let (width, mut claims, mut episodes) = (env.layout().len(), 0, 0);
        for _ in 0..3000 {
            for i in 0..env.num_envs() {
                let deal = env.table(i).expect("a table").deal();
                assert_eq!(deal.to_act(), Some(out.seat[i]));
                let mut legal: Vec<usize> = deal
                    .legal_actions()
                    .iter()
                    .map(|&a| {
                        env.layout()
                            .index(a)
                            .expect("every legal action has an index")
                    })
                    .collect();
                legal.sort_unstable();
                let masked: Vec<usize> = (0..width).filter(|&a| out.mask[i * width + a]).collect();
                assert_eq!(masked, legal);
                claims += usize::from(deal.legal_actions().contains(&crate::table::Action::Pass));
            }
            env.sample(&mut actions).expect("sampled");
            env.step(&actions, &rules, out.outputs()).expect("stepped");
            for i in 0..env.num_envs() {
                if out.terminated[i] {
                    episodes += 1;
                    let total: f32 = out.payments[4 * i..4 * i + 4].iter().sum();
                    assert_eq!(total, 0.0, "zero-sum settlement");
                }
            }
        }
        assert!(
            claims > 100 && episodes > 20,
            "{claims} claim decisions, {episodes} episodes"
        );
        let illegal = vec![-1i64; env.num_envs()];
        let before = out.clone();
        assert!(env.step(&illegal, &rules, out.outputs()).is_err());
        assert_eq!(out, before, "an illegal action changes nothing");
    }

    #[test]
    fn a_seed_gives_the_same_steps_whatever_the_thread_count() {
        let one = run(self_play(), 1, 400);
        assert_eq!(one, run(self_play(), 2, 400));
        let against_bots = EnvOptions {
            opponents: Some("efficiency".into()),
            ..EnvOptions::default()
        };
        assert_eq!(run(against_bots.clone(), 1, 200), run(against_bots, 2, 200));
    }

    #[test]
    fn game_mode_plays_several_deals_per_episode() {
        let game = EnvOptions {
            game: Some(crate::table::GameConfig {
                wind_rounds: 1,
                max_deals: 12,
            }),
            ..EnvOptions::default()
        };
        let rules = ShapeRules::CHICKEN;
        let mut env = VectorEnv::new(1, 5, game, Some(1), &rules).expect("env");
        let mut out = Buffers::of(&env);
        env.reset(Some(5), vec![], &rules, out.outputs())
            .expect("reset");
        let (mut episodes, mut deals, mut last) = (0, 1, 0);
        let mut actions = [0i64];
        while episodes < 5 {
            env.sample(&mut actions).expect("sampled");
            env.step(&actions, &rules, out.outputs()).expect("stepped");
            episodes += usize::from(out.terminated[0] || out.truncated[0]);
            let index = env.table(0).expect("a table").deal().index();
            deals += usize::from(index != last);
            last = index;
        }
        assert!(deals >= 2 * episodes, "{deals} deals in {episodes} games");
    }

    /// Steps `env` `steps` times with sampled actions and returns the outputs of each step.
    fn play_on(env: &mut VectorEnv, steps: usize) -> Vec<Buffers> {
        let rules = ShapeRules::CHICKEN;
        let mut out = Buffers::of(env);
        let mut actions = vec![0i64; env.num_envs()];
        (0..steps)
            .map(|_| {
                env.sample(&mut actions).expect("sampled");
                env.step(&actions, &rules, out.outputs()).expect("stepped");
                out.clone()
            })
            .collect()
    }

    #[test]
    fn a_restored_table_steps_exactly_as_the_original() {
        let rules = ShapeRules::CHICKEN;
        let game = EnvOptions {
            game: Some(crate::table::GameConfig {
                wind_rounds: 1,
                max_deals: 8,
            }),
            ..EnvOptions::default()
        };
        for options in [EnvOptions::default(), self_play(), game] {
            let mut env = VectorEnv::new(4, 9, options.clone(), Some(1), &rules).expect("env");
            for checkpoint in [0, 37, 211] {
                play_on(&mut env, checkpoint);
                let mut copy = VectorEnv::new(4, 1, options.clone(), Some(1), &rules).expect("env");
                for i in 0..4 {
                    let snapshot = env.table(i).expect("a table").snapshot();
                    copy.restore(i, &snapshot, &rules).expect("restored");
                    assert_eq!(copy.table(i).expect("a table").snapshot(), snapshot);
                }
                assert_eq!(play_on(&mut copy, 150), play_on(&mut env, 150));
            }
        }
    }

    #[test]
    fn an_unseeded_reset_continues_each_tables_stream() {
        let rules = ShapeRules::CHICKEN;
        let mut env = VectorEnv::new(3, 4, EnvOptions::default(), Some(1), &rules).expect("env");
        let mut out = Buffers::of(&env);
        let deals = |env: &VectorEnv| -> Vec<u64> {
            (0..3)
                .map(|i| env.table(i).expect("a table").deal().index())
                .collect()
        };
        env.reset(Some(4), vec![], &rules, out.outputs())
            .expect("reset");
        let first = deals(&env);
        env.reset(None, vec![], &rules, out.outputs())
            .expect("reset");
        let second = deals(&env);
        assert!(
            first.iter().zip(&second).all(|(a, b)| b > a),
            "{first:?} then {second:?}"
        );
        env.reset(Some(4), vec![], &rules, out.outputs())
            .expect("reset");
        assert_eq!(
            deals(&env),
            first,
            "the same seed deals the same episodes again"
        );
        env.reset(None, vec![], &rules, out.outputs())
            .expect("reset");
        assert_eq!(deals(&env), second);
    }
}

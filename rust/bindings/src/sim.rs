//! The table engine for Python: `Table` holds one deal driven one decision at a time (the base of an AI
//! environment), `play_random_deal` plays a whole deal with the random bots natively, and `simulate_random`
//! plays many in parallel with the GIL released. Wins are decided natively (鸡平胡 shapes) unless a Python
//! win check is given. The Python wrapper `mjcore.sim` turns the plain tuples used here into
//! `mjcore.sim_types` objects.

use mjcore_engine::bots::{bots_for, RandomBot};
use mjcore_engine::hand::Meld;
use mjcore_engine::rules::registry::FamilyTable;
use mjcore_engine::sim::{simulate, Stats};
use mjcore_engine::table::wall::{is_wall_code, FIRST_FLOWER};
use mjcore_engine::table::{
    play_deal, play_game, replay, Action, Adjudicator, Aim, Deal, DealContext, DealMoney, Declared,
    FinishedDeal, FirstGoAround, FlowerWin, Game, GameConfig, PayingEvent, Policy, ShapeRules,
    TableRules, Wall, WinInfo, WinSituation,
};
use mjcore_engine::{Counts, EngineError, FormSet, Tile};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use std::sync::Mutex;

use crate::convert::{meld_to_tuple, MeldTuple};
use crate::errors::{argument, IntoPyResult};
use crate::ruleset::PyRuleset;
use crate::table_rules::PyTableRules;

/// A win check written in Python: called as `win_check(counts: bytes, melds: tuple[MeldTuple, ...],
/// situation: (winner, tile, from_seat | None, robbing_kong, kong_replacement, kong_feeder | None, last_tile,
/// first_go_around: "heavenly" | "earthly" | "human" | None, winners_on_discard, dealer, round_wind,
/// feeder_already_liable))`
/// and returning the fan of a legal win or None.
///
/// An exception the function raises is kept (the engine's error can only say it failed), so that the call
/// that reached the check re-raises the very exception — `KeyboardInterrupt` included — once the table is
/// put back as it was ([`TableSetup::python_error`]).
pub(crate) struct PyWinCheck {
    check: Py<PyAny>,
    raised: Mutex<Option<PyErr>>,
}

impl PyWinCheck {
    fn new(check: Py<PyAny>) -> PyWinCheck {
        PyWinCheck {
            check,
            raised: Mutex::new(None),
        }
    }

    /// The exception the check raised since the last call, taken (None: it raised nothing).
    fn take_raised(&self) -> Option<PyErr> {
        self.raised
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
    }

    /// Keeps the first exception of a call.
    fn keep(&self, error: PyErr) {
        let mut slot = self
            .raised
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        slot.get_or_insert(error);
    }
}

impl Adjudicator for PyWinCheck {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        s: &WinSituation,
    ) -> mjcore_engine::Result<Option<WinInfo>> {
        let failed = |e: PyErr| EngineError::argument(format!("win_check failed: {e}"));
        Python::attach(|py| {
            let melds: Vec<MeldTuple> = melds.iter().map(meld_to_tuple).collect();
            let situation = (
                s.winner,
                s.tile.index(),
                s.from,
                s.robbing_kong,
                s.kong_replacement,
                s.kong_feeder,
                s.last_tile,
                s.first_go_around.map(first_go_around_name),
                s.winners_on_discard,
                s.dealer,
                s.round_wind,
                s.feeder_already_liable,
            );
            let args = (
                PyBytes::new(py, concealed),
                PyTuple::new(py, melds).map_err(failed)?,
                situation,
            );
            let result = self.check.call1(py, args).map_err(|raised| {
                let error = EngineError::argument(format!("win_check raised {raised}"));
                self.keep(raised);
                error
            })?;
            let fan: Option<u32> = result.extract(py).map_err(failed)?;
            Ok(fan.map(WinInfo::worth))
        })
    }
}

fn first_go_around_name(limit: FirstGoAround) -> &'static str {
    match limit {
        FirstGoAround::Heavenly => "heavenly",
        FirstGoAround::Earthly => "earthly",
        FirstGoAround::Human => "human",
    }
}

/// Who decides wins at a table: the engine's 鸡平胡 shapes, a family's table plug-in (its ruleset's scoring,
/// settlement and table extras), or a Python function.
pub(crate) enum WinRules {
    Shapes(ShapeRules),
    Family(FamilyTable),
    Python(PyWinCheck),
}

impl WinRules {
    /// The table plug-in of a compiled ruleset (`mjcore._core.Ruleset`, any family) at a table of `table`;
    /// with the table as the family completes it (Sichuan adds its void suit and 换三张 rules, Taiwan 眼牌).
    fn of_ruleset(
        ruleset: &Bound<'_, PyAny>,
        table: TableRules,
    ) -> PyResult<(WinRules, TableRules)> {
        let ruleset = ruleset.cast::<PyRuleset>().map_err(|_| {
            argument(format!(
                "the table plays a compiled ruleset (mjcore.load_ruleset(...).compiled), not {}",
                ruleset
                    .repr()
                    .map_or_else(|_| "this object".into(), |s| s.to_string())
            ))
        })?;
        let plugin = ruleset.get().inner.at_table(table).py_err()?;
        let table = plugin.adjudicator().table_rules();
        Ok((WinRules::Family(plugin), table))
    }
}

/// The rules of a table: who decides wins, and what the table does (the ruleset's table rules; the
/// default 136-tile table with a win check or no ruleset).
pub(crate) struct TableSetup {
    pub(crate) wins: WinRules,
    table: TableRules,
}

impl TableSetup {
    /// `ruleset`: a compiled ruleset of a family the table plays (`WinRules::of_ruleset`).
    pub(crate) fn new(
        win_check: Option<Py<PyAny>>,
        ruleset: Option<&Bound<'_, PyAny>>,
        table: Option<&PyTableRules>,
    ) -> PyResult<TableSetup> {
        let mut table = table.map_or_else(TableRules::default, |t| t.inner);
        let wins = match (win_check, ruleset) {
            (Some(_), Some(_)) => {
                return Err(argument(
                    "give a win_check or a ruleset, not both: the ruleset decides wins itself",
                ))
            }
            (Some(f), None) => WinRules::Python(PyWinCheck::new(f)),
            (None, Some(r)) => {
                let (wins, completed) = WinRules::of_ruleset(r, table)?;
                table = completed;
                wins
            }
            (None, None) => WinRules::Shapes(ShapeRules::CHICKEN),
        };
        Ok(TableSetup { wins, table })
    }

    /// Whether wins are decided by a Python function, which may raise anywhere in a step.
    pub(crate) fn calls_python(&self) -> bool {
        matches!(self.wins, WinRules::Python(_))
    }

    /// The exception a Python win check raised since the last call, taken.
    pub(crate) fn python_error(&self) -> Option<PyErr> {
        match &self.wins {
            WinRules::Python(check) => check.take_raised(),
            _ => None,
        }
    }

    /// An engine error as the Python exception to raise: the one a Python win check raised, unchanged, when
    /// it is why the engine stopped.
    pub(crate) fn error(&self, error: EngineError) -> PyErr {
        self.python_error()
            .unwrap_or_else(|| crate::errors::to_py(error))
    }

    /// Runs `change` on `deal` whole or not at all: where a Python win check decides (it may raise at any
    /// call, or be interrupted), the deal is copied first and put back on any error; the engine's own
    /// adjudicators raise nothing on a legal action, and an illegal one is refused before any change, so the
    /// copy is made only for a Python check.
    fn atomically<T>(
        &self,
        deal: &mut Deal,
        change: impl FnOnce(&mut Deal) -> mjcore_engine::Result<T>,
    ) -> PyResult<T> {
        self.python_error(); // nothing left over from an earlier call
        let saved = self.calls_python().then(|| deal.clone());
        change(deal).map_err(|error| {
            if let Some(saved) = saved {
                *deal = saved;
            }
            self.error(error)
        })
    }

    /// The adjudicator that decides.
    fn family(&self) -> &dyn Adjudicator {
        match &self.wins {
            WinRules::Shapes(rules) => rules,
            WinRules::Family(plugin) => plugin.adjudicator(),
            WinRules::Python(check) => check,
        }
    }
}

impl Adjudicator for TableSetup {
    fn judge(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
    ) -> mjcore_engine::Result<Option<WinInfo>> {
        self.family().judge(concealed, melds, situation)
    }

    /// A Python check names no forms, so it is asked about every chance.
    fn winning_forms(&self) -> Option<FormSet> {
        self.family().winning_forms()
    }

    fn table_rules(&self) -> TableRules {
        self.table
    }

    /// What the efficiency bot plays for: the family's aim (MCR: legal waits only), so that `Table.play`
    /// plays the deals `simulate` plays.
    fn aim(&self) -> Aim {
        self.family().aim()
    }

    fn settle(&self, event: &PayingEvent, dealer: u8) -> mjcore_engine::Result<Option<[i64; 4]>> {
        self.family().settle(event, dealer)
    }

    fn settle_deal(&self, deal: &FinishedDeal<'_>) -> mjcore_engine::Result<Option<DealMoney>> {
        self.family().settle_deal(deal)
    }

    fn flower_win(
        &self,
        flowers: &[u8; 4],
        dealer: u8,
        streak: u8,
    ) -> mjcore_engine::Result<Option<FlowerWin>> {
        self.family().flower_win(flowers, dealer, streak)
    }

    fn judge_in(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
        context: &DealContext<'_>,
    ) -> mjcore_engine::Result<Option<WinInfo>> {
        self.family().judge_in(concealed, melds, situation, context)
    }

    fn declare(
        &self,
        concealed: &Counts,
        melds: &[Meld],
        situation: &WinSituation,
        context: &DealContext<'_>,
    ) -> mjcore_engine::Result<Option<Declared>> {
        self.family().declare(concealed, melds, situation, context)
    }
}

/// The flowers of a mask (bit f = flower f) as flower numbers 0..7, ascending.
fn flower_numbers(mask: u8) -> Vec<u8> {
    (0..8).filter(|f| mask & (1 << f) != 0).collect()
}

/// An action as it crosses the boundary: (kind name, tile or None).
type ActionTuple = (&'static str, Option<u8>);

fn action_to_tuple(action: &Action) -> ActionTuple {
    (action.name(), action.argument())
}

/// What a seat sees, as a tuple: (seat, hand counts, drawn, melds per seat, discards per seat, wall
/// remaining, dealer, round wind, seat to act, offered (tile, from, added_kong) or None, discard history per
/// seat as (tile, claimed_by or None), and what only some families have: (flowers set aside per seat as flower
/// numbers 0..7, each seat's void suit (定缺) as far as this seat sees it, the 34 counts this seat picked to
/// pass at 换三张 (empty where the table plays none)), and 四花鬼 / 八花鬼's flowers: (the flower ghosts this seat
/// holds, each seat's discarded flower ghosts, as flower numbers 0..7; whether flowers are ghosts here)). `drawn`
/// is a drawn flower ghost's wall code 34..41.
type ObservationTuple<'py> = (
    u8,
    Bound<'py, PyBytes>,
    Option<u8>,
    Vec<Vec<MeldTuple>>,
    Vec<Vec<u8>>,
    usize,
    u8,
    u8,
    Option<u8>,
    Option<(u8, u8, bool)>,
    Vec<Vec<(u8, Option<u8>)>>,
    (
        Vec<Vec<u8>>,
        [Option<u8>; 4],
        Vec<u8>,
        (Vec<u8>, Vec<Vec<u8>>, bool),
    ),
);

/// A winner as a tuple: (seat, tile, from seat or None, robbing_kong, fan).
/// (seat, winning code, from, robbing_kong, fan, horses as (tile, buyer, seat picked)).
type WinnerTuple = (u8, u8, Option<u8>, bool, u32, Vec<(u8, u8, u8)>);

#[pyclass(module = "mjcore._core")]
pub struct Table {
    pub(crate) rules: TableSetup,
    deal: Option<Deal>,
    /// The game the deal belongs to, when `reset_game` started one (`next_deal` moves it on).
    game: Option<Game>,
}

impl Table {
    fn current(&self) -> PyResult<&Deal> {
        self.deal.as_ref().ok_or_else(|| {
            crate::errors::to_py(EngineError::illegal("no deal yet: call reset() first"))
        })
    }
}

#[pymethods]
impl Table {
    #[new]
    #[pyo3(signature = (win_check = None, ruleset = None, table_rules = None))]
    fn new(
        win_check: Option<Py<PyAny>>,
        ruleset: Option<Bound<'_, PyAny>>,
        table_rules: Option<PyRef<'_, PyTableRules>>,
    ) -> PyResult<Table> {
        Ok(Table {
            rules: TableSetup::new(win_check, ruleset.as_ref(), table_rules.as_deref())?,
            deal: None,
            game: None,
        })
    }

    /// Deals deal `deal` of the run seeded with `seed`, or from `wall` (the table's tile set as wall codes:
    /// kinds 0..34, flowers 34..42) when given.
    #[pyo3(signature = (seed, deal, dealer = 0, round_wind = 0, wall = None))]
    fn reset(
        &mut self,
        seed: u64,
        deal: u64,
        dealer: u8,
        round_wind: u8,
        wall: Option<Vec<u8>>,
    ) -> PyResult<()> {
        let table = self.rules.table_rules();
        let wall = match wall {
            None => Wall::for_deal(seed, deal, &table),
            Some(codes) => wall_of(codes, &table)?,
        };
        self.rules.python_error();
        let dealt = Deal::with_wall(seed, deal, wall, dealer, round_wind, &self.rules)
            .map_err(|e| self.rules.error(e))?;
        self.deal = Some(dealt);
        self.game = None;
        Ok(())
    }

    /// Starts a game of `wind_rounds` wind rounds (at most `max_deals` deals) and deals its first deal: deal
    /// index 0 of `seed` (or `wall`), seat 0 the dealer, East round. `next_deal` then moves the game on.
    #[pyo3(signature = (seed, wind_rounds = 4, max_deals = 1000, wall = None))]
    fn reset_game(
        &mut self,
        seed: u64,
        wind_rounds: u8,
        max_deals: u64,
        wall: Option<Vec<u8>>,
    ) -> PyResult<()> {
        let table = self.rules.table_rules();
        let wall = wall.map(|codes| wall_of(codes, &table)).transpose()?;
        let game = Game::new(
            seed,
            GameConfig {
                wind_rounds,
                max_deals,
            },
        )
        .py_err()?;
        self.rules.python_error();
        let dealt = game
            .start_deal_from(wall, &self.rules)
            .map_err(|e| self.rules.error(e))?;
        self.deal = Some(dealt);
        self.game = Some(game);
        Ok(())
    }

    /// After a finished deal of a game: records it (the dealer stays or passes as the ruleset's
    /// `end.dealer_stays` says) and deals the next one, deal index k of the game's seed; false when the game
    /// is over (the table keeps its last deal). `wall`: the next deal's wall instead of the seed's.
    #[pyo3(signature = (wall = None))]
    fn next_deal(&mut self, wall: Option<Vec<u8>>) -> PyResult<bool> {
        let table = self.rules.table_rules();
        let wall = wall.map(|codes| wall_of(codes, &table)).transpose()?;
        let (Some(game), Some(deal)) = (self.game.as_ref(), self.deal.as_ref()) else {
            return Err(crate::errors::to_py(EngineError::illegal(
                "no game: call reset_game() first (reset() deals a single deal)",
            )));
        };
        let outcome = deal.outcome().ok_or_else(|| {
            crate::errors::to_py(EngineError::illegal(
                "the deal is not over: play it to its end before the next deal",
            ))
        })?;
        if game.is_over() {
            return Ok(false);
        }
        // On a copy of the game, kept only once the next deal is dealt: whole or not at all.
        let mut game = game.clone();
        game.record_under(outcome, &self.rules.table_rules());
        if game.is_over() {
            self.game = Some(game);
            return Ok(false);
        }
        self.rules.python_error();
        let dealt = game
            .start_deal_from(wall, &self.rules)
            .map_err(|e| self.rules.error(e))?;
        self.deal = Some(dealt);
        self.game = Some(game);
        Ok(true)
    }

    /// Rebuilds the deal a log records (see `mjcore_engine::table::replay`).
    fn replay(&mut self, lines: Vec<String>) -> PyResult<()> {
        self.rules.python_error();
        let replayed = replay(&lines, &self.rules).map_err(|e| self.rules.error(e))?;
        self.deal = Some(replayed);
        self.game = None;
        Ok(())
    }

    fn to_act(&self) -> PyResult<Option<u8>> {
        Ok(self.current()?.to_act())
    }

    fn legal_actions(&self) -> PyResult<Vec<ActionTuple>> {
        Ok(self
            .current()?
            .legal_actions()
            .iter()
            .map(action_to_tuple)
            .collect())
    }

    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<ObservationTuple<'py>> {
        let view = self.current()?.observation(seat).py_err()?;
        let seats = 0..mjcore_engine::table::SEATS;
        Ok((
            seat,
            PyBytes::new(py, view.hand()),
            view.drawn()
                .map(Tile::index)
                .or(view.drawn_flower().map(|f| FIRST_FLOWER + f)),
            seats
                .clone()
                .map(|s| view.melds(s).iter().map(meld_to_tuple).collect())
                .collect(),
            seats
                .map(|s| view.discards(s).iter().map(|t| t.index()).collect())
                .collect(),
            view.wall_remaining(),
            view.dealer(),
            view.round_wind(),
            view.to_act(),
            view.offered()
                .map(|o| (o.tile.index(), o.from, o.added_kong)),
            view.discard_history()
                .iter()
                .map(|seat| {
                    seat.iter()
                        .map(|d| (d.tile.index(), d.claimed_by))
                        .collect()
                })
                .collect(),
            (
                (0..mjcore_engine::table::SEATS)
                    .map(|s| flower_numbers(view.flowers(s)))
                    .collect(),
                std::array::from_fn(|s| view.void(s as u8)),
                view.passing()
                    .map_or_else(Vec::new, |counts| counts.to_vec()),
                (
                    flower_numbers(view.flower_ghosts()),
                    (0..mjcore_engine::table::SEATS)
                        .map(|s| flower_numbers(view.discarded_flowers(s)))
                        .collect(),
                    view.flowers_are_ghosts(),
                ),
            ),
        ))
    }

    #[pyo3(signature = (kind, tile = None))]
    fn step(&mut self, kind: &str, tile: Option<u8>) -> PyResult<()> {
        let action = Action::from_parts(kind, tile).py_err()?;
        let deal = self.deal.as_mut().ok_or_else(|| {
            crate::errors::to_py(EngineError::illegal("no deal yet: call reset() first"))
        })?;
        let rules = &self.rules;
        rules.atomically(deal, |deal| deal.step(action, rules))
    }

    /// Checks the deal's invariants (every tile of the set accounted for exactly, hand sizes that fit the
    /// phase, zero-sum money, the kind masks): what debug builds check after every step, for the tests.
    fn check_invariants(&self) -> PyResult<()> {
        self.current()?.check_invariants().py_err()
    }

    fn log(&self) -> PyResult<Vec<String>> {
        Ok(self.current()?.log_lines())
    }

    /// The winners once the deal is over (empty for an exhaustive draw), None while it runs.
    fn outcome(&self) -> PyResult<Option<Vec<WinnerTuple>>> {
        let deal = self.current()?;
        Ok(deal.outcome().map(|o| {
            o.winners
                .iter()
                .map(|w| {
                    (
                        w.seat,
                        deal.winning_code(w),
                        w.from,
                        w.robbing_kong,
                        w.info.fan,
                        w.horses.iter().map(|h| (h.tile, h.buyer, h.seat)).collect(),
                    )
                })
                .collect()
        }))
    }

    /// The deal's wild kinds (ascending) and its 翻鬼 indicator, if any: public at the table.
    fn ghosts(&self) -> PyResult<(Vec<u8>, Option<u8>)> {
        let deal = self.current()?;
        let kinds = (0..34u8)
            .filter(|k| deal.ghosts() & (1 << k) != 0)
            .collect();
        Ok((kinds, deal.ghost_indicator().map(Tile::index)))
    }

    /// Sets the dealer's 连庄 count for the current deal (节节高, 买马节节高; 0 after `reset`).
    fn set_dealer_streak(&mut self, streak: u8) -> PyResult<()> {
        let deal = self.deal.as_mut().ok_or_else(|| {
            crate::errors::to_py(EngineError::illegal("no deal yet: call reset() first"))
        })?;
        deal.set_dealer_streak(streak);
        Ok(())
    }

    /// The kong money of the finished deal per seat (inside `payments`), None while it runs.
    fn kong_money(&self) -> PyResult<Option<[i64; 4]>> {
        Ok(self.current()?.outcome().map(|o| o.kong_money))
    }

    /// The horse money (789's mirror bets) inside `payments` once the deal is over, None while it runs.
    fn horse_money(&self) -> PyResult<Option<[i64; 4]>> {
        Ok(self.current()?.outcome().map(|o| o.horse_money()))
    }

    /// Each seat's money for the finished deal (zero-sum; zeros for an exhaustive draw or a table whose
    /// wins are not scored by a ruleset), None while it runs: the very sum `simulate` records.
    fn payments(&self) -> PyResult<Option<[i64; 4]>> {
        Ok(self.current()?.outcome().map(|o| o.payments()))
    }

    /// Plays the rest of the deal natively, one built-in bot per seat by name (`BOT_NAMES`); each bot is
    /// seeded by (seed, deal, seat), so a deal played from its start is the one `simulate` plays.
    fn play(&mut self, bots: Vec<String>) -> PyResult<()> {
        let mut policies = bots_for(&bots, &self.rules.aim()).py_err()?;
        let deal = self.deal.as_mut().ok_or_else(|| {
            crate::errors::to_py(EngineError::illegal("no deal yet: call reset() first"))
        })?;
        let rules = &self.rules;
        rules.atomically(deal, |deal| play_deal(deal, &mut policies, rules))
    }
}

/// A wall given as wall codes (kinds 0..34, flowers 34..42) for a table of `rules`.
pub(crate) fn wall_of(codes: Vec<u8>, rules: &TableRules) -> PyResult<Wall> {
    if let Some(bad) = codes.iter().find(|&&code| !is_wall_code(code)) {
        return Err(crate::errors::to_py(EngineError::tile(format!(
            "tile {bad} does not exist"
        ))));
    }
    Wall::from_codes(codes, rules).py_err()
}

fn random_bots() -> Vec<Box<dyn Policy>> {
    (0..4)
        .map(|_| Box::new(RandomBot::default()) as Box<dyn Policy>)
        .collect()
}

/// Plays deal `deal` of the run seeded with `seed` with four random bots and returns its event log.
#[pyfunction]
#[pyo3(signature = (seed, deal, dealer = 0, round_wind = 0, win_check = None, ruleset = None, table_rules = None))]
fn play_random_deal(
    seed: u64,
    deal: u64,
    dealer: u8,
    round_wind: u8,
    win_check: Option<Py<PyAny>>,
    ruleset: Option<Bound<'_, PyAny>>,
    table_rules: Option<PyRef<'_, PyTableRules>>,
) -> PyResult<Vec<String>> {
    let rules = TableSetup::new(win_check, ruleset.as_ref(), table_rules.as_deref())?;
    let mut table =
        Deal::new(seed, deal, dealer, round_wind, &rules).map_err(|e| rules.error(e))?;
    play_deal(&mut table, &mut random_bots(), &rules).map_err(|e| rules.error(e))?;
    Ok(table.log_lines())
}

/// Plays a whole game (wind rounds, 连庄) with four random bots and returns each deal's event log.
#[pyfunction]
#[pyo3(signature = (seed, wind_rounds = 4, max_deals = 1000, win_check = None, ruleset = None, table_rules = None))]
fn play_random_game(
    seed: u64,
    wind_rounds: u8,
    max_deals: u64,
    win_check: Option<Py<PyAny>>,
    ruleset: Option<Bound<'_, PyAny>>,
    table_rules: Option<PyRef<'_, PyTableRules>>,
) -> PyResult<Vec<Vec<String>>> {
    let rules = TableSetup::new(win_check, ruleset.as_ref(), table_rules.as_deref())?;
    let config = GameConfig {
        wind_rounds,
        max_deals,
    };
    let deals = play_game(seed, config, &mut random_bots(), &rules).map_err(|e| rules.error(e))?;
    Ok(deals.iter().map(Deal::log_lines).collect())
}

/// Plays deals `start..stop` of the run seeded with `seed` with random bots — wins by the ruleset's scoring,
/// or the 鸡平胡 shapes without one — on `threads` threads (None: all cores) with the GIL released, and
/// returns the statistics as a dict of ints and lists.
#[pyfunction]
#[pyo3(signature = (seed, start, stop, threads = None, ruleset = None, table_rules = None))]
fn simulate_random<'py>(
    py: Python<'py>,
    seed: u64,
    start: u64,
    stop: u64,
    threads: Option<usize>,
    ruleset: Option<Bound<'_, PyAny>>,
    table_rules: Option<PyRef<'_, PyTableRules>>,
) -> PyResult<Bound<'py, PyDict>> {
    let deals = start..stop;
    let rules = TableSetup::new(None, ruleset.as_ref(), table_rules.as_deref())?;
    let stats: Stats = py
        .detach(|| simulate(seed, deals, &random_bots, &rules, threads))
        .py_err()?;
    crate::simulate::stats_dict(py, &stats)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Table>()?;
    m.add_function(wrap_pyfunction!(play_random_deal, m)?)?;
    m.add_function(wrap_pyfunction!(play_random_game, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_random, m)?)?;
    Ok(())
}

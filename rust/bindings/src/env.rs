//! The native vectorised environment for Python (`mjcore.env.VectorEnv` wraps it): tables stepped with the
//! GIL released, writing into numpy buffers the caller allocated once. Its rules are those of a native
//! `Table` (whatever family the table was built for), borrowed for each call.

use mjcore_engine::env::encoding::{INFO_COLUMNS, PLANES};
use mjcore_engine::env::{
    Encoding, EnvOptions, EpisodeStart, Outputs, Snapshot, VectorEnv as Core,
};
use mjcore_engine::table::{Adjudicator, GameConfig, Wall};
use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2,
    PyReadwriteArrayDyn,
};
use pyo3::prelude::*;
use std::sync::{Mutex, MutexGuard, TryLockError};

use crate::errors::IntoPyResult;
use crate::sim::{wall_of, Table, TableSetup};

/// A seat's planes and legal mask, as new numpy arrays.
type ObservationArrays<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<bool>>);

#[pyclass(module = "mjcore._core", name = "VectorEnv")]
pub struct PyVectorEnv {
    table: Py<Table>,
    /// Behind a lock so that the class is `Sync` (the bots are `Send`, not `Sync`) and so that two threads
    /// using one env at once are told so (`core`), never interleaved.
    core: Mutex<Core>,
}

/// The output buffers as numpy arrays: (obs, mask, reward, payments, terminated, truncated, seat).
type Buffers<'py> = (
    PyReadwriteArrayDyn<'py, u8>,
    PyReadwriteArray2<'py, bool>,
    PyReadwriteArray1<'py, f32>,
    PyReadwriteArray2<'py, f32>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, bool>,
    PyReadwriteArray1<'py, u8>,
);

fn contiguous<T>(slice: Result<&mut [T], numpy::AsSliceError>) -> PyResult<&mut [T]> {
    slice.map_err(|_| crate::errors::argument("output buffers must be C-contiguous numpy arrays"))
}

/// The seven output arrays as Python passes them, one tuple (obs, mask, reward, payments, terminated,
/// truncated, seat), not yet borrowed: see [`OutputArrays::borrow`].
#[derive(FromPyObject)]
struct OutputArrays<'py>(
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

impl<'py> OutputArrays<'py> {
    /// The arrays borrowed for writing. Called once the core is locked: a second thread stepping the same env
    /// is then told so by the lock (`ConcurrentUseError`) before it reaches buffers the first one holds.
    fn borrow(&self) -> PyResult<Buffers<'py>> {
        let Self(obs, mask, reward, payments, terminated, truncated, seat) = self;
        Ok((
            obs.extract()?,
            mask.extract()?,
            reward.extract()?,
            payments.extract()?,
            terminated.extract()?,
            truncated.extract()?,
            seat.extract()?,
        ))
    }
}

/// Runs `f` on the buffers as slices with the GIL released.
fn with_outputs<'py, R: Send>(
    py: Python<'py>,
    buffers: &mut Buffers<'py>,
    f: impl FnOnce(Outputs<'_>) -> R + Send,
) -> PyResult<R> {
    let (obs, mask, reward, payments, terminated, truncated, seat) = buffers;
    let out = Outputs {
        obs: contiguous(obs.as_slice_mut())?,
        mask: contiguous(mask.as_slice_mut())?,
        reward: contiguous(reward.as_slice_mut())?,
        payments: contiguous(payments.as_slice_mut())?,
        terminated: contiguous(terminated.as_slice_mut())?,
        truncated: contiguous(truncated.as_slice_mut())?,
        seat: contiguous(seat.as_slice_mut())?,
    };
    Ok(py.detach(|| f(out)))
}

/// Runs `change` on every table whole or not at all. Where a Python win check decides (it may raise at any
/// call, or be interrupted), each table is saved first — as the snapshot pickling uses: where its episode
/// began and the decisions since — with the output buffers, and on any error both are put back (the tables
/// replayed from their snapshots) and the exception the check raised comes out unchanged. The engine's own
/// rules raise nothing on legal actions and illegal ones are refused before any change, so nothing is saved
/// for them.
fn atomically(
    core: &mut Core,
    rules: &TableSetup,
    mut out: Outputs<'_>,
    change: impl FnOnce(&mut Core, Outputs<'_>) -> mjcore_engine::Result<()>,
) -> PyResult<()> {
    let saved = rules.calls_python().then(|| SavedEnv::take(core, &out));
    let Err(error) = change(core, reborrow(&mut out)) else {
        return Ok(());
    };
    let raised = rules.error(error);
    if let Some(saved) = saved {
        saved.put_back(core, &mut out, rules);
    }
    Err(raised)
}

/// [`atomically`] for a call that changes table `index` alone.
fn atomically_one<T>(
    core: &mut Core,
    rules: &TableSetup,
    index: usize,
    change: impl FnOnce(&mut Core) -> mjcore_engine::Result<T>,
) -> PyResult<T> {
    let saved = if rules.calls_python() {
        Some(core.table(index).py_err()?.snapshot())
    } else {
        None
    };
    change(core).map_err(|error| {
        let raised = rules.error(error);
        if let Some(snapshot) = saved {
            // A check that raised again while the table is rebuilt leaves it as far as it got; the
            // exception reported is the first.
            let _ = core.restore(index, &snapshot, rules);
            rules.python_error();
        }
        raised
    })
}

/// The output buffers as new slices of the same memory, for a call that may need them again afterwards.
fn reborrow<'a>(out: &'a mut Outputs<'_>) -> Outputs<'a> {
    Outputs {
        obs: &mut *out.obs,
        mask: &mut *out.mask,
        reward: &mut *out.reward,
        payments: &mut *out.payments,
        terminated: &mut *out.terminated,
        truncated: &mut *out.truncated,
        seat: &mut *out.seat,
    }
}

/// Every table's snapshot and a copy of the output buffers, taken before a call that may fail halfway.
struct SavedEnv {
    tables: Vec<Snapshot>,
    obs: Vec<u8>,
    mask: Vec<bool>,
    reward: Vec<f32>,
    payments: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    seat: Vec<u8>,
}

impl SavedEnv {
    fn take(core: &Core, out: &Outputs<'_>) -> SavedEnv {
        let tables = (0..core.num_envs())
            .filter_map(|index| core.table(index).ok().map(|table| table.snapshot()))
            .collect();
        SavedEnv {
            tables,
            obs: out.obs.to_vec(),
            mask: out.mask.to_vec(),
            reward: out.reward.to_vec(),
            payments: out.payments.to_vec(),
            terminated: out.terminated.to_vec(),
            truncated: out.truncated.to_vec(),
            seat: out.seat.to_vec(),
        }
    }

    /// Rebuilds every table from its snapshot and writes the buffers back. A check that raises again while
    /// the tables are rebuilt leaves that table as far as it got; the exception reported is the first.
    fn put_back(self, core: &mut Core, out: &mut Outputs<'_>, rules: &TableSetup) {
        for (index, snapshot) in self.tables.iter().enumerate() {
            let _ = core.restore(index, snapshot, rules);
        }
        rules.python_error(); // the rebuild's own exception, if any: the first one is reported
        out.obs.copy_from_slice(&self.obs);
        out.mask.copy_from_slice(&self.mask);
        out.reward.copy_from_slice(&self.reward);
        out.payments.copy_from_slice(&self.payments);
        out.terminated.copy_from_slice(&self.terminated);
        out.truncated.copy_from_slice(&self.truncated);
        out.seat.copy_from_slice(&self.seat);
    }
}

fn poisoned() -> PyErr {
    crate::errors::argument("the environment failed during an earlier call")
}

impl PyVectorEnv {
    /// The core, for one call: a second thread stepping the same env meanwhile (the GIL is released during a
    /// step) is refused by name rather than blocked or mixed in.
    fn core(&self) -> PyResult<MutexGuard<'_, Core>> {
        match self.core.try_lock() {
            Ok(core) => Ok(core),
            Err(TryLockError::WouldBlock) => Err(crate::errors::concurrent_use(
                "this environment is in use by another thread: an env steps one call at a time; give each \
                 thread its own env",
            )),
            Err(TryLockError::Poisoned(_)) => Err(poisoned()),
        }
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `table`: a native `Table` whose rules the tables play. `learning`: mask of learning seats.
    /// `game`: None (an episode is a deal) or (wind_rounds, max_deals).
    #[new]
    #[pyo3(signature = (table, num_envs, seed, learning, opponents, encoding, game, reward_scale, score_unit, threads, autoreset = true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        table: Py<Table>,
        num_envs: usize,
        seed: u64,
        learning: u8,
        opponents: Option<String>,
        encoding: &str,
        game: Option<(u8, u64)>,
        reward_scale: f32,
        score_unit: i64,
        threads: Option<usize>,
        autoreset: bool,
    ) -> PyResult<PyVectorEnv> {
        let options = EnvOptions {
            learning,
            opponents,
            encoding: Encoding::named(encoding).py_err()?,
            game: game.map(|(wind_rounds, max_deals)| GameConfig {
                wind_rounds,
                max_deals,
            }),
            reward_scale,
            score_unit,
            autoreset,
        };
        let core = {
            let native = table.borrow(py);
            let rules = &native.rules;
            py.detach(|| Core::new(num_envs, seed, options, threads, rules))
                .map_err(|error| rules.error(error))?
        };
        Ok(PyVectorEnv {
            table,
            core: Mutex::new(core),
        })
    }

    fn reset<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
        walls: Option<Vec<Option<Vec<u8>>>>,
        outputs: OutputArrays<'py>,
    ) -> PyResult<()> {
        let native = self.table.borrow(py);
        let rules = &native.rules;
        let table_rules = rules.table_rules();
        let walls: Vec<Option<Wall>> = walls
            .unwrap_or_default()
            .into_iter()
            .map(|codes| codes.map(|c| wall_of(c, &table_rules)).transpose())
            .collect::<PyResult<_>>()?;
        let mut core = self.core()?;
        let mut buffers = outputs.borrow()?;
        let core = &mut *core;
        with_outputs(py, &mut buffers, |out| {
            atomically(core, rules, out, |core, out| {
                core.reset(seed, walls, rules, out)
            })
        })?
    }

    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
        outputs: OutputArrays<'py>,
    ) -> PyResult<()> {
        let native = self.table.borrow(py);
        let rules = &native.rules;
        let actions = actions
            .as_slice()
            .map_err(|_| crate::errors::argument("actions must be a C-contiguous int64 array"))?;
        let mut core = self.core()?;
        let mut buffers = outputs.borrow()?;
        let core = &mut *core;
        with_outputs(py, &mut buffers, |out| {
            atomically(core, rules, out, |core, out| core.step(actions, rules, out))
        })?
    }

    /// Fills `out` with one uniformly random legal action per env (each env's own seeded stream).
    fn sample(&self, mut out: PyReadwriteArray1<'_, i64>) -> PyResult<()> {
        self.core()?
            .sample(contiguous(out.as_slice_mut())?)
            .py_err()
    }

    /// Fills `out` with the action the built-in bot `name` would choose in each env now.
    fn suggest(
        &self,
        py: Python<'_>,
        name: &str,
        mut out: PyReadwriteArray1<'_, i64>,
    ) -> PyResult<()> {
        let out = contiguous(out.as_slice_mut())?;
        let native = self.table.borrow(py);
        let rules = &native.rules;
        let mut core = self.core()?;
        let core = &mut *core;
        py.detach(|| core.suggest(name, rules, out))
            .map_err(|error| rules.error(error))
    }

    /// What `seat` of env `index` sees now, and its mask (all false unless it is to act).
    fn observe(
        &self,
        index: usize,
        seat: u8,
        mut obs: PyReadwriteArrayDyn<'_, u8>,
        mut mask: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let (obs, mask) = (
            contiguous(obs.as_slice_mut())?,
            contiguous(mask.as_slice_mut())?,
        );
        self.core()?.observe(index, seat, obs, mask).py_err()
    }

    /// Steps env `index` alone and returns (seat to act, terminated, truncated, every seat's settlement),
    /// writing no buffers: the AEC env's step, which observes on demand.
    fn step_one(
        &self,
        py: Python<'_>,
        index: usize,
        action: usize,
    ) -> PyResult<(u8, bool, bool, [f32; 4])> {
        let native = self.table.borrow(py);
        let mut core = self.core()?;
        let core = &mut *core;
        let rules = &native.rules;
        let outcome = py.detach(|| {
            atomically_one(core, rules, index, |core| {
                core.step_table(index, action, rules)
            })
        })?;
        let seat = core.table(index).py_err()?.to_act();
        Ok((
            seat,
            outcome.terminated,
            outcome.truncated,
            outcome.payments,
        ))
    }

    /// What `seat` of env `index` sees now and its mask, as new arrays.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        index: usize,
        seat: u8,
    ) -> PyResult<ObservationArrays<'py>> {
        let mut core = self.core()?;
        let core = &mut *core;
        let rows = core.options().encoding.rows();
        let obs = PyArray2::<u8>::zeros(py, [rows, mjcore_engine::NUM_KINDS], false);
        let mask = PyArray1::<bool>::zeros(py, core.layout().len(), false);
        {
            let (mut o, mut m) = (obs.readwrite(), mask.readwrite());
            let (o, m) = (contiguous(o.as_slice_mut())?, contiguous(m.as_slice_mut())?);
            core.observe(index, seat, o, m).py_err()?;
        }
        Ok((obs, mask))
    }

    /// The seat to act in env `index` (0 once an episode is over without autoreset).
    fn to_act(&self, index: usize) -> PyResult<u8> {
        Ok(self.core()?.table(index).py_err()?.to_act())
    }

    /// The event log of env `index`'s current deal.
    fn log(&self, index: usize) -> PyResult<Vec<String>> {
        Ok(self.core()?.table(index).py_err()?.deal().log_lines())
    }

    /// Env `index` as data: (seed, first deal index, first wall or None, started by a reset, the learning
    /// decisions of the episode so far, the action sampler's state). `restore` rebuilds it.
    #[allow(clippy::type_complexity)]
    fn snapshot(
        &self,
        index: usize,
    ) -> PyResult<(u64, u64, Option<Vec<u8>>, bool, Vec<u32>, [u64; 4])> {
        let core = self.core()?;
        let Snapshot {
            start,
            actions,
            sampler,
        } = core.table(index).py_err()?.snapshot();
        Ok((
            start.seed,
            start.deal,
            start.wall,
            start.by_reset,
            actions,
            sampler,
        ))
    }

    /// Rebuilds env `index` from what `snapshot` returned (of an env with the same rules and options).
    #[allow(clippy::too_many_arguments)]
    fn restore(
        &self,
        py: Python<'_>,
        index: usize,
        seed: u64,
        deal: u64,
        wall: Option<Vec<u8>>,
        by_reset: bool,
        actions: Vec<u32>,
        sampler: [u64; 4],
    ) -> PyResult<()> {
        let native = self.table.borrow(py);
        let rules = &native.rules;
        if let Some(codes) = &wall {
            wall_of(codes.clone(), &rules.table_rules())?;
        }
        let snapshot = Snapshot {
            start: EpisodeStart {
                seed,
                deal,
                wall,
                by_reset,
            },
            actions,
            sampler,
        };
        let mut core = self.core()?;
        let core = &mut *core;
        py.detach(|| core.restore(index, &snapshot, rules))
            .map_err(|error| rules.error(error))
    }

    /// How env `index`'s last finished deal ended: (winning seats, fan per seat, pattern row per seat (None:
    /// no pattern), the discarder of the winning tile or None, unscaled settlement per seat).
    #[allow(clippy::type_complexity)]
    fn last_end(
        &self,
        index: usize,
    ) -> PyResult<(Vec<u8>, [u32; 4], [Option<u8>; 4], Option<u8>, [i64; 4])> {
        let core = self.core()?;
        let end = *core.table(index).py_err()?.last_end();
        let winners = (0u8..4).filter(|&s| end.won[usize::from(s)]).collect();
        Ok((winners, end.fan, end.pattern, end.discarder, end.payments))
    }

    /// The acting seat's view of the episode env `index` ended in its last step (autoreset), as a new array;
    /// None before any episode ended.
    fn final_observation<'py>(
        &self,
        py: Python<'py>,
        index: usize,
    ) -> PyResult<Option<Bound<'py, PyArray2<u8>>>> {
        let core = self.core()?;
        let rows = core.options().encoding.rows();
        let kept = core.table(index).py_err()?.final_observation();
        if kept.is_empty() {
            return Ok(None);
        }
        let array = PyArray1::<u8>::from_slice(py, kept);
        Ok(Some(array.reshape([rows, mjcore_engine::NUM_KINDS])?))
    }

    /// The current deal's (seed, deal index) of env `index`.
    fn deal_id(&self, index: usize) -> PyResult<(u64, u64)> {
        let core = self.core()?;
        let deal = core.table(index).py_err()?.deal();
        Ok((deal.seed(), deal.index()))
    }

    fn num_actions(&self) -> PyResult<usize> {
        Ok(self.core()?.layout().len())
    }

    /// (block name, first index, size) of every action block.
    fn blocks(&self) -> PyResult<Vec<(&'static str, usize, usize)>> {
        Ok(self.core()?.layout().blocks().to_vec())
    }

    /// The engine action of every index, as (kind name, tile or None).
    fn actions(&self) -> PyResult<Vec<(&'static str, Option<u8>)>> {
        let core = self.core()?;
        let layout = core.layout();
        (0..layout.len())
            .map(|i| {
                let action = layout.action(i).py_err()?;
                Ok((action.name(), action.argument()))
            })
            .collect()
    }

    /// Rows of the observation.
    fn rows(&self) -> PyResult<usize> {
        Ok(self.core()?.options().encoding.rows())
    }
}

/// Every plane group of the encodings: (first row, rows, name, description), and the info row's columns.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn env_planes() -> (
    Vec<(usize, usize, &'static str, &'static str)>,
    Vec<(usize, usize, &'static str)>,
    Vec<(&'static str, usize)>,
) {
    let encodings = Encoding::NAMES
        .iter()
        .map(|&name| (name, Encoding::named(name).map_or(0, Encoding::rows)))
        .collect();
    (PLANES.to_vec(), INFO_COLUMNS.to_vec(), encodings)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(env_planes, m)?)?;
    Ok(())
}

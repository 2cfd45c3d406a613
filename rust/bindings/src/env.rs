//! The native vectorised environment for Python (`mjcore.env.VectorEnv` wraps it): tables stepped with the
//! GIL released, writing into numpy buffers the caller allocated once. Its rules are those of a native
//! `Table` (whatever family the table was built for), borrowed for each call.

use mjcore_engine::env::encoding::{INFO_COLUMNS, PLANES};
use mjcore_engine::env::{Encoding, EnvOptions, Outputs, VectorEnv as Core};
use mjcore_engine::table::{Adjudicator, GameConfig, Wall};
use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2,
    PyReadwriteArrayDyn,
};
use pyo3::prelude::*;
use std::sync::Mutex;

use crate::errors::IntoPyResult;
use crate::sim::{wall_of, Table};

/// A seat's planes and legal mask, as new numpy arrays.
type ObservationArrays<'py> = (Bound<'py, PyArray2<u8>>, Bound<'py, PyArray1<bool>>);

#[pyclass(module = "mjcore._core", name = "VectorEnv")]
pub struct PyVectorEnv {
    table: Py<Table>,
    /// Behind a lock only so that the class is `Sync` (the bots are `Send`, not `Sync`); calls hold the GIL's
    /// `&mut self` anyway, so it is never contended.
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

fn poisoned() -> PyErr {
    crate::errors::argument("the environment failed during an earlier call")
}

impl PyVectorEnv {
    fn core(&self) -> std::sync::MutexGuard<'_, Core> {
        self.core.lock().unwrap_or_else(|e| e.into_inner())
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
                .py_err()?
        };
        Ok(PyVectorEnv {
            table,
            core: Mutex::new(core),
        })
    }

    #[pyo3(signature = (seed, walls, obs, mask, reward, payments, terminated, truncated, seat))]
    #[allow(clippy::too_many_arguments)]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: u64,
        walls: Option<Vec<Option<Vec<u8>>>>,
        obs: PyReadwriteArrayDyn<'py, u8>,
        mask: PyReadwriteArray2<'py, bool>,
        reward: PyReadwriteArray1<'py, f32>,
        payments: PyReadwriteArray2<'py, f32>,
        terminated: PyReadwriteArray1<'py, bool>,
        truncated: PyReadwriteArray1<'py, bool>,
        seat: PyReadwriteArray1<'py, u8>,
    ) -> PyResult<()> {
        let native = self.table.borrow(py);
        let rules = &native.rules;
        let table_rules = rules.table_rules();
        let walls: Vec<Option<Wall>> = walls
            .unwrap_or_default()
            .into_iter()
            .map(|codes| codes.map(|c| wall_of(c, &table_rules)).transpose())
            .collect::<PyResult<_>>()?;
        let mut buffers = (obs, mask, reward, payments, terminated, truncated, seat);
        let core = self.core.get_mut().map_err(|_| poisoned())?;
        with_outputs(py, &mut buffers, |out| core.reset(seed, walls, rules, out))?.py_err()
    }

    #[pyo3(signature = (actions, obs, mask, reward, payments, terminated, truncated, seat))]
    #[allow(clippy::too_many_arguments)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
        obs: PyReadwriteArrayDyn<'py, u8>,
        mask: PyReadwriteArray2<'py, bool>,
        reward: PyReadwriteArray1<'py, f32>,
        payments: PyReadwriteArray2<'py, f32>,
        terminated: PyReadwriteArray1<'py, bool>,
        truncated: PyReadwriteArray1<'py, bool>,
        seat: PyReadwriteArray1<'py, u8>,
    ) -> PyResult<()> {
        let native = self.table.borrow(py);
        let rules = &native.rules;
        let actions = actions
            .as_slice()
            .map_err(|_| crate::errors::argument("actions must be a C-contiguous int64 array"))?;
        let mut buffers = (obs, mask, reward, payments, terminated, truncated, seat);
        let core = self.core.get_mut().map_err(|_| poisoned())?;
        with_outputs(py, &mut buffers, |out| core.step(actions, rules, out))?.py_err()
    }

    /// Fills `out` with one uniformly random legal action per env (each env's own seeded stream).
    fn sample(&mut self, mut out: PyReadwriteArray1<'_, i64>) -> PyResult<()> {
        self.core
            .get_mut()
            .map_err(|_| poisoned())?
            .sample(contiguous(out.as_slice_mut())?)
            .py_err()
    }

    /// Fills `out` with the action the built-in bot `name` would choose in each env now.
    fn suggest(
        &mut self,
        py: Python<'_>,
        name: &str,
        mut out: PyReadwriteArray1<'_, i64>,
    ) -> PyResult<()> {
        let out = contiguous(out.as_slice_mut())?;
        let native = self.table.borrow(py);
        let rules = &native.rules;
        let core = self.core.get_mut().map_err(|_| poisoned())?;
        py.detach(|| core.suggest(name, rules, out)).py_err()
    }

    /// What `seat` of env `index` sees now, and its mask (all false unless it is to act).
    fn observe(
        &mut self,
        index: usize,
        seat: u8,
        mut obs: PyReadwriteArrayDyn<'_, u8>,
        mut mask: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let (obs, mask) = (
            contiguous(obs.as_slice_mut())?,
            contiguous(mask.as_slice_mut())?,
        );
        self.core
            .get_mut()
            .map_err(|_| poisoned())?
            .observe(index, seat, obs, mask)
            .py_err()
    }

    /// Steps env `index` alone and returns (seat to act, terminated, truncated, every seat's settlement),
    /// writing no buffers: the AEC env's step, which observes on demand.
    fn step_one(
        &mut self,
        py: Python<'_>,
        index: usize,
        action: usize,
    ) -> PyResult<(u8, bool, bool, [f32; 4])> {
        let native = self.table.borrow(py);
        let core = self.core.get_mut().map_err(|_| poisoned())?;
        let outcome = core.step_table(index, action, &native.rules).py_err()?;
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
        &mut self,
        py: Python<'py>,
        index: usize,
        seat: u8,
    ) -> PyResult<ObservationArrays<'py>> {
        let core = self.core.get_mut().map_err(|_| poisoned())?;
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
        Ok(self.core().table(index).py_err()?.to_act())
    }

    /// The event log of env `index`'s current deal.
    fn log(&self, index: usize) -> PyResult<Vec<String>> {
        Ok(self.core().table(index).py_err()?.deal().log_lines())
    }

    /// The current deal's (seed, deal index) of env `index`.
    fn deal_id(&self, index: usize) -> PyResult<(u64, u64)> {
        let core = self.core();
        let deal = core.table(index).py_err()?.deal();
        Ok((deal.seed(), deal.index()))
    }

    fn num_actions(&self) -> usize {
        self.core().layout().len()
    }

    /// (block name, first index, size) of every action block.
    fn blocks(&self) -> Vec<(&'static str, usize, usize)> {
        self.core().layout().blocks().to_vec()
    }

    /// The engine action of every index, as (kind name, tile or None).
    fn actions(&self) -> PyResult<Vec<(&'static str, Option<u8>)>> {
        let core = self.core();
        let layout = core.layout();
        (0..layout.len())
            .map(|i| {
                let action = layout.action(i).py_err()?;
                Ok((action.name(), action.argument()))
            })
            .collect()
    }

    /// Rows of the observation.
    fn rows(&self) -> usize {
        self.core().options().encoding.rows()
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

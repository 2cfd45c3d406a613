//! 推倒胡 scoring: the compiled ruleset and one win (GIL held: a single call is microseconds).

use mjcore_engine::rules::tdh::{self, OtherKong, Source, TdhRules, TdhWin};
use mjcore_engine::{Hand, NUM_KINDS};
use pyo3::prelude::*;

use crate::convert::{meld_from_tuple, MeldTuple};
use crate::errors::{argument, IntoPyResult};

/// A frozen, compiled 推倒胡 ruleset. Build it through `mjcore.load_ruleset("tdh")`, which validates the file.
#[pyclass(frozen, name = "TdhRuleset", module = "mjcore._core")]
pub struct PyTdhRuleset {
    pub(crate) inner: TdhRules,
}

#[pymethods]
impl PyTdhRuleset {
    /// options = [(name, value as text)], every option of the file.
    #[new]
    fn new(name: &str, options: Vec<(String, String)>) -> PyResult<Self> {
        let inner = TdhRules::from_options(name, &options).py_err()?;
        Ok(PyTdhRuleset { inner })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    fn __repr__(&self) -> String {
        format!("<compiled 推倒胡 ruleset {}>", self.inner.name)
    }
}

fn none_if_negative(value: i8) -> Option<u8> {
    u8::try_from(value).ok()
}

/// (refusal, form, multipliers, share, horses as (seat, hits), liable or -1, win_net, kong payments as
/// (owner, kind, payer, amount), kong_money, net): the row `mjcore.tdh.TdhScore.from_row` reads.
type TdhRow = (
    u8,
    u8,
    Vec<u8>,
    i64,
    Vec<(u8, u8)>,
    i8,
    [i64; 4],
    Vec<(u8, u8, u8, i64)>,
    [i64; 4],
    [i64; 4],
);

/// Scores one 推倒胡 win. Seats are 0..3 and -1 for none; `source` is the code of `names.SOURCES`; tile
/// codes are kinds 0..33 and flowers 34..41.
#[pyfunction]
#[pyo3(signature = (ruleset, counts, melds, wilds, flowers, win, winner, dealer, source, discarder,
                    kong_bloom, kong_fed_by, last_tile, indicator, horses, other_kongs, dealer_streak))]
#[allow(clippy::too_many_arguments)]
fn tdh_score(
    ruleset: &PyTdhRuleset,
    counts: &[u8],
    melds: Vec<MeldTuple>,
    wilds: u8,
    flowers: u8,
    win: u8,
    winner: u8,
    dealer: u8,
    source: u8,
    discarder: i8,
    kong_bloom: bool,
    kong_fed_by: i8,
    last_tile: bool,
    indicator: i8,
    horses: &[u8],
    other_kongs: Vec<(u8, u8, i8)>,
    dealer_streak: u8,
) -> PyResult<TdhRow> {
    let concealed: [u8; NUM_KINDS] = counts
        .try_into()
        .map_err(|_| argument(format!("counts must have 34 entries, got {}", counts.len())))?;
    let hand = Hand {
        concealed,
        melds: melds
            .into_iter()
            .map(meld_from_tuple)
            .collect::<PyResult<_>>()?,
        wilds,
        flowers: 0,
    };
    let source = Source::from_code(source)
        .ok_or_else(|| argument(format!("win source {source} is not 0..4")))?;
    let other_kongs: Vec<OtherKong> = other_kongs
        .into_iter()
        .map(|(seat, kind, fed_by)| OtherKong {
            seat,
            kind,
            fed_by: none_if_negative(fed_by),
        })
        .collect();
    let w = TdhWin {
        hand: &hand,
        win,
        winner,
        dealer,
        source,
        discarder: none_if_negative(discarder),
        kong_bloom,
        kong_fed_by: none_if_negative(kong_fed_by),
        last_tile,
        indicator: none_if_negative(indicator),
        horses,
        other_kongs: &other_kongs,
        dealer_streak,
    };
    let r = tdh::score(&w, &ruleset.inner, flowers).py_err()?;
    let kongs = r
        .kong_payments
        .iter()
        .map(|p| (p.owner, p.kind, p.payer, p.amount))
        .collect();
    let liable = r.liable.map_or(-1, |s| s as i8);
    Ok((
        r.refusal,
        r.form,
        r.multipliers,
        r.share,
        r.horses,
        liable,
        r.win_net,
        kongs,
        r.kong_money,
        r.net,
    ))
}

/// The engine's form and multiplier keys, in code order (tests check they match `mjcore.tdh.names`).
#[pyfunction]
fn tdh_keys() -> (Vec<&'static str>, Vec<&'static str>) {
    (tdh::FORM_KEYS.to_vec(), tdh::MULTIPLIER_KEYS.to_vec())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTdhRuleset>()?;
    m.add_function(wrap_pyfunction!(tdh_score, m)?)?;
    m.add_function(wrap_pyfunction!(tdh_keys, m)?)?;
    Ok(())
}

"""MCR scoring (group "mcr"): the Rust core one call at a time and as a batch, the pure-Python reference and
pymahjonggb (C++), all on the same generated winning situations. Per-core batch throughput: run with
``RAYON_NUM_THREADS=1``:

    RAYON_NUM_THREADS=1 pytest benches/bench_mcr.py --benchmark-columns=mean,ops
"""

from __future__ import annotations

import pytest

import mjcore
from tests.support.mcr_corpus import batch_arrays, cases, score_keywords

pytestmark = pytest.mark.benchmark(group="mcr")

SINGLE = 500  # hands per single-call round
BATCH = 20_000  # hands per batch call (the single-call hands are its first rows)

try:
    import MahjongGB

    from tests.support.mcr_pymahjonggb import gb_arguments
except ImportError:  # pragma: no cover - pymahjonggb is in the test extra
    MahjongGB = None


@pytest.fixture(scope="module")
def corpus():
    return list(cases(BATCH, seed=7))


@pytest.fixture(scope="module")
def single(corpus):
    return corpus[:SINGLE]


def test_rust_single(benchmark, single):
    score, rules = mjcore.score, mjcore.load_ruleset("mcr")
    results = benchmark(lambda: [score(c.hand, c.win_tile, c.situation, ruleset=rules) for c in single])
    assert all(r.is_win for r in results)


def test_rust_single_text(benchmark, single):
    """The same hands as text with keyword flags: the core parses them and the keyword situations repeat."""
    score = mjcore.score
    texts = [(c.hand.mpsz(), c.win_tile, score_keywords(c.situation)) for c in single]
    results = benchmark(lambda: [score(h, w, ruleset="mcr", **k) for h, w, k in texts])
    assert all(r.is_win for r in results)


def test_rust_batch(benchmark, corpus):
    arrays = batch_arrays(corpus)
    concealed, wins = arrays.pop("concealed"), arrays.pop("win_tiles")
    totals, _ = benchmark(mjcore.score_batch, concealed, wins, ruleset="mcr", **arrays)
    assert (totals > 0).all()


def test_reference(benchmark, single):
    score = mjcore.reference.score
    results = benchmark.pedantic(
        lambda: [score(c.hand, c.win_tile, c.situation, ruleset="mcr") for c in single], rounds=3, iterations=1
    )
    assert all(r.is_win for r in results)


@pytest.mark.skipif(MahjongGB is None, reason="pymahjonggb is not installed")
def test_pymahjonggb(benchmark, single):
    """Its own call only: the arguments are converted to its tile names before timing."""
    calculate = MahjongGB.MahjongFanCalculator
    arguments = [gb_arguments(*c) for c in single]
    results = benchmark(lambda: [calculate(*a) for a in arguments])
    assert all(results)

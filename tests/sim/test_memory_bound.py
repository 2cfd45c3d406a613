"""A run whose per-deal arrays cannot fit in the memory available is refused up front, naming ``per_deal=False``
(issue 30, item 5): never an allocation failure deep in the core that aborts the process. The other arguments of
``simulate`` are refused by name too."""

from __future__ import annotations

import time

import pytest

import mjcore
import mjcore.reference
from mjcore.arguments import available_memory
from mjcore.errors import ArgumentTypeError, InvalidArgumentError
from mjcore.sim.result import PEAK_BYTES_PER_DEAL

BACKENDS = [pytest.param(mjcore, id="rust"), pytest.param(mjcore.reference, id="twin")]


def test_the_available_memory_is_read() -> None:
    available = available_memory()
    assert available is not None and available > 2**20


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("deals", [10**12, 2**64 - 1])
def test_a_run_too_big_for_memory_is_refused_at_once(backend, deals) -> None:
    started = time.perf_counter()
    with pytest.raises(InvalidArgumentError, match="per_deal=False") as raised:
        backend.simulate("gd-cgc5", deals, seed=1)
    assert time.perf_counter() - started < 1
    assert f"{deals:,} deals with per-deal arrays need about" in str(raised.value)


def test_the_bound_is_the_memory_available_now() -> None:
    """Just above the bound is refused; the same count with totals only is accepted (it is not run here: the
    check is made before the first deal, so a count of one deal shows the path is open)."""
    too_many = available_memory() // PEAK_BYTES_PER_DEAL + 10**6
    with pytest.raises(InvalidArgumentError, match="per_deal=False"):
        mjcore.simulate("mcr", too_many)
    assert mjcore.simulate("mcr", 1, per_deal=False).deals == 1
    assert mjcore.simulate("mcr", 2, threads=1).per_deal["winners"].shape == (2, 4)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("keywords, error, words", [
    ({"threads": 2**64}, InvalidArgumentError, "threads must be None \\(all cores\\) or an int 1..1024"),
    ({"threads": 0}, InvalidArgumentError, "threads must be"),
    ({"per_deal": 1}, ArgumentTypeError, "per_deal must be a bool, not int"),
    ({"per_deal": "no"}, ArgumentTypeError, "per_deal must be a bool"),
    ({"bots": True}, InvalidArgumentError, "bots must name one bot per seat"),
    ({"bots": ["random", "random", "random", 3]}, InvalidArgumentError, "bots must name one bot per seat"),
    ({"seed": 2**64}, InvalidArgumentError, "seed must be an int in 0..2\\*\\*64-1"),
    ({"deal_offset": 10**5000}, InvalidArgumentError, "deal_offset must be an int in 0..2\\*\\*64-1, not an int of"),
])  # fmt: skip
def test_simulate_arguments_are_refused_by_name(backend, keywords, error, words) -> None:
    with pytest.raises(error, match=words):
        backend.simulate("gd-cgc5", 1, **keywords)

"""The two test tiers and the fixtures every folder shares.

Tiers are chosen by folder, never by hand on a test: a test in a folder named ``slow`` (``tests/twin/slow/``,
``tests/integration/slow/`` …) is in the slow tier and marked ``slow``; everything else is the default tier.

- ``pytest`` (the README's test command; ``-m "not slow"`` in pyproject.toml) runs the default tier: unit and
  behaviour tests of every module, one twin-parity smoke per family, hypothesis at the ``quick`` profile —
  minutes on a fresh machine with only Python and cargo.
- ``HYPOTHESIS_PROFILE=long pytest -m slow`` runs the rest — twin table parity runs, exhaustive sweeps, large
  corpora, the browser, the cluster, the learning example — and, at the ``long`` profile, every hypothesis test
  of the default tier again with five times its examples (``tests/support/fuzz.py``). A slow test that needs
  something a fresh machine lacks (Chromium) fails when it is missing: it is never skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import mjcore
import mjcore.reference
from tests.support.fuzz import PROFILE

TESTS = Path(__file__).resolve().parent
SLOW_FOLDER = "slow"


def is_hypothesis_test(item: pytest.Item) -> bool:
    # A @given test carries its hypothesis handle (hypothesis's plugin marks it too, but only after -m has run).
    return hasattr(getattr(item, "obj", None), "hypothesis")


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        folders = Path(item.fspath).resolve().relative_to(TESTS).parts[:-1]
        if SLOW_FOLDER in folders or (PROFILE == "long" and is_hypothesis_test(item)):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(params=["rust", "reference"])
def backend(request):
    """The native-backed ``mjcore`` module or its pure-Python twin ``mjcore.reference``: same names, same
    signatures, same results."""
    return mjcore if request.param == "rust" else mjcore.reference

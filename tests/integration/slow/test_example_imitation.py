"""The learning example (examples/imitation.py) learns: a short run on few tables agrees with its teacher far more
than the same run with learning switched off, and the curve is drawn."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest
from tests.support.paths import REPO

EXAMPLE = REPO / "examples" / "imitation.py"


@pytest.fixture(scope="module")
def imitation():
    spec = importlib.util.spec_from_file_location("imitation_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_policy_learns_to_agree_with_the_efficiency_bot(imitation, tmp_path: Path) -> None:
    agreements, settlements = imitation.train(60, 64, 0.5, log=False)
    untrained, _ = imitation.train(60, 64, 0.0, log=False)
    assert len(agreements) == 60 and [update for update, _ in settlements] == [20, 40, 60]
    assert agreements[0] == untrained[0]  # the same start: only the updates differ
    learned, unlearned = np.mean(agreements[-20:]), np.mean(untrained[-20:])
    assert learned > 0.35 and learned > unlearned + 0.2, (learned, unlearned)
    out = tmp_path / "curve.png"
    assert imitation.plot(agreements, settlements, 64, str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_run_shorter_than_one_report_still_plots(imitation, tmp_path: Path) -> None:
    agreements, settlements = imitation.train(5, 8, 0.5, log=False)
    assert len(agreements) == 5 and settlements == []
    out = tmp_path / "short.png"
    assert imitation.plot(agreements, settlements, 8, str(out)) and out.stat().st_size > 0

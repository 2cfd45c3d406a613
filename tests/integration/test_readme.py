"""The README's Python blocks run, in order and in one namespace, as a reader would paste them: an API change
that breaks the tour fails here. Deal counts (literals such as ``100_000``) are cut to a few hundred so the
blocks run in seconds; the block that needs a running Dask scheduler is left to tests/integration/slow/test_distributed.py,
which runs the README's cluster recipe on loopback, and the Stable-Baselines3 block (the `rl` extra, torch) to
tests/env/slow/test_sb3.py."""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from tests.support.paths import REPO

README = REPO / "README.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
DEAL_COUNT = re.compile(r"\b\d{1,3}(?:_\d{3})+\b")  # 10_000, 100_000_000: the README spells deal counts so


def _blocks() -> list[str]:
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_a_tour_for_each_use() -> None:
    text = "\n".join(_blocks())
    for call in ("mjcore.score(", "mjcore.simulate(", "VectorEnv(", "aec_env(", "GymEnv(", "Table("):
        assert call in text, call


@pytest.mark.filterwarnings("ignore::mjcore.rules.folk.PlaceholderWarning")  # laozhang's documented placeholders
def test_the_readme_python_blocks_run_in_order() -> None:
    namespace: dict = {}
    ran = 0
    for number, block in enumerate(_blocks()):
        if "tcp://" in block or "sb3_contrib" in block:  # a scheduler at that address; the rl extra (slow tier)
            continue
        code = DEAL_COUNT.sub("300", block)
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compile(code, f"README.md python block {number}", "exec"), namespace)
            except Exception as error:  # the block's number and its error, for whoever edits the README
                raise AssertionError(f"README python block {number} fails: {error!r}\n{block}") from error
        ran += 1
    assert ran >= 8

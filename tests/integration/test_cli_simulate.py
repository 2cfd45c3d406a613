"""The ``mjcore simulate`` command: the summary table, the .npz arrays, the plot, and Ctrl-C."""

from __future__ import annotations

import re
import sys

import numpy as np
import pytest

import mjcore
from mjcore import cli
from mjcore.cli import simulate as cli_simulate
from mjcore.sim.result import COLUMNS

ARGS = ["simulate", "--rules", "gd-qq3", "--deals", "1500", "--seed", "3", "--bots", "random"]


def test_prints_the_summary_and_writes_the_arrays(tmp_path, capsys) -> None:
    out = tmp_path / "run.npz"
    assert cli.main(ARGS + ["--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert "1,500 deals" in printed.out and "Win rate by seat" in printed.out
    assert "deals/s" in printed.err
    saved = np.load(out)
    expected = mjcore.simulate("gd-qq3", 1500, seed=3, bots=("random",) * 4)
    for column in COLUMNS:
        assert np.array_equal(saved[column], expected[column]), column
    assert tuple(saved["pattern_keys"]) == expected.pattern_keys


def test_ctrl_c_stops_after_the_current_chunk_and_summarises_it(monkeypatch, capsys) -> None:
    calls = []

    def interrupted_after_one_chunk(*args, **kwargs):
        if calls:
            raise KeyboardInterrupt
        calls.append(kwargs["deal_offset"])
        return mjcore.simulate(*args, **kwargs)

    monkeypatch.setattr(cli_simulate, "simulate", interrupted_after_one_chunk)
    assert cli.main(ARGS) == 130
    printed = capsys.readouterr()
    assert "interrupted" in printed.err
    assert f"{cli_simulate._FIRST_CHUNK:,} deals" in printed.out


def test_bots_are_one_name_or_four(capsys) -> None:
    """Both mistakes take the one error path: one line ``mjcore: error: …``, exit status 2, no traceback."""
    assert cli.main(ARGS[:-1] + ["random", "efficiency"]) == 2
    assert capsys.readouterr().err == "mjcore: error: --bots takes one name (every seat) or four (one per seat)\n"
    with pytest.raises(SystemExit) as stopped:  # a name argparse does not know: its usage error, on the same path
        cli.main(ARGS[:-1] + ["clever"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("mjcore: error: argument --bots: invalid choice: 'clever'") and error.count("\n") == 1


@pytest.mark.parametrize("arguments, message", [
    (["--deals", "-5"], "deals must be an int in 0..2\\*\\*64-1, not -5"),
    (["--deals", "0", "--rules", "no-such-rules"], "no ruleset named 'no-such-rules'"),
    (["--deals", "0", "--seed", "-1"], "seed must be an int"),
    (["--deals", "0", "--offset", "-1"], "deal_offset must be an int"),
    (["--deals", "0", "--threads", "0"], "threads must be None"),
])  # fmt: skip
def test_every_argument_is_checked_even_when_no_deal_would_run(arguments, message, capsys) -> None:
    assert cli.main(["simulate", "--bots", "random"] + arguments) == 2
    printed = capsys.readouterr()
    assert re.search(message, printed.err) and "no deal was played" not in printed.out, printed


def test_no_deals_asked_is_no_deal_played(capsys) -> None:
    assert cli.main(["simulate", "--deals", "0", "--bots", "random"]) == 0
    assert "no deal was played" in capsys.readouterr().out


def test_a_plot_without_matplotlib_says_how_to_get_it(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # importing it now raises ImportError
    assert cli.main(ARGS + ["--plot", str(tmp_path / "fans.png")]) == 2
    assert "pip install 'mjcore[plot]'" in capsys.readouterr().err


def test_the_plot_is_drawn(tmp_path) -> None:
    path = tmp_path / "fans.png"
    assert cli.main(ARGS + ["--plot", str(path)]) == 0
    assert path.stat().st_size > 0


def test_a_cluster_run_writes_the_same_arrays(tmp_path, capsys) -> None:
    out = tmp_path / "run.npz"
    assert cli.main(ARGS + ["--out", str(out), "--cluster", "local:2"]) == 0
    printed = capsys.readouterr()
    assert "1,500 deals" in printed.out and "deals/s" in printed.err
    saved = np.load(out)
    expected = mjcore.simulate("gd-qq3", 1500, seed=3, bots=("random",) * 4)
    for column in COLUMNS:
        assert np.array_equal(saved[column], expected[column]), column


def test_a_bad_cluster_address_is_an_error_message(capsys) -> None:
    assert cli.main(ARGS + ["--cluster", "nowhere"]) == 2
    assert "cluster 'nowhere' is neither a scheduler address" in capsys.readouterr().err

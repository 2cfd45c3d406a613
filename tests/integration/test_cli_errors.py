"""The CLI's one error path (issue 30, item 8): any failure prints one line ``mjcore: error: …`` and exits 2, a
traceback only with ``--debug``; outputs are checked before any deal is played; ``mjcore replay`` checks a log as
strictly as ``Table.replay``."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

import mjcore
from mjcore.cli import main


def refused(capsys, argv: list[str]) -> str:
    """The one line a refused command prints; it fails unless the command exits 2 with exactly that line."""
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's usage errors take the same path
        code = stop.code
    printed = capsys.readouterr()
    assert code == 2, (argv, printed)
    assert printed.err.startswith("mjcore: error: ") and printed.err.count("\n") == 1, printed.err
    assert "Traceback" not in printed.err
    return printed.err


@pytest.mark.parametrize("argv, words", [
    (["score", "123m456p789s111z2z", "--win", "2z", "--self-drawn", "--rules", "tdh", "--set", "dealer=1.5"],
     "dealer must be 0..3"),
    (["score", "123m456p789s111z2z", "--win", "2z", "--self-drawn", "--rules", "tdh", "--set", "other_kongs=2"],
     "other_kongs must be a list"),
    (["score", "123m456p789s111z2z", "--win", "2z", "--self-drawn", "--rules", "sichuan", "--minimum", "3"],
     "--minimum sets the 起和 of Guangdong and MCR rulesets"),
    (["score", "1m\ud800", "--win", "2z", "--self-drawn"], "\\\\u\\{d800\\}"),
    (["simulate", "--deals", "1", "--threads", "18446744073709551616"], "threads must be None .* 1..1024"),
    (["simulate", "--deals", "x"], "argument --deals: invalid int value"),
    (["shanten", "1m\udcff"], "\\\\u\\{dcff\\}"),
    (["score", "123m", "--win", "2z", "--self-drawn", "--rules", "x" * 5000], "no ruleset named"),
    (["nosuchcommand"], "invalid choice"),
])  # fmt: skip
def test_every_failure_is_one_line_and_exit_2(capsys, argv, words) -> None:
    import re

    assert re.search(words, refused(capsys, argv))


def test_outputs_are_checked_before_the_run(capsys, tmp_path) -> None:
    started = time.perf_counter()
    error = refused(capsys, ["simulate", "--deals", "100000000", "--out", "/nonexistent/x.npz"])
    assert time.perf_counter() - started < 5, "refused before any deal was played"
    assert "--out /nonexistent/x.npz: the directory /nonexistent does not exist" in error
    error = refused(capsys, ["simulate", "--deals", "100000000", "--out", str(tmp_path)])
    assert "is a directory" not in error  # a directory name gets .npz: tmp_path.npz, beside it
    refused(capsys, ["simulate", "--deals", "100000000", "--plot", "/nonexistent/fans.png"])


def test_out_reports_the_file_it_wrote(capsys, tmp_path) -> None:
    folder = tmp_path / "run"
    folder.mkdir()
    assert main(["simulate", "--deals", "3", "--threads", "1", "--out", str(folder)]) == 0
    assert f"per-deal arrays: {folder}.npz" in capsys.readouterr().out
    assert (tmp_path / "run.npz").is_file()


@pytest.fixture(scope="module")
def log() -> list[str]:
    table = mjcore.Table(ruleset="gd-cgc5")
    table.reset(7, 3)
    while table.to_act() is not None:
        table.step(table.legal_actions()[0])
    return table.log()


def test_replay_refuses_what_table_replay_refuses(capsys, tmp_path, log) -> None:
    page = tmp_path / "deal.html"
    draw = next(i for i, line in enumerate(log) if '"type":"draw"' in line)
    bad_draw = list(log)
    bad_draw[draw] = bad_draw[draw].replace('"tile":', '"tile":99, "x":', 1)
    long_number = list(log)
    long_number[draw] = long_number[draw].replace('"seat":', '"seat":' + "9" * 5000 + ', "y":', 1)
    for lines in (bad_draw, long_number, log[:1] + ["{"] + log[1:]):
        with pytest.raises(mjcore.MjcoreError):
            mjcore.Table(ruleset="gd-cgc5").replay(lines)
        path = tmp_path / "deal.jsonl"
        path.write_text("\n".join(lines), "utf-8")
        assert refused(capsys, ["replay", str(path), "--html", str(page)]).startswith("mjcore: error: log line")
    path.write_bytes(b"\xff\xfe{")
    assert "cannot read the deal log" in refused(capsys, ["replay", str(path), "--html", str(page)])
    path.write_text("\n".join(log), "utf-8")
    assert main(["replay", str(path), "--html", str(page)]) == 0 and page.is_file()


def test_a_traceback_only_with_debug(capsys) -> None:
    assert main(["--debug", "shanten", "1m\ud800"]) == 2
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and err.rstrip().splitlines()[-1].startswith("mjcore: error:")


def test_bytes_that_are_not_utf8_on_the_command_line() -> None:
    """A real shell passes ``$'1m\\xff'`` as bytes: Python reads them as a lone surrogate, refused in one line."""
    done = subprocess.run([sys.executable, "-m", "mjcore.cli", "shanten", os.fsencode("1m") + b"\xff"],
                          capture_output=True, env={**os.environ, "LC_ALL": "C.UTF-8"})  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith(b"mjcore: error: ") and done.stderr.count(b"\n") == 1, done.stderr

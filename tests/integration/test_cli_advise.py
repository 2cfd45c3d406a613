"""``mjcore advise`` (issue 29, item 2): the discard advisor's table printed best first, its numbers those of
``mjcore.advise``, the win curve as a sparkline, ``--plot`` to an image, and errors through the one error path."""

from __future__ import annotations

import math

import pytest

import mjcore
from mjcore.cli import main
from mjcore.cli.advise import sparkline


def table_rows(text: str) -> list[list[str]]:
    """The printed rows: the lines after the column header, split into their fields."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("discard")) + 1
    return [line.split() for line in lines[start:] if not line.startswith("(")]


def test_a_ready_hand_prints_the_closed_form(capsys) -> None:
    assert main(["advise", "123m456p789s1122z", "--draws", "6"]) == 0
    (row,) = table_rows(capsys.readouterr().out)
    label, shanten, useful, win, ready, ev, curve = row
    wall = 136 - 13
    expected = 1 - math.prod(1 - 4 / (wall - k) for k in range(6))
    assert (label, shanten, useful) == ("—", "0", "4")
    assert float(win) == pytest.approx(expected, abs=5e-5) and float(ev) == float(win) and float(ready) == 1
    assert len(curve) == 6 and curve[-1] == "█" and curve == "".join(sorted(curve))  # rising to the top


def test_a_full_hand_prints_every_discard_best_first(capsys) -> None:
    hand = "123m456p789s11223z"
    assert main(["advise", hand, "--draws", "5", "--seen", "1z", "--top", "20"]) == 0
    printed = table_rows(capsys.readouterr().out)
    advice = mjcore.advise(hand, draws=5, seen="1z")
    assert [r[0] for r in printed] == [r.tile for r in advice.rows]
    for fields, row in zip(printed, advice.rows):
        assert int(fields[1]) == row.shanten and int(fields[2]) == row.useful_total
        assert float(fields[3]) == pytest.approx(row.win_probability[-1], abs=5e-5)


def test_top_limits_the_rows_and_says_how_many_are_left(capsys) -> None:
    assert main(["advise", "123m456p789s11223z", "--draws", "3", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert len(table_rows(out)) == 2 and "(10 more discards: --top 12 shows them)" in out


def test_sparkline_scales_to_the_top() -> None:
    assert sparkline([0.0, 0.25, 0.5, 1.0], 1.0) == "▁▃▅█"
    assert sparkline([0.0, 0.1], 0.1) == "▁█"
    assert sparkline([0.0, 0.0], 0.0) == "▁▁"


def test_plot_draws_the_curves(tmp_path, capsys) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "curves.png"
    assert main(["advise", "123m456p789s11223z", "--draws", "4", "--plot", str(path)]) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"drawn to {path}" in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["advise", "123m456p789s1122"], "must be followed by a suit"),
    (["advise", "123m456p789s1122z", "--draws", "-1"], "draws must be 0 or more"),
    (["advise", "123m456p789s1122z", "--draws", "x"], "argument --draws: invalid int value"),
    (["advise", "123m456p789s1122z", "--seen", "1z1z1z"], "tile 1z"),
    (["advise", "123m456p789s1122z", "--wall", "3", "--draws", "5"], "wall 3 must be at least"),
    (["advise", "123m456p789s1122z", "--rules", "no-such-rules"], "no-such-rules"),
    (["advise", "123m456p789s1122z", "--rules", "taiwan"], "--rules taiwan: advise: the taiwan family's wins are not"),
    (["advise", "123m456p789s1122z", "--rules", "mcr", "--seat", "5"], "seat must be 0..3"),
    (["advise", "123m456p789s1122z", "--top", "0"], "--top must be 1 or more"),
])
def test_errors_take_the_one_error_path(capsys, argv, words) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's usage errors take the same path
        code = stop.code
    printed = capsys.readouterr()
    assert code == 2, printed
    assert printed.err.startswith("mjcore: error: ") and printed.err.count("\n") == 1, printed.err
    assert words in printed.err and "Traceback" not in printed.err


def test_a_ruleset_values_the_wins(capsys) -> None:
    """单骑 5p under MCR, the East seat in the East round: 3 × (8 + 17 fan) = 75 a win, so EV = 75 × win."""
    assert main(["advise", "123m456p789s111z5p", "--rules", "mcr", "--draws", "3", "--seat", "0"]) == 0
    advice = mjcore.advise("123m456p789s111z5p", ruleset="mcr", draws=3, seat=0)
    line = capsys.readouterr().out.splitlines()[-1].split()
    assert float(line[5]) == pytest.approx(75 * advice.best.win_probability[-1], abs=1e-4)

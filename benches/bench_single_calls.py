"""Single calls of ``shanten``, ``is_win`` and ``waits`` against xiangting on the same hands, in every plain
spelling mjcore reads (bytes, a list of 34 ints, a numpy uint8 row); xiangting always gets bytes, its fastest
input. The xiangting call compared: ``calculate_replacement_number`` for shanten and is_win (it has no win
test), ``calculate_necessary_tiles`` for waits of 13 tiles, ``calculate_unnecessary_tiles`` for waits of 14
(mjcore answers the whole discard table there). Each round handles ``SINGLE`` hands. Group by ``group`` to
compare: ``pytest benches/bench_single_calls.py --benchmark-enable --benchmark-group-by=group``.
"""

from __future__ import annotations

import pytest
import xiangting

import mjcore

FOUR = xiangting.PlayerCount.FOUR

# The same hands as bytes, lists and numpy rows, made before timing.
SPELLINGS = {
    "bytes": lambda rows: [bytes(row) for row in rows],
    "list": lambda rows: rows.tolist(),
    "numpy": lambda rows: list(rows),
}
HAND_SETS = ("winning14", "random14", "random13")  # the keys of the single_rows fixture


def spelled(single_rows, hand_set: str, spelling: str) -> list:
    return SPELLINGS[spelling](single_rows[hand_set])

CASES = [  # (mjcore call, hand sets, xiangting call)
    ("shanten", HAND_SETS, xiangting.calculate_replacement_number),
    ("is_win", ("winning14", "random14"), xiangting.calculate_replacement_number),
    ("waits", ("random13",), xiangting.calculate_necessary_tiles),
    ("waits", ("winning14", "random14"), xiangting.calculate_unnecessary_tiles),
]
OURS = [(name, hands, spelling) for name, sets, _ in CASES for hands in sets for spelling in SPELLINGS]
THEIRS = [(name, hands, call) for name, sets, call in CASES for hands in sets]


@pytest.mark.parametrize(("name", "hands", "spelling"), OURS)
def test_mjcore(benchmark, single_rows, name, hands, spelling):
    benchmark.group = f"{name} {hands}"
    call, inputs = getattr(mjcore, name), spelled(single_rows, hands, spelling)

    def run():
        for hand in inputs:
            call(hand)

    benchmark(run)


@pytest.mark.parametrize(("name", "hands", "call"), THEIRS, ids=lambda v: getattr(v, "__name__", v))
def test_xiangting_bytes(benchmark, single_rows, name, hands, call):
    benchmark.group = f"{name} {hands}"
    inputs = spelled(single_rows, hands, "bytes")

    def run():
        for hand in inputs:
            call(hand, FOUR)

    benchmark(run)

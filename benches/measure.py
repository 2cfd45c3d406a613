"""Headline figures outside pytest-benchmark: batch ns/hand of shanten and is_win, and single calls of
``shanten``, ``is_win`` and ``waits`` against ``xiangting`` on the same hands. Times are process CPU time, best
of several runs, so a busy machine inflates them less. Not a test: nothing is asserted.

The single-call table gives every hand set to each call in every plain spelling mjcore takes (bytes, a list of
34 ints, a row of a numpy uint8 array) and to xiangting as bytes, its fastest input. The xiangting call
compared: ``calculate_replacement_number`` for shanten and is_win (xiangting has no win test: a replacement
number of 0 is a win), ``calculate_necessary_tiles`` for waits of a 13-tile hand (the replacement number and
the tiles that lower it, as a bit set) and ``calculate_unnecessary_tiles`` for waits of a 14-tile hand (the
replacement number and the discards that keep it, as a bit set; mjcore answers the whole 何切 table: every
discard with its shanten and useful tiles). "x" is xiangting's time over mjcore's: above 1, mjcore is faster.

Run (one core): ``RAYON_NUM_THREADS=1 python benches/measure.py``; drop the variable to use every core.
``--single`` prints the single-call table only.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared generators in tests/

import numpy as np  # noqa: E402
import xiangting  # noqa: E402

import mjcore  # noqa: E402
from mjcore import Forms  # noqa: E402
from benches.timing import best_seconds  # noqa: E402
from tests.support.strategies import complete_hands, random_hands  # noqa: E402

BATCH_ROWS = 1_000_000
SINGLE_CALLS = 50_000
FOUR = xiangting.PlayerCount.FOUR


def batch_table() -> None:
    hands13 = random_hands(BATCH_ROWS, 13, seed=13)
    hands14 = random_hands(BATCH_ROWS, 14, seed=14)
    mjcore.shanten_batch(hands13[:10]), mjcore.is_win_batch(hands14[:10])  # tables built before timing
    rows = [
        ("shanten_batch, 13 tiles, standard form", mjcore.shanten_batch, hands13, Forms.STANDARD),
        ("shanten_batch, 13 tiles, default forms", mjcore.shanten_batch, hands13, Forms.DEFAULT),
        ("is_win_batch, 14 random tiles, standard form", mjcore.is_win_batch, hands14, Forms.STANDARD),
        ("is_win_batch, 14 random tiles, default forms", mjcore.is_win_batch, hands14, Forms.DEFAULT),
    ]
    for label, fn, arr, forms in rows:
        seconds = best_seconds(lambda: fn(arr, forms))
        print(f"{label:<46} {seconds / len(arr) * 1e9:6.1f} ns/hand")


def per_call_ns(call, hands, *extra) -> float:
    def work():
        for hand in hands:
            call(hand, *extra)

    return best_seconds(work) / len(hands) * 1e9


def single_table() -> None:
    sets = {
        "winning 14": np.array(complete_hands(SINGLE_CALLS, seed=41), dtype=np.uint8),
        "random 14": random_hands(SINGLE_CALLS, 14, seed=14),
        "random 13": random_hands(SINGLE_CALLS, 13, seed=13),
    }
    rows = [  # (mjcore call, hand sets, xiangting call)
        ("shanten", ("winning 14", "random 14", "random 13"), xiangting.calculate_replacement_number),
        ("is_win", ("winning 14", "random 14"), xiangting.calculate_replacement_number),
        ("waits", ("random 13",), xiangting.calculate_necessary_tiles),
        ("waits", ("winning 14", "random 14"), xiangting.calculate_unnecessary_tiles),
    ]
    mjcore.is_win(sets["winning 14"][0].tolist()), mjcore.waits(sets["random 13"][0].tolist())  # tables built
    print(f"single calls, {SINGLE_CALLS:,} hands, ns/call; x = xiangting bytes time / mjcore time")
    print(f"{'call':<8} {'hands':<11} {'xiangting call':<28} {'xt bytes':>8}  "
          f"{'bytes':>6} {'x':>5}  {'list':>6} {'x':>5}  {'numpy':>6} {'x':>5}")
    for name, hand_sets, theirs in rows:
        ours = getattr(mjcore, name)
        for label in hand_sets:
            arr = sets[label]
            spellings = (
                [bytes(row) for row in arr],
                arr.tolist(),
                list(arr),  # one row view per hand, made before timing
            )
            reference = per_call_ns(theirs, spellings[0], FOUR)
            cells = []
            for hands in spellings:
                ns = per_call_ns(ours, hands)
                cells.append(f"{ns:6.0f} {reference / ns:5.2f}")
            print(f"{name:<8} {label:<11} {theirs.__name__:<28} {reference:8.0f}  " + "  ".join(cells))


def main() -> None:
    if "--single" not in sys.argv:
        batch_table()
    single_table()


if __name__ == "__main__":
    main()

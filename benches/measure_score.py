"""Single-call scoring figures outside pytest-benchmark, in one run: ``mjcore.score(..., ruleset="mcr")`` against
pymahjonggb's own call on the same hands, and the Guangdong single ``score``. Times are process CPU time per
call, best of several runs, so a busy machine inflates them less. Not a test: nothing is asserted.

Input forms. mjcore: a ``Hand`` object with an ``mjcore.rules.mcr.Situation`` (the corpus's form), the same hand as
text with the keyword flags, and (Guangdong) 34 counts as a list with keywords. pymahjonggb: its fastest form,
``MahjongFanCalculator`` on arguments converted to its tile names beforehand (tuples), ``verbose=False``.

Run (one core): ``RAYON_NUM_THREADS=1 python benches/measure_score.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the shared generators in tests/

import MahjongGB  # noqa: E402

import mjcore  # noqa: E402
from benches.timing import best_seconds  # noqa: E402
from tests.support.mcr_corpus import cases, score_keywords  # noqa: E402
from tests.support.mcr_pymahjonggb import gb_arguments  # noqa: E402
from tests.support.strategies import complete_hands  # noqa: E402

HANDS = 2_000


def per_call(work, calls: int, repeats: int = 7) -> float:
    """Best CPU seconds of ``work`` (which makes ``calls`` calls), per call."""
    return best_seconds(work, repeats) / calls


def measure_mcr() -> None:
    corpus = list(cases(HANDS, seed=7))
    rules = mjcore.load_ruleset("mcr")
    score, calculate = mjcore.score, MahjongGB.MahjongFanCalculator
    objects = [(c.hand, c.win_tile, c.situation) for c in corpus]
    texts = [(c.hand.mpsz(), c.win_tile, score_keywords(c.situation)) for c in corpus]
    theirs_args = [gb_arguments(*c)[:-1] + (False,) for c in corpus]  # verbose=False: its lighter answer
    assert all(score(h, w, s, ruleset=rules).is_win for h, w, s in objects)  # the same wins on both sides
    assert all(calculate(*a) for a in theirs_args)
    rows = [
        ("mjcore.score mcr (Hand + mcr.Situation)", lambda: [score(h, w, s, ruleset=rules) for h, w, s in objects]),
        ("mjcore.score mcr (text + keywords, 'mcr')",
         lambda: [score(h, w, ruleset="mcr", **k) for h, w, k in texts]),
        ("pymahjonggb MahjongFanCalculator (tuples)", lambda: [calculate(*a) for a in theirs_args]),
    ]
    times = {label: per_call(work, len(corpus)) for label, work in rows}
    theirs = times[rows[-1][0]]
    for label, seconds in times.items():
        ratio = "" if label == rows[-1][0] else f"  ({seconds / theirs:.2f}x pymahjonggb)"
        print(f"{label:<46} {seconds * 1e6:6.2f} µs/call{ratio}")


def measure_guangdong() -> None:
    single = []
    for counts in complete_hands(HANDS, seed=41):  # the benches' hands: the winning tile is the lowest kind
        win = next(k for k, c in enumerate(counts) if c)
        counts[win] -= 1
        single.append((counts, win))
    texts = [(mjcore.Hand(tuple(h)).mpsz(), w) for h, w in single]
    score = mjcore.score
    assert all(score(h, w, self_drawn=True, seat_wind=1).is_win for h, w in single)
    for label, items in (("mjcore.score gd-cgc5 (list of 34 counts)", single), ("mjcore.score gd-cgc5 (text)", texts)):
        seconds = per_call(lambda: [score(h, w, self_drawn=True, seat_wind=1) for h, w in items], HANDS)
        print(f"{label:<46} {seconds * 1e6:6.2f} µs/call")


if __name__ == "__main__":
    measure_mcr()
    measure_guangdong()

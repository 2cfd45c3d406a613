"""The discard advisor (docs/advisor.md), plain mode, ``ruleset=None``, standard + seven pairs + thirteen orphans,
18 draws: the issue's hand mix — 60 seeded 14-tile hands, 5 ready after the right discard, 20 at 1-shanten, 20 at
2-shanten, 15 at 3-shanten — one group per shanten, each round advising every hand of the group once (divide by
the group's size for a per-hand figure). Run: ``pytest benches/bench_advisor.py --benchmark-enable``.
``hand_changes`` and ``shanten_down`` and the rulesets' scorers join when the advisor has them. The per-hand
median and maximum per class, with memory, come from ``benches/advisor_speed.py`` (docs/advisor.md).
"""

from __future__ import annotations

import pytest

import mjcore
from tests.support.strategies import random_hands

MIX = {0: 5, 1: 20, 2: 20, 3: 15}


def _hands() -> dict[int, list[bytes]]:
    """The first hands of each shanten (of the 14-tile hand: after its best discard) in a seeded stream."""
    found: dict[int, list[bytes]] = {s: [] for s in MIX}
    seed = 0
    while any(len(found[s]) < n for s, n in MIX.items()):
        for row in random_hands(2000, 14, seed):
            s = mjcore.shanten(row.tobytes())
            if s in found and len(found[s]) < MIX[s]:
                found[s].append(row.tobytes())
        seed += 1
    return found


HANDS = _hands()


@pytest.mark.parametrize("shanten", sorted(MIX))
def test_advise_plain(benchmark, shanten):
    benchmark.group = f"advisor plain, {shanten}-shanten ×{MIX[shanten]}"
    hands = HANDS[shanten]
    advise = mjcore.advise
    answers = benchmark.pedantic(lambda: [advise(h) for h in hands], rounds=3, iterations=1)
    assert all(min(r.shanten for r in a.rows) == shanten for a in answers)

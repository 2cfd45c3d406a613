"""The 95% intervals cover: one long run cut into 200 runs of 200 deals, each short run's interval is checked
against the long run's value (40,000 deals, its own error a fourteenth of a short run's). About 95% of them must
hold it — for shares of deals, means per deal, rates per win and shares of wins alike, under 血战 (several wins
per deal) and 推倒胡 (ghosts per win, kong money)."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
from mjcore.sim.result import totals_of
from mjcore.sim.summary import summarise

RUNS = 200


@pytest.mark.parametrize("rules, seed", [("sichuan", 21), ("tdh", 22)])
def test_about_95_percent_of_the_intervals_cover(rules: str, seed: int) -> None:
    run = mjcore.simulate(rules, 40_000, seed=seed, bots=("efficiency",) * 4)
    whole = {(heading, e.label): e for heading, rows in run.summary().estimates().items() for e in rows}
    size = run.deals // RUNS
    covered: dict[tuple[str, str], list[bool]] = {}
    for k in range(RUNS):
        part = {name: column[k * size:(k + 1) * size] for name, column in run.per_deal.items()}
        summary = summarise(totals_of(part), run.pattern_names, "", run.family)
        for heading, rows in summary.estimates().items():
            for estimate in rows:
                truth = whole[(heading, estimate.label)]
                if estimate.low is not None and truth.count >= 200:
                    covered.setdefault((heading, estimate.label), []).append(
                        estimate.low <= truth.value <= estimate.high)
    kinds = {whole[key].kind for key in covered}
    assert {"proportion", "mean"} <= kinds and ("share of wins" in kinds or rules != "sichuan")
    for key, hits in covered.items():
        if len(hits) < RUNS * 0.9:
            continue
        rate = float(np.mean(hits))
        assert rate >= 0.9, (key, rate)  # too narrow: 180 of 200 is 3 standard errors below 95%
        if whole[key].count >= 2000:
            assert rate <= 0.995, (key, rate)  # far too wide
    assert len(covered) >= 12

"""Each family's summary in its own words: what its fan column counts, what its pattern rows are, and its own
lines — not Guangdong's "0 fan / 1 fan" everywhere."""

from __future__ import annotations

import pytest

import mjcore

EFFICIENCY = ("efficiency",) * 4


def test_tdh_counts_multipliers_not_fan() -> None:
    run = mjcore.simulate("tdh", 600, seed=1, bots=EFFICIENCY)
    text = str(run)
    assert run.family == "tdh"
    assert "Multipliers (加倍" in text and "Winning forms" in text and "0 fan" not in text
    labels = [e.label for e in run.summary().fans if e.count]
    assert labels[:2] == ["×1 (no 加倍)", "×2 (1 加倍)"]
    assert "horses hit per win" not in text  # no horses at the default table: no line for them


def test_sichuan_counts_fan_and_its_several_wins_per_deal() -> None:
    run = mjcore.simulate("sichuan", 400, seed=1, bots=EFFICIENCY)
    summary = run.summary()
    text = str(summary)
    assert "番 per win" in text and "0 番" in text and "several winners in the deal (血战)" in text
    [section] = [s for s in summary.family if s.heading.startswith("Wins per deal")]
    by_wins = {e.label: e.count for e in section.estimates[1:]}
    assert sum(by_wins.values()) == run.deals and by_wins["deals with 3 wins"] > 0
    assert section.estimates[0].value == pytest.approx(run["winners"].sum() / run.deals)


@pytest.mark.parametrize("rules, heading, label", [
    ("taiwan", "台 per win", "1 台"),
    ("mcr", "Highest fan of the win", "1 fan"),
    ("gd-789", "Hand value per win (789 ladder 番)", "1 番"),
    ("gd-qq3", "Fan distribution (番, per win)", "1 fan"),
])  # fmt: skip
def test_each_family_has_its_heading_and_unit(rules: str, heading: str, label: str) -> None:
    summary = mjcore.simulate(rules, 300, seed=2, bots=EFFICIENCY).summary()
    assert heading in str(summary)
    assert summary.fans[1].label == label and summary.fans[-1].label == label.replace("1", "15+", 1)

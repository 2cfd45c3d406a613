"""The summary of a simulation: rates with 95% confidence intervals, from the run's totals alone (so a merged
result or a run without per-deal arrays summarises the same). Proportions use the Wilson score interval, which
stays inside [0, 1] and behaves for rare events; the mean turn of a win uses the normal approximation."""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from typing import Any

__all__ = ["Estimate", "Summary", "summarise", "wilson"]

_Z95 = 1.959963984540054
_OFFSET_NAMES = ("dealer (East)", "dealer's 下家", "dealer's 对家", "dealer's 上家")


def _padded(label: str, width: int = 28) -> str:
    """``label`` padded to ``width`` terminal columns (CJK characters take two)."""
    columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in label)
    return label + " " * max(0, width - columns)


def wilson(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Estimate:
    """One line of the summary: a value and its 95% interval; ``count``/``of`` for a proportion."""

    label: str
    value: float
    low: float
    high: float
    count: int
    of: int

    @classmethod
    def proportion(cls, label: str, count: int, of: int) -> Estimate:
        return cls(label, count / of if of else 0.0, *wilson(count, of), count, of)

    def format(self, as_percent: bool) -> str:
        if as_percent:
            numbers = f"{100 * self.value:7.3f}%  [{100 * self.low:7.3f}%, {100 * self.high:7.3f}%]"
        else:
            numbers = f"{self.value:8.3f}   [{self.low:8.3f}, {self.high:8.3f}]"
        return f"  {_padded(self.label)} {numbers}  {self.count:>10,} / {self.of:,}"


@dataclass(frozen=True)
class Summary:
    title: str
    deals: int
    outcomes: tuple[Estimate, ...]  # per deal
    win_rate_by_seat: tuple[Estimate, ...]  # per deal, by seat relative to the dealer
    mean_win_turn: Estimate
    fans: tuple[Estimate, ...]  # per win
    patterns: tuple[Estimate, ...]  # per win, most frequent first
    mean_payment_by_seat: tuple[float, ...]  # per deal, by seat relative to the dealer
    # Kong money, horses (买马) and ghosts (鬼牌), for tables that have them; and self-drawn wins by turn.
    extras: tuple[Estimate, ...] = ()
    self_drawn_by_turn: tuple[Estimate, ...] = ()
    placeholders: tuple[str, ...] = ()  # the ruleset's values not from the seeds (``Ruleset.placeholders``)

    def __str__(self) -> str:
        lines = [f"Simulation: {self.deals:,} deals ({self.title}); 95% confidence intervals", "",
                 "Per deal:"]  # fmt: skip
        lines += [e.format(True) for e in self.outcomes]
        lines += ["", "Win rate by seat:"] + [e.format(True) for e in self.win_rate_by_seat]
        lines += ["", "Turn (巡目) of a win:", self.mean_win_turn.format(False)]
        lines += ["", "Fan distribution (per win):"] + [e.format(True) for e in self.fans if e.count]
        lines += ["", "Patterns (per win):"] + [e.format(True) for e in self.patterns if e.count]
        lines += ["", "Mean payment per deal:"]
        lines += [f"  {_padded(name)} {paid:+10.3f}" for name, paid in zip(_OFFSET_NAMES, self.mean_payment_by_seat)]
        if self.extras:
            # The share of wins holding a ghost is a proportion; the others are means.
            lines += ["", "Kong money, horses and ghosts:"]
            lines += [e.format(e.label.startswith("wins")) for e in self.extras]
        if any(e.count for e in self.self_drawn_by_turn):
            lines += ["", "Self-drawn wins by turn (per self-drawn win):"]
            lines += [e.format(True) for e in self.self_drawn_by_turn if e.count]
        if self.placeholders:
            lines += ["", f"Placeholders (values not from the seeds): {', '.join(self.placeholders)}"]
        return "\n".join(lines)


def _mean_turn(totals: dict[str, Any], deals_won: int) -> Estimate:
    if deals_won == 0:
        return Estimate("mean", 0.0, 0.0, 0.0, 0, 0)
    mean = totals["win_turns"] / deals_won
    variance = max(0.0, totals["win_turns_squared"] / deals_won - mean * mean)
    half = _Z95 * math.sqrt(variance / deals_won)
    return Estimate("mean", mean, mean - half, mean + half, totals["win_turns"], deals_won)


def summarise(totals: dict[str, Any], pattern_names: tuple[str, ...], title: str,
              placeholders: tuple[str, ...] = ()) -> Summary:
    """The summary of a run's totals; ``pattern_names[i]`` names pattern row i."""
    deals = totals["deals"]
    wins = sum(totals["wins_by_offset"])
    deals_won = deals - totals["exhaustive_draws"]
    per_deal = (
        ("exhaustive draw (流局)", totals["exhaustive_draws"]),
        ("self-drawn win (自摸)", totals["self_drawn_wins"]),
        ("win on a discard (点炮)", totals["deal_ins"]),
        ("robbed kong (抢杠)", totals["robbed_kongs"]),
        ("several winners (一炮多响)", totals["multiple_winners"]),
        ("liability paid (包)", totals["liabilities"]),
    )
    fans = totals["fans"]
    fan_labels = [f"{fan} fan" for fan in range(len(fans) - 1)] + [f"{len(fans) - 1}+ fan"]
    patterns = sorted(zip(pattern_names, totals["patterns"]), key=lambda row: -row[1])
    return Summary(
        title=title,
        deals=deals,
        outcomes=tuple(Estimate.proportion(label, count, deals) for label, count in per_deal),
        win_rate_by_seat=tuple(Estimate.proportion(name, count, deals)
                               for name, count in zip(_OFFSET_NAMES, totals["wins_by_offset"])),  # fmt: skip
        mean_win_turn=_mean_turn(totals, deals_won),
        fans=tuple(Estimate.proportion(label, count, wins) for label, count in zip(fan_labels, fans)),
        patterns=tuple(Estimate.proportion(name, count, wins) for name, count in patterns),
        mean_payment_by_seat=tuple(paid / deals if deals else 0.0 for paid in totals["payments_by_offset"]),
        extras=_extras(totals, deals, wins),
        self_drawn_by_turn=tuple(Estimate.proportion(f"turn {turn}", count, totals["self_drawn_wins"])
                                 for turn, count in enumerate(totals.get("self_drawn_turns", ()))),  # fmt: skip
        placeholders=placeholders,
    )


def _mean(label: str, total: int, of: int) -> Estimate:
    """A mean without an interval (the totals keep no squares for it)."""
    value = total / of if of else 0.0
    return Estimate(label, value, value, value, total, of)


def _extras(totals: dict[str, Any], deals: int, wins: int) -> tuple[Estimate, ...]:
    """Kong money per deal, horse hits per win and the ghosts in wins, when the table has any of them."""
    if not any(totals.get(key) for key in ("kong_money_moved", "horse_hits", "ghosts_in_wins")):
        return ()
    return (
        _mean("kong money per deal", totals["kong_money_moved"], deals),
        _mean("horse hits per win", totals["horse_hits"], wins),
        Estimate.proportion("wins holding a ghost", totals["wins_with_ghosts"], wins),
        _mean("ghosts per win", totals["ghosts_in_wins"], wins),
    )

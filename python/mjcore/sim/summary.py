"""The summary of a simulation: every estimate with its 95% confidence interval, from the run's totals alone (so a
merged result, a run without per-deal arrays and a cluster run summarise the same as one big run).

The deal is the independent unit. Three kinds of estimate, each with the interval it honestly has:

- a **proportion per deal** (a share of deals, or a seat's win rate): the Wilson score interval, which stays inside
  [0, 1] and behaves for rare events;
- a **mean per deal** (a seat's payment, kong money, flowers, wins per deal) or per deal won (the turn of a win):
  the normal interval from the totals' Σx and Σx² (sample variance, n − 1);
- a **rate per win** (Σx / Σw over deals, w = the deal's wins): a ratio estimate, its variance by the delta method
  from Σx², Σxw and Σw² — so 一炮多响 and 血战's several wins in one deal are not taken as independent. A share of
  wins (a fan, a pattern, wins holding a ghost) gets the Wilson interval at the effective number of wins that
  variance implies (exactly the number of wins when no deal has two).

An estimate without an honest interval (fewer than two deals, or no spread at all) is printed without one: its
``low`` and ``high`` are None, never a zero-width interval."""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from typing import Any, Optional

from .vocabulary import FamilySection, Vocabulary, family_sections, vocabulary

__all__ = ["Estimate", "Summary", "marked_placeholders", "shares_of_wins", "summarise", "wilson"]

_Z95 = 1.959963984540054
# The fewest values whose mean gets a normal interval (the usual rule of thumb for the central limit theorem).
MEAN_INTERVAL_VALUES = 30
_OFFSET_NAMES = ("dealer (East)", "dealer's 下家", "dealer's 对家", "dealer's 上家")


def _padded(label: str, width: int = 28) -> str:
    """``label`` padded to ``width`` terminal columns (CJK characters take two)."""
    columns = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in label)
    return label + " " * max(0, width - columns)


def wilson(successes: float, trials: float, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when there are no trials. ``trials`` may be an
    effective (non-integer) number of trials."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(max(0.0, p * (1 - p) / trials + z * z / (4 * trials * trials)))
    return max(0.0, centre - half), min(1.0, centre + half)


def ratio_variance(total: int, of: int, squares: int, cross: int, of_squares: int) -> float:
    """The delta-method variance of the ratio Σx / Σw over deals, from Σx², Σxw and Σw² (0 when Σw is 0)."""
    if of == 0:
        return 0.0
    r = total / of
    # Σ (x − r w)², expanded; exact integers kept as long as possible (the sums can be large).
    residual = squares - 2 * r * cross + r * r * of_squares
    return max(0.0, residual) / (of * of)


@dataclass(frozen=True)
class Estimate:
    """One line of the summary: a value and its 95% interval (``low``/``high``, None when the estimate has no
    honest interval); ``count``/``of`` the numerator and denominator it was computed from; ``kind`` says how:
    ``"proportion"`` (per deal), ``"share of wins"``, ``"mean"`` or ``"ratio"`` (per win)."""

    label: str
    value: float
    low: Optional[float]
    high: Optional[float]
    count: int
    of: int
    kind: str = "proportion"

    @property
    def has_interval(self) -> bool:
        return self.low is not None

    @property
    def half_width(self) -> Optional[float]:
        return None if self.low is None or self.high is None else (self.high - self.low) / 2

    @classmethod
    def proportion(cls, label: str, count: int, of: int) -> Estimate:
        """A share of ``of`` independent trials (deals): Wilson."""
        return cls(label, count / of if of else 0.0, *wilson(count, of), count, of)

    @classmethod
    def share_of_wins(cls, label: str, count: int, wins: int, squares: int, cross: int, wins_squared: int,
                      deals_won: int) -> Estimate:  # fmt: skip
        """A share of wins, ``count`` of ``wins`` over deals with Σc² = ``squares``, Σcw = ``cross`` and
        Σw² = ``wins_squared``: Wilson at the effective number of wins of the ratio variance (the number of wins
        itself when every deal has at most one; the number of deals won when the share is 0 or 1)."""
        if wins == 0:
            return cls(label, 0.0, 0.0, 1.0, count, wins, "share of wins")
        p = count / wins
        variance = ratio_variance(count, wins, squares, cross, wins_squared)
        effective = p * (1 - p) / variance if variance > 0 and 0 < p < 1 else deals_won
        return cls(label, p, *wilson(p * effective, effective), count, wins, "share of wins")

    @classmethod
    def mean(cls, label: str, total: int, squares: int, n: int) -> Estimate:
        """The mean of ``n`` independent values with Σx = ``total`` and Σx² = ``squares``: normal interval from the
        sample variance; none for fewer than ``MEAN_INTERVAL_VALUES`` values (the normal approximation does not
        hold yet: a mean of a few skewed amounts, such as a side payment in the deals where it happened, covered
        87% instead of 95%) or none spread."""
        value = total / n if n else 0.0
        if n < MEAN_INTERVAL_VALUES:
            return cls(label, value, None, None, total, n, "mean")
        # (Σx² − (Σx)²/n) in exact integers, then the sample variance.
        spread = (squares * n - total * total) / n
        variance = max(0.0, spread) / (n - 1)
        if variance == 0:
            return cls(label, value, None, None, total, n, "mean")
        half = _Z95 * math.sqrt(variance / n)
        return cls(label, value, value - half, value + half, total, n, "mean")

    @classmethod
    def ratio(cls, label: str, total: int, of: int, squares: int, cross: int, of_squares: int, n: int) -> Estimate:
        """A rate per win Σx / Σw over ``n`` deals: delta-method interval (with the n / (n − 1) correction);
        none when fewer than two deals, no wins, or no spread."""
        value = total / of if of else 0.0
        variance = ratio_variance(total, of, squares, cross, of_squares) * (n / (n - 1) if n > 1 else 0.0)
        if n < 2 or of == 0 or variance == 0:
            return cls(label, value, None, None, total, of, "ratio")
        half = _Z95 * math.sqrt(variance)
        return cls(label, value, value - half, value + half, total, of, "ratio")

    def format(self, as_percent: bool) -> str:
        scale, unit = (100, "%") if as_percent else (1, " ")
        value = f"{scale * self.value:{7 if as_percent else 8}.3f}{unit}"
        if self.low is None or self.high is None:
            numbers = f"{value}  {'(no interval)':<{22 if as_percent else 20}}"
        elif as_percent:
            numbers = f"{value}  [{scale * self.low:7.3f}%, {scale * self.high:7.3f}%]"
        else:
            numbers = f"{value}  [{self.low:8.3f}, {self.high:8.3f}]"
        return f"  {_padded(self.label)} {numbers}  {self.count:>10,} / {self.of:,}"

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "low": self.low, "high": self.high, "count": self.count,
                "of": self.of, "kind": self.kind}  # fmt: skip


@dataclass(frozen=True)
class Summary:
    title: str
    deals: int
    outcomes: tuple[Estimate, ...]  # per deal
    win_rate_by_seat: tuple[Estimate, ...]  # per deal, by seat relative to the dealer
    mean_win_turn: Estimate
    fans: tuple[Estimate, ...]  # per win, by the family's unit (fan, 番, 台, multipliers)
    patterns: tuple[Estimate, ...]  # per win, most frequent first
    mean_payment_by_seat: tuple[Estimate, ...]  # per deal, by seat relative to the dealer
    # Kong money, horses (买马), ghosts (鬼牌) and flowers, for tables that have them; self-drawn wins by turn.
    extras: tuple[Estimate, ...] = ()
    self_drawn_by_turn: tuple[Estimate, ...] = ()
    # The family's own words: headings, the unit of the fan column, and its own lines (``vocabulary.py``).
    words: Vocabulary = vocabulary("")
    family: tuple[FamilySection, ...] = ()
    placeholders: tuple[str, ...] = ()  # the ruleset's values not from the seeds (``Ruleset.placeholders``)

    def estimates(self) -> dict[str, tuple[Estimate, ...]]:
        """Every estimate by section (for tables, reports and comparisons)."""
        sections = {"Per deal": self.outcomes, "Win rate by seat": self.win_rate_by_seat,
                    "Turn (巡目) of a win": (self.mean_win_turn,), self.words.fan_heading: self.fans,
                    self.words.pattern_heading: self.patterns, "Mean payment per deal": self.mean_payment_by_seat,
                    self.words.extras_heading: self.extras}  # fmt: skip
        sections.update({section.heading: section.estimates for section in self.family})
        return {heading: rows for heading, rows in sections.items() if rows}

    def __str__(self) -> str:
        lines = [f"Simulation: {self.deals:,} deals ({self.title}); 95% confidence intervals", "",
                 "Per deal:"]  # fmt: skip
        lines += [e.format(True) for e in self.outcomes]
        lines += ["", "Win rate by seat:"] + [e.format(True) for e in self.win_rate_by_seat]
        lines += ["", "Turn (巡目) of a win:", self.mean_win_turn.format(False)]
        lines += ["", f"{self.words.fan_heading}:"] + [e.format(True) for e in self.fans if e.count]
        lines += ["", f"{self.words.pattern_heading}:"] + [e.format(True) for e in self.patterns if e.count]
        lines += ["", "Mean payment per deal:"] + [e.format(False) for e in self.mean_payment_by_seat]
        if self.extras:
            lines += ["", f"{self.words.extras_heading}:"]
            lines += [e.format(e.kind in ("proportion", "share of wins")) for e in self.extras]
        lines += _family_lines(self.family)
        if any(e.count for e in self.self_drawn_by_turn):
            lines += ["", "Self-drawn wins by turn (per self-drawn win):"]
            lines += [e.format(True) for e in self.self_drawn_by_turn if e.count]
        if self.words.not_simulated:
            lines += ["", "Not simulated (read elsewhere):"] + [f"  {note}" for note in self.words.not_simulated]
        if self.placeholders:
            lines += ["", f"Placeholders (values not from the seeds): {', '.join(self.placeholders)} (their rows are "
                      "marked [placeholder] above)"]
        return "\n".join(lines)


def _family_lines(sections: tuple[FamilySection, ...]) -> list[str]:
    lines: list[str] = []
    for section in sections:
        lines += ["", f"{section.heading}:"]
        lines += [e.format(e.kind in ("proportion", "share of wins")) for e in section.estimates]
        lines += [f"  {note}" for note in section.notes]
    return lines


def _mean_turn(totals: dict[str, Any], deals_won: int) -> Estimate:
    return Estimate.mean("mean", totals["win_turns"], totals["win_turns_squared"], deals_won)


def wins_squared(totals: dict[str, Any]) -> int:
    """Σw² over deals, w = the deal's wins."""
    return sum(wins * wins * deals for wins, deals in enumerate(totals["deals_by_wins"]))


def shares_of_wins(labels: Any, counts: list[int], same_deal: list[int], cowinners: list[int],
                    totals: dict[str, Any]) -> list[Estimate]:  # fmt: skip
    """Per-win shares of buckets (fans, patterns) with the same-deal terms of deals with several wins."""
    wins = sum(totals["wins_by_offset"])
    deals_won = totals["deals"] - totals["exhaustive_draws"]
    w2 = wins_squared(totals)

    def term(values: list[int], i: int) -> int:
        return values[i] if i < len(values) else 0

    return [Estimate.share_of_wins(label, count, wins, count + term(same_deal, i), count + term(cowinners, i), w2,
                                   deals_won)  # fmt: skip
            for i, (label, count) in enumerate(zip(labels, counts))]


def marked_placeholders(names: tuple[str, ...], placeholders: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` (``"key 中文"``), each row the ruleset marks as a placeholder (a path ``section.key``, as
    ``Ruleset.placeholders`` lists them) suffixed with ``[placeholder]``."""
    keys = {path.split(".")[1] for path in placeholders if path.count(".") >= 1}
    return tuple(f"{name} [placeholder]" if name.split(" ", 1)[0] in keys else name for name in names)


def summarise(totals: dict[str, Any], pattern_names: tuple[str, ...], title: str, family: str = "",
              placeholders: tuple[str, ...] = ()) -> Summary:
    """The summary of a run's totals; ``pattern_names[i]`` names pattern row i; ``family`` (the ruleset's
    ``meta.family``) picks the words and the family's own lines; ``placeholders`` are listed at the end."""
    words = vocabulary(family)
    deals = totals["deals"]
    deals_won = deals - totals["exhaustive_draws"]
    per_deal = (
        ("exhaustive draw (流局)", totals["exhaustive_draws"]),
        ("self-drawn win (自摸)", totals["self_drawn_wins"]),
        ("win on a discard (点炮)", totals["deal_ins"]),
        ("robbed kong (抢杠)", totals["robbed_kongs"]),
        (words.several_winners, totals["multiple_winners"]),
        ("liability paid (包)", totals["liabilities"]),
    )
    # A row whose value the file marks as not from the seeds says so where it is counted (老章: every row).
    pattern_names = marked_placeholders(pattern_names, placeholders)
    fans = totals["fans"]
    fan_labels = [words.fan_label(fan, last=fan == len(fans) - 1) for fan in range(len(fans))]
    fan_rows = shares_of_wins(fan_labels, fans, totals["fans_same_deal"], totals["fans_cowinners"], totals)
    pattern_rows = shares_of_wins(pattern_names, totals["patterns"], totals["patterns_same_deal"],
                                   totals["patterns_cowinners"], totals)  # fmt: skip
    return Summary(
        title=title,
        deals=deals,
        outcomes=tuple(Estimate.proportion(label, count, deals) for label, count in per_deal),
        win_rate_by_seat=tuple(Estimate.proportion(name, count, deals)
                               for name, count in zip(_OFFSET_NAMES, totals["wins_by_offset"])),  # fmt: skip
        mean_win_turn=_mean_turn(totals, deals_won),
        fans=tuple(fan_rows),
        patterns=tuple(sorted(pattern_rows, key=lambda e: -e.count)),
        mean_payment_by_seat=tuple(Estimate.mean(name, paid, squares, deals) for name, paid, squares
                                   in zip(_OFFSET_NAMES, totals["payments_by_offset"],
                                          totals["payments_squared_by_offset"])),  # fmt: skip
        extras=_extras(totals, words),
        self_drawn_by_turn=tuple(Estimate.proportion(f"turn {turn}", count, totals["self_drawn_wins"])
                                 for turn, count in enumerate(totals.get("self_drawn_turns", ()))),  # fmt: skip
        words=words,
        family=family_sections(family, totals, pattern_names),
        placeholders=tuple(placeholders),
    )


def per_win(totals: dict[str, Any], label: str, key: str) -> Estimate:
    """The rate per win of the totals' per-win count ``key`` (with its ``_squared`` and ``_by_wins`` sums)."""
    return Estimate.ratio(label, totals[key], sum(totals["wins_by_offset"]), totals[f"{key}_squared"],
                          totals[f"{key}_by_wins"], wins_squared(totals), totals["deals"])  # fmt: skip


def _extras(totals: dict[str, Any], words: Vocabulary) -> tuple[Estimate, ...]:
    """Kong money per deal, horse hits per win, the ghosts in wins and flowers per deal, where the table has any."""
    deals, wins = totals["deals"], sum(totals["wins_by_offset"])
    deals_won = deals - totals["exhaustive_draws"]
    rows: list[Estimate] = []
    if totals["kong_money_moved"]:
        rows.append(Estimate.mean(words.kong_money, totals["kong_money_moved"], totals["kong_money_squared"], deals))
    if totals["horse_hits"]:
        rows.append(per_win(totals, words.horse_hits, "horse_hits"))
    if totals.get("horse_money_moved"):
        rows.append(Estimate.mean(words.horse_money, totals["horse_money_moved"], totals["horse_money_squared"], deals))
    if totals.get("flower_money_moved"):
        rows.append(Estimate.mean(words.flower_money, totals["flower_money_moved"], totals["flower_money_squared"],
                                  deals))  # fmt: skip
    if words.win_count and wins:
        rows.append(per_win(totals, words.win_count, "win_count"))
    if totals["ghosts_in_wins"]:
        rows.append(Estimate.share_of_wins(words.wins_with_ghosts, totals["wins_with_ghosts"], wins,
                                           totals["wins_with_ghosts_squared"], totals["wins_with_ghosts_by_wins"],
                                           wins_squared(totals), deals_won))  # fmt: skip
        rows.append(per_win(totals, words.ghosts_per_win, "ghosts_in_wins"))
    if totals["flowers"]:
        rows.append(Estimate.mean(words.flowers, totals["flowers"], totals["flowers_squared"], deals))
    return tuple(rows)

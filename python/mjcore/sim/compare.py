"""``mjcore.compare``: two tables (a ruleset and its bots each) played on the same deals, every metric's difference
with a paired 95% interval.

Deal k of a seed is dealt from the same wall under every ruleset with the same tile set (common random numbers):
the two sides play the same deals and their differences per deal vary far less than two independent runs would.
Each metric is a ratio Σy / Σx over deals (x = 1 for a rate or mean per deal, x = the deal's wins for a rate per
win); the difference Ra − Rb is linearised per deal (the delta method) and its variance estimated from the paired
sums Σ z zᵀ of z = (ya, xa, yb, xb) — so the interval is valid whether or not the walls agree, and narrow when
they do. The same sums without the cross terms give the interval two independent runs of the same size would
have: ``Difference.narrowing`` is the ratio of the two half-widths.

Deals run in chunks (``chunk_deals``) with per-deal arrays that are folded into the sums and dropped, so memory
stays flat for any number of deals; ``cluster`` runs each chunk on a Dask cluster (``mjcore.simulate``'s)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from typing import Any, Optional, Union

import numpy as np

from ..errors import InvalidArgumentError
from ..rules.registry import RulesetLike, load_ruleset
from .result import FAN_BUCKETS, SIDE_MONEY_COLUMNS, SimulationRequest, SimulationResult
from .distributed import _connect
from .run import simulate
from .summary import _padded
from .vocabulary import ORDINALS, SIDE_MONEY_LABELS

__all__ = ["Comparison", "Difference", "compare", "parse_ruleset_spec"]

_Z95 = 1.959963984540054
_SEATS = 4
_OFFSET_NAMES = ("dealer (East)", "dealer's 下家", "dealer's 对家", "dealer's 上家")
# Deal indices whose walls are compared to say whether the two sides share their walls.
_WALL_PROBES = (0, 1, 2, 3, 97, 1234)

Side = Union[RulesetLike, tuple[RulesetLike, Union[str, Sequence[str]]]]


def parse_ruleset_spec(text: str) -> Any:
    """A ruleset from ``"name"`` or ``"name:option=value,option=value"`` (values read as int, float, true/false or
    text), e.g. ``"gd-cgc5:minimum=0"``."""
    name, _, options = text.partition(":")
    rules = load_ruleset(name)
    if not options:
        return rules
    values: dict[str, Any] = {}
    for item in options.split(","):
        key, equals, raw = item.partition("=")
        if not equals or not key.strip():
            raise InvalidArgumentError(f"ruleset {text!r}: options are name=value, separated by commas")
        values[key.strip()] = _option_value(raw.strip())
    if not hasattr(rules, "with_options"):
        raise InvalidArgumentError(f"ruleset {name!r} takes no options")
    return rules.with_options(**values)


def _option_value(raw: str) -> Any:
    if raw.lower() in ("true", "false"):
        return raw.lower() == "true"
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def _side(side: Side) -> tuple[Any, tuple[str, ...], str]:
    """(ruleset, four bot names, label) of one side: a ruleset, or a (ruleset, bots) pair where bots is one name
    (every seat) or four."""
    if isinstance(side, tuple) and len(side) == 2 and not isinstance(side[1], (int, float)):
        rules, bots = side
    else:
        rules, bots = side, "efficiency"
    label_rules = rules if isinstance(rules, str) else getattr(rules, "name", str(rules))
    rules = parse_ruleset_spec(rules) if isinstance(rules, str) else load_ruleset(rules)
    bots = (bots,) * _SEATS if isinstance(bots, str) else tuple(bots)
    if len(bots) != _SEATS:
        raise InvalidArgumentError(f"bots are one name (every seat) or four, not {bots!r}")
    label = f"{label_rules} ({bots[0]})" if len(set(bots)) == 1 else f"{label_rules} ({', '.join(bots)})"
    return rules, bots, label


@dataclass(frozen=True)
class Difference:
    """One metric on both sides and its paired difference ``a − b`` with the 95% interval; ``independent_half``
    is the half-width two independent runs of the same size would give, ``narrowing`` the ratio of that to the
    paired half-width (None where either has no spread)."""

    label: str
    a: float
    b: float
    difference: float
    low: Optional[float]
    high: Optional[float]
    independent_half: Optional[float]

    @property
    def half_width(self) -> Optional[float]:
        return None if self.low is None or self.high is None else (self.high - self.low) / 2

    @property
    def narrowing(self) -> Optional[float]:
        half = self.half_width
        return self.independent_half / half if half and self.independent_half else None

    @property
    def significant(self) -> bool:
        """The interval excludes 0."""
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)


@dataclass(frozen=True)
class Comparison:
    """The result of ``compare``: ``differences`` by metric; ``a`` and ``b`` each side's totals-only result (its
    summary is ``a.summary()``); ``common_walls`` whether deal k was dealt the same wall on both sides."""

    a_label: str
    b_label: str
    deals: int
    seed: int
    common_walls: bool
    differences: tuple[Difference, ...]
    a: SimulationResult = field(repr=False)
    b: SimulationResult = field(repr=False)

    def __getitem__(self, label: str) -> Difference:
        for difference in self.differences:
            if difference.label == label:
                return difference
        raise KeyError(f"no metric {label!r}: the metrics are {', '.join(d.label for d in self.differences)}")

    def __str__(self) -> str:
        walls = ("the same walls on both sides (common random numbers)" if self.common_walls
                 else "different walls (different tile sets): the pairs share only the seed, so the paired interval "
                      "is little narrower than independent runs'")  # fmt: skip
        lines = [f"Comparison: {self.deals:,} deals, seed {self.seed}; A = {self.a_label}, B = {self.b_label}",
                 walls, "Paired 95% intervals of A − B; 'x narrower': against two independent runs", "",
                 f"  {_padded('metric', 36)} {'A':>10} {'B':>10} {'A − B':>10}  {'95% interval':<24} narrower"]  # fmt: skip
        for d in self.differences:
            interval = f"[{d.low:+10.4f}, {d.high:+10.4f}]" if d.low is not None else "(no interval)"
            narrowing = f"{d.narrowing:6.1f}x" if d.narrowing else ""
            mark = " *" if d.significant else ""
            lines.append(f"  {_padded(d.label, 36)} {d.a:10.4f} {d.b:10.4f} {d.difference:+10.4f}  {interval:<24} "
                         f"{narrowing}{mark}")  # fmt: skip
        lines.append("\n  * the interval excludes 0")
        return "\n".join(lines)


def _common_walls(a: Any, b: Any, seed: int) -> bool:
    """Whether the two rulesets deal the same wall for the probed deal indices of ``seed``."""
    import json

    from ..table.table import Table

    def wall(rules: Any, index: int) -> list[int]:
        table = Table(ruleset=rules)
        table.reset(seed, index, dealer=index % _SEATS)
        return json.loads(table.log()[0])["wall"]

    return all(wall(a, k) == wall(b, k) for k in _WALL_PROBES)


def moved(money: np.ndarray) -> np.ndarray:
    """Per deal, the money that changed hands in zero-sum (N, 4) ``money``: what the payers paid."""
    return -np.minimum(money, 0).sum(axis=1)


class _Metrics:
    """Per-deal (y, x) of every metric of a pair of chunks, and the paired sums over all chunks."""

    def __init__(self) -> None:
        self.labels: list[str] = []
        self.sums: Optional[np.ndarray] = None  # (metrics, 4)
        self.cross: Optional[np.ndarray] = None  # (metrics, 4, 4)
        self.n = 0

    @staticmethod
    def _columns(run: SimulationResult, shared_patterns: bool) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        won = ~run["exhaustive_draw"]
        winners = run["winners"]
        wins = winners.sum(axis=1).astype(np.float64)
        one = np.ones(run.deals)
        seats = (run["dealer"][:, None].astype(np.int64) + np.arange(_SEATS)) % _SEATS
        payments = np.take_along_axis(run["payments"], seats, axis=1).astype(np.float64)
        wins_by_offset = np.take_along_axis(winners, seats, axis=1)
        fan = np.where(winners, run["fan"], 0).astype(np.float64)
        metrics = {
            "exhaustive draw (流局)": (run["exhaustive_draw"], one),
            "self-drawn win (自摸)": (run["self_drawn"], one),
            "win on a discard (点炮)": (won & ~run["self_drawn"] & ~run["robbing_kong"], one),
            "several winners (一炮多响)": (winners.sum(axis=1) > 1, one),
            "liability paid (包)": (run["liability"] >= 0, one),
            "wins per deal": (wins, one),
            "turn (巡目) of a win": (np.where(won, run["turns"], 0), won),
            "fan per win (mean)": (fan.sum(axis=1), wins),
            "kong money per deal": (-np.minimum(run["kong_money"], 0).sum(axis=1), one),
            "horse hits per win": (np.where(winners, run["horse_hits"], 0).sum(axis=1), wins),
            "ghosts per win": (np.where(winners, run["winner_ghosts"], 0).sum(axis=1), wins),
            "flowers per deal": (run["flowers"].sum(axis=1), one),
            "horse money per deal (789 买马)": (moved(run["horse_money"]), one),
            "flower money per deal (789 花钱)": (moved(run["flower_money"]), one),
            "count per win (the family's: 根)": (np.where(winners, run["win_count"], 0).sum(axis=1), wins),
        }
        for kind, name in zip(SIDE_MONEY_LABELS, SIDE_MONEY_COLUMNS):  # Sichuan's money settled apart
            metrics[f"{kind} per deal"] = (moved(run[name]), one)
        for order, ordinal in enumerate(ORDINALS):  # 血战's first, second, third win
            at = run["win_order"] == order
            metrics[f"{ordinal} win: deals"] = (at.any(axis=1), one)
            metrics[f"{ordinal} win: mean fan"] = (np.where(at, run["fan"], 0).sum(axis=1), at.any(axis=1))
        for offset, name in enumerate(_OFFSET_NAMES):
            metrics[f"win rate: {name}"] = (wins_by_offset[:, offset], one)
        for offset, name in enumerate(_OFFSET_NAMES):
            metrics[f"mean payment: {name}"] = (payments[:, offset], one)
        buckets = np.where(winners, np.minimum(run["fan"], FAN_BUCKETS - 1), -1)
        for bucket in range(FAN_BUCKETS):
            metrics[f"share of wins: {bucket} fan"] = ((buckets == bucket).sum(axis=1), wins)
        if shared_patterns:
            for row, name in enumerate(run.pattern_names):
                metrics[f"share of wins: {name}"] = (((run["pattern"] == row) & winners).sum(axis=1), wins)
            # Every row a win scored (MCR's fans, Sichuan's 番, Taiwan's 台, 推倒胡's multipliers, 老章's rows).
            scored = run.scored_rows() & winners[:, :, None]
            for row, name in enumerate(run.row_names):
                metrics[f"share of wins scoring: {name}"] = (scored[:, :, row].sum(axis=1), wins)
        return metrics

    def add(self, a: SimulationResult, b: SimulationResult, shared_patterns: bool) -> None:
        ma, mb = self._columns(a, shared_patterns), self._columns(b, shared_patterns)
        if not self.labels:
            self.labels = list(ma)
        # One metric at a time: (deals, 4) each, so a table of many rows (MCR's 81 fans) stays small in memory.
        sums, cross = np.zeros((len(self.labels), 4)), np.zeros((len(self.labels), 4, 4))
        for m, k in enumerate(self.labels):
            z = np.stack([ma[k][0], ma[k][1], mb[k][0], mb[k][1]], axis=-1).astype(np.float64)
            sums[m], cross[m] = z.sum(axis=0), z.T @ z
        self.sums = sums if self.sums is None else self.sums + sums
        self.cross = cross if self.cross is None else self.cross + cross
        self.n += a.deals

    def differences(self) -> tuple[Difference, ...]:
        rows = []
        if self.sums is None or self.cross is None:
            return ()
        n = self.n
        for label, s, m in zip(self.labels, self.sums, self.cross):
            ya, xa, yb, xb = s
            if (ya == 0 and yb == 0) or xa == 0 or xb == 0:
                continue  # a metric neither side has (no horses, no flowers), or no wins to divide by
            ra, rb = ya / xa, yb / xb
            g = np.array([n / xa, -ra * n / xa, -n / xb, rb * n / xb])  # u = g · z: the linearised difference
            correction = n / (n - 1) if n > 1 else 0.0
            paired = max(0.0, float(g @ m @ g)) / (n * n) * correction
            independent = (max(0.0, float(g[:2] @ m[:2, :2] @ g[:2])) + max(0.0, float(g[2:] @ m[2:, 2:] @ g[2:]))) \
                / (n * n) * correction  # fmt: skip
            # The expanded form cancels to rounding noise where the sides agree on every deal: no spread at all.
            if paired <= 1e-12 * independent:
                paired = 0.0
            half = _Z95 * math.sqrt(paired) if paired > 0 and n > 1 else None
            ra, rb = float(ra), float(rb)
            rows.append(Difference(label, ra, rb, ra - rb, None if half is None else ra - rb - half,
                                   None if half is None else ra - rb + half,
                                   _Z95 * math.sqrt(independent) if independent > 0 and n > 1 else None))  # fmt: skip
        return tuple(rows)


def compare(a: Side, b: Side, deals: int = 100_000, seed: int = 0, *, threads: Optional[int] = None,
            chunk_deals: int = 50_000, cluster: Any = None, deal_offset: int = 0) -> Comparison:  # fmt: skip
    """Plays deals ``deal_offset .. deal_offset + deals`` of ``seed`` on both sides — each a ruleset (name, path,
    ``"name:option=value"`` or a loaded one), or a ``(ruleset, bots)`` pair with one bot name or four — and
    returns every metric's difference A − B with its paired 95% interval (see the module documentation)."""
    rules_a, bots_a, label_a = _side(a)
    rules_b, bots_b, label_b = _side(b)
    for rules, bots in ((rules_a, bots_a), (rules_b, bots_b)):  # every argument checked before the first deal
        SimulationRequest.of(rules, deals, seed, bots, deal_offset, threads)
    if isinstance(chunk_deals, bool) or not isinstance(chunk_deals, int) or chunk_deals < 1:
        raise InvalidArgumentError(f"chunk_deals must be an int >= 1, not {chunk_deals!r}")
    shared_patterns = tuple(row.key for row in rules_a.patterns) == tuple(row.key for row in rules_b.patterns)
    metrics = _Metrics()
    parts_a: list[SimulationResult] = []
    parts_b: list[SimulationResult] = []
    with ExitStack() as stack:
        if cluster is not None:  # one connection (one LocalCluster for "local:N") for every chunk of both sides
            cluster, local_threads = _connect(cluster, stack)
            threads = threads if threads is not None else local_threads
        for start in range(deal_offset, deal_offset + deals, chunk_deals):
            size = min(chunk_deals, deal_offset + deals - start)
            run_a = simulate(rules_a, size, seed, bots_a, threads, deal_offset=start, cluster=cluster)
            run_b = simulate(rules_b, size, seed, bots_b, threads, deal_offset=start, cluster=cluster)
            metrics.add(run_a, run_b, shared_patterns)
            parts_a.append(replace(run_a, per_deal=None))  # the totals are kept; the arrays are folded and dropped
            parts_b.append(replace(run_b, per_deal=None))
    if not parts_a:
        raise InvalidArgumentError("compare needs at least one deal")
    return Comparison(label_a, label_b, deals, seed, _common_walls(rules_a, rules_b, seed), metrics.differences(),
                      SimulationResult.combine(parts_a), SimulationResult.combine(parts_b))  # fmt: skip

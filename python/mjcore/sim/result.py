"""The result of ``mjcore.simulate`` (and of its twin ``mjcore.reference.simulate``): the run's totals — plain
counts that add up, so results of several runs merge — and, when asked for, one row per deal as numpy arrays.

Per-deal columns (N = deals, seats are absolute 0..3; the dealer of deal k is seat k mod 4):

==================  ============  =========================================================================
winners             bool (N, 4)   which seats won (several: 一炮多响, or a deal played on past a win)
discarder           int8 (N,)     the discarder or robbed konger, -1 for a self-draw or an exhaustive draw
self_drawn          bool (N,)     won on an own draw (自摸)
robbing_kong        bool (N,)     won by robbing a kong (抢杠)
pattern             int16 (N, 4)  a winner's pattern as its row in ``pattern_keys``, -1 for other seats
fan                 int16 (N, 4)  a winner's total fan, -1 for other seats
points              int64 (N, 4)  a winner's points (2^fan: one loser's share), 0 for other seats
payments            int64 (N, 4)  what each seat gained (+) or paid (−), zero-sum per deal
turns               uint16 (N,)   巡目: the draws the (first) winner had made; for a draw the most any seat made
exhaustive_draw     bool (N,)     nobody won (流局)
dealer              uint8 (N,)    the dealer's seat
kongs               uint8 (N,)    kongs declared in the deal
liability           int8 (N,)     the seat that paid all three shares (包), or -1
flowers             uint8 (N, 4)  the flowers each seat set aside (MCR scores each as 花牌; 0 without flowers)
kong_money          int64 (N, 4)  the kong money inside ``payments`` (0 after a 流局 where it is not final)
horse_hits          uint8 (N, 4)  a winner's horses (买马) that hit it (789: picked its seat), 0 for other seats
horse_money         int64 (N, 4)  the mirror-horse money inside ``payments`` (789 买马, zero-sum; 0 where the
                                  horses are part of the win itself, as 推倒胡's: see ``horse_hits``)
ghosts              uint64 (N,)   the deal's wild kinds (bit k = tile kind k; 翻鬼 differs by deal)
winner_ghosts       uint8 (N, 4)  the ghosts a winner's hand held (the winning tile included)
rows_low            uint64 (N, 4) every row of ``row_names`` a winner's hand scored, as bits: bit r of
rows_high           uint64 (N, 4) ``rows_high << 64 | rows_low`` = row r (MCR: each fan, flowers included;
                                  推倒胡: each multiplier; 老章: each row; 0 where the family records only
                                  ``pattern``); ``scored_rows`` reads them
transfer_money      int64 (N, 4)  the money inside ``payments`` the family settled apart, each zero-sum:
refund_money                      Sichuan's 呼叫转移 (杠上炮 hands the kong money on), 退税 (kong money
flower_pig_money                  returned at a 流局), 查花猪 and 查大叫; 0 elsewhere
ready_check_money
win_order           int8 (N, 4)   a winner's place in the order of the deal's winners (0 the first; 血战's
                                  later wins 1, 2; winners on one discard in the table's claim order; 血流:
                                  by each seat's first win), -1 for other seats
win_count           uint8 (N, 4)  the count a winner's hand kept that its family's words name (Sichuan:
                                  its 根), 0 for other seats and where the family counts nothing
flower_money        int64 (N, 4)  the winners' flower money inside ``payments`` (789: each flower paid by
                                  every other seat, zero-sum; 0 where flowers score as fan or are absent)
==================  ============  =========================================================================

Under MCR the ``pattern`` column holds the winner's highest fan, as its row in ``pattern_keys`` (the ruleset's
``fan_keys``), and ``fan`` the total with flowers. Where the dealer passes every deal (MCR's
``end.dealer_stays = "passes"``) deal k is played in round wind (k div 4) mod 4, so 16 deals make a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
import os
from typing import Any, Optional, Union

import numpy as np

from ..arguments import U64_MAX, available_memory, check_flag, check_threads, check_u64
from ..errors import InvalidArgumentError, shown
from ..rules.registry import RulesetLike, load_ruleset
from .summary import Summary, summarise
from .vocabulary import vocabulary
from ..table.parts import table_parts

__all__ = ["COLUMNS", "FAN_BUCKETS", "SimulationRequest", "SimulationResult", "scored_rows", "totals_of"]

COLUMNS = ("winners", "discarder", "self_drawn", "robbing_kong", "pattern", "fan", "points", "payments", "turns",
           "exhaustive_draw", "dealer", "kongs", "liability", "flowers", "kong_money", "horse_hits", "horse_money",
           "ghosts", "winner_ghosts", "rows_low", "rows_high", "transfer_money", "refund_money", "flower_pig_money",
           "ready_check_money", "win_order", "win_count", "flower_money")  # fmt: skip
# The columns of each kind of side money, in the engine's kind order (``Stats::side_money_*``).
SIDE_MONEY_COLUMNS = ("transfer_money", "refund_money", "flower_pig_money", "ready_check_money")
# The dtype of every per-deal column (the engine's; a loaded file is read back to these).
_COLUMN_DTYPES = {"winners": np.bool_, "discarder": np.int8, "self_drawn": np.bool_, "robbing_kong": np.bool_,
                  "pattern": np.int16, "fan": np.int16, "points": np.int64, "payments": np.int64, "turns": np.uint16,
                  "exhaustive_draw": np.bool_, "dealer": np.uint8, "kongs": np.uint8, "liability": np.int8,
                  "flowers": np.uint8, "kong_money": np.int64, "horse_hits": np.uint8, "horse_money": np.int64,
                  "ghosts": np.uint64, "winner_ghosts": np.uint8, "rows_low": np.uint64,
                  "rows_high": np.uint64, **{name: np.int64 for name in SIDE_MONEY_COLUMNS},
                  "win_order": np.int8, "win_count": np.uint8, "flower_money": np.int64}  # fmt: skip
# Rows of a ruleset's table a win can record in ``rows_low`` / ``rows_high`` (the engine's u128).
ROW_BITS = 128
# A win's count (``win_count``) counted individually in the totals; larger ones share the last bucket (the engine's).
COUNT_BUCKETS = 8
# Horse hits per win counted individually in the totals; larger counts share the last bucket (the engine's).
HORSE_BUCKETS = 16
# Self-drawn wins counted by the winner's draws, larger counts in the last bucket (as the engine's Stats).
TURN_BUCKETS = 32
# Fan values counted individually in the totals; larger ones share the last bucket (as the engine's Stats).
FAN_BUCKETS = 16
_SEATS = 4


# Columns added after files were first saved: an older file reads them as nothing recorded (zeros).
_ADDED_LATER = ("rows_low", "rows_high", *SIDE_MONEY_COLUMNS, "win_order", "win_count", "flower_money")
# What such a column holds where nothing was recorded: zero, or -1 for a win order (0 is the first win).
_NOT_RECORDED = {"win_order": -1}


def _unrecorded(name: str, deals: int) -> np.ndarray:
    """A column an older saved file lacks, as nothing recorded; refused for a column every file has."""
    if name not in _ADDED_LATER:
        raise InvalidArgumentError(f"the saved simulation has no column {name!r}")
    return np.full((deals, _SEATS), _NOT_RECORDED.get(name, 0), dtype=_COLUMN_DTYPES[name])


def _by_offset(values: np.ndarray, dealer: np.ndarray) -> list[int]:
    """Column sums of a (N, 4) array by seat relative to each deal's dealer (0 = dealer, 1 = its 下家, …)."""
    seats = (dealer[:, None] + np.arange(_SEATS)) % _SEATS
    return [int(v) for v in np.take_along_axis(values, seats, axis=1).sum(axis=0)]


def scored_rows(columns: dict[str, np.ndarray]) -> np.ndarray:
    """bool (N, 4, 128): whether each seat's win scored row r of the table (from ``rows_low`` / ``rows_high``)."""
    words = np.stack([columns["rows_low"], columns["rows_high"]], axis=-1).astype("<u8")
    bits = np.unpackbits(words.view(np.uint8), axis=-1, bitorder="little")  # (N, 4, 16 bytes × 8)
    return bits.reshape(words.shape[:2] + (ROW_BITS,)).astype(bool)


def _grown(counts: np.ndarray) -> list[int]:
    """Counts by row as a list as long as the highest row counted (the engine's grown ``Vec``)."""
    present = np.nonzero(counts)[0]
    return [int(n) for n in counts[: present[-1] + 1]] if present.size else []


def _rows_totals(columns: dict[str, np.ndarray]) -> dict[str, list[int]]:
    """The wins scoring each row, and the same-deal terms of deals with several wins (the engine's ``rows``,
    ``rows_same_deal``, ``rows_cowinners``: lists as long as the highest row counted)."""
    winners = columns["winners"]
    scored = scored_rows(columns) & winners[:, :, None]
    by_deal = scored.sum(axis=1).astype(np.int64)  # (N, 128): c, the deal's wins scoring the row
    wins = winners.sum(axis=1).astype(np.int64)
    shared = by_deal[wins > 1]
    present = shared.any(axis=0)  # the engine grows these lists to every row a shared deal's winners scored
    same_deal = np.where(present, (shared * (shared - 1)).sum(axis=0), 0)
    cowinners = np.where(present, (shared * (wins[wins > 1, None] - 1)).sum(axis=0), 0)
    width = int(np.nonzero(present)[0][-1]) + 1 if present.any() else 0
    return {"rows": _grown(by_deal.sum(axis=0)), "rows_same_deal": [int(n) for n in same_deal[:width]],
            "rows_cowinners": [int(n) for n in cowinners[:width]]}  # fmt: skip


def _side_money_totals(columns: dict[str, np.ndarray]) -> dict[str, list[int]]:
    """For each kind of side money: the deals where it changed hands, what changed hands, Σ of its square."""
    moved = [-np.minimum(columns[name], 0).sum(axis=1) for name in SIDE_MONEY_COLUMNS]
    return {"side_money_deals": [int((m > 0).sum()) for m in moved], "side_money_moved": [int(m.sum()) for m in moved],
            "side_money_squared": [_square_sum(m) for m in moved]}  # fmt: skip


def totals_of(columns: dict[str, np.ndarray]) -> dict[str, Any]:
    """The run totals of per-deal columns — the same fold as the engine's streaming ``Stats``."""
    won = ~columns["exhaustive_draw"]
    winners = columns["winners"]
    turns = columns["turns"][won].astype(np.int64)
    patterns = columns["pattern"][winners]
    return {
        "deals": len(won),
        "exhaustive_draws": int((~won).sum()),
        "wins_by_offset": _by_offset(winners.astype(np.int64), columns["dealer"]),
        "self_drawn_wins": int(columns["self_drawn"].sum()),
        "deal_ins": int((won & ~columns["self_drawn"] & ~columns["robbing_kong"]).sum()),
        "multiple_winners": int((winners.sum(axis=1) > 1).sum()),
        "robbed_kongs": int(columns["robbing_kong"].sum()),
        "kongs": int(columns["kongs"].astype(np.int64).sum()),
        "win_turns": int(turns.sum()),
        "win_turns_squared": int((turns**2).sum()),
        "fans": [int(n) for n in np.bincount(np.minimum(columns["fan"][winners], FAN_BUCKETS - 1),
                                             minlength=FAN_BUCKETS)],  # fmt: skip
        "patterns": [int(n) for n in np.bincount(patterns[patterns >= 0])] if (patterns >= 0).any() else [],
        "liabilities": int((columns["liability"] >= 0).sum()),
        "payments_by_offset": _by_offset(columns["payments"], columns["dealer"]),
        "kong_money_moved": int(-np.minimum(columns["kong_money"], 0).sum()),
        "horse_hits": int(columns["horse_hits"][winners].astype(np.int64).sum()),
        "wins_with_ghosts": int((columns["winner_ghosts"][winners] > 0).sum()),
        "ghosts_in_wins": int(columns["winner_ghosts"][winners].astype(np.int64).sum()),
        "self_drawn_turns": [int(n) for n in np.bincount(
            np.minimum(columns["turns"][columns["self_drawn"]].astype(np.int64), TURN_BUCKETS - 1),
            minlength=TURN_BUCKETS)],  # fmt: skip
        **_squares_of(columns),
        **_rows_totals(columns),
        **_side_money_totals(columns),
        **_horse_totals(columns),
        **_order_totals(columns),
        **_count_totals(columns),
    }


def _count_totals(columns: dict[str, np.ndarray]) -> dict[str, Any]:
    """Wins by the count their hand kept (with the same-deal terms), and the flower money moved per deal."""
    winners = columns["winners"]
    counts = np.minimum(columns["win_count"].astype(np.int64), COUNT_BUCKETS - 1)
    same_deal, cowinners = _same_deal_terms(counts, winners, winners.sum(axis=1), COUNT_BUCKETS, grown=False)
    money = -np.minimum(columns["flower_money"], 0).sum(axis=1)
    return {"win_counts": [int(n) for n in np.bincount(counts[winners], minlength=COUNT_BUCKETS)],
            "win_counts_same_deal": same_deal, "win_counts_cowinners": cowinners,
            "win_count": int(columns["win_count"][winners].astype(np.int64).sum()),
            "flower_money_moved": int(money.sum()), "flower_money_squared": _square_sum(money)}  # fmt: skip


def _order_totals(columns: dict[str, np.ndarray]) -> dict[str, list[int]]:
    """By a win's place in the deal's order: the wins there (one a deal at most), and Σ and Σ² of their fan."""
    order, fan = columns["win_order"].astype(np.int64), np.maximum(columns["fan"].astype(np.int64), 0)
    at = [order == k for k in range(_SEATS)]
    return {"wins_by_order": [int(a.sum()) for a in at], "fan_by_order": [int(fan[a].sum()) for a in at],
            "fan_by_order_squared": [int((fan[a] ** 2).sum()) for a in at]}  # fmt: skip


def _horse_totals(columns: dict[str, np.ndarray]) -> dict[str, Any]:
    """Wins by the horses that hit them (with the same-deal terms), and the horse money moved per deal."""
    winners = columns["winners"]
    hits = np.minimum(columns["horse_hits"].astype(np.int64), HORSE_BUCKETS - 1)
    same_deal, cowinners = _same_deal_terms(hits, winners, winners.sum(axis=1), HORSE_BUCKETS, grown=False)
    money = -np.minimum(columns["horse_money"], 0).sum(axis=1)
    return {"horse_hit_counts": [int(n) for n in np.bincount(hits[winners], minlength=HORSE_BUCKETS)],
            "horse_hit_counts_same_deal": same_deal, "horse_hit_counts_cowinners": cowinners,
            "horse_money_moved": int(money.sum()), "horse_money_squared": _square_sum(money)}  # fmt: skip


def _square_sum(values: np.ndarray) -> int:
    """Σ values² exactly (a Python int: the engine keeps these sums as u128), for |values| < 2**32."""
    squares = np.abs(values.astype(np.int64)).astype(np.uint64) ** 2
    high, low = squares >> np.uint64(32), squares & np.uint64(0xFFFFFFFF)
    return (int(high.sum(dtype=np.uint64)) << 32) + int(low.sum(dtype=np.uint64))


def _same_deal_terms(buckets: np.ndarray, winners: np.ndarray, wins: np.ndarray, width: int,
                     grown: bool) -> tuple[list[int], list[int]]:  # fmt: skip
    """Over deals with several wins: Σ c(c−1) and Σ c(w−1) per bucket (c = the deal's wins in the bucket,
    w = its wins), as the engine's ``fans_same_deal`` / ``fans_cowinners``. ``grown``: the list is as long as
    the highest bucket seen (the engine's pattern rows), else ``width``."""
    shared = wins > 1
    rows = np.where(winners[shared], buckets[shared], -1).astype(np.int64)
    if grown:
        width = int(rows.max()) + 1 if rows.size and rows.max() >= 0 else 0
    counts = np.zeros((rows.shape[0], width), dtype=np.int64)
    for seat in range(rows.shape[1]):
        present = rows[:, seat] >= 0
        np.add.at(counts, (np.nonzero(present)[0], rows[present, seat]), 1)
    others = wins[shared].astype(np.int64)[:, None] - 1
    return ([int(n) for n in (counts * (counts - 1)).sum(axis=0)],
            [int(n) for n in (counts * others).sum(axis=0)])  # fmt: skip


def _squares_of(columns: dict[str, np.ndarray]) -> dict[str, Any]:
    """The sums of squares and cross sums of the totals (see the engine's ``Stats``), from per-deal columns."""
    winners = columns["winners"]
    wins = winners.sum(axis=1).astype(np.int64)
    seats = (columns["dealer"][:, None].astype(np.int64) + np.arange(_SEATS)) % _SEATS
    by_offset = np.take_along_axis(columns["payments"], seats, axis=1)
    kong_money = -np.minimum(columns["kong_money"], 0).sum(axis=1)
    flowers = columns["flowers"].astype(np.int64).sum(axis=1)
    per_win = {
        "horse_hits": np.where(winners, columns["horse_hits"], 0).astype(np.int64).sum(axis=1),
        "ghosts_in_wins": np.where(winners, columns["winner_ghosts"], 0).astype(np.int64).sum(axis=1),
        "wins_with_ghosts": (winners & (columns["winner_ghosts"] > 0)).sum(axis=1).astype(np.int64),
        "win_count": np.where(winners, columns["win_count"], 0).astype(np.int64).sum(axis=1),
    }
    fans = np.minimum(np.maximum(columns["fan"], 0), FAN_BUCKETS - 1)
    fans_same_deal, fans_cowinners = _same_deal_terms(fans, winners, wins, FAN_BUCKETS, grown=False)
    patterns_same_deal, patterns_cowinners = _same_deal_terms(columns["pattern"], winners & (columns["pattern"] >= 0),
                                                              wins, 0, grown=True)  # fmt: skip
    totals: dict[str, Any] = {
        "deals_by_wins": [int(n) for n in np.bincount(wins, minlength=_SEATS + 1)],
        "payments_squared_by_offset": [_square_sum(by_offset[:, offset]) for offset in range(_SEATS)],
        "kong_money_squared": _square_sum(kong_money),
    }
    for name, values in per_win.items():
        totals[f"{name}_squared"] = int((values**2).sum())
        totals[f"{name}_by_wins"] = int((values * wins).sum())
    totals.update(flowers=int(flowers.sum()), flowers_squared=int((flowers**2).sum()),
                  fans_same_deal=fans_same_deal, fans_cowinners=fans_cowinners,
                  patterns_same_deal=patterns_same_deal, patterns_cowinners=patterns_cowinners)  # fmt: skip
    return totals


def _add(a: Any, b: Any) -> Any:
    """Totals add: counts, and lists element by element (a shorter list is padded with zeros)."""
    if isinstance(a, list):
        width = max(len(a), len(b))
        return [x + y for x, y in zip(a + [0] * (width - len(a)), b + [0] * (width - len(b)))]
    return a + b


def _joined(runs: Iterable[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Runs in order, a run that continues the one before it (same seed, next deal) joined to it: a run split
    into parts and combined in order reads as the whole run."""
    joined: list[tuple[int, int, int]] = []
    for seed, start, stop in runs:
        if joined and joined[-1][0] == seed and joined[-1][2] == start:
            joined[-1] = (seed, joined[-1][1], stop)
        else:
            joined.append((seed, start, stop))
    return tuple(joined)


@dataclass(frozen=True)
class SimulationResult:
    """Deals played under ``ruleset`` by ``bots`` (one name per seat). ``runs`` lists the (seed, first deal,
    stop) ranges played; ``totals`` the counts of every statistic; ``per_deal`` the columns (see the module
    documentation), or None when the run kept only totals (``per_deal=False``, or merged with such a run)."""

    ruleset: str
    pattern_keys: tuple[str, ...]
    pattern_names: tuple[str, ...]
    bots: tuple[str, ...]
    runs: tuple[tuple[int, int, int], ...]
    totals: dict[str, Any]
    per_deal: Optional[dict[str, np.ndarray]] = field(default=None, compare=False, repr=False)
    # Cut short by Ctrl-C (a cluster run returns what was done): ``runs`` says which deals were played.
    interrupted: bool = field(default=False, compare=False)
    # The ruleset's ``meta.family`` (the summary's words: 番, 台, 推倒胡 multipliers, …); "" when unknown.
    family: str = ""
    # The ruleset's values not from the seeds (``Ruleset.placeholders``), shown by the summary.
    placeholders: tuple[str, ...] = field(default=(), compare=False)

    @property
    def deals(self) -> int:
        return int(self.totals["deals"])

    def __getitem__(self, column: str) -> np.ndarray:
        """A per-deal column by name, e.g. ``result["payments"]``."""
        if self.per_deal is None:
            raise InvalidArgumentError("this result kept no per-deal arrays: simulate with per_deal=True")
        if column not in self.per_deal:
            raise KeyError(f"no column {column!r}: the columns are {', '.join(COLUMNS)}")
        return self.per_deal[column]

    def merge(self, other: SimulationResult) -> SimulationResult:
        """The result of both runs together; their deals must not overlap (same seed and deal index)."""
        return SimulationResult.combine([self, other])

    @staticmethod
    def combine(parts: Sequence[SimulationResult]) -> SimulationResult:
        """The result of several runs together, concatenating the per-deal arrays once (kept only when every
        part has them). The runs must be of the same table and bots, and no deal may be counted twice."""
        if not parts:
            raise InvalidArgumentError("nothing to combine")
        first = parts[0]
        played: dict[int, list[tuple[int, int]]] = {}
        for part in parts:
            if (part.ruleset, part.pattern_keys, part.bots) != (first.ruleset, first.pattern_keys, first.bots):
                raise InvalidArgumentError(
                    f"cannot merge runs of different tables or bots: {first.ruleset} {first.bots} and "
                    f"{part.ruleset} {part.bots}")  # fmt: skip
            for seed, start, stop in part.runs:
                for other_start, other_stop in played.setdefault(seed, []):
                    if max(start, other_start) < min(stop, other_stop):
                        raise InvalidArgumentError(
                            f"the runs overlap (seed {seed}, deals {max(start, other_start)}.."
                            f"{min(stop, other_stop)}): those deals would count twice")  # fmt: skip
                played[seed].append((start, stop))
        totals = dict(first.totals)
        for part in parts[1:]:
            totals = {key: _add(value, part.totals[key]) for key, value in totals.items()}
        columns = None
        if all(part.per_deal is not None for part in parts):
            columns = {name: np.concatenate([part.per_deal[name] for part in parts]) for name in COLUMNS}
        runs = [run for part in parts for run in part.runs]
        # Without per-deal arrays the order of the parts is lost in the sums: the runs read in deal order.
        runs = _joined(runs if columns is not None else sorted(runs))
        return replace(first, runs=runs, totals=totals,
                       per_deal=columns, interrupted=any(part.interrupted for part in parts))  # fmt: skip

    __add__ = merge

    def summary(self) -> Summary:
        """Rates with 95% confidence intervals (Wilson for proportions); ``print`` it for a table."""
        return summarise(self.totals, self.pattern_names, f"{self.ruleset}, bots {', '.join(self.bots)}",
                         self.family, self.placeholders)

    def __str__(self) -> str:
        return str(self.summary())

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Writes the per-deal columns and the run's description (ruleset, family, pattern keys and names, bots,
        runs, the ruleset's placeholders): a ``.parquet`` file (one row per deal, as ``to_arrow``; needs pyarrow) or a numpy ``.npz`` file
        (any other name). ``SimulationResult.load`` reads either back."""
        if str(path).endswith(".parquet"):
            from .frames import _need

            _need("pyarrow")
            import pyarrow.parquet

            pyarrow.parquet.write_table(self.to_arrow(), path)
            return
        columns = {name: self[name] for name in COLUMNS}
        np.savez_compressed(path, **columns, pattern_keys=np.array(self.pattern_keys),
                            pattern_names=np.array(self.pattern_names), ruleset=np.array(self.ruleset),
                            family=np.array(self.family), bots=np.array(self.bots),
                            placeholders=np.array(self.placeholders, dtype=str),
                            runs=np.array(self.runs, dtype=np.uint64).reshape(-1, 3))  # fmt: skip

    @staticmethod
    def load(path: Union[str, os.PathLike]) -> SimulationResult:
        """A result written by ``save`` (``.parquet`` or ``.npz``), its totals recomputed from the per-deal
        columns. An ``.npz`` of an older version (no ruleset or pattern names) loads with ``ruleset`` "unknown"
        and the keys as names."""
        if str(path).endswith(".parquet"):
            from .frames import _need, from_arrow

            _need("pyarrow")
            import pyarrow.parquet

            return from_arrow(pyarrow.parquet.read_table(path))
        with np.load(path) as saved:
            deals = len(saved[COLUMNS[0]])
            columns = {name: (saved[name] if name in saved else _unrecorded(name, deals)).astype(_COLUMN_DTYPES[name])
                       for name in COLUMNS}  # fmt: skip
            keys = tuple(str(key) for key in saved["pattern_keys"])
            names = tuple(str(n) for n in saved["pattern_names"]) if "pattern_names" in saved else keys
            ruleset = str(saved["ruleset"]) if "ruleset" in saved else "unknown"
            family = str(saved["family"]) if "family" in saved else ""
            placeholders = tuple(str(p) for p in saved["placeholders"]) if "placeholders" in saved else ()
            runs = tuple(tuple(int(v) for v in run) for run in saved["runs"].reshape(-1, 3))
            bots = tuple(str(bot) for bot in saved["bots"])
        return SimulationResult(ruleset=ruleset, pattern_keys=keys, pattern_names=names, bots=bots, runs=runs,
                                totals=totals_of(columns), per_deal=columns, family=family,
                                placeholders=placeholders)  # fmt: skip

    @property
    def row_names(self) -> tuple[str, ...]:
        """The names of the rows ``scored_rows`` reads: the pattern table's, or the family's own (推倒胡: its
        multipliers, ``mjcore.rules.tdh.names.MULTIPLIERS``)."""
        return vocabulary(self.family).row_names or self.pattern_names

    def scored_rows(self) -> np.ndarray:
        """bool (N, 4, 128): whether each seat's win scored row r of ``row_names`` (MCR: each fan; 推倒胡: each
        multiplier), read from the ``rows_low`` / ``rows_high`` columns."""
        return scored_rows({name: self[name] for name in ("rows_low", "rows_high")})

    def to_pandas(self) -> Any:
        """One row per deal as a pandas DataFrame: ``seed``, ``deal``, the one-value columns, each per-seat column
        as four (``payments_0`` … ``payments_3``), patterns by name (a category). Needs pandas."""
        from .frames import to_pandas

        self[COLUMNS[0]]  # refuses a result without per-deal arrays, naming why
        return to_pandas(self)

    def to_arrow(self) -> Any:
        """One row per deal as a pyarrow Table (columns as ``to_pandas``; patterns dictionary-encoded), with the
        run's description in the schema metadata. Needs pyarrow."""
        from .frames import to_arrow

        self[COLUMNS[0]]
        return to_arrow(self)


# The peak bytes a deal of a run with per-deal arrays holds in the native core: its record (about 416 bytes; up to
# twice that while the vector of records grows) and its row of the arrays built from the records (409 bytes).
PEAK_BYTES_PER_DEAL = 3 * 416


def check_memory(deals: int, bytes_per_deal: int) -> None:
    """Refuses up front a run whose per-deal arrays cannot fit in the memory available now (rather than let the
    allocation fail deep in the core, which aborts the process), naming ``per_deal=False``."""
    available = available_memory()
    need = deals * bytes_per_deal
    if available is not None and need > available:
        raise InvalidArgumentError(
            f"{deals:,} deals with per-deal arrays need about {need / 2**30:,.1f} GiB ({bytes_per_deal} bytes a deal), "
            f"more than the {available / 2**30:,.1f} GiB of memory available: pass per_deal=False to keep only the "
            "totals (memory stays flat), or run fewer deals at a time (deal_offset)")


@dataclass(frozen=True)
class SimulationRequest:
    """The checked arguments of ``simulate``, shared by both backends: deals ``start..stop`` of ``seed``."""

    ruleset: Any  # a ruleset with table play: ``table_rules``, ``compiled`` and ``patterns``
    seed: int
    start: int
    stop: int
    bots: tuple[str, ...]

    @classmethod
    def of(cls, ruleset: RulesetLike, deals: int, seed: int, bots: Sequence[str], deal_offset: int,
           threads: Optional[int], per_deal: bool = True,
           bytes_per_deal: int = PEAK_BYTES_PER_DEAL) -> SimulationRequest:  # fmt: skip
        """The checked request; ``bytes_per_deal`` is what a deal kept per deal costs at the peak (the twin
        keeps a row of Python objects per deal whatever ``per_deal`` says, and passes its own)."""
        for name, value in (("deals", deals), ("seed", seed), ("deal_offset", deal_offset)):
            check_u64(name, value)
        if deal_offset + deals > U64_MAX:  # a deal index is a u64 in the engine's per-deal streams
            raise InvalidArgumentError(f"deal_offset + deals must be at most 2**64-1, not {shown(deal_offset + deals)}")
        check_threads(threads)
        check_flag("per_deal", per_deal)
        if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence) or len(bots) != _SEATS \
                or not all(isinstance(bot, str) for bot in bots):  # fmt: skip
            raise InvalidArgumentError(f"bots must name one bot per seat (4 names), not {shown(bots, 80)}")
        if per_deal:
            check_memory(deals, bytes_per_deal)
        rules = load_ruleset(ruleset)
        table_parts(rules)  # refuses, naming why, a ruleset the table does not play
        return cls(rules, seed, deal_offset, deal_offset + deals, tuple(str(b) for b in bots))

    def result(self, totals: dict[str, Any], columns: Optional[dict[str, np.ndarray]]) -> SimulationResult:
        patterns = self.ruleset.patterns  # every family's rows of the ``pattern`` column: key and Chinese name
        return SimulationResult(
            ruleset=self.ruleset.name,
            pattern_keys=tuple(row.key for row in patterns),
            pattern_names=tuple(f"{row.key} {row.zh}" for row in patterns),
            bots=self.bots,
            runs=((self.seed, self.start, self.stop),),
            totals=totals,
            per_deal=columns,
            family=str(getattr(self.ruleset, "family", "")),
            placeholders=self.ruleset.placeholders,
        )

"""The pure-Python twin of ``mjcore.simulate``: the twin table engine and bots play each deal, the twin
scoring settles each win (fan, pattern, payments with liabilities), and the per-deal arrays and totals are
built exactly as the native ones. Slow; for parity tests and reading."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Optional, Union

import numpy as np

from ...sim.distributed import ClusterLike, ProgressCallback, simulate_on_cluster
from ...arguments import check_flag
from ...errors import InvalidArgumentError
from ...rules.registry import RulesetLike
from ...sim.result import SIDE_MONEY_COLUMNS, SimulationRequest, SimulationResult, totals_of
from ..table.bots import bots_named
from ..table.deal import SEATS, Deal
from ..table.game import play_deal
from ..table.families import settled_wins, table_aim, twin_family

__all__ = ["simulate"]


def simulate(ruleset: RulesetLike = "gd-cgc5", deals: int = 1_000_000, seed: int = 0,
             bots: Sequence[str] = ("efficiency",) * 4, threads: Optional[int] = None, per_deal: bool = True,
             deal_offset: int = 0, *, cluster: Optional[ClusterLike] = None, shard_deals: Optional[int] = None,
             progress: Union[bool, ProgressCallback] = False) -> SimulationResult:  # fmt: skip
    """As ``mjcore.simulate``; ``threads`` is accepted and ignored (the twin plays one deal after another). On a
    ``cluster`` the workers play their shards with this twin."""
    check_flag("per_deal", per_deal)
    # The twin keeps a row of Python objects per deal (a dict of arrays, a few kilobytes) whatever ``per_deal``.
    request = SimulationRequest.of(ruleset, deals, seed, bots, deal_offset, threads, True, _TWIN_BYTES_PER_DEAL)
    twin_family(request.ruleset)  # refuses a family the twin table does not play, before any cluster run
    if cluster is not None:
        return simulate_on_cluster(request, cluster, threads=threads, per_deal=per_deal, shard_deals=shard_deals,
                                   progress=progress, backend=__name__.rsplit(".", 1)[0])  # fmt: skip
    if shard_deals is not None or progress:
        raise InvalidArgumentError("shard_deals and progress belong to cluster runs: give cluster= as well")
    rows: list[dict] = []
    interrupted = False
    try:
        for index in range(request.start, request.stop):
            rows.append(_deal_row(request, index))
    except KeyboardInterrupt:  # as the native run: the deals finished, a prefix of the range
        interrupted = True
    if interrupted:
        request = replace(request, stop=request.start + len(rows))
    columns = {name: np.array([row[name] for row in rows], dtype=dtype).reshape((len(rows),) + shape)
               for name, (dtype, shape) in _COLUMN_TYPES.items()}  # fmt: skip
    result = request.result(totals_of(columns), columns if per_deal else None)
    return replace(result, interrupted=True) if interrupted else result


_TWIN_BYTES_PER_DEAL = 8192

_PER_SEAT = (SEATS,)
_COLUMN_TYPES = {
    "winners": (np.bool_, _PER_SEAT),
    "pattern": (np.int16, _PER_SEAT),
    "fan": (np.int16, _PER_SEAT),
    "points": (np.int64, _PER_SEAT),
    "payments": (np.int64, _PER_SEAT),
    "discarder": (np.int8, ()),
    "self_drawn": (np.bool_, ()),
    "robbing_kong": (np.bool_, ()),
    "turns": (np.uint16, ()),
    "exhaustive_draw": (np.bool_, ()),
    "dealer": (np.uint8, ()),
    "kongs": (np.uint8, ()),
    "liability": (np.int8, ()),
    "flowers": (np.uint8, _PER_SEAT),
    "kong_money": (np.int64, _PER_SEAT),
    "horse_hits": (np.uint8, _PER_SEAT),
    "horse_money": (np.int64, _PER_SEAT),
    "ghosts": (np.uint64, ()),
    "winner_ghosts": (np.uint8, _PER_SEAT),
    "rows_low": (np.uint64, _PER_SEAT),
    "rows_high": (np.uint64, _PER_SEAT),
    **{name: (np.int64, _PER_SEAT) for name in SIDE_MONEY_COLUMNS},
    "win_order": (np.int8, _PER_SEAT),
    "win_count": (np.uint8, _PER_SEAT),
    "flower_money": (np.int64, _PER_SEAT),
}
_WORD = (1 << 64) - 1


def _deal_row(request: SimulationRequest, index: int) -> dict:
    """Plays one deal and reads its row, as the engine's ``DealRecord``."""
    rules = request.ruleset
    family = twin_family(rules)
    dealer = index % SEATS
    wind = rules.table_rules.round_wind_of_deal(index)
    deal = Deal(request.seed, index, dealer, wind, family.win_check(rules), rules=rules.table_rules,
                hooks=family.hooks(rules))
    ghosts = sum(1 << kind for kind in deal.ghosts)
    play_deal(deal, bots_named(request.bots, table_aim(rules)))
    events = [json.loads(line) for line in deal.log_lines()]
    draws = [sum(1 for e in events if e["type"] == "draw" and e["seat"] == seat) for seat in range(SEATS)]
    row = {
        "winners": [False] * SEATS, "pattern": [-1] * SEATS, "fan": [-1] * SEATS, "points": [0] * SEATS,
        # The deal's other money (kong money, 跟庄) first; each win's payments are added below.
        "payments": list(deal.event_payments), "discarder": -1, "self_drawn": False, "robbing_kong": False,
        "turns": max(draws), "exhaustive_draw": not deal.outcome, "dealer": dealer, "liability": -1,
        "kong_money": list(deal.kong_money), "horse_hits": [0] * SEATS, "horse_money": [0] * SEATS,
        "ghosts": ghosts,
        "winner_ghosts": [0] * SEATS, "rows_low": [0] * SEATS, "rows_high": [0] * SEATS, "win_order": [-1] * SEATS,
        "win_count": [0] * SEATS, "flower_money": [0] * SEATS,
        **{name: list(money) for name, money in zip(SIDE_MONEY_COLUMNS, deal.side_money)},
        "kongs": sum(1 for e in events if e["type"] == "meld" and "kong" in e["kind"]),
        "flowers": [sum(1 for e in events if e["type"] == "flower" and e["seat"] == seat) for seat in range(SEATS)],
    }  # fmt: skip
    for order, (winner, win) in enumerate(zip(deal.outcome or [], settled_wins(rules, deal))):
        if order == 0:
            row["turns"] = draws[winner.seat]
            row["discarder"] = -1 if winner.from_seat is None else winner.from_seat
            row["self_drawn"] = winner.from_seat is None
            row["robbing_kong"] = winner.robbing_kong
        if not row["winners"][winner.seat]:  # a seat's place is that of its first win (血流: it wins again)
            row["win_order"][winner.seat] = sum(row["winners"])
        row["winners"][winner.seat] = True
        row["fan"][winner.seat] = winner.fan
        row["points"][winner.seat] = 1 << winner.fan
        row["pattern"][winner.seat] = win.pattern
        row["payments"] = [total + p for total, p in zip(row["payments"], win.payments)]
        row["horse_hits"][winner.seat] = win.horse_hits
        row["horse_money"] = [total + p for total, p in zip(row["horse_money"], win.horse_money)]
        row["win_count"][winner.seat] = win.count
        row["flower_money"] = [total + p for total, p in zip(row["flower_money"], win.flower_money)]
        row["winner_ghosts"][winner.seat] = deal.ghosts_held(winner)
        row["rows_low"][winner.seat], row["rows_high"][winner.seat] = win.rows & _WORD, win.rows >> 64
        if row["liability"] < 0 and win.liable is not None:
            row["liability"] = win.liable
    return row

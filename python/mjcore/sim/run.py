"""``mjcore.simulate``: many deals played natively by built-in bots, on all cores with the GIL released.
``mjcore.reference.simulate`` is the pure-Python twin with the same signature and the same per-deal arrays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Optional, Union

from .. import _core
from .distributed import ClusterLike, ProgressCallback, simulate_on_cluster
from ..errors import InvalidArgumentError
from ..rules.registry import RulesetLike
from .result import SimulationRequest, SimulationResult
from ..table.parts import table_parts

__all__ = ["simulate"]


def simulate(ruleset: RulesetLike = "gd-cgc5", deals: int = 1_000_000, seed: int = 0,
             bots: Sequence[str] = ("efficiency",) * 4, threads: Optional[int] = None, per_deal: bool = True,
             deal_offset: int = 0, *, cluster: Optional[ClusterLike] = None, shard_deals: Optional[int] = None,
             progress: Union[bool, ProgressCallback] = False) -> SimulationResult:  # fmt: skip
    """Plays deals ``deal_offset .. deal_offset + deals`` of the run seeded with ``seed``: one bot per seat by
    name (``mjcore.table.bots.BOT_NAMES``), wins, fan and payments (liabilities included) by ``ruleset``; the
    dealer of deal k is seat k mod 4, round wind East.

    Every deal depends only on (seed, deal index), so the result is the same for any ``threads`` (None: all
    cores) and a run split by ``deal_offset`` merges back (``a + b``) into the whole. With ``per_deal=False``
    only the totals are kept: memory stays flat for any number of deals.

    ``cluster`` runs the deals on a Dask cluster instead — a scheduler address (``"tcp://host:8786"``),
    ``"local:N"`` (a LocalCluster of N processes) or a ``distributed.Client`` — in shards of ``shard_deals``
    deals (None: automatic), with the same result as here; ``progress`` draws a bar on stderr (or calls a
    function with deals done, deals in all and seconds so far). See ``mjcore.sim.distributed``.

    Ctrl-C (SIGINT) stops a run within a fraction of a second, local or on a cluster, and returns what was
    done, with ``interrupted`` set: locally the deals of a prefix ``deal_offset .. deal_offset + run.deals`` of
    the range (``run.runs`` names it), exactly what a run of that prefix alone returns."""
    request = SimulationRequest.of(ruleset, deals, seed, bots, deal_offset, threads, per_deal)
    if cluster is not None:
        return simulate_on_cluster(request, cluster, threads=threads, per_deal=per_deal, shard_deals=shard_deals,
                                   progress=progress)  # fmt: skip
    if shard_deals is not None or progress:
        raise InvalidArgumentError("shard_deals and progress belong to cluster runs: give cluster= as well")
    rules = request.ruleset
    totals, columns = _core.simulate_deals(*table_parts(rules), request.seed,
                                           (request.start, request.stop), list(request.bots), threads,
                                           per_deal)  # fmt: skip
    done = totals["deals"]
    if done < request.stop - request.start:  # Ctrl-C stopped the run: the prefix it finished
        return replace(replace(request, stop=request.start + done).result(totals, columns), interrupted=True)
    return request.result(totals, columns)

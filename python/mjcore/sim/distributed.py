"""``mjcore.simulate(..., cluster=…)``: one run sharded over a Dask cluster, identical to a local run.

Every deal depends only on (seed, deal index), so a run splits into shards of consecutive deal indices that any
worker may play in any order, as often as it likes: a shard lost with its worker is simply played again
elsewhere, and the parts combine — in deal order — into exactly what one process would have produced. The
client keeps a bounded window of shards in flight and folds each finished shard's totals in at once, so its
memory stays flat when per-deal arrays are not kept.

A shard depends on nothing stored on the cluster (each task carries the ruleset): the cluster may lose every
worker at once, and each lost shard is submitted again (``LOST_SHARD_RESUBMITS`` times at most) once workers
come back, while the shards already gathered stay with the client.

Workers are ordinary Dask workers that can import ``mjcore``; each shard runs the native simulation on all the
worker's cores, so start one worker thread per machine (``dask worker ADDRESS --nthreads 1``). ``local:N`` starts
a LocalCluster of N worker processes on this machine and shares the cores among them.

Dask (``distributed``) is an optional dependency: ``pip install 'mjcore[cluster]'``.
"""

from __future__ import annotations

import importlib
import math
import os
import re
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import replace
from typing import Any, Optional, Union

from ..errors import ClusterError, InvalidArgumentError
from .progress_bar import print_progress
from .result import SimulationRequest, SimulationResult

__all__ = ["ClusterLike", "cluster_shards", "default_shard_deals", "simulate_on_cluster"]

# A scheduler address, "local:N", or a connected distributed.Client.
ClusterLike = Union[str, Any]
# Progress callback: (deals done, deals in all, seconds since the start).
ProgressCallback = Callable[[int, int, float], None]

_LOCAL = re.compile(r"local:(\d+)")
# How long to wait for a scheduler to answer before saying the address is wrong.
CONNECT_SECONDS = 10
# Shards small enough that a lost worker costs little and the bar moves every few seconds, big enough that the
# per-shard overhead (a task round trip, ~ a millisecond) is noise.
_MAX_SHARD = 50_000
_SHARDS_PER_WORKER = 8
# Shards in flight per worker: enough to keep every worker busy while the client folds finished ones.
_WINDOW_PER_WORKER = 2
# How often one shard is submitted again after the cluster lost it (its worker died, or its finished result died
# with the worker before it was gathered). Dask's own retries cover exceptions raised by the task; a loss can
# instead surface as a cancelled future or a KilledWorker, which Dask does not retry.
LOST_SHARD_RESUBMITS = 3


def default_shard_deals(deals: int, workers: int) -> int:
    """About ``_SHARDS_PER_WORKER`` shards per worker, at most ``_MAX_SHARD`` deals each."""
    return max(1, min(_MAX_SHARD, math.ceil(deals / max(1, workers * _SHARDS_PER_WORKER))))


def _play_shard(backend: str, ruleset: Any, seed: int, start: int, stop: int, bots: tuple[str, ...],
                threads: Optional[int], per_deal: bool) -> SimulationResult:  # fmt: skip
    """Runs on a worker: deals ``start..stop`` of ``seed`` by the ``simulate`` of ``backend`` (``"mjcore"`` or
    its twin ``"mjcore.reference"``), on ``threads`` cores (None: all)."""
    simulate = importlib.import_module(backend).simulate
    return simulate(ruleset, stop - start, seed, bots, threads=threads, per_deal=per_deal, deal_offset=start)


def _import_distributed():
    try:
        import distributed
    except ImportError:
        raise ClusterError("cluster runs need Dask: pip install 'mjcore[cluster]' (the distributed package)") \
            from None  # fmt: skip
    return distributed


def _connect(cluster: ClusterLike, stack: ExitStack) -> tuple[Any, Optional[int]]:
    """A client for ``cluster`` (closed by ``stack`` if made here) and the core count each shard should use
    (None: all of the worker's; a LocalCluster shares this machine's cores among its processes)."""
    distributed = _import_distributed()
    if isinstance(cluster, distributed.Client):
        return cluster, None
    if not isinstance(cluster, str):
        raise InvalidArgumentError(f"cluster must be a scheduler address ('tcp://host:8786'), 'local:N' or a "
                                   f"distributed.Client, not {type(cluster).__name__}")  # fmt: skip
    local = _LOCAL.fullmatch(cluster)
    if cluster.startswith("local:") and not local:
        raise InvalidArgumentError(f"cluster {cluster!r}: a LocalCluster is 'local:N', N worker processes")
    if local:
        processes = int(local.group(1))
        if processes < 1:
            raise InvalidArgumentError(f"cluster {cluster!r}: a LocalCluster needs at least one worker process")
        local_cluster = stack.enter_context(distributed.LocalCluster(
            n_workers=processes, threads_per_worker=1, processes=True, dashboard_address=None))  # fmt: skip
        client = stack.enter_context(distributed.Client(local_cluster))
        return client, max(1, (os.cpu_count() or 1) // processes)
    if "://" not in cluster and ":" not in cluster:
        raise InvalidArgumentError(f"cluster {cluster!r} is neither a scheduler address ('tcp://host:8786') "
                                   "nor 'local:N'")  # fmt: skip
    try:
        client = distributed.Client(cluster, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"no Dask scheduler answered at {cluster!r} within {CONNECT_SECONDS} s: {error}") \
            from None  # fmt: skip
    stack.callback(client.close)
    return client, None


def _worker_count(client: Any) -> int:
    return max(1, len(client.scheduler_info().get("workers", {})))


def simulate_on_cluster(request: SimulationRequest, cluster: ClusterLike, *, threads: Optional[int],
                        per_deal: bool, shard_deals: Optional[int] = None,
                        progress: Union[bool, ProgressCallback] = False,
                        backend: str = "mjcore") -> SimulationResult:  # fmt: skip
    """Plays ``request``'s deals in shards on ``cluster`` with ``backend``'s ``simulate``; see the module
    documentation. Ctrl-C (or any
    exception in ``progress``) cancels the shards still running and returns what was done, with
    ``interrupted`` set."""
    if shard_deals is not None and (isinstance(shard_deals, bool) or not isinstance(shard_deals, int)
                                    or shard_deals < 1):  # fmt: skip
        raise InvalidArgumentError(f"shard_deals must be None (automatic) or an int >= 1, not {shard_deals!r}")
    report = _reporter(progress)
    with ExitStack() as stack:
        client, local_threads = _connect(cluster, stack)
        threads = threads if threads is not None else local_threads
        workers = _worker_count(client)  # asked once: a round trip to the scheduler
        size = shard_deals or default_shard_deals(request.stop - request.start, workers)
        shards = cluster_shards(request.start, request.stop, size)
        window = max(1, workers * _WINDOW_PER_WORKER)
        result = _run_shards(client, backend, request, shards, window, threads, per_deal, report)
    if progress is True:
        sys.stderr.write("\n")  # the bar's line ends
    return result


def _run_shards(client: Any, backend: str, request: SimulationRequest, shards: list[tuple[int, int]], window: int,
                threads: Optional[int], per_deal: bool, report: Optional[ProgressCallback]) -> SimulationResult:  # fmt: skip
    """Plays ``shards`` with at most ``window`` in flight; see ``simulate_on_cluster``."""
    distributed = _import_distributed()
    pending = iter(shards)
    # Every shard carries the ruleset itself (a few kB pickled), not a key of data scattered once: scattered data
    # lives only on the workers, so losing every worker at once lost it, and every resubmitted shard then
    # failed on its lost dependency. A shard that needs nothing but its arguments is played again anywhere.
    ruleset = request.ruleset
    finished: dict[int, SimulationResult] = {}  # by first deal: combined in deal order at the end
    totals: Optional[SimulationResult] = None  # totals-only runs fold as they come: flat memory
    done, began, interrupted = 0, time.perf_counter(), False

    def submit(shard: tuple[int, int]) -> None:
        future = client.submit(_play_shard, backend, ruleset, request.seed, shard[0], shard[1], request.bots,
                               threads, per_deal, pure=False, retries=2)  # fmt: skip
        in_flight[future] = shard
        running.add(future)

    in_flight: dict[Any, tuple[int, int]] = {}  # future -> its shard
    losses: dict[tuple[int, int], int] = {}  # shard -> times the cluster lost it
    running = distributed.as_completed(with_results=False)
    for _, shard in zip(range(window), pending):
        submit(shard)
    try:
        for future in running:
            shard = in_flight.pop(future)
            try:
                part = future.result()
            except Exception as error:
                if not _lost_by_the_cluster(error, distributed):  # the task itself failed, after its retries
                    raise ClusterError(f"a shard failed on the cluster: {type(error).__name__}: {error}") from error
                losses[shard] = losses.get(shard, 0) + 1
                if losses[shard] > LOST_SHARD_RESUBMITS:
                    raise ClusterError(f"the cluster lost the shard of deals {shard[0]}..{shard[1]} "
                                       f"{losses[shard]} times; last: {type(error).__name__}: {error}") from error  # fmt: skip
                submit(shard)  # deals depend only on (seed, index): playing it again changes nothing
                continue
            future.release()
            done += part.deals
            if per_deal:
                finished[part.runs[0][1]] = part
            else:
                totals = part if totals is None else totals + part
            following = next(pending, None)
            if following is not None:
                submit(following)
            if report:
                report(done, request.stop - request.start, time.perf_counter() - began)
    except KeyboardInterrupt:
        interrupted = True
        client.cancel(list(in_flight))
    if per_deal:
        parts = [finished[start] for start in sorted(finished)]
    else:
        parts = [totals] if totals is not None else []
    if not parts:  # interrupted before any shard finished: the empty run of the same table
        parts = [_play_shard(backend, request.ruleset, request.seed, request.start, request.start, request.bots, 1, per_deal)]
    result = SimulationResult.combine(parts)
    return replace(result, interrupted=True) if interrupted else result


def _lost_by_the_cluster(error: Exception, distributed: Any) -> bool:
    """Whether ``error`` says the cluster lost a shard (a worker died, a result went with it), not that the
    shard's own code failed. We cancel futures only on Ctrl-C, after which no result is read."""
    lost = (distributed.client.FutureCancelledError, distributed.scheduler.KilledWorker,
            distributed.comm.CommClosedError)  # fmt: skip
    return isinstance(error, lost)


def _reporter(progress: Union[bool, ProgressCallback]) -> Optional[ProgressCallback]:
    if progress is True:
        return lambda done, total, elapsed: print_progress(done, total, elapsed, sys.stderr)
    if progress is False or progress is None:
        return None
    if not callable(progress):
        raise InvalidArgumentError(f"progress must be a bool or a callable(done, total, seconds), not {progress!r}")
    return progress


def cluster_shards(start: int, stop: int, size: int) -> list[tuple[int, int]]:
    """Deals ``start..stop`` cut into shards of ``size`` consecutive deal indices (the last may be shorter)."""
    return [(first, min(first + size, stop)) for first in range(start, stop, size)]

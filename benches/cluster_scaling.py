"""Cluster scaling and per-shard overhead, measured in one run on this machine (not a test; nothing asserted).

Rows: the local run on one core; a LocalCluster of one worker process with one core; two worker processes with
one core each (the scaling); and the same two-process run cut into many small shards, from which the cost of one
shard (task round trip, the ruleset lookup on the worker, the result's way back) is the extra time per extra
shard. Wall-clock seconds, best of three.

Run: ``python benches/cluster_scaling.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benches.timing

import distributed  # noqa: E402

import mjcore  # noqa: E402
import mjcore.sim.distributed  # noqa: E402
from benches.timing import best_wall  # noqa: E402

DEALS = {"random": 400_000, "efficiency": 40_000}
SMALL_SHARD = {"random": 500, "efficiency": 50}


def main() -> None:
    clusters = {n: distributed.LocalCluster(n_workers=n, threads_per_worker=1, dashboard_address=None) for n in (1, 2)}
    clients = {n: distributed.Client(cluster) for n, cluster in clusters.items()}
    print("| bots | local, 1 core | cluster, 1 worker process | 2 worker processes (scaling) | overhead per shard |")
    print("|---|---|---|---|---|")
    for bot, deals in DEALS.items():
        bots = (bot,) * 4

        def run(client=None, shard=None):
            return lambda: mjcore.simulate("gd-cgc5", deals, seed=1, bots=bots, threads=1, per_deal=False,
                                           cluster=client, shard_deals=shard)  # fmt: skip

        for client in clients.values():  # workers import mjcore and build their tables before timing
            mjcore.simulate("gd-cgc5", 100, bots=bots, threads=1, per_deal=False, cluster=client)
        local = best_wall(run())
        one = best_wall(run(clients[1]))
        two = best_wall(run(clients[2]))
        small = best_wall(run(clients[2], SMALL_SHARD[bot]))
        big_shards = len(mjcore.sim.distributed.cluster_shards(0, deals, mjcore.sim.distributed.default_shard_deals(deals, 2)))
        extra = deals // SMALL_SHARD[bot] - big_shards
        overhead = (small - two) / extra * 2  # two workers absorb the extra shards side by side
        print(f"| {bot} ({deals:,} deals) | {deals / local:,.0f} deals/s | {deals / one:,.0f} deals/s | "
              f"{deals / two:,.0f} deals/s ({one / two:.2f}×) | {overhead * 1e3:.2f} ms "
              f"({deals // SMALL_SHARD[bot]:,} shards of {SMALL_SHARD[bot]}) |")  # fmt: skip
    for client in clients.values():
        client.close()
    for cluster in clusters.values():
        cluster.close()


if __name__ == "__main__":
    main()

"""The cluster soak (not CI; ``scripts/long_checks.sh`` runs it): 10,000,000 deals with totals only on a
LocalCluster of two worker processes, the client's resident memory sampled every second (it must stay flat),
then Ctrl-C (a real SIGINT) of the Python API mid-run, which must return within a second with the deals done.

Run: ``python scripts/cluster_soak.py [deals]``.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

import distributed

import mjcore


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    bots = ("random",) * 4
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:  # fmt: skip
        samples: list[float] = []
        stop = threading.Event()

        def sample() -> None:
            while not stop.wait(1.0):
                samples.append(rss_mib())

        sampler = threading.Thread(target=sample, daemon=True)
        started = time.perf_counter()
        sampler.start()
        result = mjcore.simulate("gd-cgc5", deals, seed=1, bots=bots, per_deal=False, cluster=client,
                                 progress=True)  # fmt: skip
        stop.set()
        seconds = time.perf_counter() - started
        print(f"{result.deals:,} deals in {seconds:.0f} s ({result.deals / seconds:,.0f} deals/s), runs {result.runs}")
        settled = samples[len(samples) // 10:]  # after the first tenth: imports and the first shards
        print(f"client RSS over {len(samples)} samples: first {samples[0]:.0f} MiB, after warm-up "
              f"{min(settled):.0f}..{max(settled):.0f} MiB, last {samples[-1]:.0f} MiB")  # fmt: skip
        flat = max(settled) - min(settled) < 50
        print("RSS flat (< 50 MiB spread after warm-up):", flat)

        # Ctrl-C of the Python API: SIGINT to this process while simulate waits on the cluster.
        fired: list[float] = []

        def interrupt() -> None:
            fired.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)

        threading.Timer(1.0, interrupt).start()
        partial = mjcore.simulate("gd-cgc5", deals, seed=2, bots=bots, per_deal=False, cluster=client)
        returned = time.perf_counter() - fired[0]
        print(f"Ctrl-C: returned {returned:.2f} s after SIGINT with {partial.deals:,} deals done "
              f"(interrupted={partial.interrupted})")  # fmt: skip
        prompt = partial.interrupted and returned < 1.0
        print("Ctrl-C within a second:", prompt)
    return 0 if flat and prompt else 1


if __name__ == "__main__":
    sys.exit(main())

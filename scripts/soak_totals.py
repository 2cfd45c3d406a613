"""The local totals-only soak (not CI; ``scripts/long_checks.sh`` runs it): 10,000,000 deals of gd-cgc5 with
``per_deal=False`` on all cores in one ``simulate`` call, this process's resident memory sampled every second —
it must stay flat (the run folds each deal into fixed-size totals) — then the deals per second. Exit code 1 if
memory grew.

Run: ``python scripts/soak_totals.py [deals] [bots]`` (default 10,000,000 deals, the efficiency bots).
"""

from __future__ import annotations

import sys
import threading
import time

import mjcore

# Memory may move by allocator noise (thread arenas, the first chunks' buffers), not by the number of deals.
FLAT_MIB = 32


def rss_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    bot = sys.argv[2] if len(sys.argv) > 2 else "efficiency"
    mjcore.simulate("gd-cgc5", 2_000, seed=0, bots=(bot,) * 4, per_deal=False)  # imports, tables, thread pool
    samples = [rss_mib()]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(1.0):
            samples.append(rss_mib())

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    began = time.perf_counter()
    run = mjcore.simulate("gd-cgc5", deals, seed=1, bots=(bot,) * 4, per_deal=False)
    seconds = time.perf_counter() - began
    stop.set()
    sampler.join()
    samples.append(rss_mib())
    settled = samples[len(samples) // 10:]  # after the first tenth: the first chunks' buffers
    grew = max(settled) - min(settled)
    print(f"{run.deals:,} deals ({bot} bots, totals only) in {seconds:.0f} s: {run.deals / seconds:,.0f} deals/s")
    print(f"RSS: start {samples[0]:.0f} MiB, end {samples[-1]:.0f} MiB, max {max(samples):.0f} MiB over "
          f"{len(samples)} samples; spread after the first tenth {grew:.1f} MiB")  # fmt: skip
    flat = run.deals == deals and not run.interrupted and grew < FLAT_MIB and samples[-1] - samples[0] < FLAT_MIB
    print(f"RSS flat (< {FLAT_MIB} MiB):", flat)
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())

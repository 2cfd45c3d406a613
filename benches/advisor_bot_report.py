"""The advisor bot against the efficiency bot (issue 29 item 4; docs/advisor.md, "The bot"): per ruleset, seat 0
is an ``advisor`` bot against three ``efficiency`` bots, and, on the same deals (same seed, same deal indices, so
the same walls and dealers), an ``efficiency`` bot in that seat. Per deal, paired: did seat 0 win, what did it
receive (``payments``, the settlement, negative when it pays), did it deal in. Printed: the advisor's win rate
and mean settlement beside the baseline's, the paired differences with 95% intervals (normal approximation:
mean ± 1.96 sd/√n over the deals), and the advisor run's deals/s per core.

The deals run in chunks, each saved as one ``.npz`` under ``--out/<ruleset>/`` as soon as it is done, so a run
can stop at any time and be resumed (chunks already on disk are skipped) or extended (``--deals`` larger) by a
later session; ``--report`` merges what is on disk without playing. Deal k of the run is deal k of
``mjcore.simulate(ruleset, seed=--seed)``: the result depends on the seed and the deal range only, never on the
chunking or the thread count.

    python benches/advisor_bot_report.py --deals 100000 --chunk 500 --threads 1   # the issue's count, resumable
    python benches/advisor_bot_report.py --deals 100000 --minutes 30              # what 30 minutes allow
    python benches/advisor_bot_report.py --report                                   # merge and print
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from typing import Optional

import numpy as np

import mjcore

RULESETS = ("tdh", "gd-cgc5", "mcr")
ADVISOR = ("advisor", "efficiency", "efficiency", "efficiency")
BASELINE = ("efficiency",) * 4
SEAT = 0
DEFAULT_OUT = Path("benches/results/advisor_bot")


def seat_columns(result: mjcore.SimulationResult) -> dict[str, np.ndarray]:
    """Seat 0's outcome per deal: won, its settlement, whether it dealt in (its discard won for another)."""
    return {"won": result["winners"][:, SEAT].astype(np.int8),
            "paid": result["payments"][:, SEAT].astype(np.int64),
            "dealt_in": (result["discarder"] == SEAT).astype(np.int8)}  # fmt: skip


def play_chunk(ruleset: str, seed: int, start: int, stop: int, threads: int) -> dict[str, np.ndarray]:
    started, cpu_started = time.perf_counter(), time.process_time()
    advisor = mjcore.simulate(ruleset, stop - start, seed=seed, bots=ADVISOR, threads=threads, deal_offset=start)
    advisor_seconds, advisor_cpu = time.perf_counter() - started, time.process_time() - cpu_started
    baseline = mjcore.simulate(ruleset, stop - start, seed=seed, bots=BASELINE, threads=threads, deal_offset=start)
    if advisor.interrupted or baseline.interrupted:
        raise KeyboardInterrupt
    chunk = {f"advisor_{k}": v for k, v in seat_columns(advisor).items()}
    chunk.update({f"baseline_{k}": v for k, v in seat_columns(baseline).items()})
    # Wall seconds times threads (inflated when other processes share the cores), and the CPU seconds the
    # process spent (every thread's: the per-core cost whatever the load, bar cache contention).
    chunk["advisor_core_seconds"] = np.array([advisor_seconds * threads])
    chunk["advisor_cpu_seconds"] = np.array([advisor_cpu])
    chunk["range"] = np.array([start, stop])
    return chunk


def run(rulesets: list[str], seed: int, deals: int, chunk: int, threads: int, out: Path,
        minutes: Optional[float]) -> None:
    """Plays the chunks not on disk yet, the rulesets in turn chunk by chunk (so a run cut short by ``minutes``
    or Ctrl-C has about as many deals of each), saving each chunk whole."""
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    for start in range(0, deals, chunk):
        stop = min(start + chunk, deals)
        for ruleset in rulesets:
            if deadline is not None and time.monotonic() > deadline:
                print(f"--minutes {minutes} spent: stopping before {ruleset} deals {start}..{stop}")
                return
            folder = out / f"{ruleset}-seed{seed}"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{start:09d}-{stop:09d}.npz"
            if path.exists():
                continue
            data = play_chunk(ruleset, seed, start, stop, threads)
            partial = folder / f"{start:09d}-{stop:09d}.part.npz"
            np.savez(partial, **data)
            partial.replace(path)  # a chunk on disk is whole
            seconds = float(data["advisor_core_seconds"][0])
            print(f"{ruleset}: deals {start}..{stop}, advisor run {seconds:.1f} core-s", flush=True)


def merged(folder: Path) -> Optional[dict[str, np.ndarray]]:
    """Every chunk on disk, in deal order; chunks from runs of different ``--chunk`` must not overlap."""
    chunks = [np.load(p) for p in sorted(folder.glob("*-*.npz")) if not p.name.endswith(".part.npz")]
    if not chunks:
        return None
    ranges = sorted(tuple(int(x) for x in c["range"]) for c in chunks)
    for (a0, a1), (b0, _) in zip(ranges, ranges[1:]):
        if b0 < a1:
            raise SystemExit(f"{folder}: chunks {a0}..{a1} and {b0}.. overlap")
    keys = set.intersection(*(set(c.files) for c in chunks)) - {"range"}  # older chunks lack the CPU time
    data = {k: np.concatenate([c[k] for c in chunks]) for k in sorted(keys)}
    data["deals"] = np.array([sum(b - a for a, b in ranges)])
    return data


def interval(difference: np.ndarray) -> str:
    n = len(difference)
    mean = float(difference.mean())
    half = 1.96 * float(difference.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return f"{mean:+.4f} [{mean - half:+.4f}, {mean + half:+.4f}]"


def report(ruleset: str, seed: int, out: Path) -> None:
    data = merged(out / f"{ruleset}-seed{seed}")
    if data is None:
        print(f"{ruleset}: no chunks under {out}")
        return
    deals = int(data["deals"][0])
    won_a, won_b = data["advisor_won"].astype(float), data["baseline_won"].astype(float)
    paid_a, paid_b = data["advisor_paid"].astype(float), data["baseline_paid"].astype(float)
    in_a, in_b = data["advisor_dealt_in"].astype(float), data["baseline_dealt_in"].astype(float)
    per_core = deals / float(data["advisor_core_seconds"].sum())
    cpu = data.get("advisor_cpu_seconds")
    cpu_note = "" if cpu is None or len(cpu) != len(data["advisor_core_seconds"]) else \
        f"; by CPU time {deals / float(cpu.sum()):.1f} deals/s per core"
    print(f"{ruleset} ({deals} deals, seed {seed}, seat {SEAT} vs 3 efficiency bots; advisor − efficiency, 95% CI)")
    for label, a, b, digits in (("win rate", won_a, won_b, 4), ("settlement", paid_a, paid_b, 3),
                                 ("deal-in rate", in_a, in_b, 4)):  # fmt: skip
        print(f"  {label:<12} advisor {a.mean():+.{digits}f}  efficiency {b.mean():+.{digits}f}  "
              f"diff {interval(a - b)}")
    print(f"  advisor run: {per_core:.1f} deals/s per core by wall time (100,000 deals ≈ "
          f"{100_000 / per_core / 3600:.1f} core-hours at that rate){cpu_note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", nargs="+", default=list(RULESETS))
    parser.add_argument("--deals", type=int, default=100_000, help="deals per ruleset (0..deals)")
    parser.add_argument("--chunk", type=int, default=500, help="deals per saved chunk")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--minutes", type=float, default=None, help="stop starting chunks after this long")
    parser.add_argument("--report", action="store_true", help="merge the chunks on disk and print, playing nothing")
    args = parser.parse_args()
    if not args.report:
        try:
            run(args.rulesets, args.seed, args.deals, args.chunk, args.threads, args.out, args.minutes)
        except KeyboardInterrupt:
            print("interrupted: the chunks saved so far are kept; run again to resume")
    for ruleset in args.rulesets:
        report(ruleset, args.seed, args.out)


if __name__ == "__main__":
    main()

"""Two builds of mjcore side by side on any workload of ``benches/workloads.py`` (not a test; nothing asserted),
so that every change to a hot path can state its cost: each round runs every workload once in each build, in a
fresh interpreter (``subprocess``), the builds alternating, so that both sides share the machine's noise. The
child times its own CPU (``process_time``, best of three passes, one thread: ``RAYON_NUM_THREADS=1``), so a busy
shared machine slows both sides alike instead of stealing wall-clock time from one. Printed per workload: each
side's best time per unit, and new/base as the median of the per-round ratios with their range.

A build is a ``python`` (a venv) and an optional ``PYTHONPATH`` entry (a worktree's ``python/`` holding its own
``_core``), written ``PYTHON[:PYTHONPATH]``::

    python benches/compare.py --base /work/venv-base/bin/python: --new "$(which python):" \\
        simulate:gd-cgc5:random simulate:mcr:efficiency score:tdh shanten --rounds 5

The workloads' inputs come from this checkout's ``tests/support`` corpora, whichever build is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Times the workload in the child, so that interpreter start-up, imports and input generation are not measured.
CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[2])
from benches.workloads import prepare
import mjcore
work, units, unit = prepare(sys.argv[1])
work()  # warm: tables built, caches filled
best = float("inf")
for _ in range(3):
    start = time.process_time()
    work()
    best = min(best, time.process_time() - start)
print(json.dumps({"seconds": best / units, "unit": unit, "module": mjcore.__file__}))
"""


def run(build: str, spec: str) -> dict:
    """Runs workload ``spec`` in ``build`` (``PYTHON[:PYTHONPATH]``): its best CPU seconds per unit."""
    python, _, path = build.partition(":")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env["RAYON_NUM_THREADS"] = "1"
    if path:
        env["PYTHONPATH"] = path
    out = subprocess.run([python, "-c", CHILD, spec, str(ROOT)], env=env, check=True, capture_output=True,
                         text=True, cwd="/")  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def per_unit(seconds: float) -> str:
    if seconds < 1e-6:
        return f"{seconds * 1e9:.1f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="PYTHON[:PYTHONPATH] of the baseline build")
    parser.add_argument("--new", required=True, help="PYTHON[:PYTHONPATH] of the build measured")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("workloads", nargs="+", help="workload specs (benches/workloads.py), e.g. simulate:mcr:random")
    args = parser.parse_args()
    seconds: dict[str, dict[str, list[float]]] = {spec: {"base": [], "new": []} for spec in args.workloads}
    units: dict[str, str] = {}
    modules: dict[str, str] = {}
    for _ in range(args.rounds):
        for spec in args.workloads:
            for side in ("base", "new"):
                answer = run(getattr(args, side), spec)
                seconds[spec][side].append(answer["seconds"])
                units[spec], modules[side] = answer["unit"], answer["module"]
    print(f"base: {modules['base']}\nnew:  {modules['new']}\n{args.rounds} rounds, one thread, CPU time")
    print("| workload | base per unit | new per unit | new/base speed (median of rounds) | range |")
    print("|---|---|---|---|---|")
    for spec, sides in seconds.items():
        ratios = [base / new for base, new in zip(sides["base"], sides["new"])]
        print(f"| {spec} | {per_unit(min(sides['base']))} per {units[spec]} | {per_unit(min(sides['new']))} | "
              f"{statistics.median(ratios):.3f}× | {min(ratios):.3f}–{max(ratios):.3f} |")  # fmt: skip


if __name__ == "__main__":
    main()

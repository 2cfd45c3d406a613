"""The ``mjcore simulate`` subcommand: plays many deals with built-in bots and prints the summary table.

``mjcore simulate --rules gd-qq3 --deals 1000000 --seed 1 [--bots random|efficiency|advisor ...] [--threads N]
[--out run.npz | run.parquet] [--plot fans.png] [--report run.html] [--cluster tcp://host:8786 | local:N]``

Deals run in chunks of deal indices, so a progress bar (deals/s) keeps moving and Ctrl-C stops after the
current chunk — promptly — with the summary of the deals done. Chunks do not change the result: every deal
depends only on (seed, deal index).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Optional, TextIO

from ..errors import InvalidArgumentError
from ..sim.progress_bar import print_progress
from ..rules.registry import rulesets
from ..table.bots import BOT_NAMES
from ..sim.result import SimulationRequest, SimulationResult
from ..sim.run import simulate

__all__ = ["add_simulate_command", "run_simulate"]

# A chunk should take about this long: short enough for a lively bar and a prompt Ctrl-C, long enough for
# the per-call overhead not to matter.
_CHUNK_SECONDS = 0.25
_FIRST_CHUNK = 500


def add_simulate_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds ``simulate`` to a CLI's subcommands; the parsed namespace's ``handler`` runs it."""
    parser = subparsers.add_parser("simulate", help="simulate many deals with bots and summarise them",
                                   description=__doc__.split("\n\n")[0])  # fmt: skip
    parser.add_argument("--rules", default="gd-cgc5", help=f"ruleset name or TOML path ({', '.join(rulesets())})")
    parser.add_argument("--deals", type=int, default=1_000_000, help="number of deals (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--offset", type=int, default=0, help="first deal index, to split a run (default 0)")
    parser.add_argument("--bots", nargs="+", default=["efficiency"], choices=BOT_NAMES, metavar="BOT",
                        help=f"one bot for every seat, or four (one per seat): {', '.join(BOT_NAMES)}")
    parser.add_argument("--threads", type=int, default=None, help="worker threads (default: all cores)")
    parser.add_argument("--cluster", help="run on a Dask cluster: a scheduler address (tcp://host:8786) or local:N "
                                          "(N worker processes here); needs pip install 'mjcore[cluster]'")
    parser.add_argument("--out", help="write the per-deal arrays to this .npz or .parquet file")
    parser.add_argument("--plot", help="draw the fan and pattern distributions to this image (needs matplotlib)")
    parser.add_argument("--report", help="write the summary, log-scale frequencies and the settlement per seat as "
                                         "one self-contained HTML page (keeps the per-deal arrays)")
    parser.set_defaults(handler=run_simulate)
    return parser


def _writable(path: str, option: str) -> str:
    """``path`` if a file can be written there: not a directory, in a directory that exists and is writable."""
    target = Path(path)
    try:
        if target.is_dir():
            raise InvalidArgumentError(f"{option} {path}: is a directory, give a file name")
        folder = target.parent
        if not folder.is_dir():
            raise InvalidArgumentError(f"{option} {path}: the directory {folder} does not exist")
    except (OSError, ValueError) as error:  # a name too long, a NUL byte
        raise InvalidArgumentError(f"{option} {path}: cannot be written ({error})") from None
    if not os.access(folder, os.W_OK):
        raise InvalidArgumentError(f"{option} {path}: the directory {folder} is not writable")
    return path


def _keeps_arrays(args: argparse.Namespace) -> bool:
    """Per-deal arrays are kept for a file of them and for the report's distribution of payments."""
    return args.out is not None or args.report is not None


def _seat_bots(names: list[str]) -> tuple[str, ...]:
    if len(names) == 1:
        return (names[0],) * 4
    if len(names) != 4:
        raise InvalidArgumentError("--bots takes one name (every seat) or four (one per seat)")
    return tuple(names)


def _run_chunks(args: argparse.Namespace, bots: tuple[str, ...], out: TextIO) -> tuple[list[SimulationResult], bool]:
    """Plays the deals chunk by chunk; returns the chunks' results and whether Ctrl-C cut the run short."""
    parts: list[SimulationResult] = []
    done, chunk, began = 0, _FIRST_CHUNK, time.perf_counter()
    try:
        while done < args.deals:
            size = min(chunk, args.deals - done)
            started = time.perf_counter()
            part = simulate(args.rules, size, args.seed, bots, args.threads, per_deal=_keeps_arrays(args),
                            deal_offset=args.offset + done)  # fmt: skip
            if part.deals:
                parts.append(part)
            if part.interrupted:  # Ctrl-C stopped the chunk: it holds the deals it finished
                raise KeyboardInterrupt
            done += size
            took = time.perf_counter() - started
            chunk = max(_FIRST_CHUNK, int(size * _CHUNK_SECONDS / max(took, 1e-3)))
            print_progress(done, args.deals, time.perf_counter() - began, out)
    except KeyboardInterrupt:
        out.write("\ninterrupted: summarising the deals done so far\n")
        return parts, True
    out.write("\n")
    return parts, False


def _run_on_cluster(args: argparse.Namespace, bots: tuple[str, ...],
                    out: TextIO) -> tuple[list[SimulationResult], bool]:  # fmt: skip
    """Plays the deals in shards on ``args.cluster``, the bar moving as shards finish; Ctrl-C cancels the shards
    still running and keeps the finished ones."""
    result = simulate(args.rules, args.deals, args.seed, bots, args.threads, per_deal=_keeps_arrays(args),
                      deal_offset=args.offset, cluster=args.cluster,
                      progress=lambda done, total, seconds: print_progress(done, total, seconds, out))  # fmt: skip
    if result.interrupted:
        out.write("\ninterrupted: summarising the deals done so far\n")
    else:
        out.write("\n")
    return ([result] if result.deals else []), result.interrupted


def _plot(result: SimulationResult, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    from matplotlib import pyplot

    summary = result.summary()
    figure, (fans, patterns) = pyplot.subplots(1, 2, figsize=(12, 4.5))
    fan_rows = [e for e in summary.fans if e.count]
    fans.bar([e.label.split()[0] for e in fan_rows], [100 * e.value for e in fan_rows])
    # Log scales: rare fans and patterns stay visible. The family's unit (fan, 番, 台, multipliers) as its x label.
    fans.set(title=f"{summary.words.fan_unit} per win", xlabel=summary.words.fan_unit, ylabel="% of wins (log)",
             yscale="log")
    pattern_rows = [e for e in summary.patterns if e.count][::-1]
    # Keys only: the Chinese names need CJK fonts that a plotting machine may lack.
    patterns.barh([e.label.split()[0] for e in pattern_rows], [100 * e.value for e in pattern_rows])
    patterns.set(title="Patterns per win", xlabel="% of wins (log)", xscale="log")
    figure.suptitle(f"{result.ruleset}: {result.deals:,} deals, bots {', '.join(result.bots)}")
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


def _matplotlib_missing() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return True
    return False


def run_simulate(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Runs the subcommand: the progress bar on stderr, the summary (and file notes) on ``out``."""
    out = out or sys.stdout
    if args.plot and _matplotlib_missing():
        raise InvalidArgumentError("--plot needs matplotlib: pip install 'mjcore[plot]'")
    bots = _seat_bots(args.bots)
    # The outputs are checked before any deal is played: a run of hours must not fail at its last step.
    # numpy adds .npz to any other name: the file reported is the file written.
    saved = None if args.out is None else args.out if args.out.endswith((".npz", ".parquet")) else args.out + ".npz"
    if saved:
        _writable(saved, "--out")
        if saved.endswith(".parquet"):
            from ..sim.frames import _need

            _need("pyarrow")
    for option, path in (("--plot", args.plot), ("--report", args.report)):
        if path:
            _writable(path, option)
    # Every argument checked before the first chunk (as one simulate call checks them): a negative deal count or
    # an unknown ruleset is an error even when no chunk would run.
    SimulationRequest.of(args.rules, args.deals, args.seed, bots, args.offset, args.threads, _keeps_arrays(args))
    parts, interrupted = (_run_on_cluster if args.cluster else _run_chunks)(args, bots, sys.stderr)
    if not parts:
        print("no deal was played", file=out)
        return 130 if interrupted else 0
    result = SimulationResult.combine(parts)
    print(result, file=out)
    if saved:
        result.save(saved)
        print(f"\nper-deal arrays: {saved}", file=out)
    if args.plot:
        _plot(result, args.plot)
        print(f"plot: {args.plot}", file=out)
    if args.report:
        from ..sim.report import write_report

        write_report(result, args.report)
        print(f"report: {args.report}", file=out)
    return 130 if interrupted else 0

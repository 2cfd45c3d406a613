"""``mjcore advise HAND [--rules R] [--draws N] [--seen TILES] [--wall W] [--top N] [--plot curves.png]``: the
discard advisor's table (docs/advisor.md), one row per discard, best first — its shanten, useful copies, win
probability within every draw, ready probability, expected value and the win curve as a sparkline."""

from __future__ import annotations

import argparse
import sys
from typing import Optional, TextIO

from ..analysis.advice_args import DEFAULT_DRAWS
from ..analysis.advice_result import Advice, sparkline
from ..analysis.advisor import advise
from ..analysis.calls import parse_hand
from ..errors import InvalidArgumentError
from ..rules.registry import load_ruleset, rulesets
from .analysis import _FORM_CHOICES, _forms, _show_hand

__all__ = ["add_advise_command", "sparkline"]


def print_table(advice: Advice, top_rows: int, out: TextIO) -> None:
    rows = advice.rows[:top_rows]
    top = max(r.win_probability[-1] for r in rows)
    print(f"{advice.draws} draws, the first from a wall of {advice.wall}; the curve: win probability within "
          f"1..{advice.draws} draws", file=out)
    print(f"{'discard':<8}{'shanten':>8}{'useful':>7}{'win':>9}{'ready':>9}{'EV':>9}  curve", file=out)
    for r in rows:
        label = "—" if r.tile is None else r.tile
        print(f"{label:<8}{r.shanten:>8}{r.useful_total:>7}{r.win_probability[-1]:>9.4f}"
              f"{r.ready_probability[-1]:>9.4f}{r.expected_value[-1]:>9.4f}  "
              f"{sparkline(r.win_probability[1:], top)}", file=out)
    if len(advice.rows) > len(rows):
        print(f"({len(advice.rows) - len(rows)} more discards: --top {len(advice.rows)} shows them)", file=out)


def plot_curves(advice: Advice, top_rows: int, path: str) -> None:
    """Win probability by draws for the ``top_rows`` best discards, to an image file."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4.5))
    for r in advice.rows[:top_rows]:
        axes.plot(range(advice.draws + 1), r.win_probability, marker=".",
                  label=f"discard {r.tile}" if r.tile else "no discard")
    axes.set(xlabel="draws", ylabel="win probability within the draws", title="mjcore advise: win curves")
    axes.grid(alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)


def run_advise(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    out = out or sys.stdout
    if args.top < 1:
        raise InvalidArgumentError(f"--top must be 1 or more, not {args.top}")
    if args.plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise InvalidArgumentError("--plot needs matplotlib: pip install 'mjcore[plot]'") from None
    ruleset = None if args.rules == "none" else load_ruleset(args.rules)
    hand = parse_hand(args.hand)
    situation = {} if ruleset is None else {"seat": args.seat, "dealer": args.dealer, "round_wind": args.round_wind}
    try:
        advice = advise(hand, ruleset=ruleset, draws=args.draws, seen=args.seen, wall=args.wall,
                        forms=_forms(args.forms), **situation)
    except NotImplementedError as missing:  # a family the advisor does not value yet (docs/advisor.md, "Left")
        raise InvalidArgumentError(f"--rules {args.rules}: {missing}") from None
    print(_show_hand(hand), file=out)
    print_table(advice, args.top, out)
    if args.plot:
        plot_curves(advice, min(args.top, 5), args.plot)
        print(f"win curves of the top {min(args.top, 5, len(advice.rows))} discards drawn to {args.plot}", file=out)
    return 0


def add_advise_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("advise", help="the discard advisor: win and ready probability and EV of every discard")
    p.add_argument("hand", help="hand text: mpsz (123m456p789s1122z3z), Chinese or Unicode tiles; melds in [..]")
    p.add_argument("--rules", default="none",
                   help=f"'none' (default: every complete hand wins, worth 1) or a ruleset ({', '.join(rulesets())}):"
                        " its legal wins, each worth the settlement the winner receives for the self-draw")
    for flag, what in (("--seat", "the advised seat"), ("--dealer", "the dealer's seat"),
                       ("--round-wind", "the round wind")):  # fmt: skip
        p.add_argument(flag, type=int, default=0, help=f"with --rules: {what}, 0..3 = East..North (default 0)")
    p.add_argument("--draws", type=int, default=DEFAULT_DRAWS, help=f"draws to look ahead (default {DEFAULT_DRAWS})")
    p.add_argument("--seen", help="tiles visible at the start (discards, melds of others), e.g. 5z5z1m")
    p.add_argument("--wall", type=int, help="tiles the first draw comes from (default: every unseen tile)")
    p.add_argument("--forms", nargs="+", choices=_FORM_CHOICES, metavar="FORM",
                   help="winning forms (default: standard, seven_pairs, thirteen_orphans)")
    p.add_argument("--top", type=int, default=10, help="rows to print (default 10)")
    p.add_argument("--plot", help="draw the win curves of the top five discards to this image (needs matplotlib)")
    p.set_defaults(handler=run_advise)

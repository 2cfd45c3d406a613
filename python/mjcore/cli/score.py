"""The ``mjcore score`` subcommand: scores one Guangdong or MCR win and prints the breakdown table.

``mjcore score "<hand>" --win 3p --self-drawn --seat S --round E --rules gd-cgc5``

``mjcore.cli`` adds it with ``add_score_command``; ``python -m mjcore.cli.score`` runs it alone.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Sequence

from ..errors import InvalidArgumentError
from ..rules.registry import load_ruleset, rulesets
from ..rules.families import FAMILIES
from ..rules.score import score

__all__ = ["add_score_command", "run_score", "main"]

SEATS = ("E", "S", "W", "N")


def add_score_command(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds ``score`` to a CLI's subcommands; the parsed namespace's ``handler`` runs it."""
    parser = subparsers.add_parser("score", help="score a win under any ruleset", description=__doc__.split("\n\n")[0])
    configure(parser)
    return parser


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", help="the hand WITHOUT the winning tile, melds in brackets: '12p456s789s88p[555m]'")
    parser.add_argument("--win", required=True, help="the winning tile, e.g. 3p")
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--self-drawn", action="store_true", help="won on an own draw (自摸)")
    how.add_argument("--discarder", choices=SEATS, help="seat that discarded the winning tile (点炮)")
    how.add_argument("--robbed", choices=SEATS, help="seat whose added kong was robbed (抢杠)")
    parser.add_argument("--seat", choices=SEATS, default="E", help="the winner's seat wind (default E)")
    parser.add_argument("--round", choices=SEATS, help="the round wind (default E)")
    parser.add_argument("--rules", default="gd-cgc5", help=f"a shipped ruleset ({', '.join(rulesets())}) or a path")
    parser.add_argument("--minimum", type=int, help="override the ruleset's 起和")
    parser.add_argument("--kong-bloom", action="store_true", help="杠上开花")
    parser.add_argument("--kong-fed-by", choices=SEATS, help="who fed the melded kong before the bloom")
    parser.add_argument("--last-tile", action="store_true", help="won with the last wall tile (海底)")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--heavenly", action="store_true", help="天和")
    limit.add_argument("--earthly", action="store_true", help="地和")
    limit.add_argument("--human", action="store_true", help="人和")
    parser.add_argument("--winners", type=int, default=1, help="winners on this discard (一炮多响)")
    parser.add_argument("--last-copy", action="store_true", help="the last unseen copy (和绝张, MCR)")
    parser.add_argument("--set", action="append", default=[], metavar="KEYWORD=VALUE",
                        help="any other situation keyword of the ruleset's family, e.g. --set dealer=1 --set "
                             "\"horses=['1m','5p']\" (推倒胡); the value is a Python literal or a plain word")
    parser.set_defaults(handler=run_score)


def _literal(text: str) -> object:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text  # a plain word, such as a tile name


def _keywords(args: argparse.Namespace, family_keywords: tuple[str, ...]) -> dict[str, object]:
    """The situation keywords the command line set (the family refuses any it does not take, by name). The
    winner's seat is ``seat`` in the families that name it so, ``seat_wind`` in the others."""
    given: dict[str, object] = {"seat" if "seat" in family_keywords else "seat_wind": args.seat}
    flags = {"self_drawn": args.self_drawn, "robbing_kong": args.robbed is not None, "kong_bloom": args.kong_bloom,
             "last_tile": args.last_tile, "heavenly": args.heavenly, "earthly": args.earthly, "human": args.human,
             "last_copy": args.last_copy}  # fmt: skip
    given.update({name: True for name, on in flags.items() if on})
    seats = {"discarder": args.discarder or args.robbed, "kong_fed_by": args.kong_fed_by, "round_wind": args.round}
    given.update({name: seat for name, seat in seats.items() if seat is not None})
    if args.winners != 1:
        given["winners_on_discard"] = args.winners
    for item in args.set:
        name, equals, value = item.partition("=")
        if not equals or not name:
            raise InvalidArgumentError(f"--set takes KEYWORD=VALUE, not {item!r}")
        given[name.strip()] = _literal(value.strip())
    return given


def run_score(args: argparse.Namespace) -> int:
    """Scores and prints; returns the exit status (2 on bad input)."""
    rules = load_ruleset(args.rules)
    if args.minimum is not None:
        if not hasattr(rules, "with_minimum"):
            raise InvalidArgumentError(f"--minimum sets the 起和 of Guangdong and MCR rulesets, not of {rules.name}: "
                                       "set its own field with a ruleset file")  # fmt: skip
        rules = rules.with_minimum(args.minimum)
    keywords = _keywords(args, FAMILIES[rules.family].signature.keywords)
    result = score(args.hand, args.win, ruleset=rules, **keywords)
    print(f"{rules.title} ({rules.name})")
    if rules.placeholders:
        print(f"placeholders (not from the seeds): {', '.join(rules.placeholders)}")
    print(result.table())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from . import _Parser, run_command

    parser = _Parser(prog="mjcore score", description=__doc__.split("\n\n")[0])
    parser.add_argument("--debug", action="store_true", help="on an error, print the traceback too")
    configure(parser)
    args = parser.parse_args(argv)
    return run_command(args, args.debug)


if __name__ == "__main__":
    sys.exit(main())

"""The ``mjcore`` command: quick answers about a hand from the shell.

    mjcore shanten 123m456p789s1122z
    mjcore waits 1112345678999m
    mjcore waits "123m456p789s11z 23s"        # 14 tiles: the 何切 table, one row per discard
    mjcore decompose 11122233344455m
    mjcore score "12p456s789s88p[555m]" --win 3p --self-drawn --seat S --round E --rules gd-cgc5
    mjcore simulate --rules gd-qq3 --deals 1000000 --seed 1 --bots efficiency --out run.npz --plot fans.png
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import analysis
from .cli_score import add_score_command
from .cli_simulate import add_simulate_command
from .errors import MjcoreError
from .hand import Forms, Hand, forms_bits
from .results import Waits
from .tiles import tile_name, unicode_tile

_FORM_CHOICES = ("standard", "seven_pairs", "thirteen_orphans", "knitted", "default", "all")


def _tiles_text(tiles: Sequence[tuple[int, int]]) -> str:
    return " ".join(f"{tile_name(t)} {unicode_tile(t)} ×{n}" for t, n in tiles) or "none"


def _show_hand(hand: Hand) -> str:
    return f"{hand.mpsz()}   {hand.unicode()}"


def _forms(names: list[str] | None) -> Forms:
    if not names:
        return Forms.DEFAULT
    return Forms(forms_bits(names))


def cmd_shanten(args: argparse.Namespace) -> int:
    hand = analysis.parse_hand(args.hand)
    forms = _forms(args.forms)
    value = analysis.shanten(hand, forms)
    print(_show_hand(hand))
    state = {-1: "complete (和了)", 0: "ready (听牌)"}.get(value, f"{value} away from ready")
    print(f"shanten: {value}  — {state}")
    for form, per_form in analysis.shanten_by_form(hand, forms).items():
        print(f"  {form:<17} {'—' if per_form is None else per_form}")
    return 0


def cmd_waits(args: argparse.Namespace) -> int:
    hand = analysis.parse_hand(args.hand)
    result = analysis.waits(hand, _forms(args.forms))
    print(_show_hand(hand))
    if isinstance(result, Waits):
        if result.shanten == -1:
            print("complete hand")
        elif result.ready:
            print(f"ready (听牌), waits on {len(result.tiles)} kinds, {result.total} tiles left:")
            print("  " + _tiles_text(result.tiles))
        else:
            print(f"shanten {result.shanten}; useful tiles (进张): {len(result.tiles)} kinds, {result.total} left:")
            print("  " + _tiles_text(result.tiles))
        return 0
    print(f"{'discard':<10}{'shanten':>8}{'tiles':>7}  useful tiles (winning tiles when shanten is 0)")
    for row in result:
        print(f"{tile_name(row.discard)} {unicode_tile(row.discard):<7}{row.shanten:>8}{row.total:>7}  "
              f"{_tiles_text(row.tiles)}")
    return 0


def cmd_decompose(args: argparse.Namespace) -> int:
    hand = analysis.parse_hand(args.hand)
    found = analysis.decompose(hand, _forms(args.forms))
    print(_show_hand(hand))
    if not found:
        print("not a complete hand in the selected forms")
        return 1
    print(f"{len(found)} decomposition{'s' if len(found) > 1 else ''}:")
    for number, d in enumerate(found, 1):
        print(f"  {number}. {d}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mjcore", description="Chinese mahjong hand analysis, scoring and simulation.")
    sub = parser.add_subparsers(dest="command", required=True)

    def hand_command(name: str, help_text: str, handler) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("hand", help="hand text: mpsz (123m456p789s1122z), Chinese or Unicode tiles; melds in [..]")
        p.add_argument("--forms", nargs="+", choices=_FORM_CHOICES, metavar="FORM",
                       help=f"winning forms to consider ({', '.join(_FORM_CHOICES)}); default: standard, "
                            "seven_pairs, thirteen_orphans")
        p.set_defaults(handler=handler)
        return p

    hand_command("shanten", "shanten number of a hand, per form", cmd_shanten)
    hand_command("waits", "winning or useful tiles (13 tiles), or the discard table (14 tiles)", cmd_waits)
    hand_command("decompose", "every decomposition of a complete hand", cmd_decompose)
    add_score_command(sub)
    add_simulate_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except MjcoreError as error:
        print(f"mjcore: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader (e.g. `| head`) stopped early: not an error of ours
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())

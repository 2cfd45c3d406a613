"""The hand commands of ``mjcore``: ``shanten``, ``waits`` (13 tiles: waits or useful tiles; 14: the 何切 table)
and ``decompose``, each printing the hand in mpsz and Unicode tiles."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..analysis import calls as analysis
from ..hand import Forms, Hand, forms_bits
from ..analysis.results import Waits
from ..tiles import tile_name, unicode_tile

__all__ = ["add_hand_commands"]

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


def add_hand_commands(sub: argparse._SubParsersAction) -> None:
    """Adds ``shanten``, ``waits`` and ``decompose`` to a CLI's subcommands."""

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

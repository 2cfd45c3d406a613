"""What the Sichuan and Taiwan reference scorers share: the checks of a hand before its winning tile, and its
readings (the general ``decompose``, so the parity tests also check the engine's fast reader)."""

from __future__ import annotations

from ...errors import IllegalActionError, InvalidHandError
from ...hand import Forms, Hand
from ...analysis.results import Decomposition
from ...tiles import tile_name
from ..analysis.decompose import decompose

__all__ = ["check_hand", "readings", "with_tile", "winning_tiles"]


def check_hand(hand: Hand, win: int, family: str, tiles: int, robbing_kong: bool, kong_bloom: bool) -> list[int]:
    """Checks what every family needs (no wilds; ``tiles`` before the winning tile counting melds as 3; no
    fifth copy; a robbed tile held nowhere else; a kong for a kong bloom) and returns all the hand's counts with
    the winning tile."""
    if hand.wilds:
        raise InvalidHandError(f"{family} has no wild tiles")
    size = hand.size + 3 * len(hand.melds)
    if size != tiles:
        raise InvalidHandError(f"a {family} hand before its winning tile holds {tiles} tiles counting each meld "
                               f"as 3, not {size}")  # fmt: skip
    counts = list(hand.all_counts())
    if robbing_kong and counts[win]:
        raise IllegalActionError(f"robbing_kong: the robbed {tile_name(win)} completes someone's kong, so no other "
                                 "copy can be in this hand")  # fmt: skip
    counts[win] += 1
    if counts[win] > 4:
        raise InvalidHandError(f"the winning tile {tile_name(win)} would be a fifth copy")
    if kong_bloom and not any(m.is_kong for m in hand.melds):
        raise IllegalActionError("kong_bloom needs a declared kong in the hand")
    return counts


def with_tile(hand: Hand, tile: int) -> Hand:
    concealed = list(hand.concealed)
    concealed[tile] += 1
    return Hand(tuple(concealed), hand.melds)


def readings(hand: Hand, win: int, seven_pairs: bool) -> list[Decomposition]:
    """Every reading of ``hand`` completed by ``win``: sets and a pair (melds included), and seven pairs with
    four identical tiles as two pairs when ``seven_pairs``."""
    forms = Forms.STANDARD | (Forms.SEVEN_PAIRS if seven_pairs else 0)
    return decompose(with_tile(hand, win), forms, seven_pairs_quads=True, wild_fifth_copy=False)


def winning_tiles(hand: Hand, seven_pairs: bool, kinds: range = range(34)) -> list[int]:
    """The kinds that complete ``hand``, a kind of which it holds all four excluded (a fifth copy)."""
    counts = hand.all_counts()
    return [t for t in kinds if counts[t] < 4 and readings(hand, t, seven_pairs)]

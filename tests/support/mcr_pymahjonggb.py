"""The bridge to pymahjonggb (PyPI PyMahjongGB, module MahjongGB): a scored situation in its format, and its
answer as fan keys of ``rulesets/mcr.toml``."""

from __future__ import annotations

from collections import Counter

from mjcore.hand import Hand, MeldKind
from mjcore.reference.rules.mcr import Situation, default_table
from mjcore.reference.rules.mcr.tiles import rank, suit

_SUIT_LETTERS = "WBT"  # 万 m, 饼 p, 条 s
_HONOURS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N, 白 发 中 (J1 = 中)
# its "offer" counts seats the other way: 1 = 上家, 3 = 下家
_OFFER = {1: 3, 2: 2, 3: 1, None: 1}


def gb_tile(tile: int) -> str:
    if tile >= 27:
        return _HONOURS[tile - 27]
    return f"{_SUIT_LETTERS[suit(tile)]}{rank(tile)}"


def gb_pack(meld) -> tuple[str, str, int]:
    if meld.kind == MeldKind.CHI:
        claimed = meld.tile if meld.claimed is None else meld.claimed
        return ("CHI", gb_tile(meld.tile + 1), claimed - meld.tile + 1)
    if meld.kind == MeldKind.PON:
        return ("PENG", gb_tile(meld.tile), _OFFER[meld.from_offset])
    if meld.kind == MeldKind.CONCEALED_KONG:
        return ("GANG", gb_tile(meld.tile), 0)
    return ("GANG", gb_tile(meld.tile), _OFFER[meld.from_offset])


_KEY_BY_ENGLISH = {fan.english: key for key, fan in default_table().fans.items()}


def gb_arguments(hand: Hand, win_tile: int, situation: Situation) -> tuple:
    """The arguments of ``MahjongGB.MahjongFanCalculator`` for a scored situation."""
    return (
        tuple(gb_pack(m) for m in hand.melds),
        tuple(gb_tile(t) for t in hand.tiles()),
        gb_tile(win_tile),
        len(hand.flowers),
        situation.self_drawn,
        situation.last_copy,
        situation.kong_replacement or situation.robbing_kong,
        situation.wall_last,
        situation.seat_wind,
        situation.prevalent_wind,
        True,
    )


def gb_score(hand: Hand, win_tile: int, situation: Situation) -> Counter | None:
    """pymahjonggb's fans as a Counter of keys, or None when it finds no win."""
    import MahjongGB

    try:
        fans = MahjongGB.MahjongFanCalculator(*gb_arguments(hand, win_tile, situation))
    except TypeError as error:
        if "ERROR_NOT_WIN" in str(error):
            return None
        raise
    return Counter({_KEY_BY_ENGLISH[english]: count for _, count, _, english in fans})

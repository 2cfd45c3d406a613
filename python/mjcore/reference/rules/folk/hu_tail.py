"""老章's 数胡尾 in plain Python, the twin of the Rust ``rules::folk::hu_tail`` (seed 000: "当有人吃胡时，其余三家要数
胡尾定输赢，数胡尾就是点算手牌的胡数以决大小"; RULES.md §6), played with ``options.loser_settlement = "hu_tail"``.
The seed gives the rule, not its numbers or shape, so both are ours (docs/folk.md, OC-LZ-7): a seat's 胡数
counts its sets as ``points_then_fan`` counts a win's — each declared pung or kong by its kind, each kind held
three or more times concealed as a concealed pung; chows, pairs and loose tiles nothing — and every two losers
settle the difference of their 胡数 × ``hu_tail_unit``, the smaller paying the larger. Only after discard wins."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....hand import Meld, MeldKind
from .scorer import _set_points

__all__ = ["hu_count", "settle"]


def hu_count(concealed: Sequence[int], melds: Sequence[Meld], rules: Any) -> int:
    """A loser's 胡数: its declared pungs and kongs, and each kind it holds three or more of as a concealed pung."""
    total = sum(_set_points(m.tile, m.kind == MeldKind.CONCEALED_KONG, m.kind.is_kong, rules)
                for m in melds if m.kind != MeldKind.CHI)  # fmt: skip
    return total + sum(_set_points(kind, True, False, rules) for kind, count in enumerate(concealed) if count >= 3)


def settle(hu: Sequence[int], losers: Sequence[int], unit: int) -> list[int]:
    """What the ``losers`` pay each other: every two settle the difference of their 胡数 × ``unit``."""
    money = [0] * 4
    for i, a in enumerate(losers):
        for b in losers[i + 1:]:
            owed = (hu[a] - hu[b]) * unit  # a collects from b when positive
            money[a] += owed
            money[b] -= owed
    return money

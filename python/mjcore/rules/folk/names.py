"""The rows both folk backends name besides the ruleset's own rows, and the money kinds, in one order the
Rust engine mirrors (``rules::folk``)."""

from __future__ import annotations

__all__ = ["EXTRA_ROWS", "MONEY_KINDS"]

# 789 entries that are not hands: counted per flower of the winner and per kong of the winner (key, zh, en).
EXTRA_ROWS = {
    "flowers": ("花", "flowers held by the winner"),
    "kongs": ("杠", "kongs of the winner"),
    # 老章 under points_then_fan: the hand's points (点数), counted before the fan multiplies them
    "points": ("点数", "points of the hand, before the fan"),
}

# Money kinds per family: each is zero-sum over the four seats.
MONEY_KINDS = {
    "gd789": ("win", "flowers", "kongs", "horses"),
    "laozhang": ("win",),
}

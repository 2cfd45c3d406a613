"""The codes both 推倒胡 backends return, in one order the Rust engine mirrors (``rules::tdh::names``): winning
forms, multipliers, refusals, kong kinds and win sources, each with its Chinese and English name."""

from __future__ import annotations

__all__ = ["FORMS", "KONG_KINDS", "MULTIPLIERS", "REFUSALS", "SOURCES", "FLOWER_BASE"]

# (key, Chinese, English), index = code.
FORMS = (
    ("standard", "平胡", "four sets and a pair"),
    ("seven_pairs", "七对", "seven pairs"),
    ("thirteen_orphans", "十三幺", "thirteen orphans"),
    ("four_ghosts", "四鬼胡", "four ghosts"),
)

# Each applies ×2 when its ruleset option is on (RULES.md §4.4, OC-33).
MULTIPLIERS = (
    ("no_ghosts", "无鬼加倍", "no ghost"),
    ("seven_pairs", "七对加倍", "seven pairs"),
    ("thirteen_orphans", "十三幺加倍", "thirteen orphans"),
    ("four_ghosts", "四鬼胡牌双倍", "four ghosts"),
    ("last_tile", "海底", "last tile"),
    ("kong_bloom", "杠上开花", "kong bloom"),
    ("robbing_kong", "抢杠", "robbing the kong"),
)

# Why a claimed win is refused (code 0 is a win).
REFUSALS = (
    ("win", "a win"),
    ("not_complete", "the tiles are not a complete hand in any form this ruleset allows"),
    ("no_discard_wins", "wins on a discard need 点炮可胡 (discard_wins), off in this ruleset (OC-28)"),
    ("ghost_discard", "a discarded ghost cannot be won on (OC-49)"),
    ("melded_kong_not_robbable", "a melded kong from a discard can be robbed only under 明杠可抢 (rob_melded_kong)"),
    ("concealed_kong_not_robbable", "a concealed kong can never be robbed (OC-40)"),
)

KONG_KINDS = ("concealed", "added", "melded")

# Win sources: self-drawn (a kong bloom included), a discard, robbing an added / melded / concealed kong.
SOURCES = ("self_drawn", "discard", "robbing_added", "robbing_melded", "robbing_concealed")

from ..tile_codes import FLOWER_BASE  # noqa: E402  (the family's flower codes)

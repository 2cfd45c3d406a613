"""The pure-Python reference twin of the native core: the same function names and signatures as ``mjcore``,
written for clarity rather than speed. Used for differential testing against the Rust core, and as the
readable documentation of every algorithm — one module per concept:

- ``notation``: parsing hand text (mpsz, Chinese, Unicode tiles, melds);
- ``forms``: the form options and when each form applies; ``standard``, ``seven_pairs`` (七对),
  ``thirteen_orphans`` (十三幺), ``knitted`` (全不靠, 七星不靠, 组合龙): each form's readings and distance;
- ``suit_distance``: the per-suit distance tables behind the standard form's shanten;
- ``decompose``: decompositions and ``is_win``; ``shanten``; ``waits`` (听牌, 进张, 何切); ``batch``;
- ``guangdong``: scoring Guangdong wins (鸡平胡, 贵港) under a ruleset;
- ``sim``: the table engine and bots; ``simulator``: ``simulate``, many deals with per-deal arrays.
"""

from __future__ import annotations

from .batch import is_win_batch, shanten_batch
from .decompose import decompose, is_win
from .guangdong import score
from .notation import parse_hand, parse_tile, parse_tiles
from ..simulation import SimulationResult
from .shanten import shanten, shanten_by_form
from .simulator import simulate
from .waits import waits
from . import sichuan, taiwan  # noqa: E402,F401  (mjcore.reference.sichuan / .taiwan: the regional twins)

__all__ = [
    "SimulationResult",
    "decompose",
    "is_win",
    "is_win_batch",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "score",
    "shanten",
    "shanten_batch",
    "shanten_by_form",
    "simulate",
    "waits",
]

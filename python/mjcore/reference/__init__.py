"""The pure-Python reference twin of the native core: the same function names and signatures as ``mjcore``,
written for clarity rather than speed. Used for differential testing against the Rust core, and as the
readable documentation of every algorithm — one subpackage per concept, as the native package:

- ``parse_hand``, ``parse_tiles``, ``parse_tile``: the base layer's one parser (``mjcore.notation``), which
  both backends share;
- ``analysis``: the form options (``forms``) and each form's readings and distance (``standard``, ``seven_pairs``
  七对, ``thirteen_orphans`` 十三幺, ``knitted`` 全不靠 / 七星不靠 / 组合龙), the per-suit distance tables
  (``suit_distance``), decompositions and ``is_win``, ``shanten``, ``waits`` (听牌, 进张, 何切), ``batch``, ``advise`` (the discard advisor, docs/advisor.md);
- ``rules``: scoring each family (``score`` dispatches by the ruleset's family to ``guangdong``, ``mcr``, ``tdh``,
  ``sichuan``, ``taiwan``, ``folk``);
- ``table``: the table engine and bots; ``sim``: ``simulate``, many deals with per-deal arrays.
"""

from __future__ import annotations

from .analysis.advisor import advise, advise_batch
from .analysis.batch import is_win_batch, shanten_batch
from .analysis.decompose import decompose, is_win
from .rules.score import score
from .rules.score_batch import score_batch
from ..notation import parse_hand, parse_tile, parse_tiles
from ..sim.result import SimulationResult
from .analysis.shanten import shanten, shanten_by_form
from .sim.run import simulate
from .table import Table
from .analysis.waits import waits
from .rules import sichuan, taiwan  # noqa: E402,F401  (mjcore.reference.rules.sichuan / .taiwan: the regional twins)

__all__ = [
    "SimulationResult",
    "advise",
    "advise_batch",
    "Table",
    "decompose",
    "is_win",
    "is_win_batch",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "score",
    "score_batch",
    "shanten",
    "shanten_batch",
    "shanten_by_form",
    "simulate",
    "waits",
]

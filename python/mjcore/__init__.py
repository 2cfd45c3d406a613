"""mjcore: Chinese mahjong rules engine with a Rust core.

The top-level functions use the Rust core; ``mjcore.reference`` holds a pure-Python twin with the same names
and signatures, used for differential testing and as readable documentation of every algorithm (imported on
first use). Both backends stand on a pure base layer: ``errors``, ``tiles``, ``notation``, ``hand``, ``seats``
and each family's ruleset, situation and result.
"""

from __future__ import annotations

import importlib

from . import _core, backend, errors

backend.install(_core)  # first: the rulesets (base layer) compile through it, and never import _core themselves
from .analysis.advisor import advise, advise_batch
from .analysis.advice_result import Advice, AdviceRow
from .analysis.calls import (
    decompose,
    is_win,
    is_win_batch,
    parse_hand,
    shanten,
    shanten_batch,
    shanten_by_form,
    waits,
)
from .errors import (
    ArgumentTypeError,
    ClusterError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidHandError,
    InvalidTileError,
    MjcoreError,
    NotationError,
    RulesetError,
    UnusedOptionWarning,
)
from .hand import Forms, Hand, Meld, MeldKind
from .rules.mcr import McrRuleset, McrScore
from .rules.tdh import TdhRuleset, TdhScore
from .analysis.results import Decomposition, DiscardChoice, Group, Waits
from .rules.registry import Ruleset, load_ruleset, rulesets
from .rules.guangdong.result import ScoreEntry, ScoreResult
from .rules.score import score, score_batch
from .sim.result import SimulationResult
from .sim.run import simulate
from .sim.compare import Comparison, compare
from .rules.guangdong.situation import Situation
from .tiles import chinese_name, tile_name, unicode_tile
from .notation import tile_index
from .analysis.ghost_kinds import ghost_kinds

from . import analysis, rules, sim, table  # noqa: E402  (the subpackages: mjcore.rules.sichuan, mjcore.table …)
from .table import Table  # noqa: E402


def __getattr__(name: str) -> object:
    """``mjcore.reference``, the pure-Python twin, imported on first use: the product never needs it, and an
    eager import would tie the package to its twin (tests/integration/test_import_layers.py)."""
    if name == "reference":
        return importlib.import_module(".reference", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "Advice",
    "AdviceRow",
    "ArgumentTypeError",
    "ClusterError",
    "Decomposition",
    "DiscardChoice",
    "Forms",
    "Group",
    "Hand",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidHandError",
    "InvalidTileError",
    "McrRuleset",
    "McrScore",
    "Meld",
    "MeldKind",
    "MjcoreError",
    "NotationError",
    "Ruleset",
    "RulesetError",
    "ScoreEntry",
    "ScoreResult",
    "SimulationResult",
    "Comparison",
    "Table",
    "TdhRuleset",
    "TdhScore",
    "Situation",
    "UnusedOptionWarning",
    "Waits",
    "advise",
    "advise_batch",
    "chinese_name",
    "decompose",
    "ghost_kinds",
    "errors",
    "is_win",
    "is_win_batch",
    "load_ruleset",
    "parse_hand",
    "analysis",
    "reference",
    "rules",
    "rulesets",
    "score",
    "score_batch",
    "shanten",
    "shanten_batch",
    "shanten_by_form",
    "sim",
    "simulate",
    "compare",
    "table",
    "tile_index",
    "tile_name",
    "unicode_tile",
    "waits",
]

"""mjcore: Chinese mahjong rules engine with a Rust core.

The top-level functions use the Rust core; ``mjcore.reference`` holds a pure-Python twin with the same names
and signatures, used for differential testing and as readable documentation of every algorithm.
"""

from __future__ import annotations

from . import errors
from .analysis import (
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
    ClusterError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidHandError,
    InvalidTileError,
    MjcoreError,
    NotationError,
    RulesetError,
)
from .hand import Forms, Hand, Meld, MeldKind
from .mcr import McrRuleset, McrScore
from .tdh import TdhRuleset, TdhScore
from .results import Decomposition, DiscardChoice, Group, Waits
from .ruleset import Ruleset, load_ruleset, rulesets
from .score_result import ScoreEntry, ScoreResult
from .scoring import score, score_batch
from .simulation import SimulationResult
from .simulator import simulate
from .situation import Situation
from .tiles import chinese_name, tile_index, tile_name, unicode_tile
from .ghost_kinds import ghost_kinds

from . import sichuan, taiwan  # noqa: E402,F401  (the regional families: mjcore.sichuan, mjcore.taiwan)
from . import reference  # noqa: E402  (after the public names: the reference imports shared modules only)

__version__ = "0.1.0"

__all__ = [
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
    "TdhRuleset",
    "TdhScore",
    "Situation",
    "Waits",
    "chinese_name",
    "decompose",
    "ghost_kinds",
    "errors",
    "is_win",
    "is_win_batch",
    "load_ruleset",
    "parse_hand",
    "reference",
    "rulesets",
    "score",
    "score_batch",
    "shanten",
    "shanten_batch",
    "shanten_by_form",
    "simulate",
    "tile_index",
    "tile_name",
    "unicode_tile",
    "waits",
]

"""The rule families, one row each: the one list every other module reads (the loader, ``score`` of both
backends, the twin's table), so adding a family is one row here plus the family's own modules.

A row holds what is pure data — the ruleset class, the parser of its files, how ``score`` reads its situation —
as objects, and each backend's entry points as ``"module:attribute"`` paths: the native scorer imports the
native core and the twin's entries are the twin's, and this base module imports neither (each backend resolves
its own column with ``entries``, once, when it is imported).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from ..notation import win_tile_index
from .batch_columns import FamilyBatch
from .folk import batch as folk_batch
from .folk import vocabulary as folk_words
from .folk import situation as folk
from .folk.ruleset import FolkRuleset, parse_folk
from .guangdong.ruleset import Ruleset, guangdong_ruleset
from .guangdong.situation import Situation
from .mcr import vocabulary as mcr_words
from .mcr.ruleset import McrRuleset, mcr_ruleset
from .mcr.situation import Situation as McrSituation
from .regional.ruleset import RegionalRuleset, parse_regional
from .sichuan import batch as sichuan_batch
from .sichuan import vocabulary as sichuan_words
from .sichuan import ruleset as _sichuan_schema  # noqa: F401  (registers the family's option schema)
from .sichuan import situation as sichuan
from .signature import SHARED_KEYWORDS, Signature, guangdong_situation, keywords_only, mcr_situation
from .taiwan import batch as taiwan_batch
from .taiwan import vocabulary as taiwan_words
from .taiwan import ruleset as _taiwan_schema  # noqa: F401  (registers the family's option schema)
from .taiwan import situation as taiwan
from .tdh import batch as tdh_batch
from .tdh import vocabulary as tdh_words
from .tdh.ruleset import TdhRuleset, tdh_ruleset
from .vocabulary import Vocabulary
from .tdh.situation import TDH_KEYWORDS, TdhSituation, tdh_situation, tile_code

__all__ = ["FAMILIES", "RULESET_CLASSES", "AnyRuleset", "FamilyRow", "RulesetLike", "entries", "entry"]

# What ``load_ruleset`` returns, and what every call taking a ruleset accepts (a loaded one, a name or a path).
AnyRuleset = Union[Ruleset, McrRuleset, TdhRuleset, RegionalRuleset, FolkRuleset]
RulesetLike = Union[AnyRuleset, str, os.PathLike]


@dataclass(frozen=True)
class FamilyRow:
    """One family: ``name`` is its files' ``meta.family``; ``ruleset`` the class ``load_ruleset`` returns and
    ``parse`` the reader of its file data; ``signature`` how ``score`` reads its situation; ``native_score`` and
    ``twin_score`` each backend's core, (hand, winning tile, situation, ruleset) -> result; ``twin_table`` the
    twin table's play of the family (``mjcore.reference.table.twin_family.TwinFamily``); ``batch`` what its
    ``score_batch`` reads (``mjcore.rules.batch_columns.FamilyBatch``); ``vocabulary`` its words in a simulation's
    summary (``mjcore.rules.vocabulary.Vocabulary``)."""

    name: str
    ruleset: type
    parse: Callable[[Mapping[str, Any]], Any]
    signature: Signature
    native_score: str
    twin_score: str
    twin_table: str
    batch: FamilyBatch | None = None  # its ``score_batch`` (Guangdong and MCR have their own, older batch)
    vocabulary: Vocabulary = Vocabulary()  # its words in a simulation's summary
    # The discard advisor values its wins: one self-draw settles a win on its own (no deal hooks — 定缺, 眼牌, a
    # whole-deal settlement — changing what it is worth). tests/analysis/test_advisor_rulesets.py checks it
    # against the twin table's family.
    advisor: bool = False


def _folk_row(name: str, title: str, keywords: tuple[str, ...], situation: type, twin_score: str,
              words: Vocabulary) -> FamilyRow:  # fmt: skip
    """The folk tables share their ruleset class, parser, native core and twin table."""
    signature = Signature(title, keywords, situation, folk.situation_builder(situation), win_tile_index)
    return FamilyRow(name, FolkRuleset, parse_folk, signature, "mjcore.rules.folk.scorer:score", twin_score,
                     "mjcore.reference.rules.folk.at_table:PLAY", folk_batch.BATCH, words)


_ROWS = (
    FamilyRow("guangdong", Ruleset, guangdong_ruleset,
              Signature("Guangdong", SHARED_KEYWORDS, Situation, guangdong_situation, win_tile_index),
              "mjcore.rules.guangdong.scorer:score", "mjcore.reference.rules.guangdong.scorer:score",
              "mjcore.reference.rules.guangdong.at_table:PLAY", advisor=True),
    FamilyRow("mcr", McrRuleset, mcr_ruleset,
              Signature("MCR", SHARED_KEYWORDS, McrSituation, mcr_situation, win_tile_index),
              "mjcore.rules.mcr.scorer:score", "mjcore.reference.rules.mcr:score_ruleset",
              "mjcore.reference.rules.mcr.at_table:PLAY", vocabulary=mcr_words.WORDS, advisor=True),
    FamilyRow("tdh", TdhRuleset, tdh_ruleset,
              Signature("推倒胡", tuple(TDH_KEYWORDS), TdhSituation, tdh_situation,
                        lambda tile: tile_code(tile, "win_tile"), situation_needs_rules=True),
              "mjcore.rules.tdh.scorer:score", "mjcore.reference.rules.tdh:score",
              "mjcore.reference.rules.tdh.at_table:PLAY", tdh_batch.BATCH, tdh_words.WORDS, advisor=True),
    FamilyRow("sichuan", RegionalRuleset, parse_regional,
              Signature("Sichuan", sichuan.KEYWORDS, sichuan.Situation, keywords_only(sichuan.situation_of),
                        win_tile_index, situation_needs_rules=True),
              "mjcore.rules.sichuan.scorer:score", "mjcore.reference.rules.sichuan.scorer:score",
              "mjcore.reference.rules.sichuan.at_table:PLAY", sichuan_batch.BATCH, sichuan_words.WORDS),
    FamilyRow("taiwan", RegionalRuleset, parse_regional,
              Signature("Taiwan", taiwan.KEYWORDS, taiwan.Situation, keywords_only(taiwan.situation_of),
                        win_tile_index, situation_needs_rules=True),
              "mjcore.rules.taiwan.scorer:score", "mjcore.reference.rules.taiwan.scorer:score",
              "mjcore.reference.rules.taiwan.at_table:PLAY", taiwan_batch.BATCH, taiwan_words.WORDS),
    _folk_row("gd789", "789 folk table", folk.GD789_KEYWORDS, folk.Gd789Situation,
              "mjcore.reference.rules.folk.scorer:score_789", folk_words.GD789_WORDS),
    _folk_row("laozhang", "老章", folk.LAOZHANG_KEYWORDS, folk.LaozhangSituation,
              "mjcore.reference.rules.folk.scorer:score_laozhang", folk_words.LAOZHANG_WORDS),
)  # fmt: skip

FAMILIES: Mapping[str, FamilyRow] = {row.name: row for row in _ROWS}
# Every class a loaded ruleset may be (``load_ruleset`` returns one as it is).
RULESET_CLASSES: tuple[type, ...] = tuple(dict.fromkeys(row.ruleset for row in _ROWS))


def entry(path: str) -> Any:
    """The object a ``"module:attribute"`` path names, imported."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def entries(column: str) -> dict[str, Any]:
    """One backend's entry per family: ``column`` is ``"native_score"``, ``"twin_score"`` or ``"twin_table"``."""
    return {name: entry(getattr(row, column)) for name, row in FAMILIES.items()}

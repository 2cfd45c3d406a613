"""The rule families. ``registry`` loads a ruleset by name or path and hands it to its family (``meta.family``);
each family is one subpackage — ``guangdong`` (鸡平胡, 贵港, QQ), ``mcr`` (国标), ``tdh`` (推倒胡), ``sichuan``,
``taiwan``, ``folk`` (the 789 table, 老章) — holding its ruleset schema, situation and result types. ``score``
is the one scoring entry over all of them; the table rules every family states (``[tiles]`` … ``[settlement]``)
are ``table_rules``."""

from . import folk, guangdong, mcr, regional, sichuan, taiwan, tdh
from .family_batch import FamilyScores
from .guangdong.ruleset import Ruleset
from .registry import RULESET_DIR, AnyRuleset, RulesetLike, load_ruleset, ruleset_from_data, rulesets
from .score import score, score_batch
from .table_rules import TableRules

__all__ = ["RULESET_DIR", "AnyRuleset", "FamilyScores", "Ruleset", "RulesetLike", "TableRules", "folk", "guangdong",
           "load_ruleset", "mcr", "regional", "ruleset_from_data", "rulesets", "score", "score_batch", "sichuan", "taiwan", "tdh"]

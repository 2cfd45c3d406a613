"""The regional families the loader knows (importing their schemas registers them)."""

from __future__ import annotations

from ..sichuan import ruleset as _sichuan  # noqa: F401  (registers the family)
from ..taiwan import ruleset as _taiwan  # noqa: F401  (registers the family)
from .ruleset import RegionalRuleset, is_regional, parse_regional

__all__ = ["RegionalRuleset", "is_regional", "parse_regional"]

"""What a ruleset object hands the table engine: its compiled scoring and its compiled table rules. A family
whose table refuses some options (Sichuan's 血流成河 …) answers through its own ``table_parts()``; the others
through ``compiled`` and ``table_rules.compiled``."""

from __future__ import annotations

from typing import Any

from ..errors import RulesetError

__all__ = ["table_parts"]


def table_parts(rules: Any) -> tuple[Any, Any]:
    """(compiled ruleset, compiled table rules) of a loaded ruleset; RulesetError if it is not played at a table."""
    own = getattr(rules, "table_parts", None)
    if own is not None:
        return own()
    table = getattr(rules, "table_rules", None)
    if table is None or table.compiled is None:
        raise RulesetError(f"{getattr(rules, 'name', rules)!r} is not played at a table")
    return rules.compiled, table.compiled

"""The twin of the native action layout (``rust/engine/src/env/actions.rs``): the flat action index space of a
table, laid out from its rules — the ``TableRules`` and what the family's deal hooks add (定缺, 换三张, 眼牌,
flower ghosts) — block by block, each block present only where the table allows it. The result is the same
``mjcore.env.action_layout.ActionLayout`` the native env hands to Python, so index ↔ action and the mask are one
code."""

from __future__ import annotations

from ...env.action_layout import ActionLayout
from ...rules.table_rules import TableRules
from ...table.types import Action
from ..table.deal_hooks import DealHooks
from ..table.wall import FIRST_FLOWER, tile_set

__all__ = ["BLOCK_NAMES", "action_layout"]

BLOCK_NAMES = ("discard", "chi", "pon", "kong", "added_kong", "concealed_kong", "win", "pass", "void", "swap", "eye",
               "discard_flower")  # fmt: skip
_CHOW_START_RANKS = range(7)  # 1..7 of a suit: a chow is named by its lowest tile


def _blocks(rules: TableRules, hooks: DealHooks) -> dict[str, list[Action]]:
    kinds = sorted({code for code in tile_set(rules) if code < FIRST_FLOWER})
    suited = [kind for kind in kinds if kind < 27]

    def per_kind(on: bool, kind: str) -> list[Action]:
        return [Action(kind, k) for k in kinds] if on else []

    return {
        "discard": per_kind(True, "discard"),
        "chi": [Action("chi", k) for k in suited if k % 9 in _CHOW_START_RANKS] if rules.chi != "none" else [],
        "pon": [Action("pon")] if rules.pon else [],
        "kong": [Action("kong")] if rules.melded_kong else [],
        "added_kong": per_kind(rules.added_kong, "added_kong"),
        "concealed_kong": per_kind(rules.concealed_kong, "concealed_kong"),
        "win": [Action("win")],
        "pass": [Action("pass")],
        "void": [Action("void", suit) for suit in range(3)] if hooks.void_suit else [],
        "swap": [Action("swap", k) for k in suited] if hooks.swap_tiles else [],  # only suited tiles pass
        "eye": per_kind(hooks.eye_declarations, "eye"),
        # A held flower ghost is discarded by its wall code.
        "discard_flower": ([Action("discard_flower", FIRST_FLOWER + f) for f in range(rules.flowers)]
                           if hooks.flower_ghosts else []),  # fmt: skip
    }


def action_layout(rules: TableRules, hooks: DealHooks) -> ActionLayout:
    """The layout of a table of ``rules`` whose deals play ``hooks``: every block in ``BLOCK_NAMES`` order as
    (name, first index, size), empty ones included, and the engine action of every index."""
    blocks, actions = [], []
    groups = _blocks(rules, hooks)
    for name in BLOCK_NAMES:
        blocks.append((name, len(actions), len(groups[name])))
        actions.extend(groups[name])
    return ActionLayout(blocks, actions)

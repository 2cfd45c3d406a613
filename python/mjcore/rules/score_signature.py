"""The one ``score``, shared by the native backend (``mjcore.score``) and the reference (``mjcore.reference.score``):
both are built here around their own cores (one per rule family), so they cannot drift apart.

``score(hand, win_tile, situation=None, *, ruleset, **keywords)``: the ruleset's family says which situation
keywords it takes, builds and checks its situation from them (or takes its typed situation object as given), and
refuses every other keyword by name, listing its own. Each family's signature is its row in ``families``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Optional

from ..errors import InvalidArgumentError
from .families import FAMILIES
from .registry import RulesetLike, load_ruleset
from .signature import Signature

__all__ = ["score_function"]

SCORE_DOC = """Scores ``hand`` (its concealed tiles WITHOUT the winning tile, plus melds whose ``from_offset`` says who
fed them) winning on ``win_tile`` under ``ruleset``. The situation comes from ``situation`` (the family's typed
situation object) or from keywords, which the ruleset's family checks: a keyword it does not take is refused by
name (``InvalidArgumentError`` listing the keywords it takes), and so is every situation mistake (a flag that is
not a bool: ``TypeError``). A hand that does not win returns a result with ``is_win`` False.

Guangdong tables (``gd-*``; keywords of ``mjcore.Situation``): the highest pattern over all decompositions, its
extras, cap, floor, 起和 and the payments of the four seats; a hand holding wild tiles is refused
(``InvalidHandError``: no Guangdong table has ghosts).

MCR (``ruleset="mcr"``; keywords of ``mjcore.rules.mcr.Situation``, named as for Guangdong: ``kong_bloom`` 杠上开花,
``last_tile`` the wall's last tile, ``round_wind`` the prevalent wind, plus ``last_copy`` 和绝张; with the folk fans
on, ``heavenly``/``earthly``/``human`` and ``heavenly_ready`` 天听): an ``McrScore`` with every fan, its count and
value, the total (flowers included) and whether it meets the 8-fan minimum.

Sichuan and Taiwan (``ruleset="sichuan"`` / ``"taiwan"``; keywords ``mjcore.rules.sichuan.KEYWORDS`` /
``mjcore.rules.taiwan.KEYWORDS`` only, no situation object): a ``RegionalScore`` naming every entry, the total and the
money per seat by event type.

推倒胡 (``ruleset="tdh"``; keywords of ``mjcore.rules.tdh.TdhSituation``: ``seat_wind`` the winner's seat, ``dealer``,
``self_drawn`` | ``discarder``, ``robbing_kong``, ``kong_bloom``, ``kong_fed_by``, ``last_tile``,
``ghost_indicator``, ``horses``, ``other_kongs``, ``dealer_streak``): a ``TdhScore`` with the form, every
multiplier, the share, each horse, the kong money, the liable seat and the net of each seat. The hand is written
with the ghosts' faces.

The folk tables (``ruleset="gd-789"`` / ``"laozhang"``; keywords of ``mjcore.rules.folk.Gd789Situation`` /
``LaozhangSituation``: ``seat`` the winner, ``dealer``, ``self_drawn`` | ``discarder``, and at 789 ``other_kongs``
and ``horses`` (buyer, tile)): a ``FolkScore`` naming every entry, the share and the money per seat by kind."""

def _refuse_unknown(family: Signature, keywords: Mapping[str, Any]) -> None:
    unknown = [key for key in keywords if key not in family.keywords]
    if unknown:
        raise InvalidArgumentError(f"{', '.join(sorted(unknown))}: not a keyword of {family.title} scoring (the "
                                   f"family takes {', '.join(family.keywords)})")  # fmt: skip


def _keyword_situation(name: str, same_rules: Optional[_SameRuleset], **keywords: Any) -> Any:
    family = FAMILIES[name].signature
    _refuse_unknown(family, keywords)
    return family.build(None, keywords, same_rules.rules if same_rules else None)


class _SameRuleset:
    """A ruleset as a cache key by identity: hashing a frozen ruleset's fields on every call would cost more
    than the call. The key holds the ruleset, so its id cannot be reused while the entry lives."""

    __slots__ = ("rules",)

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __hash__(self) -> int:
        return id(self.rules)

    def __eq__(self, other: object) -> bool:
        return type(other) is _SameRuleset and other.rules is self.rules  # type: ignore[attr-defined]


# One key per ruleset, reused call after call: the cache then finds it by identity, without making a key object
# and calling its ``__eq__`` on every call. Held by id with the ruleset inside, so a reused id is noticed.
_SAME: dict[int, _SameRuleset] = {}


def _same_ruleset(rules: Any) -> _SameRuleset:
    same = _SAME.get(id(rules))
    if same is None or same.rules is not rules:
        if len(_SAME) >= 4096:  # a corpus of generated rulesets: start again rather than grow
            _SAME.clear()
        same = _SAME[id(rules)] = _SameRuleset(rules)
    return same


# Keyword situations are checked and built once per distinct set of keywords (situations are frozen, and a
# call's keywords nearly always repeat). ``typed``: 1 and True are different keys (a seat given as True is
# refused). A refused set raises and is never cached.
_cached_keyword_situation = functools.lru_cache(maxsize=4096, typed=True)(_keyword_situation)


def score_function(cores: Mapping[str, Callable[..., Any]], module: str) -> Callable[..., Any]:
    """The public ``score`` around a backend's cores, one per family: (hand, winning tile, situation, ruleset)
    → result; ``module`` is the backend's module that exposes it."""
    missing = sorted(set(FAMILIES) - set(cores))
    assert not missing, f"a backend must score every family: {missing}"

    def score(hand: Any, win_tile: Any, situation: Any = None, *, ruleset: RulesetLike = "gd-cgc5",
              **keywords: Any) -> Any:  # fmt: skip
        rules = load_ruleset(ruleset)
        name = rules.family
        family = FAMILIES[name].signature
        if situation is None:  # the hot path: keywords seen before are one cache lookup
            same = None
            if family.situation_needs_rules:  # the held key, found without a call when it is there
                same = _SAME.get(id(rules))
                if same is None or same.rules is not rules:
                    same = _same_ruleset(rules)
            try:
                where = _cached_keyword_situation(name, same, **keywords)
            except TypeError:  # an unhashable keyword value, or a mistake the builder raises: again, uncached
                where = _keyword_situation(name, same, **keywords)
        elif type(situation) is family.situation_type and not keywords and not family.situation_needs_rules:
            where = situation  # checked on construction
        else:
            _refuse_unknown(family, keywords)
            where = family.build(situation, keywords, rules)
        return cores[name](hand, family.win_tile(win_tile), where, rules)

    score.__doc__ = SCORE_DOC
    score.__module__ = module
    return score

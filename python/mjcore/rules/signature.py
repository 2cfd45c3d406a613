"""How ``score`` reads one family's situation (``Signature``): the keywords it takes, its typed situation object,
the builder that checks them, and how its core takes the winning tile. Each family's row in ``families`` holds
its signature; the two families that share one situation type (Guangdong and MCR) have their builders here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidArgumentError
from .guangdong.situation import Situation, situation_of
from .mcr import situation_of as mcr_situation_of
from .mcr.situation import Situation as McrSituation

__all__ = ["SHARED_KEYWORDS", "Signature", "guangdong_situation", "keywords_only", "mcr_situation"]


Build = Callable[[Any, Mapping[str, Any], Any], Any]  # (situation object or None, keywords, ruleset) -> situation


@dataclass(frozen=True)
class Signature:
    """How ``score`` reads a family's situation: the keywords it takes, its typed situation object (taken as
    given when no keyword comes with it), the builder that checks keywords (and the ruleset, when
    ``situation_needs_rules``), and how the winning tile is given to its core."""

    title: str
    keywords: tuple[str, ...]  # in the order the refusal lists them
    situation_type: type
    build: Build
    win_tile: Callable[[Any], Any]
    situation_needs_rules: bool = False


# The keywords each of the first two families takes, with their defaults (both accept the other's situation
# object in part, so their builders take every keyword; the family refuses those it does not score).
_GUANGDONG_DEFAULTS = {name: getattr(Situation, name) for name in (
    "self_drawn", "seat_wind", "round_wind", "discarder", "robbing_kong", "kong_bloom", "kong_fed_by", "last_tile",
    "heavenly", "earthly", "human", "winners_on_discard", "feeder_already_liable")}  # fmt: skip
_MCR_ONLY = {"last_copy": False, "heavenly_ready": False}
_MCR_DEFAULTS = {**_GUANGDONG_DEFAULTS, **_MCR_ONLY}
# What both families list as their keywords (Guangdong refuses the MCR-only ones by name, as fans it lacks).
SHARED_KEYWORDS = tuple(_MCR_DEFAULTS)


def guangdong_situation(situation: Any, keywords: Mapping[str, Any], rules: Any) -> Situation:
    mcr_only = sorted(name for name in _MCR_ONLY if name in keywords and keywords[name] is not False)
    if mcr_only:
        raise InvalidArgumentError(f"{' and '.join(mcr_only)} (和绝张 / 天听) are MCR fans: Guangdong tables do not "
                                   "score them")  # fmt: skip
    given = {k: v for k, v in keywords.items() if k not in _MCR_ONLY}
    return situation_of(situation, **{**_GUANGDONG_DEFAULTS, **given})


def mcr_situation(situation: Any, keywords: Mapping[str, Any], rules: Any) -> McrSituation:
    return mcr_situation_of(situation, **{**_MCR_DEFAULTS, **keywords})


def keywords_only(situation_of: Callable[[Mapping[str, Any], Any], Any]) -> Build:
    """A family that takes its situation as keywords only (Sichuan, Taiwan): a situation object is refused by
    its builder, naming the keywords."""

    def build(situation: Any, keywords: Mapping[str, Any], rules: Any) -> Any:
        return situation_of(keywords if situation is None else {"situation": situation, **keywords}, rules)

    return build

"""Shanten (向听数): how far a hand is from complete, by the exact replacement-number definition.

The replacement number of a hand is the fewest tiles it must draw (discarding others) to become complete: the
minimum, over every complete *target* hand of the right size, of the target's tiles the hand lacks. A target
may not hold more than four copies of a kind, melds counted, so a tile the hand already holds four of cannot
be waited on. Shanten is the replacement number minus one: −1 complete, 0 ready (听牌).

Wild tiles fill any slot of a target, so with ``w`` wilds the replacement number is ``missing − w``, where
``missing`` counts the target's tiles not among the real tiles held. Where the ruleset lets a wild stand for a
fifth copy (``wild_fifth_copy``), a target may go beyond a kind's copies as long as wilds fill the excess.

>>> shanten("1111m333p222s444z")  # the pair can only be waited on as a fifth 1m: not ready
1
>>> shanten("123m456p789s1122z"), shanten("123m456p789s1122z2z")
(0, -1)
>>> shanten_by_form("19m19p19s1234567z", "all")  # 十三幺 13-sided wait
{'standard': 8, 'seven_pairs': 6, 'thirteen_orphans': 0, 'knitted': 4}
"""

from __future__ import annotations

from ...errors import InvalidArgumentError
from ...hand import Forms, FormsLike, Hand, HandLike, as_hand
from ...analysis.ghost_kinds import GhostsLike
from .forms import FormOptions, copy_caps, fits_closed_forms, fits_knitted_straight
from .knitted import honors_knitted_missing, knitted_straight_missing
from ...notation import parse_hand
from .ghosts import call
from .seven_pairs import seven_pairs_missing
from .standard import standard_missing
from .thirteen_orphans import thirteen_orphans_missing

__all__ = ["shanten", "shanten_by_form", "form_shanten", "best_shanten", "no_form_problem"]

# The forms of ``shanten_by_form``, in bit order, with their names.
_FORMS = ((Forms.STANDARD, "standard"), (Forms.SEVEN_PAIRS, "seven_pairs"),
          (Forms.THIRTEEN_ORPHANS, "thirteen_orphans"), (Forms.KNITTED, "knitted"))


def _applies(hand: Hand, form: Forms) -> bool:
    """Whether a target of ``form`` can have the hand's size and melds."""
    if form == Forms.STANDARD:
        return True
    if form == Forms.KNITTED:
        return fits_closed_forms(hand) or fits_knitted_straight(hand)
    return fits_closed_forms(hand)


def no_form_problem(hand: Hand, options: FormOptions) -> str | None:
    """Why none of the selected forms can apply to the hand, or None when one can."""
    if any(options.selects(form) and _applies(hand, form) for form, _ in _FORMS):
        return None
    return (f"none of the selected forms (bits {options.forms}) applies to a concealed part of {hand.size} tiles "
            f"with {len(hand.melds)} melds")


def _knitted_missing(hand: Hand, options: FormOptions) -> int | None:
    """全不靠 / 七星不靠 and 组合龙 together: the nearer of the two that can apply."""
    candidates = []
    if fits_closed_forms(hand):
        candidates.append(honors_knitted_missing(hand.concealed))
    if fits_knitted_straight(hand):
        candidates.append(knitted_straight_missing(hand.concealed, copy_caps(hand), hand.sets_needed,
                                                   options.excess_allowed(hand)))
    return min((m for m in candidates if m is not None), default=None)


def _missing(hand: Hand, form: Forms, options: FormOptions) -> int | None:
    """Tiles the nearest target of ``form`` lacks from the real tiles held; None if the form cannot apply."""
    if not _applies(hand, form):
        return None
    if form == Forms.STANDARD:
        return standard_missing(hand.concealed, copy_caps(hand), hand.sets_needed, options.excess_allowed(hand))
    if form == Forms.SEVEN_PAIRS:
        return seven_pairs_missing(hand.concealed, options.seven_pairs_quads)
    if form == Forms.THIRTEEN_ORPHANS:
        return thirteen_orphans_missing(hand.concealed)
    return _knitted_missing(hand, options)


def form_shanten(hand: Hand, options: FormOptions) -> dict[str, int | None]:
    """Shanten of a validated hand in each selected form (None where the form cannot apply)."""
    result = {}
    for form, name in _FORMS:
        if options.selects(form):
            missing = _missing(hand, form, options)
            result[name] = None if missing is None else max(0, missing - hand.wilds) - 1
    return result


def best_shanten(hand: Hand, options: FormOptions) -> int:
    """The lowest shanten of a validated hand over the selected forms; InvalidArgumentError when none of them
    can apply (e.g. only seven pairs for a hand with melds)."""
    problem = no_form_problem(hand, options)
    if problem:
        raise InvalidArgumentError(problem)
    return min(s for s in form_shanten(hand, options).values() if s is not None)


def shanten_by_form(
    hand: HandLike, forms: FormsLike = Forms.ALL, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> dict[str, int | None]:  # fmt: skip
    """Shanten per selected form, e.g. ``{"standard": 1, "seven_pairs": 3, ...}``; None where the form cannot
    apply (seven pairs with melds, a 16-tile hand for thirteen orphans...)."""
    if ghosts is not None:
        return call("shanten_by_form", hand, forms, seven_pairs_quads, wild_fifth_copy, ghosts)
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    return form_shanten(as_hand(hand, parse_hand), options)


def shanten(
    hand: HandLike, forms: FormsLike = Forms.DEFAULT, *, seven_pairs_quads: bool = True, wild_fifth_copy: bool = True,
    ghosts: GhostsLike = None,
) -> int:  # fmt: skip
    """The shanten number: the minimum over ``forms`` (raises InvalidArgumentError when none of them can apply
    to the hand, e.g. only seven pairs for a hand with melds). ``ghosts``: see ``mjcore.analysis.ghost_meaning``."""
    if ghosts is not None:
        return call("shanten", hand, forms, seven_pairs_quads, wild_fifth_copy, ghosts)
    options = FormOptions.of(forms, seven_pairs_quads, wild_fifth_copy)
    return best_shanten(as_hand(hand, parse_hand), options)

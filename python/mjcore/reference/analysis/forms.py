"""Which winning forms a query selects, when each form can apply to a hand, and the copy limit every target obeys.

Rulesets differ in the forms they accept (鸡平胡 has no 七对; 贵港 and MCR do; only MCR has the knitted forms), in
whether four identical tiles make two pairs of 七对, and in whether a wild tile may stand for a fifth copy of a
kind. ``FormOptions`` carries those three choices through every reference algorithm.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import ArgumentTypeError, InvalidHandError
from ...hand import Forms, FormsLike, Hand, forms_bits
from ...tiles import NUM_KINDS

__all__ = ["FormOptions", "COPIES", "meld_copies", "copy_caps", "fits_closed_forms", "fits_knitted_straight",
           "require_complete_size"]

COPIES = 4  # copies of each kind in the set


@dataclass(frozen=True)
class FormOptions:
    """The selected forms (a ``Forms`` bit set) and the two ruleset details that change what is complete."""

    forms: int
    seven_pairs_quads: bool = True  # 七对: four identical concealed tiles count as two pairs (RULES.md OC-44)
    wild_fifth_copy: bool = True  # a wild may stand for a fifth copy of a kind, melds counted (OC-45)

    @classmethod
    def of(cls, forms: FormsLike, seven_pairs_quads: bool, wild_fifth_copy: bool) -> FormOptions:
        """Validated options from the arguments every public function takes."""
        for name, value in (("seven_pairs_quads", seven_pairs_quads), ("wild_fifth_copy", wild_fifth_copy)):
            if not isinstance(value, bool):
                raise ArgumentTypeError(f"{name} must be a bool, not {type(value).__name__}")
        return cls(forms_bits(forms), seven_pairs_quads, wild_fifth_copy)

    def selects(self, form: Forms) -> bool:
        return bool(self.forms & form)

    def excess_allowed(self, hand: Hand) -> int:
        """How many tiles of a target may go beyond the copies that exist: each must be a wild standing for a
        fifth copy, so none unless the ruleset allows that."""
        return hand.wilds if self.wild_fifth_copy else 0


def meld_copies(hand: Hand) -> tuple[int, ...]:
    """Copies of each kind locked in the declared melds."""
    copies = [0] * NUM_KINDS
    for meld in hand.melds:
        for kind in meld.tiles:
            copies[kind] += 1
    return tuple(copies)


def copy_caps(hand: Hand) -> tuple[int, ...]:
    """How many copies of each kind the concealed part of a target may hold with real tiles: 4 minus the
    copies in melds."""
    return tuple(COPIES - n for n in meld_copies(hand))


def fits_closed_forms(hand: Hand) -> bool:
    """七对, 十三幺, 全不靠 and 七星不靠 need a concealed part of 13 or 14 tiles and no declared meld."""
    return not hand.melds and hand.size in (13, 14)


def fits_knitted_straight(hand: Hand) -> bool:
    """组合龙 is the knitted straight (three sets' worth of tiles) plus one set and a pair: four sets in all,
    of which at most one (the set) may be a declared meld."""
    return len(hand.melds) <= 1 and hand.sets_needed + len(hand.melds) == 4


def require_complete_size(hand: Hand) -> None:
    """Win checks need a 3n+2-tile concealed part; a 3n+1 hand is still waiting for a tile."""
    if not hand.is_complete_size:
        raise InvalidHandError(
            f"a concealed part of {hand.size} tiles is a 3n+1 (waiting) hand: a win needs 3n+2 tiles"
        )

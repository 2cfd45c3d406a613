"""Hand text and ``mjcore.Hand`` objects given to ``is_win``, ``shanten`` and ``waits``: the core reads text
that parses and a ``Hand`` without melds itself (rust/bindings/src/hand_arg.rs) and leaves every other one to
the Python coercion. Whichever reads it, each call must answer as it does on the same hand's counts and as the
reference does, and refuse what it refuses with the same error: on a seeded corpus of hands with and
without wilds, melds and flowers, text of every spelling the parser reads, and text it refuses."""

from __future__ import annotations

import random

import pytest

import mjcore
import mjcore.reference as ref
from mjcore import Hand, Meld, MeldKind

from tests.support.strategies import random_hands

NATIVE_CALLS = ("is_win", "shanten", "waits")


def outcome(call, hand) -> tuple:
    """What ``call(hand)`` answers, or the class and words of what it raises."""
    try:
        return "answered", call(hand)
    except Exception as error:  # noqa: BLE001 - the point is to compare whatever either side raises
        return "raised", type(error), str(error)


class Text(str):
    """Hand text as a str subclass: left to the Python coercion."""


class OwnHand(Hand):
    """A Hand subclass: left to the Python coercion."""


def corpus_hands(count: int, seed: int) -> list[Hand]:
    """Hands of 13 or 14 concealed tiles, some with wilds, some with a declared meld, some with flowers."""
    rng = random.Random(seed)
    hands = []
    for size in (13, 14):
        for row in random_hands(count, size, seed=seed + size):
            counts = [int(c) for c in row]
            wilds, melds = 0, ()
            shape = rng.randrange(4)
            if shape == 1:  # a wild in place of a concealed tile
                tile = rng.choice([k for k in range(34) if counts[k]])
                counts[tile] -= 1
                wilds = 1
            elif shape == 2:  # a pung declared from three free copies, three concealed tiles fewer
                free = [k for k in range(34) if counts[k] == 0]
                if free:
                    tile = rng.choice(free)
                    held = [k for k in range(34) if counts[k]]
                    for k in rng.sample(held, 3) if len(held) >= 3 else []:
                        counts[k] -= 1
                    if sum(counts) == size - 3:
                        melds = (Meld(MeldKind.PON, tile),)
                    else:
                        counts = [int(c) for c in row]
            flowers = tuple(sorted(rng.sample(range(1, 9), 2))) if shape == 3 else ()
            hands.append(Hand(tuple(counts), melds, wilds, flowers))
    return hands


@pytest.mark.parametrize("name", NATIVE_CALLS)
def test_text_and_hand_objects_answer_as_their_counts_and_the_reference(name):
    call, reference = getattr(mjcore, name), getattr(ref, name)
    hands = corpus_hands(25 if name == "waits" else 60, seed=29)
    assert any(h.melds for h in hands) and any(h.wilds for h in hands) and any(h.flowers for h in hands)
    for hand in hands:
        expected = outcome(reference, hand)
        text = hand.mpsz()
        spellings = [hand, text, f" {text} ", hand.unicode(), Text(text), OwnHand(hand.concealed, hand.melds,
                     hand.wilds, hand.flowers)]  # fmt: skip
        if not hand.melds and not hand.wilds:
            spellings.append(list(hand.concealed))
        for spelling in spellings:
            assert outcome(call, spelling) == expected, (name, text, type(spelling))


BAD_TEXTS = [
    "",  # no tiles
    "1m",  # one tile: a hand, but is_win refuses its size
    "123m456p789s1z+1J",  # a character the parser refuses
    "11111m2345p6789s",  # five copies
    "123m456p789s11z2",  # digits without a suit
    "[123m]456p789s11z2z",  # a meld and a concealed part of the wrong size
    "123m456p789s1122z\ud800",  # a lone surrogate: cannot cross into the core
    "１２３m",  # full-width digits
    "123m456p789s1122333z",  # too many tiles
    "一二三万456p789s1122z",  # Chinese numerals, a hand the parser reads
    "123m456p789s1128z",  # an honour digit past 7
    "123m456p789s0m1122z",  # a red five
    "m123m456p789s1122z",  # a suit letter without digits
    "123M456p789s1122z",  # an upper-case suit
    "123m456p789s1122z1",  # digits left open at the end
    "111122m456p789s12z",  # a fifth 1m would be one more: four, a hand
    "123m456p789s1122z" * 3,  # long text
    "1234567891234m",  # plain text of 14 tiles
    "123m",  # plain text of a size that is no hand
]


@pytest.mark.parametrize("name", NATIVE_CALLS)
def test_bad_and_unusual_text_fails_or_answers_as_the_reference(name):
    call, reference = getattr(mjcore, name), getattr(ref, name)
    for text in BAD_TEXTS:
        expected = outcome(reference, text)
        assert outcome(call, text) == expected, (name, text)
        assert outcome(call, Text(text)) == expected, (name, text)
    assert outcome(call, "123m456p789s1z+1J")[1] is mjcore.NotationError

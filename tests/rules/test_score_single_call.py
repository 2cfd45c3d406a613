"""The single ``score`` call of both families on both backends: every situation mistake the two families share
is refused with the same class (a Guangdong table and MCR alike), and the result the native core builds
itself (shared entry objects, cached keyword situations) is the reference's in value, repr and pickle."""

from __future__ import annotations

import pickle

import pytest

import mjcore
from mjcore import ArgumentTypeError, InvalidArgumentError, parse_hand

# A hand that wins under both families when self-drawn or on a discard: (hand before the win, winning tile).
# 一色三步高 and friends give MCR its 8 fan; Guangdong scores it as 平胡 / 鸡胡.
HAND, WIN = "123m234m345m567p5s", "5s"
FAMILIES = ("gd-cgc5", "mcr")

# Keyword situations both families refuse, with the class (Guangdong's class for the same mistake).
SHARED_MISTAKES = {
    "self-drawn with a discarder": ({"self_drawn": True, "discarder": 2}, InvalidArgumentError),
    "the winner discarded": ({"seat_wind": 1, "discarder": 1}, InvalidArgumentError),
    "seat 4": ({"seat_wind": 4, "self_drawn": True}, InvalidArgumentError),
    "an unknown wind name": ({"round_wind": "X", "self_drawn": True}, InvalidArgumentError),
    "a seat given as True": ({"seat_wind": True, "self_drawn": True}, ArgumentTypeError),
    "a seat given as a float": ({"seat_wind": 1.0, "self_drawn": True}, ArgumentTypeError),
    "a flag given as 1": ({"self_drawn": 1}, ArgumentTypeError),
    "a flag given as text": ({"self_drawn": True, "last_tile": "yes"}, ArgumentTypeError),
    "kong bloom on a discard": ({"kong_bloom": True, "discarder": 2}, InvalidArgumentError),
    "robbing a kong self-drawn": ({"robbing_kong": True, "self_drawn": True}, InvalidArgumentError),
    "two limit hands": ({"heavenly": True, "earthly": True, "self_drawn": True}, InvalidArgumentError),
    "天和 by a non-dealer": ({"heavenly": True, "self_drawn": True, "seat_wind": 2}, InvalidArgumentError),
    "地和 by the dealer": ({"earthly": True, "self_drawn": True}, InvalidArgumentError),
    "人和 self-drawn": ({"human": True, "self_drawn": True, "seat_wind": 1}, InvalidArgumentError),
    "an unhashable seat": ({"seat_wind": [1], "self_drawn": True}, ArgumentTypeError),
}


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("mistake", SHARED_MISTAKES, ids=list(SHARED_MISTAKES))
def test_shared_situation_mistakes_raise_one_class_in_both_families(backend, family, mistake):
    flags, error = SHARED_MISTAKES[mistake]
    for _ in range(2):  # the second call meets the keyword cache: a refused situation is never cached
        with pytest.raises(error) as raised:
            backend.score(HAND, WIN, ruleset=family, **flags)
        assert type(raised.value) is error


@pytest.mark.parametrize("family", FAMILIES)
def test_a_situation_object_with_keywords_is_refused(backend, family):
    where = mjcore.Situation(self_drawn=True)
    with pytest.raises(TypeError, match="not both"):
        backend.score(HAND, WIN, where, ruleset=family, last_tile=True)
    if family == "mcr":
        with pytest.raises(TypeError, match="not both"):
            backend.score(HAND, WIN, mjcore.rules.mcr.Situation(self_drawn=True), ruleset=family, discarder=2)


@pytest.mark.parametrize("where", [mjcore.rules.mcr.Situation(self_drawn=True), {"self_drawn": True}], ids=["mcr", "dict"])
def test_a_guangdong_table_refuses_another_situation_type(backend, where):
    with pytest.raises(TypeError, match="must be an mjcore.Situation"):
        backend.score(HAND, WIN, where)


def test_mcr_takes_a_consistent_discarder_and_scores_as_without(backend):
    with_discarder = backend.score(HAND, WIN, ruleset="mcr", seat_wind=1, discarder=3)
    assert with_discarder.is_win and with_discarder == backend.score(HAND, WIN, ruleset="mcr", seat_wind=1)


@pytest.mark.parametrize("flags", [{"self_drawn": True}, {"discarder": 3, "seat_wind": 1},
                                   {"self_drawn": True, "seat_wind": "S", "round_wind": "南"}])  # fmt: skip
@pytest.mark.parametrize("family", FAMILIES)
def test_native_results_are_the_references_in_value_repr_and_pickle(family, flags):
    """The native core makes the result objects itself; nothing about them may tell."""
    ours = mjcore.score(HAND, WIN, ruleset=family, **flags)
    theirs = mjcore.reference.score(HAND, WIN, ruleset=family, **flags)
    assert ours.is_win and ours == theirs and repr(ours) == repr(theirs) and hash(ours) == hash(theirs)
    assert vars(ours) == vars(theirs) and list(vars(ours)) == list(vars(theirs))  # the same fields, in order
    for result in (ours, theirs):
        again = pickle.loads(pickle.dumps(result))
        assert again == ours and repr(again) == repr(ours)
    assert str(ours) == str(theirs)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_hand_form_scores_alike(family):
    hand = parse_hand(HAND)
    forms = [HAND, hand, list(hand.concealed), tuple(hand.concealed), bytes(hand.concealed),
             bytearray(hand.concealed), __import__("numpy").array(hand.concealed, dtype="uint8")]  # fmt: skip
    results = [mjcore.score(form, WIN, ruleset=family, self_drawn=True) for form in forms]
    assert all(result == results[0] for result in results) and results[0].is_win


@pytest.mark.parametrize("family", FAMILIES)
def test_not_a_win_is_the_references(family):
    ours = mjcore.score("123m456p789s1z2z3z4z", "5z", ruleset=family, self_drawn=True)
    theirs = mjcore.reference.score("123m456p789s1z2z3z4z", "5z", ruleset=family, self_drawn=True)
    assert not ours.is_win and ours == theirs and repr(ours) == repr(theirs)
    assert pickle.loads(pickle.dumps(ours)) == theirs


def test_shared_entries_do_not_leak_between_rulesets():
    """Entries are shared per ruleset: a changed minimum or another table names its own."""
    strict = mjcore.load_ruleset("gd-cgc5").with_minimum(3)
    result = mjcore.score(HAND, WIN, ruleset=strict, self_drawn=True)
    assert result.minimum == 3 and result == mjcore.reference.score(HAND, WIN, ruleset=strict, self_drawn=True)
    qq = mjcore.score(HAND, WIN, ruleset="gd-qq3", self_drawn=True)
    assert qq.ruleset == "gd-qq3" and qq == mjcore.reference.score(HAND, WIN, ruleset="gd-qq3", self_drawn=True)


BAD_HANDS = {
    "a float count": [1.5] + [0] * 33,
    "a None count in a tuple": (None,) + (0,) * 33,
    "a count of 5": [5] + [0] * 33,
    "33 counts": [1] * 13 + [0] * 20,
    "12 tiles": [1] * 12 + [0] * 22,
    "bad text": "123x",
    "a fifth copy in text": "11111m",
    "not a hand": 12,
}


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("hand", BAD_HANDS, ids=list(BAD_HANDS))
def test_bad_hands_are_refused_alike_by_both_backends(family, hand):
    """The core reads hands itself now: every refusal keeps the reference's class and words."""
    raised = []
    for backend in (mjcore, mjcore.reference):
        with pytest.raises((TypeError, ValueError)) as error:
            backend.score(BAD_HANDS[hand], WIN, ruleset=family, self_drawn=True)
        raised.append((type(error.value), str(error.value)))
    assert raised[0] == raised[1]

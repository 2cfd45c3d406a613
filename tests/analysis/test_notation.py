"""Parsing and formatting: mpsz, Chinese, Unicode, melds, wilds, flowers; errors that name the problem."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjcore
from mjcore import Hand, Meld, MeldKind
from mjcore.errors import InvalidHandError, MjcoreError, NotationError
from tests.support.fuzz import fuzz_settings

SAME_HANDS = [
    ("123m5p99s11567z", "一万二万三万 五筒 九条九索 东东 白发中"),
    ("123m5p99s11567z", "🀇🀈🀉🀝🀘🀘🀀🀀🀆🀅🀄"),
    ("19m19p19s1234567z1m", "一万九万一筒九筒一条九条东南西北白发中一万"),
    ("1234567899m", "一二三四五六七八九九万"),
    ("11s", "一索一条"),
    ("11p", "1饼1筒"),
]


@pytest.mark.parametrize("mpsz, other", SAME_HANDS)
def test_notations_agree(backend, mpsz, other):
    assert backend.parse_hand(other) == backend.parse_hand(mpsz)


def test_melds_wilds_and_flowers(backend):
    hand = backend.parse_hand("12m** 13f [555z] {1111s} (9999p) [234s:3s<3]")
    assert hand.wilds == 2
    assert hand.flowers == (1, 3)
    assert [m.kind for m in hand.melds] == [MeldKind.PON, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG, MeldKind.CHI]
    assert hand.melds[0].tile == 31 and hand.melds[3] == Meld(MeldKind.CHI, 19, claimed=20, from_offset=3)
    assert hand.mpsz() == "12m**13f [555z] {1111s} (9999p) [234s:3s<3]"


@pytest.mark.parametrize(
    "text",
    ["123m456p789s1122z", "1112345678999m1m", "1m", "11z", "123456789m1234567p", "[123m] [456p] [789s] [111z] 2z",
     "12m**", "5m [1111m] (2222m) {3333m} [444m]", "1234567z1234567z"],
)
def test_round_trip(backend, text):
    hand = backend.parse_hand(text)
    assert backend.parse_hand(hand.mpsz()) == hand
    assert backend.parse_hand(hand.mpsz()).mpsz() == hand.mpsz()


def test_unicode_output():
    hand = mjcore.parse_hand("19m1p5z")
    assert hand.unicode().startswith("🀇🀏🀙🀆")


@pytest.mark.parametrize(
    "text, position, fragment",
    [
        ("123x", 3, "suit"),
        ("8z", 0, "8z"),
        ("0m", 0, "0m"),
        ("9f", 0, "9f"),
        ("12m?", 3, "?"),
        ("[124m]", 0, "not a meld"),
        ("[123m", 0, "never closed"),
        ("12m]", 3, "unmatched"),
        ("11111m", 0, "1m"),
        ("[12m3p]", 0, "not a meld"),
        ("[123m:5m]", 0, "5m"),
        ("[555z<4]", 6, "feeder"),
        ("(1111s:1s)", 6, "concealed kong"),
    ],
)
def test_notation_errors_name_the_problem(backend, text, position, fragment):
    with pytest.raises(NotationError) as info:
        backend.parse_hand(text)
    assert info.value.position == position
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("1111m [111m]", "1m appears 7"),
        ("123m", r"3n\+1 or 3n\+2"),
        ("123456789m123456789p", r"3n\+1 or 3n\+2"),
        ("[111m] [222m] [333m] [444m] [555m] [666m] 1z", "sets"),
    ],
)
def test_impossible_hands(backend, text, fragment):
    with pytest.raises(InvalidHandError, match=fragment):
        backend.parse_hand(text)


def test_hand_validation_and_types():
    with pytest.raises(InvalidHandError, match="index 3"):
        Hand((0, 0, 0, 5) + (0,) * 30)
    with pytest.raises(InvalidHandError, match="34 entries"):
        Hand((1,) * 33)
    with pytest.raises(TypeError):
        Hand("123m")
    with pytest.raises(TypeError):
        mjcore.parse_hand(123)
    with pytest.raises(InvalidHandError, match="上家"):
        Meld(MeldKind.CHI, 0, from_offset=1)


ALPHABET = st.sampled_from(list("0123456789mpszf[](){}:<*, 万筒条索东南西北白发中春梅") + ["🀇", "🀄", "🀪", "\x00", "é"])


@fuzz_settings(600)
@given(st.text(ALPHABET, max_size=40))
def test_parser_fuzz_never_crashes(text):
    """Any text either parses to a valid hand on both backends with the same result, or raises an mjcore error
    on both."""
    outcomes = []
    for backend in (mjcore, mjcore.reference):
        try:
            outcomes.append(backend.parse_hand(text))
        except MjcoreError as error:
            outcomes.append(type(error))
    assert outcomes[0] == outcomes[1]


@fuzz_settings(300)
@given(st.binary(max_size=60))
def test_random_bytes_never_crash(data):
    """Random byte strings as counts or as text: both backends give the same answer or the same mjcore error (or
    TypeError), never a crash; counts of any length but 34 are refused."""
    def outcome(call):
        try:
            return ("ok", call())
        except (MjcoreError, TypeError) as error:
            return ("error", type(error))

    as_counts = [outcome(lambda b=b: b.shanten(data)) for b in (mjcore, mjcore.reference)]
    assert as_counts[0] == as_counts[1], data
    if len(data) != 34:
        assert as_counts[0][0] == "error"
    text = data.decode("utf-8", "replace")
    as_text = [outcome(lambda b=b: b.parse_hand(text)) for b in (mjcore, mjcore.reference)]
    assert as_text[0] == as_text[1], text

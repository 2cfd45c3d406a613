"""Every analysis entry point refuses a bad argument by name with an ``mjcore`` error, in both backends: a flag
that is not a bool, a ``ghosts=`` that names no ghosts, text holding a lone surrogate (issue 30, item 1)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjcore
import mjcore.reference
from mjcore.errors import ArgumentTypeError, InvalidArgumentError, MjcoreError, NotationError
from tests.support.fuzz import fuzz_settings

BACKENDS = [pytest.param(mjcore, id="rust"), pytest.param(mjcore.reference, id="twin")]
HAND = "123m456p789s1122z"  # 14 tiles: a win
ROWS = np.array([mjcore.parse_hand(HAND).concealed], dtype=np.uint8)
SINGLE = ("is_win", "shanten", "waits", "decompose", "shanten_by_form")
BATCH = ("shanten_batch", "is_win_batch")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("flag", ["seven_pairs_quads", "wild_fifth_copy"])
@pytest.mark.parametrize("value", [1, 0, "yes", None, np.bool_(True), 2**64])
def test_a_flag_is_a_bool_named_when_it_is_not(backend, flag, value) -> None:
    for name in SINGLE + BATCH:
        argument = ROWS if name in BATCH else HAND
        with pytest.raises(ArgumentTypeError, match=f"^{flag} must be a bool, not ") as raised:
            getattr(backend, name)(argument, **{flag: value})
        assert isinstance(raised.value, TypeError) and isinstance(raised.value, MjcoreError)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("ghosts, error, words", [
    (31, ArgumentTypeError, "a single kind is \\[31\\]"),
    (2.5, ArgumentTypeError, "ghosts takes"),
    (b"5z", ArgumentTypeError, "ghosts takes"),
    ({31: 1}, ArgumentTypeError, "ghosts takes"),
    (False, ArgumentTypeError, "ghosts takes"),
    ("mcr", InvalidArgumentError, "'mcr' is a mcr ruleset, which has no ghosts"),
    ("gd-cgc5", InvalidArgumentError, "'gd-cgc5' is a guangdong ruleset"),
    ("", InvalidArgumentError, "names no tile"),
    ("  ", InvalidArgumentError, "names no tile"),
    ("5x", NotationError, "^ghosts: "),
    ([34], InvalidArgumentError, "ghosts: 34 is not a tile kind"),
    ([True], InvalidArgumentError, "ghosts: True is not a tile kind"),
])  # fmt: skip
def test_ghosts_that_name_no_ghosts_are_refused_by_name(backend, ghosts, error, words) -> None:
    for name in SINGLE + BATCH:
        argument = ROWS if name in BATCH else HAND
        with pytest.raises(error, match=words):
            getattr(backend, name)(argument, ghosts=ghosts)


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_spelling_of_ghosts_is_still_read(backend) -> None:
    """A 推倒胡 ruleset (or its name), tile text, kinds and tile names give the same wild kind."""
    expected = backend.shanten("123m456p789s1125z", ghosts=[31])
    for ghosts in ("5z", "白", [31], (31,), np.array([31]), ["5z"], "tdh", mjcore.load_ruleset("tdh")):
        assert backend.shanten("123m456p789s1125z", ghosts=ghosts) == expected
        assert mjcore.ghost_kinds(ghosts) == (31,)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("text, position", [("1m\ud800", 2), ("\udcff", 0), ("12m\udfff3m", 3),
                                            ("\ud83c\udc00", 0)])  # fmt: skip
def test_a_lone_surrogate_is_a_notation_error_naming_it(backend, text, position) -> None:
    with pytest.raises(NotationError, match=r"\\u\{d[89a-f][0-9a-f]{2}\}") as raised:
        backend.parse_hand(text)
    assert raised.value.position == position
    for name in SINGLE:
        with pytest.raises(NotationError):
            getattr(backend, name)(text)
    with pytest.raises(NotationError):
        backend.score(text, "1m", self_drawn=True)


def outcome(call):
    """The answer, or the class and position of the refusal (the words may differ where the two languages' Unicode
    tables differ on whether a rare character is printable, so they are not compared)."""
    try:
        return "ok", call()
    except MjcoreError as error:
        return "refused", type(error), getattr(error, "position", None)


@fuzz_settings(300)
@given(st.text(st.one_of(st.sampled_from("123456789mpszf[](){}:<* 东白🀄"), st.characters(),
                         st.integers(0xD800, 0xDFFF).map(chr)), max_size=20))  # fmt: skip
def test_text_of_any_unicode_is_read_alike_or_refused_alike(text) -> None:
    """Any text at all, surrogates and control characters included: both backends parse it to the same hand or
    refuse it with the same NotationError, and every analysis call answers or refuses (never another error)."""
    native, twin = outcome(lambda: mjcore.parse_hand(text)), outcome(lambda: mjcore.reference.parse_hand(text))
    assert native == twin
    for name in SINGLE:
        outcome(lambda name=name: getattr(mjcore, name)(text))

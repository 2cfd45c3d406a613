"""Bad input never crashes and never panics across the boundary: every function either answers or raises an
``mjcore`` error (or TypeError for a wrong Python type). A Rust panic would surface as PanicException, which
these tests do not catch."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import mjcore
import mjcore.reference
from mjcore.errors import ArgumentTypeError, InvalidHandError, MjcoreError
from tests.support.fuzz import fuzz_settings

SINGLE_CALLS = ("shanten", "is_win", "decompose", "waits", "shanten_by_form")
FUZZ = fuzz_settings(300)


def outcome(call):
    try:
        return ("ok", call())
    except (MjcoreError, TypeError) as error:
        return ("error", type(error))


@FUZZ
@given(arrays(np.uint8, st.tuples(st.integers(0, 6), st.just(34)), elements=st.integers(0, 255)))
def test_random_batch_arrays(arr):
    """Rows of any byte counts: both backends answer alike (an array of one result per row) or raise the same
    error class; a row holding a count above 4 is always refused."""
    has_bad_count = bool((arr > 4).any())
    for name in ("shanten_batch", "is_win_batch"):
        native, reference = (outcome(lambda b=b: getattr(b, name)(arr)) for b in (mjcore, mjcore.reference))
        if native[0] == "ok":
            assert not has_bad_count, (name, arr)
            assert native[1].shape == (arr.shape[0],)
            assert reference[0] == "ok" and np.array_equal(native[1], reference[1])
        else:
            assert native == reference and issubclass(native[1], MjcoreError)
            assert arr.shape[0] > 0


@FUZZ
@given(arrays(np.uint8, st.tuples(st.integers(1, 4), st.just(34)), elements=st.integers(0, 2)))
def test_small_count_batches_agree(arr):
    """Rows of small counts: valid and invalid sizes mixed; both backends give the same answer or error."""
    for name in ("shanten_batch", "is_win_batch"):
        native, reference = (outcome(lambda b=b: getattr(b, name)(arr)) for b in (mjcore, mjcore.reference))
        if native[0] == "ok":
            assert reference[0] == "ok" and np.array_equal(native[1], reference[1])
        else:
            assert native == reference


@FUZZ
@given(st.lists(st.integers(-3, 300), min_size=30, max_size=36))
def test_random_count_lists(counts):
    for name in SINGLE_CALLS:
        native = outcome(lambda: getattr(mjcore, name)(counts))
        reference = outcome(lambda: getattr(mjcore.reference, name)(counts))
        assert native[0] == reference[0], (name, counts, native, reference)
        if native[0] == "error":
            assert issubclass(native[1], (MjcoreError, TypeError))


def test_huge_and_odd_values():
    """Counts that are no counts: a wrong type raises TypeError, an impossible count InvalidHandError, the same
    class on both backends for every single call."""
    expected = {2**70: InvalidHandError, -(2**70): InvalidHandError, 1.5: ArgumentTypeError, "3": ArgumentTypeError,
                None: ArgumentTypeError, b"\xff" * 34: InvalidHandError, bytes(bytearray(34)): InvalidHandError}  # fmt: skip
    for value, error in expected.items():
        counts = value if isinstance(value, bytes) else [value] * 34
        for spelling in ((counts, bytearray(counts)) if isinstance(value, bytes) else (counts,)):
            for name in SINGLE_CALLS:
                for backend in (mjcore, mjcore.reference):
                    assert outcome(lambda: getattr(backend, name)(spelling)) == ("error", error), (name, value)

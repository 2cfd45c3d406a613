"""The native advisor equals its twin to the last bit at the default horizon (18 draws) on seeded 14-tile hands:
the default tier's differential tests keep the horizons short for the twin's sake, and the native search skips
the entries a state's shanten makes 0 only when the horizon leaves room for them."""

from __future__ import annotations

import numpy as np
import pytest

import mjcore
import mjcore.reference
from tests.analysis.test_advisor import near_complete


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_native_advisor_equals_its_twin_at_18_draws(seed) -> None:
    hand = near_complete(seed, 2)
    native = mjcore.advise(hand, draws=18, seen="5z")
    twin = mjcore.reference.advise(hand, draws=18, seen="5z")
    assert [(r.tile, r.shanten, r.useful) for r in native.rows] == [(r.tile, r.shanten, r.useful) for r in twin.rows]
    for mine, theirs in zip(native.rows, twin.rows):
        for field in ("win_probability", "ready_probability", "expected_value"):
            np.testing.assert_array_equal(getattr(mine, field), getattr(theirs, field))

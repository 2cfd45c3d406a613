"""``advise_batch`` under each ruleset the advisor values: each answer is ``advise`` of its hand and the twin's
(the default tier checks ``ruleset=None``: test_advise_batch.py)."""

from __future__ import annotations

import pytest

from tests.analysis.test_advise_batch import assert_batch_matches


@pytest.mark.parametrize("ruleset", ["gd-cgc5", "tdh", "mcr"])
def test_each_answer_is_advise_of_its_hand_and_the_twins_under_a_ruleset(ruleset) -> None:
    assert_batch_matches(ruleset)

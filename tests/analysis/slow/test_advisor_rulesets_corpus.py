"""The native advisor against its twin under each ruleset it values, on a larger seeded corpus than the quick
tier's (tests/analysis/test_advisor_rulesets.py)."""

from __future__ import annotations

import pytest

from tests.analysis.test_advisor_rulesets import RULESETS, assert_the_backends_agree_on_the_corpus


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_backends_agree_on_a_larger_seeded_corpus(ruleset) -> None:
    assert_the_backends_agree_on_the_corpus(ruleset, hands=12, draws=5)

"""The generated MCR corpus the differential tests draw from is legal and reaches every fan of the table, as the
pure-Python scorer reads it (slow tier: a large corpus through the twin)."""

from __future__ import annotations

from collections import Counter

from mjcore.reference.rules.mcr import default_table, score

from tests.support.mcr_corpus import cases


def test_corpus_is_legal_and_reaches_every_fan():
    hits: Counter = Counter()
    for case in cases(4000, seed=3):
        result = score(case.hand, case.win_tile, case.situation)
        assert result.is_win, case
        hits.update(f.key for f in result.fans)
    missing = [key for key in default_table().fans if not hits[key]]
    assert not missing

"""The package layout of DESIGN.md §6: the subpackages answer. (The first layout's module paths and entry points
were removed before the first release; tests/integration/test_import_layers.py checks the layering.)"""

from __future__ import annotations

import mjcore


def test_the_subpackages_hold_the_concepts() -> None:
    assert mjcore.analysis.shanten is mjcore.shanten
    assert mjcore.rules.score is mjcore.score and mjcore.rules.load_ruleset is mjcore.load_ruleset
    assert mjcore.sim.simulate is mjcore.simulate
    assert mjcore.table.Table is mjcore.Table
    assert {"guangdong", "mcr", "tdh", "sichuan", "taiwan", "folk"} <= set(mjcore.rules.__all__)
    assert mjcore.reference.analysis.shanten is mjcore.reference.shanten  # a function, whatever was imported
    assert mjcore.reference.sim.simulate is mjcore.reference.simulate

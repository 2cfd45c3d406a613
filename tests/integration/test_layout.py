"""The package layout of DESIGN.md §6: the subpackages answer, and the first layout's module paths and
entry points still work but say where things went (a DeprecationWarning naming the new path)."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

import mjcore
from mjcore._moved import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_module_path_imports_the_new_module_with_a_warning(old: str) -> None:
    sys.modules.pop(old, None)
    with pytest.deprecated_call(match=MOVED[old].replace(".", r"\.")):
        module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])
    assert module.__spec__.name == MOVED[old], "the module keeps its own spec (its relative imports need it)"


def test_an_old_submodule_of_a_moved_package_is_the_new_one() -> None:
    sys.modules.pop("mjcore.mcr.situation", None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from mjcore.mcr.situation import Situation
    assert Situation is mjcore.rules.mcr.Situation


def test_old_attribute_names_answer_with_a_warning() -> None:
    vars(mjcore).pop("sichuan", None)  # bound once any test imported the old path mjcore.sichuan
    with pytest.deprecated_call(match="mjcore.rules.sichuan"):
        assert mjcore.sichuan is mjcore.rules.sichuan
    with pytest.deprecated_call(match="mjcore.table.Table"):
        assert mjcore.sim.Table is mjcore.Table
    with pytest.deprecated_call(match="mjcore.reference.table.Deal"):
        assert mjcore.reference.sim.Deal is mjcore.reference.table.Deal
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        mjcore.nonsense  # noqa: B018
    with pytest.raises(AttributeError):
        mjcore.sim.nonsense  # noqa: B018


def test_the_subpackages_hold_the_concepts() -> None:
    assert mjcore.analysis.shanten is mjcore.shanten
    assert mjcore.rules.score is mjcore.score and mjcore.rules.load_ruleset is mjcore.load_ruleset
    assert mjcore.sim.simulate is mjcore.simulate
    assert mjcore.table.Table is mjcore.Table
    assert {"guangdong", "mcr", "tdh", "sichuan", "taiwan", "folk"} <= set(mjcore.rules.__all__)
    assert mjcore.reference.analysis.shanten is mjcore.reference.shanten  # a function, whatever was imported
    assert mjcore.reference.sim.simulate is mjcore.reference.simulate

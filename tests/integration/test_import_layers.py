"""The package's layering, checked on its import graph as read from the source (``scripts/import_graph.py``),
so the check follows every module added or moved and cannot go stale.

Layers (docs/decisions.md): a pure base (errors, tiles, notation, hand, seats, each family's ruleset schema,
situation and result) that both backends import and that imports neither; two backends on it, the native
wrappers over ``mjcore._core`` and the pure-Python twin ``mjcore.reference``; the shells (analysis, table, sim,
env, cli) over the native backend. Product code never imports the twin, the twin never reaches ``_core``.
"""

from __future__ import annotations

import pytest

from scripts import import_graph

CORE = "mjcore._core"
TWIN = "mjcore.reference"
MAX_CIRCLE = 4

# The base layer: pure data and parsing that both backends share (the family list, the rulesets and what
# ``score`` reads included).
BASE = {
    "mjcore.errors",
    "mjcore.tiles",
    "mjcore.notation",
    "mjcore.hand",
    "mjcore.seats",
    "mjcore.backend",
    "mjcore.rules.families",
    "mjcore.rules.signature",
    "mjcore.rules.score_signature",
    "mjcore.rules.registry",
    "mjcore.rules.table_rules",
    "mjcore.rules.guangdong.ruleset",
    "mjcore.rules.guangdong.situation",
    "mjcore.rules.guangdong.result",
    "mjcore.rules.mcr.ruleset",
    "mjcore.rules.mcr.situation",
    "mjcore.rules.mcr.result",
    "mjcore.rules.tdh.ruleset",
    "mjcore.rules.tdh.situation",
    "mjcore.rules.tdh.tiles",
    "mjcore.rules.tdh.result",
    "mjcore.rules.sichuan.ruleset",
    "mjcore.rules.sichuan.situation",
    "mjcore.rules.sichuan.events",
    "mjcore.rules.taiwan.ruleset",
    "mjcore.rules.taiwan.situation",
    "mjcore.rules.folk.ruleset",
    "mjcore.rules.folk.situation",
    "mjcore.rules.folk.result",
    "mjcore.rules.regional.ruleset",
    "mjcore.rules.regional.result",
}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.fixture(scope="module")
def edges() -> list:
    return import_graph.edges()


@pytest.fixture(scope="module")
def adjacency(edges: list) -> dict:
    return import_graph.graph(edges)


def test_the_graph_sees_the_whole_package(adjacency: dict) -> None:
    """A sanity check on the reader itself: the package's main modules and edges are there."""
    assert {"mjcore", "mjcore.tiles", "mjcore.reference", CORE} <= set(adjacency)
    assert "mjcore.errors" in adjacency["mjcore.tiles"]


def test_no_import_circle_is_larger_than_a_few_modules(adjacency: dict) -> None:
    too_large = [c for c in import_graph.strongly_connected_components(adjacency) if len(c) > MAX_CIRCLE]
    message = "\n".join(
        f"{len(c)} modules import each other, e.g. {' -> '.join(import_graph.cycle_in(c, adjacency))}; all: {c}"
        for c in too_large
    )
    assert not too_large, message


def test_product_code_never_imports_the_twin(edges: list) -> None:
    """The package root alone may hand the twin out, lazily, from its module ``__getattr__``."""
    offending = [
        str(e) for e in edges
        if _in(e.target, TWIN) and not _in(e.source, TWIN)
        and not (e.source == "mjcore" and e.function == "__getattr__")
    ]
    assert not offending, "product code imports the twin:\n" + "\n".join(offending)


def test_the_twin_never_reaches_the_native_core(edges: list, adjacency: dict) -> None:
    """Reported at the border: the twin's imports of product modules that reach ``_core``."""
    native = import_graph.reaching(adjacency, {CORE})
    offending = [str(e) for e in edges if _in(e.source, TWIN) and not _in(e.target, TWIN) and e.target in native]
    assert not offending, "the pure-Python twin imports the native core (or a module that does):\n" + "\n".join(
        offending)


def test_the_base_layer_imports_neither_backend(edges: list, adjacency: dict) -> None:
    missing = BASE - set(adjacency)
    assert not missing, f"base modules not found (renamed? update BASE): {sorted(missing)}"
    native = import_graph.reaching(adjacency, {CORE})
    twin = import_graph.reaching(adjacency, {m for m in adjacency if _in(m, TWIN)})
    offending = [str(e) for e in edges if e.source in BASE and (e.target in native or e.target in twin)]
    assert not offending, "the base layer imports a backend:\n" + "\n".join(offending)

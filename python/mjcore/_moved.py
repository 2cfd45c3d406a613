"""The module paths of the first layout, kept working with a ``DeprecationWarning`` that names the new path
(DESIGN.md §6 moved the modules into ``analysis/``, ``rules/<family>/``, ``table/`` and ``sim/``). An import
of an old path (``import mjcore.mcr``, ``from mjcore.sim_bots import BOT_NAMES``) or an attribute of the old
name (``mjcore.sichuan.settle``) gets the new module itself, so objects keep one identity."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any, Optional, Sequence

# old module path -> new module path
MOVED = {
    "mjcore.batch_input": "mjcore.analysis.batch_input",
    "mjcore.results": "mjcore.analysis.results",
    "mjcore.ruleset": "mjcore.rules.registry",
    "mjcore.ruleset_options": "mjcore.rules.options",
    "mjcore.toml_table": "mjcore.rules.toml_table",
    "mjcore.table_rules": "mjcore.rules.table_rules",
    "mjcore.pickling": "mjcore.rules.pickling",
    "mjcore.scoring": "mjcore.rules.score",
    "mjcore.score_signature": "mjcore.rules.score_signature",
    "mjcore.situation": "mjcore.rules.guangdong.situation",
    "mjcore.score_result": "mjcore.rules.guangdong.result",
    "mjcore.sim_types": "mjcore.table.types",
    "mjcore.sim_bots": "mjcore.table.bots",
    "mjcore.simulator": "mjcore.sim.run",
    "mjcore.simulation": "mjcore.sim.result",
    "mjcore.simulation_summary": "mjcore.sim.summary",
    "mjcore.distributed": "mjcore.sim.distributed",
    "mjcore.progress_bar": "mjcore.sim.progress_bar",
    **{f"mjcore.{family}": f"mjcore.rules.{family}" for family in ("mcr", "tdh", "sichuan", "taiwan", "regional",
                                                                   "folk")},
    "mjcore.reference.simulator": "mjcore.reference.sim.run",
    "mjcore.reference.guangdong": "mjcore.reference.rules.guangdong",
    "mjcore.reference.folk": "mjcore.reference.rules.folk",
    **{f"mjcore.reference.{family}": f"mjcore.reference.rules.{family}" for family in ("mcr", "tdh", "sichuan",
                                                                                       "taiwan")},
    # Not the reference's decompose, shanten and waits modules: importing them under the old path would bind the
    # module over the function of the same name (mjcore.reference.shanten), which the reference's users call.
    **{f"mjcore.reference.{name}": f"mjcore.reference.analysis.{name}" for name in (
        "batch", "standard", "seven_pairs", "thirteen_orphans", "knitted", "forms", "suit_distance")},
}


def _new_path(old: str) -> Optional[str]:
    """The new path of an old module or of a module inside an old package."""
    for prefix, new in MOVED.items():
        if old == prefix or old.startswith(prefix + "."):
            return new + old[len(prefix):]
    return None


def warn_moved(old: str, new: str, stacklevel: int = 3) -> None:
    warnings.warn(f"{old} has moved to {new}; the old name will be removed", DeprecationWarning,
                  stacklevel=stacklevel)


def warn_replaced(old: str, instead: str) -> None:
    """An entry point that the one step-by-step entry (``Table``) or the one bulk entry (``simulate``) replaces."""
    warnings.warn(f"{old} is deprecated and will be removed: use {instead}", DeprecationWarning, stacklevel=3)


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: Any) -> ModuleType:
        warn_moved(spec.name, self.new, stacklevel=8)
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The new module is already imported and the import system files it under the old name too; it has
        # also set the module's __spec__ to the alias's, which would break the module's own relative imports.
        module.__spec__ = self.spec


class MovedFinder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Optional[Sequence[str]], target: Any = None) -> Any:
        new = _new_path(fullname) if fullname.startswith("mjcore.") else None
        if new is None:
            return None
        spec = importlib.util.spec_from_loader(fullname, _Alias(new), is_package=True)
        return spec


def install() -> None:
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())


def moved_attribute(package: str, name: str) -> Any:
    """``package.name`` for an old submodule name (``mjcore.sichuan``): the new module, with the warning."""
    new = MOVED.get(f"{package}.{name}")
    if new is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    warn_moved(f"{package}.{name}", new)
    return importlib.import_module(new)

"""The native core as the base layer reaches it. A ruleset (base layer: pure data, shared by both backends)
hands out its compiled native object on first use, and table rules are checked by the native core when read;
neither may import ``mjcore._core``, or the pure-Python twin, which reads the same rulesets, would depend on the
native module. The package root installs the core here when ``mjcore`` is imported (before any of its modules
runs), so ``native()`` is the core in every process that imported the package.
"""

from __future__ import annotations

from typing import Any

__all__ = ["install", "native"]

_core: Any = None


def install(core: Any) -> None:
    global _core
    _core = core


def native() -> Any:
    """The native core module, as installed by the package root."""
    if _core is None:
        raise RuntimeError("mjcore's native core is not installed: import mjcore first")
    return _core

"""The pure-Python twin of ``mjcore.sim``: ``simulate`` with the same signature and per-deal arrays."""

from .run import simulate

__all__ = ["simulate"]


def __getattr__(name: str) -> object:
    """``mjcore.reference.sim`` used to be the twin table engine: its names still answer, with a
    DeprecationWarning."""
    from .. import table
    from ..._moved import warn_moved

    if name.startswith("_") or not hasattr(table, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn_moved(f"mjcore.reference.sim.{name}", f"mjcore.reference.table.{name}")
    return getattr(table, name)

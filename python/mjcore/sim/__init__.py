"""Bulk simulation: ``simulate`` plays many deals natively with built-in bots on all cores (or on a Dask cluster,
``distributed``) and returns a ``SimulationResult`` of per-deal arrays and totals, summarised by ``summary``.
``mjcore.reference.sim`` is the pure-Python twin."""

from .result import COLUMNS, SimulationResult
from .run import simulate
from .summary import Estimate, Summary

__all__ = ["COLUMNS", "Estimate", "SimulationResult", "Summary", "simulate"]

_TABLE_NAMES = ("Table", "play_random_deal", "play_random_game", "simulate_random")  # the first layout's mjcore.sim


def __getattr__(name: str) -> object:
    """``mjcore.sim`` used to be the table module: its names still answer, with a DeprecationWarning."""
    if name in _TABLE_NAMES:
        from .. import table
        from .._moved import warn_moved

        warn_moved(f"mjcore.sim.{name}", f"mjcore.table.{name}")
        return getattr(table.table, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Bulk simulation: ``simulate`` plays many deals natively with built-in bots on all cores (or on a Dask cluster,
``distributed``) and returns a ``SimulationResult`` of per-deal arrays and totals, summarised by ``summary``.
``mjcore.reference.sim`` is the pure-Python twin."""

from .result import COLUMNS, SimulationResult
from .run import simulate
from .compare import Comparison, Difference, compare
from .summary import Estimate, Summary

__all__ = ["COLUMNS", "Comparison", "Difference", "Estimate", "SimulationResult", "Summary", "compare", "simulate"]

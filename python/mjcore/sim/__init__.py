"""Bulk simulation: ``simulate`` plays many deals natively with built-in bots on all cores (or on a Dask cluster,
``distributed``) and returns a ``SimulationResult`` of per-deal arrays and totals, summarised by ``summary``.
``mjcore.reference.sim`` is the pure-Python twin."""

from .result import COLUMNS, SimulationResult
from .run import simulate
from .summary import Estimate, Summary

__all__ = ["COLUMNS", "Estimate", "SimulationResult", "Summary", "simulate"]

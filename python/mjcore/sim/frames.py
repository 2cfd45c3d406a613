"""A simulation's per-deal arrays as a table of one row per deal — a pandas DataFrame, an Arrow table, a Parquet
file — and back.

The row of deal k holds ``seed`` and ``deal`` (its index), the one-value columns as they are, and each per-seat
column as four columns by absolute seat, ``payments_0`` … ``payments_3``; the pattern of a seat is its name
(``pattern_keys``, missing for a seat that did not win), as a pandas category / an Arrow dictionary column. A
Parquet file also keeps the ruleset, family, pattern keys and names, bots and runs in its schema metadata, so
``SimulationResult.load`` reads it back exactly. pandas and pyarrow are optional (``pip install
'mjcore[frames]'``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import InvalidArgumentError

if TYPE_CHECKING:
    from .result import SimulationResult

__all__ = ["from_arrow", "to_arrow", "to_pandas"]

_SEATS = 4
_METADATA_KEY = b"mjcore.simulation"


def _need(module: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        raise InvalidArgumentError(f"this needs {module}: pip install 'mjcore[frames]' (pandas and pyarrow)") \
            from None  # fmt: skip


def _deal_index(result: SimulationResult) -> tuple[np.ndarray, np.ndarray]:
    """The seed and deal index of every row, from ``runs`` (the per-deal arrays are in run order)."""
    seeds = [np.full(stop - start, seed, dtype=np.uint64) for seed, start, stop in result.runs]
    deals = [np.arange(start, stop, dtype=np.uint64) for _, start, stop in result.runs]
    return np.concatenate(seeds or [np.zeros(0, np.uint64)]), np.concatenate(deals or [np.zeros(0, np.uint64)])


def _flat_columns(result: SimulationResult) -> dict[str, np.ndarray]:
    """The columns of the table: per-seat ones split by seat; patterns kept as row numbers (-1: none)."""
    from .result import COLUMNS

    seed, deal = _deal_index(result)
    columns: dict[str, np.ndarray] = {"seed": seed, "deal": deal}
    for name in COLUMNS:
        values = result[name]
        if values.ndim == 1:
            columns[name] = values
        else:
            for seat in range(_SEATS):
                columns[f"{name}_{seat}"] = values[:, seat]
    return columns


def to_pandas(result: SimulationResult) -> Any:
    """One row per deal as a pandas DataFrame (see the module documentation)."""
    pandas = _need("pandas")
    columns: dict[str, Any] = dict(_flat_columns(result))
    for seat in range(_SEATS):
        codes = columns[f"pattern_{seat}"].astype(np.int64)
        columns[f"pattern_{seat}"] = pandas.Categorical.from_codes(codes, categories=list(result.pattern_keys))
    return pandas.DataFrame(columns)


def to_arrow(result: SimulationResult) -> Any:
    """One row per deal as a pyarrow Table, with the run's description in its schema metadata."""
    _need("pyarrow")
    import pyarrow

    arrays, names = [], []
    keys = pyarrow.array(list(result.pattern_keys), type=pyarrow.string())
    for name, values in _flat_columns(result).items():
        if name.startswith("pattern_"):
            indices = pyarrow.array(values.astype(np.int32), mask=values < 0)
            arrays.append(pyarrow.DictionaryArray.from_arrays(indices, keys))
        else:
            arrays.append(pyarrow.array(values))
        names.append(name)
    described = {"ruleset": result.ruleset, "family": result.family, "pattern_keys": list(result.pattern_keys),
                 "pattern_names": list(result.pattern_names), "bots": list(result.bots),
                 "runs": [list(run) for run in result.runs], "placeholders": list(result.placeholders)}  # fmt: skip
    return pyarrow.table(arrays, names=names, metadata={_METADATA_KEY: json.dumps(described).encode()})


def from_arrow(table: Any) -> SimulationResult:
    """The result a table written by ``to_arrow`` describes (its metadata and columns), totals recomputed."""
    from .result import _COLUMN_DTYPES, COLUMNS, SimulationResult, _unrecorded, totals_of

    metadata = (table.schema.metadata or {}).get(_METADATA_KEY)
    if metadata is None:
        raise InvalidArgumentError("this Arrow table or Parquet file was not written by SimulationResult")
    described = json.loads(metadata)
    keys = described["pattern_keys"]
    columns: dict[str, np.ndarray] = {}
    for name in COLUMNS:
        dtype = _COLUMN_DTYPES[name]
        if name in table.column_names:
            columns[name] = table.column(name).to_numpy().astype(dtype)
            continue
        if f"{name}_0" not in table.column_names:
            columns[name] = _unrecorded(name, table.num_rows)
            continue
        seats = []
        for seat in range(_SEATS):
            column = table.column(f"{name}_{seat}")
            if name == "pattern":
                seats.append(_pattern_rows(column, keys).astype(dtype))
            else:
                seats.append(column.to_numpy().astype(dtype))
        columns[name] = np.stack(seats, axis=1) if seats[0].size else np.zeros((0, _SEATS), dtype)
    return SimulationResult(ruleset=described["ruleset"], pattern_keys=tuple(keys),
                            pattern_names=tuple(described["pattern_names"]), bots=tuple(described["bots"]),
                            runs=tuple(tuple(run) for run in described["runs"]), totals=totals_of(columns),
                            per_deal=columns, family=described.get("family", ""),
                            placeholders=tuple(described.get("placeholders", ())))  # fmt: skip


def _pattern_rows(column: Any, keys: list[str]) -> np.ndarray:
    """A pattern column (names, dictionary-encoded or not; null for no pattern) as rows of ``keys`` (-1: none)."""
    import pyarrow
    import pyarrow.compute

    array = column.combine_chunks() if hasattr(column, "combine_chunks") else column
    if not pyarrow.types.is_dictionary(array.type):
        array = pyarrow.compute.dictionary_encode(array)
    names = array.dictionary.to_pylist()
    unknown = [name for name in names if name not in keys]
    if unknown:
        raise InvalidArgumentError(f"pattern names {unknown} are not among the run's pattern keys")
    lookup = np.array([keys.index(name) for name in names] + [-1], dtype=np.int64)
    indices = pyarrow.compute.fill_null(array.indices, len(names)).to_numpy(zero_copy_only=False)
    return lookup[indices.astype(np.int64)]

"""The import graph of the ``mjcore`` package, read from the source with ``ast`` (nothing is imported).

Every ``import`` and ``from … import`` counts, wherever it is written: at module top, inside a function (a
deferred import still ties the two modules together), inside ``try``/``if``. ``from .pkg import name`` is an
edge to the submodule ``pkg.name`` when that is a module, else to ``pkg``. An import of ``a.b.c`` is an edge to
``a.b.c`` only, not to the packages ``a`` and ``a.b`` that Python runs on the way: counting those would make
every module depend on ``mjcore/__init__.py`` and the graph would say nothing. Imports by a dotted string
(``importlib.import_module``) are not edges: they are the one sanctioned way for product code to name the twin.

``tests/integration/test_import_layers.py`` asserts the layering on this graph, so it reads the tree as it is on every run
and cannot go stale. Run as a script it prints the strongly connected components of more than one module:

    python scripts/import_graph.py [path/to/python/mjcore]
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

PACKAGE_DIR = Path(__file__).resolve().parent.parent / "python" / "mjcore"


@dataclass(frozen=True)
class Edge:
    """One import statement: ``source`` imports ``target``; ``function`` is the enclosing function, if any."""

    source: str
    target: str
    line: int
    function: Optional[str]

    def __str__(self) -> str:
        where = f" (in {self.function}())" if self.function else ""
        return f"{self.source}:{self.line} -> {self.target}{where}"


def module_names(package_dir: Path = PACKAGE_DIR) -> dict[str, Path]:
    """Every module of the package by dotted name. A native extension is a module too, known by its stub
    (``_core.pyi``, in the source tree) or its built file (``_core.abi3.so``): the built file sits beside the
    sources only after an in-place build, and without either ``from . import _core`` would read as an import
    of the package itself."""
    root = package_dir.name
    modules: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*")):
        if path.suffix in (".py", ".pyi") or (path.suffix == ".so" and path.name.count(".") >= 1):
            parts = list(path.relative_to(package_dir).parts)
            parts[-1] = parts[-1].split(".")[0]
            if parts[-1] == "__init__":
                parts.pop()
            modules.setdefault(".".join([root, *parts]), path)
    return modules


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _resolve(base: str, level: int, package: str) -> str:
    """The absolute name of ``from <level dots><base> import …`` written in ``package``."""
    if level == 0:
        return base
    parts = package.split(".")
    anchor = parts[: len(parts) - (level - 1)]
    return ".".join([*anchor, base] if base else anchor)


def _known(name: str, modules: dict[str, Path]) -> Optional[str]:
    """The longest prefix of ``name`` that is a module of the package (``mjcore.x.attr`` -> ``mjcore.x``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


class _Collector(ast.NodeVisitor):
    def __init__(self, module: str, package: str, modules: dict[str, Path]) -> None:
        self.module, self.package, self.modules = module, package, modules
        self.functions: list[str] = []
        self.edges: list[Edge] = []
        self.seen: set[tuple[str, Optional[str]]] = set()  # one edge per (target, function), at its first line

    def _add(self, target: Optional[str], node: ast.AST) -> None:
        function = self.functions[-1] if self.functions else None
        if target is not None and target != self.module and (target, function) not in self.seen:
            self.seen.add((target, function))
            self.edges.append(Edge(self.module, target, getattr(node, "lineno", 0), function))

    def _function(self, node: ast.AST) -> None:
        self.functions.append(node.name)  # type: ignore[attr-defined]
        self.generic_visit(node)
        self.functions.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(_known(alias.name, self.modules), node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = _resolve(node.module or "", node.level, self.package)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            self._add(submodule if submodule in self.modules else _known(base, self.modules), node)


def edges(package_dir: Path = PACKAGE_DIR) -> list[Edge]:
    """Every import edge between modules of the package, deferred ones included."""
    modules = module_names(package_dir)
    found: list[Edge] = []
    for module, path in modules.items():
        if path.suffix != ".py":
            continue
        collector = _Collector(module, _package_of(module, path), modules)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        found.extend(collector.edges)
    return found


def graph(all_edges: Iterable[Edge]) -> dict[str, set[str]]:
    result: dict[str, set[str]] = {}
    for edge in all_edges:
        result.setdefault(edge.source, set()).add(edge.target)
        result.setdefault(edge.target, set())
    return result


def strongly_connected_components(adjacency: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (the package is deep enough to matter for recursion); largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    for start in sorted(adjacency):
        if start in index:
            continue
        work = [(start, iter(sorted(adjacency[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(adjacency[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return sorted(components, key=lambda c: (-len(c), c))


def reaching(adjacency: dict[str, set[str]], targets: set[str]) -> set[str]:
    """The modules that import any of ``targets``, directly or through other modules (the targets included)."""
    reverse: dict[str, set[str]] = {}
    for source, children in adjacency.items():
        for child in children:
            reverse.setdefault(child, set()).add(source)
    seen = set(targets)
    frontier = list(targets)
    while frontier:
        for parent in reverse.get(frontier.pop(), ()):
            if parent not in seen:
                seen.add(parent)
                frontier.append(parent)
    return seen


def cycle_in(component: list[str], adjacency: dict[str, set[str]]) -> list[str]:
    """One concrete import circle through the component's first module (for a readable failure message)."""
    members = set(component)
    start = component[0]
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(adjacency[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if child not in parents:
                    parents[child] = node
                    following.append(child)
        frontier = following
    return [start]


def main(argv: list[str]) -> int:
    package_dir = Path(argv[1]) if len(argv) > 1 else PACKAGE_DIR
    adjacency = graph(edges(package_dir))
    components = [c for c in strongly_connected_components(adjacency) if len(c) > 1]
    print(f"{len(adjacency)} modules; import circles (SCC sizes): {[len(c) for c in components]}")
    for component in components:
        print(f"\n{len(component)} modules, e.g. {' -> '.join(cycle_in(component, adjacency))}")
        for name in component:
            print(f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

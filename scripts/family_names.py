"""Where each rule family is named in code outside its own files: for every family, the shared files (Python
under ``python/mjcore``, Rust under ``rust/*/src``) whose code — not docstrings or comments — names it (``taiwan``,
``"taiwan"``, ``Taiwan…`` in a CamelCase name). Adding a family should touch only its own files and the registry
lines ``docs/adding_a_family.md`` lists; ``tests/integration/test_family_registry.py`` holds the count to it.

    python scripts/family_names.py
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Each family: its names in code, and the folders / files that are its own (relative to python/mjcore and to
# rust/<crate>/src).
FAMILIES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "guangdong": (("guangdong", "Guangdong"), ("guangdong",)),
    "mcr": (("mcr", "Mcr", "MCR"), ("mcr",)),
    "tdh": (("tdh", "Tdh", "TDH"), ("tdh",)),
    "sichuan": (("sichuan", "Sichuan", "SICHUAN"), ("sichuan",)),
    "taiwan": (("taiwan", "Taiwan", "TAIWAN"), ("taiwan",)),
    "gd789": (("gd789", "Gd789", "GD789"), ("folk",)),
    "laozhang": (("laozhang", "Laozhang", "LAOZHANG"), ("folk",)),
}


def _pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    # A name is a word of an identifier: snake_case / SCREAMING_CASE parts, or a CamelCase part (an upper-case
    # letter or no letter next).
    parts = []
    for name in names:
        if name.islower() or name.isupper():
            parts.append(rf"(?<![A-Za-z0-9]){name}(?![a-z0-9])")
        else:
            parts.append(rf"(?<![a-z0-9]){name}(?![a-z0-9])")
    return re.compile("|".join(parts))


def _python_code(path: Path) -> str:
    """The file's code words: names, attributes, imports and string constants that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # Docstrings, and prose assigned to a ``*_DOC`` name (a docstring built from parts), are not code.
    docs = {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}  # fmt: skip
    docs |= {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id.endswith("DOC") for t in node.targets)}  # fmt: skip
    words: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            words += [alias.name for alias in node.names] + [getattr(node, "module", None) or ""]
    return "\n".join(words)


def _rust_code(path: Path) -> str:
    """The file without comments (line, block and doc comments), its tests modules dropped."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = "\n".join(line.split("//", 1)[0] if "//" in line and '"' not in line.split("//", 1)[0] else line
                     for line in text.splitlines())  # fmt: skip
    cut = re.search(r"#\[cfg\(test\)\]\s*mod tests", text)
    return text[: cut.start()] if cut else text


def _own(relative: Path, folders: tuple[str, ...]) -> bool:
    return any(part in folders or part.removesuffix(".rs").removesuffix(".py") in folders
               for part in relative.parts)  # fmt: skip


def shared_files() -> dict[str, dict[str, list[str]]]:
    """{family: {"python": [...], "rust": [...]}}: the shared files whose code names the family."""
    sources = [("python", ROOT / "python" / "mjcore", "*.py", _python_code)]
    sources += [("rust", crate / "src", "*.rs", _rust_code) for crate in sorted((ROOT / "rust").iterdir())
                if (crate / "src").is_dir()]  # fmt: skip
    found: dict[str, dict[str, list[str]]] = {family: {"python": [], "rust": []} for family in FAMILIES}
    for language, base, glob, code_of in sources:
        for path in sorted(base.rglob(glob)):
            code = code_of(path)
            relative = path.relative_to(base)
            for family, (names, folders) in FAMILIES.items():
                if not _own(relative, folders) and _pattern(names).search(code):
                    found[family][language].append(str(path.relative_to(ROOT)))
    return found


def main() -> int:
    for family, languages in shared_files().items():
        for language, files in languages.items():
            print(f"{family:10} {language:6} {len(files):2}  {', '.join(files)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

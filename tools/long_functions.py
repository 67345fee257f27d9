"""List the functions in src/ longer than the project allows (80 lines, docs/development).

    python tools/long_functions.py            every function over 80 lines, longest first; exit 1 if any
    python tools/long_functions.py --max 50   a stricter limit, e.g. to see what comes next

A function's length runs from its ``def`` line to its last line (a docstring and comments count, its
decorators do not); a nested function counts inside its parent and on its own. The test
tests/tools/test_long_functions.py holds the shrinking list of functions still allowed over the limit.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 80


class LongFunction(NamedTuple):
    path: str  # relative to the repository root, with forward slashes
    name: str  # qualified inside its module: Class.method, outer.inner
    lines: int

    @property
    def key(self) -> str:
        return f"{self.path}::{self.name}"


def _functions(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + child.name, child
            yield from _functions(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            yield from _functions(child, f"{prefix}{child.name}.")
        else:
            yield from _functions(child, prefix)


def long_functions(root: Path = ROOT, limit: int = LIMIT) -> list[LongFunction]:
    """Every function of the Python files under ``root``/src longer than ``limit`` lines, longest first."""
    found = []
    for path in sorted((root / "src").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for name, fn in _functions(tree, ""):
            lines = (fn.end_lineno or fn.lineno) - fn.lineno + 1
            if lines > limit:
                found.append(LongFunction(path.relative_to(root).as_posix(), name, lines))
    return sorted(found, key=lambda f: (-f.lines, f.key))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=LIMIT, help=f"longest allowed, in lines (default {LIMIT})")
    args = parser.parse_args(argv)
    found = long_functions(ROOT, args.max)
    for f in found:
        print(f"{f.lines:5d}  {f.key}")
    print(f"{len(found)} function(s) over {args.max} lines in src/")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

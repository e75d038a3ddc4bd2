"""The largest functions of a source tree, by lines (with their nested functions counted in).

    python3 tests/benchmarks/function_sizes.py [DIR] [--top N]

Prints ``lines  nested  path:line  name`` for the top N functions and methods under DIR
(default ``core/pairing``); ``nested`` is how many functions are defined inside.  Used for the
before/after figures of the pairing-shape work (notes/pairing.md): run it on a checkout of
the old commit (``git archive COMMIT core/pairing | tar -x -C /tmp/old``) and on the tree.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path


def sizes(root: Path) -> list[tuple[int, int, str, str]]:
    out: list[tuple[int, int, str, str]] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                nested = sum(1 for n in ast.walk(node) if n is not node
                             and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
                out.append((lines, nested, f"{path.relative_to(root)}:{node.lineno}", node.name))
    return sorted(out, key=lambda x: (-x[0], x[2]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default="core/pairing")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    found = sizes(Path(args.dir))
    for lines, nested, where, name in found[: args.top]:
        print(f"{lines:5d} {nested:3d}  {where}  {name}")
    over = sum(1 for f in found if f[0] > 60)
    print(f"functions: {len(found)}, longer than 60 lines: {over}")


if __name__ == "__main__":
    main()

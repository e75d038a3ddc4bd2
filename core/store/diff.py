"""Structural diffs of JSON values: what the journal records and what undo/redo apply.

A diff is a list of operations ``{"p": path, "o": old, "n": new}``; ``MISSING`` marks a key
that did not exist (or no longer exists).  Lists of equal length are compared item by item
(so a result change is a tiny entry); lists of different length are replaced whole.
"""

from __future__ import annotations

import copy
from typing import Any

MISSING: dict[str, bool] = {"$missing": True}


def diff(old: Any, new: Any, path: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    if isinstance(old, dict) and isinstance(new, dict):
        ops: list[dict[str, Any]] = []
        for key in sorted(set(old) | set(new), key=str):
            if key not in new:
                ops.append({"p": [*path, key], "o": old[key], "n": MISSING})
            elif key not in old:
                ops.append({"p": [*path, key], "o": MISSING, "n": new[key]})
            elif old[key] != new[key]:
                ops.extend(diff(old[key], new[key], (*path, key)))
        return ops
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        ops = []
        for i, (a, b) in enumerate(zip(old, new)):
            if a != b:
                ops.extend(diff(a, b, (*path, i)))
        return ops
    if old == new:
        return []
    return [{"p": list(path), "o": old, "n": new}]


def _set(doc: Any, path: list[Any], value: Any) -> Any:
    if not path:
        return copy.deepcopy(value)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value == MISSING:
        del target[path[-1]]
    else:
        target[path[-1]] = copy.deepcopy(value)
    return doc


def apply(doc: Any, ops: list[dict[str, Any]], reverse: bool = False) -> Any:
    """Apply ``ops`` (or their inverse) to a deep copy of ``doc``; raises ValueError if the
    document does not hold the expected values (the change cannot be applied cleanly)."""
    doc = copy.deepcopy(doc)
    seq = list(reversed(ops)) if reverse else ops
    for op in seq:
        before, after = (op["n"], op["o"]) if reverse else (op["o"], op["n"])
        current = _get(doc, op["p"])
        if current != before:
            raise ValueError(f"document changed at {'/'.join(map(str, op['p']))}")
        doc = _set(doc, op["p"], after)
    return doc


def _get(doc: Any, path: list[Any]) -> Any:
    target = doc
    for key in path:
        if isinstance(target, dict):
            if key not in target:
                return MISSING
            target = target[key]
        elif isinstance(target, list) and isinstance(key, int) and 0 <= key < len(target):
            target = target[key]
        else:
            return MISSING
    return target

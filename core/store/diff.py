"""Structural diffs of JSON values: what the journal records and what undo/redo apply.

A diff is a list of operations of two kinds:

- ``{"p": path, "o": old, "n": new}`` sets one value; ``MISSING`` marks a key that did not
  exist (or no longer exists);
- ``{"p": path, "i": index, "d": [removed items], "a": [added items]}`` splices the list at
  ``path``.

Why splices: a late entry or a paired round makes a list longer; replacing the whole list
stored every player twice per change (0.9 MB a line at 2,000 players).  Items of lists of
different lengths are aligned on their stable part (for a dict, the values that are not numbers:
a player keeps his name when the late entry shifts his pairing number), aligned items are
diffed item by item, the rest is spliced.  Every operation carries what it expects to find,
so applying to a document that has moved on fails instead of corrupting it.
"""

from __future__ import annotations

import copy
import json
from difflib import SequenceMatcher
from typing import Any

MISSING: dict[str, bool] = {"$missing": True}
Op = dict[str, Any]


def diff(old: Any, new: Any, path: tuple[Any, ...] = ()) -> list[Op]:
    if isinstance(old, dict) and isinstance(new, dict):
        ops: list[Op] = []
        for key in sorted(set(old) | set(new), key=str):
            if key not in new:
                ops.append({"p": [*path, key], "o": old[key], "n": MISSING})
            elif key not in old:
                ops.append({"p": [*path, key], "o": MISSING, "n": new[key]})
            elif old[key] != new[key]:
                ops.extend(diff(old[key], new[key], (*path, key)))
        return ops
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            ops = []
            for i, (a, b) in enumerate(zip(old, new)):
                if a != b:
                    ops.extend(diff(a, b, (*path, i)))
            return ops
        return _list_diff(old, new, path)
    if old == new:
        return []
    return [{"p": list(path), "o": old, "n": new}]


def _key(item: Any) -> str:
    """What identifies a list item across a renumbering: a dict's non-numeric values."""
    if isinstance(item, dict):
        item = {k: v for k, v in item.items() if not isinstance(v, (int, float))}
    return json.dumps(item, sort_keys=True, ensure_ascii=False, default=str)


def _list_diff(old: list[Any], new: list[Any], path: tuple[Any, ...]) -> list[Op]:
    """Lists of different lengths: common prefix and suffix kept, the middle aligned on keys."""
    start = 0
    while start < len(old) and start < len(new) and old[start] == new[start]:
        start += 1
    end = 0
    while (end < len(old) - start and end < len(new) - start
           and old[len(old) - 1 - end] == new[len(new) - 1 - end]):
        end += 1
    a, b = old[start:len(old) - end], new[start:len(new) - end]
    matcher = SequenceMatcher(None, [_key(x) for x in a], [_key(x) for x in b], autojunk=False)
    inner: list[Op] = []
    shift = 0  # index in the new list = index in the old list + shift, as splices apply in order
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                inner.extend(diff(a[i1 + k], b[j1 + k], (*path, start + j1 + k)))
        else:
            inner.append({"p": list(path), "i": start + i1 + shift, "d": a[i1:i2], "a": b[j1:j2]})
        shift += (j2 - j1) - (i2 - i1)
    # item diffs are computed at new-list indices, so they apply after all splices
    return [op for op in inner if "i" in op] + [op for op in inner if "i" not in op]


def invert(ops: list[Op]) -> list[Op]:
    """The operations that undo ``ops`` (in reverse order, each turned around)."""
    out: list[Op] = []
    for op in reversed(ops):
        if "i" in op:
            out.append({"p": op["p"], "i": op["i"], "d": op["a"], "a": op["d"]})
        else:
            out.append({"p": op["p"], "o": op["n"], "n": op["o"]})
    return out


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


def _where(path: list[Any]) -> str:
    return "/".join(map(str, path)) or "/"


def _apply_one(doc: Any, op: Op) -> Any:
    path = op["p"]
    if "i" in op:
        target = _get(doc, path)
        i, removed, added = int(op["i"]), op["d"], op["a"]
        if not isinstance(target, list) or target[i:i + len(removed)] != removed or i > len(target):
            raise ValueError(f"document changed at {_where(path)}")
        target[i:i + len(removed)] = copy.deepcopy(added)
        return doc
    if _get(doc, path) != op["o"]:
        raise ValueError(f"document changed at {_where(path)}")
    if not path:
        return copy.deepcopy(op["n"])
    parent = _get(doc, path[:-1])
    if op["n"] == MISSING:
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(op["n"])
    return doc


def apply(doc: Any, ops: list[Op], reverse: bool = False, in_place: bool = False) -> Any:
    """Apply ``ops`` (or their inverse) to ``doc`` (a deep copy of it unless ``in_place``);
    raises ValueError if the document does not hold what the operations expect."""
    if not in_place:
        doc = copy.deepcopy(doc)
    for op in (invert(ops) if reverse else ops):
        doc = _apply_one(doc, op)
    return doc

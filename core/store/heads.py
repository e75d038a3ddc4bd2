"""The register of heads: every data file's revision and head, appended by the process that
wrote them, to notice a **consistent rollback** — a data file and its journal both put back
from an older copy.

Why a register of its own: the chain proves that a journal and its data file agree with each
other, not that they are the newest ones hakem wrote.  A data file copied back together with
its journal (``ID.hakem.json`` + ``ID.chain.jsonl``, or ``club.json`` + ``club.chain.jsonl``)
is a consistent, older history: doctor said ok, ``hakem log`` ended earlier, and the service
went on building on it.  The register is a third file, written after the data file on every
commit (:meth:`core.store.storage.DataFile.journaled`), which such a copy leaves behind: a head
it records that the file's journal no longer holds is a rollback, even after later changes
were built on the older state.

Limits (notes/store.md): whoever can write the data directory can put the register back too
(a copy of the whole directory is not noticed); the register is appended without fsync, so a
crash may lose its last line (a rollback of that one change then goes unnoticed); a repair
that accepts a rollback appends an ``accepted`` line, after which the older state is the
record.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from core.errors import StoreError
from core.store.files import SafeDir
from core.store.paths import HEADS


def record(folder: SafeDir, name: str, line: bytes) -> None:
    """Append the head that journal ``line`` (just committed for data file ``name``) makes.
    Never fails a commit: the data is saved already; a register line lost only weakens the
    check."""
    try:
        entry = json.loads(line)
        out = {"file": name, "rev": int(entry["rev"]), "head": hashlib.sha256(line.rstrip(b"\n")).hexdigest(),
               "time": str(entry.get("time", ""))}
        folder.append(HEADS, _line(out), own=False, durable=False)
    except (OSError, StoreError, ValueError, KeyError, TypeError):
        return


def accept(folder: SafeDir, name: str, revision: int, by: str) -> None:
    """Record that the administrator accepted ``name`` at ``revision`` as the current state
    (a repair of a rollback that no newer copy can undo)."""
    folder.append(HEADS, _line({"file": name, "accepted": revision, "by": by}), own=False)


def newest(folder: SafeDir) -> dict[str, dict[str, Any]]:
    """Per data file, the record of the highest revision written since the last acceptance."""
    from core.store.bounded import loads

    try:
        raw = folder.read(HEADS, 1 << 30)
    except (OSError, StoreError):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for text in raw.split(b"\n"):
        try:
            item = loads(text)
        except (ValueError, UnicodeDecodeError, StoreError):
            continue
        if not isinstance(item, dict) or not isinstance(item.get("file"), str):
            continue
        name = item["file"]
        if "accepted" in item:
            out.pop(name, None)
        elif isinstance(item.get("rev"), int) and isinstance(item.get("head"), str):
            if name not in out or item["rev"] >= out[name]["rev"]:
                out[name] = item
    return out


def _line(item: dict[str, Any]) -> bytes:
    return json.dumps(item, sort_keys=True, separators=(",", ":")).encode("utf-8") + b"\n"

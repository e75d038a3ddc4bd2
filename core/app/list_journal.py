"""The audit journal of a data directory's rating lists: who imported or removed which list,
when, from which file, how many players, the file's SHA-256.

Why: a rating list feeds every ``update-ratings`` of every event; replacing one (a rating
2100 → 2900) changes results of people who never saw it happen.  The lists are not
tournaments and have no hash-chained journal of their own, so each import and removal is
appended here, one JSON object a line, by the process that holds the directory (the service,
or the directory owner's own hakem).  ``hakem lists --log`` shows it.
"""

from __future__ import annotations

import json
import os
import stat
from datetime import datetime, UTC
from typing import Any

from core.store.paths import LISTS_JOURNAL as JOURNAL

MAX_READ = 16 * 1024 * 1024
"""Read at most this much of the journal (a planted giant file must not stop ``hakem lists``)."""


def record(data_dir: str | os.PathLike[str], action: str, name: str, file: str = "", count: int = 0, digest: str = "") -> None:
    """Append one entry (the acting user, now) — never through a link, never truncating."""
    from core.store.identity import current_uid, current_user

    entry = {"time": datetime.now(UTC).isoformat(timespec="seconds"), "uid": current_uid(),
             "user": current_user(), "action": action, "list": name, "file": file, "count": count,
             "sha256": digest}
    fd = os.open(os.path.join(data_dir, JOURNAL), os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW
                 | os.O_CLOEXEC, 0o640)
    try:
        if os.stat(data_dir).st_mode & stat.S_IWGRP and os.fstat(fd).st_uid == os.geteuid():
            os.fchmod(fd, 0o660)  # a group-writable directory: the next member appends too (umask 022)
        os.write(fd, (json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)


def entries(data_dir: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The entries, oldest first; a line that is not an entry is shown as such, not skipped."""
    try:
        fd = os.open(os.path.join(data_dir, JOURNAL), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return []
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return [{"action": "?", "list": "", "problem": "not a regular file"}]
        raw = f.read(MAX_READ)
    out: list[dict[str, Any]] = []
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            value = None
        out.append(value if isinstance(value, dict) else {"action": "?", "list": "", "problem": line[:80]})
    return out

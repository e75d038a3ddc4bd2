"""Limits of the data service: what one member may take of the service's disk, and what is
kept free so that the results of running events always go in.

Why in the service and not in the store: the service's directory is one account's, so the
disk it fills is everyone's; any member of the club's group may create tournaments, import
files and add players, and without limits one member (or a runaway script) fills the disk
until every organiser's next change fails — cleanly, but the club is locked.  In-process, over
a private directory, the disk is the user's own and nothing is limited.

What is counted (decided, see notes/service.md):

- **tournaments per member** (``max_tournaments``): the tournaments whose journal's first
  entry (the creation, written by the service, so its uid is the kernel's word) names the
  member; archived ones count too (they still take room).  Creating and importing refuse
  beyond it.
- **bytes per member** (``max_bytes``): the data file, journal and round backups of those
  tournaments.  Beyond it the member creates nothing and nobody adds players or teams to
  them; everything that runs an event (results, pairings, corrections, undo) still goes.
- **free-space reserve** (``reserve_bytes``): when the service's disk has less free than
  this, only results are accepted (``result.enter``: entering and correcting), from anyone.

The service's own account and root are not limited (the administrator's repairs).  A limit
of 0 is no limit.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass
from typing import Any

from core.errors import TournamentError
from core.i18n import _

MIB = 1024 * 1024
GROWING = frozenset({"workspace.create", "workspace.import", "player.add", "player.import", "team.add"})
"""The use cases that add to what a member's tournaments take (everything else changes what
is there, or runs the event)."""
CREATING = frozenset({"workspace.create", "workspace.import"})
ALWAYS = frozenset({"result.enter"})
"""What goes in even below the reserve: the results of running events."""


class QuotaExceeded(TournamentError):
    """A change the service's limits refuse (the message names the limit)."""


@dataclass(frozen=True)
class Limits:
    """The administrator's limits (``hakem serve`` options, printed into the unit)."""

    max_tournaments: int = 100
    max_bytes: int = 256 * MIB
    reserve_bytes: int = 64 * MIB
    max_connections: int = 1000
    """Connections of all members together (further limited by the descriptors the service
    may open: :func:`connection_cap`)."""
    idle_seconds: int = 600
    """A request connection idle this long is closed (watchers are not: they wait by design)."""

    def options(self) -> list[str]:
        """The ``hakem serve`` options that give these limits (for the printed unit)."""
        return ["--max-tournaments", str(self.max_tournaments), "--max-data", size_text(self.max_bytes),
                "--reserve", size_text(self.reserve_bytes), "--max-connections", str(self.max_connections),
                "--idle", str(self.idle_seconds)]


_SIZE = re.compile(r"(\d{1,12})\s*([kmgt]?)i?b?", re.IGNORECASE)


def parse_size(text: str) -> int:
    """``500M``, ``2G``, ``64k``, ``1048576`` → bytes (powers of 1024); ValueError otherwise."""
    found = _SIZE.fullmatch(text.strip())
    if not found:
        raise ValueError(text)
    unit = found.group(2).upper()
    return int(found.group(1)) * 1024 ** ("KMGT".find(unit) + 1) if unit else int(found.group(1))


def size_text(count: int) -> str:
    """Bytes as the options write them: the largest whole unit (``256M``)."""
    for unit, power in (("T", 4), ("G", 3), ("M", 2), ("K", 1)):
        if count and count % 1024 ** power == 0:
            return f"{count // 1024 ** power}{unit}"
    return str(count)


def connection_cap(limits: Limits) -> int:
    """How many connections the service accepts at once: the administrator's number, but never
    so many that the descriptors run out (each connection is one, a request may pass up to 4
    files and the store opens a few; 64 are kept for the service itself)."""
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    by_descriptors = max(1, (soft - 64) // 2) if soft != resource.RLIM_INFINITY else limits.max_connections
    return max(1, min(limits.max_connections, by_descriptors))


class Quota:
    """Checks a request against :class:`Limits` over one store's directory."""

    def __init__(self, store: Any, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self._creators: dict[str, int | None] = {}
        self._lock = threading.Lock()

    def check(self, use_case: str, writes: bool, tournament: str | None, uid: int) -> None:
        """Refuse (:class:`QuotaExceeded`, naming the limit) what the limits do not allow."""
        if not writes or uid in (0, os.getuid()) or use_case in ALWAYS:
            return
        self._check_reserve(use_case)
        if use_case not in GROWING:
            return
        owner = uid if use_case in CREATING or tournament is None else self.creator(tournament)
        if owner is None:
            return
        counted = self.usage(owner)
        if self.limits.max_bytes and counted[1] >= self.limits.max_bytes:
            raise QuotaExceeded(_("the tournaments of {user} take {used} of the hakem service's disk, the limit "
                                  "for one member is {limit}: nothing is added (results, pairings and corrections "
                                  "still go in); archived tournaments count too: ask the administrator").format(
                user=_user(owner), used=size_text_round(counted[1]), limit=size_text_round(self.limits.max_bytes)))
        if use_case in CREATING and self.limits.max_tournaments and counted[0] >= self.limits.max_tournaments:
            raise QuotaExceeded(_("{user} has created {count} tournaments in the hakem service, the limit for one "
                                  "member; nothing was created (ask the administrator to raise --max-tournaments)").format(
                user=_user(owner), count=counted[0]))

    def check_write(self, use_case: str, tournament: str | None, uid: int, name: str, written: int,
                    growth: int) -> None:
        """Refuse a commit by what it writes (``core.store.storage.checking_writes``): below
        the reserve once written, or past the member's byte limit once grown.  Why besides
        :meth:`check`: that one is asked before the change is computed, so one big import
        passed it and took the whole reserve (or far past the limit)."""
        if uid in (0, os.getuid()) or use_case in ALWAYS:
            return
        self._check_reserve(use_case, written)
        if use_case not in GROWING or not self.limits.max_bytes or growth <= 0:
            return
        owner = uid if use_case in CREATING or tournament is None else self.creator(tournament)
        if owner is None:
            return
        used = self.usage(owner)[1]
        if used + growth > self.limits.max_bytes:
            raise QuotaExceeded(_("this change writes {size}, which takes the tournaments of {user} to {total} of the "
                                  "hakem service's disk, over the limit for one member of {limit}: nothing was "
                                  "changed (results, pairings and corrections still go in); archived tournaments "
                                  "count too: ask the administrator").format(
                size=size_text_round(growth), user=_user(owner), total=size_text_round(used + growth),
                limit=size_text_round(self.limits.max_bytes)))

    def _check_reserve(self, use_case: str, written: int = 0) -> None:
        if not self.limits.reserve_bytes:
            return
        st = os.statvfs(self.store.dir.fd)
        free = st.f_bavail * st.f_frsize
        if written and free - written < self.limits.reserve_bytes:
            raise QuotaExceeded(_("this change writes {size}; the hakem service's disk would keep {left} free, less "
                                  "than the {reserve} kept for results: nothing was changed; tell the "
                                  "administrator").format(size=size_text_round(written), left=size_text_round(max(0, free - written)),
                                                          reserve=size_text_round(self.limits.reserve_bytes)))
        if free < self.limits.reserve_bytes:
            raise QuotaExceeded(_("the hakem service's disk has {free} free, less than the {reserve} kept for "
                                  "results: only results are accepted now, nothing was changed; tell the "
                                  "administrator").format(free=size_text_round(free),
                                                          reserve=size_text_round(self.limits.reserve_bytes)))

    def usage(self, uid: int) -> tuple[int, int]:
        """(tournaments, bytes) of the tournaments ``uid`` created; the bytes include her
        deleted tournaments still in the trash (they take room until removed for good)."""
        from core.store import trash

        count = size = 0
        for tid in self._tournaments():
            if self.creator(tid) == uid:
                count += 1
                size += self._bytes(tid)
        size += sum(held for creator, held in trash.usage(self.store.dir, _first_uid) if creator == uid)
        return count, size

    def _tournaments(self) -> list[str]:
        from core.store.store import SUFFIX

        return [name[:-len(SUFFIX)] for name in self.store.dir.names() if name.endswith(SUFFIX)]

    def creator(self, tid: str) -> int | None:
        """The uid of the creation entry of ``tid`` (cached: it never changes); ``None`` for a
        tournament without one (an earlier layout, adopted)."""
        with self._lock:
            if tid in self._creators:
                return self._creators[tid]
        found = _first_uid(self.store.dir, tid)
        if found is not None:
            with self._lock:
                self._creators[tid] = found
        return found

    def _bytes(self, tid: str) -> int:
        from core.store import journal

        folder = self.store.dir
        total = 0
        for name in (f"{tid}.hakem.json", journal.chain_name(tid)):
            st = folder.lstat(name)
            total += st.st_size if st is not None else 0
        try:
            backups = os.open(f"backups/{tid}", os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=folder.fd)
        except OSError:
            return total
        try:
            for name in os.listdir(backups):
                total += os.stat(name, dir_fd=backups, follow_symlinks=False).st_size
        finally:
            os.close(backups)
        return total


def _first_uid(folder: Any, tid: str) -> int | None:
    """The ``uid`` of the first line of ``tid``'s journal: read until the first newline, at
    most the store's bound for a journal line (the creation of an imported field is long)."""
    from core.store import journal
    from core.store.bounded import loads
    from core.store.storage import MAX_DATA_BYTES

    try:
        fd = os.open(journal.chain_name(tid), os.O_RDONLY | os.O_NOFOLLOW, dir_fd=folder.fd)
    except OSError:
        return None
    chunks: list[bytes] = []
    try:
        size = 0
        while size <= MAX_DATA_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if b"\n" in chunk:
                break
    finally:
        os.close(fd)
    line = b"".join(chunks).split(b"\n", 1)[0]
    try:
        entry = loads(line.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    uid = entry.get("uid") if isinstance(entry, dict) else None
    return uid if isinstance(uid, int) else None


def size_text_round(count: int) -> str:
    """Bytes for a message: ``1.5 MiB``-like, in the largest unit that is at least 1."""
    for unit, power in (("GiB", 3), ("MiB", 2), ("KiB", 1)):
        if count >= 1024 ** power:
            return f"{count / 1024 ** power:.1f} {unit}"
    return f"{count} B"


def _user(uid: int) -> str:
    from core.identity import user_name

    return user_name(uid)

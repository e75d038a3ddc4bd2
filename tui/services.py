"""Provides the thin adapters between screens and the core: the data directory and one open event.

Why a service layer: screens must never touch TinyDB (architecture.md), and every change has to
take the same path — core command (validated) → store (locked, journaled, atomic) → new
immutable snapshot → screens refresh.  Keeping that path here means a screen only says *what*
the arbiter wants ("board 3 is 1-0") and gets back a new :class:`Tournament` or a
:class:`TournamentError` whose message it shows as is.
"""

from __future__ import annotations

import os
import queue
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from collections.abc import Callable

from core.i18n import _
from core.errors import ConflictError, TournamentError
from core.model import ByeKind, GameResult, PointSystem, Tournament

class _LazyCommands:
    """``core.commands`` imported on first use: the tournaments list must appear fast."""

    def __getattr__(self, name: str) -> Any:
        from core import commands as module

        return getattr(module, name)


commands = _LazyCommands()

POINT_SYSTEMS: dict[str, PointSystem] = {
    "1-½-0": PointSystem(),
    "3-1-0": PointSystem(win=3, draw=1, loss=0, forfeit_win=3, pab=3, full_bye=3, half_bye=1),
    "2-1-0": PointSystem(win=2, draw=1, loss=0, forfeit_win=2, pab=2, full_bye=2, half_bye=1),
}
"""Point systems offered when creating an event (key is what the arbiter sees)."""


def point_system_key(points: PointSystem) -> str:
    """The offered name of a point system, or a spelled-out one for anything custom."""
    for key, value in POINT_SYSTEMS.items():
        if value == points:
            return key
    return f"{points.win}-{points.draw}-{points.loss}"


@dataclass(frozen=True)
class NewTournament:
    """Everything the "new tournament" form asks for."""

    name: str
    system: str = "dutch"
    total_rounds: int = 5
    time_control: str = ""
    point_system: str = "1-½-0"
    tiebreak_preset: str = ""
    language: str = ""
    start_date: str = ""
    place: str = ""
    chief_arbiter: str = ""


class Workspace:
    """The data directory: list, create, duplicate, archive and import tournaments."""

    def __init__(self, data_dir: str | Path | None = None, read_only: bool = False) -> None:
        from core.store import Store

        self.store = Store(data_dir, read_only=read_only)
        self.problems: list[tuple[str, str]] = []

    @property
    def data_dir(self) -> str:
        for attr in ("data_dir", "path", "root", "directory"):
            value = getattr(self.store, attr, None)
            if value is not None:
                return str(value)
        return ""

    def list(self) -> list[Any]:
        """The tournaments; files that do not load are kept in :attr:`problems` (id, message)
        so the screen can say so instead of the tournament silently vanishing."""
        rows, self.problems = self.store.list_with_problems()
        return list(rows)

    def create(self, form: NewTournament) -> str:
        if not form.name.strip():
            raise TournamentError(_("A tournament needs a name."))
        if form.total_rounds < 1:
            raise TournamentError(_("A tournament needs at least one round."))
        t = Tournament(
            id="", name=form.name.strip(), system=form.system, total_rounds=form.total_rounds,
            time_control=form.time_control.strip(), points=POINT_SYSTEMS.get(form.point_system, PointSystem()),
            language=form.language, start_date=form.start_date.strip(), place=form.place.strip(),
            chief_arbiter=form.chief_arbiter.strip(),
            tiebreaks=tuple(preset_criteria(form.tiebreak_preset)),
        )
        return self.store.create(t)

    def demo(self) -> str:
        return self.store.create(commands.demo_tournament())

    def duplicate(self, tid: str) -> str:
        return self.store.duplicate(tid)

    def archive(self, tid: str) -> None:
        self.store.archive(tid)

    def import_trf(self, path: str) -> str:
        from core.trf import parse_tournament

        text = read_text(path)
        t = parse_tournament(text)
        if not t.name:
            t = replace(t, name=Path(path).stem)
        return self.store.create(replace(t, id=""))

    def open(self, tid: str, read_only: bool = False) -> Session:
        return Session(self.store, tid, read_only=read_only)


def read_text(path: str) -> str:
    """Read an import file, turning OS errors into one readable sentence."""
    try:
        raw = Path(os.path.expanduser(path.strip())).read_bytes()
    except OSError as exc:
        raise TournamentError(_("Cannot read {path}: {error}.").format(path=path, error=exc.strerror or exc)) from exc
    for encoding in ("utf-8-sig", "cp1254", "latin-1"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("utf-8", "replace")


def settle_memory(collect: bool = True) -> None:
    """Move every object alive now out of the garbage collector's sight (``gc.freeze``).

    Why: a full collection walks every tracked object — Textual's widgets, the modules, the
    open tournament, the tables' cells — and, measured with 300 players, stopped the UI for
    50–95 ms at random moments (a result, a pairing frame).  What is alive at these moments
    mostly lives as long as the app; snapshots and table cells are acyclic and are still freed
    by reference counting.  Called when a tournament is (re)loaded (with a collection first:
    the screen is changing anyway) and before a pairing starts (no collection: that would be
    the very pause we avoid), not on every change, so the few cycles that die later stay few."""
    import gc

    if collect:
        gc.collect()
    gc.freeze()


def gc_after_frame(widget: Any) -> None:
    """Hold the garbage collector until ``widget``'s screen has drawn its next frame.

    Why: a result allocates thousands of short-lived objects (the new snapshot, standings,
    table cells); the collections they trigger cost 5–30 ms and landed inside the very frame
    the arbiter waits for.  Nearly all of it is freed by reference counting anyway; the
    collector runs right after the frame instead.  The timer re-enables it should that frame
    never come (a screen switch)."""
    import gc

    if gc.isenabled():
        gc.disable()
        widget.call_after_refresh(gc.enable)
        widget.set_timer(0.5, gc.enable)


class Session:
    """One open tournament: the latest snapshot and the changes the screens ask for.

    ``revision`` is the store revision the screens show; :meth:`poll` compares it with the
    store's (a cheap read) so a change by another organiser arrives through the same refresh
    path as our own.
    """

    def __init__(self, store: Any, tid: str, read_only: bool = False) -> None:
        self.store = store
        self.id = tid
        self.read_only = read_only
        snap = store.load(tid)
        self.tournament: Tournament = snap.tournament
        self.revision: int = snap.revision
        settle_memory()
        self._queue: queue.Queue = queue.Queue()
        self._writer: threading.Thread | None = None
        self._lock = threading.Lock()
        self.pending = 0
        """Changes shown on screen but not yet confirmed by the store (results in flight)."""
        self._held: list = []
        """Saves waiting for :meth:`release` (``apply_soon(hold=True)``), in typing order."""

    # -- reading ---------------------------------------------------------------------------
    def reload(self) -> Tournament:
        snap = self.store.load(self.id)
        self.tournament, self.revision = snap.tournament, snap.revision
        settle_memory()
        return self.tournament

    def poll(self) -> bool:
        """True (and the new snapshot loaded) when the store moved past what we show."""
        if self.pending:
            return False  # our own saves are in flight; their answer brings the news
        try:
            rev = self.store.revision(self.id)
        except TournamentError:
            return False
        if rev == self.revision:
            return False
        self.reload()
        return True

    def last_change(self) -> tuple[str, str]:
        """(who, what) of the newest journal entry, for the "changed elsewhere" notice."""
        try:
            journal = list(self.store.journal(self.id))
        except (TournamentError, AttributeError):
            return ("", "")
        if not journal:
            return ("", "")
        last = journal[-1]
        get = (lambda k: last.get(k, "")) if isinstance(last, dict) else (lambda k: getattr(last, k, ""))
        return (str(get("user") or get("by") or ""), str(get("action") or ""))

    # -- changing --------------------------------------------------------------------------
    def apply(self, action: str, change: Callable[[Tournament], Tournament],
              expected: bool = False, revision: int | None = None) -> Tournament:
        """Run one validated change through the store and keep the new snapshot.

        ``expected``: refuse when someone else changed the tournament since we loaded it
        (manual pairings, corrections) — or since ``revision`` when given (a pairing computed
        in a worker on that revision); otherwise the change applies to the newest state, so
        two arbiters entering results on different boards never block each other.
        """
        if self.read_only:
            raise TournamentError(_("This tournament is open read-only (--view)."))
        self.flush()  # results still being saved come first, in the order they were typed
        wanted = (self.revision if revision is None else revision) if expected else None
        try:
            snap = self.store.update(self.id, action, change, expected_revision=wanted)
        except ConflictError:
            with self._lock:
                self.reload()
            raise
        with self._lock:
            self.tournament, self.revision = snap.tournament, snap.revision
        return snap.tournament

    def apply_soon(self, action: str, change: Callable[[Tournament], Tournament],
                   done: Callable[[Tournament | None, TournamentError | None], None],
                   hold: bool = False) -> Tournament:
        """Show a change at once and save it in the background (the hot path: results).

        The change is validated here on our snapshot (a refusal raises at once and changes
        nothing); the store then applies the same change to its newest state under its lock,
        in the order the arbiter typed.  ``done(tournament, error)`` is called from the writer
        thread when the store answered: the caller hops back to the UI thread.

        ``hold``: keep the save until :meth:`release` (the screen releases it once the frame
        showing the change is drawn).  Why: serialising a 300-player tournament holds the GIL
        for tens of milliseconds; started at once it delays the very frame the arbiter waits
        for.  Every later change, :meth:`flush` and :meth:`close` release held saves first, so
        the order stays the typing order and nothing is lost.
        """
        if self.read_only:
            raise TournamentError(_("This tournament is open read-only (--view)."))
        local = change(self.tournament)
        with self._lock:
            self.tournament = local
            self.pending += 1
            if hold:
                self._held.append((action, change, done))
                return local
        self.release()
        self._queue.put((action, change, done))
        return local

    def release(self) -> None:
        """Start the saves held by ``apply_soon(hold=True)`` (in the order they were made)."""
        with self._lock:
            held, self._held = self._held, []
        if self._writer is None or not self._writer.is_alive():
            self._writer = threading.Thread(target=self._write_loop, name=f"hakem-save-{self.id}", daemon=True)
            self._writer.start()
        for item in held:
            self._queue.put(item)

    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            action, change, done = item
            try:
                snap = self.store.update(self.id, action, change)
            except TournamentError as exc:
                with self._lock:
                    self.pending -= 1
                    try:
                        self.reload()
                    except TournamentError:
                        pass
                done(None, exc)
                continue
            with self._lock:
                self.pending -= 1
                if self.pending == 0:
                    # keep our own snapshot when the store's is the same tournament: the
                    # screens' caches are keyed by the identity of unchanged rounds
                    if snap.tournament != self.tournament:
                        self.tournament = snap.tournament
                    self.revision = snap.revision
                else:
                    self.revision = snap.revision
            done(snap.tournament, None)

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every background save is in the store (closing, tests, benchmarks)."""
        import time

        self.release()
        end = time.monotonic() + timeout
        while self.pending and time.monotonic() < end:
            time.sleep(0.005)

    def close(self) -> None:
        """Stop the writer after the saves already queued."""
        if self._held:
            self.release()
        if self._writer is not None and self._writer.is_alive():
            self._queue.put(None)
            self._writer.join(timeout=10)

    def undo(self) -> Tournament:
        snap = self.store.undo(self.id)
        return self._take(snap)

    def redo(self) -> Tournament:
        snap = self.store.redo(self.id)
        return self._take(snap)

    def _take(self, snap: Any) -> Tournament:
        if snap is None or not hasattr(snap, "tournament"):
            return self.reload()
        self.tournament, self.revision = snap.tournament, snap.revision
        return self.tournament

    # -- the commands the screens use -------------------------------------------------------
    def add_player(self, **fields: Any) -> Tournament:
        name = fields.get("name", "")
        return self.apply(f"add player {name}", lambda t: commands.add_player(t, **fields))

    def edit_player(self, pno: int, **fields: Any) -> Tournament:
        return self.apply(f"edit player {pno}", lambda t: commands.edit_player(t, pno, **fields))

    def remove_player(self, pno: int) -> Tournament:
        return self.apply(f"remove player {pno}", lambda t: commands.remove_player(t, pno))

    def withdraw(self, pno: int, from_round: int) -> Tournament:
        return self.apply(f"withdraw player {pno} from round {from_round}",
                          lambda t: commands.withdraw(t, pno, from_round))

    def request_bye(self, pno: int, round_no: int, kind: ByeKind) -> Tournament:
        return self.apply(f"bye for player {pno} in round {round_no}",
                          lambda t: commands.request_bye(t, pno, round_no, kind))

    def cancel_bye(self, pno: int, round_no: int) -> Tournament:
        return self.apply(f"cancel bye of player {pno} in round {round_no}",
                          lambda t: commands.cancel_bye(t, pno, round_no))

    def add_forbidden(self, pnos: tuple[int, ...]) -> Tournament:
        return self.apply("forbidden pairing " + " ".join(map(str, pnos)),
                          lambda t: commands.add_forbidden(t, pnos))

    def assign_numbers(self) -> Tournament:
        return self.apply("assign pairing numbers", commands.assign_pairing_numbers)

    def set_result(self, round_no: int, board: int, result: GameResult | None) -> Tournament:
        text = result.value if result is not None else "none"
        return self.apply(f"result round {round_no} board {board} {text}",
                          lambda t: commands.set_result(t, round_no, board, result))

    def apply_pairing(self, pairing: Any) -> Tournament:
        return self.apply(f"pair round {pairing.round}",
                          lambda t: commands.apply_pairing(t, pairing), expected=True)

    def unpair_last_round(self) -> Tournament:
        return self.apply(f"unpair round {self.tournament.current_round}",
                          commands.unpair_last_round, expected=True)

    def set_manual_pairing(self, round_no: int, boards: Any, byes: Any) -> Tournament:
        return self.apply(f"manual pairing round {round_no}",
                          lambda t: commands.set_manual_pairing(t, round_no, boards, byes), expected=True)

    def set_settings(self, action: str, **changes: Any) -> Tournament:
        return self.apply(action, lambda t: replace(t, **changes))


def preset_criteria(preset: str) -> list[str]:
    """The tie-break codes of a preset (empty when the preset is unknown or not chosen)."""
    if not preset:
        return []
    from tui.standings import presets

    return list(presets().get(preset, ()))

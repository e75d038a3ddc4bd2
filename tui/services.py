"""Provides what the screens need beyond the application layer: the open tournament's session.

Why a session on top of :mod:`core.app`: every use case lives in the layer (the CLI uses the
same one), but a screen needs two things a command line does not — the change shown at once
(optimistic display) and the save done in the background, in the order the arbiter typed
(the save queue).  That is all this module adds; the rest is the new-tournament form's
choices and the garbage-collector timing of a big screen.
"""

from __future__ import annotations

import queue
from fractions import Fraction
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from core.app.workspace import Workspace
from core.errors import ConflictError, TournamentError
from core.i18n import _
from core.model import GameResult, PointSystem, Tournament

if TYPE_CHECKING:
    from core.app.base import Watcher
    from core.app.desk import Desk, Outcome
    from core.app.new_event import NewEvent

__all__ = [
    "POINT_SYSTEMS",
    "NewTournament",
    "Session",
    "Workspace",
    "gc_after_frame",
    "point_system_key",
    "preset_criteria",
    "settle_memory",
    "event_from_form",
]

POINT_SYSTEMS: dict[str, PointSystem] = {
    "1-½-0": PointSystem(),
    "3-1-0": PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(3),
                         pab=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1)),
    "2-1-0": PointSystem(win=Fraction(2), draw=Fraction(1), loss=Fraction(0), forfeit_win=Fraction(2),
                         pab=Fraction(2), full_bye=Fraction(2), half_bye=Fraction(1)),
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
    """0: a new all-play-all event's rounds left empty: the table of the players registered
    when round 1 is paired fixes them (as ``hakem new --system berger`` without ``--rounds``)."""
    time_control: str = ""
    point_system: str = "1-½-0"
    tiebreak_preset: str = ""
    language: str = ""
    start_date: str = ""
    place: str = ""
    chief_arbiter: str = ""
    knockout: Mapping[str, Any] = field(default_factory=dict)
    """A cup's settings (``options["knockout"]``: rules, start, places, third_place), as
    ``hakem new --system knockout`` stores them; empty for other systems."""
    rating_for_pairing: str = ""
    """``options["rating_for_pairing"]`` (:data:`core.ratinglists.apply.PAIRING_RATING_CHOICES`);
    empty: by the event's kind."""
    team: Mapping[str, Any] = field(default_factory=dict)
    """A team Swiss's settings (``options`` ``colour_preferences``, ``boards``), as ``hakem new
    --system swiss-team`` stores them; empty for other systems."""
    go: Mapping[str, Any] = field(default_factory=dict)
    """A Go event's settings (``options["go"]``: McMahon's bar, floor, komi, handicap rule;
    Gamma's komi), as ``hakem new --komi --mm-…`` stores them: what differs from the defaults
    (new event) or from the event's values (settings form); empty for other systems."""
    federation: str = ""
    end_date: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control_code: str = ""
    trf_type: str = ""
    rank_method: str = ""
    controller: str = ""
    initial_colour: str = ""
    """The rest of the TRF header (032, 052, 112, 222, 092, 172, 182; 152 ``white``/``black``,
    empty: drawn at round 1): asked by the settings form only (a new event is created with the
    short form and completed there)."""


def event_from_form(form: NewTournament) -> NewEvent:
    """What the new-event form says, for the one use case that checks and creates an event
    (:meth:`core.app.workspace.Workspace.create_event`, the same as ``hakem new``): the
    preset's point system and tie-breaks spelled out, each system's settings for that
    system only."""
    from core.app.new_event import NewEvent

    return NewEvent(
        name=form.name, system=form.system, rounds=form.total_rounds or None,
        time_control=form.time_control,
        points=POINT_SYSTEMS.get(form.point_system, PointSystem()), tiebreaks=tuple(preset_criteria(form.tiebreak_preset)),
        language=form.language, start_date=form.start_date, place=form.place, chief_arbiter=form.chief_arbiter,
        rating_for_pairing=form.rating_for_pairing,
        knockout=dict(form.knockout) if form.system == "knockout" else {},
        team=dict(form.team) if form.system == "swiss-team" else {},
        go=dict(form.go) if form.system in ("gamma", "mcmahon") else {})


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


Done = Callable[["Outcome | None", "TournamentError | None"], None]
"""Called from the writer thread when the store answered a queued change (hop to the UI
thread there): the outcome, or the refusal."""

Use = Callable[["Desk"], "Outcome"]
"""One use case of the application layer, e.g. ``lambda desk: desk.undo()``."""


def on_ui_thread(widget: Any, method: Callable[..., None], *extra: Any) -> Done:
    """A :data:`Done` that hands the answer to ``method`` on the UI thread of ``widget``'s app
    (the app is looked up now, on the UI thread).  If the app has closed, or ``widget`` has
    left the screen (the tournament was closed), before the store answered there is nothing
    left to show: the answer is dropped, the change is saved.  (A widget gone raised
    ``NoScreen`` back into the writer thread, which then died with changes still queued.)

    The answer is queued to the UI thread (answers arrive in the order of the saves); the
    writer does not wait for it to be shown.  It did (``call_from_thread``), and the UI thread
    waiting for the saves (:meth:`Session.flush`, before pairing) then waited for a writer
    that waited for the UI thread: ``4 1-0⏎p`` paired ten seconds later on a round still
    missing its last result, and refused."""
    app = widget.app

    def show(*answer: Any) -> None:
        if widget.is_attached:
            method(*answer)

    def done(outcome: Outcome | None, error: TournamentError | None) -> None:
        try:
            app.call_later(show, outcome, error, *extra)  # queued, not awaited: see below
        except RuntimeError:
            pass  # the app is not running any more

    return done


class Session:
    """One open tournament on screen: the snapshot the screens show and the save queue.

    ``tournament`` is what the screens show — the store's snapshot plus our changes still
    being saved (``pending``).  :meth:`poll` compares ``revision`` with the store's (a cheap
    read) so a change by another organiser arrives through the same refresh path as our own;
    with the data service it is called when the service pushes a change (:meth:`watch`),
    without one the screen calls it on a timer.

    Every change goes through the desk (:mod:`core.app`), in typing order: queued ones
    (:meth:`enter_result`, :meth:`undo`, :meth:`redo`) on the writer thread, blocking ones
    (:meth:`do`) after the queue has drained.
    """

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.id = desk.id
        snap = desk.snapshot()
        self.tournament: Tournament = snap.tournament
        self.revision: int = snap.revision
        # no settle_memory() here: the screen showing the session settles it after its first
        # frame (a full collection is ~40 ms of a 1,000-player event's opening)
        self._queue: queue.Queue[tuple[Use, Done] | None] = queue.Queue()
        self._writer: threading.Thread | None = None
        self._lock = threading.Lock()
        self.pending = 0
        """Changes queued or being saved (results shown on screen, undo/redo asked for)."""
        self._watch: Watcher | None = None
        self._held: list[tuple[Use, Done]] = []
        """Saves waiting for :meth:`release` (``hold=True``), in typing order."""

    @property
    def read_only(self) -> bool:
        """The store was opened read-only (``hakem --view``): the screens offer no editing."""
        return self.desk.read_only

    # -- reading ---------------------------------------------------------------------------
    def reload(self) -> Tournament:
        snap = self.desk.snapshot()
        self.tournament, self.revision = snap.tournament, snap.revision
        settle_memory()
        return self.tournament

    def poll(self) -> bool:
        """True (and the new snapshot loaded) when the store moved past what we show."""
        if self.pending:
            return False  # our own saves are in flight; their answer brings the news
        try:
            rev = self.desk.revision()
        except TournamentError:
            return False
        if rev == self.revision:
            return False
        self.reload()
        return True

    def watch(self, changed: Callable[[], None]) -> bool:
        """Have ``changed()`` called (on a thread of the service client) whenever the data
        service pushes a change of this tournament; False when there is no service (the
        caller polls instead)."""
        self._watch = self.desk.watch(lambda _event: changed())
        return self._watch is not None

    def last_change(self) -> tuple[str, str]:
        """(who, what) of the newest journal entry, for the "changed elsewhere" notice (what
        in the organiser's language)."""
        from core.words import say

        try:
            who, words = self.desk.last_change()
        except TournamentError:
            return ("", "")
        return who, say(words, {p.pno: p.name for p in self.tournament.players})

    # -- blocking changes -------------------------------------------------------------------
    def do(self, use: Use) -> Outcome:
        """Run one use case now, after every queued change (the typing order), and keep the
        snapshot it saved.  A refusal raises and changes nothing; a conflict also reloads, so
        the screen shows the newer state."""
        self.flush()
        if self.pending:
            raise TournamentError(_("Earlier changes are still being saved; try again in a moment."))
        try:
            outcome = use(self.desk)
        except ConflictError:
            with self._lock:
                self.reload()
            raise
        with self._lock:
            self.tournament, self.revision = outcome.tournament, outcome.revision
        return outcome

    # -- queued changes ---------------------------------------------------------------------
    def enter_result(self, round_no: int, board: int, result: GameResult | None, done: Done,
                     hold: bool = False, judged: Tournament | None = None) -> Tournament:
        """Show a result at once and save it in the background (the hot path).

        Validated here on our snapshot (a refusal raises at once and changes nothing); the
        desk then applies it to the store's newest state against the board as shown here, so
        a result another organiser entered meanwhile is refused, not overwritten.

        ``hold``: keep the save until :meth:`release` (the screen releases it once the frame
        showing the change is drawn).  Why: serialising a 300-player tournament holds the GIL
        for tens of milliseconds; started at once it delays the very frame the arbiter waits
        for.  Every later change, :meth:`flush` and :meth:`close` release held saves first,
        so the order stays the typing order and nothing is lost.

        ``judged``: the tournament the organiser decided on — the screen's, when it asked (or
        saw no need to ask) whether a result is replaced.  The board is checked against that,
        not against our snapshot now: another organiser's result that arrived in between (a
        push while the line was typed, or while the correction question was open) is refused,
        not taken as the board this organiser saw (a review: two organisers typing at once, a
        line stored as a correction nobody confirmed; a yes to "1-0 becomes 0-1" replaced a ½-½)."""
        from core.app.conflicts import BoardSeen
        from core.app.desk import preview_result
        from core.app.rounds import Computed

        self._check_writable()
        shown = self.tournament
        seen = BoardSeen.of(judged if judged is not None else shown, round_no, board)
        local = preview_result(shown, round_no, board, result)
        # in this process the store takes the result as computed here (once); through the data
        # service it is computed there (what crosses the wire is never the service's state)
        computed = None if self.desk.remote else Computed(shown, local)
        return self.queue(lambda desk: desk.enter_result(round_no, board, result, seen=seen, computed=computed),
                          done, local, hold)

    def undo(self, done: Done, expected: str | None = None) -> None:
        """Undo the newest change — queued behind the saves typed before, so a result just
        typed is saved first and is what gets undone.  ``expected``: the id of the change the
        screen named (``Desk.next_step``); if another one is on top by then, nothing happens."""
        self._check_writable()
        self.queue(lambda desk: desk.undo(expected), done)

    def redo(self, done: Done, expected: str | None = None) -> None:
        self._check_writable()
        self.queue(lambda desk: desk.redo(expected), done)

    def _check_writable(self) -> None:
        """Refuse at once (the desk would refuse too, but only after the queue)."""
        if self.read_only:
            self.desk.permit("session.change", writes=True)

    def queue(self, use: Use, done: Done, local: Tournament | None = None, hold: bool = False) -> Tournament:
        """Queue one use case behind the changes queued before it (the typing order); with
        ``local`` the screens show that snapshot until the store answers."""
        with self._lock:
            if local is not None:
                self.tournament = local
            self.pending += 1
            if hold:
                self._held.append((use, done))
                return self.tournament
        self.release()
        self._queue.put((use, done))
        return self.tournament

    def release(self) -> None:
        """Start the saves held by ``hold=True`` (in the order they were made)."""
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
            use, done = item
            try:
                outcome = use(self.desk)
            except TournamentError as exc:
                with self._lock:
                    self.pending -= 1
                    try:
                        self.reload()  # the screen shows the store's state, e.g. the newer result
                    except TournamentError:
                        pass
                done(None, exc)
                continue
            with self._lock:
                self.pending -= 1
                if self.pending == 0 and outcome.tournament != self.tournament:
                    # keep our own snapshot when the store's is the same tournament: the
                    # screens' caches are keyed by the identity of unchanged rounds
                    self.tournament = outcome.tournament
                self.revision = outcome.revision
            done(outcome, None)

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every queued change is in the store (closing, tests, benchmarks)."""
        import time

        self.release()
        end = time.monotonic() + timeout
        while self.pending and time.monotonic() < end:
            time.sleep(0.005)

    def close(self) -> None:
        """Stop the writer after the saves already queued (and the pushed changes)."""
        if self._watch is not None:
            self._watch.close()
        if self._held:
            self.release()
        if self._writer is not None and self._writer.is_alive():
            self._queue.put(None)
            self._writer.join(timeout=10)

def preset_criteria(preset: str) -> list[str]:
    """The tie-break codes of a preset (empty when the preset is unknown or not chosen)."""
    if not preset:
        return []
    from tui.standings import presets

    return list(presets().get(preset, ()))

"""The rounds pane's pairing: ``p`` prepares the round, the engine proposes it in a worker (its
computation in a child process, cancellable with Escape, progress shown) and the round is
recorded from that plan; a cup's waiting Armageddon asks for the bids first; unpairing the last
round and changing it by hand."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import work
from textual.message import Message
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from core.errors import ConflictError, TournamentError
from core.i18n import _, ngettext
from tui.engine_process import propose_in_child
from tui.screens.rounds_tab import RoundsTab
from tui.services import gc_after_frame, settle_memory
from tui.widgets.dialogs import ConfirmDialog, PromptDialog
from tui.widgets.tables import FittedTable
from tui.widgets.text import set_text
from tui.messages import HoldKeys, RefreshPanes, ReleaseKeys, RunChange, ShowMessage

if TYPE_CHECKING:
    from core.app.rounds import RoundPlan
    from tui.services import Session
    from core.pairing.base import RoundPairing


class PairProgress(Message):
    """Progress of the pairing worker (coalesced: only the newest one matters)."""

    def __init__(self, fraction: float, text: str) -> None:
        super().__init__()
        self.fraction = fraction
        self.text = text

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, PairProgress)


@dataclass
class PairingDone:
    """What the worker hands back: the pairing and the revision it was computed on."""

    pairing: RoundPairing
    revision: int
    notes: tuple[str, ...] = ()
    """What the saved round says (the absentees of the check-in, present players without a board)."""


class PairingRun(RoundsTab):
    """Pairing the next round, unpairing the last, changing it by hand."""

    @property
    def pairing(self) -> bool:
        return self.cancel_event is not None

    def action_pair(self) -> None:
        if self.pairing:
            self.notify(_("Pairing is already running; Escape cancels it."))
            return
        if self.ask_bids():
            return
        self.session.flush()  # the last results typed must be in the store before pairing on them
        try:
            plan = self.session.desk.prepare_round()
        except TournamentError as exc:
            text = str(exc)
            if "\n" in text:
                self.post_message(ShowMessage(_("Cannot pair yet"), text).set_sender(self))
            else:
                self.notify(text, severity="error", title=_("Cannot pair yet"))
            return
        t = plan.tournament
        self.cancel_event = threading.Event()
        row = self.query_one("#pair-progress-row")
        row.display = True
        set_text(self.query_one("#pair-progress-text", Static),
                 _("Pairing round {n}… (Escape cancels)").format(n=t.current_round + 1))
        self.query_one("#pair-progress", ProgressBar).update(progress=0)
        # the engine starts once the progress row is drawn: a pure-Python engine shares the GIL
        # with the UI thread, and that frame (a layout change) would otherwise take twice as long
        cancel, session = self.cancel_event, self.session
        settle_memory(collect=False)  # the engine's garbage must not make the GC walk the screen
        # what is typed from now on is for the new round: it waits until the round is shown
        # (or the pairing failed or was cancelled); Escape, the key that cancels, never waits
        self.post_message(HoldKeys(self).set_sender(self))
        self.call_after_refresh(lambda: self.pair_worker(plan, cancel, session))

    def ask_bids(self) -> bool:
        """A cup whose round waits for an Armageddon's bids: ask for them (``p`` then puts
        the game on a board instead of pairing); ``False`` when nothing waits."""
        t = self.t
        if t is None or t.system != "knockout" or not t.rounds or not t.rounds[-1].complete:
            return False
        from core.playoff.cup import waiting_armageddons

        try:
            waiting = waiting_armageddons(t)
        except TournamentError:
            return False
        if not waiting:
            return False
        game = waiting[0]
        a, b = sorted((int(game.white), int(game.black)))
        names = {p.pno: p.name for p in t.players}

        def parse(text: str) -> dict[int, int]:
            parts = text.replace(",", " ").split()
            if len(parts) != 2 or not all(x.isdigit() for x in parts):
                raise TournamentError(_("Type two numbers of seconds, e.g. 240 200."))
            return {a: int(parts[0]), b: int(parts[1])}

        def given(text: str | None) -> None:
            if text is not None:
                bids = parse(text)
                self.post_message(RunChange(lambda: self.session.do(lambda desk: desk.cup_bids(bids)),
                                            _("Armageddon bids entered: the game is on a board.")).set_sender(self))

        self.app.push_screen(PromptDialog(
            _("Armageddon bids: {a} {name_a} v {b} {name_b}").format(a=a, name_a=names.get(a, ""), b=b,
                                                                       name_b=names.get(b, "")),
            _("The seconds each would take with Black (at most {limit}), {a} first: the lower bid plays "
              "Black with that time; equal bids, a lot.").format(limit=game.time_control.base, a=a),
            "", "240 200", check=parse), given)
        return True

    @work(thread=True, exclusive=True, group="pairing", exit_on_error=False, description="pairing")
    def pair_worker(self, plan: RoundPlan, cancel: threading.Event, session: Session) -> PairingDone:
        worker = get_current_worker()

        def progress(fraction: float, text: str) -> None:
            if not worker.is_cancelled:
                self.post_message(PairProgress(fraction, text))

        # the engine computes in a child process (tui.engine_process): the UI thread keeps the
        # GIL, and Escape stops the child at once instead of at the engine's next check
        # Escape, or the worker cancelled because the app quits: either kills the child
        pairing = propose_in_child(session.desk, plan, lambda: cancel.is_set() or worker.is_cancelled,
                                   progress)
        if worker.is_cancelled or cancel.is_set():
            from core.pairing.base import Cancelled

            raise Cancelled()
        # saving a big round (validation, serialisation, fsync) also stays off the UI thread;
        # refused if anyone saved since the revision the pairing was computed on
        self.post_message(PairProgress(1.0, _("saving round {n}").format(n=pairing.round)))
        outcome = session.do(lambda desk: desk.record_round(plan, pairing))
        return PairingDone(pairing, plan.revision, tuple(outcome.warnings))

    def on_pair_progress(self, message: PairProgress) -> None:
        self.query_one("#pair-progress", ProgressBar).update(progress=max(0.0, min(1.0, message.fraction)))
        if message.text:
            set_text(self.query_one("#pair-progress-text", Static),
                     _("Pairing: {text} (Escape cancels)").format(text=message.text))

    def pairing_finished(self, event: Worker.StateChanged) -> None:
        """The pairing worker ended: cancelled, refused or failed (said), or done (drawn)."""
        state = event.state
        if state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        self.cancel_event = None
        self.query_one("#pair-progress-row").display = False
        if state is WorkerState.CANCELLED:
            self.notify(_("Pairing cancelled; nothing was changed."))
            self.post_message(ReleaseKeys(self).set_sender(self))
            return
        if state is WorkerState.ERROR:
            error = event.worker.error
            from core.pairing.base import Cancelled

            if isinstance(error, Cancelled):
                self.notify(_("Pairing cancelled; nothing was changed."))
            elif isinstance(error, ConflictError):
                self.post_message(RefreshPanes().set_sender(self))
                self.post_message(ShowMessage(_("Changed by someone else"), _(
                    "{error}\n\nThe round was not saved. Look at the changes, then pair again.").format(error=error),
                    unasked=True).set_sender(self))
            elif isinstance(error, TournamentError):
                self.post_message(ShowMessage(_("No pairing"), str(error), unasked=True).set_sender(self))
            else:
                self.post_message(ShowMessage(_("Pairing failed"), f"{type(error).__name__}: {error}", unasked=True).set_sender(self))
            self.post_message(ReleaseKeys(self).set_sender(self))  # the keys typed meanwhile: after the message, to this round
            return
        done: PairingDone | None = event.worker.result
        if done is None:  # a worker that succeeded has returned
            return
        pairing = done.pairing
        self.explanations[pairing.round] = dict(pairing.explanations)
        # two frames instead of one long one: the progress row goes (a layout change), then
        # the new round is drawn
        self.call_after_refresh(self.show_paired, pairing.round, done.notes)

    def show_paired(self, round_no: int, notes: tuple[str, ...] = ()) -> None:
        """The second half of a finished pairing: draw the new round, say so."""
        gc_after_frame(self)
        self.round_no = round_no

        def drawn() -> None:
            self.query_one("#boards", FittedTable).move_cursor(row=0, animate=False)
            self.focus_main()
            self.post_message(ReleaseKeys(self).set_sender(self))  # what was typed meanwhile goes to the new round
            # the toast in a frame of its own (mounting it is a layout change)
            said = "\n".join((_("Round {n} is paired.").format(n=round_no), *notes))
            self.call_after_refresh(lambda: self.notify(said, severity="warning" if notes else "information",
                                                        timeout=12 if notes else None, markup=False))

        self.post_message(RefreshPanes(then=drawn).set_sender(self))  # draws the new round once

    def cancel_pairing(self) -> bool:
        """Escape while pairing: stop the engine (its child process ends within 50 ms)."""
        if self.cancel_event is None:
            return False
        self.cancel_event.set()
        self.workers.cancel_group(self, "pairing")
        return True

    def action_unpair(self) -> None:
        t = self.shown
        if not t.rounds:
            self.notify(_("No round is paired yet."), severity="warning")
            return
        last = t.rounds[-1]
        with_results = sum(1 for b in last.boards if b.result is not None)
        body = _("Delete the pairing of round {n}? Requested byes of that round are kept.").format(n=last.number)
        if with_results:
            body += "\n\n" + ngettext("{k} result of this round will be deleted too.",
                                      "{k} results of this round will be deleted too.", with_results).format(k=with_results)

        from core.app.conflicts import RoundSeen

        seen = RoundSeen.of(t, last.number)

        def decided(yes: bool | None) -> None:
            if yes:
                self.post_message(RunChange(
                    lambda: self.session.do(lambda desk: desk.unpair_last_round(force=True, seen=seen)),
                    _("Round {n} is unpaired.").format(n=last.number)).set_sender(self))

        self.app.push_screen(ConfirmDialog(_("Unpair the last round"), body, yes=_("Unpair"), danger=True), decided)

    def action_manual(self) -> None:
        from tui.screens.manual_pairing import ManualPairingScreen

        t = self.shown
        if not t.rounds:
            self.notify(_("No round is paired yet."), severity="warning")
            return
        if any(b.result is not None for b in t.rounds[-1].boards):
            self.notify(_("Round {n} already has results; only a round without results can be re-paired by hand.").format(
                n=t.current_round), severity="warning")
            return

        def closed(changed: bool | None) -> None:
            if changed:
                self.post_message(RefreshPanes().set_sender(self))

        self.app.push_screen(ManualPairingScreen(self.session), closed)

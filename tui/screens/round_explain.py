"""The rounds pane's "why this pairing?": the engine's reasons for a board or a bye, with the
players' points and colours before the round; asked of the engine again (in a worker, the
computation in a child process) for a round paired in an earlier session."""

from __future__ import annotations


from textual import work
from textual.worker import Worker, WorkerState, get_current_worker

from core.i18n import _
from core.model import Tournament, scores
from core.round_view import cup_reasons
from tui.engine_process import compute_in_child
from tui.i18n import fmt_points
from tui.screens.round_table import bye_text, cup_words
from tui.screens.rounds_tab import RoundsTab
from tui.widgets.tables import FittedTable, selected_key
from tui.messages import ShowMessage


class PairingExplained(RoundsTab):
    """``x``: the reasons behind the selected board."""

    def action_explain(self) -> None:
        if not self.round_no:
            return
        board = self.selected_board()
        rnd = self.shown.round(self.round_no)
        if self.round_no not in self.explanations and not rnd.manual:
            # the engine's reasons are not stored with the round: ask the engine again on the
            # rounds before this one (in a worker), then show them with the facts
            self.notify(_("Asking the pairing engine for its reasons…"))
            self.explain_worker(self.t, self.round_no, board)
            return
        self.post_message(ShowMessage(_("Why this pairing?"), self.explain_text(board)).set_sender(self))

    @work(thread=True, exclusive=True, group="explain", exit_on_error=False)
    def explain_worker(self, t: Tournament, round_no: int, board: int | None) -> tuple:
        desk, worker = self.session.desk, get_current_worker()
        # the engine re-runs in a child process: the UI keeps the GIL; ended if the app quits
        pairing = compute_in_child(lambda report: desk.engine_pairing(round_no, tournament=t),
                                   lambda: worker.is_cancelled, lambda fraction, text: None)
        boards = t.round(round_no).boards
        if t.system == "knockout":  # a cup: the engine pairs the regular games; the results add the rest
            return round_no, board, cup_reasons(t, round_no, pairing)
        same = [(b.white, b.black) for b in pairing.boards] == [(b.white, b.black) for b in boards]
        return round_no, board, dict(pairing.explanations) if same else None

    def explained(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.SUCCESS:
            found: tuple[int, int | None, dict[object, object] | None] | None = event.worker.result
            if found is None:  # explain_worker returns (round, board, reasons) when it succeeds
                return
            round_no, board, reasons = found
            self.explanations[round_no] = reasons if reasons is not None else {
                "differs": (_("The engine would pair this round differently now (the data before it changed, "
                              "or the engine was updated); its reasons do not apply."),)}
        elif event.state is WorkerState.ERROR:
            self.explanations[self.round_no] = {"differs": (_("The engine gave no pairing for this round: {error}").format(
                error=event.worker.error),)}
        else:
            return
        if self.round_no in self.explanations:
            self.post_message(ShowMessage(_("Why this pairing?"), self.explain_text(self.selected_board())).set_sender(self))

    def explain_text(self, board: int | None) -> str:
        t = self.shown
        rnd = t.round(self.round_no)
        before = scores(t, upto=self.round_no - 1)
        from core.i18n.terms import colour_letter
        from core.model import colour_history, entries

        hist = entries(t, upto=self.round_no - 1)
        lines = []
        pnos: tuple[int, ...]
        if board is not None:
            b = rnd.boards[board - 1]
            pnos = (b.white, b.black)
            lines.append(_("Board {b}: {w} (white) against {bl} (black).").format(
                b=board, w=t.player(b.white).name, bl=t.player(b.black).name))
        else:
            key = selected_key(self.query_one("#boards", FittedTable)) or ""
            pnos = (int(key[1:]),) if key.startswith("p") else ()
            for pno in pnos:  # the row's words in full: the table shows them short or cut
                away = cup_words(t, self.round_no)[0].get(pno)
                kind = next((b.kind for b in rnd.byes if b.pno == pno), None)
                lines.append(f"{pno}. {t.player(pno).name}: {away or bye_text(kind, t.points)}")
        for pno in pnos:
            p = t.player(pno)
            colours = "".join(colour_letter(c.value) for c in colour_history(hist.get(pno, [])))
            lines.append(_("{no}. {name}: {pts} points before the round, colours so far: {colours}").format(
                no=pno, name=p.name, pts=fmt_points(before.get(pno)), colours=colours or "—"))
        engine = self.explanations.get(self.round_no, {})
        reason: int | str = (board - 1) if board is not None else "bye"
        if reason in engine:
            lines.append("")
            lines.extend(engine[reason])
        elif "differs" in engine:
            lines.append("")
            lines.extend(engine["differs"])
        elif board is not None and not rnd.manual:
            lines.append("")
            lines.append(_("The engine gave no particular reason for this board: the players were paired "
                           "in score order by its normal rules."))
        if rnd.manual:
            lines.append(_("This round was changed by hand."))
        return "\n".join(lines)

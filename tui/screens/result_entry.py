"""The rounds pane's result entry: a key on the selected board or a typed line ``12 1-0, 7 =``;
a correction asked first; shown at once and saved in the background, in typing order; what is
not stored kept in the refused list with why (Ctrl+R takes a line back)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual import events
from textual.widgets import Input

from core.errors import ConflictError, TournamentError
from core.i18n import _
from core.model import GameResult, Tournament
from tui.i18n import fmt_points
from tui.messages import ChangeSaved, RefreshPanes, RunChange
from tui.screens.rounds_tab import RoundsTab
from tui.services import gc_after_frame, on_ui_thread
from tui.widgets.dialogs import ConfirmDialog
from tui.widgets.fields import TextField
from tui.widgets.refused import RefusedList
from tui.widgets.tables import FittedTable, selected_key

if TYPE_CHECKING:
    from textual.widget import Widget

    from core.app.desk import Outcome

RESULT_KEYS = {
    "1": GameResult.WHITE_WINS, "0": GameResult.BLACK_WINS, "=": GameResult.DRAW,
    "+": GameResult.WHITE_FORFEIT_WIN, "-": GameResult.BLACK_FORFEIT_WIN, "f": GameResult.DOUBLE_FORFEIT,
}
"""Single keys on the boards table → result of the selected board."""

def entry_hint(t: Tournament | None, round_no: int, single_keys: bool | None = False) -> str:
    """The result line's placeholder: two typed pairs, the second a draw (``7 =``) unless the
    round is a Go round where no board can end in jigo (every komi a half point) — then a win
    of Black, so the hint never shows what would be refused.  With single keys on, a digit on
    the table is a result for the cursor's board, so the hint says to type ``:`` first (a
    reviewer typed the hint's ``3 0-1`` and got three results on three boards)."""
    from tui.screens.registration import is_go

    if single_keys:
        return _("Type : first, then 12 1-0 (Enter)")  # fits beside "Single keys on" at 60 columns

    if t is not None and is_go(t):
        from core.go.results import jigo_possible  # Go events only: a chess event never loads it

        boards = t.round(round_no).boards if 1 <= round_no <= len(t.rounds) else ()
        if not jigo_possible(boards):
            return _("Board and result: 12 1-0, 7 0-1 (Enter)")  # fits 60 columns in every language
    return _("Board and result: 12 1-0, 7 = (Enter)")  # fits 60 columns in every language


_TYPED = re.compile(r"^\s*(\d+)\s*[ .:,]?\s*(\S.*?)\s*$")


RECORD_COMMA = re.compile(r"(?<!\d),|,(?!\d)")
"""A comma that parts two pairs of a line: not one between two digits, which is a decimal
comma (``0,5-0,5``, as Turkish, German and Russian arbiters write a draw)."""


def typed_pairs(text: str) -> list[str]:
    """The "board result" pairs of one typed line, as the hint shows them (``12 1-0, 7 =``):
    split at the commas that part pairs (:data:`RECORD_COMMA`), a comma right after a lone
    board number being that pair's own separator (``12,1-0``).  ``13 0,5-0,5`` is one pair —
    it was split into ``13 0`` (stored: board 13, 0-1), ``5-0`` and ``5``.  ``12 1-0,7 =``
    (no space) is one pair that no result reads: refused whole, never guessed."""
    pieces = [p.strip() for p in RECORD_COMMA.split(text)]
    out: list[str] = []
    for piece in pieces:
        if out and out[-1].isdigit():
            out[-1] = f"{out[-1]},{piece}"
        elif piece:
            out.append(piece)
    return out


def parse_result(t: Tournament, typed: str) -> GameResult:
    """The result part of a typed line, read by the core's parser for the event's game
    (:func:`core.typed_result.parse_typed`: Go spellings in a Go event, ``½-0`` in chess)."""
    from core.typed_result import parse_typed

    return parse_typed(t.system, typed)


def refused_elsewhere(others: dict) -> str:
    """The refused-list line for lines of rounds not shown (``[``/``]`` go there)."""
    rounds = ", ".join(_("round {r}: {n}").format(r=r, n=n) for r, n in sorted(others.items()))
    return _("Refused lines of other rounds ([ ] shows them): {rounds}").format(rounds=rounds)


def describe_result_change(t: Tournament, round_no: int, board_no: int, new: GameResult | None,
                           entered: tuple[str, str] = ("", "")) -> str:
    """What a correction changes, in words: the board — the result replaced with who entered it
    and when (``entered``, :meth:`core.app.desk.Desk.result_entered`; the words of ``hakem result
    --correct``) —, the players' points (:func:`core.round_view.correction`), later rounds."""
    from core.app.conflicts import replaced_result
    from core.app.desk import preview_result
    from core.round_view import correction

    b = t.round(round_no).boards[board_no - 1]
    old_text = b.result.text if b.result else _("no result")  # as the table shows it
    old_text = replaced_result(old_text, *entered) if b.result else old_text
    new_text = new.text if new else _("no result")
    change = correction(t, preview_result(t, round_no, board_no, new), round_no, board_no)
    lines = [_("Round {r}, board {b}: {old} becomes {new}.").format(r=round_no, b=board_no, old=old_text, new=new_text)]
    for pno, (before, after) in change.points.items():
        lines.append(_("  {name}: {old} → {new} points").format(
            name=t.player(pno).name, old=fmt_points(before), new=fmt_points(after)))
    if change.later_rounds:
        lines.append("")
        lines.append(_("Rounds {first} to {last} were paired with the old result. Their pairings stay as "
                       "they are; standings and tie-breaks are recomputed.").format(
            first=change.later_rounds.start, last=change.later_rounds.stop - 1))
    return "\n".join(lines)


class ResultEntry(TextField):
    """The result entry line.  A ``:`` typed where the line starts is the key that opened the
    line, typed once more — not part of a result (``:6 1-0`` was refused); a colon inside the
    line is kept (``7 1:0``).  A key typed into the empty line may be the boards' command the
    status line offers (:attr:`command_key`)."""

    command_key: Callable[[str], bool] | None = None
    """Given a character typed into the empty line: True when it was a command of the boards
    and ran (the pane's :meth:`ResultTyping.key_in_empty_line`)."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == ":" and not self.value[:self.cursor_position].strip():
            event.stop()
            event.prevent_default()
            return
        if not self.value and event.character and self.command_key is not None and self.command_key(event.character):
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


class ResultTyping(RoundsTab):
    """Results entered on the boards table and in the entry line."""

    def key_in_empty_line(self, char: str) -> bool:
        """``p`` typed into the empty entry line of a complete round pairs the next one, as the
        status line says (no result line starts with a letter).  Why: the line stays open when
        the round is completed by another organiser's result, and ``p`` was typed into it and
        took the next line with it (``p1 1-0``; a review)."""
        if char != "p" or self.app.view_only or self.round_no != self.shown.current_round or not self.round_complete():
            return False
        self.focus_main()
        self.action_pair()
        return True

    if TYPE_CHECKING:
        def action_pair(self) -> None: ...  # the pairing part's (round_pairing.PairingRun)

    def action_result(self, key: str) -> None:
        board = self.selected_board()
        row = selected_key(self.query_one("#boards", FittedTable)) or ""
        if board is None and row.startswith("m"):  # a team match: to its first board still playing
            match = self.shown.round(self.round_no).matches[int(row[1:])]
            empty = [i for i in match.boards if self.shown.round(self.round_no).boards[i].result is None]
            if empty or match.boards:
                self.move_to_board((empty or list(match.boards))[0] + 1)
            return
        if board is None:
            if self.round_no:
                self.notify(_("Select a board first; byes have no result to enter."), severity="warning")
            return
        was_empty = self.shown.round(self.round_no).boards[board - 1].result is None
        stored = self.enter_result(self.round_no, board, RESULT_KEYS.get(key) if key else None)
        self.keyed = (*self.keyed, (board, key)) if stored and was_empty and key else ()

    def enter_result(self, round_no: int, board: int, result: GameResult | None,
                     typed: str | None = None, then: Callable[[], object] | None = None) -> bool:
        """Enter a result; a change of an existing result (or an earlier round) asks first.

        Whatever is not stored in the end — refused by the rules of the event (a jigo with a
        half-point komi), a correction cancelled, a board another organiser changed meanwhile —
        joins the refused list with why, as ``typed`` (a single key: board and result).
        True: the result was handed to the screen to store, and ``then`` runs once it has."""
        typed = typed or f"{board} {result.value if result is not None else '—'}"
        t = self.shown
        current = t.round(round_no).boards[board - 1].result
        if current == result:
            self.move_to_next_empty(board)
            return False
        if current is not None or round_no < t.current_round:
            try:
                text = describe_result_change(t, round_no, board, result, self.entered_by(round_no, board, current))
            except TournamentError as exc:
                self.refuse_line(typed, str(exc), round_no)
                return False

            def decided(yes: bool | None) -> None:
                if yes:
                    self.store_result(round_no, board, result, typed, judged=t)
                else:
                    self.refuse_line(typed, _("the correction was cancelled; board {b} keeps {result}").format(
                        b=board, result=current.value if current is not None else _("no result")), round_no)

            self.app.push_screen(ConfirmDialog(_("Correct a result"), text, yes=_("Correct"), danger=True), decided)
            return False
        return self.store_result(round_no, board, result, typed, then, judged=t)

    def entered_by(self, round_no: int, board: int, current: GameResult | None) -> tuple[str, str]:
        """Who entered the result a correction replaces, and when (the journal's newest change
        of the board; results still queued are saved first, so that one of them is named
        rather than the change before it)."""
        if current is None:
            return ("", "")
        if self.session.pending:
            self.session.flush()
        return self.session.desk.result_entered(round_no, board)

    def store_result(self, round_no: int, board: int, result: GameResult | None, typed: str,
                     then: Callable[[], object] | None = None, judged: Tournament | None = None) -> bool:
        """Show the result at once; the store saves it in the background, in typing order.
        The screen makes the change (a message); ``then`` runs once it has.  ``judged``: the
        tournament the organiser decided on (see :meth:`tui.services.Session.enter_result`)."""
        session = self.session
        gc_after_frame(self)
        saved = on_ui_thread(self, self.result_saved, typed, round_no)

        def change() -> Tournament:
            return session.enter_result(round_no, board, result, saved, hold=True, judged=judged)

        before = len(self.shown.round(round_no).boards)

        def answered(made: bool) -> None:
            if made:
                self.say_cup_boards(round_no, before)
                self.move_to_next_empty(board)
            # the save starts once the frame showing the result is drawn (see Session.enter_result);
            # the timer is the safety net should the screen change before that refresh
            self.call_after_refresh(session.release)
            self.set_timer(0.25, session.release)
            if then is not None:
                then()

        self.post_message(RunChange(change, refused=lambda reason: self.refuse_line(typed, reason, round_no),
                                    then=answered).set_sender(self))
        return True

    def say_cup_boards(self, round_no: int, before: int) -> None:
        """A cup: the tie-break boards a result added (a match left level) or removed."""
        t = self.session.tournament
        if t.system != "knockout" or round_no > t.current_round:
            return
        after = len(t.round(round_no).boards)
        if after > before:
            from core.playoff.cup import board_games

            games = board_games(t, round_no, short=True)  # the status line has them in full
            self.notify("; ".join(f"{_('Bd')} {b}: {games.get(b, '')}" for b in range(before + 1, after + 1)),
                        title=_("The match is level: games added"), timeout=4)
        elif after < before:
            self.notify(_("Boards {first} to {last} removed: their match is decided.").format(
                first=after + 1, last=before), title=_("Tie-break games removed"), timeout=4)

    def action_next_empty(self) -> None:
        self.move_to_next_empty(self.selected_board() or 0)

    def action_type_result(self) -> None:
        self.query_one("#result-entry", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "result-entry":
            return
        event.stop()
        text = event.value.strip()
        if not text:
            self.focus_main()
            return
        # each line on its own: the line is emptied before it is judged, so the next line of a
        # burst or paste starts clean; a refused line waits in the list (Ctrl+R takes it back).
        # Several pairs on one line (``12 1-0, 7 =``, as the hint shows) are each taken or
        # refused as if typed on a line of their own.
        self.query_one("#result-entry", TextField).reset()
        self.enter_pairs(typed_pairs(text))

    def enter_pairs(self, pairs: Sequence[str]) -> None:
        """The pairs of one line in order, each judged on the tournament with the ones before it
        stored (``12 1-0, 12 0-1`` asks to correct board 12, as on two lines): a pair handed to
        the screen to store goes on with the rest once the screen has stored it."""
        if not pairs:
            self.close_line_when_round_complete()
            return
        first, rest = pairs[0], pairs[1:]
        if not self.enter_typed(first, then=lambda: self.enter_pairs(rest)):
            self.enter_pairs(rest)

    def close_line_when_round_complete(self) -> None:
        """The input model's rule for a line: it closes after Enter once its record is complete.
        The entry line's record is the round: with every result in, the focus goes back to the
        boards, so the single keys the status line offers (``p`` pairs the next round) work
        instead of being typed into the line.  A refused line leaves the round incomplete (the
        line stays open to correct it); a half-typed line keeps it too."""
        entry = self.query_one("#result-entry", TextField)
        if entry.has_focus and not entry.value and self.round_complete():
            self.focus_main()

    def round_complete(self) -> bool:
        """The round shown has every result in (none shown: not complete)."""
        return bool(self.round_no) and all(b.result is not None for b in self.shown.round(self.round_no).boards)

    def enter_typed(self, text: str, then: Callable[[], object] | None = None) -> bool:
        """One "board result" pair: entered, or refused into the list with why. True: handed
        to the screen to store, ``then`` runs once it has."""
        match = _TYPED.match(text)
        if not match or not self.round_no:
            self.refuse_line(text, _("Type the board number and the result, e.g. 12 1-0."), self.round_no)
            return False
        board = int(match.group(1))
        try:
            result = parse_result(self.shown, match.group(2))
        except TournamentError as exc:
            self.refuse_line(text, str(exc), self.round_no)
            return False
        n = len(self.shown.round(self.round_no).boards)
        if not 1 <= board <= n:
            from core.errors import InvalidResult

            self.refuse_line(text, str(InvalidResult.no_such_board(self.round_no, n, board)), self.round_no)
            return False
        return self.enter_result(self.round_no, board, result, text, then)

    def result_saved(self, outcome: Outcome | None, error: TournamentError | None, typed: str,
                     round_no: int) -> None:
        """The store answered a result: a refusal — another organiser changed the board
        meanwhile (the screen now shows their result), or the save failed — keeps the line in
        the refused list, said in a toast; a dialog would take the next line's Enter."""
        if error is None:
            self.post_message(ChangeSaved(outcome).set_sender(self))
            return
        title = _("Changed by someone else") if isinstance(error, ConflictError) else _("Not saved")
        self.post_message(RefreshPanes(then=lambda: self.refuse_line(typed, str(error), round_no, title))
                          .set_sender(self))

    def leave_text(self, field: Widget) -> None:
        """Escape leaves the entry line for the table: a half-typed line does not stay behind
        to be prefixed to the next one (``:`` ``1`` Escape … ``:`` ``1 1-0`` stored board 11).
        It is put aside in the refused list with the other lines not entered — Ctrl+R takes it
        back — so nothing typed is lost and the next ``:`` starts a fresh line."""
        entry = self.query_one("#result-entry", TextField)
        text = entry.value.strip()
        if field is not entry or not text:
            return
        entry.reset()
        self.refuse_line(text, _("put aside with Escape"), self.round_no)

    def action_recall_refused(self) -> None:
        """Ctrl+R: the oldest refused line back into the (empty) entry line, to be corrected."""
        entry = self.query_one("#result-entry", TextField)
        if entry.value:
            self.notify(_("Enter or clear the line first; then Ctrl+R takes the refused line back."),
                        severity="warning")
            return
        refused = self.query_one("#result-refused", RefusedList).take()
        if refused is None:
            self.app.bell()
            return
        entry.focus()
        entry.insert_text_at_cursor(refused.kept)

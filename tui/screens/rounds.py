"""Provides the rounds pane: pair the next round, the boards table and result entry.

Result entry is built for a club evening: with the boards table focused and the single-key
mode on (shown beside the entry line; ``k`` switches it), one key enters the result of the
selected board (1 = 1-0, 0 = 0-1, = draw, + white wins by forfeit, - black wins by forfeit,
f double forfeit, Backspace clears) and the cursor jumps to the next board still playing.
Score sheets in hand, the arbiter can instead type ``12 1-0`` in the entry line — any number
of lines in one go.  A digit typed on the table that is not a single-key result (2–9, or any
digit with the mode off) starts such a line, so ``2 0-1`` never writes results on several
boards.  Chess events start with the mode on, Go events with it off (their results come from
slips as board and result).
Pairing runs in a thread worker whose engine computes in a child process (cancellable with
Escape, progress shown), so the screen never freezes on a big field.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual import events, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Input, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from core.i18n.format import format_schedule
from core.errors import ConflictError, TournamentError
from core.i18n import _, ngettext, pgettext
from core.model import Board, ByeKind, GameResult, PointSystem, Tournament, scores
from core.round_view import board_order, cup_points, cup_reasons, scores_before_round
from tui.engine_process import compute_in_child, propose_in_child
from tui.i18n import L_, fmt_points
from tui.services import gc_after_frame, on_ui_thread, settle_memory
from tui.widgets.dialogs import ConfirmDialog, PromptDialog
from tui.widgets.fast_table import FastTable
from tui.widgets.pane import TournamentTab
from tui.widgets.refused import RefusedList
from tui.widgets.tables import FittedTable, move_to_key, optional_col, reset_table, selected_key, short_col, sync_table, text_col
from tui.widgets.text import set_text
from tui.widgets.fields import TextField
from tui.screens.registration import is_go

if TYPE_CHECKING:
    from core.app.desk import Outcome
    from core.model import Round
    from core.pairing.base import RoundPairing

RESULT_KEYS = {
    "1": GameResult.WHITE_WINS, "0": GameResult.BLACK_WINS, "=": GameResult.DRAW,
    "+": GameResult.WHITE_FORFEIT_WIN, "-": GameResult.BLACK_FORFEIT_WIN, "f": GameResult.DOUBLE_FORFEIT,
}
"""Single keys on the boards table → result of the selected board."""

RESULT_TEXT = {result: result.text for result in GameResult}
"""How a board's result is shown (:attr:`GameResult.text`: forfeits in the usual +:- notation)."""

_TYPED = re.compile(r"^\s*(\d+)\s*[ .:,]?\s*(\S.*?)\s*$")


def typed_pairs(text: str) -> list[str]:
    """The "board result" pairs of one typed line, as the hint shows them (``12 1-0, 7 =``):
    split at commas, a comma right after a lone board number being that pair's own separator
    (``12,1-0``).  No result is written with a comma, so the split is never ambiguous."""
    pieces = [p.strip() for p in text.split(",")]
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


def bye_text(kind: ByeKind | None, points: PointSystem | None = None) -> str:
    """A player's row without a game; a PAB worth other than a win (Double-Swiss: a game won
    plus a game drawn, 1½) says its value, so the row never reads as one point."""
    if kind is ByeKind.PAB and points is not None and points.pab != points.win:
        return _("bye (PAB, {points} points)").format(points=fmt_points(points.pab))
    return {
        ByeKind.PAB: _("bye (PAB)"), ByeKind.HALF: _("half-point bye"),
        ByeKind.FULL: _("full-point bye"), ByeKind.ZERO: _("zero-point bye"), None: _("absent"),
    }[kind]


def bye_points(kind: ByeKind | None, points: PointSystem) -> str:
    """A row without a game in the Result column: the points its bye gives (``1``, ``½``,
    ``0``), ``—`` for an absence.  Short on purpose: the column is as wide as its widest cell,
    and a bye's words (``yarım puanlık tur atlama``) there left the names ten cells; the words
    go in the last column, which gives way like a name."""
    return "—" if kind is None else fmt_points(points.for_code(kind.code))


def board_columns(t: Tournament | None = None) -> list:
    """The boards table's columns.  On a cup's boards the points are each player's points in
    the match before the board's game (:func:`core.round_view.cup_points`), not the event's, which count
    earlier matches and rounds passed without a game; a Go event's are its scores (MMS or
    level, :func:`core.go.summary.scores_before`)."""
    score = _("Pts")
    if t is not None and is_go(t):
        from core.go.summary import score_name

        score = score_name(t)
    return [(_("Bd"), "board"), optional_col(_("No."), "wno"), text_col(_("White"), "white"), (score, "wpts"),
            short_col(_("Result"), "result", pgettext("short header", "Res.")), (score, "bpts"),
            optional_col(_("No."), "bno"), text_col(_("Black"), "black")]


def match_game(t: Tournament, rnd, board_no: int, board: Board) -> int | str:
    """The board column: the board number, and for a Double-Swiss round which match and which
    of its two games the board is (``3 · 2.1``: board 3 is game 1 of match 2)."""
    if t.system != "double-swiss" or board.game not in ("g1", "g2"):
        return board_no
    from core.pairing.doubleswiss.state import match_of

    return f"{board_no} · {match_of(rnd, board_no - 1)}.{board.game[1]}"


def match_result(t: Tournament, rnd, board_no: int, text: str) -> str:
    """A Double-Swiss match's second game shows the match score beside its own result once
    both games are in, from the row's left player's side like the result itself (``½-½ ·
    ½–1½``: this row's White, game 1's Black, scored ½ in the match)."""
    if t.system != "double-swiss" or rnd.boards[board_no - 1].game != "g2":
        return text
    from core.pairing.doubleswiss.state import match_score

    score = match_score(t, rnd, board_no - 1)
    return text if score is None else f"{text} · {fmt_points(score[2])}–{fmt_points(score[3])}"


def cup_words(t: Tournament, round_no: int) -> tuple[dict[int, str], str]:
    """A cup's round in words: why each player off the boards has no game, and which game each
    board is (:func:`core.round_view.cup_round`); empty for other systems."""
    from core.round_view import cup_round

    away, by_game = cup_round(t, round_no)
    line = "; ".join(f"{_('Bd')} {', '.join(map(str, boards))}: {label}" for label, boards in by_game.items())
    return away, line


def describe_result_change(t: Tournament, round_no: int, board_no: int, new: GameResult | None,
                           entered: tuple[str, str] = ("", "")) -> str:
    """What a correction changes, in words: the board — the result replaced with who entered it
    and when (``entered``, :meth:`core.app.desk.Desk.result_entered`; the words of ``hakem result
    --correct``) —, the players' points (:func:`core.round_view.correction`), later rounds."""
    from core.app.conflicts import replaced_result
    from core.app.desk import preview_result
    from core.round_view import correction

    b = t.round(round_no).boards[board_no - 1]
    old_text = RESULT_TEXT.get(b.result, _("no result")) if b.result else _("no result")
    old_text = replaced_result(old_text, *entered) if b.result else old_text
    new_text = RESULT_TEXT.get(new, _("no result")) if new else _("no result")
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


def match_rows(t: Tournament, rnd: Round) -> dict[str, tuple]:
    """The row of each team match of ``rnd`` (:func:`core.round_view.match_lines`): team names,
    board points so far, and the match points once every board has a result (``2½:1½ → 2:0``)."""
    from core.round_view import match_lines

    out = {}
    for key, line in match_lines(t, rnd).items():
        if line.score is None and line.match_points is not None:  # a pairing-allocated bye
            mp, gp = line.match_points
            out[key] = ("", "", f"▸ {line.home}", "", f"{fmt_points(gp)} → {fmt_points(mp)}", "", "",
                        _("Pairing-allocated bye"))
            continue
        assert line.score is not None
        board_points = f"{fmt_points(line.score.home_points)}:{fmt_points(line.score.away_points)}"
        if line.match_points is not None:
            board_points += f" → {fmt_points(line.match_points[0])}:{fmt_points(line.match_points[1])}"
        out[key] = ("", "", f"▸ {line.home}", "", board_points, "", "", line.away)
    return out


def go_marks(handicap: int, komi: Fraction | None) -> str:
    """A Go board's handicap and komi in the result column, abbreviated from the language's
    words ("H2 k½"; Russian фора/коми: "Ф2 к½"), the komi as the points are shown."""
    marks = [pgettext("handicap, short", "H{n}").format(n=handicap)] if handicap else []
    if komi is not None:
        marks.append(pgettext("komi, short", "k{komi}").format(komi=fmt_points(komi)))
    return " ".join(marks)

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


class ResultEntry(TextField):
    """The result entry line.  A ``:`` typed where the line starts is the key that opened the
    line, typed once more — not part of a result (``:6 1-0`` was refused); a colon inside the
    line is kept (``7 1:0``)."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character == ":" and not self.value[:self.cursor_position].strip():
            event.stop()
            event.prevent_default()
            return
        await super()._on_key(event)


class RoundsPane(TournamentTab, Vertical):
    """Rounds: pairing, boards and results."""

    DEFAULT_CSS = """
    /* the pairing progress lies over the round's title line instead of pushing the table down:
       showing or hiding it then repaints one line, not the whole screen */
    RoundsPane #pair-progress-row {
        position: absolute;
        offset: 0 0;
        width: 100%;
        background: $surface;
    }
    """

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False

    CHANGES = frozenset({"pair", "type_result", "manual", "unpair", "result", "schedule", "recall_refused"})
    KEEP = ("round_no", "only_playing", "single_keys")

    BINDINGS = [
        Binding("p", "pair", L_("Pair next")),
        Binding("n", "next_empty", L_("Next empty"), show=False),
        Binding("colon,r", "type_result", L_("Type result")),
        Binding("s", "toggle_playing", L_("Still playing")),
        Binding("x", "explain", L_("Explain")),
        Binding("m", "manual", L_("Change pairing"), show=False),
        Binding("u", "unpair", L_("Unpair last"), show=False),
        Binding("d", "schedule", L_("Round date"), show=False),
        Binding("left_square_bracket", "round(-1)", L_("Prev round"), show=False),
        Binding("right_square_bracket", "round(1)", L_("Next round"), show=False),
        Binding("1", "result('1')", "1-0", show=False),
        Binding("0", "result('0')", "0-1", show=False),
        Binding("equals_sign", "result('=')", "½-½", show=False),
        Binding("plus", "result('+')", "+:-", show=False),
        Binding("minus", "result('-')", "-:+", show=False),
        Binding("f", "result('f')", "-:-", show=False),
        Binding("backspace,delete", "result('')", L_("Clear result"), show=False),
        Binding("k", "toggle_single_keys", L_("Single-key results on/off"), show=False),
        Binding("ctrl+r", "recall_refused", L_("Take a refused line back"), show=False),
    ]

    RESULT_ACTIONS = frozenset({"result"})
    """Actions that are single-key results: only while the mode says so."""

    def compose(self) -> ComposeResult:
        yield Static(id="round-title", classes="screen-title")
        with Horizontal(id="pair-progress-row"):
            yield Static(id="pair-progress-text")
            yield ProgressBar(id="pair-progress", total=1.0, show_eta=False)
        yield FittedTable(id="boards", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="result-row"):
            yield Static(id="result-mode")
            yield ResultEntry(id="result-entry", compact=True, select_on_focus=False)  # a digit typed on the table is kept
        yield RefusedList(id="result-refused", elsewhere=refused_elsewhere)
        yield Static(id="round-status", classes="status-line", markup=False)  # names, "[ and ]": text

    def on_mount(self) -> None:
        self.t: Tournament | None = None
        self.round_no = 0
        self.only_playing = False
        self.cancel_event: threading.Event | None = None
        self.explanations: dict[int, dict] = {}
        self.query_one("#pair-progress-row").display = False
        self.query_one("#boards", FastTable).spread = True  # a new round arrives over a few frames
        self.query_one("#result-row").display = not self.app.view_only
        self.single_keys: bool | None = None  # the organiser's own choice, read when first shown
        self.relabel()

    def relabel(self) -> None:
        self.query_one("#result-entry", Input).placeholder = _(  # fits 60 columns in every language
            "Board and result: 12 1-0, 7 = (Enter)")
        self.show_mode()
        reset_table(self.query_one("#boards", FittedTable), board_columns(self.t))
        if self.t is not None:
            self.show(self.t)

    @property
    def session(self):
        return self.screen.session

    def main_widget(self):
        """The widget that gets the focus when the pane is shown: the boards table, or the entry
        line while it holds a half-typed line — coming back to the tab (F4 F3) the rest of the
        line goes on into it (issue 29: ``5 1`` F4 F3 ``-0`` wrote one-key results on boards 5
        and 6)."""
        entry = self.query_one("#result-entry", Input)
        return entry if entry.value and not self.app.view_only else self.query_one("#boards", FittedTable)

    def leave_text(self, field) -> None:
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

    def focus_main(self) -> None:
        self.main_widget().focus()

    def paste_target(self) -> Input | None:
        """A paste onto the boards goes into the result entry line (``3 1-0`` lines)."""
        return None if self.app.view_only or not self.round_no else self.query_one("#result-entry", Input)

    # -- showing ------------------------------------------------------------------------------
    def show(self, t: Tournament) -> None:
        old = self.t
        self.t = t
        if old is None or is_go(old) != is_go(t):  # a Go event's scores are MMS or levels
            reset_table(self.query_one("#boards", FittedTable), board_columns(t))
        if self.single_keys is None:
            # off unless this organiser turned it on (remembered per user, never per event): an
            # arbiter types "12 1-0"; walking down the table with one key per board is a choice
            from tui.settings import load_ui_settings

            self.single_keys = load_ui_settings().get("single_keys") is True
        self.show_mode()  # nothing to draw unless it changed (a language switch restores it)
        if old is None or self.round_no == 0 or self.round_no > t.current_round or (
                old.current_round != t.current_round and self.round_no == old.current_round):
            self.round_no = t.current_round
        if self.drawn and not self.region.area:
            # another tab is shown: drawn when the rounds tab comes back (activated); updating
            # hidden widgets makes Textual redraw the visible screen for nothing
            self.dirty = True
            return
        self.render_round()

    drawn = False
    """True once the boards table was filled (the first ``show`` always draws)."""

    def render_round(self) -> None:
        self.drawn = True
        self.dirty = False
        t = self.t
        # a refused line belongs to its round: listed while that round is shown, counted otherwise
        self.query_one("#result-refused", RefusedList).show_scope(self.round_no)
        table = self.query_one("#boards", FittedTable)
        title = self.query_one("#round-title", Static)
        status = self.query_one("#round-status", Static)
        if t is None:
            return
        if self.round_no == 0:
            sync_table(table, [], [])
            set_text(title, _("No round is paired yet · {n} players registered").format(n=len(t.players)))
            set_text(status, "" if self.app.view_only else _("Press p to pair round 1."))
            return
        rnd = t.round(self.round_no)
        before = scores_before_round(t, self.round_no)
        in_match = cup_points(t, self.round_no)
        names = {p.pno: p.name for p in t.players}
        shown_points: dict = {}

        def points(pno: int) -> str:
            """Formatted once per distinct score (500 boards: 1,000 cells, a dozen scores)."""
            value = before.get(pno)
            key = (value.numerator, value.denominator) if value is not None else None
            text = shown_points.get(key)
            if text is None:
                text = shown_points[key] = fmt_points(value)
            return text
        keys, rows = [], []
        matches = match_rows(t, rnd) if rnd.matches else {}
        for i in board_order(rnd):
            if isinstance(i, str):  # a team match: its score above its boards
                shown = [j for j in rnd.matches[int(i[1:])].boards
                         if not (self.only_playing and rnd.boards[j].result is not None)]
                if shown or not self.only_playing:
                    keys.append(i)
                    rows.append(matches[i])
                continue
            b = rnd.boards[i]
            i += 1
            if self.only_playing and b.result is not None:
                continue
            keys.append(f"b{i}")
            result = RESULT_TEXT[b.result] if b.result else "…"
            if b.handicap or b.komi is not None:  # Go: handicap stones and komi of the board
                result = f"{result} {go_marks(b.handicap or 0, b.komi)}"
            if t.system == "knockout":
                pw, pb = (fmt_points(x) for x in in_match[i]) if i in in_match else ("", "")
            else:
                pw, pb = points(b.white), points(b.black)
            rows.append((match_game(t, rnd, i, b), b.white, names.get(b.white, "?"), pw,
                         match_result(t, rnd, i, result), pb, b.black, names.get(b.black, "?")))
        cup = cup_words(t, self.round_no)
        if not self.only_playing:
            on_board = {x for b in rnd.boards for x in (b.white, b.black)}
            resting = {m.home for m in rnd.matches if m.bye}  # a team's bye: its row says so
            on_board |= {pno for team in t.teams if team.id in resting for pno in team.members}
            byes = {b.pno: b.kind for b in rnd.byes}
            for p in sorted(t.players, key=lambda p: p.pno):
                if p.pno in on_board:
                    continue
                if p.pno in cup[0]:  # a cup's words are long: in the last column, not in Result
                    keys.append(f"p{p.pno}")
                    rows.append(("", p.pno, p.name, "", "—", "", "", cup[0][p.pno]))
                elif p.pno in byes or p.active_in(self.round_no):
                    keys.append(f"p{p.pno}")
                    kind = byes.get(p.pno)
                    rows.append(("", p.pno, p.name, points(p.pno), bye_points(kind, t.points), "", "",
                                 bye_text(kind, t.points)))
        sync_table(table, keys, rows)
        missing = [i for i, b in enumerate(rnd.boards, 1) if b.result is None]
        done = len(rnd.boards) - len(missing)
        manual = _(" · changed by hand") if rnd.manual else ""
        latest = "" if self.round_no == t.current_round else _(" · earlier round: changes are corrections")
        when = format_schedule(t.round_date(self.round_no), t.round_time(self.round_no))
        set_text(title, _("Round {r} of {total} · {done} of {n} results in").format(
            r=self.round_no, total=t.total_rounds, done=done, n=len(rnd.boards))
            + (f" · {when}" if when else "") + manual + latest
            + (" · " + _("b: bracket") if t.system == "knockout" else ""))
        if missing:
            listed = ", ".join(map(str, missing[:15])) + (" …" if len(missing) > 15 else "")
            set_text(status, ngettext("Still playing: board {boards}", "Still playing: boards {boards}",
                                   len(missing)).format(boards=listed))
        elif self.round_no < t.total_rounds and self.round_no == t.current_round and not self.app.view_only:
            set_text(status, _("All results are in. Press p to pair round {n}.").format(n=self.round_no + 1))
        elif self.round_no == t.total_rounds:
            set_text(status, _("All results are in. This was the last round."))
        else:
            set_text(status, _("All results are in. [ and ] switch rounds."))
        if cup[1]:
            set_text(status, f"{cup[1]}\n{status.content}")

    # -- results ------------------------------------------------------------------------------
    def selected_board(self) -> int | None:
        key = selected_key(self.query_one("#boards", FittedTable))
        if key is None or not key.startswith("b"):
            return None
        return int(key[1:])

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
        self.enter_result(self.round_no, board, RESULT_KEYS.get(key) if key else None)

    def enter_result(self, round_no: int, board: int, result: GameResult | None,
                     typed: str | None = None) -> None:
        """Enter a result; a change of an existing result (or an earlier round) asks first.

        Whatever is not stored in the end — refused by the rules of the event (a jigo with a
        half-point komi), a correction cancelled, a board another organiser changed meanwhile —
        joins the refused list with why, as ``typed`` (a single key: board and result)."""
        typed = typed or f"{board} {result.value if result is not None else '—'}"
        t = self.shown
        current = t.round(round_no).boards[board - 1].result
        if current == result:
            self.move_to_next_empty(board)
            return
        if current is not None or round_no < t.current_round:
            try:
                text = describe_result_change(t, round_no, board, result, self.entered_by(round_no, board, current))
            except TournamentError as exc:
                self.refuse_line(typed, str(exc), round_no)
                return

            def decided(yes: bool | None) -> None:
                if yes:
                    self.store_result(round_no, board, result, typed)
                else:
                    self.refuse_line(typed, _("the correction was cancelled; board {b} keeps {result}").format(
                        b=board, result=current.value if current is not None else _("no result")), round_no)

            self.app.push_screen(ConfirmDialog(_("Correct a result"), text, yes=_("Correct"), danger=True), decided)
            return
        self.store_result(round_no, board, result, typed)

    def entered_by(self, round_no: int, board: int, current: GameResult | None) -> tuple[str, str]:
        """Who entered the result a correction replaces, and when (the journal's newest change
        of the board; results still queued are saved first, so that one of them is named
        rather than the change before it)."""
        if current is None:
            return ("", "")
        if self.session.pending:
            self.session.flush()
        return self.session.desk.result_entered(round_no, board)

    def store_result(self, round_no: int, board: int, result: GameResult | None, typed: str) -> None:
        """Show the result at once; the store saves it in the background, in typing order."""
        screen = self.screen
        session = self.session
        gc_after_frame(self)
        saved = on_ui_thread(self, self.result_saved, typed, round_no)

        def change() -> Tournament:
            return session.enter_result(round_no, board, result, saved, hold=True)

        before = len(self.shown.round(round_no).boards)
        if screen.run_change(change, refused=lambda reason: self.refuse_line(typed, reason, round_no)):
            self.say_cup_boards(round_no, before)
            self.move_to_next_empty(board)
        # the save starts once the frame showing the result is drawn (see Session.enter_result);
        # the timer is the safety net should the screen change before that refresh
        self.call_after_refresh(session.release)
        self.set_timer(0.25, session.release)

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

    def move_to_next_empty(self, after: int) -> None:
        """Cursor to the next board without a result (wrapping), or stay when all are in."""
        if not self.round_no:
            return
        rnd = self.shown.round(self.round_no)
        n = len(rnd.boards)
        table = self.query_one("#boards", FittedTable)
        for step in range(1, n + 1):
            i = (after - 1 + step) % n
            if rnd.boards[i].result is None and move_to_key(table, f"b{i + 1}"):
                return
        move_to_key(table, f"b{after}")

    def activated(self) -> None:
        """The rounds tab is shown again: draw what changed meanwhile, and bring the cursor into
        view (a hidden FastTable does not scroll)."""
        if self.dirty:
            self.render_round()
        table = self.query_one("#boards", FittedTable)
        if table.row_count:
            self.call_after_refresh(lambda: table.move_cursor(row=table.cursor_row, animate=False))

    def move_to_board(self, board: int) -> None:
        move_to_key(self.query_one("#boards", FittedTable), f"b{board}")

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
        for pair in typed_pairs(text):
            self.enter_typed(pair)

    def enter_typed(self, text: str) -> None:
        """One "board result" pair: entered, or refused into the list with why."""
        match = _TYPED.match(text)
        if not match or not self.round_no:
            self.refuse_line(text, _("Type the board number and the result, e.g. 12 1-0."), self.round_no)
            return
        board = int(match.group(1))
        try:
            result = parse_result(self.shown, match.group(2))
        except TournamentError as exc:
            self.refuse_line(text, str(exc), self.round_no)
            return
        n = len(self.shown.round(self.round_no).boards)
        if not 1 <= board <= n:
            from core.errors import InvalidResult

            self.refuse_line(text, str(InvalidResult.no_such_board(self.round_no, n, board)), self.round_no)
            return
        self.enter_result(self.round_no, board, result, text)

    def result_saved(self, outcome: Outcome | None, error: TournamentError | None, typed: str,
                     round_no: int) -> None:
        """The store answered a result: a refusal — another organiser changed the board
        meanwhile (the screen now shows their result), or the save failed — keeps the line in
        the refused list, said in a toast; a dialog would take the next line's Enter."""
        if error is None:
            self.screen.save_finished(outcome, None)
            return
        self.screen.refresh_panes()
        self.refuse_line(typed, str(error), round_no,
                         _("Changed by someone else") if isinstance(error, ConflictError) else _("Not saved"))

    def refuse_line(self, text: str, reason: str, round_no: int | None = None, title: str = "") -> None:
        """A typed line or key that is not stored: named, with why, and kept for correction
        under its round (``None``: no round shown; listed in every round)."""
        self.query_one("#result-refused", RefusedList).add(text, text, reason, round_no or None)
        self.notify(_("Not entered: «{line}» — {reason}").format(line=text, reason=reason), severity="error",
                    title=title)

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

    # -- single-key mode -----------------------------------------------------------------------
    def show_mode(self) -> None:
        """The mode indicator beside the entry line: what a digit typed on the table does."""
        mode = self.query_one("#result-mode", Static)
        on = bool(self.single_keys)
        set_text(mode, _("Single keys on") if on else _("Single keys off"))
        mode.set_class(on, "-on")

    def action_toggle_single_keys(self) -> None:
        from tui.settings import load_ui_settings, save_ui_settings

        self.single_keys = not self.single_keys
        save_ui_settings({**load_ui_settings(), "single_keys": self.single_keys})  # the next event starts so
        self.show_mode()
        self.notify(_("Single-key results on: 1 0 = + - f on the table enter the selected board's result.")
                    if self.single_keys else
                    _("Single-key results off: digits typed on the table go to the entry line."))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.RESULT_ACTIONS and not self.single_keys:
            return False  # the indicator says "Single keys off": no key writes a result alone
        return super().check_action(action, parameters)

    def on_key(self, event) -> None:
        """Single keys off: a digit on the table starts a typed line there (``2 0-1``: board 2,
        not three results on three boards).  On: a digit is a result key for the cursor's
        board, and one that is no result (2–9) is said — what a digit does depends on the
        mode shown, never on how fast the next key follows."""
        char = event.character or ""
        if self.app.view_only or len(char) != 1 or not char.isdigit():
            return
        if self.app.focused is not self.query_one("#boards", FittedTable):
            return
        if self.single_keys and char in RESULT_KEYS:
            return  # the binding enters the result: the indicator says so
        event.stop()
        event.prevent_default()
        if self.single_keys:
            # in the mode a digit is a result for the cursor's board, whatever follows it: one
            # that is none is said, never turned into a typed line (that depended on speed)
            self.app.bell()
            self.notify(_("Single keys are on: {key} is no result (1 0 = + - f). Type : for a line "
                          "such as 12 1-0, or k to switch single keys off.").format(key=char), severity="warning")
            return
        entry = self.query_one("#result-entry", Input)
        entry.focus()
        entry.insert_text_at_cursor(char)

    def action_toggle_playing(self) -> None:
        self.only_playing = not self.only_playing
        self.render_round()
        self.notify(_("Showing only boards still playing.") if self.only_playing else _("Showing all boards."))

    def action_round(self, step: int) -> None:
        if self.t is None or not self.t.current_round:
            return
        self.round_no = max(1, min(self.t.current_round, self.round_no + step))
        self.render_round()

    # -- pairing ------------------------------------------------------------------------------
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
                self.app.show_message(_("Cannot pair yet"), text)
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
        self.app.hold_keys(self)
        self.call_after_refresh(lambda: self.pair_worker(plan, cancel, session))

    @work(thread=True, exclusive=True, group="pairing", exit_on_error=False, description="pairing")
    def pair_worker(self, plan, cancel: threading.Event, session) -> PairingDone:
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

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "explain":
            self.explained(event)
            return
        if event.worker.group != "pairing":
            return
        state = event.state
        if state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        self.cancel_event = None
        self.query_one("#pair-progress-row").display = False
        if state is WorkerState.CANCELLED:
            self.notify(_("Pairing cancelled; nothing was changed."))
            self.app.release_keys(self)
            return
        if state is WorkerState.ERROR:
            error = event.worker.error
            from core.pairing.base import Cancelled

            if isinstance(error, Cancelled):
                self.notify(_("Pairing cancelled; nothing was changed."))
            elif isinstance(error, ConflictError):
                self.screen.refresh_panes()
                self.app.show_message(_("Changed by someone else"), _(
                    "{error}\n\nThe round was not saved. Look at the changes, then pair again.").format(error=error),
                    unasked=True)
            elif isinstance(error, TournamentError):
                self.app.show_message(_("No pairing"), str(error), unasked=True)
            else:
                self.app.show_message(_("Pairing failed"), f"{type(error).__name__}: {error}", unasked=True)
            self.app.release_keys(self)  # the keys typed meanwhile: after the message, to this round
            return
        done: PairingDone | None = event.worker.result
        if done is None:  # a worker that succeeded has returned
            return
        pairing = done.pairing
        self.explanations[pairing.round] = dict(getattr(pairing, "explanations", {}) or {})
        # two frames instead of one long one: the progress row goes (a layout change), then
        # the new round is drawn
        self.call_after_refresh(self.show_paired, pairing.round, done.notes)

    def show_paired(self, round_no: int, notes: tuple[str, ...] = ()) -> None:
        """The second half of a finished pairing: draw the new round, say so."""
        gc_after_frame(self)
        self.round_no = round_no
        self.screen.refresh_panes()  # draws the new round once
        self.query_one("#boards", FittedTable).move_cursor(row=0, animate=False)
        self.focus_main()
        self.app.release_keys(self)  # what was typed meanwhile goes to the new round
        # the toast in a frame of its own (mounting it is a layout change)
        said = "\n".join((_("Round {n} is paired.").format(n=round_no), *notes))
        self.call_after_refresh(lambda: self.notify(said, severity="warning" if notes else "information",
                                                    timeout=12 if notes else None, markup=False))

    def cancel_pairing(self) -> bool:
        """Escape while pairing: stop the engine (its child process ends within 50 ms)."""
        if self.cancel_event is None:
            return False
        self.cancel_event.set()
        self.workers.cancel_group(self, "pairing")
        return True

    def action_schedule(self) -> None:
        """Date and start time of the round shown (round 1 before anything is paired)."""
        t = self.t
        if t is None:
            return
        number = self.round_no or 1
        current = " ".join(x for x in (t.round_date(number), t.round_time(number)) if x)

        def given(text: str | None) -> None:
            if text is None:
                return
            parts = text.split()
            date = next((x for x in parts if "-" in x or "/" in x), "")
            clock = next((x for x in parts if ":" in x), "")
            if len(parts) > 2 or len([x for x in parts if x not in (date, clock)]):
                self.notify(_("Type a date YYYY-MM-DD and/or a time HH:MM."), severity="error")
                return
            self.screen.run_change(
                lambda: self.session.do(lambda desk: desk.schedule_round(number, date, clock)),
                _("Round {n}: {when}").format(n=number, when=text.strip() or "–"))

        self.app.push_screen(PromptDialog(_("Date and start time of round {n}").format(n=number),
                                          _("YYYY-MM-DD HH:MM; either part alone; empty clears both."),
                                          current, "2026-05-04 10:00"), given)

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
                self.screen.run_change(lambda: self.session.do(lambda desk: desk.cup_bids(bids)),
                                       _("Armageddon bids entered: the game is on a board."))

        self.app.push_screen(PromptDialog(
            _("Armageddon bids: {a} {name_a} v {b} {name_b}").format(a=a, name_a=names.get(a, ""), b=b,
                                                                       name_b=names.get(b, "")),
            _("The seconds each would take with Black (at most {limit}), {a} first: the lower bid plays "
              "Black with that time; equal bids, a lot.").format(limit=game.time_control.base, a=a),
            "", "240 200", check=parse), given)
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
                self.screen.run_change(
                    lambda: self.session.do(lambda desk: desk.unpair_last_round(force=True, seen=seen)),
                    _("Round {n} is unpaired.").format(n=last.number))

        self.app.push_screen(ConfirmDialog(_("Unpair the last round"), body, yes=_("Unpair"), danger=True), decided)

    # -- explanations and manual changes -------------------------------------------------------
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
        self.app.show_message(_("Why this pairing?"), self.explain_text(board))

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
        return round_no, board, dict(getattr(pairing, "explanations", {}) or {}) if same else None

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
            self.app.show_message(_("Why this pairing?"), self.explain_text(self.selected_board()))

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
        screen = self.screen

        def closed(changed: bool | None) -> None:
            if changed:
                screen.refresh_panes()

        self.app.push_screen(ManualPairingScreen(self.session), closed)

    def palette_commands(self) -> Iterable[SystemCommand]:
        if self.t is not None and self.t.current_round < self.t.total_rounds:
            yield SystemCommand(_("Pair next round"), _("Pair round {n} (p)").format(n=self.t.current_round + 1),
                                self.action_pair)
        yield SystemCommand(_("Unpair last round"), _("Delete the last round's pairing (u)"), self.action_unpair)
        yield SystemCommand(_("Change pairing by hand"), _("Manual pairing with the engine's side by side (m)"),
                            self.action_manual)

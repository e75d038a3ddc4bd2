"""The rounds pane's boards table: its columns, a row per board (and per team match, per
player without a game), the round's title and status line — what core computed
(:mod:`core.round_view`, :func:`core.model.scores`), in the reader's words."""

from __future__ import annotations

import re

from fractions import Fraction

from textual.widgets import Input, Static

from core.i18n import _, ngettext, pgettext
from core.i18n.format import format_schedule
from core.model import Board, ByeKind, GameResult, PointSystem, Round, Tournament
from core.round_view import board_order, cup_points, scores_before_round
from tui.i18n import fmt_points
from tui.screens.registration import is_go
from tui.screens.rounds_tab import RoundsTab
from tui.widgets.refused import RefusedList
from tui.widgets.tables import READABLE, Col, FittedTable, optional_col, reset_table, short_col, sync_table, text_col
from tui.widgets.text import set_text

RESULT_TEXT = {result: result.text for result in GameResult}
"""How a board's result is shown (:attr:`GameResult.text`: forfeits in the usual +:- notation)."""


def bye_text(kind: ByeKind | None, points: PointSystem | None = None) -> str:
    """A player's row without a game; a PAB worth other than a win (Double-Swiss: a game won
    plus a game drawn, 1½) says its value, so the row never reads as one point."""
    if kind is ByeKind.PAB and points is not None and points.pab != points.win:
        return _("bye (PAB, {points} points)").format(points=fmt_points(points.pab))
    return {
        ByeKind.PAB: _("bye (PAB)"), ByeKind.HALF: _("half-point bye"),
        ByeKind.FULL: _("full-point bye"), ByeKind.ZERO: _("zero-point bye"), None: _("absent"),
    }[kind]


def bye_word(kind: ByeKind | None, points: PointSystem | None = None) -> str:
    """A bye's kind in a few words for the boards' last column, where the Result column beside
    it gives the points already: the long words ("mit halbem Punkt spielfrei", "очко без игры
    (пропуск тура)") were cut even at 80×24; they stay in the details (``x``, :func:`bye_text`)."""
    if kind is ByeKind.PAB and points is not None and points.pab != points.win:
        return bye_text(kind, points)
    return {
        ByeKind.PAB: pgettext("bye, short", "PAB"), ByeKind.HALF: pgettext("bye, short", "half-point bye"),
        ByeKind.FULL: pgettext("bye, short", "full-point bye"), ByeKind.ZERO: pgettext("bye, short", "zero-point bye"),
        None: _("absent"),
    }[kind]


def bye_points(kind: ByeKind | None, points: PointSystem) -> str:
    """A row without a game in the Result column: the points its bye gives (``1``, ``½``,
    ``0``), ``—`` for an absence.  Short on purpose: the column is as wide as its widest cell,
    and a bye's words (``yarım puanlık tur atlama``) there left the names ten cells; the words
    go in the last column, which gives way like a name."""
    return "—" if kind is None else fmt_points(points.for_code(kind.code))


def board_columns(t: Tournament | None = None) -> list[tuple[str, str] | Col]:
    """The boards table's columns.  On a cup's boards the points are each player's points in
    the match before the board's game (:func:`core.round_view.cup_points`), not the event's, which count
    earlier matches and rounds passed without a game; a Go event's are its scores (MMS or
    level, :func:`core.go.summary.scores_before`)."""
    score = _("Pts")
    if t is not None and is_go(t):
        from core.go.summary import score_name

        score = score_name(t)
    cup = t is not None and t.system == "knockout"
    # a cup's points beside the names (the match so far) give way, after the numbers, to the
    # words of a player off the boards ("выбыл: Предварительный тур" was cut at 60 columns)
    points: list[tuple[str, str] | Col] = ([optional_col(score, "wpts", 1), optional_col(score, "bpts", 1)] if cup
                                           else [(score, "wpts"), (score, "bpts")])
    numbers = 2 if cup else 1
    return [(_("Bd"), "board"), optional_col(_("No."), "wno", numbers), text_col(_("White"), "white"), points[0],
            short_col(_("Result"), "result", pgettext("short header", "Res.")), points[1],
            optional_col(_("No."), "bno", numbers), text_col(_("Black"), "black")]


CUP_CELLS = 28
"""The rounds table of a cup keeps names and the short words of a player off the boards
("out: Quarter-final", "выбыл: Предварительный тур") whole up to this many cells, leaving out
the pairing numbers, then the match's points, before it cuts them (``FittedTable.readable``)."""


def reset_boards(table: FittedTable, t: Tournament | None) -> None:
    """The boards table's columns for ``t`` (:func:`board_columns`), and how much of a name or
    a cup's words it keeps whole (:data:`CUP_CELLS`)."""
    table.readable = CUP_CELLS if t is not None and t.system == "knockout" else READABLE
    reset_table(table, board_columns(t))


def match_game(t: Tournament, rnd: Round, board_no: int, board: Board) -> int | str:
    """The board column: the board number, and for a Double-Swiss round which match and which
    of its two games the board is (``3 · 2.1``: board 3 is game 1 of match 2)."""
    if t.system != "double-swiss" or board.game not in ("g1", "g2"):
        return board_no
    from core.pairing.doubleswiss.state import match_of

    return f"{board_no} · {match_of(rnd, board_no - 1)}.{board.game[1]}"


def match_result(t: Tournament, rnd: Round, board_no: int, text: str) -> str:
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
    return away, cup_games_line(by_game)


def bids_awaited(t: Tournament) -> str:
    """A cup's round whose results are in but whose Armageddon waits for the players' bids:
    who, in words ("All results are in. Match 1, 3 North – 5 West, waits for the Armageddon
    bids."); "" otherwise.  F3 said "12 of 12 results in" and nothing of the bids, and only p
    found them."""
    if t.system != "knockout" or not t.rounds or not t.rounds[-1].complete:
        return ""
    from core.errors import TournamentError
    from core.playoff.cup import waiting_armageddons

    try:
        waiting = waiting_armageddons(t)
    except TournamentError:
        return ""
    if not waiting:
        return ""
    names = {p.pno: p.name for p in t.players}
    pairs = [tuple(sorted((int(g.white), int(g.black)))) for g in waiting]
    said = "; ".join(f"{a} {names.get(a, '')} – {b} {names.get(b, '')}" for a, b in pairs)
    return ngettext("All results are in. The Armageddon of {players} waits for the players' bids.",
                    "All results are in. The Armageddons of {players} wait for the players' bids.",
                    len(pairs)).format(players=said)


_CLOCK = re.compile(r"^(.*) \(([^()]*)\)$")
"""A game's label and its clock in brackets at the end (``Game 1 (3 min + 3 s)``)."""


def cup_games_line(by_game: dict[str, list[int]]) -> str:
    """Which game each board plays, said once per round: the stage the labels share first,
    with the clock most of them share (``Preliminary round (3 min + 3 s): Bd 1, 2 — Game 1;
    Bd 3, 4 — Game 2; Bd 7 — Armageddon (White 5 min, Black 4 min; …)``), runs of boards as
    ranges (``Bd 1–4``).  The stage and clock repeated on every board group made a round
    with extension games five lines long, and the status line under it was cut."""
    if not by_game:
        return ""
    labels = list(by_game)
    split = [label.partition(" · ") for label in labels]
    stages = {stage for stage, sep, _rest in split}
    head = ""
    if len(stages) == 1 and all(sep for _stage, sep, _rest in split):
        head = split[0][0]
        labels = [rest for _stage, _sep, rest in split]
    clocks = [m.group(2) if (m := _CLOCK.match(label)) else None for label in labels]
    common = max(set(clocks), key=clocks.count) if any(clocks) else None
    if common is not None and clocks.count(common) > 1:
        labels = [m.group(1) if clock == common and (m := _CLOCK.match(label)) else label
                  for label, clock in zip(labels, clocks)]
        head = f"{head} ({common})" if head else ""
        if not head:  # no stage to carry the shared clock: each game keeps its own
            labels = list(by_game)
    games = "; ".join(f"{_('Bd')} {board_ranges(boards)} — {label}" for label, boards in zip(labels, by_game.values()))
    return f"{head}: {games}" if head else games


def board_ranges(boards: list[int]) -> str:
    """``1–4, 7`` for boards 1, 2, 3, 4, 7: a run of three or more as a range."""
    runs: list[list[int]] = []
    for board in boards:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


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


class PointsShown:
    """The points beside the names, each distinct score formatted once (500 boards: 1,000
    cells, a dozen scores)."""

    def __init__(self, before: dict[int, Fraction]) -> None:
        self.before = before
        self.texts: dict[Fraction | None, str] = {}

    def __call__(self, pno: int) -> str:
        value = self.before.get(pno)
        text = self.texts.get(value)
        if text is None:
            text = self.texts[value] = fmt_points(value)
        return text


def off_board_rows(t: Tournament, round_no: int, points: PointsShown) -> list[tuple[str, tuple]]:
    """A row per player without a board (:func:`core.round_view.off_the_boards`): a bye's points
    in the Result column and its kind in short words in the last one; a cup's in short words
    too ("out: Quarter-final"; ``x`` says them in full)."""
    from core.round_view import off_the_boards

    rows = []
    for off in off_the_boards(t, round_no, short=True):
        name = t.player(off.pno).name
        if off.away:
            rows.append((f"p{off.pno}", ("", off.pno, name, "", "—", "", "", off.away)))
        else:
            rows.append((f"p{off.pno}", ("", off.pno, name, points(off.pno), bye_points(off.bye, t.points), "", "",
                                          bye_word(off.bye, t.points))))
    return rows


def round_title(t: Tournament, round_no: int) -> str:
    """The round's title line: results in so far, its date and time, changed by hand, an
    earlier round (changes are corrections), a cup's bracket key."""
    rnd = t.round(round_no)
    done = sum(1 for b in rnd.boards if b.result is not None)
    manual = _(" · changed by hand") if rnd.manual else ""
    latest = "" if round_no == t.current_round else _(" · earlier round: changes are corrections")
    when = format_schedule(t.round_date(round_no), t.round_time(round_no))
    return (_("Round {r} of {total} · {done} of {n} results in").format(
        r=round_no, total=t.total_rounds, done=done, n=len(rnd.boards))
        + (f" · {when}" if when else "") + manual + latest
        + (" · " + _("b: bracket") if t.system == "knockout" else ""))


class BoardsShown(RoundsTab):
    """The round shown as a table: drawn on every change, one round at a time (``[``/``]``),
    all boards or only those still playing (``s``)."""

    drawn = False
    """True once the boards table was filled (the first ``show`` always draws)."""

    def render_round(self) -> None:
        """Draw the round shown: the rows, the title, the status line."""
        self.drawn = True
        self.dirty = False
        t = self.t
        # a refused line belongs to its round: listed while that round is shown, counted otherwise
        self.query_one("#result-refused", RefusedList).show_scope(self.round_no)
        from tui.screens.result_entry import entry_hint

        self.query_one("#result-entry", Input).placeholder = entry_hint(t, self.round_no, self.single_keys)
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
        points = PointsShown(scores_before_round(t, self.round_no))
        keys, rows = self.board_rows(t, points)
        if not self.only_playing:
            for key, row in off_board_rows(t, self.round_no, points):
                keys.append(key)
                rows.append(row)
        sync_table(table, keys, rows)
        set_text(title, round_title(t, self.round_no))
        set_text(status, self.round_status(t))
        status.set_class(t.system == "knockout", "-cup")  # the games line above the status: more room

    def board_rows(self, t: Tournament, points: PointsShown) -> tuple[list[str], list[tuple]]:
        """A row per board (with ``s``, only those still playing), each team match's row above
        its boards: (row keys, rows)."""
        rnd = t.round(self.round_no)
        in_match = cup_points(t, self.round_no)
        names = {p.pno: p.name for p in t.players}
        matches = match_rows(t, rnd) if rnd.matches else {}
        keys: list[str] = []
        rows: list[tuple] = []
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
        return keys, rows

    def round_status(self, t: Tournament) -> str:
        """The line under the table: the boards still playing, or what comes next; a cup's
        boards by game above it."""
        missing = [i for i, b in enumerate(t.round(self.round_no).boards, 1) if b.result is None]
        if missing:
            listed = ", ".join(map(str, missing[:15])) + (" …" if len(missing) > 15 else "")
            text = ngettext("Still playing: board {boards}", "Still playing: boards {boards}",
                            len(missing)).format(boards=listed)
        elif self.round_no == t.current_round and (bids := bids_awaited(t)):
            text = bids if self.app.view_only else _("{waiting} Press p to enter them.").format(waiting=bids)
        elif self.round_no < t.total_rounds and self.round_no == t.current_round and not self.app.view_only:
            text = _("All results are in. Press p to pair round {n}.").format(n=self.round_no + 1)
        elif self.round_no == t.total_rounds:
            text = _("All results are in. This was the last round.")
        else:
            text = _("All results are in. [ and ] switch rounds.")
        cup = cup_words(t, self.round_no)[1]
        return f"{cup}\n{text}" if cup else text

    def activated(self) -> None:
        """The rounds tab is shown again: draw what changed meanwhile, and bring the cursor into
        view (a hidden FastTable does not scroll)."""
        if self.dirty:
            self.render_round()
        table = self.query_one("#boards", FittedTable)
        if table.row_count:
            self.call_after_refresh(lambda: table.move_cursor(row=table.cursor_row, animate=False))

    def action_toggle_playing(self) -> None:
        self.only_playing = not self.only_playing
        self.render_round()
        self.notify(_("Showing only boards still playing.") if self.only_playing else _("Showing all boards."))

    def action_round(self, step: int) -> None:
        if self.t is None or not self.t.current_round:
            return
        self.round_no = max(1, min(self.t.current_round, self.round_no + step))
        self.render_round()

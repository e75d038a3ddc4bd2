"""Provides the standings pane: the current ranking with the tournament's tie-break list.

The table is recomputed from the snapshot whenever it changes (our own result or another
organiser's); ``x`` on a tie-break cell shows how that value was made (opponents, rounds, what
was cut and why), so an arbiter can answer a player's question on the spot.
"""

from __future__ import annotations

from tui.widgets.pane import LazyPane

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from core.errors import TournamentError
from core.i18n import _, pgettext
from core.model import Tournament
from tui.i18n import L_, fmt_points
from tui.standings import StandingsView, compute, computed, explain
from tui.widgets.tables import (NAME_WHOLE, Col, FittedTable, columns_changed, forget_columns, optional_col, reset_table, short_col,
                                sync_table, text_col)
from tui.widgets.text import set_text
from tui.messages import ShowMessage


def fill_standings(table: FittedTable, view: StandingsView, columns_key: list[object]) -> None:
    """Show ``view`` in ``table``, rebuilding the columns only when the criteria changed.  A
    cup shows the stage reached and the latest match instead of points and tie-breaks."""
    columns_key = [*columns_key, view.changes, bool(view.cup), view.go]
    if columns_changed(table, columns_key):
        # last: x keeps its tie-break columns; a Go event's change is of the GoR
        # left out on a narrow screen in this order: the change, the pairing number, the rating;
        # a place a playoff decided carries its mark (core.standings.place_text), the notes say why
        change = [optional_col(_("GoR ±") if view.go else _("Rtg ±"), "change", 3)] if view.changes else []
        values: list[tuple[str, str] | Col]
        if view.cup:
            # the opponent gives way before the player's own name (weights 2 and 3, as a club),
            # then by family name, then by number (:func:`shorter_opponents`) under a short head;
            # the match's head is short beside its score ("Wettkampf" over "1½–½")
            values = [(_("Stage"), "stage"), short_col(_("Match"), "match", pgettext("short header", "Res.")),
                      Col(_("Opponent"), "opponent", 2, short=pgettext("short header", "Opp."))]
        else:  # a Go event has no chess points: its MMS or level is its first criterion
            values = [] if view.go else [(_("Pts"), "points")]
            values += [(c, f"tb{i}") for i, c in enumerate(view.columns)]
        strength = optional_col(pgettext("go", "Rank"), "rating") if view.go else optional_col(_("Rtg"), "rating")
        rank = short_col(_("Rk"), "rank", pgettext("short header", "Rk"))  # tr "Derece" over "5="
        reset_table(table, [rank, optional_col(_("No."), "pno", 2), text_col(_("Name"), "name"), strength,
                            *values, *change])
    # rows keyed by position: a result that reorders the table becomes cell updates instead of
    # a rebuild (Textual re-measures every cell of a rebuilt 300-row table)
    keys = [f"r{i}" for i in range(len(view.rows))]
    points = {p: fmt_points(p) for p in {r.points for r in view.rows}}  # a few values, each once
    rows = [(r.place, r.pno, r.name, r.rank if view.go else r.rating or "",
             *(view.cup.get(r.pno, ("", "", "")) if view.cup else
               (*([] if view.go else [points[r.points]]), *r.values)),
             *([r.change] if view.changes else [])) for r in view.rows]
    sync_table(table, keys, rows)
    if view.cup and opponents_cut(table):
        sync_table(table, keys, shorter_opponents(rows, OPPONENT))
        if opponents_cut(table):
            sync_table(table, keys, shorter_opponents(rows, OPPONENT, number_only=True))


OPPONENT = 6
"""The opponent's column in a cup's rows (Rk, No., Name, Rtg, Stage, Match, Opponent)."""


def opponents_cut(table: FittedTable) -> bool:
    """Whether a cup's opponent column is cut on this width."""
    return any(given[OPPONENT] and shown[OPPONENT] != given[OPPONENT]
               for given, shown in zip(table.kept.given, table.kept.shown))


def shorter_opponents(rows: list[tuple], column: int, number_only: bool = False) -> list[tuple]:
    """A cup's rows with each opponent as pairing number and family name ("4 Yılmaz" for "4
    Yılmaz, Elif"), or (``number_only``) as pairing number: at 60 columns the whole names left
    "4 Yılmaz,…", "3 Schneide…", and in Russian beside "Предварительный тур" even the family
    names would cut the player's own; the number tells two of one family apart and is the
    player's row in the same table.  A placeholder ("winner of …") stays as it is."""
    def family(text: str) -> str:
        number, _space, name = text.partition(" ")
        if not number.isdigit() or not name:
            return text
        return number if number_only else f"{number} {name.split(',')[0].strip()}"

    return [(*row[:column], family(str(row[column])), *row[column + 1:]) for row in rows]


def regime_line(view: StandingsView) -> str:
    criteria = ", ".join(view.columns) if view.columns else _("none")
    if not view.chess_regime:
        return _("Tie-breaks: {list}").format(list=criteria)
    return _("Tie-breaks: {criteria} · regime {regime}: {name}").format(
        criteria=criteria, regime=view.regime, name=view.regime_name)


class StandingsPane(LazyPane, Vertical):
    """Current standings."""
    TAB_ID = "tab-standings"

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False
    generation = 0
    """How many times a computed view has been put into the table (benchmarks, tests)."""
    view: StandingsView | None = None
    """The standings the table shows (None until computed)."""

    BINDINGS = [Binding("x", "explain", L_("Explain value"))]

    def compose(self) -> ComposeResult:
        yield Static(id="standings-title", classes="screen-title")
        # read for its order: the pairing number and the rating leave before a name is cut
        yield FittedTable(id="standings", cursor_type="cell", zebra_stripes=True, readable=NAME_WHOLE)
        yield Static(id="standings-notes", classes="status-line")

    def on_resize(self) -> None:
        """A cup's opponents are by family name only while whole names do not fit: decided
        again for the new width (the table itself only cuts what it was given)."""
        if self.view is not None and self.view.cup and self.t is not None:
            self.call_after_refresh(self.refill)

    def refill(self) -> None:
        if self.view is not None:
            fill_standings(self.query_one("#standings", FittedTable), self.view, list(self.view.columns))

    def relabel(self) -> None:
        forget_columns(self.query_one("#standings", FittedTable))
        if self.t is not None:
            self.show(self.t, force=True)

    def main_widget(self) -> FittedTable:
        """The widget that gets the focus when the pane is shown."""
        return self.query_one("#standings", FittedTable)

    def show(self, t: Tournament, force: bool = False) -> None:
        self.t = t
        if not force and not self.is_on_screen:
            self.dirty = True
            return
        self.dirty = False
        if len(t.players) > self.BIG:
            ready = computed(t)  # ahead (tui.preload) or by another pane: shown in this frame
            if ready is not None:
                self.apply(t, ready)
            else:
                self.call_after_refresh(self.compute_worker, t)  # the pane's frame first (see BIG)
            return
        try:
            view = compute(t)
        except TournamentError as exc:
            set_text(self.query_one("#standings-notes", Static), str(exc))
            return
        self.apply(t, view)

    BIG = 400
    """Above this many players the standings are computed in a thread worker (1,000 players:
    ~100 ms of Python that would hold every frame and key), started after the pane's frame (a
    worker started in the key's handler shares the interpreter with the UI thread drawing
    it); below it, or when they are computed already, at once (no flicker)."""

    @work(thread=True, exclusive=True, group="standings", exit_on_error=False, description="standings")
    def compute_worker(self, t: Tournament) -> tuple[Tournament, StandingsView]:
        return t, compute(t)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "standings":
            return
        if event.state is WorkerState.SUCCESS:
            result: tuple[Tournament, StandingsView] | None = event.worker.result  # compute_worker's
            assert result is not None  # a worker that succeeded has returned
            t, view = result
            if t is self.t:  # a newer snapshot has its own worker
                self.apply(t, view)
        elif event.state is WorkerState.ERROR and isinstance(event.worker.error, TournamentError):
            set_text(self.query_one("#standings-notes", Static), str(event.worker.error))

    def apply(self, t: Tournament, view: StandingsView) -> None:
        """Put a computed view into the table, title and notes."""
        self.view = view
        self.generation += 1
        fill_standings(self.query_one("#standings", FittedTable), view, list(view.columns))
        from core.standings import rounds_started

        counted = rounds_started(t)  # a round just paired counts once a result is in
        after = _("Standings after round {n}").format(n=counted) if counted else _("Starting rank")
        # a cup ranks by the stage reached (players out at one stage share): no tie-break list
        set_text(self.query_one("#standings-title", Static), after if view.cup else f"{after} · {regime_line(view)}")
        notes = list(view.warnings)
        from core.standings import playoff_footnote

        footnote = playoff_footnote(view.source) if view.source is not None else ""
        if footnote:  # the mark beside those places says why their order differs from the values
            where = _("The games: Playoff, F7.")
            # first: the notes show three lines, and the marks in the table need their legend
            # on screen more than a tie-break's note does (a two-line ARO note pushed it out)
            notes.insert(0, f"{footnote} {where}")
        # a playoff decides the final standings: none suggested before the last round's results
        # are in (after round 1 of 7 with no result everybody is "tied")
        final = t.current_round >= t.total_rounds and bool(t.rounds) and t.rounds[-1].complete
        if view.cup:  # the letters beside a match score (Д А), as the printed standings explain them
            from core.reports.tables import cup_legend

            notes.extend(cup_legend(t))
        if view.unresolved and final and not view.cup:
            groups = "; ".join(" ".join(map(str, g)) for g in view.unresolved[:4])
            notes.append(_("Still tied after all tie-breaks: {groups} (see Playoff, F7).").format(groups=groups))
        set_text(self.query_one("#standings-notes", Static), "\n".join(notes))


    def action_explain(self) -> None:
        table = self.query_one("#standings", FittedTable)
        if self.t is None or self.view is None or not 0 <= table.cursor_row < len(self.view.rows):
            return
        key = str(self.view.rows[table.cursor_row].pno)
        col = table.cursor_column - (4 if self.view.go else 5)  # Rk, No., Name, Rtg/Rank (, Pts)
        if self.view.cup:  # a cup has no tie-break values: its explanation is the bracket
            from tui.screens.bracket import BracketScreen

            self.app.push_screen(BracketScreen(self.t))
            return
        if not 0 <= col < len(self.view.columns):
            self.notify(_("Move the cursor to a tie-break column (right of Pts) and press x."), severity="warning")
            return
        code = self.view.columns[col]
        try:
            text = explain(self.t, code, int(key), self.view)
        except TournamentError as exc:
            text = str(exc)
        self.post_message(ShowMessage(_("{code} of player {pno}").format(code=code, pno=key), text).set_sender(self))

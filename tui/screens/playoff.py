"""Provides the playoff pane: groups still tied after the tie-breaks, and their playoffs.

From the standings the pane proposes every group still tied; ``n`` schedules a playoff for the
selected group (format from the seed's table, start time now + break), the games table shows
boards and clock times, and results are entered with the same keys as on the rounds pane.
When a playoff ends its order is written into the standings.
"""

from __future__ import annotations

from tui.widgets.pane import LazyPane

import datetime as _dt

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from core.errors import TournamentError
from core.i18n import _
from core.model import GameResult, Tournament
from tui.i18n import L_
from tui.standings import compute
from tui.widgets.dialogs import PromptDialog
from tui.widgets.tables import reset_table, selected_key, sync_table

KEYS = {"1": GameResult.WHITE_WINS, "0": GameResult.BLACK_WINS, "=": GameResult.DRAW}


class PlayoffPane(LazyPane, Vertical):
    """Tie-break playoffs scheduled on the spot."""
    TAB_ID = "tab-playoff"

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False

    CHANGES = frozenset({"new", "result"})

    BINDINGS = [
        Binding("n", "new", L_("New playoff")),
        Binding("b", "bracket", L_("Bracket")),
        Binding("1", "result('1')", "1-0", show=False),
        Binding("0", "result('0')", "0-1", show=False),
        Binding("equals_sign", "result('=')", "½-½", show=False),
        Binding("backspace,delete", "result('')", L_("Clear result"), show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="ties-title", classes="screen-title")
        yield DataTable(id="ties", cursor_type="row")
        yield Static(id="games-title", classes="screen-title")
        yield DataTable(id="playoff-games", cursor_type="row", zebra_stripes=True)
        yield Static(id="playoff-status", classes="status-line")

    def on_mount(self) -> None:
        self.t: Tournament | None = None
        self.dirty = False
        self.groups: list[tuple[int, ...]] = []
        self.relabel()

    def relabel(self) -> None:
        reset_table(self.query_one("#ties", DataTable), [(_("Players tied (tie-break order)"), "players"),
                                                         (_("Playoff"), "state")])
        reset_table(self.query_one("#playoff-games", DataTable), [
            (_("Game"), "id"), (_("Stage"), "stage"), (_("White"), "white"), (_("Black"), "black"),
            (_("Time"), "tc"), (_("Bd"), "board"), (_("Start"), "start"), (_("End"), "end"), (_("Result"), "result")])
        if self.t is not None:
            self.show(self.t, force=True)

    def main_widget(self):
        """The widget that gets the focus when the pane is shown."""
        return self.query_one("#ties", DataTable)


    def show(self, t: Tournament, force: bool = False) -> None:
        self.t = t
        if not force and not self.is_on_screen:
            self.dirty = True
            return
        self.dirty = False
        from core.playoff import decided_places, playoffs_of

        playoffs = playoffs_of(t)
        groups: list[tuple[int, ...]] = []
        try:
            view = compute(t) if t.current_round else None
        except TournamentError:
            view = None
        if view is not None:
            order = {r.pno: i for i, r in enumerate(view.rows)}
            groups = [tuple(sorted(g, key=lambda p: order.get(p, 0))) for g in view.unresolved]
        for state in playoffs.values():
            members = tuple(int(p) for p in state["players"])
            if members not in groups:
                groups.append(members)
        self.groups = groups
        names = {p.pno: p.name for p in t.players}
        rows = []
        for g in groups:
            state = playoffs.get(self.key_for(g))
            if state is None:
                status = _("no playoff (n schedules one)")
            else:
                places = decided_places(state)
                status = _("decided") if places is not None else _("running")
            rows.append((", ".join(f"{p} {names.get(p, '?')}" for p in g), status))
        sync_table(self.query_one("#ties", DataTable), [self.key_for(g) for g in groups], rows)
        self.query_one("#ties-title", Static).update(
            _("Groups still tied after all tie-breaks") if groups else
            _("No ties need a playoff: every place is decided by points and tie-breaks."))
        self.show_games()

    @staticmethod
    def key_for(group: tuple[int, ...]) -> str:
        return "tie-" + "-".join(map(str, sorted(group)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "ties":
            self.show_games()

    def selected_group_key(self) -> str | None:
        return selected_key(self.query_one("#ties", DataTable))

    def show_games(self) -> None:
        from core.playoff import evaluate, playoffs_of, timetable
        from core.playoff.timetable import clock

        games_table = self.query_one("#playoff-games", DataTable)
        key = self.selected_group_key()
        state = playoffs_of(self.t).get(key) if key else None
        title = self.query_one("#games-title", Static)
        status = self.query_one("#playoff-status", Static)
        if state is None:
            sync_table(games_table, [], [])
            title.update("")
            status.update(_("Select a tied group and press n to schedule a playoff for it.") if self.groups else "")
            return
        view = evaluate(state)
        names = {p.pno: p.name for p in self.t.players}

        def who(e) -> str:
            return names.get(e, str(e)) if isinstance(e, int) else str(e)

        keys, rows = [], []
        for slot in timetable(state, view):
            g = slot.game
            keys.append(g.id)
            rows.append((g.id, g.stage, who(g.white), who(g.black), str(g.time_control.encode()), slot.board,
                         clock(slot.start), clock(slot.end), g.result.value if g.result else "…"))
        sync_table(games_table, keys, rows)
        title.update(_("Playoff games and timetable (1 0 = enter results)"))
        if view.places is not None:
            places = " · ".join(", ".join(who(p) for p in grp) for grp in view.places)
            status.update(_("Decided: {places}. The order is written into the standings.").format(places=places))
        else:
            status.update(_("{n} game(s) can be played now.").format(n=len(view.ready)))

    def action_bracket(self) -> None:
        """The selected playoff drawn as a bracket (core.pictures via tui.widgets.pictures)."""
        from core.playoff import playoffs_of
        from tui.widgets.dialogs import PictureDialog
        from tui.widgets.pictures import BracketView

        key = self.selected_group_key()
        state = playoffs_of(self.t).get(key) if key else None
        if state is None:
            self.notify(_("Schedule a playoff first (n)."), severity="warning")
            return
        names = {p.pno: p.name for p in self.t.players}
        self.app.push_screen(PictureDialog(_("Playoff bracket"), BracketView.for_playoff(state, names)))

    def action_new(self) -> None:
        key = self.selected_group_key()
        if key is None:
            self.notify(_("There is no tied group to schedule."), severity="warning")
            return
        group = next(g for g in self.groups if self.key_for(g) == key)
        from core.playoff import variants

        start = (_dt.datetime.now() + _dt.timedelta(minutes=0)).strftime("%H:%M")
        options = ", ".join(variants(len(group)))

        def chosen(text: str | None) -> None:
            if text is None:
                return
            parts = text.split()
            places = int(parts[0]) if parts and parts[0].isdigit() else 1
            variant = next((p for p in parts[1:] if ":" not in p), None)
            when = next((p for p in parts if ":" in p), start)
            self.create_playoff(key, group, places, variant, when)

        self.app.push_screen(PromptDialog(
            _("Schedule a playoff"),
            _("Places to decide, format and start time (HH:MM). Formats for {k} players: {options}. "
              "Example: 1 {first} {start}").format(k=len(group), options=options, first=variants(len(group))[0],
                                                   start=start),
            value=f"1 {variants(len(group))[0]} {start}"), chosen)

    def create_playoff(self, key: str, group: tuple[int, ...], places: int, variant: str | None, start: str) -> None:
        from core.playoff import create
        from core.playoff.state import record_in_standings, with_playoff

        def change(t: Tournament) -> Tournament:
            state = create(list(group), places, variant=variant, start=start)
            return record_in_standings(with_playoff(t, key, state), key)

        session = self.screen.session
        self.screen.run_change(lambda: session.apply(f"playoff {key}", change), _("Playoff scheduled."))

    def action_result(self, k: str) -> None:
        from core.playoff import enter_result, playoffs_of, remove_result
        from core.playoff.state import record_in_standings, with_playoff

        key = self.selected_group_key()
        game_id = selected_key(self.query_one("#playoff-games", DataTable))
        if key is None or game_id is None:
            return

        def change(t: Tournament) -> Tournament:
            state = playoffs_of(t)[key]
            state = enter_result(state, game_id, KEYS[k]) if k else remove_result(state, game_id)
            return record_in_standings(with_playoff(t, key, state), key)

        session = self.screen.session
        self.screen.run_change(lambda: session.apply(f"playoff {key} game {game_id}", change))

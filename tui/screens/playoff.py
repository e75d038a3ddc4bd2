"""Provides the playoff pane: groups tied on points (or still tied after the tie-breaks), and
their playoffs.

Many regulations decide first place by a playoff however the tie-breaks fall, so every group
on equal points is offered, not only the groups the tie-breaks leave tied; ``n`` opens the
scheduling dialog (players, places, format by name, start of game 1, breaks, a preview of the
timetable).  Results are entered with the rounds pane's keys, from either table, and the
cursor moves on to the next game that can be played.  When a playoff ends its order is written
into the standings ("decided by playoff").
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from core.app.playoff_groups import GroupState, TiedGroup
from core.errors import TournamentError
from core.i18n import _, pgettext
from core.model import GameResult, Tournament
from tui.i18n import L_
from tui.screens.result_entry import RESULT_KEYS
from tui.screens.round_table import RESULT_TEXT
from tui.widgets.pane import LazyPane
from tui.widgets.tables import (Col, FittedTable, move_to_key, reset_table, selected_key, short_col, sync_table,
                                text_col)
from tui.widgets.dialogs import ConfirmDialog
from tui.widgets.fields import FormField
from tui.messages import RunChange

if TYPE_CHECKING:
    from core.playoff.games import Game
    from core.playoff.labels import FormatChoice
    from core.playoff.timecontrol import TimeControl


def tied_groups(t: Tournament) -> list[TiedGroup]:
    """The groups core lists for the playoff pane (:func:`core.app.playoff_groups.tied_groups`)
    over the standings the other panes show (computed once per change); none when those
    cannot be computed (the standings pane says why)."""
    from core.app.playoff_groups import tied_groups as groups_of
    from tui.standings import compute

    try:
        return groups_of(t, compute(t).source)
    except TournamentError:
        return []


def _standings_ready(t: Tournament) -> bool:
    """Whether the standings behind :func:`tied_groups` are computed already (ahead, or for
    another pane): the groups are then a few milliseconds, not worth a worker a frame later."""
    from tui.standings import computed

    return computed(t) is not None


AFTER_LAST_GAME = 30
"""Aktar p. 67: "Eşitlik bozma maçlarında, son biten maçın ardından, en az yarım saat ara
verilmelidir" — at least half an hour after the last game of the event ended."""


def default_start(now: _dt.datetime | None = None) -> str:
    """Game 1's proposed start: half an hour from now (the dialog is opened once the event's
    last game has ended), rounded up to five minutes."""
    now = now or _dt.datetime.now()
    minutes = (now.hour * 60 + now.minute + AFTER_LAST_GAME + 4) // 5 * 5
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


class PlayoffDialog(ModalScreen["dict[str, Any] | None"]):
    """Schedule a playoff: who, how many places, which format, when; the timetable previewed.

    The start time typed is the start of game 1; the breaks between games and between stages
    are shown and can be changed.  Returns the :func:`core.playoff.create` arguments.
    """

    BINDINGS = [Binding("escape", "cancel", L_("Cancel"))]

    DEFAULT_CSS = """
    PlayoffDialog #playoff-dialog { overflow-y: auto; }
    PlayoffDialog .playoff-row { layout: horizontal; height: auto; margin-bottom: 1; }
    PlayoffDialog .playoff-field { layout: horizontal; height: 1; width: auto; }
    PlayoffDialog .playoff-field Label { padding: 0 1 0 0; }
    PlayoffDialog .playoff-field Input { width: 7; margin-right: 2; }
    PlayoffDialog #po-players-field { width: 1fr; }
    PlayoffDialog #po-players { width: 1fr; }
    PlayoffDialog #po-time-control { width: 18; }
    PlayoffDialog #po-format { height: auto; max-height: 6; margin-bottom: 1; }
    PlayoffDialog #po-preview { height: auto; max-height: 8; color: $text-muted; }
    PlayoffDialog.narrow .playoff-row { layout: vertical; }
    PlayoffDialog.narrow #po-players-field { width: 100%; }
    PlayoffDialog.narrow #po-preview { text-wrap: nowrap; text-overflow: ellipsis; }
    PlayoffDialog.short .playoff-row { margin-bottom: 0; }
    PlayoffDialog.short #po-format { margin-bottom: 0; max-height: 5; }
    """

    FIELD = 9
    """Columns of a short field (7) and the gap after it (2)."""
    PLAYERS = 12
    """The fewest columns the players field gets beside the places field."""
    SHORT = 24
    """Below this many lines the blank lines between the rows go, so that the timetable
    preview still shows on a 20-line terminal (the dialog scrolls if it is still too tall)."""

    def __init__(self, t: Tournament, group: tuple[int, ...]) -> None:
        super().__init__(classes="dialog")
        self.t = t
        self.group = group
        self.names = {p.pno: p.name for p in t.players}
        self.choices: list[FormatChoice] = []
        self.clock_default = ""
        """The time control the field shows for the format highlighted (the CLI's default,
        ``hakem playoff`` without ``--time-control``); a value still equal to it is no change."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide", id="playoff-dialog"):
            yield Label(_("Schedule a playoff"), classes="dialog-title")
            with Container(classes="playoff-row"):
                with Horizontal(classes="playoff-field", id="po-players-field"):
                    yield Label(_("Players (tie-break order)"))
                    yield FormField(" ".join(map(str, self.group)), id="po-players", compact=True)
                with Horizontal(classes="playoff-field"):
                    yield Label(_("How many places"))  # a count: "Places 1" read as the 1st place
                    yield FormField("1", id="po-places", compact=True, restrict=r"[0-9]*", max_length=2)
            yield Label(_("Format (arrows choose)"))
            yield OptionList(id="po-format")
            with Container(classes="playoff-row"):
                with Horizontal(classes="playoff-field"):
                    yield Label(_("Time control"))
                    yield FormField("", id="po-time-control", compact=True, max_length=24)
            with Container(classes="playoff-row"):
                with Horizontal(classes="playoff-field"):
                    yield Label(_("Game 1 starts"))
                    yield FormField(default_start(), id="po-start", compact=True, max_length=5)
                with Horizontal(classes="playoff-field"):
                    yield Label(_("Break between games"))
                    yield FormField("5", id="po-games", compact=True, restrict=r"[0-9]*", max_length=3)
                    yield Label(_("between stages"))
                    yield FormField("10", id="po-stages", compact=True, restrict=r"[0-9]*", max_length=3)
            yield Static(_("Enter schedules, Escape cancels; Tab moves between the fields."),
                         classes="dialog-hint")
            yield Static(id="po-preview", markup=False)

    def on_mount(self) -> None:
        self.fit_width()
        self.fill_formats()
        self.query_one("#po-format", OptionList).focus()

    def on_resize(self) -> None:
        self.fit_width()

    def fit_width(self) -> None:
        """Two rows of fields when they fit the dialog's width in this language, else four
        (players / places; start / the two breaks): no label or field is ever cut off."""
        from rich.cells import cell_len

        labels = [cell_len(str(label.render())) + 1 for label in self.query(".playoff-field Label")]
        if len(labels) != 6:
            return
        players, places, _clock, start, games, stages = labels  # the time control has its own row
        inner = min(self.query_one("#playoff-dialog").outer_size.width or 90, self.app.size.width) - 4
        wide = max(players + self.PLAYERS + places + self.FIELD, start + games + stages + 3 * self.FIELD)
        self.set_class(wide > inner, "narrow")
        self.set_class(self.app.size.height < self.SHORT, "short")

    def players(self) -> list[int]:
        text = self.query_one("#po-players", Input).value
        out = []
        for word in text.replace(",", " ").split():
            if not word.isdigit() or not self.t.has_player(int(word)):
                raise TournamentError(_("{word!r} is not a pairing number in this tournament.").format(word=word))
            out.append(int(word))
        return out

    def fill_formats(self) -> None:
        from core.playoff.labels import format_choices

        try:
            k = len(self.players())
        except TournamentError:
            k = len(self.group)
        option_list = self.query_one("#po-format", OptionList)
        before = option_list.highlighted or 0
        self.choices = format_choices(k) if k >= 2 else []
        option_list.clear_options()
        option_list.add_options([Option(c.label, id=c.id) for c in self.choices])
        if self.choices:
            option_list.highlighted = min(before, len(self.choices) - 1)
        self.show_clock()
        self.preview()

    def show_clock(self) -> None:
        """The time-control field for the format highlighted: its regular games' clock in the
        organiser's words ("3 dk + 3 sn"), unless the organiser typed another; no field for a
        format of golden games only, which keeps its Armageddon clocks (as the CLI's option)."""
        field = self.query_one("#po-time-control", Input)
        option_list = self.query_one("#po-format", OptionList)
        try:
            k = len(self.players())
        except TournamentError:
            k = len(self.group)
        clock = None
        if self.choices and option_list.highlighted is not None:
            clock = default_clock(self.choices[option_list.highlighted], max(2, k))
        text = clock_text(clock) if clock is not None else ""
        if field.value.strip() in ("", self.clock_default):
            field.value = text
        self.clock_default = text
        field.disabled = clock is None

    def arguments(self) -> dict[str, Any]:
        """What the fields say, as :func:`core.playoff.create` arguments (raises on bad input)."""
        players = self.players()
        places_text = self.query_one("#po-places", Input).value or "1"
        option_list = self.query_one("#po-format", OptionList)
        if not self.choices or option_list.highlighted is None:
            raise TournamentError(_("A playoff needs at least two players."))
        choice = self.choices[option_list.highlighted]
        overrides = dict(choice.overrides)
        clock = self.query_one("#po-time-control", Input)
        typed = clock.value.strip()
        if not clock.disabled and typed and typed != self.clock_default:
            from core.playoff.timecontrol import TimeControl

            overrides["time_control"] = TimeControl.read(typed).encode()  # refused in the reader's words
        return {"players": players, "places": int(places_text), "variant": choice.variant,
                "overrides": overrides, "format": choice.id,
                "start": self.query_one("#po-start", Input).value.strip(),
                "breaks": {"after_event": 0,
                           "between_games": int(self.query_one("#po-games", Input).value or 0),
                           "between_stages": int(self.query_one("#po-stages", Input).value or 0)}}

    def preview(self) -> None:
        from core.playoff import timetable
        from core.playoff.labels import game_title
        from core.playoff.timetable import clock

        out = self.query_one("#po-preview", Static)
        try:
            state = build_state(self.arguments())
        except TournamentError as exc:
            out.update(str(exc))
            return
        lines = [_("Timetable (re-estimated as results come in):")]
        slots = timetable(state)
        for slot in slots[:6]:
            g = slot.game
            # who plays whom before the game's words: at 60 columns a line is cut at its end
            # ("Partie 1 (3 Min. + 3 Sek.): Gast, Ina…" lost the opponent on every line)
            lines.append(f"{clock(slot.start)}  {_('Bd')} {slot.board}  "
                         f"{who(self.names, g.white)} – {who(self.names, g.black)}: {game_title(g)}")
        if len(slots) > 6:
            lines.append(_("… and {n} more game(s), last ending about {end}.").format(
                n=len(slots) - 6, end=clock(max(s.end for s in slots))))
        out.update("\n".join(lines))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "po-players":
            self.fill_formats()
        else:
            self.preview()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_clock()
        self.preview()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.submit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.submit()

    def submit(self) -> None:
        try:
            args = self.arguments()
            build_state(args)
        except TournamentError as exc:
            self.notify(str(exc), severity="error", title=_("Not done"))
            return
        self.dismiss(args)

    def action_cancel(self) -> None:
        self.dismiss(None)


def default_clock(choice: FormatChoice, players: int) -> TimeControl | None:
    """The regular games' clock of a format for ``players`` tied players, as the CLI plays it
    without ``--time-control`` (:func:`core.playoff.state.regular_time_control`)."""
    from core.playoff import create
    from core.playoff.state import regular_time_control

    try:
        plan = create(list(range(1, players + 1)), 1, variant=choice.variant, **choice.overrides)["plan"]
    except (TournamentError, ValueError):
        return None
    return regular_time_control(plan)


def clock_text(clock: TimeControl) -> str:
    """A clock in the organiser's words ("3 dk + 3 sn", "15 Min. + 10 Sek."), read back by the
    same reader as a typed one; minutes and seconds ("1.5+2") when the words would not read
    back (a clock of minutes and seconds, "1 min 30 s")."""
    from core.playoff.labels import time_control_text
    from core.playoff.timecontrol import TimeControl

    words = time_control_text(clock)
    try:
        same = TimeControl.read(words) == clock
    except TournamentError:
        same = False
    return words if same else clock.typed()


def build_state(args: dict[str, Any]) -> dict[str, Any]:
    """The playoff state the dialog's arguments describe (validated by :func:`create`)."""
    from core.playoff import create

    try:
        return create(list(args["players"]), int(args["places"]), variant=args["variant"],
                      start=str(args["start"]), breaks=args["breaks"], **args["overrides"])
    except ValueError as exc:
        raise TournamentError(str(exc)) from exc


def who(names: dict[int, str], entrant: int | str) -> str:
    """A player's name, or the placeholder ("winner of …") of a game not known yet."""
    from core.playoff.labels import entrant_text

    return entrant_text(names, entrant)


_PLACE_HELD = re.compile(r"^(winner|loser) of (.+) match (\d+)$")
"""A final's slot before its semi-finals are decided (``winner of Semi-final match 1``)."""


def who_short(names: dict[int, str], entrant: int | str) -> str:
    """:func:`who` for a table cell: a slot held for a match's winner or loser without the
    stage (``winner of match 1``) — at 60 columns "Sieger von Halbfinale, Wettkampf 1" read "Sieger
    von Halbfi…" on both sides of the final, which semi-final unreadable; the line under the
    table names the game's stage."""
    m = _PLACE_HELD.match(entrant) if isinstance(entrant, str) else None
    if m is None:
        return who(names, entrant)
    words = pgettext("playoff slot, short", "winner of match {n}") if m.group(1) == "winner" else \
        pgettext("playoff slot, short", "loser of match {n}")
    return words.format(n=m.group(3))


_ROUND_ROBIN_GAME = re.compile(r"\.c(\d+)r(\d+)b\d+$")
"""A round-robin game's id ends with its cycle, round and board (:mod:`core.playoff.roundrobin`)."""


def rounds_per_cycle(games: Sequence[Game]) -> dict[str, int]:
    """The rounds of one cycle of each round-robin stage (to number a double round robin's
    second cycle on from the first's)."""
    out: dict[str, int] = {}
    for g in games:
        m = _ROUND_ROBIN_GAME.search(g.id)
        if m and g.kind == "round_robin":
            out[g.stage] = max(out.get(g.stage, 0), int(m.group(2)))
    return out


def game_cell(game: Game, cycle: dict[str, int]) -> str:
    """The game in the games table: a round-robin game by its round ("Runde 2": every row read
    "Partie des Rundenturniers"), any other by its label ("Game 1", "Armageddon"); its clock is
    on the line under the table."""
    from core.playoff.labels import game_label

    m = _ROUND_ROBIN_GAME.search(game.id)
    if m and game.kind == "round_robin":
        n = (int(m.group(1)) - 1) * cycle.get(game.stage, 0) + int(m.group(2))
        return pgettext("playoff game, short", "Round {n}").format(n=n)
    return game_label(game)


def stage_cell(stage: str) -> str:
    """A stage in the games table: its last part ("Semi-final" of "Knockout, two-game matches,
    pairing by lot: Semi-final") and the group it is in; the line under the table names it whole."""
    from core.playoff.labels import stage_text

    parts = stage.split(": ")
    return ": ".join(stage_text(p) for p in [*(p for p in parts[:-1] if p.startswith("Group ")), parts[-1]])


def short_name(name: str) -> str:
    """A player in a list of several on one line: the family name ("Kaya" of "Kaya, Can") —
    the pairing number beside it tells two of one name apart.  A group of three in full names
    left one of them on a 60-column screen."""
    return name.split(",")[0].strip() or name


class PlayoffPane(LazyPane, Vertical):
    """Tie-break playoffs scheduled on the spot."""
    TAB_ID = "tab-playoff"

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False
    groups: list[TiedGroup]
    """The groups in the table, in its order (:func:`tied_groups`)."""
    details: dict[str, str]
    """The full state of each group without a playoff, by key (the table's word is short)."""
    asides: dict[str, str]
    """The warning of a decided playoff the standings set aside, by its key."""
    advance: bool
    """Whether the games' cursor moves to the next game that can be played at the next
    drawing (a group just selected, a result just entered), not stay where the organiser put it."""

    CHANGES = frozenset({"new", "result"})

    BINDINGS = [
        Binding("n", "new", L_("New playoff")),
        Binding("b", "bracket", L_("Bracket")),
        Binding("1", "result('1')", "1-0", show=False),
        Binding("0", "result('0')", "0-1", show=False),
        Binding("equals_sign", "result('=')", "½-½", show=False),
        Binding("plus", "result('+')", "+:-", show=False),
        Binding("minus", "result('-')", "-:+", show=False),
        Binding("backspace,delete", "result('')", L_("Clear result"), show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(id="ties-title", classes="screen-title")
        yield FittedTable(id="ties", cursor_type="row")
        yield Static(id="games-title", classes="screen-title")
        yield FittedTable(id="playoff-games", cursor_type="row", zebra_stripes=True)
        yield Static(id="playoff-game", classes="status-line", markup=False)
        yield Static(id="playoff-status", classes="status-line")

    def on_mount(self) -> None:
        self.t = None
        self.dirty = False
        self.groups = []
        self.details = {}
        self.asides = {}
        self.advance = True
        self.relabel()

    def relabel(self) -> None:
        # short words in the tables, the long ones in the lines under them: at 60 columns in
        # tr/de/ru the long state ("getrennt (Feinwertung)") and the game and stage labels
        # ("Armageddon (White 5′, Black 4′)") left the players' names a few letters
        reset_table(self.query_one("#ties", FittedTable), [
            short_col(_("Places"), "places", pgettext("short header", "Pl.")), (_("Playoff"), "state"),
            # the long head gives way to a short one before it is cut ("… (Reihenfolge nach Fein…")
            Col(_("Players on equal points (tie-break order)"), "players", 3, 12,
                short=pgettext("short header", "Players on equal points"))])
        reset_table(self.query_one("#playoff-games", FittedTable), [
            short_col(_("Bd"), "board", pgettext("short header", "Bd")),
            short_col(_("Start"), "start", pgettext("short header", "Start")), text_col(_("White"), "white"),
            short_col(_("Result"), "result", pgettext("short header", "Res.")), text_col(_("Black"), "black"),
            # the game and the stage give way on a narrow screen, the stage first: it is the
            # same on every game of a stage, and the game column is what tells an Armageddon
            # from a round-robin game (at 60 all six rows read "Döner turnu…"); #playoff-game
            # names the game and its stage in full
            Col(_("Game"), "game", 2, 8, drop=1), Col(_("Stage"), "stage", 1, 10, drop=2)])
        if self.t is not None:
            self.show(self.t, force=True)

    def main_widget(self) -> FittedTable:
        """The widget that gets the focus when the pane is shown."""
        return self.query_one("#ties", FittedTable)

    def show(self, t: Tournament, force: bool = False) -> None:
        self.t = t
        if not force and not self.is_on_screen:
            self.dirty = True
            return
        self.dirty = False
        if len(t.players) > self.BIG and not _standings_ready(t):
            self.call_after_refresh(self.groups_worker, t)  # the pane's frame first (see BIG)
            return
        self.show_groups(t, tied_groups(t))  # small, or the standings behind are computed: at once

    BIG = 400
    """Above this many players the tied groups are found in a thread worker, as the standings
    pane computes its table (1,000 players: the standings behind them, when no other pane has
    computed them for this snapshot yet, are ~0.2 s that would hold every frame and key),
    started after the pane's frame (a worker started in the key's handler shares the
    interpreter with the UI thread drawing it); at once when those standings are computed."""

    @work(thread=True, exclusive=True, group="tied-groups", exit_on_error=False, description="tied groups")
    def groups_worker(self, t: Tournament) -> tuple[Tournament, list[TiedGroup]]:
        return t, tied_groups(t)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "tied-groups" and event.state is WorkerState.SUCCESS:
            result: tuple[Tournament, list[TiedGroup]] | None = event.worker.result
            assert result is not None  # a worker that succeeded has returned (groups_worker's)
            t, found = result
            if t is self.t:  # a newer snapshot has its own worker
                self.show_groups(t, found)

    def show_groups(self, t: Tournament, groups: list[TiedGroup]) -> None:
        """The groups core lists (:func:`tied_groups`): places, state, players."""
        self.groups = groups
        names = {p.pno: p.name for p in t.players}
        rows = []
        self.details = {}
        self.asides = {}
        for g in groups:
            where = f"{g.first_place}–{g.last_place}" if g.first_place is not None else ""
            if g.playoff is None:  # the title line says that n schedules a playoff (not with --view)
                # the table's word is short (a name matters more at 60 columns); the line under
                # the games says it in full for the group under the cursor
                sep = g.state is GroupState.SEPARATED
                status = pgettext("playoff state", "separated") if sep else pgettext("playoff state", "tied")
                self.details[g.key] = (f"{where}: " if where else "") + (
                    _("separated by tie-breaks") if sep else _("still tied"))
            else:
                status = _("decided") if g.state is GroupState.DECIDED else _("running")
                if g.set_aside:  # a correction untied its players: the standings no longer apply it
                    status = pgettext("playoff state", "set aside")
                    self.asides[g.key] = g.set_aside
            rows.append((where, status, ", ".join(f"{p} {short_name(names.get(p, '?'))}" for p in g.players)))
        ties = self.query_one("#ties", FittedTable)
        sync_table(ties, [g.key for g in groups], rows)
        for g, given, shown in zip(groups, ties.kept.given, ties.kept.shown):
            if given[2] != shown[2] and g.key in self.details:  # the group cut in the table: whole under it
                self.details[g.key] += f" · {given[2]}"
        self.query_one("#ties-title", Static).update(
            (_("Players on equal points (tie-break order)") if self.app.view_only
             else _("Players on equal points: n schedules a playoff")) if groups else
            _("No players share a place on points: no playoff is needed."))
        self.show_games()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "ties":
            self.advance = True
            self.show_games()
        elif event.data_table.id == "playoff-games":
            self.show_game()

    def show_game(self) -> None:
        """The game under the games cursor in full words (the table's game and stage columns
        give way on a narrow screen): "Armageddon (White 5′, Black 4′; …) · Round robin"."""
        from core.playoff import evaluate, playoffs_of
        from core.playoff.labels import game_title, stage_text

        line = self.query_one("#playoff-game", Static)
        key = self.selected_group_key()
        state = playoffs_of(self.t).get(key) if key and self.t is not None else None
        game_id = selected_key(self.query_one("#playoff-games", FittedTable))
        if key in self.asides:  # said under its games, whichever is under the cursor
            line.update(self.asides[key])
            return
        if state is None or game_id is None:
            line.update(self.details.get(key or "", ""))
            return
        view = evaluate(state)
        game = view.game(game_id) if game_id in {g.id for g in view.games} else None
        stage = stage_text(game.stage) if game is not None and game.stage else ""
        line.update(" · ".join(w for w in (game_title(game) if game is not None else "", stage) if w))

    def selected_group_key(self) -> str | None:
        return selected_key(self.query_one("#ties", FittedTable))

    def show_games(self) -> None:
        from core.playoff import evaluate, playoffs_of, timetable
        from core.playoff.labels import game_label
        from core.playoff.timetable import clock

        assert self.t is not None
        games_table = self.query_one("#playoff-games", FittedTable)
        key = self.selected_group_key()
        state = playoffs_of(self.t).get(key) if key else None
        title = self.query_one("#games-title", Static)
        status = self.query_one("#playoff-status", Static)
        if state is None:
            sync_table(games_table, [], [])
            title.update("")
            status.update(_("Select a group and press n to schedule a playoff for it.")
                          if self.groups and not self.app.view_only else "")
            self.show_game()
            return
        view = evaluate(state)
        names = {p.pno: p.name for p in self.t.players}
        keys, rows = [], []
        cycle = rounds_per_cycle(view.games)
        # a playoff of one stage (a match with its extensions and Armageddon) leaves the stage
        # column empty: the same words on every row, cut at 80 columns ("Maç (iki oy…") and
        # read as the stage of the extension games too; the line under the table names it
        one_stage = len({g.stage for g in view.games}) <= 1
        for slot in timetable(state, view):
            g = slot.game
            keys.append(g.id)
            # short in the table (the line under it names the game, its clock and its whole
            # stage): at 80 columns "Partie des Rundenturniers (3′+3″)" beside "Rundenturnier
            # 3+3" was cut to "Partie des Runden…  Rundentur…"
            rows.append((slot.board, clock(slot.start), who_short(names, g.white),
                         RESULT_TEXT.get(g.result, g.result.value) if g.result else "…",
                         who_short(names, g.black), game_cell(g, cycle), "" if one_stage else stage_cell(g.stage)))
        sync_table(games_table, keys, rows)
        title.update(_("Playoff games (1 0 = + - enter results, Backspace clears)"))
        if view.places is not None:
            places = " · ".join(", ".join(who(names, p) for p in grp) for grp in view.places)
            status.update(_("Decided by playoff: {places}. The order is in the standings.").format(places=places))
        else:
            ready = list(view.ready)
            if ready:
                status.update(_("Next: {game}: {white} – {black}.").format(
                    game=game_label(ready[0]), white=who(names, ready[0].white), black=who(names, ready[0].black)))
            else:
                status.update(_("Waiting for results."))
            if self.advance and ready and ready[0].id in keys:
                games_table.move_cursor(row=keys.index(ready[0].id), animate=False)
        self.advance = False
        self.show_game()

    def action_bracket(self) -> None:
        """The selected playoff drawn as a bracket (core.pictures via tui.widgets.pictures)."""
        from core.playoff import playoffs_of
        from tui.widgets.dialogs import PictureDialog
        from tui.widgets.pictures import BracketView

        assert self.t is not None
        key = self.selected_group_key()
        state = playoffs_of(self.t).get(key) if key else None
        if state is None:
            self.notify(_("Schedule a playoff first (n)."), severity="warning")
            return
        names = {p.pno: p.name for p in self.t.players}
        self.app.push_screen(PictureDialog(_("Playoff bracket"), BracketView.for_playoff(state, names)))

    def action_new(self) -> None:
        if self.t is None:
            return
        key = self.selected_group_key()
        group = next((g.players for g in self.groups if g.key == key), None)
        if group is None:
            self.notify(_("No players share a place on points: no playoff is needed."), severity="warning")
            return

        def chosen(args: dict[str, Any] | None) -> None:
            if args is not None:
                self.create_playoff(args)

        self.app.push_screen(PlayoffDialog(self.t, group), chosen)

    def create_playoff(self, args: dict[str, Any]) -> None:
        """Schedule the playoff the dialog describes.  ``force``: the group is one the
        standings tie (on the event's own points — a Keizer event's are not game points) or
        the organiser's own choice in the players field, not a tie on game points."""
        from core.app.playoff_groups import playoff_key

        assert self.t is not None  # the dialog was opened on the tournament shown
        key = playoff_key(self.t, args["players"])
        session = self.screen.session
        self.advance = True

        def answered(made: bool) -> None:
            if made:
                self.select_group(key)

        self.post_message(RunChange(lambda: session.do(lambda desk: desk.create_playoff(
            key, args["players"], args["places"], force=True, variant=args["variant"], start=args["start"],
            breaks=args["breaks"], overrides=args["overrides"], format_id=args["format"])),
            _("Playoff scheduled."), then=answered).set_sender(self))

    def select_group(self, key: str) -> None:
        table = self.query_one("#ties", FittedTable)
        move_to_key(table, key)

    def action_result(self, k: str) -> None:
        """Enter (or clear) the result of the game under the games cursor, from either table;
        a game that has a result is corrected only after the rounds pane's question."""
        from core.playoff import evaluate, playoffs_of
        assert self.t is not None
        key = self.selected_group_key()
        state = playoffs_of(self.t).get(key) if key else None
        game_id = selected_key(self.query_one("#playoff-games", FittedTable))
        if key is None or state is None or game_id is None:
            self.notify(_("Schedule a playoff first (n)."), severity="warning")
            return
        result: GameResult | None = RESULT_KEYS[k] if k else None
        view = evaluate(state)
        game = view.game(game_id) if game_id in {g.id for g in view.games} else None
        if game is None or game.result == result:
            return
        if game.result is None:
            self.store_result(key, game, result, correct=False)
            return

        def decided(yes: bool | None) -> None:
            if yes and game is not None:
                self.store_result(key, game, result, correct=True)

        text = self.correction_text(key, game, result)
        self.app.push_screen(ConfirmDialog(_("Correct a result"), text, yes=_("Correct"), danger=True), decided)

    def correction_text(self, key: str, game: Any, result: GameResult | None) -> str:
        """The question before a correction, in the words of the rounds pane's: the game, the
        result replaced with who entered it and when, the new one."""
        from core.app.conflicts import replaced_result
        from core.playoff.labels import game_label

        assert self.t is not None and game.result is not None
        names = {p.pno: p.name for p in self.t.players}
        old = replaced_result(RESULT_TEXT.get(game.result, game.result.value),
                              *self.screen.session.desk.playoff_result_entered(key, game.id))
        new = RESULT_TEXT.get(result, result.value) if result is not None else _("no result")
        return _("{game}: {white} – {black}: {old} becomes {new}.").format(
            game=game_label(game), white=who(names, game.white), black=who(names, game.black), old=old, new=new)

    def store_result(self, key: str, game: Any, result: GameResult | None, correct: bool) -> None:
        from core.playoff.labels import game_label

        assert self.t is not None
        names = {p.pno: p.name for p in self.t.players}
        text = RESULT_TEXT.get(result, result.value) if result is not None else _("no result")
        done = f"{game_label(game)}: {who(names, game.white)} {text} {who(names, game.black)}"
        session = self.screen.session
        self.advance = True
        self.post_message(RunChange(lambda: session.do(lambda desk: desk.playoff_result(
            key, game.id, result.value if result is not None else None, correct=correct)), done).set_sender(self))

"""Provides the tie-break settings pane: presets, the ordered list, parameters, regime, preview.

Editing works on a draft: every change (preset, add, remove, move, cut) recomputes the standings
preview — at once, or on a big event in a thread worker with the latest draft winning (the key
changes the list in its own frame) — and nothing is saved until ``s``.  The draft survives refreshes caused by other
organisers, so a list being built is never lost.
"""

from __future__ import annotations

from tui.widgets.pane import LazyPane


from typing import Any

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import DataTable, Input, Select, Static
from textual.worker import Worker, WorkerState

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from tui.i18n import L_
from tui.screens.standings_pane import fill_standings, regime_line
from tui.standings import StandingsView, compute, computed, criterion_modifiers, criterion_names, preset_in_force, preset_titles, presets
from tui.widgets.tables import NAME_WHOLE, FittedTable, reset_table, sync_table, text_col, widths_needed
from tui.widgets.fields import TextField
from tui.widgets.text import set_text
from tui.messages import RunChange

REGIMES = (("auto", L_("by start date")), ("legacy", L_("legacy: virtual opponent")),
           ("2024", L_("FIDE 2024: dummy opponent")), ("2026", L_("FIDE 2026: capped dummy, VUR")))


def step_modifier(code: str, letter: str, limit: int = 3) -> str:
    """Cycle a cut/median parameter: ``BH`` → ``BH/C1`` → ``BH/C2`` … → ``BH``; the other of
    the two (a median while cutting) is dropped.  Read through the one code parser, so every
    spelling steps (``Solkoff/C1`` → ``BH/C2``); the stepped code is written normalised."""
    from dataclasses import replace

    from core.tiebreaks.codes import parse_code

    spec = parse_code(code)
    current = spec.cut_low if (letter == "M") == bool(spec.cut_high) else 0
    nxt = (current + 1) % (limit + 1)
    return replace(spec, cut_low=nxt, cut_high=nxt if letter == "M" else 0).canonical


def same_request(a: tuple, b: tuple) -> bool:
    """Whether two preview requests (snapshot, codes, regime) ask for the same table: the
    same snapshot object (a snapshot never changes; an equal-looking one may be newer)."""
    return a[0] is b[0] and a[1:] == b[1:]


def code_hint(system: str) -> str:
    """The code field's placeholder: a Go event's with OpenGotha's criterion names, which the
    list takes as they are (core.tiebreaks.codes.OPENGOTHA_NAMES)."""
    from core.app.base import GO_SYSTEMS

    if system in GO_SYSTEMS:
        return _("add a code, e.g. MMS, SOSM, SOSM-1, SODOSM (OpenGotha's names too) (Enter)")
    return _("add a code, e.g. BH/C1, SB, ARO/U1400 (Enter)")



def known_base(code: str) -> str:
    """The base code of ``code`` under any spelling the parser reads (OpenGotha's ``SOSM`` is
    SOS), or the text before its modifiers when it is no code."""
    from core.tiebreaks.codes import parse_code
    from core.tiebreaks.spec import TieBreakError

    try:
        return parse_code(code).base
    except TieBreakError:
        return code.split("/")[0].split(":")[0].upper()

def withdrawn_choices() -> list[tuple[str, str]]:
    """The two readings of a round robin's withdrawal under 50 %, as the drop-down offers them."""
    return [(_("Withdrawn under 50 %: points kept (Aktar)"), "keep"),
            (_("Withdrawn under 50 %: points annulled (FIDE)"), "annul")]


class TiebreaksPane(LazyPane, Horizontal):
    """Tie-break list editor with a live standings preview."""
    TAB_ID = "tab-tiebreaks"

    t: Tournament | None = None
    """The snapshot shown (None until the first ``show``)."""
    dirty = False
    draft: list[str] | None = None
    """The list being edited, unsaved (None: the event's own); kept over a language switch."""
    draft_regime: str | None = None
    """The regime chosen in the draft (None: the event's own)."""
    editing: int | None = None
    """The row Enter took into the code field: the code added replaces it (None: added last)."""
    offered: tuple[tuple[str, str], ...] = ()
    """The presets the drop-down offers (title, id): set again only when they change."""

    CHANGES = frozenset({"remove", "move", "cut", "median", "add", "save", "discard"})
    KEEP = ("draft", "draft_regime")

    BINDINGS = [
        Binding("delete,backspace", "remove", L_("Remove"), show=False),
        Binding("shift+up,K", "move(-1)", L_("Move up")),
        Binding("shift+down,J", "move(1)", L_("Move down")),
        Binding("c", "cut", L_("Cut")),
        Binding("M", "median", L_("Median"), show=False),
        Binding("plus,a", "add", L_("Add")),
        Binding("s", "save", L_("Save")),
        Binding("z", "discard", L_("Discard"), show=False),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="tb-left"):
            yield Select([], prompt=_("Preset…"), id="tb-preset", compact=True)
            yield FittedTable(id="tb-list", cursor_type="row")
            yield TextField(id="tb-add", compact=True)
            yield Select([(str(label), key) for key, label in REGIMES], value="auto", allow_blank=False,
                         id="tb-regime", compact=True)
            yield Select(withdrawn_choices(), value="keep", allow_blank=False, id="tb-withdrawn", compact=True)
            yield Static(id="tb-help", classes="status-line")
        with Vertical(id="tb-right"):
            yield Static(id="tb-title", classes="screen-title")
            # read for its order beside the values: the rating and number leave before a name is cut
            yield FittedTable(id="tb-preview", cursor_type="row", zebra_stripes=True, readable=NAME_WHOLE)
            yield Static(id="tb-notes", classes="status-line")

    def on_mount(self) -> None:
        self.relabel()

    def relabel(self) -> None:
        self.offered = ()  # the options again, in the new language
        self.query_one("#tb-add", Input).placeholder = code_hint(self.t.system if self.t is not None else "")
        self.query_one("#tb-help", Static).update(_(
            "Del remove · Shift+↑/↓ or K/J move · c cut 0–3 · M median · s save · z discard"))
        reset_table(self.query_one("#tb-list", FittedTable), [(_("#"), "i"), (_("Code"), "code"), text_col(_("Tie-break"), "name", 1, 6)])
        if self.t is not None:
            self.show(self.t, force=True)

    def main_widget(self) -> FittedTable:
        """The widget that gets the focus when the pane is shown."""
        return self.query_one("#tb-list", FittedTable)


    # -- showing ------------------------------------------------------------------------------
    def show(self, t: Tournament, force: bool = False) -> None:
        self.t = t
        if not force and not self.is_on_screen:
            self.dirty = True
            return
        self.dirty = False
        self.query_one("#tb-add", Input).placeholder = code_hint(t.system)
        self.render_draft()

    def current_list(self) -> list[str]:
        if self.draft is not None:
            return list(self.draft)
        if self.shown.tiebreaks:
            return list(self.shown.tiebreaks)
        try:
            return list(compute(self.shown).columns)
        except TournamentError:
            return []

    def current_regime(self) -> str | None:
        if self.draft_regime is not None:
            return None if self.draft_regime == "auto" else self.draft_regime
        return self.shown.tiebreak_regime

    def render_draft(self) -> None:
        codes = self.current_list()
        from core.reports.tables import tiebreak_label

        primary = str(self.shown.options.get("team_primary", "MP")) if self.shown.teams else None
        names = criterion_names(primary)
        # the name with its modifiers: BH/C1 and BH are two criteria, never one name twice
        sync_table(self.query_one("#tb-list", FittedTable), [f"{i}:{c}" for i, c in enumerate(codes)],
                   [(i + 1, c, tiebreak_label(c, primary) if known_base(c) in names else "?")
                    for i, c in enumerate(codes)])
        preset_select = self.query_one("#tb-preset", Select)
        offered = tuple((title, pid) for pid, title in preset_titles(self.t).items())  # by name, never by id
        if offered != self.offered:
            self.offered = offered
            with preset_select.prevent(Select.Changed):
                preset_select.set_options(offered)
        chosen = preset_in_force(self.shown.with_changes(tiebreaks=tuple(codes))) if codes else None
        shown = chosen if chosen in {pid for _title, pid in offered} else Select.NULL  # the preset in force, or a list of its own
        if preset_select.value != shown:
            with preset_select.prevent(Select.Changed):
                preset_select.value = shown
        regime_select = self.query_one("#tb-regime", Select)
        # a Go list: Go codes as examples, and no FIDE unplayed-rounds regime (it means nothing there)
        go = {"mcmahon": _("add a code, e.g. SODOS, NBW, SDC (Enter)"),
              "gamma": _("add a code, e.g. LEVEL, COEF (Enter)")}.get(self.shown.system)
        self.query_one("#tb-add", Input).placeholder = go or _("add a code, e.g. BH/C1, SB, ARO/U1400 (Enter)")
        regime_select.display = go is None
        self.show_withdrawn()
        wanted = self.current_regime() or "auto"
        if regime_select.value != wanted:
            with regime_select.prevent(Select.Changed):
                regime_select.value = wanted
        asked = (self.shown, tuple(codes), self.current_regime())
        if len(self.shown.players) > self.BIG:
            ready = computed(*asked) if self.preview is None and self.computing is None else None
            if ready is not None:  # the first show, computed ahead (tui.preload): no worker,
                self.asked = asked  # and filled in the pane's own frame, as F4 (its rows are
                self.fill_preview(asked, ready)  # made as they are drawn: FastTable.add_plain_rows)
                return
            self.ask_preview(asked)  # the pane (and the list) first; the preview when computed
            return
        self.asked = asked
        try:
            view = compute(*asked)
        except TournamentError as exc:
            self.refused(asked, str(exc))
            return
        self.fill_preview(asked, view)

    def ask_preview(self, asked: tuple) -> None:
        """Compute the preview of ``asked`` (snapshot, codes, regime) in a thread worker, the
        latest draft winning: while one is computed, a newer draft only replaces what is asked
        for, and the worker's end starts the newest (keys in a burst cost one computation
        each at most, never a queue of them; an older preview is never filled in).  The
        preview's title says it is being computed until it is filled."""
        self.asked = asked
        self.show_title()
        if self.computing is None:
            self.computing = asked
            self.call_after_refresh(self.preview_worker, *asked)  # the pane's frame first (see BIG)

    @work(thread=True, group="tb-preview", exit_on_error=False, description="preview")
    def preview_worker(self, t: Tournament, codes: tuple[str, ...], regime: str | None) -> tuple[tuple, StandingsView]:
        return (t, codes, regime), compute(t, codes, regime)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "tb-preview" or not event.worker.is_finished:
            return
        done, self.computing = self.computing, None
        if event.state is WorkerState.CANCELLED:
            return  # the pane is leaving the screen
        if self.asked is not None and done is not None and not same_request(done, self.asked):
            self.ask_preview(self.asked)  # the draft changed meanwhile: its preview now
            return
        if event.state is WorkerState.SUCCESS:
            result: tuple[tuple, StandingsView] | None = event.worker.result
            assert result is not None  # a worker that succeeded has returned (preview_worker's)
            self.call_after_refresh(self.fill_preview, *result)  # the pane's frame first
        elif event.state is WorkerState.ERROR and isinstance(event.worker.error, TournamentError):
            self.refused(done, str(event.worker.error))

    def refused(self, asked: tuple | None, text: str) -> None:
        """The list asked for cannot be computed: the notes say why, the preview keeps the
        last table that could (its title no longer says it is being computed)."""
        self.shown_for = asked
        self.query_one("#tb-notes", Static).update(text)
        self.show_title()

    def fill_preview(self, asked: tuple, view: StandingsView) -> None:
        """Put ``view`` into the preview, unless another was asked for meanwhile (``asked``:
        the snapshot, codes and regime it was computed for)."""
        if self.asked is None or not same_request(asked, self.asked):
            return
        fill_standings(self.query_one("#tb-preview", FittedTable), view, list(view.columns))
        self.preview = view
        self.shown_for = asked
        self.share_width()
        cup = [_("A cup ranks by the stage reached: players out at the same stage share their places, "
                 "no tie-breaks.")] if self.shown.system == "knockout" else []
        set_text(self.query_one("#tb-notes", Static), "\n".join([*cup, *view.warnings]))  # no layout when unchanged

    preview: StandingsView | None = None
    """The standings view the preview shows (its title is written again when the layout changes)."""
    asked: tuple | None = None
    """(snapshot, codes, regime) of the preview last asked for: an older one arriving late is
    dropped."""
    shown_for: tuple | None = None
    """(snapshot, codes, regime) of the preview shown: the title says "computing" while it is
    not the one asked for."""
    computing: tuple | None = None
    """(snapshot, codes, regime) the thread worker is computing (None: no worker running)."""

    BIG = 400
    """Above this many players every preview is computed in a thread worker started after the
    pane's frame, and filled a frame after the pane is drawn (1,000 players: the standings ~0.2 s
    when no other pane has computed them); the first show's preview, when its standings are
    computed already (:func:`tui.preload.standings_ahead`), needs no worker and is filled in
    the pane's own frame (only the rows on screen are made then)."""

    def show_title(self) -> None:
        """The preview's title; on a low screen (60×20) only whether it is saved — the list and
        the regime are just above it, and its rows go to the preview."""
        if self.preview is None:
            return
        state = _("Preview (not saved; s saves)") if self.draft is not None or self.draft_regime is not None \
            else _("Preview")
        if self.asked is not None and (self.shown_for is None or not same_request(self.shown_for, self.asked)):
            state = _("Computing the preview…")  # the rows are still the list's before the change
        low = self.has_class("-stacked") and self.size.height < self.LOW
        # a title of one line that stays one line is redrawn without laying out the screen again
        set_text(self.query_one("#tb-title", Static), state if low else f"{state} · {regime_line(self.preview)}")

    LOW = 18
    """Rows below which the stacked pane is low (60×20): the preview's title is one line."""

    def share_width(self) -> None:
        """Side by side when the list (tie-break names in full) and the preview (names at their
        narrowest, every number whole) both fit; otherwise the list above the preview, each at
        the full width.  At 80 columns a fixed 38-column list left the preview too narrow: the
        screen's edge cut its last columns (SB ``21½`` read ``21``)."""
        width = self.size.width
        need, _full = widths_needed(self.query_one("#tb-preview", FittedTable))
        _least, names = widths_needed(self.query_one("#tb-list", FittedTable))
        if not width or not need or not names:
            self.show_title()
            return
        scrollbars = 2 * self.SCROLLBAR
        stacked = width < names + need + scrollbars
        if stacked != self.has_class("-stacked"):
            # the class names only the pane and five of its boxes (hakem.tcss): their styles,
            # not the drop-downs' and tables' insides (~20 widgets matched again: ~30 ms)
            self.set_class(stacked, "-stacked", update=False)
            restyle(self.app, [self, *(self.query_one(f"#{name}") for name in self.STACKED)])
        box = self.query_one("#tb-left")
        if stacked:
            box.styles.clear_rule("width")
            # a low screen keeps at least four preview rows: the list scrolls instead
            self.query_one("#tb-list").styles.max_height = max(3, min(8, self.size.height - self.PREVIEW_ROWS))
        else:
            box.styles.width = max(names + self.SCROLLBAR, min(38, width - need - self.SCROLLBAR))
        self.show_title()

    STACKED = ("tb-left", "tb-list", "tb-preset", "tb-help", "tb-right")
    """The boxes whose styles the ``-stacked`` class changes (``TiebreaksPane.-stacked #…`` in
    hakem.tcss: a rule for another box there needs its name here)."""

    PREVIEW_ROWS = 10
    """Rows a stacked pane keeps below the list: preset, add field and regime (3), the preview's
    title and header (2), and at least four players and the notes."""

    SCROLLBAR = 2
    """Cells kept for a vertical scrollbar beside each table (whether shown or not: the
    choice of layout must not flip when a scrollbar comes and goes)."""

    def on_resize(self) -> None:
        self.share_width()

    # -- editing ------------------------------------------------------------------------------
    def edit(self, codes: list[str]) -> None:
        self.draft = codes
        self.render_draft()
        self.warn_after_lot(codes)

    def warn_after_lot(self, codes: list[str]) -> None:
        """A criterion after the drawing of lots never decides anything (the lot leaves no tie):
        said when the draft has one (an SB added after LOT was saved without a word)."""
        lot = next((i for i, code in enumerate(codes) if known_base(code) == "LOT"), None)  # LOTS too
        late = codes[lot + 1:] if lot is not None else []
        if late:
            self.notify(_("{codes} after LOT can never decide anything: the drawing of lots leaves no tie. "
                          "Move it above LOT (Shift+↑) or remove it.").format(codes=", ".join(late)),
                        severity="warning")

    def selected_index(self) -> int | None:
        table = self.query_one("#tb-list", FittedTable)
        n = len(self.current_list())
        return table.cursor_row if n and 0 <= table.cursor_row < n else None

    def show_withdrawn(self) -> None:
        """The reading of a withdrawal under 50 % (Aktar p. 61 or FIDE's C.06 (2011) Art. 5.4):
        shown for an individual round robin only, in the event's setting, in the language now."""
        from core.tiebreaks.context import ROUND_ROBIN_SYSTEMS

        select = self.query_one("#tb-withdrawn", Select)
        select.display = self.shown.system in ROUND_ROBIN_SYSTEMS and not self.shown.teams
        wanted = str(self.shown.options.get("withdrawn_points") or "keep")
        with select.prevent(Select.Changed):
            select.set_options(withdrawn_choices())
            select.value = wanted

    def save_withdrawn(self, reading: str) -> None:
        """Save the reading at once (a setting of the event, not part of the list's draft):
        every table that ranks the players reads it."""
        t = self.shown
        if reading == str(t.options.get("withdrawn_points") or "keep"):
            return
        options = {k: v for k, v in t.options.items() if k != "withdrawn_points"}
        if reading != "keep":
            options["withdrawn_points"] = reading
        changes = {"options": options}
        session = self.screen.session
        self.post_message(RunChange(lambda: session.do(
            lambda desk: desk.change_settings(changes, seen={"options": t.options})),
            _("Settings saved.")).set_sender(self))

    def on_select_changed(self, event: Select.Changed) -> None:
        if self.t is None:
            return
        if event.select.id == "tb-withdrawn":
            self.save_withdrawn(str(event.value))
            return
        if event.select.id == "tb-preset" and event.value is not Select.NULL:
            self.edit(list(presets()[str(event.value)]))
        elif event.select.id == "tb-regime":
            value = str(event.value)
            if value != (self.t.tiebreak_regime or "auto"):
                self.draft_regime = value
            else:
                self.draft_regime = None
            self.render_draft()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a code: the code goes into the add field to be changed (``BH/C1`` →
        ``BH/C2``), and Enter there puts it back in its place; on an empty list, the field."""
        if event.data_table.id != "tb-list" or self.app.view_only:
            return
        event.stop()
        field = self.query_one("#tb-add", TextField)
        i = self.selected_index()
        self.editing = i
        if i is not None:
            field.value = self.current_list()[i]  # one undo step: Ctrl+Z empties the field
        field.focus()  # the cursor at the end (TextField)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "tb-add":
            return
        event.stop()
        code = event.value.strip()
        editing, self.editing = self.editing, None
        if not code:
            return
        from core.tiebreaks.codes import parse_list

        codes = self.current_list()
        try:  # the code, and the list it makes: a criterion already there is refused
            parse_list([*codes[:editing], code, *codes[editing + 1:]] if editing is not None else [*codes, code])
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        event.input.value = ""
        if editing is not None and editing < len(codes):
            codes[editing] = code.upper()
            self.edit(codes)
            table = self.query_one("#tb-list", FittedTable)
            table.move_cursor(row=editing, animate=False)
            table.focus()
            return
        self.edit(codes + [code.upper()])

    def action_add(self) -> None:
        self.editing = None  # + adds a code at the end, whatever Enter chose before
        self.query_one("#tb-add", Input).focus()

    def leave_text(self, field: Widget) -> None:
        """Escape from the add field: a code taken out with Enter stays as it is."""
        if isinstance(field, TextField) and field.id == "tb-add" and self.editing is not None:
            self.editing = None
            field.reset()

    def action_remove(self) -> None:
        i = self.selected_index()
        if i is None:
            return
        codes = self.current_list()
        del codes[i]
        self.edit(codes)

    def action_move(self, step: int) -> None:
        i = self.selected_index()
        if i is None:
            return
        codes = self.current_list()
        j = i + step
        if not 0 <= j < len(codes):
            return
        codes[i], codes[j] = codes[j], codes[i]
        self.edit(codes)
        self.query_one("#tb-list", FittedTable).move_cursor(row=j, animate=False)

    def _modify(self, letter: str) -> None:
        i = self.selected_index()
        if i is None:
            return
        codes = self.current_list()
        if letter not in criterion_modifiers(codes[i]):
            self.notify(_("{code} takes no such parameter.").format(code=codes[i]), severity="warning")
            return
        codes[i] = step_modifier(codes[i], letter)
        self.edit(codes)

    def action_cut(self) -> None:
        self._modify("C")

    def action_median(self) -> None:
        self._modify("M")

    def action_discard(self) -> None:
        self.draft = None
        self.draft_regime = None
        self.render_draft()

    def action_save(self) -> None:
        if self.draft is None and self.draft_regime is None:
            self.notify(_("Nothing to save: the list is as stored."))
            return
        changes: dict = {}
        if self.draft is not None:
            changes["tiebreaks"] = tuple(self.draft)
        if self.draft_regime is not None:
            changes["tiebreak_regime"] = None if self.draft_regime == "auto" else self.draft_regime
        session = self.screen.session
        shown = {key: getattr(session.tournament, key) for key in changes}

        def saved(made: bool) -> None:
            if made:
                self.draft = None
                self.draft_regime = None
                self.render_draft()

        def save(force: bool) -> None:
            self.post_message(RunChange(
                lambda: session.do(lambda desk: desk.change_settings(changes, seen=shown, what="tiebreak_settings",
                                                                     force=force)),
                _("Tie-break settings saved."), then=saved).set_sender(self))

        if not session.tournament.current_round:
            save(False)
            return
        from tui.widgets.dialogs import ConfirmDialog

        self.app.push_screen(ConfirmDialog(
            _("Change the tie-breaks"),
            _("The tie-breaks were announced before round 1. Change them after the start? "
              "The change is written in the log."), yes=_("Change the tie-breaks")),
            lambda yes: save(True) if yes else None)


def restyle(app: App[Any], nodes: list[Widget]) -> None:
    """Apply the stylesheet to ``nodes`` only (a class set with ``update=False``): Textual's own
    update restyles every widget under the node whose class changed."""
    app.stylesheet.update_nodes(nodes)

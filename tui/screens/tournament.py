"""Provides the screen of one open tournament: tabs for players, rounds, standings, tie-breaks,
reports and playoffs, plus the watch on the store that brings in other organisers' changes.

Why one screen with tabs rather than one mode per area: all areas show the same snapshot, so a
single session and a single revision poll keep them consistent; F2–F7 (and the command
palette) switch tabs, ``q`` on a table goes back to the list (Escape only backs out of a field).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Header, TabbedContent, TabPane, Tabs

from core.errors import ConflictError, TournamentError
from core.i18n.terms import system_name
from core.i18n import _, ngettext
from core.model import Tournament
from core.words import say
from tui.i18n import L_, LP_
from tui.messages import ChangeSaved, RefreshPanes, RunChange, ShowMessage, ShowWarnings
from tui.services import Session, on_ui_thread, settle_memory
from tui.textual_internals.widgets import ContentTabs, pane_of_tab, tab_of_pane, tabs_belong_to
from tui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from core.app.desk import Outcome
    from tui.screens.rounds import RoundsPane
from tui.hooks import ScreenHooks, StyledWhenMounted
from tui.widgets.pane import CommandKeys, TournamentTab, typing_here

TABS = (
    # two titles worded for the tab bar: Russian says "Участники" (the glossary's participant,
    # as every other line) and "Тай-брейки", so that all six whole titles fit 80 columns
    ("players", LP_("tab", "Players"), "f2"),
    ("rounds", L_("Rounds"), "f3"),
    ("standings", L_("Standings"), "f4"),
    ("tiebreaks", LP_("tab", "Tie-breaks"), "f5"),
    ("reports", L_("Reports"), "f6"),
    ("playoff", L_("Playoff"), "f7"),
)


def tab_labels(width: int, active: str) -> dict[str, str]:
    """Tab titles that fit ``width`` columns: "Players F2" when all six fit; else the compact
    bar — the tab shown keeps its whole name, the others their key ("F2  Rounds F3  F4 …"):
    every tab stays visible and reachable, and no name is cut to a stub ("Oyun… F2 Turl… F3" at
    60 columns read as nothing).  Too narrow even for that: the keys alone."""
    pad = 2  # a Tab's padding, one column each side
    names = {tab: str(label) for tab, label, _key in TABS}
    keys = {tab: key.upper() for tab, _label, key in TABS}
    full = {t: f"{names[t]} {keys[t]}" for t in names}
    for labels in (full, {t: full[t] if t == active else keys[t] for t in names}):
        if sum(cell_len(text) + pad for text in labels.values()) <= width:
            return labels
    return dict(keys)


class TournamentTabs(TabbedContent):
    """TabbedContent whose start-up activation does not undo a tab chosen before it ran.

    The tab strip activates its initial tab in its own mount handler, which may be handled
    after an F-key typed right after opening the tournament: that late activation is ignored
    (the F-key's tab is already shown and focused)."""

    _started = False

    def _on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        if self._started or not tabs_belong_to(self, event.tabs):
            return  # TabbedContent's own handler runs next (message dispatch walks the MRO)
        self._started = True
        chosen = self.active
        if chosen and event.tab.id is not None and pane_of_tab(event.tab.id) != chosen:
            event.stop()
            event.prevent_default()  # not TabbedContent's handler: the chosen tab stays
            with self.prevent(Tabs.TabActivated):
                self.get_child_by_type(ContentTabs).active = tab_of_pane(chosen)

    def _on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        """A focus inside a pane whose tab is not in the strip is not followed.

        TabbedContent makes the focused widget's pane the active tab; a focus message that
        arrives while the strip is rebuilt (a language switch, F-keys in a burst under load)
        names a tab that is not there, and the strip's own check raised ``No Tab with id``
        inside Textual's handler, which ended the app."""
        pane_id = event.tab_pane.id
        strips = self.query_children(ContentTabs)
        if pane_id and strips and strips.first().query(f"#tabs-list > #{tab_of_pane(pane_id)}"):
            return  # TabbedContent's own handler runs next
        event.stop()
        event.prevent_default()


CHANGE_TABS = (
    ("rounds", ("rounds", "round_dates", "round_times")),
    ("tiebreaks", ("tiebreaks", "tiebreak_regime")),
    ("playoff", ("options.playoffs", "options.tie_orders")),
    ("players", ("players", "forbidden", "forbidden_ranges", "requested_byes", "teams",
                 "options.checkin", "options.entry_fee")),
)
"""Which tab shows which part of the stored tournament (the first steps of a change's paths)."""


def tab_of_change(parts: list[str]) -> str | None:
    """The tab that shows a change (``Store.next_step``'s ``parts``); a change reaching into
    several areas belongs to the first listed (a result that adds a playoff is a round's);
    None for the tournament's settings (name, rounds, time control...)."""
    for tab, prefixes in CHANGE_TABS:
        if any(part == prefix or part.startswith(prefix + ".") for part in parts for prefix in prefixes):
            return tab
    return None


class TournamentScreen(StyledWhenMounted, CommandKeys, ScreenHooks, Screen):
    """One tournament; every pane refreshes from ``session.tournament``."""

    CHANGES = frozenset({"undo", "redo", "settings"})

    BINDINGS = [
        Binding("escape", "back", L_("Back"), show=False),
        Binding("q", "close", L_("Close tournament"), show=False),  # F1, and Escape says so: the footer is full
        # priority: a focused widget must not keep them (TextArea binds F6/F7 to select line/all)
        *[Binding(key, f"show_tab('{tab}')", label, show=False, priority=True)
          for tab, label, key in TABS],
        Binding("ctrl+z", "undo", L_("Undo"), show=False),
        Binding("ctrl+y", "redo", L_("Redo"), show=False),
        Binding("ctrl+l", "journal", L_("Journal"), show=False),
        Binding("ctrl+t", "settings", L_("Tournament settings"), show=False),
        Binding("b", "bracket", L_("Bracket"), show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.initial_tab: str | None = None
        """The tab shown when composed (None: the rounds once paired, else the players);
        a language switch composes again on the tab that was shown."""
        self._shown: Tournament | None = None
        """The snapshot the panes last showed (a pushed change compares with it)."""

    def compose(self) -> ComposeResult:
        yield Header()
        initial = self.initial_tab or ("rounds" if self.session.tournament.rounds else "players")
        self.initial_tab = initial
        with TournamentTabs(initial=f"tab-{initial}", id="tabs"):
            labels = tab_labels(self.app.size.width or 80, initial)
            for tab, _label, _key in TABS:
                with TabPane(labels[tab], id=f"tab-{tab}"):
                    if tab == initial:
                        self._panes_built += 1
                        yield self.make_pane(tab)
        yield KeyFooter()

    @staticmethod
    def make_pane(tab: str) -> TournamentTab:
        """Panes are built when first shown, and their modules imported then: opening a
        tournament stays fast over SSH (importing the six cost ~15 ms of the opening)."""
        pane: type[TournamentTab]
        if tab == "players":
            from tui.screens.registration import RegistrationPane as pane
        elif tab == "rounds":
            from tui.screens.rounds import RoundsPane as pane
        elif tab == "standings":
            from tui.screens.standings_pane import StandingsPane as pane
        elif tab == "tiebreaks":
            from tui.screens.tiebreaks import TiebreaksPane as pane
        elif tab == "reports":
            from tui.screens.reports import ReportsPane as pane
        else:
            from tui.screens.playoff import PlayoffPane as pane
        return pane(id=f"pane-{tab}")

    def pane(self, tab: str, create: bool = True) -> TournamentTab | None:
        """The pane of ``tab`` if it is built (``create`` is kept for callers that only look)."""
        return next(iter(self.query(f"#pane-{tab}").results(TournamentTab)), None)

    def rounds_pane(self) -> RoundsPane | None:
        """The rounds pane if it is built (a pairing running there is what Escape cancels)."""
        from tui.screens.rounds import RoundsPane

        pane = self.pane("rounds", create=False)
        return pane if isinstance(pane, RoundsPane) else None

    async def ensure_pane(self, tab: str) -> TournamentTab | None:
        """The pane of ``tab``, built, mounted and filled: a pane is only shown once its
        widgets exist (F5 right after opening used to reach a pane still composing)."""
        pane = self.pane(tab)
        if pane is None:
            holders = self.query(f"#tab-{tab}")
            if not holders:
                return None  # the screen is closing (Escape in the same burst) or composing
            pane = self.make_pane(tab)
            self._panes_built += 1
            await holders.first(TabPane).mount(pane)
            pane.show(self.session.tournament)
        return pane

    def on_mount(self) -> None:
        self.title = self.session.tournament.name
        self.update_subtitle()
        self.refresh_panes()
        if not self.session.watch(self.pushed):  # the data service pushes; else a timer polls
            self.set_interval(self.app.poll_interval, self.poll_store)
        self.focus_active()  # at once, so keys typed right after opening are not lost
        self.call_after_refresh(self.settle)
        self.set_timer(1.0, gc.enable)  # should that frame never come

    def settle(self) -> None:
        """After the first frame: the memory the opening left settled (a full collection, ~40
        ms at 1,000 players, then frozen), the collector, held while opening, back on, and a
        big event's standings computed ahead in a thread (:func:`tui.preload.standings_ahead`)."""
        settle_memory()
        gc.enable()
        from tui import preload

        preload.standings_ahead(self.session.tournament)  # a big event's, for F4, F5, F7

    # -- panes ------------------------------------------------------------------------------
    @property
    def tournament(self) -> Tournament:
        return self.session.tournament

    def panes(self) -> list[TournamentTab]:
        """The panes built so far (the others are filled when first shown)."""
        return [p for p in (self.pane(tab, create=False) for tab, _l, _k in TABS) if p is not None]

    def refresh_panes(self) -> None:
        """Show the session's snapshot everywhere (cursor rows and typed text stay)."""
        t = self.session.tournament
        for pane in self.panes():
            if pane.is_mounted:  # one still mounting is filled by ensure_pane
                pane.show(t)
        self._shown = t
        self.update_subtitle()

    def update_subtitle(self) -> None:
        t = self.session.tournament
        from core.roles import Role, role_of

        role = role_of(t)  # "results entry only": the user sees what the core will refuse
        mode = _(" · read-only") if self.session.read_only else (
            "" if role is Role.CHIEF_ARBITER else f" · {role.label}")
        from core.round_view import rounds_planned

        players = ngettext("{n} player", "{n} players", len(t.players)).format(n=len(t.players))
        total = rounds_planned(t)  # a cup: its bracket's rounds, not the form's 5 ("тур 0 из 5")
        position = (_("before round 1 of {total}").format(total=total) if t.current_round == 0 else
                    _("round {current} of {total}").format(current=t.current_round, total=total))
        self.sub_title = _("{system} · {position} · {players}").format(
            system=system_name(t.system), position=position, players=players) + mode
        # The header has about width - 18 columns for "title — subtitle"; a long system name
        # ("Holländisches System") goes first, then the player count: the mode (read-only, the
        # role) is what must be read whole (it was cut at 60 columns: "· salt oku…").
        shorter = (_("{position} · {players}").format(position=position, players=players) + mode,
                   position + mode, mode.removeprefix(" · "))
        for text in shorter:
            if cell_len(f"{t.name} — {self.sub_title}") <= self.app.size.width - 18:
                break
            self.sub_title = text

    def on_resize(self) -> None:
        """Tab titles fit the width (every tab stays reachable on a small terminal; the footer
        fits itself, ``KeyFooter``)."""
        tabs = self.query(TabbedContent)
        if not tabs:
            return
        self.relabel_tabs()
        self.update_subtitle()

    def relabel_tabs(self) -> None:
        """The tab titles for the width and the tab shown (:func:`tab_labels`)."""
        tabs = self.query(TabbedContent)
        if not tabs:
            return
        active = (tabs.first().active or "").removeprefix("tab-")
        for tab, text in tab_labels(self.app.size.width, active).items():
            tab_widget = tabs.first().get_tab(f"tab-{tab}")
            if str(tab_widget.label) != text:
                tab_widget.label = text

    async def redraw(self) -> None:
        """After a language switch: the screen composed again on the tab that was shown.

        What is being edited survives: texts typed into the fields of a pane and the
        tie-break draft are carried into the new panes."""
        tabs = self.query_one(TabbedContent)
        self.initial_tab = tabs.active.removeprefix("tab-")
        kept = {pane.id: pane.keep_state() for pane in self.panes()}
        await self.recompose()
        for tab, _label, _key in TABS:
            if f"pane-{tab}" in kept:
                pane = await self.ensure_pane(tab)
                if pane is not None:
                    pane.restore_state(kept[f"pane-{tab}"])
        self.update_subtitle()
        self.refresh_panes()
        self.focus_active()

    def focus_active(self) -> None:
        """Give the focus to the visible pane's main widget (its own choice: the name field of
        the players tab, the boards table of the rounds tab...) — at once, not after the next
        refresh: the next key goes there."""
        tabs = self.query_one(TabbedContent)
        pane = self.pane(tabs.active.removeprefix("tab-"))
        if pane is not None and pane.is_mounted:
            self.set_focus(pane.main_widget())
        self.refresh_bindings()

    def paste_target(self) -> Widget | None:
        """Where pasted text goes when no text field has the focus (a paste onto a table is
        text, never the table's one-key commands): the shown pane's entry field, if it has one."""
        tabs = self.query_one(TabbedContent)
        pane = self.pane(tabs.active.removeprefix("tab-"))
        return pane.paste_target() if pane is not None and pane.is_mounted else None

    def put_aside_pasted(self, line: str, reason: str) -> bool:
        """A pasted line that cannot be entered goes to the shown pane's refused list."""
        tabs = self.query_one(TabbedContent)
        pane = self.pane(tabs.active.removeprefix("tab-"))
        return pane is not None and pane.is_mounted and pane.put_aside_pasted(line, reason)

    def paste_one_record(self, text: str) -> bool:
        """Whether a paste onto the shown pane's table puts only its first line into the form
        (the players list: a list pasted there registered every line, a URL and a CSV header
        among them); the result entry line takes a whole pasted list."""
        tabs = self.query_one(TabbedContent)
        pane = self.pane(tabs.active.removeprefix("tab-"))
        return pane is not None and pane.ONE_RECORD_FROM_TABLE and len(text.strip().splitlines()) > 1

    async def show_pane(self, tab: str) -> None:
        """Make ``tab``'s pane current: built if needed, redrawn if it missed changes, focused
        before this returns — a key typed right after an F-key goes to the new pane.

        The pane is built before the tab switches and the focus moves in the same step as the
        switch: a focused widget left in a hidden tab makes Textual move the focus, and a focus
        inside a tab pane makes TabbedContent show that pane again (F-keys in a burst used to
        flip back to the previous tab)."""
        from textual.css.query import NoMatches

        try:
            pane = await self.ensure_pane(tab)
            if pane is None or not pane.is_attached or not self.is_attached:
                return
            tabs = self.query_one(TabbedContent)
            if tabs.active != f"tab-{tab}":
                leaving = self.pane(tabs.active.removeprefix("tab-"))
                if leaving is not None and leaving.is_mounted:
                    leaving.left_with_focus(self.focused)
                with tabs.prevent(TabbedContent.TabActivated):
                    tabs.active = f"tab-{tab}"
            pane.activated()
            self.relabel_tabs()  # a compact tab bar names the tab shown
            self.focus_active()
        except NoMatches:
            return  # the screen was closed while the pane was being built (Escape in a burst)
        except ValueError:
            return  # the tab strip is being rebuilt (language switch) and lacks the tab for a moment

    async def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """A tab chosen with the mouse (the keys come through ``action_show_tab``)."""
        await self.show_pane((event.pane.id or "").removeprefix("tab-"))

    async def action_show_tab(self, tab: str) -> None:
        await self.show_pane(tab)

    # -- changes ----------------------------------------------------------------------------
    def run_change(self, change: Callable[[], object], done: str | None = None,
                   refused: Callable[[str], object] | None = None) -> bool:
        """Run one change (a session call); show its refusal as a message and change
        nothing, or its warnings (a manual pairing's broken criteria, pages not published).
        ``refused``: takes the refusal's text instead (a form that keeps the refused record)."""
        try:
            outcome = change()
        except ConflictError as exc:
            self.refresh_panes()
            self.notify(str(exc), severity="warning", title=_("Changed by someone else"))
            return False
        except TournamentError as exc:
            text = str(exc)
            if refused is not None:
                refused(text)
            elif "\n" in text:
                self.post_message(ShowMessage(_("Not done"), text).set_sender(self))
            else:
                self.notify(text, severity="error", title=_("Not done"))
            return False
        self.refresh_panes()
        if done:
            self.notify(done)
        self.show_warnings(outcome)
        return True

    # -- what the panes ask for (tui.messages) ------------------------------------------------
    @on(RunChange)
    def _run_change_asked(self, message: RunChange) -> None:
        message.stop()
        made = self.run_change(message.change, message.done, message.refused)
        if message.then is not None:
            message.then(made)

    @on(RefreshPanes)
    def _refresh_panes_asked(self, message: RefreshPanes) -> None:
        message.stop()
        self.refresh_panes()
        if message.then is not None:
            message.then()

    @on(ChangeSaved)
    def _change_saved(self, message: ChangeSaved) -> None:
        message.stop()
        self.save_finished(message.outcome, None)

    @on(ShowWarnings)
    def _show_warnings_asked(self, message: ShowWarnings) -> None:
        message.stop()
        self.show_warnings(message.outcome)

    def show_warnings(self, outcome: object) -> None:
        """The warnings of a change's :class:`~core.app.base.Outcome` (a change answering with
        the snapshot itself has none)."""
        from core.app.base import Outcome

        for warning in outcome.warnings if isinstance(outcome, Outcome) else ():
            self.notify(str(warning), severity="warning", title=_("Warning"))

    def save_finished(self, outcome: Outcome | None, error: TournamentError | None, done: str | None = None) -> None:
        """A queued change answered: show a refusal (a conflict names who changed what, and
        the screen now shows the newer value), or the store's state if it differs."""
        if isinstance(error, ConflictError):
            self.refresh_panes()
            self.post_message(ShowMessage(_("Changed by someone else"), str(error)).set_sender(self))
            return
        if error is not None:
            self.post_message(ShowMessage(_("Not saved"), _("The change was not saved: {error}").format(error=error))
                              .set_sender(self))
            self.refresh_panes()
            return
        if done:
            self.notify(done)
        self.show_warnings(outcome)
        t = outcome.tournament if outcome is not None else None
        if not self.session.pending and t is not None and t is self.session.tournament:
            if t != self._shown:  # e.g. another organiser's result came along
                self.refresh_panes()

    def on_unmount(self) -> None:
        self.session.close()

    def pushed(self) -> None:
        """The data service says the tournament changed (called on the client's thread)."""
        try:
            self.app.call_from_thread(self.poll_store)
        except RuntimeError:
            pass  # the app has closed

    def poll_store(self) -> None:
        """Revision polling: another organiser's change arrives through the normal refresh."""
        try:
            changed = self.session.poll()
        except TournamentError:
            return
        if changed:
            self.refresh_panes()
            who, what = self.session.last_change()
            if who:
                self.notify(_("{who} changed the tournament: {what}").format(who=who, what=what),
                            title=_("Updated"))
            else:
                self.notify(_("The tournament was changed elsewhere; the screen is up to date."))

    def action_back(self) -> None:
        """Escape backs out one level: it cancels a running pairing, or leaves the text field
        (the form, the entry line) for the pane's table.  It never leaves the tournament — a
        burst or a second Escape too many used to close it from a table; ``q`` on a table does
        that, deliberately (footer, F1)."""
        rounds = self.rounds_pane()
        if rounds is not None and rounds.cancel_pairing():
            return
        focused = self.focused
        if typing_here(focused):
            target = self.table_of_active_pane()
            if target is not None and target is not focused:
                pane = self.pane(self.query_one(TabbedContent).active.removeprefix("tab-"))
                if pane is not None and focused is not None:
                    pane.leave_text(focused)  # the rounds pane puts a half-typed line aside
                target.focus()
                return
        self.notify(_("Escape stays in the tournament: q on a table goes back to the tournaments list."))

    def table_of_active_pane(self) -> Widget | None:
        """Where Escape goes from a text field: the pane's main widget, or, where that is the
        field itself (the players tab's name field), the pane's first table."""
        from textual.widgets import DataTable

        pane = self.pane(self.query_one(TabbedContent).active.removeprefix("tab-"))
        if pane is None:
            return None
        main = pane.main_widget()
        if not typing_here(main):
            return main
        return next((table for table in pane.query(DataTable) if table.focusable), None)

    def action_close(self) -> None:
        """``q`` on a table: back to the tournaments list (a running pairing is cancelled)."""
        rounds = self.rounds_pane()
        if rounds is not None:
            rounds.cancel_pairing()
        self.app.pop_screen()

    def action_settings(self) -> None:
        """Edit the tournament's own settings (name, rounds, time control, points...)."""
        from tui.screens.new_tournament import NewTournamentDialog
        from core.model import Colour
        from core.trf.kept import kept_texts, with_texts
        from tui.services import POINT_SYSTEMS, NewTournament, point_system_key
        from tui.standings import preset_in_force

        t = self.session.tournament
        current = NewTournament(name=t.name, system=t.system, total_rounds=t.total_rounds,
                                time_control=t.time_control, point_system=point_system_key(t.points),
                                language=t.language, start_date=t.start_date, place=t.place,
                                chief_arbiter=t.chief_arbiter, tiebreak_preset=preset_in_force(t) or "",
                                knockout=dict(t.options.get("knockout", {})),
                                rating_for_pairing=str(t.options.get("rating_for_pairing", "") or ""),
                                team={k: t.options[k] for k in ("colour_preferences", "boards") if k in t.options},
                                federation=t.federation, end_date=t.end_date, deputy_arbiters=t.deputy_arbiters,
                                time_control_code=t.time_control_code,
                                **kept_texts(t.options),
                                initial_colour="white" if t.initial_colour is Colour.WHITE else
                                "black" if t.initial_colour is Colour.BLACK else "",
                                go=dict(t.options.get("go") or {}))

        def saved(form: NewTournament | None) -> None:
            if form is None:
                return
            from tui.widgets.mms_question import ask_then

            ask_then(self, self.session.desk.go_settings_question(form.go) if form.go else "", lambda: store(form))

        def store(form: NewTournament) -> None:
            """Save the settings form (asked first when it moves initial MMS)."""
            changes = {k: getattr(form, k) for k in ("name", "total_rounds", "time_control", "language",
                                                      "start_date", "place", "chief_arbiter", "federation",
                                                      "end_date", "deputy_arbiters", "time_control_code")
                       if getattr(form, k) != getattr(current, k)}
            texts = {k: getattr(form, k) for k in ("trf_type", "rank_method", "controller")
                     if getattr(form, k) != getattr(current, k)}
            if texts:  # records 092, 172, 182 live among the options
                changes["options"] = with_texts(t.options, texts)
            if form.initial_colour != current.initial_colour:  # 152
                changes["initial_colour"] = {"white": Colour.WHITE, "black": Colour.BLACK}.get(form.initial_colour)
            if form.system != t.system and not t.rounds:
                changes["system"] = form.system
            if form.system == "knockout" and not t.rounds and dict(form.knockout) != dict(current.knockout):
                changes["options"] = {**dict(changes.get("options", t.options)), "knockout": dict(form.knockout)}
            if form.system == "swiss-team" and not t.rounds and dict(form.team) != dict(current.team):
                kept = {k: v for k, v in dict(changes.get("options", t.options)).items()
                        if k not in ("colour_preferences", "boards")}
                changes["options"] = {**kept, **dict(form.team)}
            # a new rating for pairing before round 1, with a list to take ratings from: the
            # players' ratings follow in the same step (update_ratings records the choice)
            retake = (form.rating_for_pairing != current.rating_for_pairing and not t.rounds
                      and bool(t.options.get("rating_list")))
            if form.rating_for_pairing != current.rating_for_pairing and not retake:
                options = {k: v for k, v in dict(changes.get("options", t.options)).items()
                           if k != "rating_for_pairing"}
                if form.rating_for_pairing:
                    options["rating_for_pairing"] = form.rating_for_pairing
                changes["options"] = options
            if form.point_system != current.point_system and form.point_system in POINT_SYSTEMS:
                changes["points"] = POINT_SYSTEMS[form.point_system]
            if changes:
                shown = {key: getattr(t, key) for key in changes}
                if not self.run_change(lambda: self.session.do(lambda desk: desk.change_settings(changes, seen=shown)),
                                       _("Settings saved.")):
                    return
            if form.go and not self.run_change(lambda: self.session.do(lambda desk: desk.change_go_settings(form.go)),
                                               _("Go settings saved.")):
                return
            if retake:
                self.retake_ratings(form.rating_for_pairing)
            self.title = self.session.tournament.name

        self.app.push_screen(NewTournamentDialog(current, system_fixed=bool(t.rounds), min_rounds=t.current_round),
                             saved)

    def retake_ratings(self, choice: str) -> None:
        """Record a new rating for pairing and take every player's rating again from the
        event's list by it (before round 1); the message says how many changed and who got
        another number."""
        done: list = []

        def update() -> object:
            done.append(self.session.do(lambda desk: desk.update_ratings("", choice)))
            return done[-1]

        if self.run_change(update):
            update_ = done[-1].value
            moved = ", ".join(f"{name} {old}→{new}" for name, old, new in update_.renumbered)
            text = _("Rating for pairing saved; {count} player(s) took another rating from list {name!r}.").format(
                count=len(update_.changes), name=update_.source.name)
            self.notify(text + (" " + _("New numbers: {moves}").format(moves=moved) if moved else ""))

    def action_undo(self) -> None:
        """Undo the tournament's newest change (from the tables or the palette: in a text
        field Ctrl+Z undoes typing).  Says what it undoes — the journal's words — and asks
        first when that change is not on the tab shown."""
        self.step_history("undo")

    def action_redo(self) -> None:
        self.step_history("redo")

    def step_history(self, which: str) -> None:
        session = self.session
        try:
            session.flush()  # a result typed a moment ago is saved first: it is what is undone
            step = session.desk.next_step(which)
        except TournamentError as exc:
            self.notify(str(exc), severity="error", title=_("Not done"))
            return
        if step is None:
            self.notify(_("Nothing to undo.") if which == "undo" else _("Nothing to redo."), severity="warning")
            return
        from core.app.desk import made_by_other

        what, expected = say(step, {p.pno: p.name for p in session.tournament.players}), step["id"]
        queue = session.undo if which == "undo" else session.redo
        done = (_("Undone: {change}") if which == "undo" else _("Redone: {change}")).format(change=what)

        def run() -> None:
            self.queue_change(lambda answer: queue(answer, expected=expected), done)

        tab = tab_of_change(step["parts"])
        shown = self.query_one(TabbedContent).active.removeprefix("tab-")
        other = made_by_other(step) if which == "undo" else ""
        if tab == shown and not other:
            run()
            return
        where = (_("the tournament settings (Ctrl+T)") if tab is None else
                 next(f"{label} ({key.upper()})" for t, label, key in TABS if t == tab))
        if other:  # someone else's work: always asked, naming who and when
            question = _("Undo “{change}”? {who} made this change, not you.").format(change=what, who=other)
            if tab != shown:
                question += " " + _("It changed {where}, not what this tab shows.").format(where=where)
        else:
            question = (_("Undo “{change}”? It changed {where}, not what this tab shows.") if which == "undo" else
                        _("Redo “{change}”? It changes {where}, not what this tab shows.")).format(
                change=what, where=where)

        def decided(yes: bool | None) -> None:
            if yes:
                run()

        from tui.widgets.dialogs import ConfirmDialog

        self.app.push_screen(ConfirmDialog(_("Undo") if which == "undo" else _("Redo"), question,
                                           yes=_("Undo") if which == "undo" else _("Redo"), danger=True),
                             decided)

    def queue_change(self, queue: Callable[[Callable], None], done: str) -> None:
        """Undo/redo: behind the saves still queued (typing order); answered like a save."""
        try:
            queue(on_ui_thread(self, self.save_finished, done))
        except TournamentError as exc:
            self.notify(str(exc), severity="error", title=_("Not done"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "bracket" and self.session.tournament.system != "knockout":
            return False  # only a cup has a bracket; elsewhere "b" stays free
        return super().check_action(action, parameters)

    def action_bracket(self) -> None:
        """The cup's bracket: every knockout round, its matches, byes and eliminations."""
        from tui.screens.bracket import BracketScreen

        self.app.push_screen(BracketScreen(self.session.tournament))

    def action_journal(self) -> None:
        try:
            entries = self.session.desk.journal()
        except TournamentError as exc:
            self.notify(str(exc), severity="error")
            return
        from core.i18n.format import format_journal_time

        names = {p.pno: p.name for p in self.session.tournament.players}
        lines = [f"{format_journal_time(e.get('time', ''))}  {e.get('user', '')}  {say(e, names)}" for e in entries[-200:]]
        self.post_message(ShowMessage(_("Journal: who changed what"), "\n".join(reversed(lines)) or _("No changes yet."))
                          .set_sender(self))

    _palette: tuple[tuple[str, Tournament, int], list[SystemCommand]] | None = None
    _panes_built = 0
    """Panes built on this screen so far (a pane's commands join the palette when it is built)."""

    def palette_commands(self) -> Iterable[SystemCommand]:
        """The commands of the screen and its panes, built once per language, snapshot and set
        of panes: Textual asks for them on every search of the palette (~19 times for one
        Ctrl+P), and each time walked every pane with a query (1,000 players: 16 ms a press)."""
        from core.i18n import current_language

        state = (current_language(), self.session.tournament, self._panes_built)
        kept = self._palette
        if kept is None or kept[0][0] != state[0] or kept[0][1] is not state[1] or kept[0][2] != state[2]:
            kept = self._palette = (state, list(self._build_palette_commands()))
        return kept[1]

    def _build_palette_commands(self) -> Iterator[SystemCommand]:
        for tab, label, key in TABS:
            # the help column names the key, as every other command's does (not the tab's id)
            yield SystemCommand(_("Go to {tab}").format(tab=str(label)), key.upper(),
                                lambda tab=tab: self.action_show_tab(tab))
        yield SystemCommand(_("Tournament settings"), _("Name, rounds, time control, points (Ctrl+T)"),
                            self.action_settings)
        yield SystemCommand(_("Undo"), _("Undo the last change (Ctrl+Z)"), self.action_undo)
        yield SystemCommand(_("Redo"), _("Redo the last undone change (Ctrl+Y)"), self.action_redo)
        yield SystemCommand(_("Journal"), _("Who changed what, newest first (Ctrl+L)"), self.action_journal)
        if self.session.tournament.system == "knockout":
            yield SystemCommand(_("Knockout bracket"), _("Every match by knockout round, byes and eliminations (b)"),
                                self.action_bracket)
        for pane in self.panes():
            yield from pane.palette_commands()

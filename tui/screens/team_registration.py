"""The teams of a team event, opened from the Players tab (key ``t`` or the command palette).

Why a dialog and not another tab: the tab bar already fills 80 columns, and teams are set up
once, before round 1, from players who are registered first.  Every change goes through
:mod:`core.changes.teams` via the open session, so the rules (unique names, one team per
player, teams fixed once round 1 is paired) and the store's journal and undo apply as for any
other change; a refusal is shown and nothing changes.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from core.errors import TournamentError
from core.i18n import _
from core.model import Team, Tournament
from tui.i18n import L_
from tui.widgets.dialogs import ConfirmDialog, PromptDialog
from tui.widgets.tables import FittedTable, reset_table, sync_table, text_col
from tui.messages import RunChange


def _pnos(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError as error:
        raise TournamentError(_("Please type pairing numbers separated by spaces.")) from error


class TeamsDialog(ModalScreen[None]):
    """List of teams with their rosters (board order) and the keys to change them."""

    BINDINGS = [
        Binding("a", "add", L_("Add team")),
        Binding("r", "roster", L_("Board order")),
        Binding("e", "rename", L_("Rename")),
        Binding("delete", "remove", L_("Delete")),
        Binding("c", "from_clubs", L_("From clubs")),
        Binding("b", "team_bye", L_("Team bye")),
        Binding("w", "withdraw_team", L_("Withdraw team")),
        Binding("escape", "close", L_("Close")),
    ]

    def __init__(self, owner: Any) -> None:
        """``owner`` is the tournament screen: its ``session``, and the changes (:class:`RunChange`)."""
        super().__init__(classes="dialog")
        self.owner = owner

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Teams"), classes="dialog-title")
            yield FittedTable(id="teams-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="teams-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        self.fill()
        self.query_one(FittedTable).focus()

    @property
    def t(self) -> Tournament:
        return self.owner.session.tournament

    def fill(self) -> None:
        """Rebuild the list from the session's snapshot (small: a few teams)."""
        table = self.query_one(FittedTable)
        cursor = table.cursor_row
        if not table.columns:
            reset_table(table, [(_("No."), "no"), text_col(_("Team"), "team", 2),
                                text_col(_("Board order (board 1 first)"), "order", 3, 12)])
        names = {p.pno: p.name for p in self.t.players}
        rows = []
        for team in self.t.teams:
            short = f" ({team.short})" if team.short else ""
            roster = ", ".join(f"{pno} {names.get(pno, '?')}" for pno in team.members) or "—"
            rows.append((team.id, team.name + short, roster))
        sync_table(table, [str(team.id) for team in self.t.teams], rows)
        if self.t.teams:
            table.move_cursor(row=min(cursor, len(self.t.teams) - 1))
        hint = _("a add · r board order · e rename · Del delete · c one team per club · Esc close")
        if not self.t.teams:
            hint = _("No teams yet.") + " " + hint
        self.query_one("#teams-hint", Static).update(hint)

    def selected(self) -> Team | None:
        """The team under the cursor (``None`` while there are no teams)."""
        table = self.query_one(FittedTable)
        if not self.t.teams or not 0 <= table.cursor_row < len(self.t.teams):
            return None
        return self.t.teams[table.cursor_row]

    def _change(self, use: Callable[[Any], Any], done: str) -> None:
        """Run one team use case of the desk (``use(desk)``); refill the list when saved."""
        session = self.owner.session

        def answered(made: bool) -> None:
            if made:
                self.fill()

        self.owner.post_message(RunChange(lambda: session.do(use), done, then=answered).set_sender(self))

    def _ask_members(self, title: str, help_text: str, value: str,
                     then: Callable[[list[int]], None]) -> None:
        """Prompt for pairing numbers in board order; a typing slip is shown, nothing changes."""
        def chosen(text: str | None) -> None:
            if text is None:
                return
            try:
                members = _pnos(text)
            except TournamentError as exc:
                self.notify(str(exc), severity="error")
                return
            then(members)

        self.app.push_screen(PromptDialog(title, help_text, value=value, suggested=False), chosen)

    def action_add(self) -> None:
        from core.teams.registration import team_entry_refusal

        refusal = team_entry_refusal(self.t)
        if refusal is not None:  # said before the name and players are typed
            self.notify(refusal, severity="error")
            return

        def named(name: str | None) -> None:
            if not name or not name.strip():
                return
            self._ask_members(
                _("Players of {name}").format(name=name.strip()),
                _("Pairing numbers in board order, board 1 first (e.g. 3 1 7 5); empty for later."), "",
                lambda members: self._change(lambda desk: desk.add_team(name, members),
                                             _("Team {name} added.").format(name=name.strip())))

        self.app.push_screen(PromptDialog(_("New team"), _("Name of the team (unique)."),
                                          placeholder=_("e.g. Ankara SK")), named)

    def action_roster(self) -> None:
        team = self.selected()
        if team is None:
            return
        def save(members: list[int]) -> None:
            self._change(lambda desk: desk.set_roster(team.id, members),
                         _("Board order of {name} saved.").format(name=team.name))

        def chosen(members: list[int]) -> None:
            from core.teams.registration import board_order_change

            try:
                change = board_order_change(self.t, team.id, members)
            except TournamentError as exc:
                self.notify(str(exc), severity="error")
                return
            if change is None:
                save(members)
                return
            self.app.push_screen(ConfirmDialog(_("Change the board order?"), change, yes=_("Change the order")),
                                 lambda yes: save(members) if yes else None)

        self._ask_members(
            _("Board order of {name}").format(name=team.name),
            _("Pairing numbers in board order, board 1 first (e.g. 3 1 7 5)."),
            " ".join(map(str, team.members)), chosen)

    def action_rename(self) -> None:
        team = self.selected()
        if team is None:
            return

        def chosen(name: str | None) -> None:
            if not name:
                return
            self._change(lambda desk: desk.edit_team(team.id, name=name),
                         _("Team renamed."))

        self.app.push_screen(PromptDialog(_("Rename team"), "", value=team.name, suggested=False), chosen)

    def action_remove(self) -> None:
        team = self.selected()
        if team is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._change(lambda desk: desk.remove_team(team.id),
                             _("Team {name} deleted.").format(name=team.name))

        self.app.push_screen(ConfirmDialog(
            _("Delete team"), _("Delete the team {name}? Its players stay registered.").format(name=team.name),
            yes=_("Delete"), danger=True), confirmed)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A team's bye and withdrawal exist in a team Swiss only (C.04.2 Arts. 3.2, 3.3 applied
        to teams by C.04.6); elsewhere the keys are hidden."""
        if action in ("team_bye", "withdraw_team"):
            return self.t.system == "swiss-team"
        return True

    def action_team_bye(self) -> None:
        from core.fields import bye_cancel_letter

        team = self.selected()
        if team is None:
            return

        def chosen(text: str | None) -> None:
            from core.fields import team_bye_request

            if not text:
                return
            try:
                rounds, cancel = team_bye_request(text)
            except TournamentError as exc:
                self.notify(str(exc), severity="error")
                return
            self._change(lambda desk: desk.request_team_bye(team.id, rounds, cancel=cancel),
                         _("Bye of {name} saved.").format(name=team.name))

        self.app.push_screen(PromptDialog(
            _("Bye of {name}").format(name=team.name),
            _("Rounds the team misses, not paired, zero points (e.g. 4 or 4 5); {cancel} cancels (4 {cancel}).").format(
                cancel=bye_cancel_letter()),
            placeholder="4"), chosen)

    def action_withdraw_team(self) -> None:
        team = self.selected()
        if team is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._change(lambda desk: desk.withdraw_team(team.id),
                             _("Team {name} withdrawn.").format(name=team.name))

        self.app.push_screen(ConfirmDialog(
            _("Withdraw team"), _("Withdraw the team {name}? It is not paired again, from the next round on.").format(
                name=team.name), yes=_("Withdraw"), danger=True), confirmed)

    def action_from_clubs(self) -> None:
        self._change(lambda desk: desk.teams_from_clubs(),
                     _("One team per club, players in ranking order."))

    def action_close(self) -> None:
        self.dismiss(None)

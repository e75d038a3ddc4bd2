"""Provides the prizes screen: the event's prize groups, the sharing rule and who wins what.

Opened from the reports pane (``g``).  Groups are event settings, saved through the session
like every other change (``core.prizes.settings``); the allocation shown is the prize-list
report of :mod:`core.reports.prizes`, the same as ``hakem report ID prizes``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Select, Static, TextArea

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.prizes.settings import (
    KINDS,
    SHARING,
    PrizeGroup,
    check_group,
    parse_amount,
    prize_settings,
)
from tui.widgets.fast_table import FastTable
from tui.widgets.forms import FormDialog, FormGrid
from tui.i18n import L_
from tui.widgets.pane import CommandKeys
from tui.widgets.fields import TextField
from tui.messages import RunChange

if TYPE_CHECKING:
    from tui.services import Use
    from tui.screens.tournament import TournamentScreen

FIELDS = (("key", L_("Key")), ("name", L_("Group name")), ("amounts", L_("Prizes by place")),
          ("born_from", L_("Born from (year)")), ("born_to", L_("Born to (year)")),
          ("rating_min", L_("Rating from")), ("rating_max", L_("Rating to")),
          ("members", L_("Players per club")))


def kind_label(kind: str) -> str:
    from core.reports.prizes import kind_name

    return kind_name(kind)


def _amounts(g: PrizeGroup) -> str:
    return ", ".join(str(a) if a.denominator == 1 else f"{float(a):.2f}" for a in g.amounts)


class PrizeGroupForm(FormDialog["PrizeGroup | None"]):
    """Add or change one prize group; returns it checked by the core, or ``None``."""

    def __init__(self, group: PrizeGroup | None = None) -> None:
        super().__init__()
        self.group = group

    def compose(self) -> ComposeResult:
        g = self.group
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Prize group"), classes="dialog-title")
            with FormGrid(classes="form-grid"):
                yield Label(_("Kind"))
                yield Select([(kind_label(k), k) for k in KINDS], value=g.kind if g else "overall",
                             allow_blank=False, id="f-kind", compact=True)
                for key, label in FIELDS:
                    yield Label(str(label))
                    value = "" if g is None else (_amounts(g) if key == "amounts" else getattr(g, key))
                    yield TextField("" if value is None else str(value), id=f"f-{key}", compact=True,
                                disabled=key == "key" and g is not None)
            yield Static(_("Prizes by place: amounts from the first place down, e.g. 500, 300, 200."),
                         classes="dialog-help")
            yield from self.buttons()

    def on_mount(self) -> None:
        self.query_one("#f-name" if self.group else "#f-key", Input).focus()

    def _year(self, key: str) -> int | None:
        text = self.query_one(f"#f-{key}", Input).value.strip()
        if not text:
            return None
        if not text.isdigit():
            raise TournamentError(_("{field}: a whole number, please").format(
                field=str(dict(FIELDS)[key])))
        return int(text)

    def action_save(self) -> None:
        import re

        value = {key: self.query_one(f"#f-{key}", Input).value.strip() for key, _label in FIELDS}
        try:
            amounts = tuple(parse_amount(a) for a in re.split(r"[,;\s]+", value["amounts"]) if a)
            group = PrizeGroup(key=value["key"], name=value["name"] or value["key"],
                               kind=str(self.query_one("#f-kind", Select).value), amounts=amounts,
                               born_from=self._year("born_from"), born_to=self._year("born_to"),
                               rating_min=self._year("rating_min"), rating_max=self._year("rating_max"),
                               members=self._year("members") or 3)
            check_group(group)
        except TournamentError as exc:
            self.refuse(str(exc))
            return
        self.dismiss(group)


class PrizesScreen(CommandKeys, ModalScreen[None]):
    """The prize groups (a table), the sharing rule and the prize list as it stands (view-only:
    the list to read, no editing keys)."""

    CHANGES = frozenset({"add", "edit", "remove", "sharing"})


    DEFAULT_CSS = """
    PrizesScreen #prize-groups { height: auto; max-height: 8; }
    PrizesScreen #prize-list { height: 1fr; min-height: 5; }
    """

    BINDINGS = [
        Binding("escape,q", "close", L_("Close")),
        Binding("a", "add", L_("Add group")),
        Binding("enter", "edit", L_("Change group"), show=False),
        Binding("d", "remove", L_("Remove group")),
        Binding("s", "sharing", L_("Sharing")),
    ]

    def __init__(self, owner: TournamentScreen) -> None:
        super().__init__(classes="dialog")
        self.owner = owner

    @property
    def tournament(self) -> Tournament:
        return self.owner.session.tournament

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box full"):
            yield Label(_("Prizes"), classes="dialog-title")
            yield FastTable(id="prize-groups", cursor_type="row", zebra_stripes=True)
            yield Static("", id="prize-rule", classes="dialog-help")
            yield TextArea(id="prize-list", read_only=True, soft_wrap=False, show_line_numbers=False)
            yield Static(_("a adds a group, Enter changes it, d removes it, s changes the sharing; "
                           "Escape closes."), classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one("#prize-groups", DataTable)
        table.add_columns(_("Key"), _("Group name"), _("Kind"), _("Prizes by place"), _("Who"))
        self.refresh_view()
        table.focus()

    def refresh_view(self) -> None:
        from core.reports import View, to_text
        from core.reports.prizes import prize_list, sharing_note

        t = self.tournament
        table = self.query_one("#prize-groups", DataTable)
        table.clear()
        try:
            s = prize_settings(t)
            for g in s.groups:
                table.add_row(g.key, g.name, kind_label(g.kind), _amounts(g), g.describe(), key=g.key)
            rule = sharing_note(s.sharing, s.hort_percent)
            text = to_text(prize_list(View(t)), 100) if s.groups else _("No prize groups yet: a adds one.")
        except TournamentError as exc:
            rule, text = "", str(exc)
        self.query_one("#prize-rule", Static).update(rule)
        self.query_one("#prize-list", TextArea).load_text(text)

    def selected(self) -> PrizeGroup | None:
        table = self.query_one("#prize-groups", DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return prize_settings(self.tournament).group(str(key))

    def change(self, use: Use) -> None:
        """Run one prize use case of the desk (``use(desk)``); redraw when saved."""
        session = self.owner.session

        def answered(made: bool) -> None:
            if made:
                self.refresh_view()

        self.owner.post_message(RunChange(lambda: session.do(use), then=answered).set_sender(self))

    def action_add(self) -> None:
        self.app.push_screen(PrizeGroupForm(), self._saved)

    def action_edit(self) -> None:
        group = self.selected()
        if group is not None:
            self.app.push_screen(PrizeGroupForm(group), self._saved)

    def _saved(self, group: PrizeGroup | None) -> None:
        if group is not None:
            self.change(lambda desk: desk.add_prize_group(group))

    def action_remove(self) -> None:
        group = self.selected()
        if group is not None:
            self.change(lambda desk: desk.remove_prize_group(group.key))

    def action_sharing(self) -> None:
        """Cycle the sharing rule: not shared → shared equally → Hort system."""
        current = prize_settings(self.tournament).sharing
        nxt = SHARING[(SHARING.index(current) + 1) % len(SHARING)]
        self.change(lambda desk: desk.set_prize_rules(sharing=nxt))

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["PrizeGroupForm", "PrizesScreen"]

"""The club's register of members, and one member's events.

Why a dialog over the tournaments screen: the register belongs to the data directory, not to
an event — ``m`` on the tournaments list (and "Members" in the command palette) opens it.
Typing goes into the search field (a member's name, folded, or an id); Up/Down choose; Enter
shows the member: their fields (contact data only for those who may edit the register) and
every event of the data directory they played, with score, place and TPR
(:mod:`core.club.history`).  The club's list managers add a member (Ctrl+N) and change one
(Ctrl+E, also on the member's card) in :class:`MemberForm`, through the same use cases as
``hakem members add|edit`` (``add_member``, ``edit_member``: the list managers' rule is theirs);
everyone else reads the register without contact data and is not offered the keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Static

from core.club.members import Member
from core.app.conflicts import StaleChange
from core.errors import TournamentError
from core.fields import title_word
from core.i18n import _
from core.safe_text import field_safe
from tui.host import hakem_app
from tui.i18n import L_
from tui.widgets.fast_table import FastTable
from tui.widgets.fields import TextField
from tui.widgets.forms import FormDialog, FormGrid

if TYPE_CHECKING:
    from tui.app import HakemApp

SHOWN = 200
"""Members listed for a search (the whole register when nothing is typed)."""


class MembersDialog(ModalScreen[None]):
    """The register: search, choose, Enter shows the member (:class:`MemberDialog`)."""

    app = hakem_app

    BINDINGS = [
        Binding("enter", "show", L_("Show"), priority=True),
        Binding("ctrl+n", "new", L_("New member"), priority=True),
        Binding("ctrl+e", "edit", L_("Edit member"), priority=True),
        Binding("escape", "close", L_("Close")),
    ]

    def __init__(self, workspace: Any) -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.members: list[Member] = []
        self.editor = False

    def compose(self) -> ComposeResult:
        self.editor = may_edit(self.workspace, self.app)
        with Vertical(classes="dialog-box wide"):
            yield Label(_("The club's register of members"), classes="dialog-title")
            yield TextField(placeholder=_("Type a name or an id"), id="members-find")
            yield FastTable(id="members-table", cursor_type="row", zebra_stripes=True)
            yield Static(keys_hint(self.editor), id="members-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        table = self.query_one("#members-table", DataTable)
        for label in (_("Member"), _("Name"), _("Id"), _("Club"), _("Rating")):
            table.add_column(label)
        self.show_members("")
        self.query_one("#members-find", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show_members(event.value)

    def show_members(self, text: str) -> None:
        table = self.query_one("#members-table", DataTable)
        table.clear()
        try:
            self.members = list(self.workspace.search_members(text, SHOWN) if text.strip() else self.workspace.members())
        except TournamentError as error:
            self.query_one("#members-hint", Static).update(str(error))
            self.members = []
        for m in self.members:
            rating = next((r.value for kind, r in sorted(m.ratings.items()) if kind != "go"), 0) or m.rating("go")
            table.add_row(str(m.id), field_safe(m.name), m.ids, field_safe(m.club), str(rating or ""))
        if self.members:
            table.move_cursor(row=0)
        elif not text.strip():
            self.query_one("#members-hint", Static).update(
                _("The club's register is empty: add members with 'hakem members add --name NAME'."))

    def on_key(self, event: events.Key) -> None:
        """Up/Down choose while typing stays in the search field."""
        if event.key in ("up", "down"):
            table = self.query_one("#members-table", DataTable)
            table.move_cursor(row=table.cursor_row + (1 if event.key == "down" else -1))
            event.stop()
            event.prevent_default()

    def action_show(self) -> None:
        table = self.query_one("#members-table", DataTable)
        if self.members and 0 <= table.cursor_row < len(self.members):
            self.app.push_screen(MemberDialog(self.workspace, self.members[table.cursor_row].id))

    def action_new(self) -> None:
        """A new member (the list managers'): the form, then the register again."""
        if refused(self, self.editor):
            return
        self.app.push_screen(MemberForm(self.workspace, None), self._changed)

    def action_edit(self) -> None:
        table = self.query_one("#members-table", DataTable)
        if refused(self, self.editor) or not self.members or not 0 <= table.cursor_row < len(self.members):
            return
        self.app.push_screen(MemberForm(self.workspace, self.members[table.cursor_row]), self._changed)

    def _changed(self, member: Member | None) -> None:
        if member is not None:
            self.show_members(self.query_one("#members-find", Input).value)
            self.notify(_("Member {number}: {name}").format(number=member.id, name=field_safe(member.name)))

    def action_close(self) -> None:
        self.dismiss(None)


def may_edit(workspace: Any, app: HakemApp) -> bool:
    """Whether the user may change the register (the use case's own rule; a register that
    cannot be read, or ``hakem --view``, offers no changes)."""
    if app.view_only:
        return False
    try:
        return bool(workspace.may_edit_register())
    except TournamentError:
        return False


def keys_hint(editor: bool) -> str:
    """The dialog's key line: the change keys only for those who may use them."""
    if editor:
        return _("Up/Down: choose · Enter: show · Ctrl+N: new member · Ctrl+E: edit · Esc: close")
    return _("Up/Down: choose · Enter: show · Esc: close")


def refused(screen: MembersDialog | MemberDialog, editor: bool) -> bool:
    """Say the list managers' rule (the use case's words) to someone who may not change the
    register; True when refused."""
    if editor:
        return False
    if screen.app.view_only:
        screen.notify(_("hakem was started with --view: nothing can be changed."), severity="warning")
    else:
        screen.notify(_("only the club's list managers may change the register of members "
                        "(everyone in the club reads it)"), severity="error")
    return True


class MemberDialog(ModalScreen[None]):
    """One member: the fields, then the events they played (newest first)."""

    app = hakem_app

    BINDINGS = [Binding("escape", "close", L_("Close")),
                Binding("ctrl+e", "edit", L_("Edit member"), priority=True)]

    def __init__(self, workspace: Any, number: int) -> None:
        super().__init__(classes="dialog")
        self.workspace = workspace
        self.number = number
        self.editor = False
        self.shown: Member | None = None

    def compose(self) -> ComposeResult:
        self.editor = may_edit(self.workspace, self.app)
        with Vertical(classes="dialog-box wide"):
            yield Label(id="member-title", classes="dialog-title")
            yield Static(id="member-card")
            yield FastTable(id="member-events", cursor_type="row", zebra_stripes=True)
            yield Static(id="member-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        from core.reports.members import card_rows, history_table, rating_change_note
        from core.reports.render import human_rows

        try:
            m, played = self.workspace.member_history(self.number)
        except TournamentError as error:
            self.query_one("#member-hint", Static).update(str(error))
            return
        self.shown = m
        self.query_one("#member-title", Label).update(field_safe(m.name))
        self.query_one("#member-card", Static).update(
            "\n".join(field_safe(f"{label}: {value}") for label, value in card_rows(m) if label != _("Name")))
        table = history_table(played)
        events_table = self.query_one("#member-events", DataTable)
        for column in table.columns:
            events_table.add_column(column.title)
        for row in human_rows(table):
            events_table.add_row(*(field_safe(cell) for cell in row))
        hint = rating_change_note() if played else _("No events in this data directory.")
        keys = _("Ctrl+E: edit · Esc: close") if self.editor else _("Esc: close")
        self.query_one("#member-hint", Static).update(f"{hint}\n" + keys)
        events_table.focus()

    def action_edit(self) -> None:
        if not refused(self, self.editor) and self.shown is not None:
            self.app.push_screen(MemberForm(self.workspace, self.shown), self._changed)

    async def _changed(self, member: Member | None) -> None:
        if member is not None:
            await self.recompose()
            self.on_mount()

    def action_close(self) -> None:
        self.dismiss(None)


FORM_TEXTS = ("name", "fide_id", "national_id", "egd_pin", "federation", "title", "sex", "club", "birth_year",
              "go_rank")
"""The member's text fields in the form's order (ratings and contact follow)."""


def form_labels() -> dict[str, str]:
    """Each field's label, the member card's words (:func:`core.reports.members.field_labels`)."""
    from core.reports.members import field_labels

    return field_labels()


class MemberForm(FormDialog["Member | None"]):
    """Add a member (``member=None``) or change one: the register's fields, ratings by kind and
    contact data; saved through ``add_member`` / ``edit_member`` (only what was changed is sent,
    so a rating taken from a list keeps its list and date unless it is retyped).  A refusal is
    shown in the form, which stays open with what was typed; nothing is saved."""

    def __init__(self, workspace: Any, member: Member | None) -> None:
        super().__init__()
        self.workspace = workspace
        self.member = member

    def values(self) -> dict[str, str]:
        """The member's fields as the form shows them."""
        from core.club.members import CONTACT_FIELDS, RATING_KINDS

        m = self.member
        if m is None:
            return {}
        out = {key: str(getattr(m, key) or "") for key in (*FORM_TEXTS, *CONTACT_FIELDS)}
        out["title"] = title_word(m.title)  # ГМ in Russian, as the lists show it (stored: GM)
        out.update({f"rating-{kind}": str(m.rating(kind) or "") for kind in RATING_KINDS})
        return out

    def compose(self) -> ComposeResult:
        title = _("New member") if self.member is None else _("Member {number}: {name}").format(
            number=self.member.id, name=field_safe(self.member.name))
        values = self.values()
        with Vertical(classes="dialog-box wide"):
            yield Label(title, classes="dialog-title")
            with VerticalScroll(id="member-form-fields"), FormGrid(classes="form-grid"):
                for key, label in form_labels().items():
                    yield Label(label)
                    yield TextField(values.get(key, ""), id=f"f-{key}", compact=True)
            yield from self.buttons()

    def on_mount(self) -> None:
        self.query_one("#f-name", Input).focus()

    def changes(self) -> dict[str, Any]:
        """The fields typed differently from the member's (every field given for a new one), as
        ``hakem members add|edit`` takes them: an empty text clears a field."""
        from core.club.members import Rating

        before = self.values()
        typed = {key: self.query_one(f"#f-{key}", Input).value.strip() for key in form_labels()}
        changed = {k: v for k, v in typed.items() if v != before.get(k, "")}
        out: dict[str, Any] = {}
        ratings: dict[str, Rating] = {}
        for key, text in changed.items():
            if key == "birth_year":
                out[key] = _whole(text, form_labels()[key]) if text else None
            elif key.startswith("rating-"):
                ratings[key.removeprefix("rating-")] = Rating(_whole(text, form_labels()[key]) if text else 0)
            else:
                out[key] = text
        if ratings:
            out["ratings"] = ratings
        return out

    def action_save(self, allow_duplicate: bool = False) -> None:
        from core.club.members import Member
        from core.duplicates import ProbableMember

        try:
            changes = self.changes()
            if self.member is None:
                saved = self.workspace.add_member(Member(0, **{"name": "", **changes}), allow_duplicate=allow_duplicate)
            elif not changes:
                self.dismiss(None)
                return
            else:
                saved = self.workspace.edit_member(self.member.id, changes, seen=self.member)
        except StaleChange as exc:
            self._show_newer(exc)
            return
        except ProbableMember as exc:
            self._ask_duplicate(exc)
            return
        except TournamentError as exc:
            self.refuse(str(exc))
            return
        self.dismiss(saved)

    def _ask_duplicate(self, found: Exception) -> None:
        """The member typed looks like one of the register (:mod:`core.duplicates`): say who,
        and add only when told to (Enter and Escape cancel; the form keeps what was typed)."""
        from tui.widgets.dialogs import ChoiceDialog

        def answered(choice: str | None) -> None:
            if choice == "add":
                self.action_save(allow_duplicate=True)
            else:
                self.refuse(str(found))

        self.app.push_screen(ChoiceDialog(_("In the register already?"), str(found), [
            ("add", "a", _("Add anyway")),
        ], note=_("Add anyway adds a second member of that name.")), answered)

    def _show_newer(self, refusal: StaleChange) -> None:
        """Someone changed a field this form changes: the fields they changed show the newer
        values (what the form now edits); the others keep what was typed."""
        assert self.member is not None
        try:
            newer = self.workspace.member(self.member.id)
        except TournamentError as exc:
            self.refuse(str(exc))
            return
        old, self.member = self.values(), newer
        for key, value in self.values().items():
            if value != old.get(key, ""):
                self.query_one(f"#f-{key}", Input).value = value
        self.refuse(str(refusal))


def _whole(text: str, label: str) -> int:
    if not text.isdigit():
        raise TournamentError(_("{field}: a whole number, please").format(field=label))
    return int(text)

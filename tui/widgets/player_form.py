"""Provides the player form used to edit one registration (all fields, validated by the core)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from core.i18n import _
from core.model import Player
from tui.i18n import L_

EDIT_FIELDS = (
    ("name", L_("Name")), ("rating", L_("Rating")), ("title", L_("Title")), ("federation", L_("Federation")),
    ("fide_id", L_("FIDE id")), ("national_id", L_("National id")), ("club", L_("Club")),
    ("birth", L_("Birth")), ("sex", L_("Sex (m/w)")),
)


class PlayerForm(ModalScreen["dict | None"]):
    """Edit a player; returns the changed fields (only those that differ) or ``None``."""

    BINDINGS = [
        Binding("escape", "cancel", L_("Cancel")),
        Binding("ctrl+s", "save", L_("Save"), priority=True),
    ]

    def __init__(self, player: Player, go: bool = False) -> None:
        super().__init__(classes="dialog")
        self.player = player
        self.go = go

    def compose(self) -> ComposeResult:
        p = self.player
        with Vertical(classes="dialog-box wide"):
            yield Label(_("Player {pno}").format(pno=p.pno), classes="dialog-title")
            with Grid(classes="form-grid"):
                for key, label in EDIT_FIELDS:
                    yield Label(str(label))
                    value = getattr(p, key)
                    yield Input(str(value) if value not in (None, 0) or key != "rating" else "",
                                id=f"f-{key}", compact=True)
            yield Static("", id="form-error", classes="error-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Save (Ctrl+S)"), id="save", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")

    def on_mount(self) -> None:
        self.query_one("#f-name", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_save(self) -> None:
        changed: dict = {}
        for key, _label in EDIT_FIELDS:
            text = self.query_one(f"#f-{key}", Input).value.strip()
            if key == "rating":
                if text and not text.isdigit():
                    self.query_one("#form-error", Static).update(_("The rating must be a whole number, e.g. 1850."))
                    return
                value: object = int(text) if text else 0
            elif key in ("title", "federation"):
                value = text.upper()
            else:
                value = text
            if value != getattr(self.player, key):
                changed[key] = value
        if "name" in changed and not changed["name"]:
            self.query_one("#form-error", Static).update(_("The name must not be empty."))
            return
        self.dismiss(changed or None)



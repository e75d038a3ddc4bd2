"""Provides the small modal dialogs every screen uses: confirm, one-line prompt, message.

All dialogs close with Escape (cancel) and return their value through ``dismiss`` called
directly (deferring it breaks under ``run_test`` on Textual 8, issue #6600).
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from core.i18n import _
from tui.i18n import L_
from tui.keys import HoldsTypeAhead
from tui.widgets.fields import TextField


class ConfirmDialog(HoldsTypeAhead, ModalScreen[bool]):
    """Ask yes/no; ``y`` confirms, ``n``/Escape cancel.  Enter takes the focused button: Yes,
    but Cancel when the change is destructive (``danger``: a correction, an unpair, an undo out
    of sight) — an Enter is never the way into a change that destroys something.  Keys typed
    before the dialog was drawn never answer it (:class:`tui.keys.HoldsTypeAhead`)."""

    BINDINGS = [
        Binding("escape,n", "cancel", L_("No")),
        Binding("y", "confirm", L_("Yes")),
    ]

    def __init__(self, title: str, body: str, yes: str | None = None, danger: bool = False) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body
        self.yes = yes or _("Yes")
        self.danger = danger

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error" if self.danger else "primary")
                yield Button(_("Cancel (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no" if self.danger else "#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


class ChoiceDialog(HoldsTypeAhead, ModalScreen["str | None"]):
    """Ask to choose one of a few answers, each with its own key (``r`` Replace, ``k`` Keep
    both…); Escape cancels (``None``).  Enter takes the ``default`` answer — the caller names
    the one that changes nothing already there (keep both files, keep the numbers) — or Cancel.
    Keys typed before the dialog was drawn never answer it (:class:`tui.keys.HoldsTypeAhead`)."""

    BINDINGS = [Binding("escape", "cancel", L_("Cancel"))]

    def __init__(self, title: str, body: str, choices: list[tuple[str, str, str]],
                 default: str | None = None) -> None:
        """``choices``: (value returned, key, button text) in the order shown."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body
        self.choices = choices
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, markup=False)
            with Horizontal(classes="dialog-buttons"):
                for value, key, text in self.choices:
                    yield Button(f"{text} ({key})", id=f"choice-{value}", name=value)
                yield Button(_("Cancel (Esc)"), id="choice-cancel")

    def on_mount(self) -> None:
        wanted = f"choice-{self.default}" if self.default is not None else "choice-cancel"
        self.query_one(f"#{wanted}", Button).focus()

    def on_key(self, event: events.Key) -> None:
        for value, key, _text in self.choices:
            if event.character == key:
                event.stop()
                self.dismiss(value)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.name if event.button.id != "choice-cancel" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PromptDialog(ModalScreen["str | None"]):
    """Ask for one line of text; Enter returns it, Escape returns ``None``."""

    BINDINGS = [Binding("escape", "cancel", L_("Cancel"))]

    def __init__(self, title: str, help_text: str = "", value: str = "", placeholder: str = "",
                 check: Callable[[str], object] | None = None) -> None:
        """``check``: called with the text on Enter; a TournamentError it raises is shown
        under the field, which stays open with the text as typed (nothing typed is lost)."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.help_text = help_text
        self.value = value
        self.placeholder = placeholder
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            if self.help_text:
                yield Static(self.help_text, markup=False, classes="dialog-help")
            yield TextField(self.value, placeholder=self.placeholder, id="prompt-input")
            yield Static("", id="prompt-error", classes="error-text", markup=False)
            yield Static(_("Enter to accept, Escape to cancel."), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from core.errors import TournamentError

        event.stop()
        if self.check is not None:
            try:
                self.check(event.value)
            except TournamentError as refused:
                event.input.add_class("-refused")
                self.query_one("#prompt-error", Static).update(str(refused))
                return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageDialog(ModalScreen[None]):
    """Show a longer text (explanations, journal, errors with several problems)."""

    BINDINGS = [Binding("escape,enter,q", "close", L_("Close"))]

    def __init__(self, title: str, body: str) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box wide"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body", id="message-body"):
                yield Static(self.body, markup=False)
            yield Static(_("Escape or Enter closes."), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#message-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class NoticeDialog(HoldsTypeAhead, MessageDialog):
    """A message nobody asked for at that moment (a pairing that failed while the organiser
    typed on): keys typed before it was drawn do not close it; they wait and go on after it."""


class PictureDialog(ModalScreen[None]):
    """Show one picture widget (a bracket, a chart) full screen; Escape closes."""

    BINDINGS = [Binding("escape,q", "close", L_("Close"))]

    def __init__(self, title: str, picture) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.picture = picture

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box full"):
            yield Label(self.title_text, classes="dialog-title")
            yield self.picture
            yield Static(_("Arrows scroll; Escape closes."), classes="dialog-hint")

    def on_mount(self) -> None:
        self.picture.focus()

    def action_close(self) -> None:
        self.dismiss(None)

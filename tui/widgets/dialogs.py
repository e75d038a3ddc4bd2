"""Provides the small modal dialogs every screen uses: confirm, one-line prompt, message.

All dialogs close with Escape (cancel) and return their value through ``dismiss`` called
directly (deferring it breaks under ``run_test`` on Textual 8, issue #6600).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from core.i18n import _
from tui.i18n import L_
from tui.keys import HoldsTypeAhead
from tui.widgets.answer_keys import Answer as AnswerKey, answer_keys
from tui.widgets.fields import TextField


BODY_ROWS = 16
"""The most rows a dialog's text takes before it scrolls (on a tall screen)."""

if TYPE_CHECKING:
    _Node = Widget
    """What the mixin below is mixed into (a dialog screen, a Widget): the checker reads its
    ``self`` as one; at run time it stays a plain mixin."""
else:
    _Node = object


class FitsScreen(_Node):
    """Mixin for a dialog whose text scrolls (``.dialog-body``): the text gets the rows the
    screen has left once the title, notes and buttons are placed, so the buttons are never cut
    off (issue 29: at 60×20 the late-entry question's buttons were below the screen, and
    neither PageDown nor Tab reached them).  Measured after each layout: the other parts'
    heights depend on the language (a note wraps)."""

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_body)

    def fit_body(self) -> None:
        from textual.css.query import NoMatches

        try:
            box = self.query_one(".dialog-box")
            body = self.query_one(".dialog-body")
        except NoMatches:
            return
        self.stack_buttons(box)
        others = sum(child.outer_size.height for child in box.children if child is not body)
        frame = box.outer_size.height - box.size.height  # border and padding
        room = self.size.height - frame - others
        rows = max(1, min(BODY_ROWS, room))
        if body.styles.max_height is None or body.styles.max_height.value != rows:
            body.styles.max_height = rows

    def stack_buttons(self, box: Widget) -> None:
        """Buttons that do not fit side by side (three answers at 60 columns) are stacked one
        a line, without borders, right-aligned — never cut at the screen's edge."""
        from rich.cells import cell_len

        rows = box.query(".dialog-buttons")
        if not rows:
            return
        row = rows.first()
        buttons = list(row.query(Button))
        needed = sum(max(10, cell_len(str(b.label)) + 4) + 1 for b in buttons)  # CSS: min-width 10, margin 1
        stacked = needed > row.size.width
        if stacked == row.has_class("-stacked"):
            return
        row.set_class(stacked, "-stacked")
        for button in buttons:
            button.compact = stacked
        self.call_after_refresh(self.fit_body)  # the rows just changed


class ConfirmDialog(FitsScreen, HoldsTypeAhead, ModalScreen[bool]):
    """Ask yes/no; ``y`` confirms, ``n``/Escape cancel.  Enter takes the focused button: Yes,
    but Cancel when the change is destructive (``danger``: a correction, an unpair, an undo out
    of sight) — an Enter is never the way into a change that destroys something.  Keys typed
    before the dialog was drawn never answer it (:class:`tui.keys.HoldsTypeAhead`)."""

    BINDINGS = [
        Binding("escape,n", "cancel", L_("No")),
        Binding("y", "confirm", L_("Yes")),
    ]

    answers: list[AnswerKey]
    """The keys of Yes and of Cancel, in the organiser's language (set in ``compose``)."""

    def __init__(self, title: str, body: str, yes: str | None = None, danger: bool = False) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body
        self.yes = yes or _("Yes")
        self.danger = danger

    def compose(self) -> ComposeResult:
        self.answers = answer_keys([("y", (_("Yes"),)), ("n", (_("No"),))], yes_no=True)
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} ({self.answers[0].shown})", id="yes",
                             variant="error" if self.danger else "primary")
                yield Button(f"{_('Cancel')} ({self.answers[1].shown})", id="no")

    def on_mount(self) -> None:
        self.query_one("#no" if self.danger else "#yes", Button).focus()

    def on_key(self, event: events.Key) -> None:
        """The answer's other keys (``д``/``н`` in Russian, a Russian layout's ``т``…); the
        Latin ``y``/``n`` are the bindings."""
        if event.character in ("y", "n"):
            return
        for answer, act in zip(self.answers, (self.action_confirm, self.action_cancel)):
            if answer.given_by(event.character):
                event.stop()
                act()
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


class ChoiceDialog(FitsScreen, HoldsTypeAhead, ModalScreen["str | None"]):
    """Ask to choose one of a few answers, each with its own key (``r`` Replace, ``k`` Keep
    both…); Escape cancels (``None``).  Enter takes the ``default`` answer — the caller names
    the one that changes nothing already there (keep both files, keep the numbers) — or Cancel.
    Keys typed before the dialog was drawn never answer it (:class:`tui.keys.HoldsTypeAhead`)."""

    BINDINGS = [Binding("escape", "cancel", L_("Cancel"))]

    answers: list[AnswerKey]
    """The key of each choice, in the order of ``choices`` (set in ``compose``)."""

    def __init__(self, title: str, body: str, choices: list[tuple[str, str, str]],
                 default: str | None = None, note: str = "") -> None:
        """``choices``: (value returned, key, button text) in the order shown; ``note``: what
        the answers mean, always on screen above the buttons (the body may scroll)."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.body = body
        self.choices = choices
        self.default = default
        self.note = note

    def compose(self) -> ComposeResult:
        self.answers = answer_keys([(key, (text,)) for _value, key, text in self.choices])
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, markup=False)
            if self.note:
                yield Static(self.note, markup=False, classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                for (value, _key, text), answer in zip(self.choices, self.answers):
                    yield Button(f"{text} ({answer.shown})", id=f"choice-{value}", name=value)
                yield Button(_("Cancel (Esc)"), id="choice-cancel")

    def on_mount(self) -> None:
        wanted = f"choice-{self.default}" if self.default is not None else "choice-cancel"
        self.query_one(f"#{wanted}", Button).focus()

    def on_key(self, event: events.Key) -> None:
        for (value, _key, _text), answer in zip(self.choices, self.answers):
            if answer.given_by(event.character):
                event.stop()
                self.dismiss(value)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.name if event.button.id != "choice-cancel" else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


Answer = TypeVar("Answer")


class LineDialog(ModalScreen["Answer | None"], Generic[Answer]):
    """Ask for one line of text; Enter returns :meth:`answer` of it, Escape returns ``None``.
    The type of the answer is the dialog's own (a subclass adds choices beside the line)."""

    BINDINGS = [Binding("escape", "cancel", L_("Cancel"))]

    def __init__(self, title: str, help_text: str = "", value: str = "", placeholder: str = "",
                 check: Callable[[str], object] | None = None, suggested: bool = True) -> None:
        """``value``: the answer suggested (the next round, the current name), selected when
        the dialog opens so that the first key typed replaces it and Enter takes it — typed
        after it, ``5 h`` plus ``4`` read ``5 h4``; ``suggested=False``: what is stored, to
        be edited (a team's name or board order, a round's time) or the start of the answer
        (a number the organiser goes on after), the cursor at its end.
        ``check``: called with the text on Enter; a TournamentError it raises is shown
        under the field, which stays open with the text as typed (nothing typed is lost)."""
        super().__init__(classes="dialog")
        self.title_text = title
        self.help_text = help_text
        self.value = value
        self.placeholder = placeholder
        self.check = check
        self.suggested = suggested

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            if self.help_text:
                yield Static(self.help_text, markup=False, classes="dialog-help")
            yield TextField(self.value, placeholder=self.placeholder, id="prompt-input")
            yield Static("", id="prompt-error", classes="error-text", markup=False)
            yield Static(_("Enter to accept, Escape to cancel."), classes="dialog-hint")

    def on_mount(self) -> None:
        field = self.query_one("#prompt-input", TextField)
        if self.suggested:
            field.focus_selected()
        else:
            field.focus()

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
        self.dismiss(self.answer(event.value))

    def answer(self, text: str) -> Answer:
        """What the dialog gives back for the accepted ``text``."""
        raise NotImplementedError

    def action_cancel(self) -> None:
        self.dismiss(None)


class PromptDialog(LineDialog[str]):
    """Ask for one line of text; Enter returns it, Escape returns ``None``."""

    def answer(self, text: str) -> str:
        return text


class MessageDialog(FitsScreen, ModalScreen[None]):
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

    def __init__(self, title: str, picture: Widget) -> None:
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

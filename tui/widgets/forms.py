"""Provides ``FormGrid``: a form's label column sized to its longest label, drop-downs kept inside.

Why: the forms (new tournament, tournament settings, player, prize group) had a label column
of 18 cells.  A longer label in one language filled it and the value began one space later
(Russian "Система жеребьёвки Голландская система" read as one phrase, issue 19 item 7), a
still longer one was cut.  Here the column is as wide as the longest label of the current
language plus one cell, so with the grid's gutter every value starts at least two cells after
its label; every form grid of a screen gets the same width, so the fields of a second grid
(the cup settings below the main fields) line up.

A drop-down list (``Select``) opened near the bottom of a dialog used to run over the dialog's
border and out of it: while one is open it stays inside the dialog, moving up over the fields
above when the rows below are too few, and scrolls when the dialog is too low for it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, TypeVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from core.i18n import _
from tui.hooks import ScreenHooks
from tui.i18n import L_
from tui.textual_internals.widgets import SelectOverlay

T = TypeVar("T")

MAX_LABEL = 40
"""Cells a label column may take at most (a longer label is cut rather than the values)."""

LABEL_SHARE = 0.45
"""The most of a form's width the label column takes: on a narrow screen (60 columns) a longer
label wraps onto a second line instead of leaving its value a few cells (German
"Stellvertretende Hauptschiedsrichter" took 37 of 56 and cut every value)."""

MIN_ROWS = 4
"""Rows a drop-down list keeps even when the dialog has less room."""

WHOLE = "whole-choice"
"""The class of a drop-down whose chosen value wraps onto more rows instead of being cut: a
choice that is a sentence (a cup's match rules: "2 games of 20 min; if level 2 games of 5 min,
then an Armageddon …" read "2 партии 20 мин; при" at 60 columns)."""

WHOLE_ROWS = 4
"""The most rows such a chosen value takes."""

LIST_ROWS = 18
"""The most rows an opened list takes (Textual's own limit is 12: the knockout rules need 15 in Turkish at 80 columns, their clocks in words)."""


class FormGrid(Grid):
    """Two columns, label and value (``.form-grid`` in the stylesheet)."""

    def on_mount(self) -> None:
        self.fit_labels()
        for select in self.query(Select):
            self.watch(select, "expanded", partial(self._keep_inside, select), init=False)

    def labels(self) -> list[Label]:
        """The labels of the first column (every other child, starting with the first)."""
        return [w for w in list(self.children)[0::2] if isinstance(w, Label)]

    def label_width(self) -> int:
        return max((cell_len(str(label.content)) for label in self.labels()), default=0)

    def on_resize(self) -> None:
        self.fit_labels()

    def fit_labels(self) -> None:
        """Size the label column of every form grid on this screen to the longest label, at
        most :data:`LABEL_SHARE` of the form's width; the rows grow where a label wraps."""
        grids = list(self.screen.query(FormGrid)) if self.is_attached else [self]
        width = min(MAX_LABEL, max(grid.label_width() for grid in grids) + 1)
        room = self.content_region.width
        if room:
            width = min(width, max(12, int(room * LABEL_SHARE)))
        for grid in grids:
            whole = list(grid.query(Select).filter(f".{WHOLE}"))
            grid.styles.grid_columns = f"{width} 1fr"
            grid.styles.grid_rows = "auto" if whole or width <= max(g.label_width() for g in grids) else "1"
            for select in grid.query(Select):  # a chosen value stays on its row (only labels wrap)
                select.styles.max_height = WHOLE_ROWS if select in whole else 1

    def _keep_inside(self, select: Select, expanded: bool) -> None:
        """Keep an opened list inside the dialog, as long as the dialog allows: it opens below
        the select and, when the rows below are too few for its options, moves up over the
        fields above (down to the dialog's top) instead of shrinking — the knockout rules'
        seven two-line options showed as five lines under the last field.  Once drawn, what is
        still beyond the dialog's bottom border is taken off its height (Textual's overlay sits
        one row below the select and has a border)."""
        box = next((a for a in select.ancestors_with_self if a.has_class("dialog-box")), None)
        if not isinstance(box, Widget):
            return
        overlay = select.query_one(SelectOverlay)
        overlay.styles.offset = (0, 0)
        if not expanded:
            return
        room = box.content_region
        overlay.styles.max_height = max(MIN_ROWS, min(LIST_ROWS, room.height))

        def measured(tries: int = 5, moved: bool = False) -> None:
            drawn = overlay.region  # where Textual put it: moved inside the screen, not the dialog
            if not select.expanded or not tries:
                return
            if not drawn.height:  # not laid out yet
                self.call_after_refresh(measured, tries - 1, moved)
                return
            height = min(drawn.height, room.height)
            if height < drawn.height:
                overlay.styles.max_height = max(MIN_ROWS, height)
            top = max(room.y, min(drawn.y, room.bottom - height))
            if top == drawn.y:
                return
            # the offset moves the list from where it opens, about below the select (Textual
            # moved it inside the screen already); once moved, a plain correction of what is left
            base = int(overlay.styles.offset.y.value) if moved else drawn.y - select.region.bottom
            overlay.styles.offset = (0, base + top - drawn.y)
            self.call_after_refresh(measured, tries - 1, True)
        self.call_after_refresh(measured)


def form_foot(save: str, save_id: str) -> ComposeResult:
    """A form's message line and its Save and Cancel buttons, docked together at the dialog's
    bottom (``.dialog-foot``): the fields above scroll, so a form longer than the screen (the
    cup's at 60×20) never pushes its buttons or the reason it refused off the screen."""
    with Vertical(classes="dialog-foot"):
        yield Static("", id="form-error", classes="error-text")
        with Horizontal(classes="dialog-buttons"):
            yield Button(save, id=save_id, variant="primary")
            yield Button(_("Cancel (Esc)"), id="cancel")


class FormDialog(ScreenHooks, ModalScreen[T]):
    """A dialog form: fields, an error line, Save (Ctrl+S, Enter in a field) and Cancel (Esc).

    Why a base: every form of the app had the same buttons, keys and handlers; a new form
    says only what it shows (:meth:`fields`) and what saving does (:meth:`action_save`)."""

    BINDINGS = [Binding("escape", "cancel", L_("Cancel")),
                Binding("ctrl+s", "save", L_("Save"), priority=True)]
    PASTE_AS_KEYS = False
    """A paste goes into the focused field as text (:meth:`tui.widgets.fields.TextField.
    _on_paste`), never replayed as keys: a Tab in a pasted name moved the rest into the next
    field, or dropped it — only a form meant to take records line by line (registration,
    the result line) spreads a paste over its fields."""

    def __init__(self) -> None:
        super().__init__(classes="dialog")

    def buttons(self) -> ComposeResult:
        """The error line and the two buttons, under the fields."""
        yield from form_foot(_("Save (Ctrl+S)"), "save")

    def refuse(self, text: str) -> None:
        """Show why nothing was saved; the form stays open with what was typed."""
        from core.safe_text import field_safe

        self.query_one("#form-error", Static).update(field_safe(text))

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

    if TYPE_CHECKING:
        def action_save(self) -> None: ...  # each form's own: check, save through its use case, dismiss

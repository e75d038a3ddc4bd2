"""Provides :class:`TextField`: a one-line text field with its own undo and redo.

Why: Textual 8.2.8's ``Input`` has no undo, so Ctrl+Z typed in a field fell through to the
tournament screen and undid the last *tournament* change (issue 29: a playoff decision on
another tab, while the organiser only meant to take back a few letters).  Every field of the
UI is a ``TextField``: Ctrl+Z / Ctrl+Y there act on the field's text and nothing else — with
nothing left to undo the key does nothing.  The tournament's undo is on the tables and in the
command palette (see ``TournamentScreen.action_undo``).

Steps are what an editor calls them: a run of typed letters is one step, a space or a change
of kind (typing after erasing, a paste, a cleared field) starts the next one.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.binding import Binding
from textual.widgets import Input

from tui.i18n import L_

DEPTH = 100
"""Steps kept per field (a name, a path: a hundred steps is far more than ever undone)."""


class TextField(Input):
    """``Input`` with undo/redo of its own text (Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z)."""

    BINDINGS = [
        Binding("ctrl+z", "undo_text", L_("Undo typing"), show=False),
        Binding("ctrl+y,ctrl+shift+z", "redo_text", L_("Redo typing"), show=False),
    ]

    _undo: list[tuple[str, int]]
    _redo: list[tuple[str, int]]
    _last_kind = ""
    _stepping = False
    _select_on_next_focus = False

    def __init__(self, *args: Any, select_on_focus: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, select_on_focus=select_on_focus, **kwargs)

    def _on_focus(self, event: events.Focus) -> None:
        """The cursor at the end of the text, nothing selected: coming back to a field (F3 …
        F2 to a half-typed name) the next key goes on after the text.  Textual selects the
        whole text on focus, so the next key wiped it (issue 29: ``Pekmez, Şe`` F3 F2 ``yma``
        stored the player ``yma``).  (Textual's own ``Input._on_focus`` runs after this one.)"""
        if self._select_on_next_focus:
            self._select_on_next_focus = False
            self.select_all()
        elif not self.select_on_focus:
            self.cursor_position = len(self.value)

    def focus_selected(self) -> None:
        """Focus with the whole text selected, this once: the text is a suggestion (a dialog's
        proposed answer, the last search) that the first key typed replaces and Enter takes as
        it is.  Coming back to the field later keeps the cursor at the end, as above."""
        if self.has_focus:
            self.select_all()
            return
        self._select_on_next_focus = True
        self.focus()

    def _on_paste(self, event: events.Paste) -> None:
        """A paste holding a control or invisible character (an Escape, a Tab, a line break
        inside the text) is refused naming the character and where, as ``hakem`` refuses it on
        the command line: nothing goes in.  Textual's field kept the Escape (and cut the text
        at a line break, silently).  The line break ending a copied line is no part of it."""
        event.prevent_default()  # Input's own handler is called here, with the text as checked
        event.stop()
        text = event.text.rstrip("\r\n")
        problem = paste_refusal(text)
        if problem is None:
            super()._on_paste(events.Paste(text))
            return
        self.app.bell()
        self.app.notify(problem, severity="error")

    def watch_value(self, old: str, new: str) -> None:
        if self._stepping or old == new:
            return
        kind = _kind(old, new)
        undo = self.__dict__.setdefault("_undo", [])
        if kind not in ("type", "erase") or kind != self._last_kind or not undo:
            undo.append((old, min(self.cursor_position, len(old))))
            del undo[:-DEPTH]
        self._last_kind = kind
        self.__dict__["_redo"] = []

    def reset(self, value: str = "") -> None:
        """A new record starts (the form was submitted): ``value``, and nothing to undo — Ctrl+Z
        must not bring back the player just added, to be added twice."""
        self._stepping = True
        try:
            self.value = value
        finally:
            self._stepping = False
        self.__dict__["_undo"] = []
        self.__dict__["_redo"] = []
        self._last_kind = ""

    def action_undo_text(self) -> None:
        self._step(self.__dict__.setdefault("_undo", []), self.__dict__.setdefault("_redo", []))

    def action_redo_text(self) -> None:
        self._step(self.__dict__.setdefault("_redo", []), self.__dict__.setdefault("_undo", []))

    def _step(self, source: list[tuple[str, int]], target: list[tuple[str, int]]) -> None:
        if not source:
            self.app.bell()
            return
        value, cursor = source.pop()
        target.append((self.value, self.cursor_position))
        self._stepping = True
        try:
            self.value = value
        finally:
            self._stepping = False
        self.cursor_position = min(cursor, len(value))
        self._last_kind = ""  # the next letter typed starts a new step


def paste_refusal(text: str, allowed: str = "") -> str | None:
    """Why ``text`` cannot be pasted into a field — its first control or invisible character
    (:func:`core.safe_text.hidden_character`) not in ``allowed``, named with its position
    counted from 1 — or ``None``.  The character is named as the core's refusals name it
    (:func:`core.fields.character_said`): Unicode's English name only for an English reader."""
    from core.fields import character_said
    from core.i18n import _
    from core.safe_text import hidden_character

    at = hidden_character(text.translate({ord(c): " " for c in allowed}))
    if at is None:
        return None
    return _("{character} at position {position} is a control or invisible character; nothing was pasted").format(
        character=character_said(text[at]), position=at + 1)


def _kind(old: str, new: str) -> str:
    """``type``: one letter added (not a space); ``erase``: one letter removed; ``edit``:
    anything else (a paste, a cleared or replaced text, a space ending a word)."""
    if len(new) == len(old) + 1:
        added = next((n for o, n in zip(old, new) if o != n), new[-1])
        return "edit" if added.isspace() else "type"
    if len(new) == len(old) - 1:
        return "erase"
    return "edit"

class FormField(TextField):
    """A field of a form that opens filled in (the new-tournament form's 5 rounds, a playoff's
    start time): its value is a default the organiser did not type, so focusing it selects the
    value and the first key replaces it (``5`` then ``3`` must be 3 rounds, not 53) — what
    every form does.  Fields the organiser types into (registration, search, result line)
    stay :class:`TextField`: their text is kept with the cursor at its end."""

    def __init__(self, *args: Any, select_on_focus: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, select_on_focus=select_on_focus, **kwargs)

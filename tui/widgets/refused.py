"""Provides :class:`RefusedList`: records refused on entry, each with why, kept for correction.

Why (issue 29, second pass): a refused record used to stay in the form or entry line, so the
next record of a burst or paste was typed onto it (`99 1-04 =5 x6 0-1`, `1640Борисов, Юрий` in
the FIDE-id field) and lost with it.  Now each record is applied on its own: a refused one
leaves the form or line empty for the next and waits here, named with its reason, until the
organiser takes it back (Ctrl+R) to correct it.  Nothing typed is dropped.

A record may belong to a *scope* (a result line to its round): the list shows the records of
the scope on screen (and those of no scope), and counts the others, so a line refused in round
1 neither hides among round 2's nor is lost — it is listed again when round 1 is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from textual.widgets import Static

from core.i18n import _, ngettext
from tui.widgets.text import set_text

SHOWN = 3
"""Refused records listed one per line; more are counted (the list sits above the table)."""


@dataclass(frozen=True)
class Refused:
    """One refused record: how it was typed (shown), what the form needs to show it again
    (``kept``: the field texts, or the line), and why it was refused."""

    typed: str
    kept: Any
    reason: str
    scope: Any = None
    """What the record belongs to (a result line: its round); None: shown everywhere."""


class RefusedList(Static):
    """The refused records of one form or entry line, oldest first; hidden when empty."""

    DEFAULT_CSS = """
    RefusedList {
        height: auto;
        max-height: 5;
        padding: 0 1;
        color: $error;
    }
    """

    def __init__(self, *, id: str, elsewhere: Callable[[dict[Any, int]], str] | None = None) -> None:
        """``elsewhere``: the line naming the records of other scopes (count per scope)."""
        super().__init__("", id=id, markup=False)
        self.records: list[Refused] = []
        """Every refused record, oldest first (of every scope)."""
        self.scope: Any = None
        self.elsewhere = elsewhere

    def on_mount(self) -> None:
        self.display = False

    def add(self, typed: str, kept: Any, reason: str, scope: Any = None) -> None:
        self.records.append(Refused(typed, kept, reason, scope))
        self._show()

    def show_scope(self, scope: Any) -> None:
        """List the records of ``scope`` (the round on screen); the others are counted."""
        if scope != self.scope:
            self.scope = scope
            self._show()

    @property
    def shown(self) -> list[Refused]:
        """The records of the scope on screen (and of none), oldest first."""
        return [r for r in self.records if r.scope is None or r.scope == self.scope]

    def take(self) -> Refused | None:
        """The oldest refused record shown, removed from the list (to be corrected in the form)."""
        shown = self.shown
        if not shown:
            return None
        self.records.remove(shown[0])
        self._show()
        return shown[0]

    def discard(self, record: Refused) -> None:
        """Forget ``record``: it was resolved where it stood (a check-in line chosen with ↑/↓)."""
        if record in self.records:
            self.records.remove(record)
            self._show()

    def _show(self) -> None:
        shown = self.shown
        others: dict[Any, int] = {}
        for r in self.records:
            if r not in shown:
                others[r.scope] = others.get(r.scope, 0) + 1
        lines = []
        if shown:
            lines.append(ngettext("{n} record not entered (Ctrl+R takes it back to correct it):",
                                  "{n} records not entered (Ctrl+R takes the first back to correct it):",
                                  len(shown)).format(n=len(shown)))
            lines.extend(f"  «{r.typed}» — {r.reason}" for r in shown[:SHOWN])
            if len(shown) > SHOWN:
                lines.append("  " + _("… and {n} more").format(n=len(shown) - SHOWN))
        if others and self.elsewhere is not None:
            lines.append(self.elsewhere(others))
        self.display = bool(lines)
        if lines:
            set_text(self, "\n".join(lines))

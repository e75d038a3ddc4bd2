"""Provides :class:`RefusedList`: records refused on entry, each with why, kept for correction.

Why (issue 29, second pass): a refused record used to stay in the form or entry line, so the
next record of a burst or paste was typed onto it (`99 1-04 =5 x6 0-1`, `1640Борисов, Юрий` in
the FIDE-id field) and lost with it.  Now each record is applied on its own: a refused one
leaves the form or line empty for the next and waits here, named with its reason, until the
organiser takes it back (Ctrl+R) to correct it.  Nothing typed is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
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

    def __init__(self, *, id: str) -> None:
        super().__init__("", id=id, markup=False)
        self.records: list[Refused] = []

    def on_mount(self) -> None:
        self.display = False

    def add(self, typed: str, kept: Any, reason: str) -> None:
        self.records.append(Refused(typed, kept, reason))
        self._show()

    def take(self) -> Refused | None:
        """The oldest refused record, removed from the list (to be corrected in the form)."""
        if not self.records:
            return None
        first = self.records.pop(0)
        self._show()
        return first

    def _show(self) -> None:
        self.display = bool(self.records)
        if not self.records:
            return
        head = ngettext("{n} record not entered (Ctrl+R takes it back to correct it):",
                        "{n} records not entered (Ctrl+R takes the first back to correct it):",
                        len(self.records)).format(n=len(self.records))
        lines = [head, *(f"  «{r.typed}» — {r.reason}" for r in self.records[:SHOWN])]
        if len(self.records) > SHOWN:
            lines.append("  " + _("… and {n} more").format(n=len(self.records) - SHOWN))
        set_text(self, "\n".join(lines))

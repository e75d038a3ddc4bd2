"""The language of a report: one rule for the CLI and the TUI.

- What leaves the screen — published pages, exported files, PDFs, printed paper, ``hakem
  report`` — is the *event's* document, read by its players and its federation: it is in the
  event's language (the tournament's ``language`` setting, chosen when it is created or in its
  settings, Ctrl+T).
- What is on the screen — the TUI, the reports tab's preview, the CLI's messages — is in the
  *organiser's* language (``--lang``, the saved setting, ``$LANG``).
- The organiser may choose another language for one output: ``--lang`` on the CLI, the
  language choice of the TUI's export dialog.
- An event without a language of its own gets the organiser's.

Why: a Turkish organiser running a German event exported its reports in Turkish from the
TUI while ``hakem report`` printed them in German; the same document must not depend on
which client made it.
"""

from __future__ import annotations

from core.i18n import current_language, normalise_language
from core.model import Tournament


def report_language(t: Tournament, chosen: str | None = None) -> str:
    """The language ``t``'s reports are written in: ``chosen`` (``--lang``, the export
    dialog's choice), else the event's, else the organiser's (the language active now)."""
    return normalise_language(chosen) or normalise_language(t.language) or current_language()

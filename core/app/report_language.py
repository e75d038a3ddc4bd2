"""The language of a report: one rule for the CLI and the TUI.

- What leaves the screen — published pages, exported files, PDFs, printed paper, a report
  written to a file (``hakem report -o``/``--save``, ``export``, ``publish``, ``print``) — is
  the *event's* document, read by its players and its federation: it is in the event's
  language (the tournament's ``language`` setting, chosen when it is created or in its
  settings, Ctrl+T).
- What is on the screen — the TUI, the reports tab's preview, ``hakem report`` printed to the
  terminal (stdout, no file) — is read by the *organiser*: it is in the organiser's language
  (``--lang``, the saved setting, ``$LANG``).
- The organiser may choose another language for one report: ``--report-lang`` on the CLI, the
  language choice of the TUI's export and print dialogs.  The global ``--lang`` is the
  organiser's language only: it never changes what is published or written.
- An event without a language of its own gets the organiser's.

Why: a Turkish organiser running a German event exported its reports in Turkish from the
TUI while ``hakem report`` printed them in German, and ``--lang de`` published a Russian
event's pages in German; the same document must not depend on which client made it, nor on
the language its maker reads.
"""

from __future__ import annotations

from core.i18n import current_language, normalise_language
from core.model import Tournament


def report_language(t: Tournament, chosen: str | None = None, *, on_screen: bool = False) -> str:
    """The language ``t``'s report is written in: ``chosen`` (``--report-lang``, a dialog's
    choice), else the organiser's (the language active now) for a report ``on_screen``, else
    the event's, else the organiser's."""
    picked = normalise_language(chosen)
    if picked:
        return picked
    if on_screen:
        return current_language()
    return normalise_language(t.language) or current_language()

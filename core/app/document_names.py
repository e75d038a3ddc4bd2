"""What each report kind is called: the TUI's report menu and the default names of the files
written from it or by ``hakem report --save`` (``tur-1-siralama.html``, ``runde-1-rangliste.html``).

Why one table: the same document got a Turkish name from the TUI's export and an English one
from the CLI (issue 34); both now name it in the report's language from here.
"""

from __future__ import annotations

from core.i18n import N_, _

DOCUMENT_NAMES = {
    "standings": N_("Standings"), "crosstable": N_("Crosstable"), "pairings": N_("Pairings"),
    "alphabetical": N_("Pairings, alphabetical"), "results": N_("Result sheet"), "card": N_("Player card"),
    "checkin": N_("Check-in list"), "team-standings": N_("Team standings"),
    "team-crosstable": N_("Team crosstable"), "teams": N_("Team sheets"), "bracket": N_("Bracket"),
    "timetable": N_("Playoff timetable"), "go-cards": N_("Go cards"), "go-table": N_("Go table"),
    "prizes": N_("Prize list"), "slips": N_("Result slips"), "wallchart": N_("Wallchart"),
    "cards": N_("All pairing cards"), "rating-changes": N_("Rating changes"), "norms": N_("Title norms"),
    "trf": N_("TRF export"), "all": N_("All documents"),
    "pic-wallchart": N_("Wallchart (picture)"), "pic-progress": N_("Standings progress (picture)"),
    "pic-bracket": N_("Bracket (picture)"), "pic-golevels": N_("Go levels (picture)"),
    "pic-card": N_("Player progress (picture)"),
}
"""Report kind (the core's and ``hakem report``'s names) → its name, marked for translation."""


def document_name(kind: str) -> str | None:
    """The kind's name in the language active now; None for a kind without one."""
    name = DOCUMENT_NAMES.get(kind)
    return _(name) if name is not None else None

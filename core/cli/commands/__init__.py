"""The subcommands of ``hakem``, one module each, and the table that names them.

Why a table rather than discovery: ``hakem COMMAND`` imports only COMMAND's module, and
``hakem --help`` lists every command from this table without importing any of them — every
scripted command and every ``ssh … hakem result`` starts in well under 0.1 s of CPU (importing
all the modules to build the parser cost 0.2 s).  Adding a command adds its row here; a test
checks the table against what each module registers (names, order and summaries).
"""

from __future__ import annotations

from collections.abc import Callable

from core.i18n import N_, _


PICTURES = ("bracket", "progress", "wallchart", "levels")
"""What ``hakem picture`` draws."""
REPORTS = ("standings", "crosstable", "pairings", "alphabetical", "results", "card", "checkin",
           "team-standings", "team-crosstable", "teams", "bracket", "timetable", "go-cards", "go-table",
           "prizes", "ranking", "rating-changes", "norms")
"""What ``hakem report`` makes: kept equal to ``core.reports.catalog.KINDS`` (a test checks)
without importing it here."""
DOCUMENTS = REPORTS + ("slips", "wallchart", "cards", "all")
"""What ``hakem print`` prints: every report and ``core.reports.printing.PRINT_ONLY`` (a test
checks)."""


def _picture() -> str:
    return _("draw a picture in the terminal: {kinds}").format(kinds=", ".join(PICTURES))


def _report() -> str:
    return _("print one report: {kinds}").format(kinds=", ".join(REPORTS))


def _print() -> str:
    return _("print a document as PDF on the machine's printer (lp): {documents}").format(
        documents=", ".join(DOCUMENTS))


COMMANDS: dict[str, tuple[str, str | Callable[[], str]]] = {
    "lot": ("berger", N_("draw the table numbers of a round robin by lot")),
    "berger": ("berger", N_("print a round-robin (Berger) table for N players")),
    "check": ("check", N_("re-pair every round of a TRF file and list differences")),
    "checkin": ("checkin", N_("check players in before a round (absent players are not paired)")),
    "fees": ("checkin", N_("entry fees: the event's fee, who has paid, the totals")),
    "cup": ("cup", N_("a knockout cup's Armageddon: the players' bids, whose flag fell later")),
    "delete": ("delete", N_("delete a tournament (kept in the trash for a month, --list, --restore)")),
    "doctor": ("doctor", N_("verify tournament files; --repair fixes what it can (the administrator, "
                            "with a service)")),
    "generate": ("generate", N_("generate a random tournament paired by our engine")),
    "go": ("go", N_("Go tournaments (Gamma, McMahon): cards, table, results, exports")),
    "archive": ("history", N_("archive a tournament (hidden from the list, kept)")),
    "undo": ("history", N_("undo the last change")),
    "redo": ("history", N_("redo the last undone change")),
    "log": ("history", N_("the audit trail of a tournament")),
    "list": ("history", N_("list tournaments in the data directory")),
    "keizer": ("keizer", N_("Keizer competitions (club nights): settings")),
    "lists": ("lists", N_("rating lists on this machine (FIDE, national, EGD)")),
    "members": ("members", N_("the club's register of members")),
    "new": ("new", N_("create a tournament and print its id")),
    "pair": ("pair", N_("pair the next round of a TRF file (engine interface)")),
    "picture": ("picture", _picture),
    "players": ("players", N_("register and manage players")),
    "playoff": ("playoff", N_("tie-break playoff: format, boards, colours, timetable")),
    "prizes": ("prizes", N_("prize groups: overall places, women, age groups, rating bands, clubs")),
    "publish": ("publish", N_("write the HTML pages into a directory (e.g. a web root)")),
    "report": ("publish", _report),
    "print": ("publish", _print),
    "result": ("result", N_("enter a result: 1-0, 0-1, 1/2 (=), ½-0, 0-½, +-, -+, --, 0-0")),
    "roles": ("roles", N_("show or change who may do what in a tournament")),
    "results-only": ("roles", N_("forced command of an SSH key that may only enter results")),
    "round": ("round", N_("pair and show rounds")),
    "series": ("series", N_("a season's series of events: best N of M, one table")),
    "serve": ("serve", N_("run the data service of a club machine (as its own account)")),
    "settings": ("settings", N_("show or change the event's data (federation, dates, arbiters, time "
                                "control …: the TRF header)")),
    "standings": ("standings", N_("standings with tie-breaks (from the store or a TRF file)")),
    "systems": ("systems", N_("list the pairing systems")),
    "teams": ("teams", N_("register the teams of a team event and their board order")),
    "import": ("transfer", N_("create a tournament from a TRF, hakem JSON or OpenGotha XML file; "
                              "prints its id")),
    "export": ("transfer", N_("export a tournament (TRF, HTML, CSV, ...)")),
}
"""Command name → (its module in this package, its one-line summary for ``hakem --help``:
a message to translate, or a function that makes it when the summary lists a module's kinds).
In the order ``hakem --help`` lists them."""


def summary(name: str) -> str:
    """The one-line summary of command ``name`` in the current language."""
    text = COMMANDS[name][1]
    return text() if callable(text) else _(text)


__all__ = ["COMMANDS", "DOCUMENTS", "PICTURES", "REPORTS", "summary"]

"""Go pages: participant cards and the tournament table.

Gamma: drawn in the layout of the Gamma procedure by :mod:`core.gorender.render` (``render_card``/
``render_table``); this module only wraps their text as a report page so that the HTML set,
the CLI and the TUI show them like every other report.  McMahon: built as tables by
:mod:`core.reports.go_mcmahon` (MMS and the Go criteria, handicap and colour per game).
"""

from __future__ import annotations

from core.errors import TournamentError
from core.i18n import _
from core.reports.document import Column, Report, Table
from core.reports.view import View


def go_report(view: View, kind: str) -> Report:
    t = view.tournament
    if not view.is_go:
        raise TournamentError(_('Go cards and tables exist only for Go tournaments (systems gamma '
                                'and mcmahon)'))
    if t.system == "mcmahon":
        from core.reports import go_mcmahon

        return go_mcmahon.results_table(view) if kind == "go-table" else go_mcmahon.participant_cards(view)
    from core.gorender.render import render_card, render_table, table_rows

    if kind == "go-table":
        report = Report("go-table", _("Tournament table"), [t.name], preformatted=render_table(t), text_tables=False)
        report.tables.append(_table(table_rows(t)))
        return report
    blocks = [render_card(t, p.pno).strip("\n") for p in sorted(t.players, key=lambda p: p.pno)]
    return Report("go-cards", _("Participant cards"), [t.name], preformatted="\n\n".join(blocks))


def _table(rows: list[list[str]]) -> Table:
    """The Gamma procedure's table as a typed table for HTML/CSV/JSON: the Gamma procedure's own headers (second
    header row) as titles, stable machine keys (``r1_colour_handicap`` ...) for the columns."""
    head, body = rows[1], rows[2:]
    rounds = (len(head) - 8) // 2
    keys = ["pno", "name", "rating", "start_level"]
    for r in range(1, rounds + 1):
        keys += [f"r{r}_colour_handicap", f"r{r}_opponent_result"]
    keys += ["final_level", "technical", "coefficient", "place"]
    aligns = ["r", "l", "r", "r"] + ["c"] * (2 * rounds) + ["r"] * 4
    titles = list(head)
    for r in range(1, rounds + 1):  # say which round each pair of cells belongs to
        titles[4 + 2 * (r - 1)] = f"{r}: {head[4 + 2 * (r - 1)]}"
    columns = [Column(k, title, a) for k, title, a in zip(keys, titles, aligns)]
    return Table(columns, [list(r) for r in body], css_class="go-table")

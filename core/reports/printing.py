"""The documents an arbiter prints at an event, by name, for ``hakem report --format pdf``,
``hakem print`` and the TUI's print key.

Why a second list beside :mod:`core.reports.catalog`: printing has documents of its own (result
slips to cut, the wallchart in large type, every pairing card in one file, the whole set) and
needs to know which of them are wide (landscape) or belong to a round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament
from core.reports.document import Column, Report, Table, title_cell
from core.reports.view import View

if TYPE_CHECKING:
    from core.reports.pdf import PageSetup

PRINT_ONLY = ("slips", "wallchart", "cards", "all")
"""Documents beyond the catalog's report kinds (``all``: every document in one file)."""



def result_slips(view: View, round_no: int) -> Report:
    """One slip per board to hand out at the boards: round, board, both players with their
    titles and ratings, the result boxes and the signatures (laid out to cut in PDF; a plain
    list in text/HTML).  A board already decided without play (a forfeit) gets none: nobody
    sits there to fill it in."""
    t = view.tournament
    rnd = t.round(round_no)
    table = Table([Column("round", _("Round"), "r"), Column("board", _("Board"), "r"),
                   Column("white_pno", _("No."), "r"), Column("white_title", _("Title"), optional=True),
                   Column("white", _("White"), flex=True),
                   Column("white_rating", _("Rating"), "r", optional=True),
                   Column("black_pno", _("No."), "r"), Column("black_title", _("Title"), optional=True),
                   Column("black", _("Black"), flex=True),
                   Column("black_rating", _("Rating"), "r", optional=True)])
    for number, board in enumerate(rnd.boards, start=1):
        if board.result is not None and not board.result.played:
            continue
        white, black = view.players.get(board.white), view.players.get(board.black)
        table.rows.append([round_no, number, board.white, title_cell(white.title) if white else "", view.name(board.white),
                           (white.rating or "") if white else "", board.black, title_cell(black.title) if black else "",
                           view.name(board.black), (black.rating or "") if black else ""])
    return Report(f"slips-r{round_no}", _("Result slips of round {round}").format(round=round_no),
                  [t.name], [table], layout="slips")


def wallchart_report(view: View) -> Report:
    """The crosstable for the wall: large type, landscape, results shaded."""
    from core.reports.tables import crosstable

    report = crosstable(view)
    report.slug = "wallchart"
    report.title = _("Wallchart")
    report.subtitle = [view.tournament.name, *report.subtitle[1:]]
    report.layout = "wallchart"
    return report


def combined_cards(view: View, cards: list[Report] | None = None) -> Report:
    """Every pairing card in one document, each card's tables captioned with its player
    (``cards``: the cards already built, in pairing-number order)."""
    from core.reports.tables import player_card

    t = view.tournament
    combined = Report("cards", _("Pairing cards"), [t.name])
    if cards is None:
        cards = [player_card(view, p.pno) for p in sorted(t.players, key=lambda p: p.pno)]
    for card in cards:
        for n, table in enumerate(card.tables):
            if n == 0:
                table.title = " · ".join(card.subtitle[1:])
            combined.tables.append(table)
    return combined


@dataclass(frozen=True)
class Document:
    """A document to print: a name (file name stem) and the reports it holds."""

    name: str
    reports: list[Report]


def document(view: View, name: str, round_no: int | None = None, pno: int | None = None,
             key: str | None = None) -> Document:
    """One document by the name ``hakem report``/``hakem print`` know."""
    from core.reports.catalog import build

    t = view.tournament
    if name == "all":
        return Document(f"{t.id or 'tournament'}-all", [r for d in document_set(view) for r in d.reports])
    if name in ("slips", "wallchart") and not t.rounds:
        raise TournamentError(_("no round is paired yet"))
    if name == "slips":
        rnd = round_no or t.current_round
        if not 1 <= rnd <= t.current_round:
            raise TournamentError(_('round {rnd} is not paired (rounds paired: {current_round})')
                                  .format(rnd=rnd, current_round=t.current_round))
        return Document(f"slips-r{rnd}", [result_slips(view, rnd)])
    if name == "wallchart":
        if t.system == "knockout":  # the crosstable's refusal: a cup's table is its bracket
            build(view, "crosstable")
        return Document("wallchart", [wallchart_report(view)])
    if name == "cards":
        if view.is_go:
            return Document("go-cards", [build(view, "go-cards")])
        return Document("cards", [combined_cards(view)])
    report = build(view, name, round_no=round_no, pno=pno, key=key)
    return Document(report.slug, [report])


def document_set(view: View) -> list[Document]:
    """Everything printed at an event as it stands: standings, crosstable and wallchart,
    pairings of every round by board, the last round alphabetically with its result slips,
    the check-in list, team reports, playoffs, the prize list and the cards."""
    from core.reports import playoffs, tables, teams
    from core.reports.catalog import build

    t = view.tournament
    out: list[Document] = []

    def add(report: Report) -> None:
        out.append(Document(report.slug, [report]))

    go = view.is_go
    if go and t.players:
        add(build(view, "go-table"))
    if t.teams:
        add(teams.team_standings_report(view))
        if t.rounds:
            add(teams.team_crosstable(view))
    if t.players and not go:
        add(tables.standings_report(view))
    if t.rounds:
        from core.reports.catalog import has_crosstable

        if not go and has_crosstable(t):  # a cup's table is its bracket
            add(tables.crosstable(view))
            add(wallchart_report(view))
        for r in range(t.current_round, 0, -1):
            add(tables.pairing_list(view, r))
        add(tables.alphabetical_pairings(view, t.current_round))
        add(result_slips(view, t.current_round))
    add(tables.checkin_list(view))
    if t.teams:
        add(teams.team_sheets(view))
    for report in playoffs.playoff_reports(view):
        add(report)
    from core.prizes.settings import prize_settings

    if t.players and prize_settings(t).groups:
        add(build(view, "prizes"))
    if t.players:
        out.append(document(view, "cards"))
    return out


def qr_targets(t: Tournament, reports: list[Report]) -> dict[str, str]:
    """Published addresses of the pairing lists, for the QR code on the printed list (only
    when the organiser stored the address: ``hakem publish ID DIR --url URL``)."""
    from core.reports.export import URL_OPTION, page_url

    base = str(t.options.get(URL_OPTION) or "")
    if not base:
        return {}

    return {r.slug: page_url(base, f"{r.slug}.html") for r in reports if r.slug.startswith("pairings-r")}


def render_pdf(t: Tournament, doc: Document, setup: PageSetup | None = None) -> bytes:
    """The PDF of one document (fonts embedded; the event's name at the foot of each page)."""
    from core.reports.pdf import PageSetup, to_pdf  # late: a text or HTML report draws no page

    return to_pdf(doc.reports, setup or PageSetup(), footer=t.name, qr=qr_targets(t, doc.reports))



"""The reports arbiters print and publish, built as neutral documents (see document.py).

Sources: seeds/000 (pairing cards "eşlendirme kartı", crosstables "çapraz tablo", round sheets,
tie-break tables), seeds/002 (participant cards, tournament table), reference/peers.md
(check-in lists, wallcharts).  Every label goes through gettext at build time, so a report is
in the language active when it is built.
"""

from __future__ import annotations

from fractions import Fraction

from core.i18n import _
from core.model import ByeKind, Code, Colour, GameResult
from core.reports.document import Column, Points, Report, Table
from core.reports.view import View

_CODE_MARK = {Code.WIN: "1", Code.DRAW: "½", Code.LOSS: "0", Code.FORFEIT_WIN: "+",
              Code.FORFEIT_LOSS: "−", Code.SHORT_WIN: "1", Code.SHORT_DRAW: "½",
              Code.SHORT_LOSS: "0", Code.HALF_BYE: "½", Code.FULL_BYE: "1", Code.PAB: "1",
              Code.ZERO_BYE: "0"}


def _bye_label(kind: ByeKind) -> str:
    return {ByeKind.PAB: _("bye"), ByeKind.HALF: _("half-point bye"),
            ByeKind.FULL: _("full-point bye"), ByeKind.ZERO: _("zero-point bye")}[kind]


def _result_text(result: GameResult | None) -> str:
    if result is None:
        return ""
    return {GameResult.WHITE_WINS: "1 - 0", GameResult.BLACK_WINS: "0 - 1",
            GameResult.DRAW: "½ - ½", GameResult.WHITE_FORFEIT_WIN: "+ - −",
            GameResult.BLACK_FORFEIT_WIN: "− - +", GameResult.DOUBLE_FORFEIT: "− - −",
            GameResult.BOTH_LOSE: "0 - 0"}[result]


def _head(view: View) -> list[str]:
    t = view.tournament
    parts = [p for p in (t.place, t.start_date if t.start_date == t.end_date or not t.end_date
                         else f"{t.start_date} – {t.end_date}") if p]
    return [" · ".join(parts)] if parts else []


def pairing_list(view: View, round_no: int) -> Report:
    """Pairings of one round in board order (what goes on the wall before the round)."""
    t = view.tournament
    rnd = t.round(round_no)
    table = Table([Column("board", _("Board"), "r"), Column("white_pno", _("No."), "r"),
                   Column("white", _("White"), flex=True), Column("white_points", _("Pts"), "r"),
                   Column("result", _("Result"), "c"),
                   Column("black_points", _("Pts"), "r"), Column("black", _("Black"), flex=True),
                   Column("black_pno", _("No."), "r")])
    for i, b in enumerate(rnd.boards, start=1):
        table.rows.append([i, b.white, view.name(b.white), Points(view.score_before(b.white, round_no)),
                           _result_text(b.result), Points(view.score_before(b.black, round_no)),
                           view.name(b.black), b.black])
    report = Report(f"pairings-r{round_no}", _("Pairings of round {round}").format(round=round_no),
                    [t.name, *_head(view)], [table])
    if rnd.byes:
        byes = Table([Column("pno", _("No."), "r"), Column("name", _("Name"), flex=True),
                      Column("kind", _("Bye"))], title=_("Players without a game"))
        for y in rnd.byes:
            byes.rows.append([y.pno, view.name(y.pno), _bye_label(y.kind)])
        report.tables.append(byes)
    return report


def alphabetical_pairings(view: View, round_no: int) -> Report:
    """Every player alphabetically with board, colour and opponent (players find themselves)."""
    t = view.tournament
    rnd = t.round(round_no)
    where: dict[int, tuple[int | str, str, int | None]] = {}
    for i, b in enumerate(rnd.boards, start=1):
        where[b.white] = (i, _("White"), b.black)
        where[b.black] = (i, _("Black"), b.white)
    for y in rnd.byes:
        where[y.pno] = ("", _bye_label(y.kind), None)
    table = Table([Column("name", _("Name"), flex=True), Column("pno", _("No."), "r"),
                   Column("board", _("Board"), "r"), Column("colour", _("Colour")),
                   Column("opponent", _("Opponent"), flex=True)])
    for p in sorted(t.players, key=lambda p: (p.name.casefold(), p.pno)):
        if p.pno not in where:
            continue
        board, colour, opp = where[p.pno]
        table.rows.append([p.name, p.pno, board, colour, view.name(opp)])
    return Report(f"pairings-r{round_no}-alpha",
                  _("Pairings of round {round} by name").format(round=round_no), [t.name], [table])


def result_sheet(view: View, round_no: int) -> Report:
    """The arbiter's sheet for collecting results: empty result column until results are in."""
    t = view.tournament
    rnd = t.round(round_no)
    table = Table([Column("board", _("Board"), "r"), Column("white", _("White"), flex=True),
                   Column("black", _("Black"), flex=True), Column("result", _("Result"), "c"),
                   Column("signature", _("Signature"))])
    for i, b in enumerate(rnd.boards, start=1):
        table.rows.append([i, f"{b.white} {view.name(b.white)}", f"{b.black} {view.name(b.black)}",
                           _result_text(b.result) or "_____", ""])
    return Report(f"results-r{round_no}", _("Result sheet of round {round}").format(round=round_no),
                  [t.name], [table])


def standings_report(view: View) -> Report:
    """Standings with the tie-break columns, the list and the regime used."""
    from core.tiebreaks.names import name_of as tiebreak_name

    s = view.standings
    columns = [Column("rank", _("Rank"), "r"), Column("pno", _("No."), "r"),
               Column("name", _("Name"), flex=True), Column("rating", _("Rating"), "r", optional=True),
               Column("federation", _("Fed"), optional=True), Column("points", _("Pts"), "r")]
    columns += [Column(code, code, "r") for code in s.tiebreaks]
    table = Table(columns)
    for row in s.rows:
        p = view.players.get(row.pno)
        rank = "-" if row.rank is None else (f"{row.rank}=" if row.shared else row.rank)
        table.rows.append([rank, row.pno, row.name, (p.rating or "") if p else "",
                           p.federation if p else "", Points(row.points),
                           *[row.values.get(code) for code in s.tiebreaks]])
    t = view.tournament
    subtitle = [t.name, _("After round {round} of {rounds}").format(round=t.current_round,
                                                                    rounds=t.total_rounds)]
    notes = [_("Tie-break regime: {regime}").format(regime=s.regime_name)]
    if s.tiebreaks:
        notes.append(_("Tie-breaks: {list}").format(list="; ".join(
            f"{code} = {tiebreak_name(code)}" for code in s.tiebreaks)))
    notes += list(s.warnings)
    return Report("standings", _("Standings"), subtitle, [table], notes)


def _cell(view: View, pno: int, round_no: int) -> str:
    """Crosstable cell: opponent's rank, colour, result (``12w1``, ``5b½``, ``-  +`` ...)."""
    hist = view.history.get(pno, [])
    if round_no > len(hist):
        return ""
    e = hist[round_no - 1]
    mark = _CODE_MARK.get(e.code, "") if e.code is not None else "*"
    if e.opponent is None:
        return {Code.PAB: "bye+", Code.HALF_BYE: "bye½", Code.FULL_BYE: "bye+",
                Code.ZERO_BYE: "–"}.get(e.code, "–") if e.code else ""
    opp_rank = view.rank.get(e.opponent) or e.opponent
    colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(e.colour, "-")
    return f"{opp_rank}{colour}{mark}"


def crosstable(view: View) -> Report:
    """Swiss: by rank with opponent rank/colour/result per round.  Round robin: the classic
    all-play-all grid."""
    t = view.tournament
    s = view.standings
    if view.is_round_robin:
        return _grid(view)
    rounds = t.current_round
    columns = [Column("rank", _("Rank"), "r"), Column("pno", _("No."), "r"),
               Column("name", _("Name"), flex=True), Column("rating", _("Rating"), "r", optional=True)]
    columns += [Column(f"r{r}", str(r), "r") for r in range(1, rounds + 1)]
    columns += [Column("points", _("Pts"), "r")] + [Column(c, c, "r", optional=True) for c in s.tiebreaks]
    table = Table(columns, css_class="crosstable")
    for row in s.rows:
        p = view.players.get(row.pno)
        table.rows.append([row.rank if row.rank is not None else "-", row.pno, row.name,
                           (p.rating or "") if p else "",
                           *[_cell(view, row.pno, r) for r in range(1, rounds + 1)],
                           Points(row.points), *[row.values.get(c) for c in s.tiebreaks]])
    return Report("crosstable", _("Crosstable"), [t.name], [table],
                  [_("Cells: opponent's rank, colour (w/b), result; + and − are forfeits.")])


def _grid(view: View) -> Report:
    t = view.tournament
    order = sorted(t.players, key=lambda p: p.pno)
    n = len(order)
    results: dict[tuple[int, int], list[str]] = {}
    for pno, hist in view.history.items():
        for e in hist:
            if e.opponent is not None and e.code is not None:
                results.setdefault((pno, e.opponent), []).append(_CODE_MARK.get(e.code, ""))
    columns = [Column("pno", _("No."), "r"), Column("name", _("Name"), flex=True)]
    columns += [Column(f"p{p.pno}", str(p.pno), "c") for p in order]
    columns += [Column("points", _("Pts"), "r"), Column("rank", _("Rank"), "r")]
    table = Table(columns, css_class="grid")
    for p in order:
        cells = []
        for q in order:
            cells.append("X" if p.pno == q.pno else " ".join(results.get((p.pno, q.pno), [])))
        total = view.running.get(p.pno, [Fraction(0)])
        table.rows.append([p.pno, p.name, *cells, Points(total[-1] if total else Fraction(0)),
                           view.rank.get(p.pno) or "-"])
    return Report("crosstable", _("Crosstable"), [t.name, _("Round robin, {n} players").format(n=n)],
                  [table])


def player_card(view: View, pno: int) -> Report:
    """The pairing card (eşlendirme kartı): round, colour, opponent, result, running score."""
    t = view.tournament
    p = t.player(pno)
    table = Table([Column("round", _("Round"), "r"), Column("colour", _("Colour"), "c"),
                   Column("opponent_pno", _("No."), "r"), Column("opponent", _("Opponent"), flex=True),
                   Column("opponent_rating", _("Rating"), "r"), Column("result", _("Result"), "c"),
                   Column("score", _("Score"), "r")])
    running = view.running.get(pno, [])
    for e in view.history.get(pno, []):
        opp = view.players.get(e.opponent) if e.opponent else None
        colour = {Colour.WHITE: _("W"), Colour.BLACK: _("B")}.get(e.colour, "")
        result = _CODE_MARK.get(e.code, "") if e.code is not None else ""
        if e.opponent is None and e.code is not None:
            result = {Code.PAB: _("bye"), Code.HALF_BYE: _("half-point bye"),
                      Code.FULL_BYE: _("full-point bye"), Code.ZERO_BYE: _("absent")}.get(e.code, result)
        table.rows.append([e.round, colour, e.opponent or "", opp.name if opp else "",
                           (opp.rating or "") if opp else "", result,
                           Points(running[e.round - 1]) if e.round <= len(running) else ""])
    sub = [t.name, f"{p.pno}. {p.title + ' ' if p.title else ''}{p.name}"
                   + (f" ({p.rating})" if p.rating else "") + (f", {p.federation}" if p.federation else "")]
    report = Report(f"card-{pno}", _("Player card"), sub, [table])
    row = next((r for r in view.standings.rows if r.pno == pno), None)
    if row is not None and view.standings.tiebreaks:
        tb = Table([Column(c, c, "r") for c in view.standings.tiebreaks], title=_("Tie-breaks"))
        tb.rows.append([row.values.get(c) for c in view.standings.tiebreaks])
        report.tables.append(tb)
    return report


def checkin_list(view: View) -> Report:
    """Alphabetical list with a column to tick arrivals and sign."""
    t = view.tournament
    table = Table([Column("pno", _("No."), "r"), Column("name", _("Name"), flex=True),
                   Column("rating", _("Rating"), "r", optional=True), Column("club", _("Club"), optional=True),
                   Column("present", _("Present"), "c"), Column("signature", _("Signature"))])
    for p in sorted(t.players, key=lambda p: (p.name.casefold(), p.pno)):
        if p.withdrawn_round is not None and p.withdrawn_round <= t.current_round + 1:
            continue
        table.rows.append([p.pno, p.name, p.rating or "", p.club, "[ ]", ""])
    return Report("checkin", _("Check-in list"), [t.name, *_head(view)], [table])


def team_sheets(view: View) -> Report:
    """One roster per team in board order."""
    t = view.tournament
    report = Report("teams", _("Team sheets"), [t.name])
    for team in t.teams:
        table = Table([Column("board", _("Board"), "r"), Column("pno", _("No."), "r"),
                       Column("name", _("Name"), flex=True), Column("rating", _("Rating"), "r")],
                      title=team.name)
        for i, pno in enumerate(team.members, start=1):
            p = view.players.get(pno)
            table.rows.append([i, pno, p.name if p else "", (p.rating or "") if p else ""])
        report.tables.append(table)
    return report


def all_reports(view: View) -> list[Report]:
    """Every report that applies to the tournament as it is now, in publishing order."""
    t = view.tournament
    out = [standings_report(view)] if t.players else []
    if t.rounds:
        out.append(crosstable(view))
        for r in range(t.current_round, 0, -1):
            out.append(pairing_list(view, r))
        out.append(alphabetical_pairings(view, t.current_round))
        out.append(result_sheet(view, t.current_round))
    out.append(checkin_list(view))
    if t.teams:
        out.append(team_sheets(view))
    for p in sorted(t.players, key=lambda p: p.pno):
        out.append(player_card(view, p.pno))
    return out

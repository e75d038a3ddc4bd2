"""A Double-Swiss event's player card and crosstable: one line or cell per match.

Why not the game rounds every other report reads (:func:`core.model.entries`): C.04.5's round
is a match of two games, and its byes "apply only to matches, never to individual games"
(Preface).  Read game by game, a card listed ten "rounds" for a five-match event, the match's
bye in game 1 and a zero-point bye in game 2 (the player is on no board of game 2), and the
crosstable's PAB cells (–1 –0) did not add up to the 1½ the total counts.  Here each match is
read whole from the stored match round: its opponent, game 1's colour (the match's colour,
C.04.5 1.6), both games' results, its points — a bye once, at its match value.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from core.i18n import _
from core.i18n.format import format_points
from core.i18n.terms import code_name, colour_letter
from core.model import Code, Round, Tournament
from core.reports.document import Column, GameCell, Points, Report, Table
from core.reports.marks import colour_mark
from core.reports.view import View

_MARKS = {Code.WIN: "1", Code.DRAW: "½", Code.LOSS: "0", Code.FORFEIT_WIN: "+", Code.FORFEIT_LOSS: "−",
          Code.SHORT_WIN: "1", Code.SHORT_DRAW: "½", Code.SHORT_LOSS: "0"}


@dataclass(frozen=True)
class MatchLine:
    """One player's match of one round (or the round's bye or absence)."""

    match: int
    opponent: int | None
    side: str
    """Game 1's colour, ``"w"``/``"b"`` (the match's colour); ``""`` for a bye."""
    games: tuple[tuple[str, Code | None], ...]
    """(side, the player's result code) of each game, in the order played; ``None``: no
    result yet."""
    points: Fraction
    bye: Code | None = None
    """The bye's (or absence's) code when the player had no match."""


def match_line(t: Tournament, rnd: Round, pno: int) -> MatchLine:
    """``pno``'s match in the stored round ``rnd``."""
    boards = sorted((b for b in rnd.boards if pno in (b.white, b.black)), key=lambda b: b.game != "g1")
    if not boards:
        bye = next((y for y in rnd.byes if y.pno == pno), None)
        code = bye.code if bye is not None else Code.ZERO_BYE
        return MatchLine(rnd.number, None, "", (), t.points.for_code(code), code)
    games: list[tuple[str, Code | None]] = []
    for b in boards:
        side = "w" if b.white == pno else "b"
        codes = b.result.codes(b.unrated) if b.result is not None else (None, None)
        games.append((side, codes[0] if side == "w" else codes[1]))
    first = boards[0]
    opponent = first.black if first.white == pno else first.white
    points = sum((t.points.for_code(code) for _side, code in games), Fraction(0))
    return MatchLine(rnd.number, opponent, games[0][0], tuple(games), points)


def match_cell(view: View, pno: int, rnd: Round) -> GameCell:
    """The crosstable cell of one match: opponent's rank, game 1's colour, the match's points
    (``5☐1½``); a bye or absence ``–`` and its points (``–1½``, PAB).  Cells add up to the
    total.  For machines, each game's TRF cell, ``/`` between them."""
    line = match_line(view.tournament, rnd, pno)
    points = format_points(line.points)
    if line.opponent is None:
        return GameCell(f"–{points}", f"0000 - {line.bye.value if line.bye else ''}")
    rank = view.position.get(line.opponent) or line.opponent
    pending = any(code is None for _side, code in line.games)
    forfeits = "".join(_MARKS[code] for _side, code in line.games if code in (Code.FORFEIT_WIN, Code.FORFEIT_LOSS))
    text = f"{rank}{colour_mark(line.side)}{'*' if pending else points}{forfeits}"
    trf = " / ".join(f"{line.opponent} {side} {code.value if code else ''}".rstrip() for side, code in line.games)
    return GameCell(text, trf)


def match_card(view: View, pno: int) -> Table:
    """The card's table: one row per match — match, colour, opponent, the games' results,
    the match's points, the score after it."""
    t = view.tournament
    table = Table([Column("round", _("Match"), "r"), Column("colour", _("Colour"), "c"),
                   Column("opponent_pno", _("No."), "r", minor=True),
                   Column("opponent", _("Opponent"), flex=True, link="opponent_pno"),
                   Column("opponent_rating", _("Rating"), "r", optional=True, minor=True),
                   Column("games", _("Games"), "c"), Column("result", _("Result"), "c"),
                   Column("score", _("Score"), "r")])
    running = view.running.get(pno, [])
    for rnd in t.rounds:
        line = match_line(t, rnd, pno)
        after = 2 * rnd.number - 1  # the score after the match's second game
        score = Points(running[after]) if after < len(running) else ""
        if line.opponent is None:
            name = code_name(line.bye.value) if line.bye else ""
            table.rows.append([rnd.number, "", "", name, "", "", format_points(line.points), score])
            continue
        opp = view.players.get(line.opponent)
        games = " ".join(_MARKS.get(code, "") if code is not None else "*" for _side, code in line.games)
        table.rows.append([rnd.number, colour_letter(line.side), line.opponent, opp.name if opp else "",
                           (opp.rating or "") if opp else "", games, format_points(line.points), score])
    return table


def double_swiss_card(view: View, pno: int, head: Report) -> Report:
    """``head`` (the ordinary card's titles, totals and tie-breaks) with the match table in
    place of the game rows."""
    table = match_card(view, pno)
    srow = next((r for r in view.standings.rows if r.pno == pno), None)
    if srow is not None:
        table.rows.append([_("Total"), "", "", "", "", "", "", Points(srow.points)])
    return Report(head.slug, head.title, head.subtitle, [table, *head.tables[1:]], head.notes)

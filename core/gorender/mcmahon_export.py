"""The EGD tournament table ("h9" file) of a McMahon event, column by column as OpenGotha
writes it (``ExternalDocument.generateH9File``), which is what the EGD receives from clubs.

Header lines start with ``;``: ``CL[class]``, ``EV[name]``, ``PC[country,place]`` (the EGD's
description has the country code; OpenGotha leaves it empty), ``DT[first day,last day]``,
``HA[h<correction>]`` (handicap = MMS difference minus that reduction; written only when the
correction is positive), ``KM[komi]``, ``TM[adjusted time]`` in whole minutes (OpenGotha's
``egfAdjustedTime() / 60``: 82.5 → 82), ``CM[time system]``, then the column titles.  One line
per player in final order, in fixed columns: the place right-aligned in 4 (blank when the
player shares the place above), the name ``Surname First`` (blanks inside a part → ``_``)
padded to 30 and a blank, the rank right-aligned in 3 (``3D``, ``10K``), the country in 2
(``XX`` unknown), the club in 4 right-aligned (``xxxx`` unknown): OpenGotha clubs are EGD club
codes of up to 4 letters — its ``Player`` keeps the first 4 of a longer name and its writer the
last 4 of what it holds, so a longer hakem club is written as its *first* 4, what OpenGotha
writes for the same event moved to it by the XML file, every criterion right-aligned in 4 (halves as
``½``), ``0`` for each missing one up to four, then one cell of 8 per round:
``<line of the opponent><+|-|=|?>/<w|b><handicap>`` right-aligned, the free entries
``0+``, ``0=``, ``0-`` followed by three blanks (bye by its points, absence by its points).  A
game won by forfeit is ``N+!w1``-style (``!`` instead of ``/``) when forfeits are kept
(``keep_forfeits``), else ``0=`` (OpenGotha's default drops them: the EGD rates no forfeit).
``|PIN`` (EGD pin) ends the line when known — OpenGotha does not write it; the EGD reads it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from core.go.countries import country_code, go_country
from core.go.handicap import go_options
from core.go.mcmahon_options import mcmahon_options
from core.go.mms import GoRound, Participation, scores
from core.go.names import split_name
from core.go.ranks import rank_label
from core.go.timing import egd_class
from core.go.timing import parse as parse_time
from core.errors import TournamentError
from core.i18n import _
from core.model import Colour, Player, Tournament, points
from core.standings import Row, compute_standings

CRITERIA = ("MMS", "SOS", "SODOS", "SOSOS")


TIME_SYSTEMS = {"sudden death": "Sudden death", "japanese": "Standard byo-yomi",
                "canadian": "Canadian byo-yomi", "fischer": "Fischer"}
"""OpenGotha's ``CM`` words for the time systems :mod:`core.go.timing` reads."""


def _field(text: str, empty: str) -> str:
    """One blank-free field; ``empty`` when nothing is known.  ``;`` (the reader ignores the
    rest of the line after it) and ``|`` (the pin marker) become ``_`` too."""
    return "_".join(text.replace(";", " ").replace("|", " ").split()) or empty


def _header(text: str) -> str:
    """A header value on one line, its brackets as parentheses: a ``]`` would close it early,
    a ``[`` open what reads as another property (``EV[Cup ] ; KM[0] x]``)."""
    return " ".join(text.replace("]", ")").replace("[", "(").split())


def club_code(club: str, empty: str) -> str:
    """The club in the files' 4 columns: its first 4 characters, as OpenGotha's ``Player``
    keeps a longer club name (``MAX_CLUB_LENGTH``)."""
    return _field(club, empty)[:4]


def _free_token(points: Fraction) -> str:
    return "0+" if points >= 1 else "0=" if points > 0 else "0-"


def round_entry(row: GoRound, line_of: dict[int, int], bye_points: Fraction,
                absent_points: Fraction) -> str:
    """One round as the reports print it (``12+/w2``; a forfeit as the free entry of its score,
    ``0+`` winner, ``0-`` loser: no game was played)."""
    if row.participation is Participation.BYE:
        return _free_token(bye_points)
    if row.participation is Participation.ABSENT or row.opponent is None:
        return _free_token(absent_points)
    if row.forfeit:
        return _free_token(row.score)
    mark = "?" if row.pending else "+" if row.score == 1 else "=" if row.score else "-"
    colour = "w" if row.colour is Colour.WHITE else "b"
    return f"{line_of.get(row.opponent, 0)}{mark}/{colour}{row.handicap}"


def h9_cell(row: GoRound, line_of: dict[int, int], bye_points: Fraction,
            absent_points: Fraction, keep_forfeits: bool = False) -> str:
    """One round cell of an h9 line, 8 characters as OpenGotha writes it (module docstring)."""
    if row.participation is Participation.BYE or row.participation is Participation.ABSENT \
            or row.opponent is None:
        points = bye_points if row.participation is Participation.BYE else absent_points
        return _free_token(points).rjust(5) + "   "
    if row.forfeit and not keep_forfeits:
        return "0=".rjust(8)
    mark = "?" if row.pending else "+" if row.score == 1 else "=" if row.score else "-"
    colour = "w" if row.colour is Colour.WHITE else "b"
    kind = "!" if row.forfeit else "/"
    return f"{line_of.get(row.opponent, 0):>4}{mark}{kind}{colour}{row.handicap}"[-8:].rjust(8)


def _value(value: object) -> str:
    """A criterion as OpenGotha's ``formatScore``: whole part and ``½``/``¼``/``¾``, in 4."""
    if not isinstance(value, (int, Fraction)):
        return "0".rjust(4)
    number = Fraction(value)
    whole = int(number)
    part = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(abs(number - whole), "")
    return f"{whole}{part}"[:4].rjust(4)


def _minutes(t: Tournament, go: Mapping[str, object]) -> str:
    """TM: the adjusted time in whole minutes (typed ``nominal_time`` or from the clock)."""
    typed = str(go.get("nominal_time", "") or "")
    if typed:
        try:
            return str(int(points(typed)))
        except (ValueError, ZeroDivisionError):
            return typed
    parsed = parse_time(t.time_control)
    return str(int(parsed[2])) if parsed else ""


def _name(p: Player) -> str:
    latin = str(p.extra.get("name_latin", "") if p.extra else "")
    surname, first = split_name(latin or p.name)
    return f"{_field(surname, '-')} {_field(first, '')}".strip()


def _places(rows: list[Row]) -> list[str]:
    """OpenGotha's place column: the line's place, blank for a player sharing the one above."""
    out = []
    for i, row in enumerate(rows):
        shared = i > 0 and row.rank is not None and row.rank == rows[i - 1].rank
        out.append("" if shared else str(row.rank if row.rank is not None else i + 1))
    return out


def mcmahon_h9_export(t: Tournament, keep_forfeits: bool = False) -> str:
    """The whole file as text (the caller writes it; the EGD reads plain Latin-1/UTF-8 text).

    ``options["go"]``: ``egd_class``, ``nominal_time`` (adjusted time) and ``country`` as in
    the Gamma export; ``Player.extra["name_latin"]`` replaces the name and
    ``extra["egd_pin"]`` is appended as ``|PIN``."""
    missing = [rnd.number for rnd in t.rounds if any(b.result is None for b in rnd.boards)]
    if missing:
        raise TournamentError(_("the EGD table needs every result: round {round_no} has games "
                                "without one").format(round_no=missing[0]))
    mm = mcmahon_options(t)
    go = go_options(t)
    table = compute_standings(t, upto=len(t.rounds))  # the event's own criteria, as OpenGotha's
    criteria = list(table.tiebreaks)
    rows = list(table.rows)
    line_of = {row.pno: i for i, row in enumerate(rows, start=1)}
    all_scores = scores(t, options=mm)
    players = {p.pno: p for p in t.players}
    klass = str(go.get("egd_class", "") or "") or egd_class(t.time_control)
    country = go_country(t.federation) if t.federation else str(go.get("country", "") or "")
    lines = [f"; CL[{_header(klass)}]", f"; EV[{_header(t.name)}]",
             f"; PC[{_header(country)},{_header(t.place)}]"]
    if t.start_date:
        lines.append(f"; DT[{t.start_date},{t.end_date or t.start_date}]")
    if mm.correction > 0:
        lines.append(f"; HA[h{mm.correction}]")
    lines.append(f"; KM[{float(mm.komi)}]")
    lines.append(f"; TM[{_minutes(t, go)}]")
    parsed = parse_time(t.time_control)
    lines.append(f"; CM[{TIME_SYSTEMS[parsed[0]] if parsed else ''}]")
    lines.append("; Generated by hakem")
    lines.append(";")
    lines.append("; Pl Name                            Rk Co Club" + "".join(c[:5].rjust(5) for c in criteria))
    for place, row in zip(_places(rows), rows):
        p = players[row.pno]
        s = all_scores[p.pno]
        club = club_code(p.club, "xxxx")
        line = (place.rjust(4) + " " + _name(p).ljust(30)[:30] + " " + rank_label(s.rank).upper().rjust(3)
                + " " + _field(country_code(p).upper(), "XX")[-2:].rjust(2) + " " + club.rjust(4))
        line += "".join(" " + _value(row.values.get(code)) for code in criteria)
        line += " 0" * max(0, 4 - len(criteria))
        line += "".join(" " + h9_cell(r, line_of, mm.bye_points, mm.absent_points, keep_forfeits)
                        for r in s.rounds)
        pin = str(p.extra.get("egd_pin", "") if p.extra else "")
        lines.append(f"{line} |{pin}" if pin else line)
    return "\n".join(lines) + "\n"

"""The EGD tournament table ("h9" file) of a McMahon event, for the European Go Database.

Format (the EGD's description of tournament tables, and OpenGotha's writer as the common
practice): header lines starting with ``;`` — ``CL[class]``, ``EV[name]``, ``PC[country,
place]``, ``DT[first day,last day]``, ``HA[h<correction>]`` (handicap = difference minus
that reduction; written only when the correction is positive, as OpenGotha does), ``KM[komi]``,
``TM[adjusted time]``, ``CM[comment]`` — then one line per player in final order: place (the
line number, which is what opponents are named by), surname, first name, rank, country (two
letters, ``XX`` unknown), club (``xxxx`` unknown), the criteria (MMS, SOS, SODOS, SOSOS), then
one entry per round ``<opponent's place><+|-|=>/<w|b><handicap>``.  A round without a game
is ``0+`` (a free win: the bye when it is worth a point), ``0=`` (half a point) or ``0-``
(a free round).  A game won by forfeit is not a played game for the rating list: both players
get the free entry of its score (winner ``0+``, loser ``0-``).  Everything after ``;`` and empty
lines are ignored by the EGD's reader; fields are separated by blanks, so blanks inside a
name or club become ``_``.
"""

from __future__ import annotations

from fractions import Fraction

from core.go.export import country_code, go_country
from core.go.handicap import go_options
from core.go.mcmahon_options import mcmahon_options
from core.go.mms import GoRound, Participation, scores
from core.go.names import split_name
from core.go.ranks import rank_label
from core.go.timing import adjusted_time, egd_class
from core.errors import TournamentError
from core.i18n import _
from core.model import Colour, Tournament, format_points
from core.standings import compute_standings

CRITERIA = ("MMS", "SOS", "SODOS", "SOSOS")


def _field(text: str, empty: str) -> str:
    """One blank-free field; ``empty`` when nothing is known.  ``;`` (the reader ignores the
    rest of the line after it) and ``|`` (the pin marker) become ``_`` too."""
    return "_".join(text.replace(";", " ").replace("|", " ").split()) or empty


def _header(text: str) -> str:
    """A header value on one line, without the ``]`` that would close it early."""
    return " ".join(text.replace("]", ")").split())


def _free(points: Fraction) -> str:
    return "0+" if points >= 1 else "0=" if points > 0 else "0-"


def round_entry(row: GoRound, line_of: dict[int, int], bye_points: Fraction,
                absent_points: Fraction) -> str:
    """One round of a player's line (see the module docstring)."""
    if row.participation is Participation.BYE:
        return _free(bye_points)
    if row.participation is Participation.ABSENT or row.opponent is None:
        return _free(absent_points)
    if row.forfeit:
        return _free(row.score)
    mark = "?" if row.pending else "+" if row.score == 1 else "=" if row.score else "-"
    colour = "w" if row.colour is Colour.WHITE else "b"
    return f"{line_of.get(row.opponent, 0)}{mark}/{colour}{row.handicap}"


def _value(value: object) -> str:
    return format_points(Fraction(value)) if isinstance(value, (int, Fraction)) else "0"


def mcmahon_h9_export(t: Tournament) -> str:
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
    table = compute_standings(t, list(CRITERIA), upto=len(t.rounds))
    line_of = {row.pno: i for i, row in enumerate(table.rows, start=1)}
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
    lines.append(f"; KM[{format_points(mm.komi)}]")
    nominal = str(go.get("nominal_time", "") or "") or adjusted_time(t.time_control)
    if nominal:
        lines.append(f"; TM[{nominal}]")
    lines.append(f"; CM[McMahon, bar {rank_label(mm.bar)}, floor {rank_label(mm.floor)}]")
    lines.append(";")
    lines.append("; Pl Name First Rk Co Club " + " ".join(CRITERIA) + " "
                 + " ".join(str(r) for r in range(1, len(t.rounds) + 1)))
    for row in table.rows:
        p = players[row.pno]
        latin = str(p.extra.get("name_latin", "") if p.extra else "")
        surname, first = split_name(latin or p.name)
        s = all_scores[p.pno]
        fields = [str(line_of[p.pno]), _field(surname, "-"), _field(first, "-"), rank_label(s.rank),
                  _field(country_code(p).upper(), "XX"), _field(p.club, "xxxx")]
        fields += [_value(row.values.get(code)) for code in CRITERIA]
        fields += [round_entry(r, line_of, mm.bye_points, mm.absent_points) for r in s.rounds]
        pin = str(p.extra.get("egd_pin", "") if p.extra else "")
        if pin:
            fields.append(f"|{pin}")
        lines.append(" ".join(fields))
    return "\n".join(lines) + "\n"

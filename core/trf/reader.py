"""Read TRF16 / TRF-2026 files (and the JaVaFo/bbpPairings extensions) leniently.

Why lenient: files arrive from other programs, e-mail and hand edits.  Reading never stops at
the first problem; it collects every problem with its line and column, and the caller decides
(:func:`parse_tournament` raises one :class:`~core.errors.TrfError` listing all of them).

The ``001`` record is column-based (C.04 Annex 2); we read it by columns, tolerating short
lines and trailing blanks.  Rounds are rebuilt from the per-player cells: every game must be
mutual (both players name each other, opposite colours, matching results).
"""

from __future__ import annotations

from functools import partial

from core.i18n import _

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from collections.abc import Callable

from core.errors import Problem, TrfError
from core.model import (
    Board, Bye, ByeKind, Code, Colour, ForbiddenRange, Player, PointAdjustment, PointSystem, RequestedBye, Round, TeamAdjustment,
    Team, Tournament, format_points, result_from_codes, running_scores, scores,
)
from core.trf.boards import canonical_board_order
from core.trf.fields import (
    MAX_PNO, FieldError, blank_gap, col, control_character, is_number, number_at,
    pairing_number, points_value, trf_date,
)
from core.trf.player_comments import check_clubs, ranking_172, read_player_comment
from core.trf.records import NRS, READERS, RULER, Record299, read_nrs
from core.trf.teams import (
    MATCH_COMMENT, derive_matches, read_bye_line, read_match_comment, read_team_line, with_byes,
)
from core.trf.types import SYSTEM_COMMENT, TournamentType, type_code
from core.typed_result import half_point_refusal

TIMES_COMMENT = "### hakem times "
RECORD_COMMENT = "### hakem record "
"""A TRF-2026 record carried in a TRF16 file (``### hakem record 202 BH/C1,BH,SB``): TRF16
has no record for the tie-break list (202/212), the time-control code (222) or the national
ratings (NRS lines, and their 172), and a record code a TRF16 reader does not know can make
it refuse the file; ``###`` lines are comments in both formats, so every other program skips
them and hakem reads each as the record it holds."""


@dataclass
class Cell:
    """One round of a ``001`` record as read: opponent (0 = none), colour, result code
    (``None``: blank), whether the whole cell was blank, and the code as written when it is
    not the code hakem keeps (``+`` read as a pairing-allocated bye, ``-`` as an absence)."""

    opponent: int
    colour: Colour
    code: Code | None
    blank: bool
    trf_code: str = ""


@dataclass
class PlayerLine:
    """One ``001`` record as read, before rounds are rebuilt."""

    line: int
    player: Player
    declared_points: Fraction | None
    cells: list[Cell]


@dataclass
class TrfDocument:
    """Everything read from a TRF file plus the problems found; see :func:`read_trf`."""

    headers: dict[str, str] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    players: list[PlayerLine] = field(default_factory=list)
    total_rounds: int | None = None
    total_rounds_line: int = 0
    initial_colour: Colour | None = None
    points: PointSystem = field(default_factory=PointSystem)
    pab_set: bool = False
    forbidden: list[tuple[int, int, int | None, tuple[int, ...]]] = field(default_factory=list)
    """(line, first round, last round or None for every round, players) per XXP/260 record."""
    virtual_points: dict[int, dict[int, Fraction]] = field(default_factory=dict)
    byes_240: list[tuple[int, RequestedBye]] = field(default_factory=list)
    absent: list[tuple[int, int, int]] = field(default_factory=list)
    """XXZ: (line, column, pno) absent in the round to be paired."""
    round_dates: dict[int, str] = field(default_factory=dict)
    round_times: dict[int, str] = field(default_factory=dict)
    time_control_code: str = ""
    tournament_type: TournamentType | None = None
    system_comment: str = ""
    adjustments: list[Record299] = field(default_factory=list)
    nrs: list[tuple[int, int, int, str, dict[str, str]]] = field(default_factory=list)
    clubs: dict[int, tuple[int, str]] = field(default_factory=dict)
    """Pairing number → (line, club) of the ``### hakem club`` comments."""
    board_orders: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    teams: list[Team] = field(default_factory=list)
    team_lines: dict[int, int] = field(default_factory=dict)
    """Team id → the line its record is on (for problems found later)."""
    match_orders: dict[int, tuple] = field(default_factory=dict)
    team_byes: dict[int, int] = field(default_factory=dict)
    """Round → the team with the pairing-allocated bye (record 320)."""
    team_bye_points: tuple[Fraction, Fraction] | None = None
    """Record 320's match and game points of the bye."""
    bye_record: tuple[int, str] | None = None
    """Record 320 as read (line number, text): a team event's byes, else kept as written."""
    """Round → the team matches recorded in a ``### hakem matches`` comment."""
    extra_lines: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def problem(self, line: int, column: int | None, message: str) -> None:
        self.problems.append(Problem(_where(line, column), message))

    def warning(self, line: int, column: int | None, message: str) -> None:
        self.warnings.append(Problem(_where(line, column), message))


def _where(line: int, column: int | None) -> str:
    """Where in the file, in the reader's words (``Zeile 2, Spalte 52``)."""
    if column:
        return _("line {line}, column {column}").format(line=line, column=column)
    return _("line {line}").format(line=line)


def split_lines(text: str) -> list[str]:
    """Split on LF, CRLF or bare CR (bbpPairings writes bare CR)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


_HEADER_CODES = {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "122",
                 "172", "182", "202", "212"}
_KEPT_HEADERS = {"082", "172", "182", "192", "202", "212"}
"""Header records written back as read when hakem's data does not decide them."""
_KEPT_LINES = {"300", "330", "352", "362", "801", "802"}
"""TRF-2026 team records hakem derives itself or does not use: kept as written."""
_GAPS = ((4, "record code"), (9, "pairing number"), (14, "title"), (48, "name"), (53, "rating"),
         (57, "federation"), (69, "FIDE number"), (80, "birth date"), (85, "points"),
         (90, "rank"), (91, "rank"))


def _field_names() -> dict[str, str]:
    return {"record code": _("record code"), "pairing number": _("pairing number"),
            "title": _("title"), "name": _("name"), "rating": _("rating"),
            "federation": _("federation"), "FIDE number": _("FIDE number"),
            "birth date": _("birth date"), "points": _("points"), "rank": _("rank")}


def _read_player(doc: TrfDocument, lineno: int, line: str) -> None:
    """A ``001`` record.  A bad pairing number drops the line; any other bad field is reported
    and the rest of the line is still read, so that one typo gives one problem."""
    try:
        pno = pairing_number_field(line)
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return

    def field(read: Callable[[], Any], default: Any) -> Any:
        try:
            return read()
        except FieldError as error:
            doc.problem(lineno, error.column, error.message)
            return default

    names = _field_names()
    for column, name in _GAPS:
        if column <= len(line) and field(partial(blank_gap, line, column, names[name]), False) is False:
            break
    if len(line.rstrip()) < 84:
        doc.problem(lineno, len(line.rstrip()) + 1, _(
            'record 001 is cut short at column {column}: it must reach the points (columns 81-84)').format(
            column=len(line.rstrip()) + 1))
    rating = field(lambda: number_at(line, 49, 52, _("rating")), 0)
    raw_points = col(line, 81, 84).strip()
    declared = field(lambda: points_value(raw_points, 81, _("points")), None) if raw_points else None
    if not raw_points and len(line.rstrip()) >= 84:
        doc.problem(lineno, 81, _('points are missing (columns 81-84)'))
    field(lambda: number_at(line, 86, 89, _("rank")), 0)
    sex = col(line, 10, 10).strip().lower()
    if sex not in ("", "m", "w"):
        doc.warning(lineno, 10, _("sex {raw!r} is not m or w").format(raw=sex))
    cells = _read_cells(doc, lineno, line)
    player = Player(pno=pno, name=_name(doc, lineno, col(line, 15, 47), 15), rating=rating,
                    title=col(line, 11, 13).strip().upper(), federation=col(line, 54, 56).strip(),
                    fide_id=col(line, 58, 68).strip(), birth=_birth(doc, lineno, line), sex=sex)
    doc.players.append(PlayerLine(lineno, player, declared, cells))


def _name(doc: TrfDocument, lineno: int, raw: str, column: int) -> str:
    """A name field as every way in accepts a name (:func:`core.fields.name`: no invisible
    characters, NFC); a refusal is a problem of this line and column, so the import's one line
    names the file and the line (it named only "player 6")."""
    from core.fields import FieldError as NameRefused, name

    try:
        return name(raw)
    except NameRefused as error:
        doc.problem(lineno, column, str(error))
        return raw.strip()


def _birth(doc: TrfDocument, lineno: int, line: str) -> str:
    """``YYYY/MM/DD`` → ISO; ``YYYY/00/00`` or a bare year → ``YYYY``; anything else is kept
    as written, with a warning."""
    raw = col(line, 70, 79).strip()
    if not raw:
        return ""
    iso = trf_date(raw)
    if iso is not None:
        return iso
    if not (is_number(raw) and len(raw) == 4):
        doc.warning(lineno, 70, _("birth date {raw!r} is not YYYY/MM/DD").format(raw=raw))
    return raw


def pairing_number_field(line: str) -> int:
    """Columns 5–8 of a player record (a fifth digit in column 9 is a number over 9999)."""
    raw = col(line, 5, 8).strip()
    if not raw:
        raise FieldError(5, _('{what} is missing').format(what=_("pairing number")))
    if is_number(raw) and col(line, 9, 9).isdigit() and col(line, 9, 9).isascii():
        raise FieldError(5, _('pairing number {raw!r} does not fit columns 5-8: TRF pairing numbers go up to {max}').format(
            raw=col(line, 5, 9).strip(), max=MAX_PNO))
    return pairing_number(raw, 5)


def _read_cells(doc: TrfDocument, lineno: int, line: str) -> list[Cell]:
    cells: list[Cell] = []
    start, rnd = 92, 1
    while start <= len(line.rstrip()):
        try:
            cells.append(_read_cell(line, start, rnd))
        except FieldError as error:
            doc.problem(lineno, error.column, error.message)
            cells.append(Cell(0, Colour.NONE, None, True))
        start += 10
        rnd += 1
    return cells


def _read_cell(line: str, start: int, rnd: int) -> Cell:
    """Round ``rnd``: opponent at ``start``..+3, colour at +5, result at +7, blanks between."""
    opp_raw, col_raw, res_raw = (col(line, start, start + 3).strip(), col(line, start + 5, start + 5).strip(),
                                 col(line, start + 7, start + 7).strip())
    gap = col(line, start + 4, start + 4)
    if is_number(opp_raw) and gap.isascii() and gap.isdigit():
        raise FieldError(start, _('round {rnd}: opponent {raw!r} does not fit columns {a}-{b}: TRF pairing numbers go up to {max}').format(
            rnd=rnd, raw=col(line, start, start + 4).strip(), a=start, b=start + 3, max=MAX_PNO))
    for offset in (4, 6, 8, 9):
        if col(line, start + offset, start + offset).strip():
            raise FieldError(start + offset, _('round {rnd}: column {column} must be blank (opponent, colour and result belong at columns {a}, {b} and {c})').format(
                rnd=rnd, column=start + offset, a=start, b=start + 5, c=start + 7))
    if not (opp_raw or col_raw or res_raw):
        return Cell(0, Colour.NONE, None, True)
    opp = 0
    if opp_raw and opp_raw != "0000":
        opp = pairing_number(opp_raw, start, _('round {rnd}: opponent').format(rnd=rnd))
    try:
        colour = Colour(col_raw.lower()) if col_raw else Colour.NONE
    except ValueError:
        raise FieldError(start + 5, _('round {rnd}: unknown colour {col_raw!r} (use w, b or -)').format(
            rnd=rnd, col_raw=col_raw)) from None
    code: Code | None = None
    if res_raw:
        try:
            code = Code(res_raw.upper())
        except ValueError:
            raise FieldError(start + 7, _('round {rnd}: unknown result code {res_raw!r}').format(
                rnd=rnd, res_raw=res_raw)) from None
    if opp == 0:
        return _no_opponent(start, rnd, colour, code)
    if code is not None and code.is_bye:
        raise FieldError(start + 7, _('round {rnd}: result {code!r} is a bye, but an opponent is named').format(
            rnd=rnd, code=code.value))
    return Cell(opp, colour, code, False)


def _no_opponent(start: int, rnd: int, colour: Colour, code: Code | None) -> Cell:
    """A round without an opponent: a bye or an absence.  ``+`` is read as the engines read it
    (the player took part in the pairing and got the point: a pairing-allocated bye), ``-``
    and blank as an absence; the written code is kept for writing the file back."""
    if colour is not Colour.NONE:
        raise FieldError(start + 5, _('round {rnd}: a bye or absence has no colour (use -)').format(rnd=rnd))
    if code is None:
        return Cell(0, Colour.NONE, Code.ZERO_BYE, False)
    if code is Code.FORFEIT_WIN:
        return Cell(0, Colour.NONE, Code.PAB, False, "+")
    if code is Code.FORFEIT_LOSS:
        return Cell(0, Colour.NONE, Code.ZERO_BYE, False, "-")
    if not code.is_bye:
        raise FieldError(start + 7, _('round {r}: result {value!r} needs an opponent').format(r=rnd, value=code.value))
    return Cell(0, Colour.NONE, code, False)


def _read_comment(doc: TrfDocument, lineno: int, line: str) -> None:
    if line.startswith(RECORD_COMMENT):  # a TRF-2026 record a TRF16 file carries
        record = line[len(RECORD_COMMENT):]
        if record.startswith("###") or record[:3] == "001":
            doc.problem(lineno, len(RECORD_COMMENT) + 1, _("malformed '### hakem record' comment"))
        else:
            _read_line(doc, lineno, record)
        return
    if read_player_comment(doc, lineno, line):
        return
    if line.startswith("### hakem boards "):
        _read_board_order(doc, lineno, line)
    elif line.startswith(MATCH_COMMENT):
        recorded = read_match_comment(line)
        if recorded is None:
            doc.problem(lineno, 1, _("malformed '### hakem matches' comment"))
        else:
            doc.match_orders[recorded[0]] = recorded[1]
    elif line.startswith(SYSTEM_COMMENT):
        doc.system_comment = line[len(SYSTEM_COMMENT):].strip()
    elif line.startswith(TIMES_COMMENT):
        for part in line[len(TIMES_COMMENT):].split():
            rnd, _sep, clock = part.partition("=")
            if is_number(rnd) and re.fullmatch(r"[0-9]{2}:[0-9]{2}", clock):
                doc.round_times[int(rnd)] = clock
            else:
                doc.problem(lineno, 1, _("malformed '### hakem times' comment"))


def _read_line(doc: TrfDocument, lineno: int, line: str) -> None:
    if not line.strip():
        return
    if line.startswith("###"):
        _read_comment(doc, lineno, line)
        return
    bad = control_character(line)
    if bad is not None:
        doc.problem(lineno, bad, _('control character {value} (TRF lines hold printable text, columns are spaces)').format(
            value=f"U+{ord(line[bad - 1]):04X}"))
        return
    code = line[:3]
    if code == "001":
        _read_player(doc, lineno, line)
    elif code == "112":
        doc.deputies.append(line[4:].strip())
    elif code in READERS:
        READERS[code](doc, lineno, line)
    elif code in _HEADER_CODES:
        doc.headers[code] = line[4:].rstrip()
    elif code in ("310", "013"):
        _read_team(doc, lineno, line)
    elif code == "320":  # a team event's byes (read with the teams, _read_team_byes); else kept
        doc.bye_record = (lineno, line.rstrip())
        doc.extra_lines.append(line.rstrip())
    elif code in _KEPT_LINES:
        doc.extra_lines.append(line.rstrip())
    elif RULER.fullmatch(line.rstrip()):
        doc.warning(lineno, 1, _("column ruler skipped"))
    elif NRS.fullmatch(line.rstrip()):
        read_nrs(doc, lineno, line)
    elif code.isascii() and code.isalpha():
        doc.extra_lines.append(line.rstrip())
        doc.warning(lineno, 1, _('unknown record {code!r} kept as written').format(code=code))
    else:
        doc.problem(lineno, 1, _('unknown record code {code!r}').format(code=code))


def _read_team(doc: TrfDocument, lineno: int, line: str) -> None:
    team, problems = read_team_line(line, len(doc.teams) + 1)
    for column, message in problems:
        doc.problem(lineno, column, message)
    if team is None:
        return
    if team.id in doc.team_lines:
        doc.problem(lineno, 5, _('team number {id} is used twice (also on line {line})').format(
            id=team.id, line=doc.team_lines[team.id]))
        return
    doc.team_lines[team.id] = lineno
    doc.teams.append(team)


def _check_teams(doc: TrfDocument, pnos: set[int]) -> None:
    """Every team member must be a player of the file, and in one team only."""
    owner: dict[int, int] = {}
    for team in doc.teams:
        line = doc.team_lines[team.id]
        for pno in team.members:
            if pno not in pnos:
                doc.problem(line, None, _('team {team}: player {pno} is not in this file').format(
                    team=team.name, pno=pno))
            elif pno in owner:
                doc.problem(line, None, _('player {pno} is in two teams ({team} and {team2})').format(
                    pno=pno, team=team.name, team2=next(x.name for x in doc.teams if x.id == owner[pno])))
            else:
                owner[pno] = team.id


def _with_matches(doc: TrfDocument, rnd: Round) -> Round:
    """The round's team matches: as recorded by hakem if the comment fits, else derived."""
    if not doc.teams:
        return rnd
    recorded = doc.match_orders.get(rnd.number)
    if recorded is not None:
        ids = {team.id for team in doc.teams}
        indices = sorted(i for m in recorded for i in m.boards)
        if (all(m.home in ids and (m.away in ids or m.bye) for m in recorded)
                and indices == sorted(set(indices)) and all(0 <= i < len(rnd.boards) for i in indices)):
            return Round(rnd.number, rnd.boards, rnd.byes, rnd.manual, recorded)
    return Round(rnd.number, rnd.boards, rnd.byes, rnd.manual,
                 with_byes(derive_matches(rnd, doc.teams), doc.team_byes.get(rnd.number)))


def _read_board_order(doc: TrfDocument, lineno: int, line: str) -> None:
    parts = line.split()
    try:
        rnd = int(parts[3])
        doc.board_orders[rnd] = [tuple(int(x) for x in p.split("-")) for p in parts[4:]]  # type: ignore[misc]  # a board order is `white-black`: two numbers, the tuple is typed `tuple[int, ...]`
    except (ValueError, IndexError):
        doc.problem(lineno, 1, _("malformed '### hakem boards' comment"))


def read_trf(text: str) -> TrfDocument:
    """Read a whole TRF text; never raises for content problems (see ``doc.problems``)."""
    doc = TrfDocument()
    if text.startswith("\ufeff"):
        text = text[1:]
    for lineno, line in enumerate(split_lines(text), start=1):
        _read_line(doc, lineno, line)
    if not doc.players and not any("001" in p.message for p in doc.problems):
        doc.problem(1, None, _('no player records (001) found'))
    return doc


def _played_rounds(doc: TrfDocument) -> int:
    """Rounds with a game or a pairing-allocated bye; later columns hold only requested byes
    and absences for the round to be paired (the input the engines take)."""
    played = max((len(pl.cells) for pl in doc.players), default=0)
    while played > 0 and all(
            len(pl.cells) < played or pl.cells[played - 1].blank
            or (pl.cells[played - 1].opponent == 0
                and pl.cells[played - 1].code in (Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE))
            for pl in doc.players):
        played -= 1
    return played


def _rounds_from_cells(doc: TrfDocument, by_pno: dict[int, PlayerLine],
                       played: int) -> tuple[list[Round], list[RequestedBye]]:
    requested: list[RequestedBye] = []
    n_rounds = max((len(pl.cells) for pl in doc.players), default=0)
    for r in range(played + 1, n_rounds + 1):
        for pl in doc.players:
            code = pl.cells[r - 1].code if len(pl.cells) >= r and not pl.cells[r - 1].blank else None
            if code is not None:
                requested.append(RequestedBye(pl.player.pno, r, ByeKind(code.value)))
    rounds: list[Round] = []
    for r in range(1, played + 1):
        boards: list[Board] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for pl in sorted(doc.players, key=lambda p: p.player.pno):
            pno = pl.player.pno
            if pno in done or len(pl.cells) < r or pl.cells[r - 1].blank:
                continue
            cell = pl.cells[r - 1]
            if cell.opponent == 0:
                assert cell.code is not None
                byes.append(Bye(pno, ByeKind(cell.code.value), cell.trf_code))
                done.add(pno)
                continue
            board = _board(doc, pl, by_pno, r)
            if board is not None:
                boards.append(board)
                done.update((board.white, board.black))
        pabs = [b for b in byes if b.kind is ByeKind.PAB]
        if len(pabs) > 1:
            doc.problem(by_pno[pabs[1].pno].line, 92 + 10 * (r - 1) + 7,
                        _('round {r}: more than one pairing-allocated bye ({value})').format(r=r, value=', '.join(str(b.pno) for b in pabs)))
        # the engines' order: the pairing-allocated bye first, then the others by number
        byes.sort(key=lambda y: (y.kind is not ByeKind.PAB, y.pno))
        rounds.append(Round(r, tuple(boards), tuple(byes)))
    return rounds, requested


def _board(doc: TrfDocument, pl: PlayerLine, by_pno: dict[int, PlayerLine], r: int) -> Board | None:
    """The game of ``pl`` in round ``r``, checked against the opponent's entry."""
    pno, cell = pl.player.pno, pl.cells[r - 1]
    opp, colour, code = cell.opponent, cell.colour, cell.code
    column = 92 + 10 * (r - 1)
    other = by_pno.get(opp)
    if other is None:
        doc.problem(pl.line, column, _('round {r}: opponent {opp} is not a player in this file').format(r=r, opp=opp))
        return None
    if opp == pno:
        doc.problem(pl.line, column, _('round {r}: player {pno} is paired with himself').format(r=r, pno=pno))
        return None
    if len(other.cells) < r or other.cells[r - 1].opponent != pno:
        doc.problem(pl.line, column, _('round {r}: player {pno} names {opp} as opponent, but {opp} does not name {pno}').format(r=r, pno=pno, opp=opp))
        return None
    ocolour, ocode = other.cells[r - 1].colour, other.cells[r - 1].code
    wcol: Colour
    bcol: Colour
    if colour == Colour.WHITE or (colour == Colour.NONE and ocolour == Colour.BLACK):
        white, black, wcode, bcode, wcol, bcol = pno, opp, code, ocode, colour, ocolour
    elif colour == Colour.BLACK or ocolour == Colour.WHITE:
        white, black, wcode, bcode, wcol, bcol = opp, pno, ocode, code, ocolour, colour
    else:
        white, black, wcode, bcode, wcol, bcol = pno, opp, code, ocode, colour, ocolour
    if wcol == bcol and wcol != Colour.NONE:
        doc.problem(pl.line, column + 5, _('round {r}: players {pno} and {opp} both have colour {value!r}').format(r=r, pno=pno, opp=opp, value=wcol.value))
        return None
    if wcode is None and bcode is None:
        return Board(white, black, None)
    if wcode is None or bcode is None:
        doc.problem(pl.line, column + 7, _('round {r}: the game {pno}–{opp} has a result for only one player').format(r=r, pno=pno, opp=opp))
        return None
    try:
        result, unrated = result_from_codes(wcode, bcode)
    except ValueError as error:
        doc.problem(pl.line, column + 7, _('round {r}: {error}').format(r=r, error=error))
        return None
    if result.played and (wcol == Colour.NONE or bcol == Colour.NONE):
        doc.problem(pl.line, column + 5, _('round {r}: played game {pno}–{opp} needs colours').format(r=r, pno=pno, opp=opp))
        return None
    colourless = not result.played and wcol == Colour.NONE and bcol == Colour.NONE
    return Board(white, black, result, unrated, colourless=colourless)


def to_tournament(doc: TrfDocument, tournament_id: str = "") -> Tournament:
    """Build a :class:`Tournament` from a read document; raises :class:`TrfError` listing every
    problem (with line and column) if anything is wrong."""
    by_pno: dict[int, PlayerLine] = {}
    for pl in doc.players:
        if pl.player.pno in by_pno:
            doc.problem(pl.line, 5, _('pairing number {pno} is used twice (also on line {line})').format(pno=pl.player.pno, line=by_pno[pl.player.pno].line))
        else:
            by_pno[pl.player.pno] = pl
    played = _played_rounds(doc)
    rounds, requested = _rounds_from_cells(doc, by_pno, played)
    players = tuple(sorted((_with_club(doc, _with_national(doc, pl.player)) for pl in by_pno.values()),
                           key=lambda p: p.pno))
    known = set(by_pno)
    _check_national(doc, known)
    check_clubs(doc, known)
    if doc.total_rounds is not None and doc.total_rounds < played:
        doc.problem(doc.total_rounds_line, 5, _('the file holds {played} rounds, but the number of rounds is {total}').format(
            played=played, total=doc.total_rounds))
    requested_all = _requested(doc, requested, known, rounds, played)
    total = doc.total_rounds or max(played, max((rb.round for rb in requested_all), default=0))
    forbidden, ranges = _forbidden(doc, known, total)
    draft = Tournament(id=tournament_id, name=doc.headers.get("012", "").strip(), players=players,
                       points=_event_points(doc), total_rounds=total, adjustments=_adjustments(doc, known, total))
    ordered = _ordered_rounds(doc, draft, rounds)
    _check_teams(doc, known)
    _read_team_byes(doc)
    ordered = [_with_matches(doc, rnd) for rnd in ordered]
    draft = draft.with_changes(rounds=tuple(ordered), teams=tuple(doc.teams),
                               team_adjustments=_team_adjustments(doc, total))
    _check_points(doc, draft, requested_all, played)
    _check_virtual_points(doc, known, total)
    if doc.problems:
        raise TrfError(doc.problems, _('the TRF file has problems'))
    system, acceleration, options = _type_and_options(doc)
    options.update(_bye_options(doc, draft.with_changes(options=options)))
    read = draft.with_changes(
        system=system, acceleration=acceleration,
        place=doc.headers.get("022", "").strip(),
        federation=doc.headers.get("032", "").strip(),
        start_date=_iso_date(doc.headers.get("042", "")),
        end_date=_iso_date(doc.headers.get("052", "")),
        chief_arbiter=doc.headers.get("102", "").strip(),
        deputy_arbiters=tuple(doc.deputies),
        time_control=doc.headers.get("122", "").strip(),
        time_control_code=doc.time_control_code,
        round_dates=_per_round(doc.round_dates),
        round_times=_per_round(doc.round_times),
        initial_colour=doc.initial_colour,
        tiebreaks=_tiebreaks(doc),
        requested_byes=tuple(sorted(requested_all, key=lambda b: (b.round, b.pno))),
        forbidden=forbidden, forbidden_ranges=ranges,
        options=options,
    )
    read = _without_default_list(read)
    refused = [text for rnd in read.rounds for k, b in enumerate(rnd.boards, start=1)
               if (text := half_point_refusal(system, b, rnd.number, k)) is not None]
    if refused:
        raise TrfError([Problem(_("rounds"), text) for text in refused], _('the TRF file has problems'))
    from core.trf.absences import arrivals, withdrawals_from_absences

    if system != "double-swiss":
        return withdrawals_from_absences(arrivals(read))
    from core.trf.matches import fold_matches

    folded, wrong = fold_matches(read)
    if wrong:
        raise TrfError([Problem(_("rounds"), text) for text in wrong], _('the TRF file has problems'))
    return withdrawals_from_absences(arrivals(folded))


def _per_round(values: dict[int, str]) -> tuple[str, ...]:
    last = max(values, default=0)
    return tuple(values.get(r, "") for r in range(1, last + 1))


def _with_national(doc: TrfDocument, player: Player) -> Player:
    """Attach the National Rating Support line of ``player``, if any (the federation code and
    the fields that differ from the ``001`` record go to ``extra["nrs"]``)."""
    from dataclasses import replace

    for _line, pno, rating, national_id, fields in doc.nrs:
        if pno != player.pno:
            continue
        default_fed = (doc.headers.get("032", "").strip() or player.federation or "   ")[:3]
        kept = {k: v for k, v in fields.items()
                if v and not (k == "name" and v == player.name) and not (k == "sex" and v.lower() == player.sex)
                and not (k == "birth" and trf_date(v) == player.birth)
                and not (k == "federation" and v == default_fed)}
        extra = {**dict(player.extra), "nrs": kept} if kept else dict(player.extra)
        return replace(player, national_rating=rating, national_id=national_id, extra=extra)
    return player


def _with_club(doc: TrfDocument, player: Player) -> Player:
    """The club of a ``### hakem club`` comment (TRF has no club field)."""
    from dataclasses import replace

    found = doc.clubs.get(player.pno)
    return replace(player, club=found[1]) if found else player


def _check_national(doc: TrfDocument, known: set[int]) -> None:
    """A National Rating Support line links to the ``001`` record of its pairing number
    (TRF-2026, columns 5-8); one that links to none, or to a player who already has one,
    would be lost on reading, so it is an error naming its line."""
    first: dict[int, int] = {}
    for line, pno, _rating, _national_id, _fields in doc.nrs:
        if pno not in known:
            doc.problem(line, 5, _('national rating line: player {pno} is not in this file').format(pno=pno))
        elif pno in first:
            doc.problem(line, 5, _('national rating line: player {pno} already has one (line {line})').format(
                pno=pno, line=first[pno]))
        else:
            first[pno] = line


def _requested(doc: TrfDocument, requested: list[RequestedBye], known: set[int],
               rounds: list[Round], played: int) -> list[RequestedBye]:
    """Requested byes of the 001 columns, record 240 and XXZ (absent in the round to pair)."""
    out = list(requested)
    for line, rb in doc.byes_240:
        if rb.pno not in known:
            doc.problem(line, 11, _('record 240: player {pno} is not in this file').format(pno=rb.pno))
        elif rb.round <= played:
            rnd = rounds[rb.round - 1]
            if Bye(rb.pno, rb.kind) not in [Bye(b.pno, b.kind) for b in rnd.byes]:
                doc.warning(line, 11, _('record 240: player {pno} has no such bye in round {r}; the player record is used').format(
                    pno=rb.pno, r=rb.round))
        elif _beyond_event(doc, rb.round):
            doc.problem(line, 7, _('record 240: round {r} is beyond the event\'s {total} rounds').format(
                r=rb.round, total=doc.total_rounds))
        elif not any(x.pno == rb.pno and x.round == rb.round for x in out):
            out.append(rb)
    for line, column, pno in doc.absent:
        if pno not in known:
            doc.problem(line, column, _('XXZ: player {pno} is not in this file').format(pno=pno))
        elif _beyond_event(doc, played + 1):
            doc.problem(line, column, _('XXZ: player {pno} is absent in round {r}, but the event has {total} rounds').format(
                pno=pno, r=played + 1, total=doc.total_rounds))
        elif not any(x.pno == pno and x.round == played + 1 for x in out):
            out.append(RequestedBye(pno, played + 1, ByeKind.ZERO))
    return out


def _beyond_event(doc: TrfDocument, rnd: int) -> bool:
    """Whether ``rnd`` lies after the last round the file declares (142/XXR): a bye requested
    for it would invent a round the event does not have."""
    return doc.total_rounds is not None and rnd > doc.total_rounds


def _forbidden(doc: TrfDocument, known: set[int], total: int
               ) -> tuple[tuple[tuple[int, ...], ...], tuple[ForbiddenRange, ...]]:
    groups: list[tuple[int, ...]] = []
    ranges: list[ForbiddenRange] = []
    for line, first, last, ids in doc.forbidden:
        for pno in ids:
            if pno not in known:
                doc.problem(line, None, _('forbidden pairs: player {pno} is not in this file').format(pno=pno))
        if last is None or (first <= 1 and last >= total):
            groups.append(ids)
        else:
            ranges.append(ForbiddenRange(first, last, ids))
    return tuple(groups), tuple(ranges)


def _ordered_rounds(doc: TrfDocument, draft: Tournament, rounds: list[Round]) -> list[Round]:
    """Boards in the canonical order unless the file records another one."""
    ordered: list[Round] = []
    before = running_scores(draft.with_changes(rounds=tuple(rounds)))  # scores ignore board order
    for index, rnd in enumerate(rounds):
        boards = canonical_board_order(before[index], list(rnd.boards))
        recorded = doc.board_orders.get(rnd.number)
        if recorded:
            lookup = {(b.white, b.black): b for b in boards}
            if set(lookup) == set(recorded):
                boards = [lookup[wb] for wb in recorded]
        ordered.append(Round(rnd.number, tuple(boards), rnd.byes))
    return ordered


def _adjustments(doc: TrfDocument, known: set[int], total: int) -> tuple[PointAdjustment, ...]:
    """The ``299`` records of an individual event as point adjustments (a team event's are
    read by :func:`_team_adjustments`)."""
    if doc.teams:
        return ()
    out = []
    for record in doc.adjustments:
        adj = record.adjustment
        if record.match_points:
            doc.problem(record.line, 8, _('record 299: match points (columns 8-11) are for team events'))
        _check_adjustment(doc, record, known, total, _('record 299: player {pno} is not in this file'))
        out.append(adj)
    return tuple(out)


def _team_adjustments(doc: TrfDocument, total: int) -> tuple[TeamAdjustment, ...]:
    """A team event's ``299`` records: the numbers are team pairing numbers (records 310/013),
    columns 8-11 the match points and 14-17 the game points."""
    if not doc.teams:
        return ()
    out = []
    for record in doc.adjustments:
        _check_adjustment(doc, record, {team.id for team in doc.teams}, total,
                          _('record 299: team {pno} is not in this file'))
        adj = record.adjustment
        out.append(TeamAdjustment(adj.players, record.match_points, adj.points, adj.round, adj.kind))
    return tuple(out)


def _check_adjustment(doc: TrfDocument, record: Record299, known: set[int], total: int, unknown: str) -> None:
    """The round within the event and every number known (``unknown`` names a number that is
    not: a player's or a team's)."""
    adj = record.adjustment
    if adj.round > total:
        doc.problem(record.line, 20, _('record 299: round {r}, but the tournament has {total} rounds').format(
            r=adj.round, total=total))
    for column, number in zip(record.columns, adj.players):
        if number not in known:
            doc.problem(record.line, column, unknown.format(pno=number))


def _check_virtual_points(doc: TrfDocument, known: set[int], total: int) -> None:
    for pno, by_round in doc.virtual_points.items():
        if pno not in known:
            doc.problems.append(Problem(_("acceleration"), _('player {pno} is not in this file').format(pno=pno)))
        elif by_round and max(by_round) > total:
            doc.problems.append(Problem(_("acceleration"), _('player {pno} has acceleration for round {r}, but the tournament has {total} rounds').format(
                pno=pno, r=max(by_round), total=total)))


def _read_team_byes(doc: TrfDocument) -> None:
    """Record 320 of a team event: the team with the pairing-allocated bye in each round
    (the matches get it) and its points; in a file without teams it stays as written."""
    if doc.bye_record is None or not doc.teams:
        return
    lineno, line = doc.bye_record
    doc.extra_lines.remove(line)
    byes = read_bye_line(line)
    if byes is None:
        doc.problem(lineno, 5, _("record 320 needs the bye's match and game points, then a team number per round"))
        return
    ids = {team.id for team in doc.teams}
    for rnd, team in byes[2].items():
        if team not in ids:
            doc.problem(lineno, 11 + 4 * rnd, _("record 320, round {round}: there is no team {team}").format(
                round=rnd, team=team))
    doc.team_bye_points, doc.team_byes = (byes[0], byes[1]), byes[2]


def _bye_options(doc: TrfDocument, draft: Tournament) -> dict[str, object]:
    """Record 320's points of the team bye, where they differ from a drawn match's."""
    if doc.team_bye_points is None:
        return {}
    from core.teams.scoring import bye_points

    mp, gp = doc.team_bye_points
    default_mp, default_gp = bye_points(draft)
    out: dict[str, object] = {}
    if mp != default_mp:
        out["pab_match_points"] = str(mp)
    if gp != default_gp:
        out["pab_game_points"] = str(gp)
    return out


def _type_and_options(doc: TrfDocument) -> tuple[str, str | None, dict[str, object]]:
    """System and acceleration (from ``### hakem system``, else 192) and the options that
    keep what hakem does not model, so the file is written back as it came."""
    from core.pairing.registry import SYSTEMS

    options: dict[str, object] = {}
    ttype = doc.tournament_type
    system = ttype.system if ttype is not None and ttype.system else "dutch"
    acceleration = "baku" if ttype is not None and ttype.baku else None
    comment = doc.system_comment.split()
    if comment and comment[0] in SYSTEMS:
        system = comment[0]
        acceleration = "baku" if "baku" in comment[1:] or acceleration else None
    if ttype is not None and ttype.options and system == ttype.system:
        options.update(dict(ttype.options))
    if ttype is not None and ttype.round_robin and system not in _ROUND_ROBINS:
        options["round_robin"] = True
    accelerated = {str(pno): {str(r): str(v) for r, v in sorted(rounds.items()) if v}
                   for pno, rounds in sorted(doc.virtual_points.items()) if any(rounds.values())}
    if accelerated:  # zero points everywhere is no acceleration
        options["virtual_points"] = accelerated
    if doc.extra_lines:
        options["trf_extra"] = list(doc.extra_lines)
    if "092" in doc.headers:
        options["trf_type"] = doc.headers["092"].strip()
    kept = {code: value.strip() for code, value in doc.headers.items() if code in _KEPT_HEADERS and value.strip()}
    # only what the writer would not produce by itself from the model
    if kept.get("192") == type_code(system, acceleration, options)[0]:
        del kept["192"]
    listed = ",".join(_tiebreaks(doc, quiet=True))
    if "212" in kept and kept["212"] == "PTS," + listed and kept.get("202", listed) == listed:
        del kept["212"]  # the standings definition the writer produces from 202
    if "202" in kept and kept["202"] == listed and "212" not in kept:
        del kept["202"]  # (kept beside a 212: the writer keeps 212 while 202 still holds)
    if "172" in kept and kept["172"] == _written_172(doc):
        del kept["172"]
    if "082" in kept and doc.teams:
        del kept["082"]
    if kept:
        options["trf_headers"] = kept
    return system, acceleration, options


_ROUND_ROBINS = ("berger", "double-berger", "rutsch", "reisepartner", "scheveningen", "skalitzka")


def _written_172(doc: TrfDocument) -> str | None:
    """The record 172 the writer produces by itself: beside the NRS lines it will write (one
    per national record whose federation is known from the line, 032 or the player)."""
    event = doc.headers.get("032", "").strip()
    federation = {pl.player.pno: pl.player.federation for pl in doc.players}
    codes = [code for _l, pno, _r, _i, fields in doc.nrs
             if (code := (fields.get("federation") or event or federation.get(pno, ""))[:3].strip())]
    return ranking_172(event, codes) if codes else None


def _without_default_list(t: Tournament) -> Tournament:
    """A 202 list that is the one the event's standings use by default is read as no list of
    its own: the writer writes the default list out (records 202/212), and reading it back
    must give the same event."""
    if not t.tiebreaks or t.teams:
        return t
    from core.tiebreaks.presets import default_codes
    from core.tiebreaks.context import build_context

    bare = t.with_changes(tiebreaks=())
    return bare if default_codes(bare, build_context(bare), False) == tuple(t.tiebreaks) else t


def _tiebreaks(doc: TrfDocument, quiet: bool = False) -> tuple[str, ...]:
    """Record 202 (else 212 without ``PTS``): the codes hakem knows, in their order."""
    from core.tiebreaks.codes import split_known_codes

    line = doc.headers.get("202") or doc.headers.get("212") or ""
    known, unknown = split_known_codes(line)
    if unknown and not quiet:
        doc.warnings.append(Problem(_("record 202"), _('unknown tie-break codes kept as written: {codes}').format(
            codes=", ".join(unknown))))
    return known


def _event_points(doc: TrfDocument) -> PointSystem:
    """The file's point system; in a Double-Swiss file the requested byes are worth a match
    (C.04.5 Preface), whatever one game's value record 162 gives, so that the points column
    is checked against what the event will count."""
    if _type_and_options(doc)[0] != "double-swiss":
        return doc.points
    from core.pairing.doubleswiss.state import match_points

    return match_points(doc.points, explicit_pab=True)


def _check_points(doc: TrfDocument, t: Tournament, requested: list[RequestedBye], played: int) -> None:
    """The points column must equal the results plus the point adjustments (record 299),
    allowing what the engines allow: the points of the requested byes of the round to be
    paired and the acceleration of that round."""
    computed = scores(t)
    extra: dict[int, Fraction] = {}
    for rb in requested:
        extra[rb.pno] = extra.get(rb.pno, Fraction(0)) + t.points.for_code(rb.kind.code)
    seen: set[int] = set()
    for pl in doc.players:
        pno = pl.player.pno
        if pl.declared_points is None or pno in seen:
            continue
        seen.add(pno)
        mine = computed.get(pno, Fraction(0))
        accel = doc.virtual_points.get(pno, {}).get(played + 1, Fraction(0))
        allowed = {mine + e + a for e in (Fraction(0), extra.get(pno, Fraction(0))) for a in (Fraction(0), accel)}
        if pl.declared_points not in allowed:
            doc.problem(pl.line, 81, _('player {pno} has {value} points but the results add up to {value2}').format(pno=pno, value=format_points(pl.declared_points), value2=format_points(mine)))


def _iso_date(raw: str) -> str:
    iso = trf_date(raw)
    return iso if iso is not None else raw.strip()


def read_tournament(text: str, tournament_id: str = "", source: str = "") -> tuple[Tournament, list[Problem]]:
    """Read TRF text into a :class:`Tournament` and the warnings (lines kept or skipped);
    raises :class:`TrfError` with every problem, naming ``source`` on each line if given."""
    doc = read_trf(text)
    try:
        t = to_tournament(doc, tournament_id)
    except TrfError as error:
        # the first problems found while reading lines come first, then round-level ones; the
        # problems of the whole event (a Double-Swiss file's columns that are no matches, a
        # score the event's game cannot have) are the error's own, raised after the lines
        problems = list(doc.problems) + [p for p in error.problems if p not in doc.problems]
        raise TrfError(problems, _('the TRF file has problems'), source) from None
    return t, doc.warnings


def parse_tournament(text: str, tournament_id: str = "", source: str = "") -> Tournament:
    """Read TRF text into a :class:`Tournament`; raises :class:`TrfError` with every problem."""
    return read_tournament(text, tournament_id, source)[0]


def codes_from_trf(trf_text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The tie-break list of a TRF file's record 212 (or 202), split as :func:`split_known_codes`.

    Why from the text: the reader keeps these records in its document headers only."""
    from core.tiebreaks.codes import split_known_codes

    headers = read_trf(trf_text).headers
    line = headers.get("212") or headers.get("202") or ""
    return split_known_codes(line)

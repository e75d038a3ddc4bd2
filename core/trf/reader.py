"""Read TRF16 / TRF-2026 files (and the JaVaFo/bbpPairings extensions) leniently.

Why lenient: files arrive from other programs, e-mail and hand edits.  Reading never stops at
the first problem; it collects every problem with its line and column, and the caller decides
(:func:`parse_tournament` raises one :class:`~core.errors.TrfError` listing all of them).

The ``001`` record is column-based (C.04 Annex 2); we read it by columns, tolerating short
lines and trailing blanks.  Rounds are rebuilt from the per-player cells: every game must be
mutual (both players name each other, opposite colours, matching results).
"""

from __future__ import annotations

from core.i18n import _

import re
from dataclasses import dataclass, field
from fractions import Fraction

from core.errors import Problem, TrfError
from core.model import (
    Board, Bye, ByeKind, Code, Colour, Player, PointSystem, RequestedBye, Round, Team, Tournament,
    points, result_from_codes,
)
from core.trf.boards import canonical_board_order
from core.trf.teams import MATCH_COMMENT, derive_matches, read_match_comment, read_team_line


@dataclass
class PlayerLine:
    """One ``001`` record as read, before rounds are rebuilt."""

    line: int
    player: Player
    declared_points: Fraction | None
    cells: list[tuple[int, Colour, Code | None, bool]]
    """Per round: (opponent pno or 0, colour, code or None, cell_is_blank)."""


@dataclass
class TrfDocument:
    """Everything read from a TRF file plus the problems found; see :func:`read_trf`."""

    headers: dict[str, str] = field(default_factory=dict)
    deputies: list[str] = field(default_factory=list)
    players: list[PlayerLine] = field(default_factory=list)
    total_rounds: int | None = None
    initial_colour: Colour | None = None
    points: PointSystem = field(default_factory=PointSystem)
    forbidden: list[tuple[int, ...]] = field(default_factory=list)
    virtual_points: dict[str, dict[str, str]] = field(default_factory=dict)
    byes_240: list[RequestedBye] = field(default_factory=list)
    board_orders: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    teams: list[Team] = field(default_factory=list)
    team_lines: dict[int, int] = field(default_factory=dict)
    """Team id → the line its record is on (for problems found later)."""
    match_orders: dict[int, tuple] = field(default_factory=dict)
    """Round → the team matches recorded in a ``### hakem matches`` comment."""
    extra_lines: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def problem(self, line: int, column: int | None, message: str) -> None:
        where = f"line {line}" + (f", column {column}" if column else "")
        self.problems.append(Problem(where, message))


def split_lines(text: str) -> list[str]:
    """Split on LF, CRLF or bare CR (bbpPairings writes bare CR)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


_HEADER_CODES = {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112",
                 "122", "132", "172", "182", "192", "202", "212", "222"}
_KEPT_HEADERS = {"082", "132", "172", "182", "192", "202", "212", "222"}
"""Header records hakem does not model but must write back unchanged (round dates, TRF26 codes)."""
_BB = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss",
       "BBU": "pab"}


def _col(line: str, start: int, end: int) -> str:
    """1-based inclusive columns, tolerant of short lines."""
    return line[start - 1:end]


def _int_field(doc: TrfDocument, lineno: int, line: str, start: int, end: int, what: str,
               required: bool = False) -> int:
    raw = _col(line, start, end).strip()
    if not raw:
        if required:
            doc.problem(lineno, start, _('{what} is missing').format(what=what))
        return 0
    if not raw.isdigit():
        doc.problem(lineno, start, _('{what} {raw!r} is not a whole number').format(what=what, raw=raw))
        return 0
    return int(raw)


def _read_player(doc: TrfDocument, lineno: int, line: str) -> None:
    pno = _int_field(doc, lineno, line, 5, 8, "pairing number", required=True)
    if pno == 0:
        return
    sex = _col(line, 10, 10).strip().lower()
    title = _col(line, 11, 13).strip().upper()
    name = _col(line, 15, 47).strip()
    rating = _int_field(doc, lineno, line, 49, 52, "rating")
    fed = _col(line, 54, 56).strip()
    fide_id = _col(line, 58, 68).strip()
    birth = _col(line, 70, 79).strip()
    raw_points = _col(line, 81, 84).strip()
    declared: Fraction | None = None
    if raw_points:
        try:
            declared = points(raw_points)
        except (ValueError, ZeroDivisionError):
            doc.problem(lineno, 81, _('points {raw_points!r} are not a number').format(raw_points=raw_points))
    cells: list[tuple[int, Colour, Code | None, bool]] = []
    start = 92
    rnd = 1
    while start <= len(line.rstrip()):
        cell = line[start - 1:start + 7]
        opp_raw, col_raw, res_raw = cell[0:4].strip(), cell[5:6].strip(), cell[7:8].strip()
        if not (opp_raw or col_raw or res_raw):
            cells.append((0, Colour.NONE, None, True))
        else:
            opp = 0
            if opp_raw:
                if opp_raw.isdigit():
                    opp = int(opp_raw)
                else:
                    doc.problem(lineno, start, _('round {rnd}: opponent {opp_raw!r} is not a pairing number').format(rnd=rnd, opp_raw=opp_raw))
            colour = Colour.NONE
            if col_raw:
                try:
                    colour = Colour(col_raw.lower())
                except ValueError:
                    doc.problem(lineno, start + 5, _('round {rnd}: unknown colour {col_raw!r} (use w, b or -)').format(rnd=rnd, col_raw=col_raw))
            code: Code | None = None
            if res_raw:
                try:
                    code = Code(res_raw.upper() if res_raw.isalpha() else res_raw)
                except ValueError:
                    doc.problem(lineno, start + 7, _('round {rnd}: unknown result code {res_raw!r}').format(rnd=rnd, res_raw=res_raw))
            elif opp == 0:
                code = Code.ZERO_BYE
            cells.append((opp, colour, code, False))
        start += 10
        rnd += 1
    player = Player(pno=pno, name=name, rating=rating, title=title, federation=fed,
                    fide_id=fide_id, birth=birth, sex=sex)
    doc.players.append(PlayerLine(lineno, player, declared, cells))


def _read_162(doc: TrfDocument, lineno: int, line: str) -> None:
    values: dict[str, Fraction] = {}
    for m in re.finditer(r"([WDLAPXwdlapx])\s*(\d+(?:[.,]\d+)?)", line[3:]):
        values[m.group(1).upper()] = points(m.group(2))
    if not values:
        doc.problem(lineno, 4, _('record 162 holds no point values'))
        return
    base = PointSystem()
    win = values.get("W", base.win)
    draw = values.get("D", base.draw)
    loss = values.get("L", base.loss)
    absent = values.get("A", base.zero_bye)
    doc.points = PointSystem(win=win, draw=draw, loss=loss, forfeit_win=win, forfeit_loss=absent,
                             pab=values.get("P", win), full_bye=win, half_bye=draw, zero_bye=absent)


def _read_bb(doc: TrfDocument, lineno: int, line: str) -> None:
    raw = line[3:].strip()
    try:
        value = points(raw)
    except (ValueError, ZeroDivisionError):
        doc.problem(lineno, 5, _('{value}: {raw!r} is not a number').format(value=line[:3], raw=raw))
        return
    attr = _BB[line[:3]]
    changes = {attr: value}
    if attr == "win":
        # bbp: the win value also applies to forfeit wins and full-point byes; PAB defaults to it
        changes.update(forfeit_win=value, full_bye=value)
        if doc.points.pab == doc.points.win:
            changes["pab"] = value
    if attr == "draw":
        changes["half_bye"] = value
    from dataclasses import replace as _replace

    doc.points = _replace(doc.points, **changes)


def _read_ids(doc: TrfDocument, lineno: int, text: str, first_col: int) -> list[int]:
    ids = []
    for m in re.finditer(r"\S+", text):
        tok = m.group(0)
        if tok.isdigit():
            ids.append(int(tok))
        else:
            doc.problem(lineno, first_col + m.start(), _('{tok!r} is not a pairing number').format(tok=tok))
    return ids


def _read_line(doc: TrfDocument, lineno: int, line: str) -> None:
    code = line[:3]
    if not line.strip() or code == "###":
        if line.startswith("### hakem boards "):
            _read_board_order(doc, lineno, line)
        elif line.startswith(MATCH_COMMENT):
            recorded = read_match_comment(line)
            if recorded is None:
                doc.problem(lineno, 1, _("malformed '### hakem matches' comment"))
            else:
                doc.match_orders[recorded[0]] = recorded[1]
        return
    if code == "001":
        _read_player(doc, lineno, line)
    elif code == "112":
        doc.deputies.append(line[4:].strip())
    elif code in _HEADER_CODES:
        doc.headers[code] = line[4:].rstrip()
    elif code in ("XXR", "142"):
        raw = line[3:].strip()
        if raw.isdigit():
            doc.total_rounds = int(raw)
        else:
            doc.problem(lineno, 5, _('number of rounds {raw!r} is not a whole number').format(raw=raw))
    elif code == "XXC":
        for tok in line[3:].split():
            if tok.lower() == "white1":
                doc.initial_colour = Colour.WHITE
            elif tok.lower() == "black1":
                doc.initial_colour = Colour.BLACK
            elif tok.lower() != "rank":
                doc.problem(lineno, 5, _('unknown XXC option {tok!r} (use white1, black1 or rank)').format(tok=tok))
    elif code == "152":
        raw = line[3:].strip().upper()
        if raw in ("W", "B"):
            doc.initial_colour = Colour.WHITE if raw == "W" else Colour.BLACK
        else:
            doc.problem(lineno, 5, _('initial colour {raw!r} must be W or B').format(raw=raw))
    elif code == "162":
        _read_162(doc, lineno, line)
    elif code in _BB:
        _read_bb(doc, lineno, line)
    elif code == "XXP":
        ids = _read_ids(doc, lineno, line[3:], 4)
        if len(ids) >= 2:
            doc.forbidden.append(tuple(ids))
    elif code == "260":
        # 260 RR1 RRL id id ... (round range, then the forbidden group)
        ids = _read_ids(doc, lineno, line[3:], 4)
        if len(ids) >= 4:
            doc.forbidden.append(tuple(ids[2:]))
        else:
            doc.problem(lineno, 5, _('record 260 needs a round range and at least two players'))
    elif code == "XXA":
        parts = line[3:].split()
        if parts and parts[0].isdigit():
            doc.virtual_points[str(int(parts[0]))] = {
                str(i + 1): str(points(v)) for i, v in enumerate(parts[1:])}
        else:
            doc.problem(lineno, 5, _('XXA needs a pairing number followed by points per round'))
    elif code == "240":
        kind_raw = _col(line, 5, 5).strip().upper()
        rnd_raw = _col(line, 7, 9).strip()
        if kind_raw not in ("F", "H", "Z") or not rnd_raw.isdigit():
            doc.problem(lineno, 5, _('record 240 needs a bye type F, H or Z and a round number'))
            return
        for pno in _read_ids(doc, lineno, line[10:], 11):
            doc.byes_240.append(RequestedBye(pno, int(rnd_raw), ByeKind(kind_raw)))
    elif code in ("310", "013"):
        _read_team(doc, lineno, line)
    elif code in ("XXS", "XXZ", "250", "172", "182", "202", "212", "299", "300",
                  "320", "330", "352", "362", "801", "802") or line[:3].isalpha():
        doc.extra_lines.append(line.rstrip())
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
        if (all(m.home in ids and m.away in ids for m in recorded)
                and indices == sorted(set(indices)) and all(0 <= i < len(rnd.boards) for i in indices)):
            return Round(rnd.number, rnd.boards, rnd.byes, rnd.manual, recorded)
    return Round(rnd.number, rnd.boards, rnd.byes, rnd.manual, derive_matches(rnd, doc.teams))


def _read_board_order(doc: TrfDocument, lineno: int, line: str) -> None:
    parts = line.split()
    try:
        rnd = int(parts[3])
        doc.board_orders[rnd] = [tuple(int(x) for x in p.split("-")) for p in parts[4:]]  # type: ignore[misc]
    except (ValueError, IndexError):
        doc.problem(lineno, 1, _("malformed '### hakem boards' comment"))


def read_trf(text: str) -> TrfDocument:
    """Read a whole TRF text; never raises for content problems (see ``doc.problems``)."""
    doc = TrfDocument()
    if text.startswith("\ufeff"):
        text = text[1:]
    for lineno, line in enumerate(split_lines(text), start=1):
        _read_line(doc, lineno, line)
    if not doc.players:
        doc.problem(1, None, _('no player records (001) found'))
    return doc


def _rounds_from_cells(doc: TrfDocument, pts: PointSystem) -> tuple[list[Round], list[RequestedBye]]:
    by_pno: dict[int, PlayerLine] = {}
    for pl in doc.players:
        if pl.player.pno in by_pno:
            doc.problem(pl.line, 5, _('pairing number {pno} is used twice (also on line {line})').format(pno=pl.player.pno, line=by_pno[pl.player.pno].line))
        else:
            by_pno[pl.player.pno] = pl
    n_rounds = max((len(pl.cells) for pl in doc.players), default=0)
    # Trailing rounds with no games and no PAB hold requested byes for the rounds to come.
    played_rounds = n_rounds
    while played_rounds > 0 and all(
            (pl.cells[played_rounds - 1][0] == 0 if len(pl.cells) >= played_rounds else True)
            and (len(pl.cells) < played_rounds or pl.cells[played_rounds - 1][2] in (
                Code.HALF_BYE, Code.FULL_BYE, Code.ZERO_BYE, None))
            for pl in doc.players):
        played_rounds -= 1
    requested: list[RequestedBye] = []
    for r in range(played_rounds + 1, n_rounds + 1):
        for pl in doc.players:
            if len(pl.cells) >= r and not pl.cells[r - 1][3]:
                code = pl.cells[r - 1][2]
                if code is not None:
                    requested.append(RequestedBye(pl.player.pno, r, ByeKind(code.value)))
    rounds: list[Round] = []
    for r in range(1, played_rounds + 1):
        boards: list[Board] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for pl in sorted(doc.players, key=lambda p: p.player.pno):
            pno = pl.player.pno
            if pno in done or len(pl.cells) < r:
                continue
            opp, colour, code, blank = pl.cells[r - 1]
            col = 92 + 10 * (r - 1)
            if blank:
                continue
            if opp == 0:
                if code == Code.FORFEIT_WIN:
                    code = Code.FULL_BYE
                elif code == Code.FORFEIT_LOSS:
                    code = Code.ZERO_BYE
                if code is None or not code.is_bye:
                    doc.problem(pl.line, col + 7, _('round {r}: result {value!r} needs an opponent').format(r=r, value=code.value if code else ' '))
                    continue
                byes.append(Bye(pno, ByeKind(code.value)))
                done.add(pno)
                continue
            other = by_pno.get(opp)
            if other is None:
                doc.problem(pl.line, col, _('round {r}: opponent {opp} is not a player in this file').format(r=r, opp=opp))
                continue
            if opp == pno:
                doc.problem(pl.line, col, _('round {r}: player {pno} is paired with himself').format(r=r, pno=pno))
                continue
            if len(other.cells) < r or other.cells[r - 1][0] != pno:
                doc.problem(pl.line, col, _('round {r}: player {pno} names {opp} as opponent, but {opp} does not name {pno}').format(r=r, pno=pno, opp=opp))
                continue
            _opp, ocolour, ocode, _blank = other.cells[r - 1]
            if colour == Colour.WHITE or (colour == Colour.NONE and ocolour == Colour.BLACK):
                white, black, wcode, bcode, wcol, bcol = pno, opp, code, ocode, colour, ocolour
            elif colour == Colour.BLACK or ocolour == Colour.WHITE:
                white, black, wcode, bcode, wcol, bcol = opp, pno, ocode, code, ocolour, colour
            else:
                white, black, wcode, bcode, wcol, bcol = pno, opp, code, ocode, colour, ocolour
            if wcol == bcol and wcol != Colour.NONE:
                doc.problem(pl.line, col + 5, _('round {r}: players {pno} and {opp} both have colour {value!r}').format(r=r, pno=pno, opp=opp, value=wcol.value))
                continue
            if wcode is None and bcode is None:
                boards.append(Board(white, black, None))
            elif wcode is None or bcode is None:
                doc.problem(pl.line, col + 7, _('round {r}: the game {pno}–{opp} has a result for only one player').format(r=r, pno=pno, opp=opp))
                continue
            else:
                try:
                    result, unrated = result_from_codes(wcode, bcode)
                except ValueError as error:
                    doc.problem(pl.line, col + 7, _('round {r}: {error}').format(r=r, error=error))
                    continue
                if result.played and (wcol == Colour.NONE or bcol == Colour.NONE):
                    doc.problem(pl.line, col + 5, _('round {r}: played game {pno}–{opp} needs colours').format(r=r, pno=pno, opp=opp))
                    continue
                boards.append(Board(white, black, result, unrated))
            done.update((pno, opp))
        pabs = [b for b in byes if b.kind is ByeKind.PAB]
        if len(pabs) > 1:
            doc.problem(by_pno[pabs[1].pno].line, 92 + 10 * (r - 1) + 7,
                        _('round {r}: more than one pairing-allocated bye ({value})').format(r=r, value=', '.join((str(b.pno) for b in pabs))))
        rounds.append(Round(r, tuple(boards), tuple(byes)))
    return rounds, requested


def to_tournament(doc: TrfDocument, tournament_id: str = "") -> Tournament:
    """Build a :class:`Tournament` from a read document; raises :class:`TrfError` listing every
    problem (with line and column) if anything is wrong."""
    rounds, requested = _rounds_from_cells(doc, doc.points)
    players = tuple(sorted((pl.player for pl in doc.players), key=lambda p: p.pno))
    seen_pnos = {p.pno for p in players}
    for group in doc.forbidden:
        for pno in group:
            if pno not in seen_pnos:
                doc.problems.append(Problem(_('forbidden pairs'), _('player {pno} is not in this file').format(pno=pno)))
    requested_all = list(requested)
    for rb in doc.byes_240:
        if rb.pno not in seen_pnos:
            doc.problems.append(Problem(_('record 240'), _('player {pno} is not in this file').format(pno=rb.pno)))
        elif not any(x.pno == rb.pno and x.round == rb.round for x in requested_all):
            requested_all.append(rb)
    total = doc.total_rounds or max(len(rounds), max((rb.round for rb in requested_all), default=0))
    draft = Tournament(id=tournament_id, name=doc.headers.get("012", "").strip(), players=players,
                       points=doc.points, total_rounds=total)
    # ordered boards: the canonical order unless the file records another one
    ordered: list[Round] = []
    for rnd in rounds:
        so_far = draft.with_changes(rounds=tuple(ordered))
        boards = canonical_board_order(so_far, list(rnd.boards))
        recorded = doc.board_orders.get(rnd.number)
        if recorded:
            lookup = {(b.white, b.black): b for b in boards}
            if set(lookup) == set(recorded):
                boards = [lookup[wb] for wb in recorded]
        ordered.append(Round(rnd.number, tuple(boards), rnd.byes))
    _check_teams(doc, seen_pnos)
    ordered = [_with_matches(doc, rnd) for rnd in ordered]
    draft = draft.with_changes(rounds=tuple(ordered), teams=tuple(doc.teams))
    _check_points(doc, draft, requested_all)
    if doc.problems:
        raise TrfError(doc.problems, _('the TRF file has problems'))
    options: dict[str, object] = {}
    if doc.virtual_points:
        options["virtual_points"] = doc.virtual_points
    if doc.extra_lines:
        options["trf_extra"] = list(doc.extra_lines)
    if "092" in doc.headers:
        options["trf_type"] = doc.headers["092"].strip()
    kept = {code: value for code, value in doc.headers.items() if code in _KEPT_HEADERS and value.strip()}
    if kept:
        options["trf_headers"] = kept
    return draft.with_changes(
        place=doc.headers.get("022", "").strip(),
        federation=doc.headers.get("032", "").strip(),
        start_date=_iso_date(doc.headers.get("042", "")),
        end_date=_iso_date(doc.headers.get("052", "")),
        chief_arbiter=doc.headers.get("102", "").strip(),
        deputy_arbiters=tuple(doc.deputies),
        time_control=doc.headers.get("122", "").strip(),
        initial_colour=doc.initial_colour,
        requested_byes=tuple(sorted(requested_all, key=lambda b: (b.round, b.pno))),
        forbidden=tuple(doc.forbidden),
        options=options,
    )


def _check_points(doc: TrfDocument, t: Tournament, requested: list[RequestedBye]) -> None:
    """The points column must equal the results (with or without the requested-bye rounds)."""
    from core.model import scores

    computed = scores(t)
    first_line = {}
    for pl in doc.players:
        first_line.setdefault(pl.player.pno, pl.line)
    extra: dict[int, Fraction] = {}
    for rb in requested:
        extra[rb.pno] = extra.get(rb.pno, Fraction(0)) + t.points.for_code(rb.kind.code)
    for pl in doc.players:
        if pl.declared_points is None or first_line[pl.player.pno] != pl.line:
            continue
        mine = computed.get(pl.player.pno, Fraction(0))
        if pl.declared_points not in (mine, mine + extra.get(pl.player.pno, Fraction(0))):
            from core.model import format_points

            doc.problem(pl.line, 81, _('player {pno} has {value} points but the results add up to {value2}').format(pno=pl.player.pno, value=format_points(pl.declared_points), value2=format_points(mine)))


def _iso_date(raw: str) -> str:
    raw = raw.strip()
    m = re.fullmatch(r"(\d{4})[/.-](\d{2})[/.-](\d{2})", raw)
    return f"{m.group(1)}-{m.group(2)}-{m.group(3)}" if m else raw


def parse_tournament(text: str, tournament_id: str = "") -> Tournament:
    """Read TRF text into a :class:`Tournament`; raises :class:`TrfError` with every problem."""
    doc = read_trf(text)
    if doc.problems:
        # still try to rebuild rounds so that round-level problems are reported too
        try:
            to_tournament(doc, tournament_id)
        except TrfError:
            pass
        raise TrfError(doc.problems, _('the TRF file has problems'))
    return to_tournament(doc, tournament_id)

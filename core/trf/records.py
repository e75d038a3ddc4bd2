"""Readers of the TRF records other than ``001``: tournament headers (132, 142/XXR, 152/XXC,
162/BB*/XXS, 192, 202/212, 222), byes (240, XXZ), acceleration (250, XXA), prohibited
pairings (260, XXP), abnormal points (299) and National Rating Support lines.

Each reader takes the document, the line number and the line, stores what it read and
reports problems with their column.  Layouts follow the TRF-2026 text; where the public engine
bbpPairings v6 is stricter (fixed columns for XXA, 250 and 260) we are strict too, so a file
one program accepts is read the same by the other.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple
from collections.abc import Callable

from core.i18n import _
from core.model import ADJUSTMENT_KINDS, ByeKind, Colour, PointAdjustment, PointSystem, RequestedBye
from core.trf.fields import (
    FieldError, col, ids_at, is_number, is_time_control, number_at, pairing_number, points_value,
    trf_date,
)
from core.trf.types import read_type

if TYPE_CHECKING:
    from core.trf.reader import TrfDocument

_BB = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "zero_bye", "BBF": "forfeit_loss",
       "BBU": "pab"}


def read_132(doc: TrfDocument, lineno: int, line: str) -> None:
    """Round dates: ``YY/MM/DD`` at columns 92–99, 102–109, … (``YYYY/MM/DD`` accepted)."""
    start, rnd = 92, 1
    while start <= len(line.rstrip()):
        raw = col(line, start, start + 9).strip()
        if raw:
            iso = trf_date(raw)
            if not iso or len(iso) != 10:
                doc.problem(lineno, start, _('round {r}: {raw!r} is not a date (record 132 writes YY/MM/DD)').format(
                    r=rnd, raw=raw))
            else:
                doc.round_dates[rnd] = iso
        start += 10
        rnd += 1
    if col(line, 4, 91).strip():
        doc.problem(lineno, 4, _('record 132: the first round date belongs at column 92'))


def read_rounds(doc: TrfDocument, lineno: int, line: str) -> None:
    """142 / XXR: the total number of rounds."""
    raw = line[3:].strip()
    if not is_number(raw) or int(raw) == 0:
        doc.problem(lineno, 5, _('number of rounds {raw!r} is not a whole number of at least 1').format(raw=raw))
        return
    if doc.total_rounds is not None and doc.total_rounds != int(raw):
        doc.problem(lineno, 5, _('number of rounds {value} contradicts {other} given before').format(
            value=raw, other=doc.total_rounds))
        return
    doc.total_rounds = int(raw)
    doc.total_rounds_line = lineno


def read_xxc(doc: TrfDocument, lineno: int, line: str) -> None:
    for tok in line[3:].split():
        if tok.lower() == "white1":
            doc.initial_colour = Colour.WHITE
        elif tok.lower() == "black1":
            doc.initial_colour = Colour.BLACK
        elif tok.lower() == "rank":
            doc.warning(lineno, 5, _("XXC rank (pairing by file order) is not supported; pairing numbers are used"))
        else:
            doc.problem(lineno, 5, _('unknown XXC option {tok!r} (use white1, black1 or rank)').format(tok=tok))


def read_152(doc: TrfDocument, lineno: int, line: str) -> None:
    raw = line[3:].strip().upper()
    if raw in ("W", "B"):
        doc.initial_colour = Colour.WHITE if raw == "W" else Colour.BLACK
    else:
        doc.problem(lineno, 5, _('initial colour {raw!r} must be W or B').format(raw=raw))


def read_162(doc: TrfDocument, lineno: int, line: str) -> None:
    """Scoring: a result code at column 6 and its points at 7–10, repeating every 9 columns
    (``A`` absence and the engine's ``Z`` both mean zero-point bye and forfeit loss)."""
    values: dict[str, Fraction] = {}
    start = 6
    while start <= len(line.rstrip()):
        symbol = col(line, start, start).upper()
        raw = col(line, start + 1, start + 4).strip()
        if symbol not in "WDLAPXZ" or not symbol.strip():
            doc.problem(lineno, start, _('record 162: {raw!r} is not a result code (W, D, L, A, P, X)').format(
                raw=col(line, start, start)))
            return
        try:
            values[symbol] = points_value(raw, start + 1, _("points"))
        except FieldError as error:
            doc.problem(lineno, error.column, error.message)
            return
        start += 9
    if not values:
        doc.problem(lineno, 4, _('record 162 holds no point values'))
        return
    if "X" in values and values["X"] != values.get("D", Fraction(1, 2)):
        doc.warning(lineno, 6, _("record 162: points for unknown results (X) are not used by hakem"))
    base = PointSystem()
    win = values.get("W", base.win)
    draw = values.get("D", base.draw)
    absent = values.get("A", values.get("Z", base.zero_bye))
    doc.points = PointSystem(win=win, draw=draw, loss=values.get("L", base.loss), forfeit_win=win,
                             forfeit_loss=absent, pab=values.get("P", win), full_bye=win,
                             half_bye=draw, zero_bye=absent)


def read_bb(doc: TrfDocument, lineno: int, line: str) -> None:
    """bbpPairings' BBW/BBD/BBL/BBZ/BBF/BBU: one value in columns 5–12."""
    raw = line[4:12].strip()
    try:
        value = points_value(raw, 5, line[:3])
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    attr = _BB[line[:3]]
    changes = {attr: value}
    if attr == "win":
        # bbp: the win value also applies to forfeit wins and full-point byes; PAB defaults to it
        changes.update(forfeit_win=value, full_bye=value)
        if not doc.pab_set:
            changes["pab"] = value
    if attr == "draw":
        changes["half_bye"] = value
    if attr == "pab":
        doc.pab_set = True
    doc.points = replace(doc.points, **changes)


_XXS = {"WW": "win", "BW": "win", "W": "win", "WD": "draw", "BD": "draw", "D": "draw",
        "WL": "loss", "BL": "loss", "ZPB": "zero_bye", "HPB": "half_bye", "FPB": "full_bye",
        "PAB": "pab", "FW": "forfeit_win", "FL": "forfeit_loss"}


def read_xxs(doc: TrfDocument, lineno: int, line: str) -> None:
    """JaVaFo's point system: ``XXS CODE=VALUE …``.  Values by colour (WW/BW…) must agree:
    hakem has one value per result."""
    seen: dict[str, tuple[str, Fraction]] = {}
    for m in re.finditer(r"\S+", line[3:]):
        tok, column = m.group(0), 4 + m.start()
        key, _sep, raw = tok.partition("=")
        attr = _XXS.get(key.upper())
        if attr is None:
            doc.problem(lineno, column, _('XXS: unknown code {key!r}').format(key=key))
            continue
        try:
            value = points_value(raw, column, key)
        except FieldError as error:
            doc.problem(lineno, error.column, error.message)
            continue
        if attr in seen and seen[attr][1] != value:
            doc.problem(lineno, column, _('XXS: {key} and {other} differ; hakem has one value for both colours').format(
                key=key, other=seen[attr][0]))
            continue
        seen[attr] = (key, value)
    doc.points = replace(doc.points, **{attr: value for attr, (_k, value) in seen.items()})


def read_192(doc: TrfDocument, lineno: int, line: str) -> None:
    code = line[4:].strip()
    ttype = read_type(code)
    if ttype is None:
        doc.problem(lineno, 5, _('record 192: unknown tournament type {code!r}').format(code=code))
        return
    doc.tournament_type = ttype
    doc.headers["192"] = code


def read_222(doc: TrfDocument, lineno: int, line: str) -> None:
    code = line[4:].strip()
    if not is_time_control(code):
        doc.problem(lineno, 5, _('record 222: {code!r} is not an encoded time control (e.g. 5400+30, 40/6000+30:900+30)').format(
            code=code))
        return
    doc.time_control_code = code


def read_240(doc: TrfDocument, lineno: int, line: str) -> None:
    """Byes: type F/H/Z at column 5, round at 7–9, pairing numbers at 11–14, 16–19, …"""
    kind_raw = col(line, 5, 5).upper()
    if kind_raw not in ("F", "H", "Z") or col(line, 6, 6).strip():
        doc.problem(lineno, 5, _('record 240 needs a bye type F, H or Z in column 5'))
        return
    try:
        rnd = number_at(line, 7, 9, _("round"), required=True)
        if rnd == 0:
            raise FieldError(7, _("round 0 does not exist"))
        ids = ids_at(line, 11)
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    if not ids:
        doc.problem(lineno, 11, _('record 240 names no player'))
    for _column, pno in ids:
        doc.byes_240.append((lineno, RequestedBye(pno, rnd, ByeKind(kind_raw))))


def read_xxz(doc: TrfDocument, lineno: int, line: str) -> None:
    """JaVaFo: players absent in the round to be paired (bbpPairings ignores XXZ; the file
    says they are absent, so they are not paired)."""
    for column, pno in tokens(doc, lineno, line):
        doc.absent.append((lineno, column, pno))


def tokens(doc: TrfDocument, lineno: int, line: str) -> list[tuple[int, int]]:
    """Whitespace-separated pairing numbers after the record code (XXP, XXZ)."""
    out = []
    for m in re.finditer(r"\S+", line[3:]):
        try:
            out.append((4 + m.start(), pairing_number(m.group(0), 4 + m.start())))
        except FieldError as error:
            doc.problem(lineno, error.column, error.message)
    return out


def read_xxp(doc: TrfDocument, lineno: int, line: str) -> None:
    ids = [pno for _c, pno in tokens(doc, lineno, line)]
    if len(ids) < 2:
        doc.problem(lineno, 5, _('a forbidden pairing needs at least two players'))
        return
    doc.forbidden.append((lineno, 1, None, tuple(ids)))


def read_260(doc: TrfDocument, lineno: int, line: str) -> None:
    """Prohibited pairings: first round 5–7, last round 9–11, players at 13–16, 18–21, …"""
    try:
        first = number_at(line, 5, 7, _("first round"), required=True)
        last = number_at(line, 9, 11, _("last round"), required=True)
        if col(line, 8, 8).strip() or col(line, 12, 12).strip():
            raise FieldError(8 if col(line, 8, 8).strip() else 12,
                             _('record 260: rounds belong in columns 5-7 and 9-11'))
        ids = [pno for _c, pno in ids_at(line, 13)]
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    if first == 0 or last < first:
        doc.problem(lineno, 5, _('record 260: round range {first}-{last} is empty').format(first=first, last=last))
        return
    if len(ids) < 2:
        doc.problem(lineno, 13, _('a forbidden pairing needs at least two players'))
        return
    doc.forbidden.append((lineno, first, last, tuple(ids)))


def read_xxa(doc: TrfDocument, lineno: int, line: str) -> None:
    """Acceleration per player: pairing number 5–8, then points per round at 10–13, 15–18, …
    (fixed columns, as the public engine reads them: a blank field is refused, not skipped)."""
    try:
        pno = pairing_number(col(line, 5, 8).strip(), 5)
        if col(line, 9, 9).strip():
            raise FieldError(9, _('column {column} must be blank: the {field} runs over its columns').format(
                column=9, field=_("pairing number")))
        values: list[Fraction] = []
        start = 10
        while start <= len(line.rstrip()):
            raw = col(line, start, start + 3).strip()
            if not raw:
                raise FieldError(start, _('XXA: round {r} has no value (columns {a}-{b})').format(
                    r=len(values) + 1, a=start, b=start + 3))
            values.append(points_value(raw, start, _("acceleration")))
            if col(line, start + 4, start + 4).strip():
                raise FieldError(start + 4, _('column {column} must be blank: the {field} runs over its columns').format(
                    column=start + 4, field=_("acceleration")))
            start += 5
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    target = doc.virtual_points.setdefault(pno, {})
    for r, value in enumerate(values, start=1):
        target[r] = value


def read_250(doc: TrfDocument, lineno: int, line: str) -> None:
    """Accelerated rounds: match points 5–8 (empty for individuals), game points 10–13,
    rounds 15–17 to 19–21, players 23–26 to 28–31."""
    try:
        if len(line.rstrip()) < 31:
            raise FieldError(len(line.rstrip()) + 1, _('record 250 is cut short (it must reach column 31)'))
        mp = col(line, 5, 8).strip()
        if mp and points_value(mp, 5, _("match points")) != 0:
            raise FieldError(5, _('record 250: match points are for team events (leave columns 5-8 empty)'))
        gp = points_value(col(line, 10, 13).strip(), 10, _("points"))
        if gp == 0:
            raise FieldError(10, _('record 250: the points must not be 0'))
        first = number_at(line, 15, 17, _("first round"), required=True)
        last = number_at(line, 19, 21, _("last round"), required=True)
        p1 = pairing_number(col(line, 23, 26).strip(), 23)
        p2 = pairing_number(col(line, 28, 31).strip(), 28)
        if col(line, 32, len(line)).strip():
            raise FieldError(32, _('record 250 ends at column 31'))
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    if first == 0 or last < first:
        doc.problem(lineno, 15, _('record 250: round range {first}-{last} is empty').format(first=first, last=last))
        return
    if p2 < p1:
        doc.problem(lineno, 23, _('record 250: player range {first}-{last} is empty').format(first=p1, last=p2))
        return
    for pno in range(p1, p2 + 1):
        target = doc.virtual_points.setdefault(pno, {})
        for r in range(first, last + 1):
            target[r] = gp


def read_299(doc: TrfDocument, lineno: int, line: str) -> None:
    """Abnormal assignment points: type of assignment at column 5 (blank: penalty or bonus),
    match points 8–11 (team events only), points ``[-]11.5`` at 14–17 (a five-character value
    starts at 13), round 20–22 (``000`` or blank: all rounds), pairing numbers at 24–27,
    29–32, …  The points are added to each player's score (``PointAdjustment``), in a team
    event to each team's match and game points (``TeamAdjustment``)."""
    kind = col(line, 5, 5).strip().upper()
    try:
        if kind not in ADJUSTMENT_KINDS:
            raise FieldError(5, _('record 299: {raw!r} is not a type of assignment (W, D, L, F, H, Z, +, - or blank)').format(
                raw=col(line, 5, 5)))
        for column in (4, 6, 7, 12, 18, 19, 23):
            if col(line, column, column).strip():
                raise FieldError(column, _('record 299: column {column} must be blank').format(column=column))
        first = 13 if col(line, 13, 13) == "-" else 14  # the sign of a five-character value
        if col(line, 13, 13).strip() and first != 13:
            raise FieldError(13, _('record 299: column {column} must be blank').format(column=13))
        raw = col(line, first, 17).strip()
        if not raw:
            raise FieldError(14, _('{what} is missing').format(what=_("points")))
        value = points_value(raw, first, _("points"))
        raw_mp = col(line, 8, 11).strip()
        match_points = points_value(raw_mp, 8, _("match points")) if raw_mp else Fraction(0)
        rnd = number_at(line, 20, 22, _("round"))
        ids = ids_at(line, 24)
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    if not ids:
        doc.problem(lineno, 24, _('record 299 names no player'))
        return
    adjustment = PointAdjustment(tuple(pno for _column, pno in ids), value, rnd, kind)
    doc.adjustments.append(Record299(lineno, adjustment, tuple(c for c, _pno in ids), match_points))


class Record299(NamedTuple):
    """A ``299`` record as read; whose numbers it names (players or teams) is known only once
    the whole file is read (``adjustment.players`` are then team numbers)."""

    line: int
    adjustment: PointAdjustment
    columns: tuple[int, ...]
    """The column of each pairing number, for problems found later."""
    match_points: Fraction
    """Columns 8–11 (a team event's match points; 0 is accepted in an individual event, as
    for record 250)."""


def read_nrs(doc: TrfDocument, lineno: int, line: str) -> None:
    """A National Rating Support line: a federation code instead of ``001``, the static part
    of the ``001`` columns (national rating 49–52, national number 58–68, …)."""
    try:
        pno = pairing_number(col(line, 5, 8).strip(), 5)
        rating = number_at(line, 49, 52, _("national rating"))
    except FieldError as error:
        doc.problem(lineno, error.column, error.message)
        return
    fields = {"federation": line[:3], "sex": col(line, 10, 10).strip(),
              "class": col(line, 11, 13).strip(), "name": col(line, 15, 47).strip(),
              "origin": col(line, 54, 56).strip(), "birth": col(line, 70, 79).strip()}
    doc.nrs.append((lineno, pno, rating, col(line, 58, 68).strip(), fields))


NRS = re.compile(r"[A-Z]{3} [ 0-9]{4}( [ mwMW][ A-Za-z]{3} .{33} [ 0-9]{4}(\s.*)?)?")
"""A federation code, a pairing number and the static ``001`` columns (sex m/w, rating
digits) — so that other programs' letter records (Tornelo's ``DAT``) are not taken for one."""

RULER = re.compile(r"[0-9 ]+|DDD .*")
"""Column rulers some exporters write above the records (``DDD SSSS sTTT NNNN…`` or digits)."""

READERS: dict[str, Callable[[TrfDocument, int, str], None]] = {
    "132": read_132, "142": read_rounds, "XXR": read_rounds, "XXC": read_xxc, "152": read_152,
    "162": read_162, "XXS": read_xxs, "192": read_192, "222": read_222, "240": read_240,
    "XXZ": read_xxz, "XXP": read_xxp, "260": read_260, "XXA": read_xxa, "250": read_250,
    "299": read_299, **dict.fromkeys(_BB, read_bb),
}

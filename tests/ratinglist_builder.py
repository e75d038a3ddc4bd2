"""Small rating lists written in the published layouts, for the tests.

The FIDE TXT layout is the header FIDE publishes; each value is placed under its header
word (text left-aligned at the word, numbers right-aligned to the word's end), as in the
published file.  The EGD layout is the fixed columns of the EGD's list.  Values are the
tests' own (hand-written people), never copied from a real list.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

FIDE_HEADER = ("ID Number      Name                                                         Fed Sex Tit"
               "  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
_STARTS = {m.group(): m.start() for m in re.finditer(r"\S+", FIDE_HEADER)}
_NUMERIC = ("SRtng", "SGm", "SK", "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK")


def fide_line(**values: object) -> str:
    """One player line; keys are the header words (``ID`` for the id, ``B_day`` for B-day).

    An ``OTit`` longer than its column pushes every later column right, as FIDE's file does.
    """
    cells = [" "] * len(FIDE_HEADER)
    shift = 0

    def put(word: str, text: str) -> None:
        start = _STARTS[word] + shift
        if word in _NUMERIC:
            start = _STARTS[word] + shift + len(word) - len(text)
        while len(cells) < start + len(text):
            cells.append(" ")
        cells[start:start + len(text)] = list(text)

    for word in ("ID", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", *(_NUMERIC[:0])):
        key = "B_day" if word == "B-day" else word
        if values.get(key):
            put(word, str(values[key]))
    otit = str(values.get("OTit", ""))
    width = _STARTS["FOA"] - _STARTS["OTit"] - 1
    shift = max(0, len(otit) - width)
    for word in ("FOA", *_NUMERIC, "B-day", "Flag"):
        key = "B_day" if word == "B-day" else word
        if values.get(key) not in (None, ""):
            put(word, str(values[key]))
    return "".join(cells)


def fide_txt(players: list[dict[str, object]]) -> str:
    return "\n".join([FIDE_HEADER, *(fide_line(**p) for p in players)]) + "\n"


_XML_TAGS = {"ID": "fideid", "Name": "name", "Fed": "country", "Sex": "sex", "Tit": "title",
             "WTit": "w_title", "OTit": "o_title", "FOA": "foa_title", "SRtng": "rating",
             "SGm": "games", "SK": "k", "RRtng": "rapid_rating", "RGm": "rapid_games",
             "Rk": "rapid_k", "BRtng": "blitz_rating", "BGm": "blitz_games", "BK": "blitz_k",
             "B_day": "birthday", "Flag": "flag"}


def fide_xml(players: list[dict[str, object]]) -> str:
    """The same players in FIDE's XML layout (every child present, empty when unknown)."""
    from xml.sax.saxutils import escape

    out = ['<?xml version="1.0" encoding="utf-8"?>', "<playerslist>"]
    for p in players:
        out.append("<player>" + "".join(f"<{tag}>{escape(str(p.get(key, '')))}</{tag}>"
                                        for key, tag in _XML_TAGS.items()) + "</player>")
    out.append("</playerslist>")
    return "\n".join(out) + "\n"


def egd_line(pin: str, surname: str, first: str, country: str, club: str, grade: str, gor: int) -> str:
    """One player line of the EGD list: PIN in columns 2–9, name 12–48, country 50–52,
    club 54–57, grade 61–63, GoR 72–75."""
    cells = [" "] * 90

    def put(start: int, text: str) -> None:
        cells[start:start + len(text)] = list(text)

    put(1, pin.rjust(8))
    put(11, f"{surname} {first}"[:37])
    put(49, country)
    put(53, club)
    put(60, grade.rjust(3))
    put(71, str(gor).rjust(4))
    return "".join(cells).rstrip() + "   "


def zipped(path: Path, member: str, text: str, encoding: str = "utf-8") -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, text.encode(encoding))
    return path


DSB_COLUMNS = ("ID", "VKZ", "Mgl-Nr", "Status", "Spielername", "Geschlecht", "Spielberechtigung",
               "Geburtsjahr", "Letzte-Auswertung", "DWZ", "Index", "FIDE-Elo", "FIDE-Titel",
               "FIDE-ID", "FIDE-Land")
"""The DSB's DWZ list export (``spieler.csv``) as published now; older editions name the
club code ``ZPS`` instead of ``VKZ`` and have no ``ID`` column."""


def dsb_csv(players: list[dict[str, object]], columns: tuple[str, ...] = DSB_COLUMNS) -> str:
    """The players (keys: the column names) as the DSB writes them: comma-separated, the
    name ``Surname,First`` quoted, empty cells where a value is missing."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for p in players:
        writer.writerow([p.get(c, "") for c in columns])
    return out.getvalue()

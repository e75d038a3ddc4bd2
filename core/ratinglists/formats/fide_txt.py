"""FIDE's fixed-width TXT list (``players_list_foa.txt`` in ``players_list.zip``).

The header names the columns and their positions::

    ID Number      Name          ...   Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag

A field runs from its header word to the next one (ratings are right-aligned under theirs).
The single-kind lists (``standard_…frl.txt``) have one rating column named after the month
(``DEC26``) followed by ``Gms`` and ``K``; its kind comes from the file name.

Overflow: a player with several other titles (``IA,FA,IO,FST``) can write the OTit field past
its width; everything after it then stands that many columns further right.  The reader
measures the overflow on each line and shifts the later columns by it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from core.errors import RatingListError
from core.i18n import _
from core.model import TITLES
from core.ratinglists.entry import ListEntry
from core.ratinglists.formats.source import Line, refuse_cut_line

_WORD = re.compile(r"\S+")
_MONTH = re.compile(r"^[A-Z]{3}\d{2}$")

_COLUMNS = {
    "Name": "name", "Fed": "federation", "Sex": "sex", "Tit": "title", "WTit": "women_title",
    "OTit": "other_titles", "FOA": "foa", "SRtng": "standard", "SGm": "standard_games",
    "SK": "standard_k", "RRtng": "rapid", "RGm": "rapid_games", "Rk": "rapid_k",
    "BRtng": "blitz", "BGm": "blitz_games", "BK": "blitz_k", "B-day": "birth_year", "Flag": "flag",
    "Gms": "games", "K": "k",
}
_REQUIRED = ("fide_id", "name", "federation")
_RATINGS = ("standard", "rapid", "blitz")


def _layout(header: Line, path: str, kind: str) -> list[tuple[str, int]]:
    """(field, start column) for each header word, in order."""
    words = [(m.group(), m.start()) for m in _WORD.finditer(header.text.rstrip("\r\n"))]
    if len(words) < 2 or (words[0][0], words[1][0]) != ("ID", "Number"):
        raise RatingListError(_("{path}, line {line}: not a FIDE TXT list (the header must begin "
                                "with 'ID Number', found {found!r})")
                              .format(path=path, line=header.number, found=header.text[:40].strip()))
    layout = [("fide_id", 0)]
    for word, start in words[2:]:
        if _MONTH.match(word):
            layout.append((kind, start))
        elif word in _COLUMNS:
            layout.append((_COLUMNS[word], start))
        else:
            raise RatingListError(_("{path}, line {line}, column {column}: unknown column {word!r} "
                                    "in the FIDE list header")
                                  .format(path=path, line=header.number, column=start + 1, word=word))
    missing = [f for f in _REQUIRED if f not in dict(layout)]
    if missing or not any(f in dict(layout) for f in _RATINGS):
        raise RatingListError(_("{path}, line {line}: the FIDE list header lacks {missing}")
                              .format(path=path, line=header.number,
                                      missing=", ".join(missing) or _("a rating column")))
    return layout


def _spans(layout: list[tuple[str, int]], shift_after: int = -1, shift: int = 0) -> list[tuple[str, int, int | None]]:
    """(field, start, end) of each column; columns after index ``shift_after`` moved by ``shift``."""
    spans: list[tuple[str, int, int | None]] = []
    for i, (field, start) in enumerate(layout):
        begin = start + (shift if i > shift_after >= 0 else 0)
        end = layout[i + 1][1] + (shift if i + 1 > shift_after >= 0 else 0) if i + 1 < len(layout) else None
        spans.append((field, begin, end))
    return spans


class _Columns:
    """The column spans of a layout, with the OTit overflow measured per line (most lines
    have none, so the common case is one comparison and precomputed slices)."""

    def __init__(self, layout: list[tuple[str, int]]) -> None:
        self.layout = layout
        self.plain = _spans(layout)
        fed = dict(layout)["federation"]
        self.least_width = fed + 3
        """Every player line reaches past the federation, the last column FIDE always fills
        (the name may be short, the ratings and the later columns empty)."""
        positions = [i for i, (field, _start) in enumerate(layout) if field == "other_titles"]
        self.otit = positions[0] if positions and positions[0] + 1 < len(layout) else -1
        if self.otit >= 0:
            self.otit_start = layout[self.otit][1]
            self.next_start = layout[self.otit + 1][1]

    def fields(self, text: str) -> dict[str, str]:
        spans = self.plain
        if self.otit >= 0 and text[self.next_start - 1:self.next_start] not in (" ", ""):
            token = text[self.otit_start:].split(" ", 1)[0]
            shift = max(0, self.otit_start + len(token) + 1 - self.next_start)
            spans = _spans(self.layout, self.otit, shift)
        out = {field: text[begin:end].strip() for field, begin, end in spans}
        if "k" in out:
            out["k"] = self._single_kind_k(text, spans)
        return out

    @staticmethod
    def _single_kind_k(text: str, spans: list[tuple[str, int, int | None]]) -> str:
        """A single-kind list's K: its header word ``K`` is one character wide and the value
        (``10``, ``20``, ``40``) is right-aligned under it, so it starts left of the word; it
        is the number that ends past the word's start, between the games and the birth year."""
        begin = {field: (b, e) for field, b, e in spans}
        start, end = begin["k"]
        games_start = begin.get("games", (start, None))[0]
        for m in _WORD.finditer(text[games_start:end], 0):
            if games_start + m.end() > start:
                return m.group()
        return ""


def _number(value: str, what: str, path: str, line: Line) -> int:
    if not value:
        return 0
    if not (value.isascii() and value.isdigit()):
        raise RatingListError(_("{path}, line {line}: {what} {value!r} is not a number")
                              .format(path=path, line=line.number, what=what, value=value))
    return int(value)


def _best_title(*titles: str) -> tuple[str, str]:
    """(open title, women's title) as hakem ranks them; unknown codes are dropped."""
    open_title = titles[0] if titles[0] in TITLES else ""
    women = titles[1] if titles[1] in TITLES else ""
    return open_title, women


def _entry(values: dict[str, str], path: str, line: Line, kind: str = "standard") -> ListEntry:
    fide_id = values["fide_id"]
    if not (fide_id.isascii() and fide_id.isdigit()):
        raise RatingListError(_("{path}, line {line}: FIDE id {value!r} is not a number")
                              .format(path=path, line=line.number, value=fide_id))
    open_title, women = _best_title(values.get("title", ""), values.get("women_title", ""))
    flag = values.get("flag", "").lower()
    sex = values.get("sex", "").upper()
    birth = values.get("birth_year", "")
    return ListEntry(
        name=values["name"], fide_id=fide_id, federation=values.get("federation", "").upper(),
        sex="w" if sex == "F" or "w" in flag else ("m" if sex == "M" else ""),
        title=open_title, women_title=women,
        birth_year=birth if birth not in ("0", "0000") else "",
        standard=_number(values.get("standard", ""), _("standard rating"), path, line),
        rapid=_number(values.get("rapid", ""), _("rapid rating"), path, line),
        blitz=_number(values.get("blitz", ""), _("blitz rating"), path, line),
        inactive="i" in flag,
        standard_k=_k(values, "standard", kind, path, line), rapid_k=_k(values, "rapid", kind, path, line),
        blitz_k=_k(values, "blitz", kind, path, line),
    )


def _k(values: dict[str, str], of: str, kind: str, path: str, line: Line) -> int:
    """FIDE's K of kind ``of``: its own column (SK, RK, BK), or the single-kind list's K."""
    return _number(values.get(f"{of}_k", "") or (values.get("k", "") if of == kind else ""), "K", path, line)


def read(lines: Iterable[Line], path: str, kind: str = "standard") -> Iterator[ListEntry]:
    """Entries of a FIDE TXT list; ``kind`` names the rating of a single-kind list."""
    columns: _Columns | None = None
    for line in lines:
        text = line.text.rstrip("\r\n")
        if not text.strip():
            continue
        refuse_cut_line(line, path)
        if columns is None:
            columns = _Columns(_layout(line, path, kind))
            continue
        if len(text) < columns.least_width:
            raise RatingListError(_("{path}, line {line}: the line ends at column {end}, before the "
                                    "federation column ends (column {need}): a line cut short?")
                                  .format(path=path, line=line.number, end=len(text), need=columns.least_width))
        yield _entry(columns.fields(text), path, line, kind)
    if columns is None:
        raise RatingListError(_("{path}: the list is empty").format(path=path))

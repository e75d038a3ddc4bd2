"""Player lists from CSV (what clubs keep in spreadsheets): header-named columns, any of
comma, semicolon or tab as separator; every bad row is reported with its line number and
nothing is imported unless the whole file is good."""

from __future__ import annotations

from core.i18n import _

import csv
import io
from typing import Any

from core.errors import Problem, ValidationError

_ALIASES = {
    "name": "name", "player": "name", "isim": "name", "ad soyad": "name", "имя": "name", "фамилия, имя": "name",
    "rating": "rating", "elo": "rating", "fide rating": "rating", "rtg": "rating", "рейтинг": "rating",
    "national rating": "national_rating", "ukd": "national_rating", "dwz": "national_rating",
    "title": "title", "unvan": "title", "titel": "title",
    "federation": "federation", "fed": "federation", "country": "federation",
    "fide id": "fide_id", "fide_id": "fide_id", "fideid": "fide_id",
    "national id": "national_id", "national_id": "national_id",
    "club": "club", "kulüp": "club", "verein": "club", "клуб": "club",
    "birth": "birth", "born": "birth", "birth date": "birth", "geburtsdatum": "birth",
    "sex": "sex", "gender": "sex",
    "rank": "go_rank", "go rank": "go_rank", "go rating": "go_rating",
}


def parse_players_csv(text: str) -> list[dict[str, Any]]:
    """Rows as keyword arguments for :func:`core.commands.add_player`."""
    if text.startswith("\ufeff"):
        text = text[1:]
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text.replace("\r\n", "\n").replace("\r", "\n")), dialect)
    try:
        rows = list(reader)
    except csv.Error as error:
        raise ValidationError([Problem(_('line {line_num}').format(line_num=reader.line_num), _('unreadable CSV: {error}').format(error=error))],
                              _('cannot import players')) from error
    if not rows:
        raise ValidationError([Problem(_('line 1'), _('the file is empty'))], _('cannot import players'))
    header = [_ALIASES.get(h.strip().lower()) for h in rows[0]]
    if "name" not in header:
        raise ValidationError([Problem(_('line 1'), _("no 'name' column in the header"))], _('cannot import players'))
    problems: list[Problem] = []
    out: list[dict[str, Any]] = []
    for lineno, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            problems.append(Problem(_('line {lineno}').format(lineno=lineno), _('{value} fields but the header has {value2}').format(value=len(row), value2=len(header))))
            continue
        rec: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, cell in zip(header, row):
            cell = cell.strip()
            if key is None or not cell:
                continue
            if key in ("rating", "national_rating", "go_rating"):
                if not (cell.isascii() and cell.isdigit()):
                    problems.append(Problem(_('line {lineno}').format(lineno=lineno), _('{value} {cell!r} is not a whole number').format(value=key.replace('_', ' '), cell=cell)))
                    continue
                value: Any = int(cell)
                if key == "go_rating":
                    extra["go_rating"] = value
                    continue
                rec[key] = value
            elif key == "go_rank":
                extra["go_rank"] = cell
            else:
                rec[key] = cell
        if not rec.get("name"):
            problems.append(Problem(_('line {lineno}').format(lineno=lineno), _('the name is empty')))
            continue
        if extra:
            rec["extra"] = extra
        out.append(rec)
    if problems:
        raise ValidationError(problems, _('cannot import players'))
    return out

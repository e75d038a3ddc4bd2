"""What a FIDE rating report needs and is missing or inconsistent (``hakem check --report``).

Why before sending: the rating officer refuses a TRF without the records marked mandatory for
rating in the TRF-2026 text (012 name, 022 city, 032 federation, 042/052 dates, 102 chief
arbiter, 132 round dates, the FIDE numbers and ranks of the players), and returns one whose
dates, codes or scores do not fit together.  Each finding is one line, with a severity:

* ``error``: the report would be refused (a mandatory field is missing or impossible);
* ``warning``: the report can go, but something looks wrong (a player without FIDE number,
  an unusual title code, an event not finished).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from core.i18n import _, pgettext
from core.model import TITLES, Tournament
from core.safe_text import field_safe

ERROR = "error"
WARNING = "warning"

_FED = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class Finding:
    severity: str
    where: str
    message: str

    def __str__(self) -> str:
        label = _("error") if self.severity == ERROR else _("warning")
        return f"{label}: {self.where}: {self.message}" if self.where else f"{label}: {self.message}"


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _tournament_findings(t: Tournament) -> list[Finding]:
    out: list[Finding] = []
    where = _("tournament")
    for value, record, label in ((t.name, "012", pgettext("event", "name")), (t.place, "022", _("city")),
                                 (t.federation, "032", _("federation")),
                                 (t.start_date, "042", _("start date")), (t.end_date, "052", _("end date")),
                                 (t.chief_arbiter, "102", _("chief arbiter"))):
        if not value.strip():
            out.append(Finding(ERROR, where, _('the {what} is missing (record {record})').format(what=label, record=record)))
    if t.federation and not _FED.fullmatch(t.federation):
        out.append(Finding(ERROR, where, _('federation {code!r} is not a 3-letter FIDE code').format(code=t.federation)))
    start, end = _date(t.start_date), _date(t.end_date)
    for value, label in ((t.start_date, _("start date")), (t.end_date, _("end date"))):
        if value and _date(value) is None:
            out.append(Finding(ERROR, where, _('the {what} {value!r} is not a date').format(what=label, value=value)))
    if start and end and end < start:
        out.append(Finding(ERROR, where, _('the end date {end} is before the start date {start}').format(end=end, start=start)))
    out.extend(_round_date_findings(t, start, end))
    if len(t.rounds) < t.total_rounds:
        out.append(Finding(WARNING, where, _('{played} of {total} rounds are paired').format(played=len(t.rounds), total=t.total_rounds)))
    return out


def _round_date_findings(t: Tournament, start: datetime.date | None, end: datetime.date | None) -> list[Finding]:
    out: list[Finding] = []
    previous: datetime.date | None = None
    for rnd in t.rounds:
        where = _("round {r}").format(r=rnd.number)
        raw = t.round_date(rnd.number)
        day = _date(raw) if raw else None
        if not raw:
            out.append(Finding(ERROR, where, _("the round date is missing (record 132): "
                                               "hakem round schedule {id} {round} --date YYYY-MM-DD").format(
                id=t.id, round=rnd.number)))
            continue
        if day is None:
            out.append(Finding(ERROR, where, _('the round date {value!r} is not a date').format(value=raw)))
            continue
        if (start and day < start) or (end and day > end):
            out.append(Finding(ERROR, where, _('the round date {day} is outside the tournament dates').format(day=day)))
        if previous and day < previous:
            out.append(Finding(ERROR, where, _('the round date {day} is before the date of the round before').format(day=day)))
        previous = day
        unfinished = sum(1 for b in rnd.boards if b.result is None)
        if unfinished:
            out.append(Finding(ERROR, where, _('{n} game(s) have no result').format(n=unfinished)))
    return out


def _player_findings(t: Tournament) -> list[Finding]:
    out: list[Finding] = []
    for p in sorted(t.players, key=lambda p: p.pno):
        where = _("player {pno} ({name})").format(pno=p.pno, name=field_safe(p.name))
        if not p.fide_id:
            out.append(Finding(WARNING, where, _('no FIDE number (a new player must be registered with FIDE)')))
        elif not (p.fide_id.isascii() and p.fide_id.isdigit()):
            out.append(Finding(ERROR, where, _('FIDE number {value!r} is not a number').format(value=p.fide_id)))
        if not p.federation:
            out.append(Finding(WARNING, where, _('no federation')))
        elif not _FED.fullmatch(p.federation):
            out.append(Finding(ERROR, where, _('federation {code!r} is not a 3-letter FIDE code').format(code=p.federation)))
        if p.title and p.title.upper() not in TITLES:
            out.append(Finding(WARNING, where, _('title {code!r} is not a FIDE title code ({codes})').format(
                code=p.title, codes=", ".join(TITLES))))
        if p.sex and p.sex not in ("m", "w"):
            out.append(Finding(WARNING, where, _('sex {raw!r} is not m or w').format(raw=p.sex)))
        if p.birth and not (re.fullmatch(r"[0-9]{4}", p.birth) or _date(p.birth)):
            out.append(Finding(WARNING, where, _('birth date {raw!r} is not YYYY/MM/DD').format(raw=p.birth)))
    return out


def rating_report_findings(t: Tournament) -> list[Finding]:
    """Every finding, errors first, in a stable order (tournament, rounds, players)."""
    found = _tournament_findings(t) + _player_findings(t)
    return sorted(found, key=lambda f: f.severity != ERROR)

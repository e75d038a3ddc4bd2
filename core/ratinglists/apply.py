"""From a list entry to a registered player, and rating updates of a registered field.

Which rating: the event's kind (standard, rapid or blitz; FIDE's classification by the time
a player has for 60 moves — rapid when more than 10 and less than 60 minutes, blitz at 10 or
less) unless the organiser set ``options["rating_kind"]``; the national rating always goes
to ``national_rating``.  Go entries fill the Go rank and GoR.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.i18n import _
from core.model import Player, Tournament
from core.ratinglists.entry import ListEntry
from core.ratinglists.index import ListIndex, ListInfo

RATING_KINDS = ("standard", "rapid", "blitz")
_CONTROL = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*(?:'|m|min)?\s*(?:\+\s*(\d+(?:[.,]\d+)?)\s*(?:\"|s)?)?\s*$")


def kind_for_time_control(time_control: str) -> str:
    """``standard``/``rapid``/``blitz`` from ``"90+30"``, ``"15+10"``, ``"3+2"`` (base minutes
    plus increment seconds; the time for 60 moves decides, as in FIDE's Laws A.1 and B.1)."""
    match = _CONTROL.match(time_control or "")
    if not match:
        return "standard"
    base = Fraction(match.group(1).replace(",", "."))
    increment = Fraction((match.group(2) or "0").replace(",", "."))
    for_60_moves = base + increment  # 60 moves × increment seconds = increment minutes
    if for_60_moves <= 10:
        return "blitz"
    if for_60_moves < 60:
        return "rapid"
    return "standard"


def event_rating_kind(t: Tournament) -> str:
    """The rating kind the event registers players with."""
    chosen = str(t.options.get("rating_kind", "") or "")
    return chosen if chosen in RATING_KINDS else kind_for_time_control(t.time_control)


def player_fields(entry: ListEntry, kind: str) -> dict[str, Any]:
    """The fields :func:`core.commands.add_player` takes, filled from ``entry``."""
    fields: dict[str, Any] = {
        "name": entry.name, "rating": entry.rating(kind), "national_rating": entry.national_rating,
        "title": entry.best_title, "federation": entry.federation, "fide_id": entry.fide_id,
        "national_id": entry.national_id, "club": entry.club, "birth": entry.birth_year,
        "sex": entry.sex,
    }
    extra: dict[str, Any] = {}
    if entry.go_rank:
        extra["go_rank"] = entry.go_rank
        extra["go_rating"] = entry.go_rating
    if entry.egd_pin:
        extra["egd_pin"] = entry.egd_pin
    if extra:
        fields["extra"] = extra
    return fields


def find_entry(index: ListIndex, fide_id: str = "", national_id: str = "", egd_pin: str = "") -> ListEntry:
    """The entry with the given id; a clear error naming the id and the list otherwise."""
    for kind, value in (("fide_id", fide_id), ("national_id", national_id), ("egd_pin", egd_pin)):
        if value:
            entry = index.by_id(value, kind)
            if entry is None:
                raise TournamentError(_("{kind} {value} is not in rating list {name!r} ({date})")
                                      .format(kind=_id_label(kind), value=value, name=index.name,
                                              date=index.info.date or _("undated")))
            return entry
    raise TournamentError(_("give a FIDE id, a national id or an EGD pin"))


def _id_label(kind: str) -> str:
    return {"fide_id": _("FIDE id"), "national_id": _("national id"), "egd_pin": _("EGD pin")}[kind]


def record_source(t: Tournament, source_list: ListIndex | ListInfo) -> Tournament:
    """Note in the event which list (and which edition) its ratings come from."""
    info = source_list.info if isinstance(source_list, ListIndex) else source_list
    source = {"name": info.name, "format": info.format, "date": info.date}
    if t.options.get("rating_list") == source:
        return t
    return t.with_changes(options={**t.options, "rating_list": source})


@dataclass(frozen=True)
class RatingChange:
    """One registered player whose list values differ from what the event holds."""

    pno: int
    name: str
    changes: Mapping[str, tuple[Any, Any]]
    """field → (old, new)."""


_COMPARED = ("rating", "national_rating", "title", "federation", "birth", "sex")


def _lookup(index: ListIndex, p: Player) -> ListEntry | None:
    if p.fide_id:
        return index.by_id(p.fide_id, "fide_id")
    if p.national_id:
        return index.by_id(p.national_id, "national_id")
    pin = str((p.extra or {}).get("egd_pin", ""))
    return index.by_id(pin, "egd_pin") if pin else None


def rating_changes(t: Tournament, index: ListIndex) -> tuple[list[RatingChange], list[Player]]:
    """What a newer list changes for the registered field, and who is not found in it."""
    kind = event_rating_kind(t)
    changes: list[RatingChange] = []
    missing: list[Player] = []
    for p in sorted(t.players, key=lambda q: q.pno):
        entry = _lookup(index, p)
        if entry is None:
            if p.fide_id or p.national_id:
                missing.append(p)
            continue
        new = player_fields(entry, kind)
        diff = {f: (getattr(p, f), new[f]) for f in _COMPARED
                if new[f] not in ("", 0) and getattr(p, f) != new[f]}
        if diff:
            changes.append(RatingChange(pno=p.pno, name=p.name, changes=diff))
    return changes, missing


def apply_rating_changes(t: Tournament, changes: list[RatingChange]) -> Tournament:
    """The event with ``changes`` applied — only before round 1 (the ratings define the
    starting rank, and rated results must use the ratings the event started with)."""
    from core import commands

    if t.rounds:
        raise TournamentError(_("ratings can be updated from a list only before round 1 is paired"))
    for change in changes:
        t = commands.edit_player(t, change.pno, **{f: new for f, (_old, new) in change.changes.items()})
    return t


@dataclass(frozen=True)
class RatingUpdate:
    """The outcome of updating a field from a list: the new event and what changed."""

    tournament: Tournament
    changes: tuple[RatingChange, ...]
    missing: tuple[Player, ...]
    source: ListInfo


def rating_update(t: Tournament, index: ListIndex) -> RatingUpdate:
    """Update the registered field from ``index`` (before round 1) and note the list used."""
    changes, missing = rating_changes(t, index)
    updated = record_source(apply_rating_changes(t, changes), index)
    return RatingUpdate(tournament=updated, changes=tuple(changes), missing=tuple(missing),
                        source=index.info)


def register_entry(t: Tournament, entry: ListEntry, source: ListInfo) -> Tournament:
    """Register the player of a list entry (with the event's rating kind) and note the list."""
    from core import commands

    fields = player_fields(entry, event_rating_kind(t))
    name = fields.pop("name")
    return commands.add_player(record_source(t, source), name, **fields)

"""From a list entry to a registered player, and what a newer list changes in a registered
field (the changes that store them are :mod:`core.changes.ratings`).

Which rating: the event's kind (standard, rapid or blitz; FIDE's classification by the time
a player has for 60 moves — rapid when more than 10 and less than 60 minutes, blitz at 10 or
less) unless the organiser set ``options["rating_kind"]``; the national rating always goes
to ``national_rating``.  Go entries fill the Go rank and GoR.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.errors import TournamentError
from core.i18n import _
from core.model import Player, Tournament
from core.duplicates import id_label
from core.ratinglists.entry import ListEntry
from core.ratings.kind import event_rating_kind
from core.ratings.record import FIDE_K_KEY
from core.ratinglists.index import ListIndex, ListInfo

PAIRING_RATING_CHOICES: dict[str, tuple[str, ...]] = {
    "kind": (), "rapid-standard": ("rapid", "standard"), "blitz-rapid-standard": ("blitz", "rapid", "standard"),
}
"""The organiser's choices of ``options["rating_for_pairing"]``, as Swiss-Manager offers
them: the event's kind only; rapid, else standard; blitz, else rapid, else standard."""

DEFAULT_PAIRING_RATINGS: dict[str, tuple[str, ...]] = {
    "standard": ("standard",), "rapid": ("rapid", "standard"), "blitz": ("blitz", "rapid", "standard"),
}
"""Without a choice: a rapid event seeds by the rapid rating, else the standard one; a blitz
event by blitz, else rapid, else standard.  What an arbiter expects: the starting rank
estimates strength (C.04.2 Art. 2.2), and a player's standard rating estimates it far better
than "unrated" (an IM of 2455 standard without a rapid rating does not belong below a 1661)."""


def pairing_rating_order(t: Tournament) -> tuple[str, ...]:
    """The rating kinds a player's rating for pairing is taken from, first found first."""
    chosen = str(t.options.get("rating_for_pairing", "") or "")
    kind = event_rating_kind(t)
    if chosen == "kind":
        return (kind,)
    return PAIRING_RATING_CHOICES.get(chosen) or DEFAULT_PAIRING_RATINGS[kind]


RATING_SOURCE_KEY = "rating_source"
"""``Player.extra`` key naming the kind the rating came from when it is not the first kind
of the event's order (a rapid event's player seeded by the standard rating)."""


def player_fields(entry: ListEntry, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The fields :func:`core.changes.add_player` takes, filled from ``entry``; the rating is
    the first of ``kinds`` the entry has (:func:`pairing_rating_order`)."""
    rating, source = entry.first_rating(kinds)
    fields: dict[str, Any] = {
        "name": entry.name, "rating": rating, "national_rating": entry.national_rating,
        "title": entry.best_title, "federation": entry.federation, "fide_id": entry.fide_id,
        "national_id": entry.national_id, "club": entry.club, "birth": entry.birth_year,
        "sex": entry.sex,
    }
    extra: dict[str, Any] = {}
    if rating and source != kinds[0]:
        extra[RATING_SOURCE_KEY] = source
    if entry.k(kinds[0]):  # FIDE's K of the event's kind: the rating change's K (8.3.3)
        extra[FIDE_K_KEY] = entry.k(kinds[0])
    if entry.go_rank:
        extra["go_rank"] = entry.go_rank
        extra["go_rating"] = entry.go_rating
    if entry.egd_pin:
        extra["egd_pin"] = entry.egd_pin
    if extra:
        fields["extra"] = extra
    return fields


def find_entry(index: ListIndex, fide_id: str = "", national_id: str = "", egd_pin: str = "") -> ListEntry:
    """The one entry with the given id; an id several entries share, or a part of a compound
    id (the member number without its club key), is refused with the candidates named."""
    for kind, value in (("fide_id", fide_id), ("national_id", national_id), ("egd_pin", egd_pin)):
        if not value:
            continue
        found = index.with_id(value, kind, _SHOWN + 1) or index.with_id(value.upper(), kind, _SHOWN + 1)
        if len(found) == 1:  # (club codes are written in capitals: c0327-1086 is C0327-1086)
            return found[0]
        if not found and kind == "national_id":
            found = index.with_id_part(value, kind, _SHOWN + 1)
            if found:
                raise TournamentError(_("national id {value} is only part of an id in rating list {name!r}; "
                                        "give the whole id: {candidates}")
                                      .format(value=value, name=index.name, candidates=_candidates(found)))
        if found:
            raise TournamentError(_("{kind} {value} belongs to several players of rating list {name!r}: "
                                    "{candidates}").format(kind=id_label(kind), value=value, name=index.name,
                                                           candidates=_candidates(found)))
        raise TournamentError(_("{kind} {value} is not in rating list {name!r} ({date})")
                              .format(kind=id_label(kind), value=value, name=index.name,
                                      date=index.info.date or _("undated")))
    raise TournamentError(_("give a FIDE id, a national id or an EGD pin"))


_SHOWN = 10
"""How many candidates a refusal names (then "and more")."""


def _candidates(entries: list[ListEntry]) -> str:
    shown = "; ".join(f"{e.national_id or e.fide_id or e.egd_pin} {e.name}" for e in entries[:_SHOWN])
    return shown + (_("; and more") if len(entries) > _SHOWN else "")


@dataclass(frozen=True)
class RatingChange:
    """One registered player whose list values differ from what the event holds."""

    pno: int
    """The player's number when the update was asked for (it may change with the ratings)."""
    name: str
    changes: Mapping[str, tuple[Any, Any]]
    """field → (old, new)."""


_COMPARED = ("rating", "national_rating", "title", "federation", "birth", "sex")
_GO_COMPARED = ("go_rating", "go_rank")
"""Go fields, kept in ``Player.extra``: the GoR (negative too) and the declared grade."""
EXTRA_FIELDS = (RATING_SOURCE_KEY, FIDE_K_KEY, *_GO_COMPARED)


def list_entry_of(index: ListIndex, p: Player) -> ListEntry | None:
    """The player's own entry, found by identity: the FIDE id, else the national id (with its
    club key, as the list writes it), else the EGD pin — never by name or position.  An id
    that several entries share identifies nobody."""
    pin = str((p.extra or {}).get("egd_pin", "") or "")
    for kind, value in (("fide_id", p.fide_id), ("national_id", p.national_id), ("egd_pin", pin)):
        entry = index.by_id(value, kind) if value else None
        if entry is not None:
            return entry
    return None


def rating_changes(t: Tournament, index: ListIndex) -> tuple[list[RatingChange], list[Player]]:
    """What a newer list changes for the registered field, and who is not found in it."""
    policy = pairing_rating_order(t)
    changes: list[RatingChange] = []
    missing: list[Player] = []
    for p in sorted(t.players, key=lambda q: q.pno):
        entry = list_entry_of(index, p)
        if entry is None:
            if p.fide_id or p.national_id or (p.extra or {}).get("egd_pin"):
                missing.append(p)
            continue
        new = player_fields(entry, policy)
        diff = {f: (getattr(p, f), new[f]) for f in _COMPARED  # the rating even when 0: the
                if (f == "rating" or new[f] not in ("", 0)) and getattr(p, f) != new[f]}  # list has none of the kinds
        if "rating" in diff:
            diff[RATING_SOURCE_KEY] = ((p.extra or {}).get(RATING_SOURCE_KEY, ""),
                                       new.get("extra", {}).get(RATING_SOURCE_KEY, ""))
        listed_go = new.get("extra", {})
        diff.update({key: ((p.extra or {}).get(key), listed_go[key]) for key in (*_GO_COMPARED, FIDE_K_KEY)
                     if key in listed_go and (p.extra or {}).get(key) != listed_go[key]})
        if diff:
            changes.append(RatingChange(pno=p.pno, name=p.name, changes=diff))
    return changes, missing


Renumbering = tuple[tuple[str, int, int], ...]
"""(name, old number, new number) of each player whose pairing number changed."""


@dataclass(frozen=True)
class RatingUpdate:
    """The outcome of updating a field from a list: the new event and what changed."""

    tournament: Tournament
    changes: tuple[RatingChange, ...]
    missing: tuple[Player, ...]
    source: ListInfo
    renumbered: Renumbering = ()
    """Who got another pairing number because the ratings changed (numbers before round 1
    follow the ratings, FIDE C.04.2 Art. 2.2)."""

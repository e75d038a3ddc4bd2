"""The series table, computed from the events every time (never stored).

A person is the same person in every event by the register's member id (``Player.member``);
a player without one is matched by the FIDE id (a Go player: the EGD pin) — to the member the
register gives that id, or who carries it in another event of the series when exactly one
does, else as that id alone.  A player with none cannot be followed from one event to the
next: listed apart, "not in the register".

Members equal on series points are separated, in this order (stated in every report):

1. the counted results compared best first (countback: the better best result, then the
   better second best, …);
2. more events played;
3. the results that did not count, compared best first (the better discarded result);
4. the points scored against each other in the games of the series' events (head-to-head);

and are otherwise listed on a shared place: a club decides a title by a play-off, not by lot.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.club.series import Series
from core.i18n import _
from core.i18n.collation import sort_key
from core.model import Player, Tournament

Key = tuple[str, str]
"""How a person is known across events: ``("member", "17")``, ``("fide", "34100001")`` or
``("egd", "13000001")``."""


@dataclass(frozen=True)
class EventResult:
    """One person's result in one event of the series."""

    place: int
    shared: int
    """How many players share that place (1: alone)."""
    game_points: Fraction
    points: Fraction
    """Series points earned (by the place, or the game points)."""
    counted: bool = True


@dataclass(frozen=True)
class Row:
    """A person in the series table (``rank`` None: not qualified, listed below)."""

    rank: int | None
    key: Key
    name: str
    total: Fraction
    results: tuple[EventResult | None, ...]
    """Per event of the series, in its order (None: did not play)."""
    played: int
    shared: bool = False
    decided_by: str = ""
    """The criterion that put this person ahead of the next one equal on points."""

    @property
    def qualified(self) -> bool:
        return self.rank is not None


@dataclass(frozen=True)
class Unidentified:
    """A player no event says who she is (no member id, no FIDE id)."""

    event: int
    """Index of the event in the series."""
    name: str
    result: EventResult


@dataclass(frozen=True)
class SeriesEvent:
    """An event of the series as the table shows it."""

    id: str
    name: str
    date: str = ""
    rounds_played: int = 0
    rounds: int = 0
    players: int = 0
    problem: str = ""
    """Why the event could not be read (it then counts for nobody)."""


@dataclass(frozen=True)
class SeriesTable:
    series: Series
    events: tuple[SeriesEvent, ...]
    rows: tuple[Row, ...]
    """Qualified members ranked first, then the others (rank None) in the same order."""
    unidentified: tuple[Unidentified, ...] = ()
    warnings: tuple[str, ...] = ()


def criteria_labels() -> dict[str, str]:
    """The tie-break criteria by key, in their order, as reports state them."""
    return {"countback": _("better counted results, best first"),
            "played": _("more events played"),
            "discarded": _("better results that did not count, best first"),
            "head-to-head": _("points scored against each other in the series' events")}


def criteria_words() -> dict[str, str]:
    """The same criteria in a word or two, for a table's column."""
    return {"countback": _("countback"), "played": _("more events"), "discarded": _("discarded results"),
            "head-to-head": _("head-to-head")}


# -- one event ----------------------------------------------------------------------------------
def event_results(series: Series, t: Tournament) -> dict[int, EventResult]:
    """Pairing number → the result of every placed player of ``t`` (a player the event's
    standings do not rank — withdrawn early from an all-play-all — has none; nobody has one
    before the event's first result: an event added ahead of its day counts for nobody yet)."""
    from core.standings import compute_standings, rounds_started

    if not rounds_started(t):
        return {}
    standings = compute_standings(t, team=False)
    rows = [r for r in standings.rows if r.rank is not None]
    main = None if standings.chess_regime else standings.tiebreaks[0]
    out: dict[int, EventResult] = {}
    start = 0
    for group in _place_groups(series.place_by, rows, main):
        share = _place_points(series.table, start, len(group))
        for row in group:
            points = share if series.scoring == "places" else row.points
            out[row.pno] = EventResult(start + 1, len(group), row.points, points)
        start += len(group)
    return out


def _place_groups(rule: str, rows: Sequence, main: str | None) -> list[list]:
    """Consecutive rows that share a place: an equal score (``points``: the event's points, or
    its main score ``main`` where one ranks — a Go event's MMS, a Keizer score) or an equal
    rank of the event's standings (``standings``)."""

    def score(row: Any) -> object:
        return row.points if main is None else row.values.get(main)

    groups: list[list] = []
    for row in rows:
        first = groups[-1][0] if groups else None
        if first is not None and (score(row) == score(first) if rule == "points" else row.rank == first.rank):
            groups[-1].append(row)
        else:
            groups.append([row])
    return groups


def _place_points(table: Sequence[Fraction], start: int, size: int) -> Fraction:
    """The points of places ``start+1 … start+size`` split evenly (places after the table: 0)."""
    earned = sum((table[i] for i in range(start, start + size) if i < len(table)), Fraction(0))
    return earned / size


# -- who is who ---------------------------------------------------------------------------------
def _fide(p: Player) -> str:
    value = p.fide_id.strip()
    return value if value.isdigit() and int(value) > 0 else ""


def _pin(p: Player) -> str:
    value = str(p.extra.get("egd_pin", "") if p.extra else "").strip()
    return value if value.isdigit() and int(value) > 0 else ""


def person_keys(events: Sequence[Tournament], register: Mapping[Key, int] | None = None,
                current: Collection[int] | None = None) -> dict[tuple[int, int], Key]:
    """(event index, pairing number) → the person's key, for every player who has one.

    ``register``: the club register's ids → member number (``("fide", "34100001")``,
    ``("egd", "13000001")``); a player without a member number is that member when the
    register, or another event of the series, links the id to exactly one member.
    ``current``: the register's member numbers — a player linked to a number no longer there
    (a removed member) is found by their ids like an unlinked one (the member added again),
    else kept apart as ``("removed", number)``; never shown as a member."""
    def member_of(p: Player) -> int | None:
        return p.member if p.member is not None and (current is None or p.member in current) else None

    linked: dict[Key, set[int]] = {}
    for t in events:
        for p in t.players:
            number = member_of(p)
            for held in _ids(p):
                if number is not None:
                    linked.setdefault(held, set()).add(number)
    out: dict[tuple[int, int], Key] = {}
    for n, t in enumerate(events):
        for p in t.players:
            person = _key(p, member_of(p), register or {}, linked)
            if person is not None:
                out[(n, p.pno)] = person
    return out


def _ids(p: Player) -> list[Key]:
    return [k for k in (("fide", _fide(p)), ("egd", _pin(p))) if k[1]]


def _key(p: Player, member: int | None, register: Mapping[Key, int], linked: Mapping[Key, set[int]]) -> Key | None:
    if member is not None:
        return ("member", str(member))
    for key in _ids(p):
        if key in register:
            return ("member", str(register[key]))
        if len(linked.get(key, ())) == 1:
            return ("member", str(next(iter(linked[key]))))
    ids = _ids(p)
    return ids[0] if ids else (("removed", str(p.member)) if p.member is not None else None)


# -- the table ----------------------------------------------------------------------------------
def compute(series: Series, tournaments: Mapping[str, Tournament | str],
            register: Mapping[Key, int] | None = None, current: Collection[int] | None = None,
            member_names: Mapping[int, str] | None = None) -> SeriesTable:
    """The series table.  ``tournaments``: each event id → the tournament, or the reason it
    could not be read (it is then listed with that reason and counts for nobody);
    ``register``: the club register's ids → member numbers, ``current`` its member numbers
    (:func:`person_keys`); ``member_names``: the register's names by member number — a
    member's row shows the register's name now (renamed — married, a spelling put right —
    after the events were played, the events' old name was shown), anyone else's the
    spelling of the last event of the series holding them."""
    events: list[SeriesEvent] = []
    readable: list[tuple[int, Tournament]] = []
    for n, tid in enumerate(series.events):
        t = tournaments.get(tid, _("no such tournament"))
        if isinstance(t, str):
            events.append(SeriesEvent(tid, tid, problem=t))
            continue
        readable.append((n, t))
        events.append(SeriesEvent(tid, t.name, t.start_date, len(t.rounds), t.total_rounds, len(t.players)))
    keys = person_keys([t for _n, t in readable], register, current)
    results: dict[Key, list[EventResult | None]] = {}
    names: dict[Key, str] = {}
    unidentified: list[Unidentified] = []
    warnings: list[str] = []
    for i, (n, t) in enumerate(readable):
        for pno, result in event_results(series, t).items():
            player = t.player(pno)
            key = keys.get((i, pno))
            if key is None:
                unidentified.append(Unidentified(n, player.name, result))
                continue
            slots = results.setdefault(key, [None] * len(series.events))
            if slots[n] is not None:
                warnings.append(_("{event}: {name} is in the event twice (the same {id}); the better result counts")
                                .format(event=t.name, name=player.name, id=_key_text(key)))
                continue
            slots[n] = result
            names[key] = player.name  # the latest event's spelling
    for key in names:
        if key[0] == "member" and member_names and int(key[1]) in member_names:
            names[key] = member_names[int(key[1])]
    rows = [_row(series, key, names[key], slots) for key, slots in results.items()]
    ranked = _rank(series, rows, [t for _n, t in readable], keys)
    return SeriesTable(series, tuple(events), tuple(ranked), tuple(unidentified), tuple(warnings))


def _key_text(key: Key) -> str:
    return {"member": _("member {id}"), "fide": _("FIDE id {id}"), "removed": _("removed member {id}")}.get(
        key[0], _("EGD pin {id}")).format(id=key[1])


def _row(series: Series, key: Key, name: str, slots: list[EventResult | None]) -> Row:
    """The person's results with the best ``series.best`` marked as counted (equal results:
    the earlier event counts)."""
    played = [(n, r) for n, r in enumerate(slots) if r is not None]
    best = sorted(played, key=lambda item: (-item[1].points, item[0]))
    keep = {n for n, _r in (best[:series.best] if series.best else best)}
    marked = tuple(None if r is None else EventResult(r.place, r.shared, r.game_points, r.points, n in keep)
                   for n, r in enumerate(slots))
    total = sum((r.points for r in marked if r is not None and r.counted), Fraction(0))
    return Row(None, key, name, total, marked, len(played))


def _order_key(row: Row) -> tuple:
    """Series points, then criteria 1–3 of the module docstring (higher first)."""
    counted = sorted((r.points for r in row.results if r is not None and r.counted), reverse=True)
    dropped = sorted((r.points for r in row.results if r is not None and not r.counted), reverse=True)
    return (row.total, tuple(counted), row.played, tuple(dropped))


def _rank(series: Series, rows: list[Row], events: list[Tournament], keys: dict[tuple[int, int], Key]) -> list[Row]:
    """Qualified rows ranked, then the others in the same order without a rank."""
    import dataclasses

    ordered = sorted(rows, key=lambda r: (sort_key(r.name), r.key))  # equals: by name
    ordered = sorted(ordered, key=_order_key, reverse=True)
    qualified = [r for r in ordered if r.played >= series.minimum]
    others = [r for r in ordered if r.played < series.minimum]
    groups = _tie_groups(qualified, events, keys)
    out: list[Row] = []
    for g, group in enumerate(groups):
        rank = len(out) + 1
        for row in group:
            out.append(dataclasses.replace(row, rank=rank, shared=len(group) > 1))
        if g + 1 < len(groups) and groups[g + 1][0].total == group[0].total:
            out[-1] = dataclasses.replace(out[-1], decided_by=_decider(group[-1], groups[g + 1][0]))
    return out + others


def _tie_groups(rows: list[Row], events: list[Tournament], keys: dict[tuple[int, int], Key]) -> list[list[Row]]:
    """``rows`` (ordered) cut into groups of equal places: equal on criteria 1–3, then split
    by head-to-head; whoever is still equal shares the place."""
    groups: list[list[Row]] = []
    for row in rows:
        if groups and _order_key(groups[-1][0]) == _order_key(row):
            groups[-1].append(row)
        else:
            groups.append([row])
    out: list[list[Row]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        scored = head_to_head(events, keys, {r.key for r in group})
        by_score: dict[Fraction, list[Row]] = {}
        for row in group:
            by_score.setdefault(scored.get(row.key, Fraction(0)), []).append(row)
        out += [by_score[s] for s in sorted(by_score, reverse=True)]
    return out


def head_to_head(events: Sequence[Tournament], keys: Mapping[tuple[int, int], Key],
                 group: set[Key]) -> dict[Key, Fraction]:
    """Points each person of ``group`` scored in the games played against the others of the
    group, over every event of the series (each game as its event scores it; a forfeit is no
    game between them)."""
    from core.model import Colour, entries

    out: dict[Key, Fraction] = {}
    for n, t in enumerate(events):
        for pno, history in entries(t).items():
            me = keys.get((n, pno))
            if me is None or me not in group:
                continue
            for e in history:
                if e.opponent is None or e.colour is Colour.NONE or e.code is None:
                    continue  # a bye, a forfeit, a game still running
                if keys.get((n, e.opponent)) in group - {me}:
                    out[me] = out.get(me, Fraction(0)) + t.points.for_code(e.code)
    return out


def _decider(ahead: Row, behind: Row) -> str:
    """The first criterion of the stated order that puts ``ahead`` before ``behind``."""
    a, b = _order_key(ahead), _order_key(behind)
    for key, index in (("countback", 1), ("played", 2), ("discarded", 3)):
        if a[index] != b[index]:
            return key
    return "head-to-head"

"""One person registered once: the rule every door applies — the registration form, ``hakem
players add``, a pick from a rating list and an import of many players.

A player entered again comes in two kinds:

- **The same id** — the FIDE id, the national id with its club key (compared as a list writes
  it, capitals or not), the EGD pin or the club register's member number: an id is one person, so the second registration is
  refused, naming the player who holds it.  No answer makes it right; the id is corrected.
- **A probable duplicate** — the same name (compared as a search compares names,
  :func:`core.i18n.collation.name_keys`: case, accents, commas, spacing, the script and the
  way a language spells it — Иванов is Ivanov and Iwanow, Müller is Mueller and Мюллер — do
  not tell two people apart) with nothing both have that differs: an
  id of the same kind, the year of birth, or the rating (an entry without a rating, or two
  unrated players, are not told apart by it).  A name typed twice (an Enter pressed twice, a record pasted
  twice) or a file imported twice looks like this; two namesakes of one club differ in year or
  rating.  It is *asked*, not refused: a father and a son may share the name and both be
  unrated.  The TUI asks ("add anyway" / "cancel"), the CLI refuses unless
  ``--allow-duplicate``, an import names every such line and imports only when told to.

A player picked from a rating list or the club's register is compared the same way: typed by
hand before (no id), he looks like the one picked.  The player typed is compared with the registered players and, in an import, with the lines
before it; the refusal names the player found by number and name (or by the line)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from core.errors import FileProblems, TournamentError
from core.i18n import _
from core.model import Player, Tournament



class Member(Protocol):
    """What the duplicate rule reads of a member of the club's register
    (:class:`core.club.members.Member`; the register builds on this rule, not the reverse)."""

    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def fide_id(self) -> str: ...
    @property
    def national_id(self) -> str: ...
    @property
    def egd_pin(self) -> str: ...
    @property
    def birth_year(self) -> int | None: ...

    def rating(self, kind: str) -> int: ...

ID_KINDS = ("fide_id", "national_id", "egd_pin", "member")
"""The ids that name one person (the order a refusal checks them in); ``member`` is the club
register's number (:attr:`core.model.Player.member`)."""


def id_label(kind: str) -> str:
    """The id's name as messages say it."""
    return {"fide_id": _("FIDE id"), "national_id": _("national id"), "egd_pin": _("EGD pin"),
            "member": _("register member")}[kind]


@dataclass(frozen=True)
class Entrant:
    """What tells one person from another: the name as searched, the rating, the year of
    birth and the ids (the id's kind → its value as compared)."""

    name: frozenset[str]
    """The name's :func:`~core.i18n.collation.name_keys` (one shared: the same name)."""
    shown: str
    rating: int
    year: str
    ids: Mapping[str, str]

    @classmethod
    def of_fields(cls, fields: Mapping[str, Any]) -> Entrant:
        """The player an ``add_player`` call (its keywords, ``extra`` with the EGD pin) would
        register."""
        extra = fields.get("extra") or {}
        rating = extra.get("go_rating") if extra.get("go_rating") not in (None, "") else fields.get("rating")
        return cls._make(str(fields.get("name", "") or ""), rating, str(fields.get("birth", "") or ""),
                         {"fide_id": fields.get("fide_id"), "national_id": fields.get("national_id"),
                          "egd_pin": extra.get("egd_pin"), "member": fields.get("member")})

    @classmethod
    def of_player(cls, p: Player) -> Entrant:
        from core.go.ranks import stated_go_rating

        return cls._make(p.name, stated_go_rating(p), p.birth,
                         {"fide_id": p.fide_id, "national_id": p.national_id, "egd_pin": (p.extra or {}).get("egd_pin"),
                          "member": p.member})

    @classmethod
    def of_member(cls, m: Member) -> Entrant:
        """A member of the club's register (the first rating of :data:`~core.ratings.kind.
        PERSON_RATING_KINDS` that is set: the standard one for most)."""
        from core.ratings.kind import PERSON_RATING_KINDS

        rating = next((m.rating(kind) for kind in PERSON_RATING_KINDS if m.rating(kind)), 0)
        return cls._make(m.name, rating, str(m.birth_year or ""),
                         {"fide_id": m.fide_id, "national_id": m.national_id, "egd_pin": m.egd_pin, "member": ""})

    @classmethod
    def _make(cls, name: str, rating: object, birth: str, ids: Mapping[str, object]) -> Entrant:
        import re

        from core.i18n.collation import name_keys

        year = re.search(r"(?<![0-9])[0-9]{4}(?![0-9])", birth)
        try:
            number = int(str(rating or 0))
        except ValueError:
            number = 0
        values = {kind: str(value or "").strip() for kind, value in ids.items()}
        values["national_id"] = values["national_id"].upper()
        return cls(name_keys(name), name.strip(), number, year.group() if year else "", values)

    def looks_like(self, other: Entrant) -> bool:
        """The same name with nothing telling them apart: an id of one kind, a year of birth or
        a rating that both have and that differ.  A missing rating tells nobody apart (the
        same player typed again without his rating is the commonest duplicate)."""
        if not self.name & other.name:
            return False
        if any(self.ids[k] and other.ids[k] and self.ids[k] != other.ids[k] for k in ID_KINDS):
            return False
        if self.year and other.year:
            return self.year == other.year
        return not (self.rating and other.rating) or self.rating == other.rating

    def told_apart(self, other: Entrant) -> bool:
        """Whether ``other`` is someone else, as linking a player to a member asks: an id of one
        kind both have differs, or — sharing no id — the names differ (as a search compares
        them, so "Celik, Ayse" is "Çelik, Ayşe").  Ratings and years are not compared: an
        event's player carries the rating of the event's day, the register today's."""
        kinds = ("fide_id", "national_id", "egd_pin")
        if any(self.ids[k] and other.ids[k] and self.ids[k] != other.ids[k] for k in kinds):
            return True
        if any(self.ids[k] and self.ids[k] == other.ids[k] for k in kinds):
            return False
        return not self.name & other.name

    def details(self) -> str:
        """The rating and year a question shows beside the name (how alike they are)."""
        parts = [_("rating {rating}").format(rating=self.rating) if self.rating else _("unrated")]
        if self.year:
            parts.append(_("born {year}").format(year=self.year))
        return ", ".join(parts)


class ProbableDuplicate(TournamentError):
    """The player looks like one already registered (same name, and year or rating): nothing
    was added.  ``pno`` and ``existing`` name that player; a front end asks and, told to, adds
    again with the duplicate allowed."""

    def __init__(self, name: str, held: Player) -> None:
        self.pno = held.pno
        self.existing = held.name
        super().__init__(_looks_like(name, held))


class ProbableMember(TournamentError):
    """A member being added looks like one of the register (same name, and year or rating):
    nothing was added.  ``number`` and ``existing`` name that member; a front end asks and, told
    to, adds again with the duplicate allowed (a father and a son may share the name)."""

    def __init__(self, name: str, held: Member) -> None:
        self.number = held.id
        self.existing = held.name
        super().__init__(_("{name} looks like a member of the register: number {number}, {existing} ({details})").format(
            name=name.strip(), number=held.id, existing=held.name, details=Entrant.of_member(held).details()))


def refuse_member_duplicate(register: Iterable[Member], new: Member) -> None:
    """Refuse (:class:`ProbableMember`) a member who looks like one of ``register`` — the rule
    players are registered by, for the club's register (its ids are refused by the register)."""
    entrant = Entrant.of_member(new)
    held = next((m for m in register if entrant.looks_like(Entrant.of_member(m))), None)
    if held is not None:
        raise ProbableMember(new.name, held)


class DuplicateLines(FileProblems):
    """Lines of an import that look like players already registered or like an earlier line:
    nothing was imported; told to (``--allow-duplicate``, the TUI's "import anyway"), the
    import adds them all the same."""


def _id_held(kind: str, value: str, p: Player) -> str:
    return _("{kind} {value} is already registered: number {pno}, {name}").format(
        kind=id_label(kind), value=value, pno=p.pno, name=p.name)


def _looks_like(name: str, p: Player) -> str:
    return _("{name} looks like a player already registered: number {pno}, {existing} ({details})").format(
        name=name.strip(), pno=p.pno, existing=p.name, details=Entrant.of_player(p).details())


class _Index:
    """People already seen — the registered players, or the lines before — by id and by
    each of its name's keys, so that a file of 2,000 lines against a field of 2,000 is checked in one pass
    (not two million comparisons).  ``who`` is what a refusal names: a player, or a line."""

    def __init__(self) -> None:
        self.ids: dict[tuple[str, str], Any] = {}
        self.names: dict[str, list[tuple[Any, Entrant]]] = {}

    def add(self, who: Any, entrant: Entrant) -> None:
        for kind in ID_KINDS:
            if entrant.ids[kind]:
                self.ids.setdefault((kind, entrant.ids[kind]), who)
        for key in entrant.name:
            self.names.setdefault(key, []).append((who, entrant))

    def holder(self, new: Entrant) -> tuple[Any, tuple[str, str]] | None:
        """Who holds one of ``new``'s ids (and that id)."""
        for kind in ID_KINDS:
            key = (kind, new.ids[kind])
            if new.ids[kind] and key in self.ids:
                return self.ids[key], key
        return None

    def alike(self, new: Entrant) -> tuple[Any, Entrant] | None:
        """The first one seen that ``new`` looks like (:meth:`Entrant.looks_like`)."""
        return next(((who, seen) for key in sorted(new.name) for who, seen in self.names.get(key, ())
                     if new.looks_like(seen)), None)


def _registered(t: Tournament) -> _Index:
    index = _Index()
    for p in t.players:
        index.add(p, Entrant.of_player(p))
    return index


def refuse_duplicate(t: Tournament, fields: Mapping[str, Any], allow_namesake: bool = False) -> None:
    """Refuse to register the player of ``fields`` (``add_player``'s keywords, with ``name``)
    when an id is already registered (always) or the player looks like a registered one
    (:class:`ProbableDuplicate`, unless ``allow_namesake``)."""
    new, registered = Entrant.of_fields(fields), _registered(t)
    held = registered.holder(new)
    if held is not None:
        raise TournamentError(_id_held(*held[1], held[0]))
    alike = registered.alike(new)
    if alike is not None and not allow_namesake:
        raise ProbableDuplicate(new.shown, alike[0])


def duplicate_rows(t: Tournament, rows: Sequence[Mapping[str, Any]],
                   where: Sequence[str]) -> list[tuple[int, bool, str]]:
    """The lines of an import that register someone again: (the row's index, whether an id is
    repeated — refused whatever the answer — and the words naming the player or the earlier
    line, ``where`` naming lines).  A line is compared with the registered players and with
    the lines before it; an id outweighs a name, a registered player an earlier line."""
    registered, earlier = _registered(t), _Index()
    found = []
    for i, (row, line) in enumerate(zip(rows, where)):
        new = Entrant.of_fields(row)
        problem = _row_problem(new, registered, earlier)
        if problem is not None:
            found.append((i, *problem))
        earlier.add(line, new)
    return found


def _row_problem(new: Entrant, registered: _Index, earlier: _Index) -> tuple[bool, str] | None:
    """(an id repeated?, the words) for one line of an import, ``None`` when it is new."""
    held = registered.holder(new)
    if held is not None:
        return True, _id_held(*held[1], held[0])
    held = earlier.holder(new)
    if held is not None:
        return True, _("{kind} {value} is on {line} too").format(kind=id_label(held[1][0]), value=held[1][1],
                                                                line=held[0])
    alike = registered.alike(new)
    if alike is not None:
        return False, _looks_like(new.shown, alike[0])
    alike = earlier.alike(new)
    if alike is not None:
        return False, _("{name} looks like the player on {line} ({details})").format(
            name=new.shown, line=alike[0], details=alike[1].details())
    return None

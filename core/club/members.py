"""A member of the club's register, as a document of the club database's ``members`` table.

One document per person, keyed by TinyDB's document id (the member's number, ``Player.member``
in the events they play)::

    {"name": "Kaya, Can", "fide_id": "34600001", "national_id": "", "egd_pin": "",
     "federation": "TUR", "title": "", "sex": "m", "club": "Kadıköy SK", "birth_year": 1990,
     "go_rank": "", "ratings": {"standard": {"value": 2105, "date": "2026-12", "list": "fide"}},
     "contact": {"email": "can@example.org", "phone": ""}}

Ratings are kept by kind (``standard``, ``rapid``, ``blitz``, ``national``, ``go`` — the kinds
of :meth:`core.ratinglists.entry.ListEntry.rating`), each with the date and the name of the
list it came from (or ``"by hand"``'s empty list), so the register says how current a rating is.
Contact data is private: :meth:`Member.public` leaves it out for anyone who may not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from core.errors import TournamentError
from core.i18n import _
from core.ratings.kind import PERSON_RATING_KINDS

if TYPE_CHECKING:
    from core.model import Player, Tournament
    from core.ratinglists.entry import ListEntry

RATING_KINDS = PERSON_RATING_KINDS
ID_FIELDS = ("fide_id", "national_id", "egd_pin")
TEXT_FIELDS = ("name", "fide_id", "national_id", "egd_pin", "federation", "title", "sex", "club", "go_rank")
CONTACT_FIELDS = ("email", "phone")


@dataclass(frozen=True)
class Rating:
    """One rating of a member: its value, the date of the list it came from, and the list."""

    value: int
    date: str = ""
    list: str = ""
    """The rating list's name in the data directory; "" when typed by hand."""


@dataclass(frozen=True)
class Member:
    """A person of the club's register (read-only; changes go through the register)."""

    id: int
    name: str
    fide_id: str = ""
    national_id: str = ""
    """As the national list writes it, with its club key (DSB ``C0327-1086``)."""
    egd_pin: str = ""
    federation: str = ""
    title: str = ""
    sex: str = ""
    club: str = ""
    birth_year: int | None = None
    go_rank: str = ""
    ratings: Mapping[str, Rating] = field(default_factory=dict)
    email: str = ""
    phone: str = ""
    contact_hidden: bool = False
    """The contact data was left out (the reader may not edit the register)."""

    def rating(self, kind: str) -> int:
        held = self.ratings.get(kind)
        return held.value if held else 0

    def public(self) -> Member:
        """This member as someone who may not edit the register sees them: no contact data."""
        return replace(self, email="", phone="", contact_hidden=True)

    def as_list_entry(self) -> ListEntry:
        """This member as a rating list's entry: what registering into an event and finding
        them in a list by identity take (one code for list entries and members)."""
        from core.ratinglists.entry import ListEntry

        return ListEntry(name=self.name, fide_id=self.fide_id, national_id=self.national_id,
                         federation=self.federation, sex=self.sex, title=self.title,
                         birth_year=str(self.birth_year or ""), standard=self.rating("standard"),
                         rapid=self.rating("rapid"), blitz=self.rating("blitz"),
                         national_rating=self.rating("national"), club=self.club, go_rank=self.go_rank,
                         go_rating=self.rating("go"), egd_pin=self.egd_pin)

    def as_player(self) -> Player:
        """A player carrying this member's ids (to find them in a list as an event's player
        is found, :func:`core.ratinglists.apply.list_entry_of`)."""
        from core.model import Player

        return Player(0, self.name, fide_id=self.fide_id, national_id=self.national_id,
                      extra={"egd_pin": self.egd_pin} if self.egd_pin else {})

    @property
    def ids(self) -> str:
        """The member's ids as one text (for lists and messages)."""
        return " ".join(v for v in (self.fide_id, self.national_id, self.egd_pin) if v)


def from_document(doc_id: int, doc: Mapping[str, Any]) -> Member:
    """The member a document of the ``members`` table holds (fields it lacks are empty)."""
    ratings = {}
    for kind, held in dict(doc.get("ratings") or {}).items():
        if isinstance(held, Mapping):
            ratings[str(kind)] = Rating(int(held.get("value", 0)), str(held.get("date", "")), str(held.get("list", "")))
    contact = doc.get("contact") or {}
    birth = doc.get("birth_year")
    text: dict[str, Any] = {k: str(doc.get(k, "") or "") for k in TEXT_FIELDS}
    return Member(doc_id, **text, birth_year=int(birth) if isinstance(birth, int) else None, ratings=ratings,
                  email=str(contact.get("email", "")), phone=str(contact.get("phone", "")))


def to_document(member: Member) -> dict[str, Any]:
    """The document a member is stored as (empty fields left out: small, and a query for a
    field's absence is TinyDB's ``~(Member.field.exists())``)."""
    doc: dict[str, Any] = {k: getattr(member, k) for k in TEXT_FIELDS if getattr(member, k)}
    if member.birth_year is not None:
        doc["birth_year"] = member.birth_year
    if member.ratings:
        doc["ratings"] = {k: {"value": r.value, "date": r.date, "list": r.list} for k, r in sorted(member.ratings.items())}
    contact = {k: getattr(member, k) for k in CONTACT_FIELDS if getattr(member, k)}
    if contact:
        doc["contact"] = contact
    return doc


def checked(member: Member) -> Member:
    """``member`` with its fields as a player's are accepted (:func:`core.fields.check_player`:
    a name, a known title, a FIDE federation — a country for a Go player —, a FIDE id, ratings
    0–4000 except a GoR) and a birth year, or a TournamentError naming every problem."""
    from core.fields import check_player
    from core.fields import FieldError, person_name, title_code
    from core.fields import name as checked_name

    chess = {k: r.value for k, r in member.ratings.items() if k != "go"}
    unknown = [k for k in member.ratings if k not in RATING_KINDS]
    if unknown:
        raise TournamentError(_("unknown rating kind {kind!r}; known: {known}").format(kind=unknown[0], known=", ".join(RATING_KINDS)))
    go = bool(member.egd_pin or member.go_rank or "go" in member.ratings)
    federation = check_player({"name": member.name, "title": member.title, "federation": member.federation,
                               "fide_id": member.fide_id, "rating": max(chess.values(), default=0)}, go=go)
    _check_rating_dates(member)
    if member.birth_year is not None and not 1900 <= member.birth_year <= 2100:
        raise TournamentError(_("birth year {year}: not a year").format(year=member.birth_year))
    for key in ("email", "phone", "go_rank", "national_id", "egd_pin", "sex"):
        value = getattr(member, key)
        if len(value) > 100 or not value.isprintable():
            raise TournamentError(_("{field}: at most 100 printable characters").format(field=key))
    _check_go_and_contact(member)
    try:
        name, club = person_name(member.name), checked_name(member.club, "club") if member.club else ""
    except FieldError as error:
        raise TournamentError(str(error)) from None
    return replace(member, name=name, club=club, federation=federation, title=title_code(member.title))


def _check_rating_dates(member: Member) -> None:
    """Each rating's date as a list's is given (``YYYY-MM`` or ``YYYY-MM-DD``, a real month and
    day, :func:`core.ratinglists.entry.is_list_date`) or none: ``2026-13`` compared as text
    would be newer than every list of 2026."""
    from core.ratinglists.entry import is_list_date

    for kind, rating in sorted(member.ratings.items()):
        if rating.date and not is_list_date(rating.date):
            raise TournamentError(_("rating {kind}: {date!r} is not a date; write YYYY-MM or YYYY-MM-DD (e.g. 2026-12)")
                                  .format(kind=kind, date=rating.date))


def _check_go_and_contact(member: Member) -> None:
    """The Go rank as a player's is entered (30k–9d, :func:`core.go.ranks.entry_rank`), an EGD
    pin as the EGD writes it (digits), an e-mail address with one ``@`` between a name and a
    domain with a dot (the rest is the mail server's to judge)."""
    import re

    from core.go.ranks import entry_rank

    if member.go_rank:
        entry_rank(member.go_rank)
    if member.egd_pin and not (member.egd_pin.isascii() and member.egd_pin.isdigit()):
        raise TournamentError(_("EGD pin {pin!r}: the EGD's pins are digits (e.g. 13000001)").format(pin=member.egd_pin))
    if member.email and not re.fullmatch(r"[^@\s]+@[^@\s.]+(\.[^@\s.]+)+", member.email):
        raise TournamentError(_("e-mail {email!r} is not an address (name@example.org)").format(email=member.email))


def birth_year(text: str) -> int | None:
    """The year of a birth field as lists and club files write it (``1990``, ``12.05.2001``,
    ``2001-05-12``): the one four-digit number in it, else None."""
    import re

    years = re.findall(r"(?<!\d)(\d{4})(?!\d)", text)
    return int(years[0]) if len(years) == 1 else None


def from_player(p: Player, rating_kind: str, source: str = "") -> Member:
    """A member from an event's player: their ids and fields, the rating as the event's
    ``rating_kind`` (the national rating too), Go's rank, GoR and EGD pin from ``extra``."""
    extra = p.extra or {}
    ratings = {}
    if p.rating:
        ratings[rating_kind] = Rating(p.rating, "", source)
    if p.national_rating:
        ratings["national"] = Rating(p.national_rating, "", source)
    if isinstance(extra.get("go_rating"), int):
        ratings["go"] = Rating(int(extra["go_rating"]), "", source)
    return Member(0, p.name, fide_id=p.fide_id, national_id=p.national_id, egd_pin=str(extra.get("egd_pin", "") or ""),
                  federation=p.federation, title=p.title, sex=p.sex, club=p.club, birth_year=birth_year(p.birth),
                  go_rank=str(extra.get("go_rank", "") or ""), ratings=ratings)


def from_row(row: Mapping[str, Any], line: int, date: str = "") -> Member:
    """A member from a row of a club's CSV (:func:`core.csvimport.parse_players_csv` with its
    contact columns): ``rating`` is the FIDE standard rating, ``national_rating`` the national
    one, ``go_rating`` the GoR, each dated ``date`` (the file's, when the organiser gives it);
    a birth field without one clear year is refused naming the line."""
    extra = dict(row.get("extra") or {})
    ratings = {kind: Rating(int(value), date) for kind, value in (
        ("standard", row.get("rating")), ("national", row.get("national_rating")), ("go", extra.get("go_rating")))
        if isinstance(value, int) and value}
    birth = str(row.get("birth", "") or "")
    year = birth_year(birth)
    if birth and year is None:
        raise TournamentError(_("line {line}: birth {value!r} is not a year").format(line=line, value=birth))
    text: dict[str, Any] = {k: str(row.get(k, "") or "") for k in (
        "fide_id", "national_id", "federation", "title", "sex", "club", "email", "phone")}
    return Member(0, str(row["name"]), **text, go_rank=str(extra.get("go_rank", "") or ""), birth_year=year,
                  ratings=ratings)


def registration_kinds(t: Tournament) -> tuple[str, ...]:
    """The rating kinds a member's rating is taken from when registered into ``t``, first
    found first: a Go event the GoR alone (an Elo read as a GoR would seed a chess player
    among the dan players: 2000 → 1k), else the event's order for pairing (a rapid event the
    rapid rating, then the standard)."""
    from core.club.history import GO_SYSTEMS
    from core.ratinglists.apply import pairing_rating_order

    return ("go",) if t.system in GO_SYSTEMS else pairing_rating_order(t)

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
from typing import Any

from core.errors import TournamentError
from core.i18n import _

RATING_KINDS = ("standard", "rapid", "blitz", "national", "go")
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
    """``member`` with its fields as a player's are accepted (:func:`core.commands.check_player`:
    a name, a known title, a FIDE federation — a country for a Go player —, a FIDE id, ratings
    0–4000 except a GoR) and a birth year, or a TournamentError naming every problem."""
    from core.commands import check_player
    from core.fields import FieldError
    from core.fields import name as checked_name

    chess = {k: r.value for k, r in member.ratings.items() if k != "go"}
    unknown = [k for k in member.ratings if k not in RATING_KINDS]
    if unknown:
        raise TournamentError(_("unknown rating kind {kind!r}; known: {known}").format(kind=unknown[0], known=", ".join(RATING_KINDS)))
    go = bool(member.egd_pin or member.go_rank or "go" in member.ratings)
    federation = check_player({"name": member.name, "title": member.title, "federation": member.federation,
                               "fide_id": member.fide_id, "rating": max(chess.values(), default=0)}, go=go)
    if member.birth_year is not None and not 1900 <= member.birth_year <= 2100:
        raise TournamentError(_("birth year {year}: not a year").format(year=member.birth_year))
    for key in ("email", "phone", "go_rank", "national_id", "egd_pin", "sex"):
        value = getattr(member, key)
        if len(value) > 100 or not value.isprintable():
            raise TournamentError(_("{field}: at most 100 printable characters").format(field=key))
    try:
        name, club = checked_name(member.name), checked_name(member.club, "club") if member.club else ""
    except FieldError as error:
        raise TournamentError(str(error)) from None
    return replace(member, name=name, club=club, federation=federation)

"""A member of the club's register and their history, as the reports render them (text for
``hakem members show``, the TUI's member view, an HTML page like the published ones).

The page is public-facing: it never carries contact data, whoever asks for it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import _, pgettext
from core.reports.document import Column, Points, Report, Table

if TYPE_CHECKING:
    from core.club.history import Played
    from core.club.members import Member


def rating_kind_name(kind: str) -> str:
    """A rating kind of the register (``standard`` … ``go``) in the reader's language (the
    kinds themselves are the CLI's keywords: ``--rating rapid=1850``)."""
    return {"standard": _("standard"), "rapid": _("rapid"), "blitz": _("blitz"), "national": _("national"),
            "go": _("GoR")}.get(kind, kind)


def field_labels() -> dict[str, str]:
    """Each field of a member by its name in the register (``rating-KIND`` for a rating) →
    its label: the words of the card, the member form and a refused edit."""
    from core.club.members import RATING_KINDS

    labels = {"name": _("Name"), "fide_id": _("FIDE id"), "national_id": _("National id"), "egd_pin": _("EGD pin"),
              "federation": _("Federation"), "title": _("Title"), "sex": _("Sex"), "club": _("Club"),
              "birth_year": _("Birth"), "go_rank": _("Go rank")}
    labels.update({f"rating-{kind}": _("Rating ({kind})").format(kind=rating_kind_name(kind)) for kind in RATING_KINDS})
    labels.update({"email": _("E-mail"), "phone": _("Phone")})
    return labels


def card_rows(m: Member, contact: bool = True) -> list[tuple[str, str]]:
    """(label, value) of the member's fields that are set; ``contact``: with e-mail and phone
    (or the note that they are private, when the reader may not see them)."""
    rows = [(_("Member"), str(m.id)), (_("Name"), m.name), (_("FIDE id"), m.fide_id),
            (_("National id"), m.national_id), (_("EGD pin"), m.egd_pin), (_("Federation"), m.federation),
            (_("Title"), m.title), (_("Sex"), m.sex), (_("Club"), m.club),
            (_("Birth"), str(m.birth_year or "")), (_("Go rank"), m.go_rank)]
    for kind, r in sorted(m.ratings.items()):
        source = ", ".join(v for v in (r.date, r.list) if v)
        rows.append((_("Rating ({kind})").format(kind=rating_kind_name(kind)), f"{r.value}" + (f" ({source})" if source else "")))
    if contact and m.contact_hidden:
        rows.append((_("Contact"), _("(shown only to those who may edit the register)")))
    elif contact:
        rows += [(_("E-mail"), m.email), (_("Phone"), m.phone)]
    return [(label, value) for label, value in rows if value]


def history_table(played: list[Played]) -> Table:
    """The events a member played, newest first: date, event, chess or Go, score of games,
    games played, place (as the standings write it) and players, TPR, rating change (one decimal, as FIDE prints it)."""
    from core.reports.document import decimal

    columns = [Column("date", _("Date")), Column("event", _("Tournament"), flex=True), Column("game", pgettext("chess or go", "Game")),
               Column("score", _("Points"), "r"), Column("games", _("Games"), "r"), Column("place", _("Rank"), "r"),
               Column("players", _("Players"), "r"), Column("tpr", _("TPR"), "r", optional=True), Column("rating_change", _("Change"), "r", optional=True)]
    rows: list[list[object]] = [[e.date, e.name, _("Go") if e.go else _("chess"), Points(e.score), e.games,
                                 _place(e), e.players, e.performance or "",
                                 "" if e.rating_change is None else decimal(e.rating_change, 1)] for e in played]
    return Table(columns, rows, _("Events ({count})").format(count=len(played)))


def _place(e: Played) -> str:
    """The place as the event's standings write it (``1=`` when shared)."""
    return "" if e.place is None else f"{e.place}=" if e.shared else str(e.place)


def member_report(m: Member, played: list[Played]) -> Report:
    """The member's page: the public fields under the name, the events below."""
    subtitle = [f"{label}: {value}" for label, value in card_rows(m, contact=False) if label != _("Name")]
    return Report("member", m.name, subtitle, [history_table(played)], [rating_change_note()])


def rating_change_note() -> str:
    """What the change column holds and what its K rests on."""
    return _("Change: the FIDE rating change (chess) or the GoR change (Go) of each event; FIDE's K "
             "comes from the player's record in the event ('hakem players record'), else K 20 is assumed.")

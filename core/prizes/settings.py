"""Prize groups of an event, stored in ``Tournament.options["prizes"]`` (event settings).

A group says who may win it (everyone, women, a birth-year range, seniors, a rating band, the
unrated, clubs or teams) and what each place pays.  The order of the groups is the event's
rule for equal prizes: when a player could take two prizes of the same amount, the group
listed first wins (regulations usually list the main prizes first).

Stored as plain JSON so the tournament file stays readable::

    {"sharing": "hort", "hort_percent": 50, "currency": "EUR",
     "groups": [{"key": "open", "name": "Overall", "kind": "overall", "amounts": ["500", "300"]},
                {"key": "u12", "name": "Under 12", "kind": "age", "born_from": 2014, "amounts": ["50"]}]}

The reads only: the changes (a group added, removed, the sharing rules) are
:mod:`core.changes.prizes`, which front ends may not import.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from core.errors import TournamentError
from core.i18n import _
from core.model import Tournament

OPTION = "prizes"
KINDS = ("overall", "women", "age", "seniors", "rating", "unrated", "club", "team")
SHARING = ("none", "equal", "hort")
"""``none``: places by the standings' tie-breaks; ``equal``: players equal on points share the
prizes of the places they occupy equally; ``hort``: ``hort_percent`` of those prizes shared
equally, the rest by the tie-break places (the Hort system)."""
WOMEN = frozenset({"w", "f", "k", "ж"})
"""Sex codes of women: TRF's ``w`` (and ``f``), Turkish kadın, Russian женский."""
KEY = re.compile(r"^[a-z0-9][a-z0-9_-]{0,19}$")


@dataclass(frozen=True)
class PrizeGroup:
    """One prize group: ``amounts[k]`` is the prize for place k+1 (non-increasing)."""

    key: str
    name: str
    kind: str
    amounts: tuple[Fraction, ...]
    born_from: int | None = None
    """Age groups: born in this year or later (U12 of 2026: 2014)."""
    born_to: int | None = None
    """Seniors (and age ranges): born in this year or earlier."""
    rating_min: int | None = None
    rating_max: int | None = None
    members: int = 3
    """Club prizes: the best this many players of a club count."""

    def describe(self) -> str:
        """Who may win, in words (for the prize list and the TUI)."""
        parts = []
        if self.born_from is not None:
            parts.append(_("born {year} or later").format(year=self.born_from))
        if self.born_to is not None:
            parts.append(_("born {year} or earlier").format(year=self.born_to))
        if self.rating_min is not None:
            parts.append(_("rating at least {rating}").format(rating=self.rating_min))
        if self.rating_max is not None:
            parts.append(_("rating at most {rating}").format(rating=self.rating_max))
        if self.kind == "club":
            parts.append(_("best {n} players of each club count").format(n=self.members))
        return ", ".join(parts)


@dataclass(frozen=True)
class PrizeSettings:
    groups: tuple[PrizeGroup, ...] = ()
    sharing: str = "none"
    hort_percent: int = 50
    currency: str = ""

    def group(self, key: str) -> PrizeGroup:
        for g in self.groups:
            if g.key == key:
                return g
        raise TournamentError(_("no prize group {key!r}; groups: {keys}")
                              .format(key=key, keys=", ".join(g.key for g in self.groups) or "-"))


def parse_amount(text: str) -> Fraction:
    """``"150"``, ``"150.50"`` or ``"150,50"`` → an exact amount; negative or malformed → error."""
    cleaned = str(text).strip().replace(",", ".")
    if not re.fullmatch(r"\d{1,9}(\.\d{1,2})?", cleaned):
        raise TournamentError(_("{text!r} is not an amount (e.g. 150 or 75.50)").format(text=text))
    return Fraction(cleaned)


DECIMAL_COMMA = frozenset({"tr", "de", "ru"})
"""Languages whose people write ``75,50`` for seventy-five and a half (CLDR's decimal sign)."""


def parse_amounts(text: str, lang: str | None = None) -> tuple[Fraction, ...]:
    """Prizes by place as typed: ``500,300,200``, ``500; 300; 200`` or ``500 300 200``.

    In German, Turkish and Russian the comma is also the decimal sign, so there ``75,50`` is one
    prize of 75.50 (two or fewer digits after one comma); a list of such amounts takes ``;`` or
    spaces between (``500; 75,50``).  What reads both ways (``300,75,50``: three prizes, or
    300 and 75.50?) is refused, naming the text: a prize list cannot be guessed.  An amount is
    also read as the prize list prints it, in thousands (``1.000``, ``1.000,50``, Russian
    ``1 000`` with its no-break space: :func:`_ungrouped`)."""
    from core.i18n import current_language

    comma_decimal = (lang or current_language()) in DECIMAL_COMMA
    # an amount as the prize list prints it reads back: its thousands grouped by a (narrow)
    # no-break space (Russian 1 000) or, where the comma is the decimal sign, a dot (1.000)
    text = re.sub(r"(?<=\d)[\u00a0\u202f](?=\d{3}(?!\d))", "", str(text))
    if comma_decimal:
        text = re.sub(r"(?<=\d)\.(?=\d{3}(?!\d))", "", text)
    amounts: list[Fraction] = []
    for part in (p for p in re.split(r"[;\t\n\r ]+", str(text).strip()) if p):
        part = _ungrouped(part, comma_decimal)
        pieces = [_ungrouped(piece, comma_decimal) for piece in part.split(",")]
        for piece in pieces:
            if re.fullmatch(r"0\d\d", piece):  # the thousands of "1 000" or "1,000" cut off
                raise TournamentError(_("{text}: a prize does not begin with 0; write a thousand as 1000 or as "
                                        "the prize list prints it, and put ; between the prizes").format(text=part))
        if comma_decimal and len(pieces) == 2 and re.fullmatch(r"\d+", pieces[0]) and re.fullmatch(r"\d{1,2}", pieces[1]):
            amounts.append(parse_amount(",".join(pieces)))
            continue
        if comma_decimal and any(re.fullmatch(r"\d{1,2}", piece) for piece in pieces[1:]):
            raise TournamentError(_("{text}: the comma is both the decimal sign and the separator here; "
                                    "put ; between the prizes (e.g. 500; 300; 75,50)").format(text=part))
        amounts.extend(parse_amount(piece) for piece in pieces if piece)
    return tuple(amounts)


_GROUP_MARKS = "\u00a0\u202f\u2009'"
"""Spaces that group thousands as the prize list prints them (no-break, narrow no-break, thin:
Russian ``1 000``) and the Swiss apostrophe: never between two prizes."""


def _ungrouped(part: str, comma_decimal: bool) -> str:
    """``part`` without its thousands marks, as :func:`core.i18n.format.format_money` prints an
    amount: ``1.000`` and ``1.000,50`` where the comma is the decimal sign (the dot followed by
    three digits groups there; ``75.50`` stays a decimal), ``1 000`` with a no-break space."""
    marks = _GROUP_MARKS + ("." if comma_decimal else "")
    grouped = re.fullmatch(rf"\d{{1,3}}(?:[{marks}]\d{{3}})+(?:,\d{{1,2}})?", part)
    if grouped:
        return re.sub(rf"[{marks}]", "", part)
    return part


def _int(raw: Mapping[str, Any], name: str) -> int | None:
    value = raw.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(_("prize group {key}: {name} must be a whole number")
                              .format(key=raw.get("key", "?"), name=name))
    return value


def group_from_json(raw: Mapping[str, Any]) -> PrizeGroup:
    key = str(raw.get("key", ""))
    group = PrizeGroup(key=key, name=str(raw.get("name") or key), kind=str(raw.get("kind", "")),
                       amounts=tuple(parse_amount(a) for a in raw.get("amounts", ())),
                       born_from=_int(raw, "born_from"), born_to=_int(raw, "born_to"),
                       rating_min=_int(raw, "rating_min"), rating_max=_int(raw, "rating_max"),
                       members=_int(raw, "members") or 3)
    check_group(group)
    return group


def _amount_text(a: Fraction) -> str:
    return str(a.numerator) if a.denominator == 1 else f"{float(a):.2f}"


def group_to_json(g: PrizeGroup) -> dict[str, Any]:
    out: dict[str, Any] = {"key": g.key, "name": g.name, "kind": g.kind,
                           "amounts": [_amount_text(a) for a in g.amounts]}
    for name in ("born_from", "born_to", "rating_min", "rating_max"):
        if getattr(g, name) is not None:
            out[name] = getattr(g, name)
    if g.kind == "club":
        out["members"] = g.members
    return out


def check_group(g: PrizeGroup) -> None:
    """Reject a group that cannot be allocated, naming the group and what is wrong."""
    where = _("prize group {key}").format(key=g.key or "?")
    if not KEY.match(g.key):
        raise TournamentError(_("{where}: the key must be 1-20 lower-case letters, digits, - or _")
                              .format(where=where))
    if g.kind not in KINDS:
        raise TournamentError(_("{where}: unknown kind {kind!r}; use one of {kinds}")
                              .format(where=where, kind=g.kind, kinds=", ".join(KINDS)))
    if not g.amounts:
        raise TournamentError(_("{where}: give at least one prize amount").format(where=where))
    if any(b > a for a, b in zip(g.amounts, g.amounts[1:])):
        raise TournamentError(_("{where}: a lower place cannot pay more than a higher one").format(where=where))
    if g.kind in ("age", "seniors") and g.born_from is None and g.born_to is None:
        raise TournamentError(_("{where}: an age group needs --born-from or --born-to").format(where=where))
    if g.kind == "rating" and g.rating_min is None and g.rating_max is None:
        raise TournamentError(_("{where}: a rating band needs --rating-min or --rating-max").format(where=where))
    if g.born_from is not None and g.born_to is not None and g.born_from > g.born_to:
        raise TournamentError(_("{where}: born-from is after born-to").format(where=where))
    if g.rating_min is not None and g.rating_max is not None and g.rating_min > g.rating_max:
        raise TournamentError(_("{where}: rating-min is above rating-max").format(where=where))
    if g.members < 1:
        raise TournamentError(_("{where}: at least one player of a club must count").format(where=where))


def prize_settings(t: Tournament) -> PrizeSettings:
    """The event's prize settings (empty when none are stored)."""
    raw = t.options.get(OPTION) or {}
    if not isinstance(raw, Mapping):
        raise TournamentError(_("the stored prize settings are not readable"))
    sharing = str(raw.get("sharing", "none"))
    if sharing not in SHARING:
        raise TournamentError(_("unknown prize sharing {value!r}; use none, equal or hort").format(value=sharing))
    percent = raw.get("hort_percent", 50)
    if isinstance(percent, bool) or not isinstance(percent, int) or not 0 <= percent <= 100:
        raise TournamentError(_("the Hort share must be a percentage from 0 to 100"))
    return PrizeSettings(tuple(group_from_json(g) for g in raw.get("groups", ())), sharing, percent,
                         str(raw.get("currency", "")))


def settings_to_json(s: PrizeSettings) -> dict[str, Any]:
    return {"sharing": s.sharing, "hort_percent": s.hort_percent, "currency": s.currency,
            "groups": [group_to_json(g) for g in s.groups]}

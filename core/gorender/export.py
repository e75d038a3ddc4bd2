"""Result files for rating bodies: the Russian rating commission (the Gamma procedure) and the EGD (h9).

Rating commission (seed's example, the same tournament as the table)::

    ; Турнир, посвященный 60-летию Победы
    ; 28-29.05.2005, Санкт-Петербург, турнирная схема ГАММА
    ; время 50+5/20, условное время 65
    ; Номер Фамилия Имя Ранг Страна Город Рейтинг Уровень Коэффициент Место
    ;No Name Str Club Rating L Kb Pl 1 2 3 4 5 6
    1 Матвеев Евгений 5d RU StP 2510 23 1275 1 5+/b0 3+/b0 2+/b0 4-/b0 6+/w0 7+/w0

Rows in number order; per round ``<opponent number><+|->/<w|b><handicap>``, ``0+`` a rest,
``0-`` a refusal; the coefficient ×10 as an integer.  Header lines start with ``;``.

EGD (European Go Database) tournament table, handicap games ("h9": explicit handicaps up to 9):
the same per-round tokens, but players are listed in final order and every opponent is named
by *line number* (the EGD parser's "opponent's place"), with ``; CL[] EV[] PC[] DT[]
KM[] TM[]`` header lines.  Empty lines and everything after ``;`` are ignored by both readers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from core.go.cards import CardRound, Outcome, cards
from core.go.countries import country_code, go_country
from core.go.handicap import even_komi, go_options
from core.go.names import full_name
from core.go.numbers import coefficient_x10
from core.go.ranks import go_rating, player_rank, rank_label
from core.go.standings import standings
from core.go.timing import adjusted_time, egd_class
from core.model import Colour, Player, Tournament, format_points

SCHEME = "турнирная схема ГАММА"


def round_token(row: CardRound, number: dict[int, int] | None = None) -> str:
    """``5+/b0``; ``0+`` rest; ``0-`` refusal; ``5?/b0`` while the result is not in.

    ``number`` maps pairing numbers to the numbers the file uses (EGD: line numbers).
    """
    if row.outcome is Outcome.REST:
        return "0+"
    if row.outcome is Outcome.REFUSAL:
        return "0-"
    opponent = row.opponent if row.opponent is not None else 0
    if number is not None:
        opponent = number.get(opponent, opponent)
    mark = "?" if row.outcome is Outcome.PENDING else row.outcome.value
    colour = "w" if row.colour is Colour.WHITE else "b"
    return f"{opponent}{mark}/{colour}{row.handicap}"


def _field(text: str) -> str:
    """One whitespace-free field (both readers split lines on blanks); empty → ``-``."""
    text = re.sub(r"\s+", "_", text.strip())
    return text or "-"


# FIDE federation codes (what ``hakem players add --fed`` accepts) → the two-letter country
# codes Go rating lists use (codes not listed are kept as they are).
# ``Player.extra["country"]`` overrides.
def _city(p: Player) -> str:
    return str(p.club or (p.extra.get("city", "") if p.extra else ""))


def format_dates(start: str, end: str) -> str:
    """ISO dates as the Gamma procedure writes them: ``2005-05-28``..``2005-05-29`` → ``28-29.05.2005``."""
    iso = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
    a, b = iso.match(start or ""), iso.match(end or "")
    if not a:
        return start or ""
    y1, m1, d1 = a.groups()
    if not b or b.groups() == a.groups():
        return f"{d1}.{m1}.{y1}"
    y2, m2, d2 = b.groups()
    if y1 == y2 and m1 == m2:
        return f"{d1}-{d2}.{m1}.{y1}"
    if y1 == y2:
        return f"{d1}.{m1}-{d2}.{m2}.{y1}"
    return f"{d1}.{m1}.{y1}-{d2}.{m2}.{y2}"


def _nominal_time(t: Tournament, options: Mapping[str, Any]) -> str:
    """The adjusted time: as set by the arbiter, else computed from the time control."""
    return str(options.get("nominal_time", "") or "") or adjusted_time(t.time_control)


def rating_commission_export(t: Tournament) -> str:
    """The rating-commission text file (UTF-8 text; the caller chooses the file encoding)."""
    options = go_options(t)
    all_cards = cards(t)
    table = {s.pno: s for s in standings(t)}
    rounds = max([len(c.rounds) for c in all_cards.values()] + [0])
    lines = [f"; {t.name}"]
    where = ", ".join(x for x in (format_dates(t.start_date, t.end_date), t.place, SCHEME) if x)
    lines.append(f"; {where}")
    nominal = _nominal_time(t, options)
    if t.time_control or nominal:
        timing = [f"время {t.time_control}"] if t.time_control else []
        if nominal:
            timing.append(f"условное время {nominal}")
        lines.append("; " + ", ".join(timing))
    lines.append("; Номер Фамилия Имя Ранг Страна Город Рейтинг Уровень Коэффициент Место")
    lines.append(";No Name Str Club Rating L Kb Pl " + " ".join(str(r) for r in range(1, rounds + 1)))
    for p in sorted(t.players, key=lambda p: p.pno):
        card = all_cards[p.pno]
        s = table[p.pno]
        rating = go_rating(p)
        fields = [str(p.pno), full_name(p.name), rank_label(player_rank(p)),
                  _field(country_code(p)), _field(_city(p)), str(rating), str(card.final_level),
                  str(coefficient_x10(s.coefficient)), str(s.place)]
        fields += [round_token(r) for r in card.rounds]
        lines.append(" ".join(fields))
    return "\n".join(lines) + "\n"


def egd_h9_export(t: Tournament) -> str:
    """The EGD tournament table ("h9" handicap format) for Go federations' rating lists.

    Keys used from ``options["go"]``: ``egd_class`` (A/B/C/D), ``nominal_time`` (adjusted time
    in minutes, ``TM``), ``country`` (``PC`` when the tournament's federation is empty).  Without
    ``egd_class``/``nominal_time`` both are computed from the time control (:mod:`core.go.timing`).
    ``Player.extra["name_latin"]`` replaces the name (the EGD expects Latin letters) and
    ``Player.extra["egd_pin"]`` is appended as ``|PIN``.
    """
    options = go_options(t)
    all_cards = cards(t)
    order = standings(t)
    line_of = {s.pno: i for i, s in enumerate(order, start=1)}
    rounds = max([len(c.rounds) for c in all_cards.values()] + [0])
    lines = []
    klass = str(options.get("egd_class", "") or "") or egd_class(t.time_control)
    if klass:
        lines.append(f"; CL[{klass}]")
    lines.append(f"; EV[{t.name}]")
    country = go_country(t.federation) if t.federation else str(options.get("country", "") or "")
    lines.append(f"; PC[{', '.join(x for x in (country, t.place) if x)}]")
    if t.start_date:
        lines.append(f"; DT[{t.start_date},{t.end_date or t.start_date}]")
    # no HA line: the EGD reads HA[hN] as "handicap = grade difference − N"; every Gamma game
    # carries its own handicap, so there is no reduction to state (HA[h9] read as one of 9)
    lines.append(f"; KM[{format_points(even_komi(t))}]")
    nominal = _nominal_time(t, options)
    if nominal:
        lines.append(f"; TM[{nominal}]")
    lines.append("; CM[Gamma scheme: Lvl = final level, Coef = handicap-adjusted coefficient]")
    lines.append(";")
    lines.append("; Pl Name Grd Co Club Lvl Coef " + " ".join(str(r) for r in range(1, rounds + 1)))
    for s in order:
        p = next(x for x in t.players if x.pno == s.pno)
        name = str(p.extra.get("name_latin", "") if p.extra else "") or p.name
        fields = [str(line_of[p.pno]), full_name(name), rank_label(player_rank(p)),
                  _field(country_code(p)), _field(_city(p)), str(s.final_level),
                  format_points(s.coefficient)]
        fields += [round_token(r, line_of) for r in all_cards[p.pno].rounds]
        pin = str(p.extra.get("egd_pin", "") if p.extra else "")
        if pin:
            fields.append(f"|{pin}")
        lines.append(" ".join(fields))
    return "\n".join(lines) + "\n"

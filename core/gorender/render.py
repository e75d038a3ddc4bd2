"""The participant card view and the tournament table in the Gamma procedure's format.

``render_card`` shows the fields the Gamma procedure lists for a card: surname and name, rating, number,
final level, final place, the coefficient with all corrections; then one row per round with the
round number and the round's smallest senior level, the player's level before the round, the
opponent and result, the opponent's level before the round, colour and handicap ("+" White,
"−" Black) and the opponent's final level with the corrections used by the coefficient.

``render_table`` prints the Gamma procedure's table: ``| N# | Фамилия Имя | Рейт | Ур | ЦФ | П Р | … | Ур |
- | ФКБ | М |`` — per round the colour/handicap cell ("-6", "+0"; "+"/"-" for a rest/refusal)
and the opponent/result cell ("9-"; "+"/"-"), then the final level, technical sum, coefficient
(halves as "127+") and place.  The headers are in the UI's language: the English words
translate the Gamma procedure's Russian ones (``pgettext("go table", …)``) and the Russian catalogue gives
back the Gamma procedure's own abbreviations, so a Russian table is the Gamma procedure's layout, word for word.
"""

from __future__ import annotations

from core.go.cards import Card, CardRound, Outcome, cards
from core.go.names import short_name
from core.go.numbers import signed, table_coefficient
from core.go.ranks import go_rating, rank_label, rank_of
from core.go.standings import coefficient_parts, standings
from core.i18n import _, pgettext
from core.model import Colour, Tournament, format_points
from core.pairing.gamma.engine import round_state


def colour_handicap(row: CardRound) -> str:
    """The card's colour-and-handicap entry: ``+2`` (White, gives 2), ``-0`` (Black, even)."""
    if not row.outcome.played or row.colour is Colour.NONE:
        return ""
    return f"{'+' if row.colour is Colour.WHITE else '-'}{row.handicap}"


def opponent_result(row: CardRound) -> str:
    """``5+`` / ``9-`` / ``4=``; ``++`` for a rest, ``--`` for a refusal, ``7`` while pending."""
    if row.outcome is Outcome.REST:
        return "++"
    if row.outcome is Outcome.REFUSAL:
        return "--"
    if row.outcome is Outcome.PENDING:
        return str(row.opponent)
    return f"{row.opponent}{row.outcome.value}"


def _grid(rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return out


def render_card(t: Tournament, pno: int) -> str:
    """One participant card as text (header + one row per paired round)."""
    player = t.player(pno)
    all_cards = cards(t)
    card = all_cards[pno]
    table = {s.pno: s for s in standings(t)}
    mine = table[pno]
    rating = go_rating(player)
    head = [
        player.name,
        _("Rating {rating} ({rank})   No. {pno}").format(
            rating=rating, rank=rank_label(rank_of(rating)), pno=pno),
        _("Final level {level}   Place {place}   Coefficient {coef}").format(
            level=card.final_level, place=mine.place, coef=format_points(mine.coefficient)),
        "",
    ]
    rows = [[_("Round"), _("Senior"), _("Level"), _("Opponent"), _("Opp. level"),
             _("Colour/hcp"), _("Opp. final")]]
    parts = {p.round: p for p in coefficient_parts(t, pno, all_cards)}
    for row in card.rounds:
        _order, levels, senior, _ref = round_state(t, row.round)
        opp_level = ""
        if row.outcome.played and row.opponent is not None:
            opp_level = str(levels.get(row.opponent, ""))
        value = parts[row.round].opponent_value
        rows.append([str(row.round), str(senior), str(row.level_before), opponent_result(row),
                     opp_level, colour_handicap(row), format_points(value)])
    body = _grid(rows, right={0, 1, 2, 4, 6})
    given = sum(r.signed_handicap for r in card.rounds if r.outcome.played)
    foot = ["", _("Technical sum {tech}; handicaps given minus received {hcp}").format(
        tech=signed(card.technical), hcp=signed(given))]
    return "\n".join(head + body + foot) + "\n"


def table_headers(rounds: int) -> list[list[str]]:
    """The Gamma procedure's two header rows in the UI's language.  The Gamma procedure's words, and what they
    abbreviate: "Турнир по схеме ГАММА", "N-й тур", "Итоги"; "N#" number, "Фамилия Имя"
    name, "Рейт" rating, "Ур" level (start, and final under "Итоги"), "ЦФ" colour and
    handicap ("цвет и фора"), "П Р" opponent and result ("противник и результат"), "-" the sum
    of technical results, "ФКБ" the coefficient (форовый коэффициент Бухгольца), "М" place."""
    head1 = [pgettext("go table", "Gamma scheme tournament"),
             *(pgettext("go table", "Round {number}").format(number=r) for r in range(1, rounds + 1)),
             pgettext("go table", "Totals")]
    level = pgettext("go table", "Lvl")
    head2 = [pgettext("go table", "No."), pgettext("go table", "Name"), pgettext("go table", "Rtg"),
             level, *[pgettext("go table", "C/H"), pgettext("go table", "O/R")] * rounds,
             level, pgettext("go table", "Tech"), pgettext("go table", "Coef"), pgettext("go table", "Pl")]
    return [head1, head2]


def table_rows(t: Tournament) -> list[list[str]]:
    """Header rows and one row per player (number order), as cells."""
    all_cards = cards(t)
    rounds = max([len(c.rounds) for c in all_cards.values()] + [t.total_rounds])
    table = {s.pno: s for s in standings(t)}
    out = table_headers(rounds)
    for p in sorted(t.players, key=lambda p: p.pno):
        card: Card = all_cards[p.pno]
        cells = [str(p.pno), short_name(p.name), str(go_rating(p)), str(card.start_level)]
        for r in range(1, rounds + 1):
            row = next((x for x in card.rounds if x.round == r), None)
            if row is None:
                cells += ["", ""]
            elif row.outcome is Outcome.REST:
                cells += ["+", "+"]
            elif row.outcome is Outcome.REFUSAL:
                cells += ["-", "-"]
            else:
                cells += [colour_handicap(row), opponent_result(row)]
        s = table[p.pno]
        cells += [str(card.final_level), signed(card.technical), table_coefficient(s.coefficient),
                  str(s.place)]
        out.append(cells)
    return out


def render_table(t: Tournament, aligned: bool = True) -> str:
    """The tournament table as ``| … |`` lines (``aligned`` pads columns for reading on screen;
    without it every cell is separated by exactly ``" | "`` as in the Gamma procedure)."""
    rows = table_rows(t)
    body = rows[1:]
    if aligned:
        widths = [max(len(r[i]) for r in body) for i in range(len(body[0]))]
        lines = []
        for r in body:
            cells = [c.ljust(widths[i]) if i == 1 else c.rjust(widths[i]) for i, c in enumerate(r)]
            lines.append("| " + " | ".join(cells) + " |")
        title = "| " + " | ".join(rows[0]) + " |"
        return "\n".join([title] + lines) + "\n"
    return "\n".join("| " + " | ".join(r) + " |" for r in rows) + "\n"



"""The prize list and the special rankings (one standings table per prize group).

The allocation itself is :mod:`core.prizes.allocate`; this module only lays it out.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from core.i18n import _, pgettext
from core.prizes.allocate import allocate, group_ranking, player_order
from core.prizes.settings import PrizeGroup, prize_settings
from core.reports.document import Column, Money, Points, Report, Table
from core.reports.tables import rank_cell
from core.reports.view import View
from core.i18n.format import place_span
from core.standings import Row, Standings, playoff_footnote


def kind_name(kind: str) -> str:
    return {"overall": _("Overall"), "women": _("Women"), "age": _("Age group"), "seniors": _("Seniors"),
            "rating": _("Rating band"), "unrated": _("Unrated"), "club": _("Best club"),
            "team": _("Best team")}.get(kind, kind)


def sharing_note(sharing: str, percent: int) -> str:
    if sharing == "equal":
        return _("Players equal on points share the prizes of their places equally.")
    if sharing == "hort":
        from core.i18n.format import format_percent

        return _("Hort system: players equal on points share {percent} of the prizes of their places "
                 "equally; the rest is paid by the tie-break places.").format(percent=format_percent(percent))
    return _("Prizes are not shared: the tie-breaks decide the places.")


def _group_title(g: PrizeGroup) -> str:
    """"Under 12 (Age group, born 2014 or later)"; the kind is left out when it is the name."""
    parts = [p for p in (kind_name(g.kind) if kind_name(g.kind) != g.name else "", g.describe()) if p]
    return f"{g.name} ({', '.join(parts)})" if parts else g.name


def prize_list(view: View) -> Report:
    """Every group with its winners and what each is paid; one prize per player."""
    t = view.tournament
    result = allocate(t)
    s = result.settings
    currency = f" ({s.currency})" if s.currency else ""
    report = Report("prizes", _("Prize list"), [t.name])
    standings = _individual(view)
    rows = {row.pno: row for row in standings.rows}
    if not s.groups:
        report.notes.append(_("No prize groups are defined (hakem prizes add ID ...)."))
        return report
    for g in s.groups:
        table = Table([Column("place", pgettext("prize", "Place"), "r"), Column("name", _("Name"), flex=True),
                       Column("points", _("Pts"), "r"),
                       Column("rank", pgettext("prize", "Overall rank"), "r", minor=True),
                       Column("prize", _("Prize") + currency, "r"), Column("paid", _("Paid") + currency, "r"),
                       Column("shared", _("Shared"), optional=True, minor=True)], title=_group_title(g))
        for a in result.awards[g.key]:
            shared = place_span(range(a.shared[0], a.shared[1] + 1)) if a.shared else ""
            name = f"{a.entrant.pno} {a.entrant.name}" if a.entrant.pno is not None else a.entrant.name
            table.rows.append([a.place, name, Points(a.entrant.points),
                               _rank(rows, a.entrant.pno, a.entrant.rank), Money(a.announced),
                               Money(a.paid), shared])
        for place in result.unawarded.get(g.key, []):
            table.rows.append([place, _("(not awarded: no eligible player left)"), "", "",
                               Money(g.amounts[place - 1]), Money(Fraction(0)), ""])
        report.tables.append(table)
    report.notes += [n for n in (playoff_footnote(standings),) if n]
    report.notes.append(sharing_note(s.sharing, s.hort_percent))
    report.notes.append(_("One prize per player: the higher one; equal prizes go by the order of the groups."))
    report.notes.append(_("Total paid: {total}{currency}").format(
        total=_money(result.total()), currency=f" {s.currency}" if s.currency else ""))
    return report


def _individual(view: View) -> Standings:
    """The players' standings (a team event's view ranks teams): what the prizes follow."""
    if not view.standings.team:
        return view.standings
    from core.standings import compute_standings

    return compute_standings(view.tournament, team=False)


def _rank(rows: Mapping[int, Row], pno: int | None, rank: object) -> object:
    """A player's overall place as the standings show it — ``2*`` when a playoff decided it
    (:func:`core.reports.tables.rank_cell`, explained by the playoff footnote)."""
    if pno is None:
        return ""
    row = rows.get(pno)
    return rank_cell(row) if row is not None else rank


def _money(value: Fraction) -> str:
    from core.reports.render import human

    return human(Money(value))


def special_ranking(view: View, key: str) -> Report:
    """The standings of one prize group (women, U12, rating band, clubs...) with the event's
    tie-break columns."""
    t = view.tournament
    g = prize_settings(t).group(key)
    standings = _individual(view)
    rows = {row.pno: row for row in standings.rows}
    values = {row.pno: row.values for row in standings.rows}
    ranking = group_ranking(t, g, player_order(t, standings) if t.players else [])
    if g.kind in ("club", "team"):
        table = Table([Column("place", pgettext("prize", "Place"), "r"), Column("name", _("Name"), flex=True),
                       Column("points", _("Pts"), "r")])
        for n, e in enumerate(ranking, start=1):
            table.rows.append([n, e.name, Points(e.points)])
    else:
        table = Table([Column("place", pgettext("prize", "Place"), "r"),
                       Column("rank", pgettext("prize", "Overall rank"), "r"),
                       Column("pno", _("No."), "r"), Column("name", _("Name"), flex=True),
                       Column("rating", _("Rating"), "r", optional=True), Column("points", _("Pts"), "r"),
                       *[Column(code, code, "r") for code in standings.tiebreaks]])
        for n, e in enumerate(ranking, start=1):
            p = view.players.get(e.pno) if e.pno is not None else None
            tb = values.get(e.pno, {}) if e.pno is not None else {}
            table.rows.append([n, _rank(rows, e.pno, e.rank), e.pno, e.name, (p.rating or "") if p else "", Points(e.points),
                               *[tb.get(code) for code in standings.tiebreaks]])
    report = Report(f"ranking-{g.key}", _("Ranking: {name}").format(name=g.name), [t.name, _group_title(g)],
                    [table])
    if not ranking:
        report.notes.append(_("Nobody in this group yet."))
    report.notes += [n for n in (playoff_footnote(standings),) if n]
    return report

"""The rating-change and title-norm reports (``hakem report ID rating-changes|norms``).

Why here: the arithmetic is :mod:`core.ratings`'; this module only lays its rows out as a
:class:`Report` every renderer draws (text, CSV, JSON, HTML, PDF).
"""

from __future__ import annotations

from fractions import Fraction

from core.errors import TournamentError
from core.i18n import _
from core.reports.document import Column, Points, Report, Table, Term, decimal, title_cell
from core.reports.view import View

CHANGE_COLUMNS = ("pno", "name", "rating", "k", "games", "opponents_average", "expected", "score", "change")


def system_name(system: str) -> str:
    return {"fide": _("FIDE rating"), "dwz": _("DWZ"), "gor": _("EGD rating (GoR)")}[system]


def k_title(system: str) -> str:
    return {"fide": _("K"), "dwz": _("E"), "gor": _("con")}[system]


def k_reason(key: str) -> str:
    return {"published": _("K as published by FIDE"), "2400": _("K 10: rated 2400 or more at some time"),
            "new": _("K 40: fewer than 30 rated games before the event"),
            "junior": _("K 40: 18 or younger in the event's year (to the end of the year of the 18th "
                        "birthday) and rated below 2300"),
            "established": _("K 20"), "assumed": _("K 20 assumed: the player's games before the event are not known"),
            }.get(key, "")


def rating_changes_report(view: View, system: str | None = None) -> Report:
    """One row per player in the CSV's columns; unrated players' first-rating data and the
    K of each player whose K is not plain are said in the notes."""
    from core.ratings.changes import SYSTEMS, default_system, rating_changes

    t = view.tournament
    system = system or default_system(t)
    if system not in SYSTEMS:
        raise TournamentError(_('unknown rating system {value!r}; use one of {choices}').format(
            value=system, choices=", ".join(SYSTEMS)))
    rows = rating_changes(t, system)
    titles = (_("No."), _("Name"), _("Rating"), k_title(system), _("Games"), _("Opp. avg."),
              _("Expected"), _("Score"), _("Change"))
    aligns = ("r", "l", "r", "r", "r", "r", "r", "r", "r")
    columns = [Column(key, title, align, flex=key == "name")
               for key, title, align in zip(CHANGE_COLUMNS, titles, aligns)]
    if system == "dwz":  # the DSB's evaluation prints the Leistung beside the new DWZ (3.6)
        columns.append(Column("performance", _("Performance"), "r"))
    table = Table(columns)
    notes: list[str] = []
    assumed = [str(row.pno) for row in rows if row.k_reason == "assumed"]
    digits = 0 if system == "dwz" else 1
    # We as the DSB prints it, to three decimals: the change follows from the printed We
    expected_digits = 3 if system == "dwz" else 2
    for row in rows:
        k = None if row.k is None else (decimal(row.k, 1) if system == "gor" else int(row.k))
        cells = [row.pno, row.name, row.rating or "", k, row.games,
                 row.opponents_average if row.opponents_average is not None else "",
                 None if row.expected is None else decimal(row.expected, expected_digits), Points(row.score),
                 None if row.change is None else decimal(row.change, digits)]
        if system == "dwz":
            cells.append(row.performance if row.performance is not None else "")
        table.rows.append(cells)
        notes += _row_notes(system, row)
    if assumed:
        notes.append(_("K 20 assumed (the games before the event are not known; 'hakem players record' sets "
                       "them): {players}").format(players=", ".join(assumed)))
    subtitle = [t.name, system_name(system)]
    if system == "fide":
        from core.ratings.kind import event_rating_kind

        subtitle.append({"standard": _("standard"), "rapid": _("rapid"), "blitz": _("blitz")}[event_rating_kind(t)])
        notes.append(_("FIDE Rating Regulations 8.3: change = K × (score − expected), expected from table 8.1.2 "
                       "with a difference over 400 counted as 400 (not for a player rated 2650 or more in "
                       "standard chess); games against unrated opponents, forfeits and byes do not count; "
                       "in rapid and blitz a game between players 600 or more points apart, one of them rated "
                       "above 2600, is not rated for either (7.3.1 of that chapter). K by 8.3.3 (the same in "
                       "rapid and blitz, 7.3.3); K × games is kept at 700 at most for this event."))
    return Report("rating-changes", _("Rating changes"), subtitle, [table], notes)


def _left_out(row) -> list[str]:
    """One line per player naming the games played that his rating leaves out, and why, so
    an arbiter can reconcile the games column with the crosstable."""
    if not row.left_out:
        return []
    reasons = {"unrated": _("opponent unrated (8.3.1)"),
               "gap": _("600 points or more apart, one player rated above 2600 (rapid/blitz 7.3.1)"),
               "standard": _("a standard game: rated on the FIDE standard list, not with these ratings"),
               "rapid": _("a rapid game: rated on the FIDE rapid list, not with these ratings"),
               "blitz": _("a blitz game: rated on the FIDE blitz list, not with these ratings"),
               "unequal": _("Armageddon: the players' clocks differ, rated on no list")}
    games = "; ".join(_("round {round} against {pno} ({rating}): {reason}").format(
        round=rnd, pno=opp, rating=rating or "–", reason=reasons[reason]) for rnd, opp, rating, reason in row.left_out)
    return [_("{pno} {name}: not rated: {games}").format(pno=row.pno, name=row.name, games=games)]


def _row_notes(system: str, row) -> list[str]:
    out = []
    if system == "fide" and row.k_reason not in ("", "established", "assumed"):
        out.append(f"{row.pno} {row.name}: {k_reason(row.k_reason)}")
    out += _left_out(row)
    if row.rating:
        return out
    if system != "fide":
        return out if not row.games else out + [_("{pno} {name}: no rating yet; a first rating is computed by the rating office").format(
            pno=row.pno, name=row.name)]
    first = row.first
    if first is None or not first.opponents:
        return out + [_("{pno} {name}: unrated, no game against a rated opponent").format(pno=row.pno, name=row.name)]
    data = _("{pno} {name}: unrated; {games} game(s) against rated opponents {ratings}, score {score}").format(
        pno=row.pno, name=row.name, games=len(first.opponents), ratings=", ".join(map(str, first.opponents)),
        score=_points(first.score))
    if first.reason == "zero":
        return out + [data + "; " + _("nothing scored in the first event: not counted (8.2.1)")]
    rating = _("first rating {rating} (8.2: average with two draws against 1800: {average})").format(
        rating=first.rating, average=decimal(first.average, 1).text)
    if first.reason == "games":
        rating += "; " + _("published once 5 games against rated opponents are reached (7.1.4)")
    elif first.reason == "floor":
        rating += "; " + _("below 1400: not published (7.1.4)")
    return out + [data + "; " + rating]


def _points(value: Fraction) -> str:
    from core.i18n.format import format_points

    return format_points(value)


def condition_name(key: str) -> str:
    return {"games": _("games"), "foreign": _("other federations"),
            "own_federation": _("own federation"), "one_federation": _("one federation"),
            "titleholders": _("title-holders"), "norm_titles": _("norm titles"), "average": _("average rating"),
            "score": _("score"), "performance": _("performance"), "rounds_per_day": _("rounds a day"),
            "left_out": _("rounds left out")}[key]


def norms_report(view: View, pno: int | None = None) -> Report:
    """Every condition of every title performance (or, with a player, every norm of that
    player), then the data the norm certificate asks for, for each norm made."""
    from core.ratings.norms import check, check_all, norms_for

    t = view.tournament
    if pno is not None:
        checks = [check(t, t.player(pno), norm) for norm in norms_for(t.player(pno))]
    else:
        checks = [c for c in check_all(t) if c.made or c.title_performance]
    table = Table([Column("pno", _("No."), "r"), Column("name", _("Name"), flex=True),
                   Column("norm", _("Norm")), Column("condition", _("Condition"), flex=True),
                   Column("article", _("Article"), optional=True), Column("value", _("Found"), "r"),
                   Column("required", _("Required"), "r"), Column("met", _("Met"))])
    for c in checks:
        for cond in c.conditions:
            table.rows.append([c.pno, c.name, title_cell(c.norm), Term(cond.key, condition_name(cond.key)), cond.article,
                               cond.value, cond.required, Term("yes" if cond.met else "no",
                                                               _("yes") if cond.met else _("no"))])
    from core.fields import title_word

    tables = [table] + [_certificate(view, c) for c in checks if c.made]
    made = [f"{c.pno} {c.name}: {title_word(c.norm)}" for c in checks if c.made]
    notes = [_("Norms made: {list}").format(list="; ".join(made)) if made else _("No norm was made.")]
    if not checks:
        notes.append(_("No player reached a title performance (FIDE Title Regulations 0.5)."))
    notes.append(_("FIDE Title Regulations (B.01) 1.4. Not checked here, for the arbiter: the exemptions "
                   "1.4.3a–c (national championships, team championships, zonals), leaving games out of a "
                   "round robin (1.4.1f), 1.4.2b, the rate of play and the arbiters (1.1)."))
    subtitle = [t.name, ", ".join(x for x in (t.place, t.federation, _dates(t)) if x)]
    return Report("norms", _("Title norms"), subtitle, tables, notes)


def _dates(t) -> str:
    """The event's dates as every report heads them (29.11.2026 – 01.12.2026, not ISO)."""
    start, end = _day(t.start_date), _day(t.end_date)
    return f"{start} – {end}" if end and end != start else start


def _day(text: str) -> str:
    from core.i18n.format import format_date

    try:
        return format_date(text) if text else ""
    except (ValueError, TypeError):  # a date typed in some other form: as it is
        return text


def _certificate(view: View, c) -> Table:
    """What the norm certificate asks for: the event (in the subtitle: place, federation,
    dates), its rounds, system and arbiters; the player (name, FIDE id, federation, birth,
    title); the result (norm, score of games, average, performance); then each opponent
    (round, name, FIDE id, title, federation, rating, the rating counted, the result)."""
    from core.fields import title_word
    from core.i18n.terms import system_name as pairing_system_name

    t = view.tournament
    p = t.player(c.pno)
    arbiters = ", ".join(x for x in (t.chief_arbiter, *t.deputy_arbiters) if x) or "–"
    title = _("Norm certificate: {name} ({fide_id}, {fed}, {birth}, {title}) – {norm}; {score} / {games}; "
              "average {average}, performance {performance}; {rounds} rounds, {system}; arbiters {arbiters}").format(
        name=p.name, fide_id=p.fide_id or "–", fed=p.federation or "–", birth=_day(p.birth) or "–",
        title=title_word(p.title) if p.title else "–", norm=title_word(c.norm), score=_points(c.score),
        games=len(c.opponents), average=c.average, performance=c.performance, rounds=t.total_rounds,
        system=pairing_system_name(t.system), arbiters=arbiters)
    table = Table([Column("round", _("Rd"), "r"), Column("opponent", _("Opponent"), flex=True),
                   Column("fide_id", _("FIDE id"), "r"), Column("title", _("Title")), Column("federation", _("Fed")),
                   Column("rating", _("Rating"), "r"), Column("counted", _("Counted"), "r"),
                   Column("score", _("Score"), "r")], title=title)
    for o in c.opponents:
        table.rows.append([o.round, o.name, t.player(o.pno).fide_id, title_cell(o.title), o.federation, o.rating or "",
                           o.counted_rating, Points(o.score)])
    return table

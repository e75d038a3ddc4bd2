"""A playoff on published pages, report titles and file names is named for people: "Playoff for
places 1–2" in the language, not the key the TUI made of the players' numbers (``tie-1-2``;
review rev34c, item 6).  The event by hand: four players, one round, boards 1 and 2 drawn —
every player on ½; the playoff is for the two best after the tie-breaks, places 1–2."""

from __future__ import annotations

import core.i18n as i18n
from core import changes
from core.model import GameResult, Player, Tournament
from core.playoff import create
from core.reports.catalog import all_reports
from core.reports.playoffs import playoff_report
from core.reports.view import View


def _event() -> Tournament:
    t = Tournament(id="t", name="Rapid", system="dutch", total_rounds=1,
                   players=tuple(Player(n, f"Player {n}", rating=2000 - 100 * n) for n in range(1, 5)))
    t = changes.pair_next_round(t)
    for board in (1, 2):
        t = changes.set_result(t, 1, board, GameResult.DRAW)
    top = [row.pno for row in View(t).standings.rows][:2]
    return t.with_changes(options={**t.options, "playoffs": {"tie-" + "-".join(map(str, sorted(top))): create(top, 1)}})


def test_the_pages_are_named_for_the_places_in_the_language():
    view = View(_event())
    i18n.set_language("de")
    try:
        pages = {r.slug: r.title for r in all_reports(view) if r.slug.startswith(("bracket-", "timetable-"))}
    finally:
        i18n.set_language("en")
    assert pages == {"bracket-places-1-2": "Stechen um die Plätze 1–2: Turnierbaum",
                     "timetable-places-1-2": "Stechen um die Plätze 1–2: Zeitplan"}


def test_the_key_still_finds_the_page():
    view = View(_event())
    key = next(iter(view.tournament.options["playoffs"]))
    assert playoff_report(view, key, "bracket").slug == "bracket-places-1-2"
    assert playoff_report(view, "places-1-2", "timetable").title == "Playoff for places 1–2: timetable"

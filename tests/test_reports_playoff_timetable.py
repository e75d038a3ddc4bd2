"""The published playoff timetable names games and clocks as people do (review rev34d item 3):
"Match 1: Game 2", "3 min + 3 s", Armageddon "White 5 min, Black 4 min" — never the stored
game id (``p.s0g1``) nor the TRF-2026 time code (``180+3``, ``W300-B240``), in the page's
language.  Expected: the two-player match of Aktar p. 69 (two games 3'+3", two more if
level, then Armageddon White 5', Black 4'), played level to its Armageddon game."""

from __future__ import annotations

from core.i18n import speaking
from core.model import Player, Tournament
from core.playoff import create, enter_result, evaluate, timetable
from core.reports.playoffs import timetable_report
from core.reports.view import View


def _report(lang: str = "en"):
    state = create([7, 4], 1, seed=1, start="18:00")
    for _ in range(4):  # level after the two games and the extension: Armageddon
        state = enter_result(state, evaluate(state).ready[0].id, "1/2")
    pv = evaluate(state)
    t = Tournament(id="t", name="Open", system="dutch", total_rounds=5,
                   players=tuple(Player(p, f"Player {p}") for p in range(1, 8)))
    with speaking(lang):
        return timetable_report(View(t), "places-1-2", state, pv, timetable(state, pv), "Playoff")


def _column(report, key: str) -> list[str]:
    table = report.tables[0]
    at = [c.key for c in table.columns].index(key)
    return [str(row[at]) for row in table.rows]


def test_games_and_clocks_in_words() -> None:
    report = _report()
    assert _column(report, "game") == ["Match 1: Game 1", "Match 1: Game 2", "Match 1: Extension 1, game 1",
                                       "Match 1: Extension 1, game 2", "Match 1: Armageddon"]
    assert _column(report, "time_control") == ["3 min + 3 s"] * 4 + ["White 5 min, Black 4 min"]


def test_no_ids_nor_codes_in_any_language() -> None:
    english = _report()
    for lang in ("tr", "de", "ru"):
        report = _report(lang)
        cells = _column(report, "game") + _column(report, "time_control")
        assert not any(c.startswith("p.") or "W300" in c or "180+3" in c or " min" in c for c in cells), cells
        assert _column(report, "game") != _column(english, "game")

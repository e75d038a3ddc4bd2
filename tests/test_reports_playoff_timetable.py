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


def _raw(report, key: str) -> list:
    table = report.tables[0]
    at = [c.key for c in table.columns].index(key)
    return [row[at] for row in table.rows]


def _column(report, key: str) -> list[str]:
    table = report.tables[0]
    at = [c.key for c in table.columns].index(key)
    return [str(row[at]) for row in table.rows]


def test_games_and_clocks_in_words() -> None:
    report = _report()
    assert _column(report, "game") == ["Match 1: Game 1", "Match 1: Game 2", "Match 1: Extension 1, game 1",
                                       "Match 1: Extension 1, game 2", "Match 1: Armageddon"]
    from core.reports.document import Term

    # the Armageddon's row says what it is; its two clocks and its rule stand once under the
    # table (the column of an 80-column page stays narrow), and whole for machines
    cells = [row[[c.key for c in report.tables[0].columns].index("time_control")] for row in report.tables[0].rows]
    assert cells == ["3 min + 3 s"] * 4 + [Term("White 5 min, Black 4 min", "Armageddon")]
    assert "Armageddon (White 5 min, Black 4 min; a draw counts as a win for Black)" in report.notes


def test_no_ids_nor_codes_in_any_language() -> None:
    english = _report()
    for lang in ("tr", "de", "ru"):
        report = _report(lang)
        cells = _column(report, "game") + [getattr(c, "text", c) for c in _raw(report, "time_control")]
        assert not any(c.startswith("p.") or "W300" in c or "180+3" in c or " min" in c for c in cells), cells
        assert _column(report, "game") != _column(english, "game")


def test_the_header_says_when_the_event_ends_and_the_playoff_starts() -> None:
    """``--start`` is the END of the event's last game (review rev34f 18); the first playoff
    game follows after the break after the event (30 minutes by default): 18:00 → 18:30."""
    report = _report()
    assert report.subtitle[-1] == "The event's last game ends at 18:00; first playoff game 18:30"
    assert "Start after" not in " ".join(report.subtitle)


def test_a_cup_timetable_is_no_tie_break_playoff() -> None:
    """A knockout cup of eight with a match for third place: quarter-finals, semi-finals, the
    final and the match for third place — four stages (review rev34f 6).  Its timetable does not
    call it a playoff (glossary: Stechen/ek maç/плей-офф are tie-break matches), Russian counts
    "4 круга" (CLDR few), and a game whose colours are still to be drawn says so in the future."""
    from core import changes
    from core.reports.playoffs import playoff_reports

    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i) for i in range(1, 9))
    t = Tournament(id="cup", name="Cup", system="knockout", total_rounds=3, players=players,
                   options={"knockout": {"third_place": True}})
    t = changes.pair_next_round(t)
    for lang, playoff_word, count in (("de", "Stechen", "4 Runden"), ("ru", "плей-офф", "4 круга"),
                                      ("tr", "ek maç", "4 turdan"), ("en", "playoff", "4 rounds")):
        with speaking(lang):
            [timetable] = [r for r in playoff_reports(View(t)) if r.slug == "timetable-cup"]
        notes = " ".join(timetable.notes)
        assert playoff_word not in notes and count in notes, notes
    with speaking("en"):
        [timetable] = [r for r in playoff_reports(View(t)) if r.slug == "timetable-cup"]
    results = {str(row[5]) for row in timetable.tables[0].rows}
    # short in the column (the clock column stays on an 80-column page), said in the future
    # under the table: the colours are drawn once the players are known
    assert "by lot" in results and "colours by lot" not in results
    assert ("by lot: who has White in a match's first game is drawn by lot once both players are known; "
            "the colours then alternate.") in timetable.notes

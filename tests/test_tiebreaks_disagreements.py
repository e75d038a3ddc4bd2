"""Three tie-break readings where hakem and FIDE's tie-break calculator disagreed, settled from
the C.07 text (2026 edition); the readings are in notes/tiebreaks.md "Disagreements settled".

Fixtures (ours): ``tests/data/disagreements/{fb_roundrobin_4p,team_board_order_2x2,
team_sb_definition_4x4}.trf``.  Each expected value is derived by hand below and agrees with
the value the calculator printed for the same file.
"""

from __future__ import annotations

import os
from fractions import Fraction

from core.standings import compute_standings
from core.trf import parse_tournament

DATA = os.path.join(os.path.dirname(__file__), "data", "disagreements")


def _read(name: str):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return parse_tournament(fh.read())


def test_fore_buchholz_in_a_round_robin_draws_the_final_round() -> None:
    """C.07 Art. 8.3: "Buchholz score calculated as if all paired games for the final round
    had ended in draws" — the sentence names no pairing system, so a round robin's final round
    is drawn too (Art. 15.2 only says how forfeits count there).

    Final round: A beat C, B–D drawn.  Scores with that round drawn: A ½+½+½ = 1½,
    B 0+½+½ = 1, C 1+0+½ = 1½, D ½+1+½ = 2.  FB: A = D 2 + B 1 + C 1½ = 4½;
    B = C 1½ + A 1½ + D 2 = 5; C = B 1 + D 2 + A 1½ = 4½; D = A 1½ + C 1½ + B 1 = 4
    (the calculator: 4.5, 5, 4.5, 4; plain BH would give C 5 since A's real score is 2)."""
    t = _read("fb_roundrobin_4p.trf")
    assert t.system == "berger"
    s = compute_standings(t, ["FB", "BH"], regime="2026")
    assert {r.pno: r.values["FB"] for r in s.rows} == {1: Fraction(9, 2), 2: 5, 3: Fraction(9, 2), 4: 4}
    assert {r.pno: r.values["BH"] for r in s.rows} == {1: 4, 2: 5, 3: 5, 4: 4}


def test_team_boards_follow_the_310_roster_order() -> None:
    """TRF-2026 ``310``: the team's players from column 74 on, in board order (record ``300``
    exists for boards played out of that order).  Team A lists 2 (A1) before 1 (A2), team B
    4 before 3, and the file has no board-order record, so board 1 is 2–4 (A won) and board 2
    is 3–1 (drawn) although the file lists that game first.
    BC (Art. 12.1, Σ board × game points): A 1·1 + 2·½ = 2, B 1·0 + 2·½ = 1 (the calculator:
    2.0 / 1.0; numbering the boards in the file's order gave 2½ / ½).  TBR: A (1, ½), B (0, ½)."""
    t = _read("team_board_order_2x2.trf")
    (match,) = t.rounds[0].matches
    boards = [t.rounds[0].boards[i] for i in match.boards]
    assert [(b.white, b.black) for b in boards] == [(2, 4), (3, 1)]
    assert (match.home, match.away) == (1, 2)
    s = compute_standings(t, ["BC", "TBR"], regime="2026")
    assert {r.pno: r.values["BC"] for r in s.rows} == {1: 2, 2: 1}
    assert s.row(1).values["TBR"] == (1, Fraction(1, 2))


def test_team_sonneborn_berger_is_match_points_times_match_points() -> None:
    """C.07 Art. 9.1: "multiplying the final score of the opponents by the points scored
    against them"; in a team event the score is the primary score (match points), so both
    factors are match points — EMMSB of Art. 13.2, not EMGSB (opponent's MP × own game points).

    Matches (by hand from the games): R1 T1 2½–1½ T4, T2 2–2 T3; R2 T1 3–1 T2, T4 3–1 T3;
    R3 T3 2½–1½ T1, T2 2½–1½ T4.  MP: T1 4, T2 3, T3 3, T4 2 (as the 310 records say).
    SB = EMMSB: T1 T4 2·2 + T2 3·2 + T3 3·0 = 10; T2 T3 3·1 + T1 4·0 + T4 2·2 = 7;
    T3 T2 3·1 + T4 2·0 + T1 4·2 = 11; T4 T1 4·0 + T3 3·2 + T2 3·0 = 6 (the calculator's values).
    EMGSB stays available by its own code: T1 2·2½ + 3·3 + 3·1½ = 18½."""
    t = _read("team_sb_definition_4x4.trf")
    s = compute_standings(t, ["SB", "EMMSB", "EMGSB"], regime="2026")
    assert {r.pno: r.values["SB"] for r in s.rows} == {1: 10, 2: 7, 3: 11, 4: 6}
    assert all(r.values["SB"] == r.values["EMMSB"] for r in s.rows)
    assert s.row(1).values["EMGSB"] == Fraction(37, 2)
    assert [r.pno for r in s.rows] == [1, 3, 2, 4]


def test_team_sonneborn_berger_says_what_it_multiplies() -> None:
    """The name shown for SB in a team event names the factors (and the Art. 13.2 code)."""
    from core.i18n import speaking
    from core.reports.tables import tiebreak_label

    t = _read("team_sb_definition_4x4.trf")
    s = compute_standings(t, ["SB"], regime="2026")
    assert s.team_primary == "MP"
    with speaking("en"):
        assert tiebreak_label("SB", s.team_primary) == (
            "Sonneborn-Berger (opponents' match points × own match points, as EMMSB)")
        assert tiebreak_label("SB") == "Sonneborn-Berger"
        assert tiebreak_label("SB", "GP") == "Sonneborn-Berger (opponents' game points × own game points, as EGGSB)"
    with speaking("tr"):
        assert "EMMSB" in tiebreak_label("SB", "MP") and tiebreak_label("SB", "MP") != tiebreak_label("SB", "GP")


async def test_the_tie_break_screen_names_team_sb_by_its_factors(tmp_path) -> None:
    """F5 of a team event lists SB with the team reading's name (and EMGSB with its own)."""
    from textual.widgets import DataTable

    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, wait_for

    t = _read("team_sb_definition_4x4.trf").with_changes(tiebreaks=("SB", "EMGSB"))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, poll_interval=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", timeout=30)
        await pilot.press("f5")
        await wait_for(pilot, lambda: bool(app.screen.query("#tb-list"))
                       and app.screen.query_one("#tb-list", DataTable).row_count == 2, timeout=30)
        table = app.screen.query_one("#tb-list", DataTable)
        names = [str(table.get_row_at(i)[2]) for i in range(2)]
    assert names == ["Sonneborn-Berger (opponents' match points × own match points, as EMMSB)",
                     "Extended Sonneborn-Berger (opponents' match points × own game points)"]

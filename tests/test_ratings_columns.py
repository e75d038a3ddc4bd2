"""The rating change where people look for it: the standings' last column (published pages,
print, CSV), the TUI's F4 standings and the club register's member history."""

from __future__ import annotations

from fractions import Fraction

from core.club.history import history
from core.club.members import Member
from core.model import Board, GameResult, Player, Round, Tournament
from core.reports.render import to_csv
from core.reports.tables import standings_report
from core.reports.view import View


def _event() -> Tournament:
    # A (2000, K 20 assumed) loses to B (2100, 12 games before: K 40).
    # D = 100: PD 0.36 for A, 0.64 for B.  A: 20 × (0 − 0.36) = −7.2; B: 40 × (1 − 0.64) = +14.4.
    players = (Player(1, "B", 2100, fide_id="200", extra={"fide_games": 12}), Player(2, "A", 2000, fide_id="100"))
    return Tournament("club-1", "Club", start_date="2026-10-01", players=players,
                      rounds=(Round(1, (Board(1, 2, GameResult.WHITE_WINS),)),))


def test_standings_carry_the_change_as_last_column() -> None:
    lines = to_csv(standings_report(View(_event()))).splitlines()
    assert lines[0].endswith(",rating_change")
    assert lines[1].endswith(",14.4") and lines[2].endswith(",-7.2")


def test_no_change_column_before_a_round() -> None:
    t = _event().with_changes(rounds=())
    assert "rating_change" not in to_csv(standings_report(View(t))).splitlines()[0]


def test_tui_standings_rows_carry_the_change() -> None:
    from tui.standings import compute

    view = compute(_event())
    assert view.changes and {r.pno: r.change for r in view.rows} == {1: "14.4", 2: "−7.2"}


def test_member_history_has_the_event_change() -> None:
    played = history([_event()], Member(7, "A", fide_id="100"))
    assert played[0].rating_change == Fraction(-72, 10)

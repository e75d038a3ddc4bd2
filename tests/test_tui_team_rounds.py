"""Team events on the rounds pane: each team match stands above its boards, with the board
points so far and, once every board has a result, the match points.

Expected values come from the results the test enters: board points summed by hand below,
match points by Aktar's rule (more than half of the board points wins 2, equal 1, fewer 0 —
Aktar p. 73).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from textual.widgets import DataTable

from core import changes
from core.model import GameResult
from core.changes.numbering import assign_pairing_numbers
from core.pairing.base import PairOptions
from core.pairing.registry import get_system
from core.changes.teams import add_team
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for
from tui.widgets.tables import row_values
from tests.tui_fixtures import organiser_uses_single_keys

TEAMS = ("Ankara SK", "Bursa Gençlik", "Çankaya", "Datça Kale")


pytestmark = pytest.mark.usefixtures("quiet_tui")


def league(rounds: int = 1):
    """Four teams of three (demo players; team k gets pairing numbers k, k+4, k+8), a team round
    robin (Berger tables over the teams)."""
    t = assign_pairing_numbers(demo().with_changes(system="berger", total_rounds=3, name="Club League",
                                                   tiebreaks=()))
    for k, name in enumerate(TEAMS):
        t = add_team(t, name, sorted(p.pno for p in t.players)[k::4])
    for _ in range(rounds):
        t = changes.apply_pairing(t, get_system("berger").pair(t, PairOptions()))
    return t


def half(x: Fraction) -> str:
    whole = int(x)
    return str(whole) if x == whole else (f"{whole}½" if whole else "½")


async def test_team_matches_stand_above_their_boards_with_board_and_match_points(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    t = league()
    rnd = t.rounds[0]
    matches = rnd.matches
    assert len(matches) == 2 and all(len(m.boards) == 3 for m in matches)
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    names = dict(enumerate(TEAMS, 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause()
        pane = app.screen.query_one("#pane-rounds")
        table = app.screen.query_one("#boards", DataTable)
        assert table.kept.keys[:8] == ["m0", "b1", "b2", "b3", "m1", "b4", "b5", "b6"]
        first = row_values(table, 0)
        assert (first[2], first[4], first[7]) == (f"▸ {names[matches[0].home]}", "0:0", names[matches[0].away])
        # three keys on the first match's boards: 1-0, ½-½, 1-0
        table.move_cursor(row=1)
        await pilot.pause()
        for key in ("1", "equals_sign", "1"):
            await pilot.press(key)
            await pilot.pause()
        home_members = set(t.teams[matches[0].home - 1].members)
        points = {GameResult.WHITE_WINS: (Fraction(1), Fraction(0)), GameResult.DRAW: (Fraction(1, 2),) * 2}
        home = away = Fraction(0)
        for i, result in zip(matches[0].boards, (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.WHITE_WINS)):
            w, b = points[result]
            if rnd.boards[i].white in home_members:
                home, away = home + w, away + b
            else:
                home, away = home + b, away + w
        assert home + away == 3
        match_points = "2:0" if home > away else ("0:2" if home < away else "1:1")
        assert row_values(table, 0)[4] == f"{half(home)}:{half(away)} → {match_points}"
        assert row_values(table, 4)[4] == "0:0"  # the second match has no result yet
        # a result key on a match row moves to that match's first board still playing
        table.move_cursor(row=4)
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        assert table.cursor_row == 5
        assert all(b.result is None for b in pane.t.rounds[0].boards[3:])
        # "still playing" keeps the open match with its boards only
        await pilot.press("s")
        await pilot.pause()
        assert table.kept.keys == ["m1", "b4", "b5", "b6"]


@pytest.mark.parametrize("size", [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")])
def test_snapshot_team_round(snap_compare, tmp_path, monkeypatch, size):
    """Round 1 of the league, one match complete (1-0, ½-½, 0-1 → 1½:1½ on the board, 1:1)."""
    import core.store.journal as journal_module
    from tui.services import Workspace

    monkeypatch.setattr(journal_module, "_now", lambda: "2026-11-29T19:30:00+00:00")
    monkeypatch.setattr(HakemApp, "notify", lambda self, *a, **k: None)
    monkeypatch.setattr(Workspace, "data_dir", property(lambda self: "/srv/hakem/data"))
    t = league().with_changes(id="club-league")
    for board, result in zip((1, 2, 3), (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)):
        t = changes.set_result(t, 1, board, result)
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)

    async def run_before(pilot):
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)

"""A Double-Swiss event through the keyboard: create it with the form, register five players,
pair a round (two boards per match, the board column naming match and game), type each game's
result, and read the standings: points per game, the PAB a game won plus a game drawn.

Expected points are summed here from the keys the test typed, never read from the engine."""

from __future__ import annotations

from fractions import Fraction

import pytest
from textual.widgets import DataTable, Input, Select

from tui.app import HakemApp
from tests.tui_fixtures import organiser_uses_single_keys, type_text, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")

PLAYERS = [("Aydın, Ali", 2210), ("Becker, Bernd", 2150), ("Çelik, Cem", 2100), ("Dorn, Dana", 2050),
           ("Erdem, Ece", 2000)]
KEY_RESULT = {"1": (Fraction(1), Fraction(0)), "0": (Fraction(0), Fraction(1)), "=": (Fraction(1, 2), Fraction(1, 2))}
KEY_NAME = {"1": "1", "0": "0", "=": "equals_sign"}


async def test_a_match_round_typed_game_by_game(tmp_path):
    organiser_uses_single_keys()
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen.query("#name"))
        await type_text(pilot, "Double Evening")
        app.screen.query_one("#system", Select).value = "double-swiss"
        app.screen.query_one("#rounds", Input).value = "3"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        session = app.screen.session
        assert session.tournament.system == "double-swiss"
        assert session.tournament.points.pab == Fraction(3, 2)  # C.04.5 1.4
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        for name, rating in PLAYERS:
            app.screen.query_one("#p-name", Input).value = name
            app.screen.query_one("#p-rating", Input).value = str(rating)
            await pilot.press("enter")
            await wait_for(pilot, lambda n=name: any(p.name == n for p in session.tournament.players))
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "boards")
        await pilot.press("p")
        await wait_for(pilot, lambda: session.tournament.current_round == 1)
        await app.workers.wait_for_complete()
        await pilot.pause()
        rnd = session.tournament.rounds[-1]
        # two matches of two games (colours reversed) and the PAB to the lowest-ranked (3.4.4)
        assert [(b.game, {b.white, b.black}) for b in rnd.boards] == [
            ("g1", {1, 3}), ("g2", {1, 3}), ("g1", {2, 4}), ("g2", {2, 4})]
        assert [(y.pno, y.kind.value) for y in rnd.byes] == [(5, "U")]
        table = app.screen.query_one("#boards", DataTable)
        first_cells = [str(row_values(table, r)[0]) for r in range(4)]
        assert first_cells == ["1 · 1.1", "2 · 1.2", "3 · 2.1", "4 · 2.2"]
        typed = ["1", "=", "0", "0"]
        for i, key in enumerate(typed):
            await pilot.press(KEY_NAME[key])
            await wait_for(pilot, lambda i=i: session.tournament.rounds[0].boards[i].result is not None)
        await pilot.pause()
        cells = [str(row_values(table, r)[4]) for r in range(4)]
        # game 2 shows the match score from its own row's White (game 1's Black): lost game 1,
        # drew game 2 — ½–1½; in match 2 Black won both games — 1–1
        assert cells == ["1-0", "½-½ · ½–1½", "0-1", "0-1 · 1–1"], cells
        expected = {p: Fraction(0) for p in range(1, 6)}
        expected[5] = Fraction(3, 2)
        for b, key in zip(rnd.boards, typed):
            w, bl = KEY_RESULT[key]
            expected[b.white] += w
            expected[b.black] += bl
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.screen.query("#standings") and
                       app.screen.query_one("#standings", DataTable).row_count == 5)
        standings = app.screen.query_one("#standings", DataTable)
        header = [str(c.label) for c in standings.columns.values()]
        number, pts = header.index("No."), header.index("Pts")
        shown = {}
        for row in range(standings.row_count):
            values = [str(v) for v in row_values(standings, row)]
            shown[int(values[number])] = values[pts]
        spelled = {Fraction(0): "0", Fraction(1, 2): "½", Fraction(1): "1", Fraction(3, 2): "1½", Fraction(2): "2"}
        assert shown == {pno: spelled[points] for pno, points in expected.items()}

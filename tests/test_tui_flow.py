"""The whole club evening through the keyboard: create → register 12 → pair 5 rounds entering
results → change the tie-breaks → standings.

Expected points are summed here from the results the test itself typed (an independent
construction), never read back from the engine's own score function.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from textual.widgets import DataTable, Input, Select

from core.pairing.registry import system_ids
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import type_text, wait_for
from tui.widgets.tables import row_values
from tests.tui_fixtures import organiser_uses_single_keys

PLAYERS = [("Aydın, Ali", 2210), ("Becker, Bernd", 2150), ("Çelik, Cem", 2100), ("Dorn, Dana", 2050),
           ("Erdem, Ece", 2000), ("Fuchs, Falk", 1950), ("Gül, Gaye", 1900), ("Hahn, Hugo", 1850),
           ("Işık, Irmak", 1800), ("Jung, Jana", 1750), ("Kara, Kaan", 1700), ("Lenz, Lara", 1650)]
KEY_RESULT = {"1": (Fraction(1), Fraction(0)), "0": (Fraction(0), Fraction(1)), "=": (Fraction(1, 2), Fraction(1, 2))}
KEY_NAME = {"1": "1", "0": "0", "=": "equals_sign"}


pytestmark = pytest.mark.usefixtures("quiet_tui")


def swiss_system() -> str:
    ids = system_ids()
    for wanted in ("dutch", "burstein", "dubov", "lim"):
        if wanted in ids:
            return wanted
    return ids[0]


async def test_club_evening(tmp_path):
    organiser_uses_single_keys()  # results below are single keys (off by default)
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data)
    typed: dict[int, dict[int, str]] = {}
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        # -- create ---------------------------------------------------------------------------
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen.query("#name"))
        await type_text(pilot, "Club Rapid")
        app.screen.query_one("#system", Select).value = swiss_system()
        rounds = app.screen.query_one("#rounds", Input)
        rounds.value = "5"
        app.screen.query_one("#time_control", Input).value = "15+10"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        session = app.screen.session
        assert session.tournament.name == "Club Rapid"
        assert session.tournament.total_rounds == 5
        assert session.tournament.time_control == "15+10"
        assert session.tournament.system == swiss_system()
        # -- register 12 by fast entry --------------------------------------------------------
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        for i, (name, rating) in enumerate(PLAYERS):
            if i < 2:  # typed key by key; the rest filled in directly to keep the suite fast
                await type_text(pilot, name)
                await pilot.press("tab")
                await type_text(pilot, str(rating))
            else:
                app.screen.query_one("#p-name", Input).value = name
                app.screen.query_one("#p-rating", Input).value = str(rating)
            await pilot.press("enter")
            await wait_for(pilot, lambda n=name: any(p.name == n for p in session.tournament.players))
            assert app.focused.id == "p-name"
        assert len(session.tournament.players) == 12
        table = app.screen.query_one("#players", DataTable)
        assert table.row_count == 12
        # -- five rounds: pair with p, results with single keys on the boards table ----------
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "boards")
        for r in range(1, 6):
            await pilot.press("p")
            await wait_for(pilot, lambda r=r: session.tournament.current_round == r)
            await app.workers.wait_for_complete()
            await pilot.pause()
            rnd = session.tournament.rounds[-1]
            assert len(rnd.boards) == 6
            seen = [x for b in rnd.boards for x in (b.white, b.black)]
            assert sorted(seen) == list(range(1, 13))
            typed[r] = {}
            for i in range(6):
                key = "10="[(i + r) % 3]
                # the cursor jumps to the next board still playing, so board i+1 is selected
                pane = app.screen.query_one("#pane-rounds")
                assert pane.selected_board() == i + 1
                await pilot.press(KEY_NAME[key])
                typed[r][i + 1] = key
                await wait_for(pilot, lambda r=r, i=i: session.tournament.rounds[r - 1].boards[i].result is not None)
            assert session.tournament.rounds[-1].complete
        status = str(app.screen.query_one("#round-status").render())
        assert "last round" in status
        # -- tie-break change with live preview -------------------------------------------------
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#tb-preset"))
        await pilot.pause()
        app.screen.query_one("#tb-preset", Select).value = "tsf-swiss"
        await pilot.pause()
        preview = app.screen.query_one("#tb-preview", DataTable)
        headers = [str(c.label) for c in preview.columns.values()]
        assert headers[-7:] == ["DE", "BH/C1", "SB", "AOB", "WIN", "LOT", "Rtg ±"]  # the rating change last
        # the new list is only a preview until saved
        assert session.tournament.tiebreaks == ()  # the form's default: automatic, nothing stored
        app.screen.query_one("#tb-list", DataTable).focus()
        await pilot.press("s")
        # the list was announced before round 1 (C.07): a change after the start is asked first
        from tui.widgets.dialogs import ConfirmDialog

        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert session.tournament.tiebreaks == ()  # nothing stored before the answer
        await pilot.press("y")
        await wait_for(pilot, lambda: session.tournament.tiebreaks == ("DE", "BH/C1", "SB", "AOB", "WIN", "LOT"))
        # -- standings: points equal the sum of what was typed ---------------------------------
        await pilot.press("f4")
        await wait_for(pilot, lambda: app.screen.query("#standings") and
                       app.screen.query_one("#standings", DataTable).row_count == 12)
        t = Store(data).load(session.id).tournament
        expected = {p: Fraction(0) for p in range(1, 13)}
        for r, rnd in enumerate(t.rounds, 1):
            for i, b in enumerate(rnd.boards, 1):
                w, bl = KEY_RESULT[typed[r][i]]
                expected[b.white] += w
                expected[b.black] += bl
        standings = app.screen.query_one("#standings", DataTable)
        shown = {}
        for row in range(standings.row_count):
            cells = row_values(standings, row)
            shown[int(cells[1])] = cells[4]
        from tui.i18n import fmt_points

        assert shown == {p: fmt_points(v) for p, v in expected.items()}
        points_in_order = [expected[int(row_values(standings, i)[1])] for i in range(12)]
        assert points_in_order == sorted(points_in_order, reverse=True)
        headers = [str(c.label) for c in standings.columns.values()]
        assert headers[5:] == ["DE", "BH/C1", "SB", "AOB", "WIN", "LOT", "Rtg ±"]
    # everything went through the store: a fresh load sees the five rounds and the list
    t = Store(data).load(session.id).tournament
    assert t.current_round == 5 and all(r.complete for r in t.rounds)
    journal = Store(data).journal(session.id)
    assert {e["user"] for e in journal} == {"arbiter"}

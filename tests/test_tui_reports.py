"""Reports pane (core reports shown and exported) and playoff pane (a tied group gets a playoff,
results decide it, the order goes into the standings)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, TextArea

from core.store import Store
from tui.app import HakemApp
from tui.testing import demo, store_with, wait_for
from tui.widgets.tables import row_values


pytestmark = pytest.mark.usefixtures("quiet_tui")


async def open_tab(tmp_path, t, key, pane):
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    return app, data, tid


async def test_reports_show_and_export(tmp_path):
    app, data, tid = await open_tab(tmp_path, demo(rounds=3), "f6", "reports")
    target = tmp_path / "standings.html"
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text")
                       and app.screen.query_one("#report-text", TextArea).text.startswith("Standings"))
        pane = app.screen.query_one("#pane-reports")
        assert "crosstable" in pane.kinds and "pairings" in pane.kinds
        await pilot.press("left_square_bracket")
        pane.kind = "pairings"
        pane.render_report()
        assert app.screen.query_one("#report-text", TextArea).text.startswith("Pairings of round 2")
        pane.kind = "standings"
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await wait_for(pilot, target.exists)
    html = target.read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html") and "Ivanov, Sergei" in html


async def test_playoff_for_a_tied_group(tmp_path):
    # one criterion only (wins): after two circle rounds several players stay tied
    t = demo(rounds=2, tiebreaks=("WIN",))
    app, data, tid = await open_tab(tmp_path, t, "f7", "playoff")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f7")
        await wait_for(pilot, lambda: app.screen.query("#ties")
                       and app.screen.query_one("#ties", DataTable).row_count > 0)
        pane = app.screen.query_one("#pane-playoff")
        two = next(g for g in pane.groups if len(g) == 2)
        ties = app.screen.query_one("#ties", DataTable)
        ties.move_cursor(row=pane.groups.index(two))
        ties.focus()
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = "1 match 20:00"
        await pilot.press("enter")
        key = pane.key_for(two)
        session = app.screen.session
        await wait_for(pilot, lambda: key in session.tournament.options.get("playoffs", {}))
        games = app.screen.query_one("#playoff-games", DataTable)
        await wait_for(pilot, lambda: games.row_count >= 2)
        assert row_values(games, 0)[6] >= "20:00"
        # the higher-seeded player wins both games of the mini-match
        from core.playoff import evaluate

        games.focus()
        for _ in range(2):
            state = session.tournament.options["playoffs"][key]
            game = next(g for g in evaluate(state).ready)
            games.move_cursor(row=games._hakem_keys.index(game.id))
            await pilot.press("1" if game.white == two[0] else "0")
            await wait_for(pilot, lambda g=game: evaluate(session.tournament.options["playoffs"][key])
                           .game(g.id).result is not None)
        await wait_for(pilot, lambda: evaluate(session.tournament.options["playoffs"][key]).places is not None)
        await pilot.press("b")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PictureDialog")
        picture = app.screen.query_one("BracketView").picture_text
        names = {p.pno: p.name for p in session.tournament.players}
        assert names[two[0]].split(",")[0] in picture
        await pilot.press("escape")
    stored = Store(data).load(tid).tournament
    from core.standings import compute_standings

    rows = compute_standings(stored).rows
    order = [r.pno for r in rows if r.pno in two]
    assert order == [two[0], two[1]]


async def test_pictures_in_the_reports_pane(tmp_path):
    app, data, tid = await open_tab(tmp_path, demo(rounds=3), "f6", "reports")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text"))
        pane = app.screen.query_one("#pane-reports")
        await wait_for(pilot, lambda: "pic-wallchart" in pane.kinds)
        names = ("Ivanov", "Kaya", "Schneider", "Wagner")  # the wallchart writes names in capitals
        for kind in ("pic-wallchart", "pic-progress"):
            pane.kind = kind
            pane.render_report()
            await wait_for(pilot, lambda: len(app.screen.query(".report-picture")) == 1)
            text = app.screen.query(".report-picture").first().picture_text
            assert all(name.upper() in text.upper() for name in names), kind
            assert not app.screen.query_one("#report-text", TextArea).display
        pane.kind = "standings"
        pane.render_report()
        await wait_for(pilot, lambda: len(app.screen.query(".report-picture")) == 0)
        assert app.screen.query_one("#report-text", TextArea).display

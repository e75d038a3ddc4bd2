"""Snapshot of every screen at 80×24 and 120×40.

Deterministic by construction: fixed clock and user for the store, fixed tournament ids,
rounds built by the circle method (no engine), no toasts, no cursor blink, English.
Review the HTML report before ever running ``pytest --snapshot-update``.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.i18n import set_language
from core.pairing import registry
from tui.app import HakemApp
from tui.services import Workspace
from tests.tui_fixtures import CIRCLE, demo, register_system, store_with, wait_for

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


@pytest.fixture(autouse=True)
def deterministic(monkeypatch, tmp_path):
    import core.store.journal as journal_module

    monkeypatch.setattr(journal_module, "_now", lambda: "2026-11-29T19:30:00+00:00")
    monkeypatch.setattr("core.identity.user_name", lambda uid: "arbiter")
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(Input, "cursor_blink", False)
    monkeypatch.setattr(HakemApp, "notify", lambda self, *a, **k: None)
    monkeypatch.setattr(Workspace, "data_dir", property(lambda self: "/srv/hakem/data"))
    # a fixed list of systems: the form's choices must not change when an engine registers
    monkeypatch.setattr(registry, "SYSTEMS", {"dutch": "dutch", "berger": "roundrobin"})
    register_system(monkeypatch, "circle-test", CIRCLE)
    set_language("en")


def app_with(tmp_path, *tournaments, open_first: bool = True) -> HakemApp:
    ids = store_with(tmp_path / "data", *tournaments)
    return HakemApp(data_dir=tmp_path / "data", open_id=ids[0] if open_first else None)


def event(rounds: int = 3, complete_last: bool = True):
    t = demo(rounds=rounds, complete_last=complete_last, tiebreaks=("BH/C1", "BH", "SB", "WIN"))
    return t.with_changes(id="club-rapid", system="circle-test")


async def on_tab(pilot, key: str, pane: str) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press(key)
    await wait_for(pilot, lambda: app.screen.query(f"#pane-{pane}"))
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_tournaments_list(snap_compare, tmp_path, size):
    """Two tournaments, newest first; footer with n/Enter/c/a/i/d."""
    second = demo().with_changes(id="blitz-night", name="Blitz Night", total_rounds=7)
    app = app_with(tmp_path, event(), second, open_first=False)

    async def run_before(pilot):
        await wait_for(pilot, lambda: pilot.app.screen.query("#tournaments")
                       and pilot.app.screen.query_one("#tournaments", DataTable).row_count == 2)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_new_tournament_form(snap_compare, tmp_path, size):
    """The new-tournament form: every setting, name field focused."""
    app = app_with(tmp_path, event(), open_first=False)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "NewTournamentDialog")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_players(snap_compare, tmp_path, size):
    """Players tab before round 1: the fast-entry form, 12 players, provisional numbers note."""
    app = app_with(tmp_path, event(rounds=0))

    async def run_before(pilot):
        await on_tab(pilot, "f2", "players")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_rounds(snap_compare, tmp_path, size):
    """Round 3 with boards 1–2 entered; the cursor on board 3, the still-playing line."""
    t = event(rounds=3, complete_last=False)
    from core import changes
    from core.model import GameResult

    t = changes.set_result(t, 3, 1, GameResult.WHITE_WINS)
    t = changes.set_result(t, 3, 2, GameResult.DRAW)
    app = app_with(tmp_path, t)

    async def run_before(pilot):
        await on_tab(pilot, "f3", "rounds")
        await pilot.press("n")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_standings(snap_compare, tmp_path, size):
    """Standings after 3 rounds with BH/C1, BH, SB, WIN and the regime line."""
    app = app_with(tmp_path, event())

    async def run_before(pilot):
        await on_tab(pilot, "f4", "standings")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_tiebreaks(snap_compare, tmp_path, size):
    """Tie-break editor: list on the left, live preview on the right."""
    app = app_with(tmp_path, event())

    async def run_before(pilot):
        await on_tab(pilot, "f5", "tiebreaks")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_reports(snap_compare, tmp_path, size):
    """Reports tab showing the standings text."""
    app = app_with(tmp_path, event())

    async def run_before(pilot):
        await on_tab(pilot, "f6", "reports")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_playoff(snap_compare, tmp_path, size):
    """Playoff tab: groups still tied after the list (none or some), and the hint line."""
    app = app_with(tmp_path, event(rounds=2).with_changes(tiebreaks=("WIN",)))

    async def run_before(pilot):
        await on_tab(pilot, "f7", "playoff")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_manual_pairing(snap_compare, tmp_path, size):
    """Manual pairing: the draft on the left, the engine's pairing on the right."""
    app = app_with(tmp_path, event(rounds=2, complete_last=False))

    async def run_before(pilot):
        await on_tab(pilot, "f3", "rounds")
        await pilot.press("m")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "ManualPairingScreen"
                       and pilot.app.screen.engine is not None)

        def engine_table_measured() -> bool:
            # the engine's rows arrive from a worker; under load a frame could be drawn before
            # the table measured them (columns as wide as their headers: "2 Akt")
            table = pilot.app.screen.query_one("#manual-engine", DataTable)
            white = table.ordered_columns[1]
            return table.row_count > 0 and white.get_render_width(table) > len("2 Aktar, Tahsin")

        await wait_for(pilot, engine_table_measured)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, tmp_path, size):
    """Help: keys by screen."""
    app = app_with(tmp_path, event(), open_first=False)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("f1")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "HelpScreen")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_settings(snap_compare, tmp_path, size):
    """Settings: language and the data directory."""
    app = app_with(tmp_path, event(), open_first=False)

    async def run_before(pilot):
        await pilot.pause()
        await pilot.press("s")
        await wait_for(pilot, lambda: type(pilot.app.screen).__name__ == "SettingsScreen")

    assert snap_compare(app, terminal_size=size, run_before=run_before)

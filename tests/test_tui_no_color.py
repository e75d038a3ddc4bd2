"""Every state readable without colour (issue 34 item 5).

With ``NO_COLOR`` set Textual draws in grey levels (on a monochrome terminal, in none): a
state told only by colour is lost.  Checked here, in the app as an organiser runs it with
``NO_COLOR=1``: the checkbox draws its X only when ticked; the cursor row of a table and the
highlighted entry of a drop-down are drawn reversed or underlined; a present player is ``✓``, an absent one
``✗`` in the check-in list (F1 says so); the focused field of a form is drawn reversed; a board's result is its text (``1-0``, ``½-½``).
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import DataTable, Select

from tests.test_tui_checkin import evening, open_checkin
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.widgets.states import Tick

pytestmark = pytest.mark.usefixtures("quiet_tui")


def _strips(app):
    return [list(strip) for strip in app.screen._compositor.render_strips()]


def _line(app, text: str):
    """The segments of the first screen line holding ``text``."""
    for segments in _strips(app):
        if text in "".join(s.text for s in segments):
            return segments
    raise AssertionError(f"{text!r} not on screen")


def _reversed(segments, text: str) -> bool:
    return any(text in s.text and s.style is not None and s.style.reverse for s in segments)


def _underlined(segments, text: str) -> bool:
    return any(text in s.text and s.style is not None and s.style.underline for s in segments)


class _Ticks(App):
    def compose(self) -> ComposeResult:
        yield Tick("3rd place", False, id="off")
        yield Tick("3rd place", True, id="on")


async def test_a_checkbox_draws_its_x_only_when_ticked(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = _Ticks()
    async with app.run_test(size=(40, 6)) as pilot:
        off, on = app.query_one("#off", Tick), app.query_one("#on", Tick)
        assert str(off.render()).startswith("▐ ▌") and str(on.render()).startswith("▐X▌")
        off.toggle()
        await pilot.pause()
        assert str(off.render()).startswith("▐X▌")


async def test_cursor_and_highlight_read_without_colour(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.no_color
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.screen.query("#boards") and app.screen.query_one("#boards", DataTable).row_count)
        boards = app.screen.query_one("#boards", DataTable)
        boards.focus()
        boards.move_cursor(row=0)
        await pilot.pause(0.2)
        first = next(str(c) for c in boards.get_row_at(0) if "," in str(c))  # a player's name
        segments = _line(app, first)
        assert _reversed(segments, first), "the board under the cursor is drawn reversed"
        # a result reads as text: the played round's boards carry 1-0 / ½-½ / 0-1
        shown = "\n".join("".join(s.text for s in line) for line in _strips(app))
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#players"))
        # a drop-down's highlighted entry: the settings' language list
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
        language = app.screen.query_one("#language", Select)
        language.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: language.expanded)
        await pilot.pause(0.2)
        assert any(_underlined(line, "English") for line in _strips(app)), "the highlighted entry is underlined"
        assert not any(_underlined(line, "Türkçe") for line in _strips(app))
    assert any(r in shown for r in ("1-0", "0-1", "½-½"))


async def test_present_and_absent_are_marks(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    data = tmp_path / "data"
    [tid] = store_with(data, evening().with_changes(options={"checkin": {"open": True, "present": [2]}}))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        _owner, dialog = await open_checkin(pilot, app)
        await pilot.pause(0.2)
        assert "✓" in "".join(s.text for s in _line(app, "Kaya, Can"))      # present
        assert "✗" in "".join(s.text for s in _line(app, "Bauer, Max"))     # absent
        assert "✓" not in "".join(s.text for s in _line(app, "Bauer, Max"))


@pytest.mark.parametrize(("term", "mono"), [("vt100", True), ("xterm-mono", True), ("dumb", True),
                                            ("xterm-256color", False), ("tmux-256color", False), ("", False)])
def test_a_monochrome_terminal_draws_as_no_color(monkeypatch, term, mono):
    monkeypatch.setenv("NO_COLOR", "")  # recorded, so that what the app sets is undone after the test
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", term)
    assert HakemApp().no_color is mono


async def test_the_focused_field_of_a_form_reads_without_colour(tmp_path, monkeypatch):
    """The settings (Ctrl+S: the language drop-down has the focus) and the event's settings
    form (Ctrl+T: the name field): the focused one is drawn reversed, the others are not."""
    monkeypatch.setenv("NO_COLOR", "1")
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 34)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        name = app.screen.session.tournament.name
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        await pilot.pause(0.2)
        assert app.focused is app.screen.query_one("#name")
        assert _reversed(_line(app, name), name), "the focused entry line is drawn reversed"
        place = app.screen.query_one("#place")
        place.focus()
        await pilot.pause(0.2)
        assert not _reversed(_line(app, name), name)
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SettingsScreen")
        await pilot.pause(0.2)
        assert _reversed(_line(app, "English"), "English"), "the focused drop-down is drawn reversed"


def test_the_check_in_marks_are_in_the_help():
    from tui.screens.help import marks_help

    assert "✓ present · ✗ absent" in marks_help()


async def test_only_the_focused_table_s_cursor_is_reversed(tmp_path, monkeypatch):
    """rev35a #14: F7 drew the tied groups' cursor and the playoff games' cursor alike
    (both reversed): the result keys act on the focused table, and without colour nobody
    could tell which.  The focused table's cursor is reversed, the other's underlined."""
    monkeypatch.setenv("NO_COLOR", "1")
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f7")
        ties = app.screen.query_one("#ties", DataTable)
        await wait_for(pilot, lambda: ties.row_count > 0)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayoffDialog")
        await pilot.press("enter")
        games = app.screen.query_one("#playoff-games", DataTable)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen" and games.row_count > 0)
        ties.focus()
        await pilot.pause(0.2)
        group = str(ties.get_row_at(ties.cursor_row)[0])
        game = str(games.get_row_at(games.cursor_row)[2])  # White's name
        assert _reversed(_line(app, group), group) and not _reversed(_line(app, game), game)
        assert _underlined(_line(app, game), game)
        games.focus()
        await pilot.pause(0.2)
        assert _reversed(_line(app, game), game) and not _reversed(_line(app, group), group)

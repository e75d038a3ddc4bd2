"""Reports pane: core reports shown and exported, pictures.  (The playoff pane's flow is in
test_tui_playoff.py.)"""

from __future__ import annotations

import pytest
from textual.widgets import Input, TextArea

from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for


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
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog")
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await wait_for(pilot, target.exists)
    html = target.read_text(encoding="utf-8")
    assert html.lstrip().lower().startswith("<!doctype html") and "Ivanov, Sergei" in html


def record_notes(app) -> list[str]:
    """Every message the app is asked to show (toasts expire after their timeout; a loaded
    machine can take longer than that between two checks)."""
    seen: list[str] = []
    show = app.notify

    def notify(message, *args, **kwargs):
        seen.append(str(message))
        return show(message, *args, **kwargs)

    app.notify = notify
    return seen


async def test_export_default_goes_to_the_tournaments_folder_and_asks_before_replacing(tmp_path, monkeypatch):
    """Issue 19 item 9: the default name carries the round, the file lands in the user's
    $HAKEM_EXPORTS/ID (not the directory hakem was started from, nor the data directory: issue
    30), the toast shows the full path, and a taken name asks: replace / keep both / cancel."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HAKEM_EXPORTS", str(tmp_path / "mine"))
    app, data, tid = await open_tab(tmp_path, demo(rounds=3), "f6", "reports")
    folder = (tmp_path / "mine" / tid).resolve()
    expected = folder / "round-2-pairings.html"  # round 2 chosen with [ below
    notes = record_notes(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text"))
        pane = app.screen.query_one("#pane-reports")
        pane.kind = "pairings"
        await pilot.press("left_square_bracket")
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog")
        assert app.screen.query_one(Input).value == "round-2-pairings.html"
        await pilot.press("enter")
        await wait_for(pilot, expected.exists)
        await wait_for(pilot, lambda: f"Written to {expected}." in notes)
        first = expected.read_bytes()
        await pilot.press("e")  # a relative path with a folder part: refused, the prompt stays
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog")
        app.screen.query_one(Input).value = "sub/list.html"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "full path" in str(app.screen.query_one("#prompt-error").render()))
        assert app.screen.query_one(Input).value == "sub/list.html"
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        expected.write_text("kept by hand", encoding="utf-8")
        for answer, then in (("escape", None), ("k", "round-2-pairings-2.html"), ("r", "round-2-pairings.html")):
            await pilot.press("e")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog")
            await pilot.press("enter")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog")
            assert str(expected) in str(app.screen.query_one(".dialog-body Static").render())
            await pilot.press(answer)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
            if then is None:
                await pilot.pause()
                assert expected.read_text(encoding="utf-8") == "kept by hand"
            else:
                written = folder / then
                await wait_for(pilot, lambda w=written: w.exists() and w.read_bytes() == first)
        await wait_for(pilot, lambda: notes.count(f"Written to {expected}.") == 2)  # the toast follows the write
        assert f"Written to {folder / 'round-2-pairings-2.html'}." in notes
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".html"]  # nothing in the cwd
    assert not (data / "exports").exists()  # nor in the data directory


async def test_print_and_pdf_export_without_the_pdf_library_say_so(tmp_path, monkeypatch):
    """The print key crashed the app when reportlab was missing: now a message."""
    import sys

    app, data, tid = await open_tab(tmp_path, demo(rounds=2), "f6", "reports")
    monkeypatch.setitem(sys.modules, "reportlab", None)
    notes = record_notes(app)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query("#report-text"))
        await pilot.press("p")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PrintDialog")
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("reportlab" in n for n in notes))
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ExportDialog")
        app.screen.query_one(Input).value = "standings.pdf"
        await pilot.press("enter")
        await wait_for(pilot, lambda: sum("reportlab" in n for n in notes) == 2)
        assert app.is_running and type(app.screen).__name__ == "TournamentScreen"
    from core.app.exports import folder_path

    assert not (folder_path(tid) / "standings.pdf").exists()


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


async def test_a_big_event_makes_the_report_in_a_worker_and_shows_only_the_latest(tmp_path, monkeypatch):
    """Above ``ReportsPane.BIG`` players the text is made in a thread worker (the pane shows at
    once); a text made for a kind no longer chosen never replaces the chosen one's."""
    from tui.screens.reports import ReportsPane, report_text

    monkeypatch.setattr(ReportsPane, "BIG", 0)  # every event counts as big here
    t = demo(rounds=3)
    made: list[str] = []
    original = ReportsPane.text_of

    def text_of(t, kind, round_no, pno, width=0):
        made.append(kind)
        return original(t, kind, round_no, pno, width=width)

    monkeypatch.setattr(ReportsPane, "text_of", staticmethod(text_of))
    app, data, tid = await open_tab(tmp_path, t, "f6", "reports")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f6")
        area = lambda: app.screen.query_one("#report-text", TextArea)
        await wait_for(pilot, lambda: app.screen.query("#report-text") and area().text)
        shown = app.screen.session.tournament
        assert area().text == report_text(shown, "standings") and made == ["standings"]
        pane = app.screen.query_one("#pane-reports")
        pane.kind = "crosstable"
        pane.render_report()
        pane.put_text((shown, "standings", None, None), "stale")  # a late text of the kind left
        await wait_for(pilot, lambda: area().text == report_text(shown, "crosstable"))
        await pilot.pause(0.1)
        assert area().text == report_text(shown, "crosstable") and "crosstable" in made

"""Toasts never hide a dialog's buttons (issue 29 review): at 60×20 a dialog with a longer body
reaches the bottom rows, where toasts are shown; the screen under the dialog showed its toasts
through the dialog's shaded background, over the buttons."""

from __future__ import annotations

import pytest
from textual.widgets import Button
from textual.widgets._toast import Toast

from tui.app import HakemApp
from tests.tui_fixtures import wait_for
from tui.widgets.dialogs import ConfirmDialog

pytestmark = pytest.mark.usefixtures("quiet_tui")


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_toasts_leave_a_dialogs_buttons_free(tmp_path, size):
    app = HakemApp(data_dir=tmp_path / "data", poll_interval=3600)
    body = "\n".join(f"line {i} of a longer question" for i in range(1, 12))
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        base = app.screen
        app.notify("A toast said just before the question, long enough to take three lines of text.",
                   timeout=60)
        await wait_for(pilot, lambda: bool(base.query(Toast)))
        app.push_screen(ConfirmDialog("Question", body, danger=True))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog) and bool(app.screen.query(Toast)))
        await pilot.pause()
        dialog = app.screen
        buttons = [b.region for b in dialog.query(Button)]
        assert buttons and all(r.height for r in buttons)
        toasts = [t.region for t in dialog.query(Toast)]
        assert toasts  # the dialog shows the toast itself …
        assert not any(t.overlaps(b) for t in toasts for b in buttons)  # … off its buttons
        # … and the screen under it shows none through the shade
        assert all(t.styles.visibility == "hidden" for t in base.query(Toast))


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_many_toasts_leave_a_dialogs_buttons_free(tmp_path, size):
    """Issue 29 (fresh-eyes review): several refused lines typed before a correction each say so
    in a toast; the toasts stacked down over the correction's buttons at 60×20."""
    app = HakemApp(data_dir=tmp_path / "data", poll_interval=3600)
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        for n in range(1, 7):
            app.notify(f"Not entered: «{90 + n} 1-0» — Round 1 has boards 1 to 6", severity="error",
                       timeout=60)
        app.push_screen(ConfirmDialog("Correct a result", "Board 1: 1-0 → 0-1", danger=True))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog) and bool(app.screen.query(Toast)))
        await pilot.pause()
        dialog = app.screen
        buttons = [b.region for b in dialog.query(Button)]
        assert buttons and all(r.height for r in buttons)
        covered = [(x, y) for b in buttons for y in range(b.y, b.bottom) for x in range(b.x, b.right)
                   if isinstance(dialog.get_widget_at(x, y)[0], Toast)
                   or any(isinstance(a, Toast) for a in dialog.get_widget_at(x, y)[0].ancestors)]
        assert covered == []  # what is drawn on each button's cells is the button


@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_toasts_never_lie_over_a_dialogs_frame(tmp_path, size):
    """Issue 34 (rev34e): the language toast sat on the settings dialog's top border, and at
    60×20 "another organiser changed the event" over the correction dialog's title.  Toasts over
    a dialog are lines at the top of its screen; the dialog is centred in the rows left."""
    app = HakemApp(data_dir=tmp_path / "data", poll_interval=3600)
    body = "\n".join(f"line {i} of a longer question" for i in range(1, 12))
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        app.push_screen(ConfirmDialog("Question", body, danger=True))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        for n in range(1, 4):
            app.notify(f"Updated: another organiser changed the event ({n}), a line long enough to wrap.",
                       timeout=60)
        dialog = app.screen
        await wait_for(pilot, lambda: len([t for t in dialog.query(Toast) if t.region.area]) == 3)
        await pilot.pause()
        box = dialog.query_one(".dialog-box").region
        def toast_at(x: int, y: int) -> bool:
            widget = dialog.get_widget_at(x, y)[0]
            return isinstance(widget, Toast) or any(isinstance(a, Toast) for a in widget.ancestors)

        assert any(toast_at(x, 0) for x in range(size[0]))  # the toasts show, at the top …
        covered = [(x, y) for y in range(box.y, box.bottom) for x in range(box.x, box.right) if toast_at(x, y)]
        assert covered == []  # … and none on the dialog's frame or inside it
        buttons = [b.region for b in dialog.query(Button)]
        assert buttons and all(r.height and box.contains_region(r) for r in buttons)

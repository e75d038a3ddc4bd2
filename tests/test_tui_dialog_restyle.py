"""A dialog opens without restyling the screen under it, and is styled once (issue 35 item 6).

At 1,000 players Ctrl+T took 170–250 ms and Ctrl+S 50–165 ms: the screen under a dialog took a
class (to hide its toasts), which restyled each of its widgets when the dialog opened and again
when it closed; the dialog itself was restyled as a whole when first shown, on its first resize
(width classes no rule used) and twice more as the cursor went to the form around the fields
and on to the name field; each widget made with ``compact=True`` was styled in its constructor,
before it had a place in the tree.  These tests count the style work (no timing), and check
that what the restyles were for still holds: the toasts hide under a dialog and come back,
widgets made compact are drawn compact, the cursor starts in the name field."""

from __future__ import annotations

import pytest
from textual.dom import DOMNode
from textual.widgets import Input, Select
from textual.widgets._toast import Toast

from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp

pytestmark = pytest.mark.usefixtures("quiet_tui")


def count_restyles(app: HakemApp) -> list[DOMNode]:
    """The nodes whose styles are matched again (each node of each subtree restyled)."""
    seen: list[DOMNode] = []
    sheet = app.stylesheet
    original = sheet.update_nodes

    def update_nodes(nodes, animate=False):
        nodes = list(nodes)
        seen.extend(nodes)
        return original(nodes, animate=animate)

    sheet.update_nodes = update_nodes  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize(("key", "dialog"), [("ctrl+t", "NewTournamentDialog"), ("ctrl+s", "SettingsScreen")])
async def test_a_dialog_restyles_nothing_under_it_and_itself_not_as_a_whole(tmp_path, key, dialog):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(100, 34), notifications=True) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        event = app.screen
        app.notify("A toast said before the dialog.", timeout=60)
        await wait_for(pilot, lambda: bool(event.query(Toast)))
        await pilot.pause()
        restyled = count_restyles(app)
        await pilot.press(key)
        await wait_for(pilot, lambda: type(app.screen).__name__ == dialog)
        await pilot.pause()
        form = app.screen
        toasts = {n for rack in event.query("ToastRack") for n in rack.walk_children(with_self=True)}
        under = set(event.walk_children(with_self=True)) - toasts
        assert len(under) > 20 and not [n for n in restyled if n in under]
        assert form not in restyled  # styled when mounted, not again as a whole
        # the toasts under the dialog are hidden (they showed through its shade) …
        assert event.query(Toast) and all(t.styles.visibility == "hidden" for t in event.query(Toast))
        # … widgets made compact are drawn compact (one line), the cursor where the form says
        for widget in form.query("Input, Select").results():
            assert widget.has_class("-textual-compact") and widget.outer_size.height == 1, widget
        if dialog == "NewTournamentDialog":
            assert app.focused is form.query_one("#name", Input)
        else:
            assert app.focused is form.query_one("#language", Select)
        restyled.clear()
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is event)
        await pilot.pause()
        # back on the event: its toasts show again; only they were restyled
        assert all(t.styles.visibility == "visible" for t in event.query(Toast))
        assert not [n for n in restyled if n in under]

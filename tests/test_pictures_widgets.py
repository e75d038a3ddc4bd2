"""The picture widgets in a running app: scrolling, large-type toggle, language switch."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from core.i18n import set_language
from core.playoff import create
from tests.test_pictures_app import swiss_event


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


class One(App):
    def __init__(self, widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


async def test_big_bracket_scrolls_both_ways():
    from tui.widgets.pictures import BracketView

    state = create(list(range(1, 65)), 1, plan={"kind": "knockout", "name": "", "places": 1,
                                                "rules": {"segments": [{"games": 2, "time_control": "1200"}]}},
                   seed=1)
    view = BracketView.for_playoff(state, {i: f"Player {i}" for i in range(1, 65)})
    app = One(view)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert view.max_scroll_x > 0 and view.max_scroll_y > 0


async def test_wallchart_toggles_large_type():
    from tui.widgets.pictures import Wallchart

    view = Wallchart(swiss_event(), large=True)
    app = One(view)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        large = view.picture_text
        view.focus()
        await pilot.press("l")
        await pilot.pause()
        assert not view.large
        normal = view.picture_text
        assert len(large.splitlines()) > 3 * len(normal.splitlines()) - 10
        assert "Kaya, Can" in normal and "KAYA, CAN" in large


async def test_language_switch_redraws():
    from tui.widgets.pictures import StandingsProgress

    view = StandingsProgress(swiss_event())
    app = One(view)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        english = str(view._canvas.render())
        set_language("de")
        await pilot.pause()
        german = str(view._canvas.render())
        from core.i18n import _

        assert english != german
        assert _("Rank") != "Rank"                       # the German catalog is there
        assert german.splitlines()[0].split()[0] == _("Rank")


async def test_bracket_follows_a_new_result():
    from core.playoff import enter_result, evaluate
    from tui.widgets.pictures import BracketView

    rules = {"segments": [{"games": 2, "time_control": "1200"}]}
    state = create([1, 2, 3, 4], 1, plan={"kind": "knockout", "name": "", "places": 1, "rules": rules}, seed=1)
    names = {1: "Ann", 2: "Bob", 3: "Cem", 4: "Dan"}
    view = BracketView.for_playoff(state, names)
    app = One(view)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "1 Ann" in view.picture_text and "Winner" in view.picture_text
        before = view.picture_text
        for _ in range(2):
            g = next(g for g in evaluate(state).ready if {g.white, g.black} == {1, 4})
            state = enter_result(state, g.id, "1-0" if g.white == 1 else "0-1")
        view.update_playoff(state, names)
        await pilot.pause()
        after = view.picture_text
        assert after != before
        assert after.splitlines()[3].split("├─")[1].startswith("1 Ann")   # Ann in the final


async def test_wallchart_flips_pages_for_a_projector():
    """``p`` shows whole large-type rows page by page at 80×24: (24 - 3 + 1) // 4 = 5 rows a
    page (title, blank, header, then 3 lines + 1 blank per row), so the 12-player event takes
    3 pages; every page repeats the header, every player appears on exactly one page, and
    after the last page comes the first again.  ``p`` again scrolls the whole chart."""
    from tui.widgets.pictures import Wallchart

    t = swiss_event()
    names = [p.name.upper() for p in t.players]
    view = Wallchart(t, large=True)
    app = One(view)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view.focus()
        await pilot.press("p")
        await pilot.pause()
        assert view.paging
        pages = []
        for _ in range(3):
            text = view.picture_text
            pages.append(text)
            assert len(text.splitlines()) <= 24
            view.next_page()
            await pilot.pause()
        assert view.picture_text == pages[0]  # wrapped round
        assert [p.splitlines()[0].startswith(f"Page {k} of 3") for k, p in enumerate(pages, 1)] == [True] * 3
        assert all("Name" in p.splitlines()[2] for p in pages)
        for name in names:
            assert sum(name in p for p in pages) == 1, name
        assert [sum(n in p for n in names) for p in pages] == [5, 5, 2]
        await pilot.press("p")
        await pilot.pause()
        assert not view.paging and all(n in view.picture_text for n in names)

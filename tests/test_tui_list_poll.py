"""The tournaments list is read again only while it is shown, and only the files that changed
are decoded (issue 35 items 4 and 6).

Without the data service the list reads the data directory every few seconds.  It went on doing
so on the UI thread while the organiser worked inside an event (the list hidden underneath),
decoding every event file each time: a key typed then waited for it.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

import core.store.store as store_module
from core.store import Store
from tests.tui_fixtures import demo, store_with, wait_for
from tui.app import HakemApp
from tui.screens.tournaments import TournamentsScreen
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


def names_in_list(app: HakemApp) -> list[str]:
    table = app.screen.query_one("#tournaments", DataTable)
    return [row_values(table, i)[0] for i in range(table.row_count)]


@pytest.fixture
def decoded(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of each event file decoded from disk."""
    names: list[str] = []
    real = store_module._storage.read_tables

    def counted(folder, name):  # type: ignore[no-untyped-def]  # the store's own call, passed on
        names.append(name)
        return real(folder, name)

    monkeypatch.setattr(store_module._storage, "read_tables", counted)
    return names


def test_the_list_decodes_only_the_files_that_changed(tmp_path, decoded: list[str]) -> None:
    data = tmp_path / "data"
    first, second = store_with(data, demo(), demo().with_changes(name="Second"))
    store = Store(data)
    assert sorted(i.name for i in store.list()) == ["Demo Club Rapid", "Second"]
    assert len(decoded) == 2
    store.list()
    assert len(decoded) == 2  # nothing changed: nothing decoded
    Store(data).update(second, "rename", lambda t: t.with_changes(name="Renamed"))  # someone else
    decoded.clear()
    assert sorted(i.name for i in store.list()) == ["Demo Club Rapid", "Renamed"]
    assert decoded == [f"{second}.hakem.json"]
    (data / f"{first}.hakem.json").unlink()
    assert [i.name for i in store.list()] == ["Renamed"]


async def test_the_hidden_list_is_not_read_and_shows_changes_on_return(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(TournamentsScreen, "POLL_SECONDS", 0.05)
    reads: list[int] = []
    real = Store.list_with_problems
    monkeypatch.setattr(Store, "list_with_problems",
                        lambda self, include_archived=False: reads.append(1) or real(self, include_archived))
    data = tmp_path / "data"
    [tid] = store_with(data, demo())
    app = HakemApp(data_dir=data)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: names_in_list(app) == ["Demo Club Rapid"])
        await wait_for(pilot, lambda: len(reads) >= 3)  # shown: read again and again
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        reads.clear()
        for _ in range(10):  # ten times the list's interval with the event on top
            await pilot.pause(0.05)
        assert reads == []
        Store(data).update(tid, "rename", lambda t: t.with_changes(name="Renamed elsewhere"))
        await pilot.press("escape", "q")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        await wait_for(pilot, lambda: names_in_list(app) == ["Renamed elsewhere"])

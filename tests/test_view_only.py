"""``hakem --view`` writes nothing by any path: undo/redo keys, ``--demo``, report exports
(issue 18, item 3)."""

from __future__ import annotations

import pytest

from core import changes
from core.model import Tournament
from core.store import Store
from core import file_safety as files

pytestmark = pytest.mark.usefixtures("quiet_tui")


def _files(path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.rglob("*") if p.is_file()}


async def test_view_demo_creates_nothing(tmp_path):
    from tui.app import HakemApp

    app = HakemApp(data_dir=str(tmp_path), view_only=True, demo=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
    assert _files(tmp_path) == {}


async def test_view_undo_and_redo_keys_change_nothing(tmp_path):
    from tui.app import HakemApp

    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="Viewed"))
    store.update(tid, "add A", lambda t: changes.add_player(t, "A"))
    store.undo(tid)
    before = _files(tmp_path)
    app = HakemApp(data_dir=str(tmp_path), view_only=True, open_id=tid)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z", "ctrl+y", "ctrl+z")
        await pilot.pause()
    assert _files(tmp_path) == before


def test_the_view_option_forbids_every_write_of_the_process(monkeypatch, tmp_path):
    from tui import app as tui_app

    monkeypatch.setattr(files, "_writes_forbidden", False)
    monkeypatch.setattr(tui_app.HakemApp, "run", lambda self: 0)
    assert tui_app.run_ui(["--view", "--data", str(tmp_path)]) == 0
    assert files.writes_forbidden()
    with pytest.raises(Exception, match="view-only"):
        files.SafeDir.open(tmp_path).replace("report.txt", b"x")
    assert not (tmp_path / "report.txt").exists()


async def test_the_tournaments_screen_names_a_damaged_file(tmp_path, monkeypatch):
    from tui.app import HakemApp

    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="Damaged"))
    store.create(Tournament(id="", name="Healthy"))
    store.path(tid).write_text("{ torn")
    shown: list[str] = []
    monkeypatch.setattr(HakemApp, "notify", lambda self, message, **kw: shown.append(str(message)))
    app = HakemApp(data_dir=str(tmp_path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
    assert any(f"{tid} cannot be read" in m and "hakem doctor" in m for m in shown), shown

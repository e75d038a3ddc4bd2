"""Undoing another organiser's change (issue 29, second fresh-eyes review, item 4): the undo
list is shared, so Ctrl+Z or ``hakem undo`` may take someone else's work.  Ctrl+Z then always
asks, naming who made the change and when; the CLI refuses without ``--theirs`` and says what
it undid, and whose it was.

Expected values: the change is the check-in mark this test makes (its journal words name the
player); "another organiser" is the store's recorded user (the journal file's owner) while the
reader is someone else (the acting user replaced for the test).
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from core import checkin
from core.app import Workspace
from core.cli import main as cli
from core import identity
from core.store import current_user
from tests.test_checkin_intent import evening
from tests.test_tui_input_model import press_all
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for


@pytest.fixture()
def marked(tmp_path):
    """An evening where the store's user marked Bauer (2) present."""
    [tid] = store_with(tmp_path, evening())
    Workspace(tmp_path).open(tid).check_in([2])
    return tmp_path, tid, current_user()


def reader_is(monkeypatch, name: str) -> None:
    monkeypatch.setattr(identity, "current_user", lambda: name)


def test_the_cli_undoes_anothers_change_only_with_theirs(marked, capsys, monkeypatch):
    data, tid, maker = marked
    reader_is(monkeypatch, "hk-someone-else")
    capsys.readouterr()
    assert cli(["--data", str(data), "undo", tid]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"made by {maker} (" in err[0] and "Bauer, Max" in err[0] and "--theirs" in err[0]
    assert checkin.present(Workspace(data).open(tid).snapshot().tournament) == {2}
    assert cli(["--data", str(data), "undo", tid, "--theirs"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Undone: present 2 Bauer, Max, made by " + maker)
    assert checkin.present(Workspace(data).open(tid).snapshot().tournament) == set()


def test_the_cli_says_what_it_undid(marked, capsys):
    data, tid, _maker = marked
    capsys.readouterr()
    assert cli(["--data", str(data), "undo", tid]) == 0
    assert capsys.readouterr().out.startswith("Undone: present 2 Bauer, Max; revision ")


async def test_ctrl_z_on_anothers_change_asks_naming_who_and_when(marked, monkeypatch, quiet_tui):
    """The players tab shows the check-in: before, Ctrl+Z there undid the other organiser's
    mark with a toast and no question."""
    data, tid, maker = marked
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        reader_is(monkeypatch, "hk-someone-else")  # the screen's reader is not who made it
        await press_all(pilot, app, "f2")
        await wait_for(pilot, lambda: app.screen.query_one("#players", DataTable).row_count == 4)
        app.screen.query_one("#players", DataTable).focus()
        await pilot.pause()
        assert isinstance(app.focused, DataTable) and app.focused.id == "players"
        await press_all(pilot, app, "ctrl+z")
        assert type(app.screen).__name__ == "ConfirmDialog"
        body = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "present 2 Bauer, Max" in body and f"{maker} (" in body and "not you" in body
        await press_all(pilot, app, "n")
    assert checkin.present(Workspace(data).open(tid).snapshot().tournament) == {2}

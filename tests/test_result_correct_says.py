"""``hakem result … --correct`` says what it replaced (issue 29, second fresh-eyes review,
item 12): it printed nothing, the old value gone without a trace.

Expected values: the result entered first (1-0, by the store's user) and the correction (0-1).
"""

from __future__ import annotations

from core.cli import main as cli
from core.model import GameResult, Player, Tournament
from core.store import current_user
from tests.tui_fixtures import store_with, with_rounds


def test_a_correction_names_the_old_result_and_who_entered_it(tmp_path, capsys):
    t = with_rounds(Tournament(id="", name="Rapid", total_rounds=3,
                               players=tuple(Player(i, f"Kaya, Can{'a' * i}", rating=2000 - i) for i in (1, 2))),
                    1, complete_last=False)
    [tid] = store_with(tmp_path, t)
    data = ["--data", str(tmp_path)]
    assert cli([*data, "result", tid, "1", "1", "1-0"]) == 0
    capsys.readouterr()
    assert cli([*data, "result", tid, "1", "1", "0-1", "--correct"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Round 1, board 1: 1-0 (entered by {current_user()}, ")
    assert out.rstrip().endswith("corrected to 0-1")


async def test_the_tui_correction_names_who_entered_the_result_and_when(tmp_path, quiet_tui, monkeypatch):
    """The TUI's question said only "1-0 becomes 0-1" where the CLI names who entered the 1-0
    and when (the review's item 3): both now say it in the same words.  Expected: the user who
    entered the result (alice) and the time of her journal entry, as the organiser's clock
    shows it."""
    from textual.widgets import DataTable

    from core.app import Workspace
    from core.app.conflicts import local_time
    from core.store import Store
    from tui.app import HakemApp
    from tests.tui_fixtures import organiser_uses_single_keys, wait_for

    t = with_rounds(Tournament(id="", name="Rapid", total_rounds=3,
                               players=tuple(Player(i, f"Kaya, Can{'a' * i}", rating=2000 - i) for i in (1, 2))),
                    1, complete_last=False)
    [tid] = store_with(tmp_path, t)
    monkeypatch.setattr("core.identity.user_name", lambda uid: "alice")
    Workspace(tmp_path).open(tid).enter_result(1, 1, GameResult.WHITE_WINS)
    when = local_time(Store(tmp_path).journal(tid)[-1]["time"])
    monkeypatch.setattr("core.identity.user_name", lambda uid: "arbiter")
    organiser_uses_single_keys()
    app = HakemApp(data_dir=tmp_path, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and app.screen.query("#pane-rounds"))
        await pilot.pause()
        app.screen.query_one("#boards", DataTable).focus()
        app.screen.query_one("#boards", DataTable).move_cursor(row=0)
        await pilot.press("0")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        text = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert f"Round 1, board 1: 1-0 (entered by alice, {when}) becomes 0-1." in text
        await pilot.press("n")

"""Check-in marks are the organiser's intent and carry what the screen showed (issue 29,
fresh-eyes review): a mark never reopens a closed check-in, never flips a mark another
organiser changed meanwhile, Enter is "present" (a pasted arrival list never marks a present
player absent), and the search is empty after every Enter.

Expected values: the players each test marks by name; who closed the check-in is the user
the store records for the change (``current_user``).
"""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import DataTable, Input

from core import checkin
from core.app import conflicts
from core.app import Workspace
from core.cli import main as cli
from core.model import Player, Tournament
from core.store import current_user
from tui.app import HakemApp
from tests.test_tui_checkin import open_checkin
from tests.tui_fixtures import store_with, type_text, wait_for

NAMES = ("Kaya, Can", "Bauer, Max", "Demir, Ece", "Şahin, Oğuz")


def evening() -> Tournament:
    players = tuple(Player(i, name, rating=2000 - 100 * i) for i, name in enumerate(NAMES, start=1))
    return Tournament(id="", name="Rapid", total_rounds=5, players=players)


@pytest.fixture()
def stored(tmp_path):
    [tid] = store_with(tmp_path, evening())
    return tmp_path, tid


def test_a_mark_never_reopens_a_closed_checkin(stored):
    from core.checkin import CheckinClosed

    data, tid = stored
    desk = Workspace(data).open(tid)
    desk.check_in([1], open_checkin=True)
    desk.check_in(close_checkin=True)
    with pytest.raises(CheckinClosed) as refused:
        desk.check_in([2], seen={2: conflicts.MarkSeen("Bauer, Max", False)})
    assert refused.value.who == current_user()
    assert refused.value.when  # the journal's time of the closing
    assert f"closed by {current_user()}" in str(refused.value)
    t = desk.snapshot().tournament
    assert not checkin.is_open(t) and checkin.present(t) == {1}
    # reopening on purpose, with the mark, is one change
    t = desk.check_in([2], open_checkin=True).tournament
    assert checkin.is_open(t) and checkin.present(t) == {1, 2}


def test_the_first_mark_of_an_evening_opens_checkin(stored):
    data, tid = stored
    t = Workspace(data).open(tid).check_in([3]).tournament
    assert checkin.is_open(t) and checkin.present(t) == {3}


def test_two_organisers_marking_the_same_player(stored):
    data, tid = stored
    anna, ben = Workspace(data).open(tid), Workspace(data).open(tid)
    anna.check_in(open_checkin=True)
    shown = conflicts.marks_seen(ben.snapshot().tournament, [1])  # both screens: Kaya not present
    anna.check_in([1], seen=shown)
    assert checkin.present(ben.check_in([1], seen=shown).tournament) == {1}  # both meant it: fine
    # Ben's screen shows Kaya present; Anna marks Kaya absent; Ben's "present" (a pasted list
    # with Kaya again) must not flip Anna's mark back without a word
    shown = conflicts.marks_seen(ben.snapshot().tournament, [1])
    anna.check_in([1], present=False, seen=shown)
    from core.app import StaleChange

    with pytest.raises(StaleChange) as refused:
        ben.check_in([1], present=True, seen=shown)
    assert refused.value.who == current_user()
    assert "Kaya, Can" in str(refused.value) and "absent" in str(refused.value)
    assert checkin.present(anna.snapshot().tournament) == set()


def test_the_cli_refuses_a_mark_on_a_closed_checkin(stored, capsys):
    data, tid = stored
    assert cli(["--data", str(data), "checkin", tid, "1", "--open"]) == 0
    assert cli(["--data", str(data), "checkin", tid, "--close"]) == 0
    capsys.readouterr()
    assert cli(["--data", str(data), "checkin", tid, "2"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert f"closed by {current_user()}" in err[0] and f"hakem checkin {tid} 2 --open" in err[0]
    t = Workspace(data).open(tid).snapshot().tournament
    assert not checkin.is_open(t) and checkin.present(t) == {1}


@pytest.mark.parametrize("argv", [["--absent"], ["--open", "--close"], ["99"]])
def test_the_cli_bad_input_is_one_line_and_changes_nothing(stored, capsys, argv):
    data, tid = stored
    assert cli(["--data", str(data), "checkin", tid, *argv]) == 3
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert "checkin" not in Workspace(data).open(tid).snapshot().tournament.options


async def test_enter_empties_the_search_and_a_query_without_match_marks_nobody(stored, quiet_tui):
    data, tid = stored
    app = HakemApp(data_dir=data, open_id=tid)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        await type_text(pilot, "Ж")      # nobody
        await pilot.press("enter")
        await type_text(pilot, "e")      # Bauer and Demir: asks, marks nobody
        await pilot.press("enter")
        await type_text(pilot, "kaya")   # was appended to the query before ("Жkaya", "ekaya")
        await pilot.press("enter")
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {1})
        await pilot.pause()
        assert checkin.present(owner.session.tournament) == {1}
        assert dialog.query_one("#checkin-find", Input).value == ""
        refused = dialog.query_one("#checkin-refused").records
        assert [(r.typed, r.reason) for r in refused] == [
            ("Ж", "no player matches; nobody was marked"),
            ("e", "2 players match: choose one with ↑/↓, then Enter")]


async def test_a_pasted_arrival_list_never_marks_a_present_player_absent(stored, quiet_tui):
    data, tid = stored
    Workspace(data).open(tid).check_in([2], open_checkin=True)  # Bauer came early
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        app.post_message(events.Paste("kaya\nbauer\nşahin\n"))
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {1, 2, 4})
        await pilot.pause()
        assert checkin.present(owner.session.tournament) == {1, 2, 4}
        assert dialog.query_one("#checkin-find", Input).value == ""
        # Ctrl+N is the one way to mark absent
        await type_text(pilot, "bauer")
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {1, 4})


async def test_the_dialog_refuses_to_reopen_a_checkin_closed_elsewhere(stored, quiet_tui):
    data, tid = stored
    Workspace(data).open(tid).check_in([2], open_checkin=True)
    app = HakemApp(data_dir=data, open_id=tid)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        Workspace(data).open(tid).check_in(close_checkin=True)  # another organiser closes it
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        await type_text(pilot, "kaya")
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("closed by" in s for s in said))
        t = Workspace(data).open(tid).snapshot().tournament
        assert not checkin.is_open(t) and checkin.present(t) == {2}
        assert any("Ctrl+O" in s for s in said)
        assert dialog.query_one("#checkin-find", Input).value == ""


async def test_the_dialog_shows_another_organisers_mark_and_never_flips_it(stored, quiet_tui):
    """The marks a tick carries are the ones on screen: the dialog follows the session, so a
    player another organiser checked in shows ✓, and Enter on him says so and changes nothing."""
    data, tid = stored
    Workspace(data).open(tid).check_in(open_checkin=True)
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=0.2)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        Workspace(data).open(tid).check_in([1])  # Kaya, by another organiser
        table = dialog.query_one("#checkin-table", DataTable)
        await wait_for(pilot, lambda: str(table.get_row("Kaya, Can\x1f1")[0]) == "✓")
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        await type_text(pilot, "kaya")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Kaya, Can is already present." in said)
    assert checkin.present(Workspace(data).open(tid).snapshot().tournament) == {1}


def test_the_cli_refuses_a_mark_changed_since_it_read_them(stored, capsys, monkeypatch):
    """The CLI reads the marks when it starts; another organiser's change before it saves
    (here: Kaya marked absent after the command read him present) is one line, exit 3."""
    data, tid = stored
    Workspace(data).open(tid).check_in([1], open_checkin=True)
    read = conflicts.marks_seen

    def read_then_changed(t, pnos):
        seen = read(t, pnos)
        Workspace(data).open(tid).check_in([1], present=False)  # meanwhile, elsewhere
        return seen

    monkeypatch.setattr(conflicts, "marks_seen", read_then_changed)
    capsys.readouterr()
    assert cli(["--data", str(data), "checkin", tid, "1"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Kaya, Can" in err[0] and f"to absent by {current_user()}" in err[0]
    assert checkin.present(Workspace(data).open(tid).snapshot().tournament) == set()


def test_the_cli_list_says_present_and_absent_in_marks_and_words(stored, capsys):
    """``hakem checkin ID``: without colour a mark alone must tell the states apart — ✓ and
    the word for the present, ✗ and the word for the others (not paired while it is open)."""
    data, tid = stored
    assert cli(["--data", str(data), "checkin", tid, "1", "--open"]) == 0
    capsys.readouterr()
    assert cli(["--data", str(data), "checkin", tid]) == 0
    rows = {int(line.split()[2]): line.split()[:2] for line in capsys.readouterr().out.splitlines()
            if line[:1] in ("✓", "✗")}
    assert rows == {1: ["✓", "present"], 2: ["✗", "absent"], 3: ["✗", "absent"], 4: ["✗", "absent"]}

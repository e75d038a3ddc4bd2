"""Two organisers at one check-in (issue 29, second fresh-eyes review): a mark carries the
person and the mark the screen showed and the store decides — never "already marked" from a
stale copy, never a mark on whoever has the number after a renumbering; an empty line marks
nobody; lines that marked nobody stay in a refused list; a mark after the pairing says the
round is already paired; the CLI's reopening hint repeats the organiser's own mark.

Expected values: the players each test marks (by name, from ``NAMES``); the renumbering is the
one C.04.2 Art. 2.2 prescribes before round 1 (a stronger player registered takes number 1,
everyone below moves one down); who changed a mark is the user the store records
(``current_user``).
"""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input

from core import checkin
from core.app import conflicts
from core.app import StaleChange, Workspace
from core.cli import main as cli
from core.store import current_user
from tests.test_checkin_intent import evening
from tests.test_tui_checkin import open_checkin
from tui.app import HakemApp
from tests.tui_fixtures import store_with, type_text, wait_for


@pytest.fixture()
def stored(tmp_path):
    [tid] = store_with(tmp_path, evening())
    return tmp_path, tid


def present_now(data, tid) -> frozenset[int]:
    return checkin.present(Workspace(data).open(tid).snapshot().tournament)


async def test_a_mark_on_a_screen_behind_another_organiser_is_refused_naming_who(stored, quiet_tui):
    """Item 1: Demir (3) present on Alice's screen; Bob marks him absent; Alice types 3⏎
    before her screen caught up.  Before: "already present", stored absent, nothing journaled
    for her.  Now the store decides: absent now, present seen, present meant — refused with
    who changed it (the README's rule), kept in the refused list."""
    data, tid = stored
    Workspace(data).open(tid).check_in([3], open_checkin=True)
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)  # her session does not reload
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        Workspace(data).open(tid).check_in([3], present=False)  # Bob
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        await type_text(pilot, "3")
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(f"by {current_user()}" in s for s in said))
        assert not any("already" in s for s in said)
        assert any("Demir, Ece" in s and "absent" in s for s in said)
        [refused] = dialog.query_one("#checkin-refused").records
        assert refused.typed == "3" and current_user() in refused.reason
    assert present_now(data, tid) == set()


def test_a_mark_carries_the_person_and_is_refused_after_a_renumbering(stored):
    """Item 2: the screen shows 2 = Bauer; another organiser registers a 2100 before round 1,
    who takes number 1 (Art. 2.2: by rating), so 2 is Kaya now.  Before: Kaya marked."""
    data, tid = stored
    alice, bob = Workspace(data).open(tid), Workspace(data).open(tid)
    alice.check_in(open_checkin=True)
    shown = conflicts.marks_seen(alice.snapshot().tournament, [2])
    assert shown[2].name == "Bauer, Max"
    t = bob.add_player("Yılmaz, İrem", rating=2100).tournament
    assert t.player(2).name == "Kaya, Can"  # the renumbering this test is about
    with pytest.raises(StaleChange) as refused:
        alice.check_in([2], present=False, seen=shown)
    assert "Kaya, Can" in str(refused.value) and "Bauer, Max" in str(refused.value)
    assert refused.value.who == current_user()
    assert present_now(data, tid) == {1}  # only Yılmaz: registered at the open desk, present


def test_the_journal_names_the_players_a_mark_is_for(stored):
    """Item 2: "present 2" means nobody once the field is renumbered; the line names them."""
    data, tid = stored
    desk = Workspace(data).open(tid)
    t = desk.snapshot().tournament
    desk.check_in([2, 4], seen=conflicts.marks_seen(t, [2, 4]))
    desk.check_in([1])  # without what was seen: the names as stored
    journal = desk.store.journal(tid)
    assert journal[-2]["what"]["players"] == "2 Bauer, Max; 4 Şahin, Oğuz"
    assert journal[-1]["what"]["players"] == "1 Kaya, Can"


async def test_the_dialog_keeps_the_person_highlighted_when_numbers_change(stored, quiet_tui):
    """Item 2 on screen: Alice moves to Şahin (4) with ↓; Bob's stronger player renumbers the
    field; the list redraws with Şahin as 5 — the highlight stays on Şahin, and Ctrl+N marks
    him, not the new number 4."""
    data, tid = stored
    Workspace(data).open(tid).check_in([1, 2, 3, 4], open_checkin=True)
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=0.2)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        for _ in range(3):  # by name: Bauer, Demir, Kaya, Şahin
            await pilot.press("down")
        await wait_for(pilot, lambda: dialog.selected() == 4)
        Workspace(data).open(tid).add_player("Yılmaz, İrem", rating=2100)
        await wait_for(pilot, lambda: len(dialog.shown) == 5)
        assert dialog.selected() == 5
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {1, 2, 3, 4})
    t = Workspace(data).open(tid).snapshot().tournament
    assert t.player(5).name == "Şahin, Oğuz" and 5 not in checkin.present(t)


async def test_an_empty_line_marks_nobody(stored, quiet_tui):
    """Item 3: ``kaya⏎⏎`` and a pasted list with a blank line marked the top of the list
    (Bauer, first by name) present."""
    data, tid = stored
    Workspace(data).open(tid).check_in(open_checkin=True)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        await type_text(pilot, "kaya")
        await pilot.press("enter")
        await pilot.press("enter")
        app.post_message(events.Paste("\nşahin\n\n"))
        await wait_for(pilot, lambda: 4 in checkin.present(owner.session.tournament))
        await pilot.pause()
        assert checkin.present(owner.session.tournament) == {1, 4}
        assert not dialog.query_one("#checkin-refused").records
    assert present_now(data, tid) == {1, 4}


async def test_lines_that_marked_nobody_stay_listed_and_come_back(stored, quiet_tui):
    """Item 20: a pasted arrival list's unknown and ambiguous lines were toasts that vanished
    while the list ran on; now they stay listed with why, and Ctrl+R takes one back."""
    data, tid = stored
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        app.post_message(events.Paste("Жуков\ne\nkaya\n"))
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {1})
        refused = dialog.query_one("#checkin-refused")
        assert [r.typed for r in refused.records] == ["Жуков", "e"]
        assert "Жуков" in str(refused.render())
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: dialog.query_one("#checkin-find", Input).value == "Жуков")
        assert [r.typed for r in refused.records] == ["e"]


async def test_an_ambiguous_line_chosen_with_the_arrows_leaves_the_list(stored, quiet_tui):
    data, tid = stored
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, dialog = await open_checkin(pilot, app)
        await type_text(pilot, "e")   # Bauer and Demir (by name)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(dialog.query_one("#checkin-refused").records) == 1)
        await pilot.press("down")
        await pilot.press("enter")
        await wait_for(pilot, lambda: checkin.present(owner.session.tournament) == {3})
        assert not dialog.query_one("#checkin-refused").records


def test_a_mark_after_the_pairing_says_the_round_is_paired(stored, capsys):
    """Item 7: Şahin (4) not checked in when round 1 was paired: his zero-point bye is in
    round 1; checked in now, he plays from round 2 unless round 1 is paired again."""
    data, tid = stored
    desk = Workspace(data).open(tid)
    desk.check_in([1, 2, 3], open_checkin=True)
    desk.pair_next_round()
    [said] = desk.check_in([4]).warnings
    assert "Round 1 is already paired" in said and "Şahin, Oğuz" in said and "round 2" in said
    desk.check_in([4], present=False)
    capsys.readouterr()
    assert cli(["--data", str(data), "checkin", tid, "4"]) == 0
    assert "Round 1 is already paired: Şahin, Oğuz has a zero-point bye" in capsys.readouterr().err


def test_the_reopening_hint_repeats_an_absent_mark(stored, capsys):
    """Item 9: the hint said ``hakem checkin ID 2 --open`` for ``2 --absent``: run as shown,
    it marked the player present."""
    data, tid = stored
    assert cli(["--data", str(data), "checkin", tid, "2", "--open"]) == 0
    assert cli(["--data", str(data), "checkin", tid, "--close"]) == 0
    capsys.readouterr()
    assert cli(["--data", str(data), "checkin", tid, "2", "--absent"]) == 3
    err = capsys.readouterr().err
    assert f"hakem checkin {tid} 2 --absent --open reopens it" in err

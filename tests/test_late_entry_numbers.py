"""A late entry and the pairing numbers (issue 19 item 12): slotted in by rating (C.04.2 Art.
2.4–2.5, the players below move down one) only when the arbiter agrees, who moved is said and
journaled, or everyone keeps their number and the newcomer gets the next one.

The demo field by rating (seeds-style ranking of Art. 2.2): 1 Ivanov 2311, 2 Aktar 2285,
3 Schneider 2234, 4 Yılmaz 2190, 5 Petrova 2156, 6 Demir 2098, 7 Krüger 2050, 8 Kaya 1987,
9 Öztürk 1920, 10 Wagner 1875, 11 Smirnova 1810, 12 Arslan 1755.  A 2000 newcomer ranks
between Kaya (1987) and Krüger (2050): number 8; Kaya … Arslan (8–12) become 9–13.
"""

from __future__ import annotations

import io
import sys

import pytest
from textual.widgets import Input

from core import changes
from core.app import Workspace
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

MOVED = [("Kaya, Can", 8, 9), ("Öztürk, Sibel", 9, 10), ("Wagner, Paul", 10, 11),
         ("Smirnova, Olga", 11, 12), ("Arslan, Emre", 12, 13)]


def names(t) -> dict[int, str]:
    return {p.pno: p.name for p in t.players}


def test_the_moves_of_a_slotted_late_entry():
    t = demo(rounds=1)
    assert changes.late_entry_moves(t, "Late, Comer", rating=2000) == (8, MOVED)
    assert changes.late_entry_moves(t, "Late, Weak", rating=1000) == (13, [])
    assert changes.late_entry_moves(demo(), "Early, Bird", rating=2000)[1] == []  # before round 1: provisional
    frozen = demo(rounds=4)
    assert changes.late_entry_moves(frozen, "Late, Comer", rating=2000) == (13, [])  # Art. 2.3


def test_keeping_the_numbers_gives_the_next_one():
    t = demo(rounds=1)
    kept = changes.add_player(t, "Late, Comer", rating=2000, keep_numbers=True)
    assert {k: v for k, v in names(kept).items() if k <= 12} == names(t)
    assert kept.player(13).name == "Late, Comer" and kept.player(13).joined_round == 2
    slotted = changes.add_player(t, "Late, Comer", rating=2000)
    assert slotted.player(8).name == "Late, Comer" and slotted.player(13).name == "Arslan, Emre"
    assert slotted.rounds[0].boards != t.rounds[0].boards  # round 1 now names the new numbers


def test_the_desk_says_and_journals_who_moved(tmp_path):
    [tid] = store_with(tmp_path / "data", demo(rounds=1))
    desk = Workspace(tmp_path / "data").open(tid)
    out = desk.add_player("Late, Comer", rating=2000)
    assert out.value == 8
    [said] = out.warnings
    assert "Kaya, Can 8→9" in said and "Arslan, Emre 12→13" in said
    action = desk.journal()[-1]["action"]
    assert "slotted in as number 8" in action and "8->9, 9->10, 10->11, 11->12, 12->13" in action
    out = desk.add_player("Late, Second", rating=2001, keep_numbers=True)
    assert out.value == 14 and out.warnings == ()
    assert "next number, 14; nobody renumbered" in desk.journal()[-1]["action"]


def test_cli_keep_numbers(monkeypatch, tmp_path):
    from core.cli import main

    [tid] = store_with(tmp_path / "data", demo(rounds=1))
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["players", "add", tid, "--name", "Late, Comer", "--rating", "2000", "--keep-numbers"]) == 0
    assert out.getvalue().strip() == "13"
    assert err.getvalue() == "Late, Comer added as a late entry with number 13: paired from round 2.\n"
    assert main(["players", "add", tid, "--name", "Late, Other", "--rating", "2001"]) == 0
    # slotted by rating 2001 > 2000 (the kept newcomer is ranked too) > 1987: Other 8, Comer 9, Kaya 10
    assert out.getvalue().split()[-1] == "8"
    assert "Late, Comer 13→9" in out.getvalue() and "Kaya, Can 8→10" in out.getvalue()
    assert "→" not in err.getvalue()  # said once, on standard output (issue 34)


async def registration_form(pilot, app) -> None:
    """The event open and its registration form (F2) with the cursor on the name."""
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f2")
    await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")


@pytest.mark.usefixtures("quiet_tui")
@pytest.mark.parametrize("answer,number", [("k", 13), ("r", 8), ("escape", None)])
async def test_tui_asks_before_renumbering(tmp_path, answer, number):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await registration_form(pilot, app)
        app.screen.query_one("#p-name", Input).value = "Late, Comer"
        app.screen.query_one("#p-rating", Input).value = "2000"
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog")
        body = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        assert "number 8" in body and "8 → 9  Kaya, Can" in body and "12 → 13  Arslan, Emre" in body
        await pilot.press(answer)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        if number is None:
            await pilot.pause()
            await pilot.press("ctrl+r")  # kept in the refused list for another try
            assert app.screen.query_one("#p-name", Input).value == "Late, Comer"
        else:
            await wait_for(pilot, lambda: any(p.name == "Late, Comer" for p in app.screen.session.tournament.players))
    t = Store(data).load(tid).tournament
    if number is None:
        assert len(t.players) == 12
    else:
        assert t.player(number).name == "Late, Comer"
        assert (t.player(8).name == "Kaya, Can") == (number == 13)


def test_a_late_entry_from_the_rating_list_says_who_moved(tmp_path, monkeypatch):
    """Registered from the FIDE list by id (CLI --fide-id, the TUI's type-ahead): the same
    warning.  Ayşe Öztürk's rapid rating 2390 ranks her above everyone of the demo: number 1."""
    from core.cli import main
    from tests.ratinglist_builder import fide_txt, zipped

    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    listed = [dict(ID="34100001", Name="Ozturk, Ayse", Fed="TUR", Sex="F", Tit="IM", SRtng=2405, RRtng=2390,
                   B_day=2001)]
    source = zipped(tmp_path / "standard_dec26frl.zip", "players_list_foa.txt", fide_txt(listed))
    monkeypatch.setenv("HAKEM_DATA", str(data))
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["lists", "import", str(source)]) == 0
    out = Workspace(data).open(tid).add_player_from_list(fide_id="34100001")
    assert out.value == 1
    [said] = out.warnings
    assert "Ivanov, Sergei 1→2" in said and "Arslan, Emre 12→13" in said


def test_cli_prints_the_new_numbers_on_standard_output_too(monkeypatch, tmp_path):
    """Issue 31 (fresh-eyes item 10): the renumbering was told on stderr only; commands typed
    next with the old numbers reach other players.  Standard output now names every move too,
    before the new number (still the last line, which scripts read)."""
    from core.cli import main

    [tid] = store_with(tmp_path / "data", demo(rounds=1))
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path / "data"))
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["players", "add", tid, "--name", "Late, Comer", "--rating", "2000"]) == 0
    *said, number = out.getvalue().strip().splitlines()
    assert number == "8"
    assert len(said) == 1 and all(f"{name} {old}→{new}" in said[0] for name, old, new in MOVED)
    assert "8→9" not in err.getvalue()  # once, not again as a warning (issue 34)
    assert main(["players", "add", tid, "--name", "Late, Weak", "--rating", "1000"]) == 0
    assert out.getvalue().strip().splitlines()[-2:] == [number, "14"]  # nobody moved: the number alone


@pytest.mark.usefixtures("quiet_tui")
async def test_tui_tells_the_moves_of_a_late_entry_after_the_question_was_answered(tmp_path):
    """Answered once (Renumber), the next late entry was renumbered with a short toast only:
    now a warning that stays a minute names every old → new — not a dialog, which would take
    the keys typed ahead (tests/test_tui_type_ahead.py)."""
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await registration_form(pilot, app)
        for name, rating, answer in (("Late, Comer", "2000", "r"), ("Late, Second", "2001", None)):
            app.screen.query_one("#p-name", Input).value = name
            app.screen.query_one("#p-rating", Input).value = rating
            await pilot.press("enter")
            if answer:
                await wait_for(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog")
                await pilot.press(answer)
                await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
                await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        await wait_for(pilot, lambda: any(n.title == "Late entry" for n in app._notifications))
        [notice] = [n for n in app._notifications if n.title == "Late entry"]
        body = str(notice.message)
        # 2001 ranks above Late, Comer (2000, number 8 now): Second is 8, Comer 9, Kaya 10 …
        assert "Late, Second is number 8" in body and "Late, Comer 8→9" in body and "Arslan, Emre 13→14" in body
        assert notice.severity == "warning" and notice.timeout >= 60
        assert type(app.screen).__name__ == "TournamentScreen"  # no dialog takes the next keys


@pytest.mark.parametrize("lang,words", [("tr", ("Eşlendirme numarası 3", "unvan IM", "isim")),
                                        ("de", ("Startnummer 3", "Titel IM", "Wertzahl 2250")),
                                        ("ru", ("Стартовый номер 3", "звание IM", "рейтинг 2250"))])
def test_why_this_number_is_said_in_the_language(lang, words):
    """The players pane's `?` (why this number, C.04.2 Art. 2.2) was English in every language."""
    from core.i18n import speaking
    from core.model import Player, Tournament
    from core.numbering import explain_number

    t = Tournament(id="n", name="N", system="dutch", total_rounds=5,
                   players=(Player(1, "A, A", rating=2400), Player(2, "B, B", rating=2300),
                            Player(3, "Kaya, Can", rating=2250, title="IM")))
    with speaking(lang):
        said = explain_number(t, 3)
    assert all(w in said for w in words) and "ranked by" not in said, said

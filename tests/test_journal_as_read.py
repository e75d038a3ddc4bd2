"""The journal as an organiser reads it (review rev34c, item 6): ``hakem log`` and the Ctrl+L
log started each line with the revision number (``17  2026-12-07T15:07:28+00:00 …``), said
results as stored (``1/2``, ``-+``; the boards show ``½-½``, ``-:+``) and players by number
only ("пропуск тура с ½ очка: игрок 1", "ek maç 9, 10, 12", the undo toast "Отменено: удалён
игрок 4").  Expected texts: the boards' spellings (:attr:`core.model.GameResult.text`) and the
players registered below, by hand."""

from __future__ import annotations

import re

import core.i18n as i18n
from core.words import act, say, with_names
from tests.test_i18n_cli import data, run  # noqa: F401 - data is a fixture


def test_results_are_said_as_the_boards_show_them_and_kept_as_stored():
    draw, forfeit = act("result", round=1, board=1, result="1/2"), act("result", round=1, board=2, result="-+")
    assert str(draw) == "result round 1 board 1 1/2"  # the English action: grep finds what it found
    assert say({"what": draw.data()}) == "result round 1 board 1 ½-½"
    assert say({"what": forfeit.data()}) == "result round 1 board 2 -:+"


def test_players_are_named_by_number_and_name_as_they_were_then():
    withdrawn = with_names(act("withdraw", player=2), {2: "Иванов, Сергей"})
    assert say({"what": withdrawn.data()}) == "withdraw player 2 Иванов, Сергей"
    assert str(withdrawn) == "withdraw player 2"
    # an entry that kept no names: the event's names now; a playoff named after its players too
    assert say({"what": act("bye_half", player=1, rounds="2").data()}, {1: "Kaya, Can"}) == \
        "half bye for player 1 Kaya, Can in round 2"
    said = say({"what": act("playoff_created", key="tie-9-10-12", players="9,10,12").data()},
               {9: "A, Ali", 10: "B, Banu", 12: "C, Cem"})
    assert said == "playoff 9 A, Ali; 10 B, Banu; 12 C, Cem: created for players 9 A, Ali; 10 B, Banu; 12 C, Cem"
    # a key the organiser typed is his word, not a number to name
    assert say({"what": act("playoff_start", key="1", start="20:00").data()}, {1: "Kaya, Can"}) == \
        "playoff 1: start time 20:00"


def test_hakem_log_reads_in_the_language_without_revision_numbers(data):  # noqa: F811 - the fixture
    def ok(*args: str) -> str:
        code, out, err = run(*args)
        assert code == 0, (args, err)
        return out

    tid = ok("new", "Kupa", "--system", "dutch", "--rounds", "3").strip().splitlines()[-1]
    for k, name in enumerate(("Kaya, Can", "Demir, Ece", "Bauer, Max", "Öztürk, Ayşe")):
        ok("players", "add", tid, "--name", name, "--rating", str(2000 - 10 * k))
    ok("round", "pair", tid)
    ok("result", tid, "1", "1", "1/2")
    ok("players", "withdraw", tid, "4")
    log = ok("--lang", "de", "log", tid).strip().splitlines()
    i18n.set_language("en")
    assert all(re.match(r"\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d  ", line) for line in log), log
    assert "½-½" in log[-2] and "1/2" not in log[-2]
    assert log[-1].endswith("4 Öztürk, Ayşe")
    undone = ok("--lang", "de", "undo", tid)
    i18n.set_language("en")
    assert "4 Öztürk, Ayşe" in undone


async def test_the_ctrl_l_log_names_the_player_and_starts_with_the_time(tmp_path):
    from core.app import Workspace
    from tests.test_tui_registration import dialog_text, open_app
    from tests.tui_fixtures import demo, wait_for

    app, folder, tid = open_app(tmp_path, demo(rounds=1))
    Workspace(folder).open(tid).withdraw(5)
    name = Workspace(folder).open(tid).snapshot().tournament.player(5).name
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MessageDialog")
        lines = [line for line in dialog_text(app).splitlines() if re.match(r"\d", line)]
        assert lines and all(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  ", line) for line in lines), lines
        assert lines[0].endswith(f"withdraw player 5 {name}")

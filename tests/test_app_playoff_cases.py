"""A playoff's changes are use cases with plain arguments (issue 35 item 1): create, results,
lots drawn over the board, Armageddon bids, the start time — the same calls in-process and
through the data service, and no use case takes a function a front end would build.

Expected games from Aktar p. 67's colour procedure (a lot names a winner, who then draws a
colour) and the bid rule (the lower bid plays Black), derived by hand below."""

from __future__ import annotations

import inspect

import pytest

from core.app.access import declared_use_cases
from core.app.desk import Desk
from core.app.workspace import Workspace
from core.errors import TournamentError
from core.model import Board, GameResult, Player, Round, Tournament
from core.playoff import evaluate, playoffs_of
from core.service import open_workspace
from tests.service_thread import service_thread


def tied_event() -> Tournament:
    """Four players, one round of draws: all four on ½."""
    players = tuple(Player(i, f"Player {i}", rating=2300 - 10 * i) for i in range(1, 5))
    rnd = Round(1, (Board(1, 3, GameResult.DRAW), Board(2, 4, GameResult.DRAW)))
    return Tournament(id="", name="Rapid", system="dutch", total_rounds=1, players=players, rounds=(rnd,))


def run_playoff(desk: Desk) -> Tournament:
    """Players 3 and 1 (tie-break order) play two games and, level, an Armageddon with bids."""
    desk.create_playoff("1", [3, 1], 1, start="18:00", seed=7,
                        overrides={"decider": "armageddon", "armageddon_colours": "bid", "extensions": 0})
    desk.playoff_start("1", "18:30")
    # over the board: player 3 wins the colour lot and draws black -> game 1 is 1-3, game 2 is 3-1
    desk.playoff_lot("1", "p.s0:1-3:lot", "3")
    desk.playoff_lot("1", "p.s0:1-3:colour", "black")
    desk.playoff_result("1", "p.s0g1", "1-0")
    desk.playoff_result("1", "p.s0g2", "1-0")   # 1-1: the Armageddon decides
    # bids: player 3 accepts 180 s as Black, player 1 200 s -> the lower bid (3) plays Black
    desk.playoff_bids("1", "p.arm:1-3", {1: 200, 3: 180})
    return desk.playoff_result("1", "p.arm", "0-1").tournament  # Black (3) wins


def expect_decided(t: Tournament) -> None:
    state = playoffs_of(t)["1"]
    view = evaluate(state)
    assert state["start"] == "18:30"
    assert [(g.id, g.white, g.black) for g in view.games] == [("p.s0g1", 1, 3), ("p.s0g2", 3, 1), ("p.arm", 1, 3)]
    assert [(lot.key, lot.value) for lot in view.lots if lot.manual][:2] == [
        ("p.s0:1-3:lot", "3"), ("p.s0:1-3:colour", "black")]
    assert view.game("p.arm").time_control.encode().startswith("W300-B180")  # Black has the lower bid
    assert view.places == ((3,), (1,))
    assert [o["groups"] for o in t.options["tie_orders"] if o["source"] == "playoff"] == [[[3], [1]]]


def test_the_playoff_changes_in_process(tmp_path):
    ws = Workspace(str(tmp_path))
    desk = ws.open(ws.create(tied_event()))
    t = run_playoff(desk)
    expect_decided(t)
    actions = [e["action"] for e in desk.journal()][1:]
    assert actions[:2] == ["playoff 1: created for players 3,1", "playoff 1: start time 18:30"]
    assert len(actions) == 8 and all(a.startswith("playoff 1: ") for a in actions)


def test_the_same_calls_through_the_service(tmp_path):
    data = tmp_path / "data"
    with service_thread(data, str(tmp_path / "hakem.sock")):
        ws = open_workspace(socket=str(tmp_path / "hakem.sock"))
        remote = run_playoff(ws.open(ws.create(tied_event())))
    local_ws = Workspace(str(tmp_path / "local"))
    local = run_playoff(local_ws.open(local_ws.create(tied_event())))
    expect_decided(remote)
    assert playoffs_of(remote) == playoffs_of(local)
    assert remote.options["tie_orders"] == local.options["tie_orders"]


def test_bad_playoff_changes_are_refused_and_change_nothing(tmp_path):
    ws = Workspace(str(tmp_path))
    desk = ws.open(ws.create(tied_event()))
    desk.enter_result(1, 1, GameResult.WHITE_WINS)  # board 1 is 1-3: 1 has 1, 3 has 0
    revision = desk.revision()
    with pytest.raises(TournamentError, match=r"not tied on points \(3: 0, 1: 1\)"):
        desk.create_playoff("1", [3, 1])
    assert desk.revision() == revision
    desk.create_playoff("1", [3, 1], force=True)  # the regulations tie them some other way
    revision = desk.revision()
    with pytest.raises(TournamentError, match="white or black"):
        desk.playoff_choice("1", "p.arm", "green")
    with pytest.raises(TournamentError, match="HH:MM"):
        desk.playoff_start("1", "half past six")
    with pytest.raises(TournamentError, match="no playoff 'other'"):
        desk.playoff_lot("other", "p.s0:1-3:lot", "3")
    assert desk.revision() == revision


def test_no_use_case_takes_a_function():
    """A front end says what changes; it never hands the desk an edit to run (a function
    cannot cross the data service's wire).  The one function parameter is ``progress``,
    which the client calls for every progress message of the answer."""
    for cls in (Desk, Workspace):
        for name in declared_use_cases(cls):
            for param in inspect.signature(getattr(cls, name)).parameters.values():
                text = str(param.annotation)
                assert "Callable" not in text and ("Progress" not in text or param.name == "progress"), (
                    f"{cls.__name__}.{name}({param.name}: {text})")

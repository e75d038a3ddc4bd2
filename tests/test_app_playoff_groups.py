"""The groups a playoff can decide are core's (issue 35 item 4: core computes, panes show).

``core.app.playoff_groups.tied_groups`` lists each group on equal points with its places, its
stored playoff and its state; the TUI's playoff pane shows it and ``hakem playoff ID
--propose`` prints it (the pane decided the groups itself before, merging the stored
playoffs into what it computed, and the CLI proposed from its own call).

The event, written out here, and everything expected of it derived by hand:

    round 1: 1–2 1-0, 3–4 1-0, 5–6 1-0, 7–8 1-0
    round 2: 1–3 1-0, 4–5 1-0, 2–8 1-0, 6–7 0-1

Points: 1 and 7 have 2; 2, 3, 4 and 5 have 1; 6 and 8 have 0 — three groups, places 1–2,
3–6 and 7–8.  Buchholz (the sum of the opponents' points):
1: 2 (player 2) + 3 (player 3) = 1 + 1 = 2;  7: 8 + 6 = 0 + 0 = 0   → 1 before 7, separated;
3: 4 + 1 = 1 + 2 = 3;  2: 1 + 8 = 2 + 0 = 2;  4: 3 + 5 = 1 + 1 = 2;  5: 6 + 4 = 0 + 1 = 1
                                              → 3, then 2 and 4 sharing, then 5: still tied;
6: 5 + 7 = 1 + 2 = 3;  8: 7 + 2 = 2 + 1 = 3   → still tied.
"""

from __future__ import annotations

import json

import pytest

from core.changes import playoff as changes
from core.app.playoff_groups import GroupState, playoff_key, tied_groups
from core.model import Board, GameResult, Player, Round, Tournament
from core.playoff import evaluate, playoffs_of

W, B = GameResult.WHITE_WINS, GameResult.BLACK_WINS


def event() -> Tournament:
    players = tuple(Player(i, f"Player {i}", 2100 - 10 * i) for i in range(1, 9))
    r1 = Round(1, (Board(1, 2, W), Board(3, 4, W), Board(5, 6, W), Board(7, 8, W)))
    r2 = Round(2, (Board(1, 3, W), Board(4, 5, W), Board(2, 8, W), Board(6, 7, B)))
    return Tournament(id="groups", name="Groups", total_rounds=2, players=players, rounds=(r1, r2),
                      tiebreaks=("BH",))


def shape(groups) -> list[tuple]:
    return [(g.players, g.first_place, g.last_place, g.places, g.key, g.state) for g in groups]


def test_the_groups_on_equal_points_with_their_places_and_state() -> None:
    assert shape(tied_groups(event())) == [
        ((1, 7), 1, 2, 2, "tie-1-7", GroupState.SEPARATED),
        # 2 and 4 still share a place: the group is not separated, though 3 and 5 are
        ((3, 2, 4, 5), 3, 6, 4, "tie-2-3-4-5", GroupState.TIED),
        ((6, 8), 7, 8, 2, "tie-6-8", GroupState.TIED),
    ]


def test_prize_places_limit_the_groups_and_count_the_places_inside() -> None:
    assert shape(tied_groups(event(), prize_places=3)) == [
        ((1, 7), 1, 2, 2, "tie-1-7", GroupState.SEPARATED),
        ((3, 2, 4, 5), 3, 6, 1, "tie-2-3-4-5", GroupState.TIED),
    ]
    assert tied_groups(event(), prize_places=0) == []


def decide(t: Tournament, key: str) -> Tournament:
    """Play the playoff ``key`` out: White wins every game."""
    while (view := evaluate(playoffs_of(t)[key])).places is None:
        t = changes.set_playoff_result(t, key, view.ready[0].id, W)
    return t


def test_a_stored_playoff_belongs_to_its_group_whatever_its_key() -> None:
    # the CLI names its first playoff "1"; the group of 1 and 7 is on equal points
    t = changes.create_playoff(event(), "1", [1, 7], 1)
    first = tied_groups(t)[0]
    assert (first.players, first.first_place, first.key, first.state) == ((1, 7), 1, "1", GroupState.RUNNING)
    assert first.playoff is not None and first.playoff["players"] == [1, 7]
    assert playoff_key(t, [7, 1]) == "1" and playoff_key(t, [6, 8]) == "tie-6-8"
    t = decide(t, "1")
    first = tied_groups(t)[0]
    # the standings now order 1 and 7 by the playoff; they are still the group on equal points
    assert (first.players, first.first_place, first.state) == ((1, 7), 1, GroupState.DECIDED)


def test_a_playoff_of_players_not_on_equal_points_is_listed_after_the_groups() -> None:
    # the organiser's own choice (force): 1 has 2 points, 3 has 1
    t = changes.create_playoff(event(), "tie-1-3", [1, 3], 1, force=True)
    groups = tied_groups(t)
    assert [g.players for g in groups] == [(1, 7), (3, 2, 4, 5), (6, 8), (1, 3)]
    last = groups[-1]
    assert (last.first_place, last.last_place, last.places, last.key, last.state) == (
        None, None, 2, "tie-1-3", GroupState.RUNNING)


def test_a_playoff_below_the_prize_places_is_still_shown() -> None:
    t = changes.create_playoff(event(), "tie-6-8", [6, 8], 1)
    assert shape(tied_groups(t, prize_places=2)) == [
        ((1, 7), 1, 2, 2, "tie-1-7", GroupState.SEPARATED),
        ((6, 8), 7, 8, 0, "tie-6-8", GroupState.RUNNING),
    ]


def test_no_groups_in_a_cup_nor_before_round_one() -> None:
    assert tied_groups(event().with_changes(rounds=())) == []
    assert tied_groups(event().with_changes(system="knockout")) == []


@pytest.fixture
def stored(tmp_path, monkeypatch) -> str:
    from tests.tui_fixtures import store_with

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    [tid] = store_with(tmp_path, changes.create_playoff(event(), "1", [1, 7], 1))
    return tid


def test_the_cli_proposes_what_core_lists(stored, capsys) -> None:
    from core.cli import main

    assert main(["playoff", stored, "--propose", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["ties"] == [
        {"players": [1, 7], "first_place": 1, "places": 2, "key": "1", "state": "running"},
        {"players": [3, 2, 4, 5], "first_place": 3, "places": 1, "key": "tie-2-3-4-5", "state": "tied"},
    ]
    assert main(["playoff", stored, "--propose", "3"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"Places 1–2: players 1,7: playoff 1 is running (hakem playoff {stored} --key 1)",
        "Places 3–6: 3 Player 3; 2 Player 2; 4 Player 4; 5 Player 5 are tied; the playoff selects 1 of them: "
        f"hakem playoff {stored} --players 3,2,4,5 --places 1",
    ]


def test_the_pane_shows_what_core_lists() -> None:
    from tui.screens.playoff import tied_groups as shown

    t = changes.create_playoff(event(), "1", [1, 7], 1)
    assert shape(shown(t)) == shape(tied_groups(t))
    assert [g.state for g in shown(t)] == [GroupState.RUNNING, GroupState.TIED, GroupState.TIED]

"""Registering teams: rosters in board order, one team per player, unique names, changes
only where the event allows them (rules from the team sections of Aktar and C.04 team
practice: the roster is the board order; a player plays for one team)."""

from __future__ import annotations

import pytest

from core import changes
from core.errors import TournamentError
from core.model import GameResult, Player, Tournament
from core.changes.teams import add_team, edit_team, remove_team, set_roster, teams_from_clubs
from core.teams.registration import added_team_id


def event(n: int = 8, clubs: tuple[str, ...] = ()) -> Tournament:
    players = tuple(Player(i, f"Player {i}", rating=2400 - 10 * i,
                           club=clubs[(i - 1) % len(clubs)] if clubs else "") for i in range(1, n + 1))
    return Tournament(id="t", name="League", system="berger", players=players)


def test_add_team_numbers_and_rosters() -> None:
    t = add_team(event(), "Kartal", [3, 1], short="KRT", rating=2300)
    t2 = add_team(t, "Şahin", [2, 4])
    assert added_team_id(t, t2) == 2
    assert [(x.id, x.name, x.members, x.short, x.rating) for x in t2.teams] == [
        (1, "Kartal", (3, 1), "KRT", 2300), (2, "Şahin", (2, 4), "", 0)]


@pytest.mark.parametrize("name,members,needle", [
    ("", [5], "a team needs a name"),
    ("kartal", [5], "already a team called 'Kartal'"),
    ("Aslan", [9], "player 9 is not registered"),
    ("Aslan", [5, 5], "player 5 is listed twice"),
    ("Aslan", [5, 1], "player 1 already plays for team 'Kartal'"),
])
def test_bad_teams_are_refused(name: str, members: list[int], needle: str) -> None:
    t = add_team(event(), "Kartal", [1, 2])
    with pytest.raises(TournamentError, match=needle):
        add_team(t, name, members)


def test_edit_and_roster_and_remove() -> None:
    t = add_team(add_team(event(), "Kartal", [1, 2]), "Şahin", [3, 4])
    t = edit_team(t, 2, name="Şahin SK", short="SHN", rating=2250)
    assert t.teams[1].name == "Şahin SK" and t.teams[1].short == "SHN" and t.teams[1].rating == 2250
    with pytest.raises(TournamentError, match="already a team called"):
        edit_team(t, 2, name="KARTAL")
    t = set_roster(t, 1, [2, 1, 5])
    assert t.teams[0].members == (2, 1, 5)
    with pytest.raises(TournamentError, match="there is no team 7"):
        set_roster(t, 7, [6])
    t = remove_team(t, 1)
    assert [x.id for x in t.teams] == [2]
    with pytest.raises(TournamentError, match="team rating"):
        edit_team(t, 2, rating=-1)


def test_teams_from_clubs_in_ranking_order() -> None:
    t = teams_from_clubs(event(6, clubs=("Ankara SK", "Berlin SC")))
    # players 1, 3, 5 are in Ankara; 2, 4, 6 in Berlin; ranking order = rating order = numbers
    assert [(x.name, x.members) for x in t.teams] == [("Ankara SK", (1, 3, 5)), ("Berlin SC", (2, 4, 6))]
    with pytest.raises(TournamentError, match="no player without a team has a club"):
        teams_from_clubs(t)


def test_removing_a_player_leaves_the_rosters() -> None:
    t = add_team(add_team(event(4), "A", [1, 2]), "B", [3, 4])
    t = changes.remove_player(t, 2)
    # players are renumbered 1, 3, 4 -> 1, 2, 3; rosters follow
    assert [x.members for x in t.teams] == [(1,), (2, 3)]


def test_after_round_one_teams_are_fixed_but_rosters_can_grow() -> None:
    t = add_team(add_team(event(6), "A", [1, 2]), "B", [3, 4])
    t = changes.pair_next_round(t)
    assert t.rounds[0].matches  # the team round robin paired the two teams
    for b in range(1, len(t.rounds[0].boards) + 1):
        t = changes.set_result(t, 1, b, GameResult.DRAW)
    with pytest.raises(TournamentError, match="cannot be added after round 1"):
        add_team(t, "C", [5, 6])
    with pytest.raises(TournamentError, match="cannot be removed after round 1"):
        remove_team(t, 2)
    members_a = t.teams[0].members
    t2 = set_roster(t, 1, members_a + (5,))  # a substitute joins at the bottom
    assert t2.teams[0].members == members_a + (5,)
    with pytest.raises(TournamentError, match="has already played for team 'A'"):
        set_roster(t, 1, members_a[1:])

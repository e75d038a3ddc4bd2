"""Every path of results ends with a complete, consistent order.

Exhaustive for a two-player match (every result of every game, Armageddon draws and double
flag falls included); seeded random paths for every tied-group size 2–13 and several places.
Consistency is checked against an independent reading of the games: who won each mini-match
is recomputed here from the game results and Aktar's rules (draw → Black in the golden
game; both flags → the later flag wins).
"""

import random
from collections import defaultdict

import pytest

from core.model import GameResult
from core.playoff import create, enter_result, evaluate

REGULAR = ["1-0", "1/2", "0-1"]
GOLDEN = ["1-0", "0-1", "1/2", ("0-0", "white"), ("0-0", "black")]


def enter(st, game, choice):
    res, flag = choice if isinstance(choice, tuple) else (choice, None)
    return enter_result(st, game.id, res, flag_later=flag)


def options(game):
    return GOLDEN if game.kind == "armageddon" else REGULAR


def check_complete(players, view):
    assert view.complete
    flat = [p for grp in view.places for p in grp]
    assert sorted(flat) == sorted(players), view.places
    assert len(view.places[0]) == 1
    assert all(g.result is not None for g in view.games)
    assert not view.superseded


def match_winners(view):
    """Independent: the winner of every mini-match, from its games only."""
    games = defaultdict(list)
    for g in view.games:
        if g.kind == "round_robin":
            continue
        prefix = g.id.rsplit(".", 1)[0] if "." in g.id else g.id
        games[prefix].append(g)
    out = {}
    for prefix, gs in games.items():
        pts = defaultdict(float)
        players = {gs[0].white, gs[0].black}
        for g in gs:
            if g.kind in ("regular", "extension"):
                w = {"1-0": 1, "+-": 1, "1/2": 0.5}.get(g.result.value, 0)
                b = {"0-1": 1, "-+": 1, "1/2": 0.5}.get(g.result.value, 0)
                pts[g.white] += w
                pts[g.black] += b
        a, b = sorted(players)
        if pts[a] != pts[b]:
            out[prefix] = (max(players, key=lambda p: pts[p]), min(players, key=lambda p: pts[p]))
            continue
        last = gs[-1]
        assert last.kind == "armageddon"
        if last.result is GameResult.WHITE_WINS:
            win = last.white
        elif last.result is GameResult.BOTH_LOSE:
            win = last.white if last.flag_later == "white" else last.black
        else:
            win = last.black   # black win, or a draw: White is eliminated
        out[prefix] = (win, a if win == b else b)
    return out


def random_path(k, places=1, variant=None, seed=0, **kw):
    rng = random.Random(seed)
    players = list(range(21, 21 + k))
    st = create(players, places, variant=variant, seed=seed, **kw)
    for _ in range(400):
        view = evaluate(st)
        if view.complete:
            return players, view
        ready = view.ready
        assert ready, "a running playoff must always have a game to play"
        g = ready[rng.randrange(len(ready))]
        st = enter(st, g, rng.choice(options(g)))
    raise AssertionError("playoff did not finish")


def test_two_player_match_every_path():
    players = [3, 8]
    start = create(players, 1, seed=4)
    finished = 0
    stack = [start]
    while stack:
        st = stack.pop()
        view = evaluate(st)
        if view.complete:
            check_complete(players, view)
            (win, lose), = match_winners(view).values()
            assert view.places == ((win,), (lose,))
            finished += 1
            continue
        g = view.ready[0]
        for choice in options(g):
            stack.append(enter(st, g, choice))
    # 2 games: 9 paths, 7 decided... level after 2 (3 ways) → 2 more: 9, level 3 ways → 5 golden
    decided_in_2 = 9 - 3
    decided_in_4 = 3 * (9 - 3)
    golden = 3 * 3 * 5
    assert finished == decided_in_2 + decided_in_4 + golden


@pytest.mark.parametrize("k", range(2, 14))
def test_random_paths_every_size(k):
    for seed in range(6):
        players, view = random_path(k, seed=seed)
        check_complete(players, view)


@pytest.mark.parametrize("k,expected_sizes", [
    (4, [1, 1, 2]), (7, [1, 1, 2, 3]), (8, [1, 1, 2, 4]),
])
def test_knockout_places_match_the_games(k, expected_sizes):
    for seed in range(5):
        players, view = random_path(k, seed=seed)
        assert [len(g) for g in view.places] == expected_sizes
        winners = match_winners(view)
        lost = defaultdict(int)
        for _win, lose in winners.values():
            lost[lose] += 1
        champion = view.places[0][0]
        assert lost[champion] == 0
        assert all(lost[p] == 1 for p in players if p != champion)
        # the runner-up lost the last match (the final) to the champion
        final = [m for m in winners if ".r" in m]
        assert winners[max(final, key=lambda m: int(m.split(".r")[1].split("m")[0]))] == (
            champion, view.places[1][0])


@pytest.mark.parametrize("k,places", [(8, 6), (9, 2), (5, 2), (12, 3), (6, 4)])
def test_several_places(k, places):
    for seed in range(4):
        players, view = random_path(k, places, seed=seed)
        flat = [p for grp in view.places for p in grp]
        assert sorted(flat) == sorted(players)
        assert len(view.places[0]) == places   # the t who went through, sharing


@pytest.mark.parametrize("k,variant", [(2, "armageddon"), (3, "drop_lowest"), (4, "armageddon"),
                                       (4, "seeded"), (5, "round_robin"), (7, "lot")])
def test_variants_finish(k, variant):
    for seed in range(4):
        players, view = random_path(k, variant=variant, seed=seed)
        check_complete(players, view)


def test_ladder_and_sudden_death_paths_finish():
    for seed in range(4):
        players, view = random_path(4, ladder="2x25+10,2x10+10,2x5+3", armageddon=False, seed=seed)
        check_complete(players, view)


def test_three_way_circle_of_golden_games_is_broken():
    # Round robin all drawn, then golden games in a circle (each beats one): the lowest by
    # tie-break order drops out, the other two play a golden game (Aktar p. 69 (2)).
    st = create([1, 2, 3], 1, seed=2)
    for _ in range(3):
        st = enter_result(st, evaluate(st).ready[0].id, "1/2")
    beats = {1: 2, 2: 3, 3: 1}
    while True:
        view = evaluate(st)
        ready = [g for g in view.ready if g.kind == "armageddon"]
        if not ready or ".drop" in ready[0].id:
            break
        g = ready[0]
        st = enter_result(st, g.id, "1-0" if beats[g.white] == g.black else "0-1")
    view = evaluate(st)
    last = view.ready[0]
    assert {last.white, last.black} == {1, 2} and ".drop" in last.id
    st = enter_result(st, last.id, "1-0")
    assert evaluate(st).places == ((last.white,), (last.black,), (3,))

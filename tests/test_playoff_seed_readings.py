"""Playoffs against Aktar's knockout booklet (pp. 65–70); each test quotes the
sentence it rests on.  Readings in notes/playoff.md "Issue 31 item 5"."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest

from core.cli import main
from core.playoff import create, enter_result, evaluate
from tests.test_playoff_cli import store_id  # noqa: F401  (fixture)

GOLDEN_CHOICES = ["1-0", "0-1", "1/2"]
REGULAR = ["1-0", "1/2", "0-1"]


def _finish(k: int, seed: int):
    rng = random.Random(seed)
    players = list(range(21, 21 + k))
    st = create(players, 1, seed=seed)
    seen = set()
    for _ in range(600):
        view = evaluate(st)
        for g in view.games:
            seen.update(p for p in (g.white, g.black) if isinstance(p, int))
        if view.complete:
            return players, view, seen
        g = view.ready[rng.randrange(len(view.ready))]
        st = enter_result(st, g.id, rng.choice(GOLDEN_CHOICES if g.kind == "armageddon" else REGULAR))
    raise AssertionError("playoff did not finish")


@pytest.mark.parametrize("k,seed", [(11, 1), (12, 2), (17, 3)])
def test_eleven_or_more_tied_the_continuing_eight_are_the_nine_without_the_winner(k, seed) -> None:
    """(10): "Yönergeye göre eşitlik bozma yöntemi kullanılarak sıralanan dokuz ya da daha az
    oyuncu eleme maçlarına alınır ... Kalan ödüller için, devam eden sekiz oyuncu (7)
    uygulanarak oynatılır" — the nine best by tie-break play for first place; for the other
    prizes the eight who continue (the nine but their winner) play (7).  Players 10 and below
    never play (we let the next eight play instead) and keep the tie-break order."""
    players, view, seen = _finish(k, seed)
    nine, below = players[:9], players[9:]
    assert seen == set(nine)
    winner = view.places[0]
    assert len(winner) == 1 and winner[0] in nine
    knockout = {p for g in view.games if "other prizes" in g.stage for p in (g.white, g.black)}
    assert knockout == set(nine) - set(winner)
    flat = [p for group in view.places for p in group]
    assert set(flat[:9]) == set(nine) and view.places[-1] == tuple(below)


def test_game_one_is_proposed_half_an_hour_after_the_last_game() -> None:
    """p. 67: "Eşitlik bozma maçlarında, son biten maçın ardından, en az yarım saat ara
    verilmelidir" (at least half an hour after the last game finished).  The dialog opens when
    the event's last game has ended: 20:07 → 20:37 → rounded up to 20:40 (was 20:10)."""
    from tui.screens.playoff import default_start

    assert default_start(dt.datetime(2026, 12, 7, 20, 7)) == "20:40"
    assert default_start(dt.datetime(2026, 12, 7, 20, 0)) == "20:30"
    assert default_start(dt.datetime(2026, 12, 7, 23, 44)) == "00:15"


@pytest.fixture
def tied(store_id):  # noqa: F811  (the fixture imported above)
    """Four players tied on points (test_playoff_cli's event)."""
    return store_id[0]


def _game(capsys, tid: str) -> str:
    assert main(["playoff", tid, "--players", "1,2", "--places", "1", "--start", "18:00",
                 "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)["games"][0]["id"]


def test_flag_later_without_a_result_is_refused(capsys, tied) -> None:
    """``--flag-later`` says whose flag fell later in an Armageddon scored 0-0: it belongs to a
    result, and alone it did nothing and exited 0."""
    _game(capsys, tied)
    assert main(["playoff", tied, "--flag-later", "white"]) == 3
    assert main(["playoff", tied, "--end", "19:00"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("hakem: --") and "--result" in line for line in err)


def test_an_end_before_the_start_is_refused(capsys, tied) -> None:
    """``--start 18:00`` is when the event's last game ended; a playoff game cannot end
    earlier (17:55); 18:52 is fine, and after midnight the clock runs on (24:10)."""
    gid = _game(capsys, tied)
    assert main(["playoff", tied, "--result", gid, "1-0", "--end", "17:55"]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "17:55" in err and "18:00" in err
    assert main(["playoff", tied, "--result", gid, "1-0", "--end", "18:52", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"][0]["result"] == "1-0"


def test_places_and_propose_speak_of_the_same_thing(capsys, tied) -> None:
    """``--places N``: how many of the tied players the playoff selects (p. 68: "eşitlik bozma
    sonunda kaç oyuncunun seçileceği saptanır"); ``--propose`` says the same instead of "N
    places to decide" (a knockout for 2 places selects two players, it does not order them)."""
    assert main(["playoff", tied, "--propose", "2"]) == 0
    out = capsys.readouterr().out
    assert "the playoff selects 2 of them" in out and "to decide" not in out
    assert "--places 2" in out

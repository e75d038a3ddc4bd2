"""A playoff for places 2–4 names the event's places in its final order, not its own ranks
(review rev34e F-v).

By hand: a round robin of 4; 1 beats everybody (3 points), the three games among 2, 3 and 4
are drawn (1 point each), so 2, 3 and 4 are tied for places 2–4.  Three players play off
all-play-all; the better number wins every game (2 beats 3 and 4, 3 beats 4), so the
event's places are 2 for 2, 3 for 3 and 4 for 4 — not the playoff's own 1, 2, 3."""

from __future__ import annotations

import json

from core.cli import main
from core.model import GameResult
from core.store import Store
from tests.test_tiebreaks_de_koya import event

WIN, DRAW = GameResult.WHITE_WINS, GameResult.DRAW


def test_the_final_order_names_the_events_places(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    t = event([(1, 1, 2, WIN), (1, 3, 4, DRAW), (2, 1, 3, WIN), (2, 2, 4, DRAW), (3, 1, 4, WIN), (3, 2, 3, DRAW)],
              system="berger").with_changes(id="", name="Round robin")
    tid = Store(str(tmp_path)).create(t)
    assert main(["playoff", tid, "--players", "2,3,4", "--places", "1", "--format", "json"]) == 0
    state = json.loads(capsys.readouterr().out)
    for _turn in range(20):  # the better number wins
        game = next((g for g in state["games"] if g["result"] is None and {g["white"], g["black"]} <= {2, 3, 4}), None)
        if game is None:
            break
        best = min(game["white"], game["black"])
        assert main(["playoff", tid, "--result", game["id"], "1-0" if game["white"] == best else "0-1",
                     "--format", "json"]) == 0
        state = json.loads(capsys.readouterr().out)
    assert state["complete"] and state["order"] == [[2], [3], [4]]
    assert main(["playoff", tid]) == 0
    out = capsys.readouterr().out.splitlines()
    order = out[out.index("Final order:") + 1:]
    assert [line.split(":")[0].strip() for line in order] == ["2", "3", "4"]

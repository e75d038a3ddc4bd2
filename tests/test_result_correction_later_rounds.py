"""Correcting a result of a Swiss round after later rounds were paired (rev35b #28): the
correction is taken, and it says that those rounds were paired on the old scores and stay as
they are, naming the scores it changes — as a playoff's correction says it is set aside."""

from __future__ import annotations

import pytest

from core.cli import main
from core.model import Board, GameResult, Player, Round, Tournament
from core.store import Store


def stored(tmp_path, monkeypatch, system: str = "dutch") -> str:
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    players = tuple(Player(i, name, rating=2200 - 50 * i)
                    for i, name in enumerate(("Kaya, Ali", "Demir, Can", "Öz, Efe", "Ünal, Ece"), start=1))
    r1 = Round(1, (Board(1, 3, GameResult.DRAW), Board(4, 2, GameResult.BLACK_WINS)))
    r2 = Round(2, (Board(2, 1, GameResult.WHITE_WINS), Board(3, 4, GameResult.DRAW)))
    r3 = Round(3, (Board(1, 4), Board(3, 2)))
    t = Tournament(id="", name="Open", system=system, total_rounds=3, players=players, rounds=(r1, r2, r3))
    return Store(str(tmp_path)).create(t)


def test_a_swiss_correction_says_later_rounds_were_paired_on_the_old_score(tmp_path, monkeypatch, capsys) -> None:
    """Round 1, board 1: 1 Kaya – 3 Öz ½-½ corrected to 1-0.  Totals before (rounds 1–2):
    Kaya ½ + 0 = ½, Öz ½ + ½ = 1; after: Kaya 1 + 0 = 1, Öz 0 + ½ = ½.  Rounds 2–3 were paired."""
    tid = stored(tmp_path, monkeypatch)
    assert main(["result", tid, "1", "1", "1-0", "--correct"]) == 0
    err = capsys.readouterr().err
    assert ("Rounds 2–3 were paired on the scores before this correction, which changes 1 Kaya, Ali ½ → 1; "
            "3 Öz, Efe 1 → ½; their pairings stay as they are.") in err, err
    assert main(["--lang", "de", "result", tid, "2", "2", "1-0", "--correct"]) == 0
    err = capsys.readouterr().err
    assert "Runde 3 wurde mit den Punktständen vor dieser Korrektur ausgelost" in err, err


def test_no_word_when_nothing_was_paired_after_it_or_no_score_changed(tmp_path, monkeypatch, capsys) -> None:
    tid = stored(tmp_path, monkeypatch)
    assert main(["result", tid, "3", "1", "1-0"]) == 0  # the last round: nothing paired after it
    assert main(["result", tid, "1", "2", "0-1", "--correct"]) == 0  # the same result: no score changes
    assert "paired on the scores" not in capsys.readouterr().err


@pytest.mark.parametrize("system", ["berger"])
def test_a_round_robin_table_does_not_follow_the_scores(tmp_path, monkeypatch, capsys, system) -> None:
    tid = stored(tmp_path, monkeypatch, system)
    main(["result", tid, "1", "1", "1-0", "--correct"])
    assert "paired on the scores" not in capsys.readouterr().err

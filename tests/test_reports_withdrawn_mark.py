"""A withdrawn player is marked in the standings and the crosstable, in the reader's words
(rev35b #16): a row of zeros otherwise reads as a player who lost every game."""

from __future__ import annotations

import pytest

from core.i18n import speaking
from core.model import Board, GameResult, Player, Round, Tournament
from core.reports.catalog import build
from core.reports.view import View


def event(withdrawn_round: int) -> Tournament:
    players = (Player(1, "Kaya, Ali", rating=2100), Player(2, "Demir, Can", rating=2000),
               Player(3, "Öz, Efe", rating=1900), Player(4, "Ünal, Ece", rating=1800, withdrawn_round=withdrawn_round))
    r1 = Round(1, (Board(1, 3, GameResult.WHITE_WINS), Board(4, 2, GameResult.BLACK_WINS)))
    return Tournament(id="t", name="Open", system="dutch", total_rounds=3, players=players, rounds=(r1,))


@pytest.mark.parametrize("lang, word", [("en", "(withdrawn)"), ("tr", "(çekildi)"), ("de", "(zurückgezogen)"),
                                        ("ru", "(выбыл(а))")])
@pytest.mark.parametrize("kind", ["standings", "crosstable"])
def test_withdrawn_player_is_marked(lang: str, word: str, kind: str) -> None:
    with speaking(lang):
        report = build(View(event(withdrawn_round=2)), kind)
    names = [str(c) for row in report.tables[0].rows for c in row if "," in str(c)]
    assert f"Ünal, Ece {word}" in names
    assert [n for n in names if word in n] == [f"Ünal, Ece {word}"]


def test_a_withdrawal_from_a_later_round_is_not_marked_yet() -> None:
    """Withdrawn from round 3 while round 1 is the last played: nothing to say after round 1."""
    report = build(View(event(withdrawn_round=3)), "standings")
    assert not any("(withdrawn)" in str(c) for row in report.tables[0].rows for c in row)

"""What a late entry is told (issue 29, second fresh-eyes review, items 13 and 14): the CLI
said nothing of the round the player starts in (the TUI does), and a Go event's late entry
cited FIDE C.04.2 Art. 2.4–2.5, a chess rule.

Expected values: round 1 is paired (with_rounds), so a late entry starts in round 2; a 2500
registered in a field rated 1900 and below takes number 1 (by rating) and everyone moves.
"""

from __future__ import annotations

import pytest

from core.app import Workspace
from core.cli import main as cli
from core.model import Player, Tournament
from tests.tui_fixtures import store_with, with_rounds


def field(system: str) -> Tournament:
    players = tuple(Player(i, name, rating=2000 - 100 * i) for i, name in
                    enumerate(("Kaya, Can", "Bauer, Max", "Demir, Ece", "Şahin, Oğuz"), start=1))
    return with_rounds(Tournament(id="", name="Evening", system=system, total_rounds=5, players=players), 1)


def test_the_cli_says_the_round_a_late_entry_starts_in(tmp_path, capsys):
    [tid] = store_with(tmp_path, field("dutch"))
    capsys.readouterr()
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Yılmaz, İrem", "--rating", "1000"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "5"
    assert "Yılmaz, İrem added as a late entry with number 5: paired from round 2." in err


@pytest.mark.parametrize("system, cited", [("dutch", True), ("gamma", False), ("mcmahon", False)])
def test_only_a_chess_late_entry_cites_the_fide_rule(tmp_path, system, cited):
    [tid] = store_with(tmp_path, field(system))
    [said] = [w for w in Workspace(tmp_path).open(tid).add_player("Yılmaz, İrem", rating=2500).warnings
              if "Late entry" in w]
    assert ("FIDE C.04.2" in said) is cited
    assert "Yılmaz, İrem is number 1 by rating" in said

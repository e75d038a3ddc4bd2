"""Russian title abbreviations (review rev34c, item 7): a Russian organiser writes ГМ, ММ, МФ,
КМ and the women's ЖГМ, ЖММ, ЖМФ, ЖКМ (гроссмейстер, международный мастер, мастер ФИДЕ,
кандидат в мастера; Ж — женщина); they are the FIDE titles GM, IM, FM, CM, WGM, WIM, WFM, WCM
(FIDE Handbook B.01, the title names) and are stored and written as those codes."""

from __future__ import annotations

import pytest

from core import changes
from core.app import Workspace
from core.cli import main as cli
from core.errors import TournamentError
from core.model import Player, Tournament
from tests.tui_fixtures import store_with

EVENT = Tournament(id="", name="Rapid", total_rounds=5, players=(Player(1, "Петров, Пётр", rating=1700),))


@pytest.mark.parametrize(("typed", "code"), [
    ("ГМ", "GM"), ("ММ", "IM"), ("МФ", "FM"), ("КМ", "CM"),
    ("ЖГМ", "WGM"), ("ЖММ", "WIM"), ("ЖМФ", "WFM"), ("ЖКМ", "WCM"),
    (" жгм ", "WGM"), ("gm", "GM"),
])
def test_a_russian_abbreviation_is_the_fide_title(typed, code):
    t = changes.add_player(EVENT, "Алексеев, Игорь", rating=1800, title=typed)
    assert next(p.title for p in t.players if p.name == "Алексеев, Игорь") == code
    edited = changes.edit_player(EVENT, 1, title=typed)
    assert edited.player(1).title == code


def test_an_unknown_title_is_still_refused():
    with pytest.raises(TournamentError, match="ГМФ"):
        changes.add_player(EVENT, "Алексеев, Игорь", title="ГМФ")


def test_players_add_takes_the_russian_abbreviation(tmp_path, capsys):
    [tid] = store_with(tmp_path, EVENT)
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Алексеев, Игорь",
                "--rating", "1800", "--title", "ММ"]) == 0
    players = Workspace(tmp_path).open(tid).snapshot().tournament.players
    assert [p.title for p in players if p.name == "Алексеев, Игорь"] == ["IM"]

"""CLI words (issue 29, second fresh-eyes review, items 16 and 17): ``players bye --round 0``
said "round 0 is already paired"; ``--rating abc`` said argparse's ``ungültiger int-Wert``;
Russian said "(вы видели нет результата)" and "в турнире 4 туров".

Expected values: Russian plural of тур after 4 is "тура" (2–4), after 5 "туров", after 1 "тур";
the event has 3 rounds, none paired, so a bye can be requested for rounds 1 to 3.
"""

from __future__ import annotations

import pytest

from core.cli import main as cli
from core.model import Player, Tournament
from tests.tui_fixtures import store_with, with_rounds


@pytest.fixture()
def event(tmp_path):
    players = tuple(Player(i, n, rating=2000 - i) for i, n in enumerate(("Kaya, Can", "Bauer, Max"), start=1))
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=3, players=players))
    return tmp_path, tid


@pytest.mark.parametrize("number", ["0", "9"])
def test_a_bye_for_a_round_that_does_not_exist_names_the_valid_rounds(event, capsys, number):
    data, tid = event
    assert cli(["--data", str(data), "players", "bye", tid, "1", "--round", number]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"hakem: there is no round {number}: a bye can be requested for rounds 1 to 3"]


def test_a_number_option_says_it_in_hakems_words(event, capsys):
    data, tid = event
    assert cli(["--data", str(data), "--lang", "de", "players", "add", tid, "--name", "Kaya, Ece",
                "--rating", "abc"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "„abc“ ist keine ganze Zahl" in err[0] and "int" not in err[0]


@pytest.mark.parametrize("total, word", [(1, "тур;"), (4, "тура;"), (5, "туров;")])
def test_russian_counts_rounds_with_their_plural(tmp_path, capsys, total, word):
    t = with_rounds(Tournament(id="", name="Rapid", total_rounds=total,
                               players=tuple(Player(i, f"Kaya, Can{'a' * i}", rating=2000 - i) for i in (1, 2))),
                    total)
    [tid] = store_with(tmp_path, t)
    assert cli(["--data", str(tmp_path), "--lang", "ru", "players", "add", tid, "--name", "Ак, Али"]) == 3
    assert f"в турнире {total} {word}" in capsys.readouterr().err


def test_russian_says_what_the_organiser_had():
    from core.app.conflicts import StaleChange
    from core.i18n import speaking

    with speaking("ru"):
        text = str(StaleChange("Тур 1, доска 3", "1-0", "нет результата", "alice"))
    assert "у вас было: нет результата" in text and "вы видели" not in text

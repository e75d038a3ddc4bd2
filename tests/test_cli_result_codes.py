"""Every result spelling the help lists reaches the store, however argparse reads dashes, and
non-ASCII digits in a CSV are refused with the line instead of crashing (issue 18, item 6)."""

from __future__ import annotations

import pytest

from core import changes
from core.cli import main
from core.model import GameResult, Tournament
from core.store import Store


@pytest.fixture()
def paired(tmp_path, monkeypatch):
    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    store = Store(tmp_path)
    tid = store.create(Tournament(id="", name="Codes", total_rounds=3))
    for name, rating in (("A", 2400), ("B", 2300), ("C", 2200), ("D", 2100)):
        store.update(tid, name, lambda t, n=name, r=rating: changes.add_player(t, n, rating=r))
    store.update(tid, "pair", changes.pair_next_round)
    return store, tid


@pytest.mark.parametrize(("words", "expected"), [
    (["--"], GameResult.DOUBLE_FORFEIT),
    (["--", "--"], GameResult.DOUBLE_FORFEIT),
    (["-+"], GameResult.BLACK_FORFEIT_WIN),
    (["--", "-+"], GameResult.BLACK_FORFEIT_WIN),
    (["+-"], GameResult.WHITE_FORFEIT_WIN),
    (["-"], GameResult.BLACK_FORFEIT_WIN),
    (["1-0", "--unrated"], GameResult.WHITE_WINS),
    (["--unrated", "0-1"], GameResult.BLACK_WINS),
    (["="], GameResult.DRAW),
])
def test_every_listed_result_code_is_entered(paired, capsys, words, expected):
    store, tid = paired
    assert main(["result", tid, "1", "2", *words]) == 0, capsys.readouterr().err
    board = Store(store.data_dir).load(tid).tournament.rounds[0].boards[1]
    assert board.result == expected


@pytest.mark.parametrize("words", [[], ["1-0", "extra"], ["x"], ["--", "--", "--"]])
def test_wrong_result_words_are_usage_errors_not_crashes(paired, capsys, words):
    _store, tid = paired
    assert main(["result", tid, "1", "2", *words]) == 3
    assert "unexpected" not in capsys.readouterr().err


@pytest.mark.parametrize("rating", ["25²4", "2¹00", "٢٣٠٠", "①"])
def test_non_ascii_digits_in_a_csv_rating_are_refused_with_the_line(tmp_path, rating):
    from core.csvimport import parse_players_csv

    with pytest.raises(Exception) as info:
        parse_players_csv(f"name,rating\nKaya,{rating}\n")
    assert "line 2" in str(info.value) and "whole number" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_an_import_registers_like_one_by_one_and_numbers_once():
    """add_players gives exactly what add_player row by row gives (ties in the ranking in row
    order), reports every bad row with its entry number, and adds nothing then."""
    from core.errors import ValidationError

    rows = [dict(name=f"Player {i:03d}", rating=1500 + (i * 37) % 900, club=f"C{i % 7}") for i in range(120)]
    rows += [dict(name="Same, Sam", rating=1800, club=club) for club in ("a", "b", "c")]
    one_by_one = Tournament(id="x", name="Import")
    for row in rows:
        one_by_one = changes.add_player(one_by_one, **row)
    assert changes.add_players(Tournament(id="x", name="Import"), rows) == one_by_one
    with pytest.raises(ValidationError) as info:
        changes.add_players(one_by_one, [dict(name="Fine"), dict(name="  "), dict(name="Bad", title="XYZ")])
    assert "entry 2" in str(info.value) and "entry 3" in str(info.value) and "entry 1" not in str(info.value)

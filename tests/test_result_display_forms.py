"""A result typed as hakem shows it, or as the language says a draw (issue 34, review rev34e
F-c): ``+:-``, ``-:+`` and ``-:-`` are how round lists, the journal and the TUI show forfeits
(glossary #78–#80: +, −, −:−), and Remis / unentschieden (de), beraberlik / berabere (tr),
ничья (ru) are the words for a draw (glossary #90).  One parser (``GameResult.parse``) for the
CLI and the TUI's result line."""

from __future__ import annotations

import pytest

from core.cli import main
from core.model import GameResult
from core.store import Store
from tests.test_cli_result_codes import paired  # noqa: F401  # the fixture: four players, round 1 paired
from tui.screens.result_entry import parse_result


@pytest.mark.parametrize(("typed", "expected"), [
    ("+:-", GameResult.WHITE_FORFEIT_WIN), ("-:+", GameResult.BLACK_FORFEIT_WIN), ("-:-", GameResult.DOUBLE_FORFEIT),
    ("+ : -", GameResult.WHITE_FORFEIT_WIN), ("+:\u2212", GameResult.WHITE_FORFEIT_WIN),
    ("remis", GameResult.DRAW), ("Remis", GameResult.DRAW), ("unentschieden", GameResult.DRAW),
    ("beraberlik", GameResult.DRAW), ("berabere", GameResult.DRAW), ("ничья", GameResult.DRAW),
    ("НИЧЬЯ", GameResult.DRAW), ("draw", GameResult.DRAW),
    ("1:0", GameResult.WHITE_WINS), ("½:½", GameResult.DRAW), ("0:1", GameResult.BLACK_WINS),
])
def test_the_shown_forms_and_the_words_for_a_draw_are_read(typed: str, expected: GameResult) -> None:
    assert GameResult.parse(typed) is expected


def test_every_result_reads_back_as_it_is_shown() -> None:
    for result in GameResult:
        assert GameResult.parse(result.text) is result, result.text


@pytest.mark.parametrize(("typed", "expected"), [
    ("+:-", GameResult.WHITE_FORFEIT_WIN), ("-:+", GameResult.BLACK_FORFEIT_WIN), ("remis", GameResult.DRAW),
    ("ничья", GameResult.DRAW),
])
def test_the_cli_takes_them(paired, capsys, typed: str, expected: GameResult) -> None:  # noqa: F811  # the fixture
    store, tid = paired
    assert main(["result", tid, "1", "2", typed]) == 0, capsys.readouterr().err
    assert Store(store.data_dir).load(tid).tournament.rounds[0].boards[1].result is expected


def test_the_tui_result_line_takes_them(paired) -> None:  # noqa: F811  # the fixture
    store, tid = paired
    t = store.load(tid).tournament
    assert parse_result(t, "+:-") is GameResult.WHITE_FORFEIT_WIN
    assert parse_result(t, "-:+") is GameResult.BLACK_FORFEIT_WIN
    assert parse_result(t, "Remis") is GameResult.DRAW


def test_a_word_that_is_no_result_is_still_refused() -> None:
    from core.errors import InvalidResult

    for typed in ("+:+", "remi", "win", "–"):
        with pytest.raises(InvalidResult):
            GameResult.parse(typed)


@pytest.mark.parametrize("typed", ["+:-", "-:+", "remis", "ничья", "beraberlik"])
def test_a_results_only_key_passes_them_on(typed: str) -> None:
    from core.cli.commands.roles import allowed_words

    assert allowed_words(["result", "rapid-1a2b", "1", "2", typed])

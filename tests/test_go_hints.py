"""Go hints (issue 32, review item 14): the komi examples in the language's notation (the form
shows "7,5" in German, so the message must not say "6.5"), and the Go round's result-line hint
never suggests a jigo (``7 =``) when no board of the round can end in one (every komi a half
point: the entry refuses ``=`` there)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.changes import apply_pairing, set_result
from core.errors import TournamentError
from core.go.handicap import even_komi
from core.go.mcmahon_options import parse_komi
from core.i18n import set_language
from core.model import Board, Player, Round, Tournament
from core.pairing.registry import get_system
from tests.tui_fixtures import store_with, wait_for
from tui.screens.result_entry import entry_hint

JIGO_HINT = "Board and result: 12 1-0, 7 = (Enter)"
NO_JIGO_HINT = "Board and result: 12 1-0, 7 0-1 (Enter)"


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


@pytest.mark.usefixtures("german")
def test_komi_examples_are_written_as_the_language_writes_numbers():
    with pytest.raises(TournamentError) as error:
        parse_komi("7.25")
    assert str(error.value).endswith("etwa 6,5, 7 oder 7,5")
    gamma = Tournament(id="g", name="G", system="gamma", total_rounds=3, options={"go": {"komi": "7"}})
    with pytest.raises(TournamentError) as error:
        even_komi(gamma)
    assert "z. B. 6,5," in str(error.value)
    with pytest.raises(TournamentError) as error:  # the jigo refusal names the komi as the form does
        set_result(go_round(Fraction(15, 2)), 1, 1, "½-½")
    assert "Komi 7,5:" in str(error.value)


def test_komi_examples_in_english_keep_the_point():
    with pytest.raises(TournamentError) as error:
        parse_komi("7.25")
    assert str(error.value).endswith("such as 6.5, 7 or 7.5")


def go_round(*komis: Fraction) -> Tournament:
    players = tuple(Player(pno=i, name=f"P{i}", extra={"go_rank": "1k"}) for i in range(1, 2 * len(komis) + 1))
    boards = tuple(Board(2 * i + 1, 2 * i + 2, None, handicap=0 if k != Fraction(1, 2) else 2, komi=k)
                   for i, k in enumerate(komis))
    return Tournament(id="h", name="H", system="mcmahon", total_rounds=3, players=players,
                      rounds=(Round(1, boards, ()),))


def test_the_hint_suggests_a_jigo_only_where_one_can_happen():
    assert entry_hint(go_round(Fraction(13, 2), Fraction(1, 2)), 1) == NO_JIGO_HINT  # komi 6.5 and ½
    assert entry_hint(go_round(Fraction(7), Fraction(1, 2)), 1) == JIGO_HINT          # komi 7: a jigo can happen
    chess = Tournament(id="c", name="C", system="dutch", total_rounds=3)
    assert entry_hint(chess, 0) == JIGO_HINT
    assert entry_hint(None, 0) == JIGO_HINT


async def test_the_go_round_screen_shows_the_hint_without_jigo(tmp_path):
    from textual.widgets import Input

    from tui.app import HakemApp

    players = tuple(Player(pno=i, name=f"Player {i}", extra={"go_rank": r})
                    for i, r in enumerate(("3d", "1d", "2k", "5k"), start=1))
    t = Tournament(id="hint", name="Go evening", system="mcmahon", total_rounds=3, players=players,
                   options={"go": {"komi": "6.5"}})
    t = apply_pairing(t, get_system("mcmahon").pair(t))
    assert all(b.komi.denominator == 2 for b in t.rounds[0].boards)
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and bool(app.screen.query("#result-entry")))
        entry = app.screen.query_one("#result-entry", Input)
        await wait_for(pilot, lambda: entry.placeholder == NO_JIGO_HINT)

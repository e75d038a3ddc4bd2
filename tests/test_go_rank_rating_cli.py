"""``--rating`` in a Go event (issue 29, second fresh-eyes review, item 6): the CLI took
``--rating 2100`` as the GoR without a word (and with ``--go-rank 1k`` a 1k rated as a 1d).
A rank and a Go rating that disagree are a warning naming both (issue 32's decision, in
``players add``); a chess rating in a Go event is refused naming the Go option.
"""

from __future__ import annotations

import pytest

from core.app import Workspace
from core.cli import main as cli
from core.model import Tournament
from tests.tui_fixtures import store_with


@pytest.fixture()
def gamma(tmp_path):
    [tid] = store_with(tmp_path, Tournament(id="", name="Go evening", system="gamma", total_rounds=4))
    return tmp_path, tid


def test_a_chess_rating_in_a_go_event_is_refused_naming_the_go_option(gamma, capsys):
    data, tid = gamma
    assert cli(["--data", str(data), "players", "add", tid, "--name", "Kaya, Ahmet", "--rating", "2100"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--go-rating" in err[0] and "--rating" in err[0]
    assert Workspace(data).open(tid).snapshot().tournament.players == ()
    assert cli(["--data", str(data), "players", "add", tid, "--name", "Kaya, Ahmet", "--go-rating", "2100"]) == 0


def test_a_chess_rating_in_a_chess_event_stays(tmp_path, capsys):
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=4))
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Kaya, Ahmet", "--rating", "2100"]) == 0
    assert Workspace(tmp_path).open(tid).snapshot().tournament.players[0].rating == 2100


WARNING_1D_2060 = "rank 1d and Go rating 2060 disagree (that rating gives 1k); the declared rank, 1d, is the one used"
"""A Gamma event's truncation makes GoR 2060 a 1k (rating ÷ 100 = 20 = 1k); the EGD lists 1d
players with it.  One rule for both front ends (the review's item 4): kept as typed, with this
warning — the TUI's form refused it where the CLI warned."""


def test_the_cli_keeps_a_1d_with_gor_2060_and_warns(gamma, capsys):
    data, tid = gamma
    capsys.readouterr()
    assert cli(["--data", str(data), "players", "add", tid, "--name", "Kovacs, Peter", "--go-rank", "1d",
                "--go-rating", "2060"]) == 0
    assert capsys.readouterr().err.strip() == f"hakem: warning: {WARNING_1D_2060}"


async def test_the_tui_form_keeps_a_1d_with_gor_2060_and_warns_as_the_cli(gamma, quiet_tui):
    from textual.widgets import Input

    from core.go.ranks import player_rank, rank_label
    from tui.app import HakemApp
    from tests.tui_fixtures import wait_for

    data, tid = gamma
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        for field, text in (("name", "Kovacs, Peter"), ("rating", "2060"), ("rank", "1d")):
            app.screen.query_one(f"#p-{field}", Input).value = text
        app.screen.query_one("#p-name", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(app.screen.session.tournament.players) == 1)
        await wait_for(pilot, lambda: any(str(n.message) == WARNING_1D_2060 for n in app._notifications))
    [peter] = Workspace(data).open(tid).snapshot().tournament.players
    assert rank_label(player_rank(peter, "gamma")) == "1d"


def test_players_edit_of_the_go_rating_alone_keeps_the_declared_rank_and_warns(tmp_path, capsys):
    """A declared 1k whose GoR is edited to 2150 (the EGF's nearest hundred: 2d) stays 1k — the rank
    drives his McMahon score — and the edit says that rank and rating disagree."""
    [tid] = store_with(tmp_path, Tournament(id="", name="Go cup", system="mcmahon", total_rounds=4))
    assert cli(["--data", str(tmp_path), "players", "add", tid, "--name", "Müller, Jan", "--go-rank", "1k",
                "--go-rating", "1950"]) == 0
    capsys.readouterr()
    assert cli(["--data", str(tmp_path), "players", "edit", tid, "1", "--go-rating", "2150"]) == 0
    assert capsys.readouterr().err.strip() == ("hakem: warning: rank 1k and Go rating 2150 disagree (that rating "
                                               "gives 2d); the declared rank, 1k, is the one used")
    [p] = Workspace(tmp_path).open(tid).snapshot().tournament.players
    assert p.extra["go_rank"] == "1k" and p.extra["go_rating"] == 2150


async def test_the_tui_edit_of_the_rating_alone_keeps_the_declared_rank(tmp_path, quiet_tui):
    """Review rev32c item 1 in the edit dialog: Weber, 2d with GoR 2240, edited to 1900 only
    (a 1k by the EGF's nearest hundred) stays 2d — he was made a 2k (initial MMS 31→28) — and
    the dialog's save warns as the CLI does."""
    from textual.widgets import DataTable, Input

    from core.model import Player
    from tui.app import HakemApp
    from tests.tui_fixtures import wait_for

    weber = Player(pno=1, name="Weber, Jan", rating=2240, extra={"go_rank": "2d"})
    [tid] = store_with(tmp_path, Tournament(id="", name="Go cup", system="mcmahon", total_rounds=4, players=(weber,)))
    app = HakemApp(data_dir=tmp_path, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: bool(app.screen.query("#players")))
        app.screen.query_one("#players", DataTable).focus()
        await pilot.press("e")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayerForm")
        assert app.screen.query_one("#f-rank", Input).value == "2d"
        app.screen.query_one("#f-rating", Input).value = "1900"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: Workspace(tmp_path).open(tid).snapshot().tournament.players[0].rating == 1900)
        await wait_for(pilot, lambda: any("rank 2d and Go rating 1900 disagree" in str(n.message)
                                          for n in app._notifications))
    assert Workspace(tmp_path).open(tid).snapshot().tournament.players[0].extra["go_rank"] == "2d"

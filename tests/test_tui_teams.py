"""Teams dialog (Players tab, key t): a club league set up by keyboard only."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input

from core.model import Player, Tournament
from tui.app import HakemApp
from tests.tui_fixtures import store_with, type_text, wait_for


pytestmark = pytest.mark.usefixtures("quiet_tui")


def league() -> Tournament:
    clubs = ("Ankara SK", "Berlin SC")
    players = tuple(Player(i, f"Player {i}", rating=2300 - 10 * i, club=clubs[(i - 1) % 2])
                    for i in range(1, 9))
    return Tournament(id="", name="League", system="berger", total_rounds=3, players=players)


async def _open(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
    await pilot.press("f2")
    await wait_for(pilot, lambda: app.screen.query("#players"))
    app.screen.query_one("#players", DataTable).focus()
    await pilot.pause()
    await pilot.press("t")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
    return app.screen


async def test_teams_from_the_keyboard(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, league())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _open(pilot, app)
        owner = dialog.owner
        # c: one team per club, players in ranking order
        await pilot.press("c")
        await wait_for(pilot, lambda: len(owner.session.tournament.teams) == 2)
        teams = owner.session.tournament.teams
        assert [(x.name, x.members) for x in teams] == [("Ankara SK", (1, 3, 5, 7)), ("Berlin SC", (2, 4, 6, 8))]
        table = dialog.query_one(DataTable)
        assert table.row_count == 2
        # r on the first team: new board order typed in the prompt
        table.move_cursor(row=0)
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        app.screen.query_one(Input).value = ""
        await type_text(pilot, "3 1 5 7")
        await pilot.press("enter")
        await wait_for(pilot, lambda: owner.session.tournament.teams[0].members == (3, 1, 5, 7))
        # a: a third team with a player of another team is refused, nothing changes
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await type_text(pilot, "Kazan")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Players of Kazan" in str(app.screen.query_one(".dialog-title").render()))
        await type_text(pilot, "2")
        await pilot.press("enter")
        await pilot.pause()
        assert len(owner.session.tournament.teams) == 2
        # the saved state is what the store has
        from core.store import Store

        assert [x.members for x in Store(data).load(tid).tournament.teams] == [(3, 1, 5, 7), (2, 4, 6, 8)]
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
        await pilot.press("escape")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")


async def test_a_team_that_cannot_enter_is_refused_before_its_name_is_asked(tmp_path):
    # A team round robin's table is drawn for its teams: after round 1 no team can be added.
    # The refusal comes when `a` is pressed, not after the name and the players were typed.
    from core.model import Board, Match, Round, Team

    t = league().with_changes(
        teams=(Team(1, "Ankara SK", (1, 3)), Team(2, "Berlin SC", (2, 4))),
        rounds=(Round(1, (Board(1, 2), Board(4, 3)), matches=(Match(1, 2, (0, 1)),)),))
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot, app)
        await pilot.press("a")
        await wait_for(pilot, lambda: any("cannot be added after round 1" in str(n.message)
                                          for n in app._notifications))
        assert type(app.screen).__name__ == "TeamsDialog"


def test_a_team_swiss_takes_a_late_team():
    # C.04.2 Art. 2.4 (applied to teams by C.04.6): a late entry gets no points for the rounds
    # it missed and is paired once it arrives.  Four teams of one board played round 1 (1-2,
    # 3-4, 1 and 3 won); team 5 (player 5, registered late) enters: next number 5, no match in
    # round 1, 0 MP, and in round 2 five teams are paired: the bye goes to the lowest score (2,
    # 4, 5: 0 MP), then the most matches played (2 and 4, not the late 5), then the largest
    # number (C.04.6 Art. 3.4): team 4; team 5 plays a match.
    from core.changes.players import add_player
    from core.model import Board, GameResult, Match, Round, Team
    from core.pairing.registry import get_system
    from core.changes import teams as registration
    from core.teams import team_standings

    players = tuple(Player(i, f"P{i}", rating=2400 - 10 * i) for i in range(1, 5))
    teams = tuple(Team(k, f"T{k}", (k,)) for k in range(1, 5))
    r1 = Round(1, (Board(1, 2, GameResult.WHITE_WINS), Board(3, 4, GameResult.WHITE_WINS)),
               matches=(Match(1, 2, (0,)), Match(3, 4, (1,))))
    t = Tournament(id="s", name="S", system="swiss-team", total_rounds=3, players=players, teams=teams,
                   rounds=(r1,), options={"boards": 1})
    t = add_player(t, "Late", rating=2000)
    late = max(p.pno for p in t.players)
    t = registration.add_team(t, "T5", (late,))
    assert t.teams[-1].id == 5
    assert {r.team: r.match_points for r in team_standings(t)}[5] == 0
    pairing = get_system("swiss-team").pair(t)
    assert [m.home for m in pairing.matches if m.bye] == [4]
    assert any(5 in (m.home, m.away) for m in pairing.matches if not m.bye)
    rr = t.with_changes(system="berger")
    with pytest.raises(Exception, match="cannot be added after round 1"):
        registration.add_team(rr, "T6", ())


def played_league() -> Tournament:
    from core.model import Board, Match, Round, Team

    return league().with_changes(
        teams=(Team(1, "Ankara SK", (1, 3)), Team(2, "Berlin SC", (2, 4))),
        rounds=(Round(1, (Board(1, 2), Board(4, 3)), matches=(Match(1, 2, (0, 1)),)),))


async def test_a_board_order_changed_after_round_1_is_asked_first(tmp_path):
    # The board order is what a team's results are read by (BC, TBR, the crosstable): after
    # round 1, swapping Ankara's boards (1 3 → 3 1) asks first; No keeps the order, Yes saves
    # it.  Adding a reserve below (1 3 5) moves nobody and is saved without a question.
    data = tmp_path / "data"
    [tid] = store_with(data, played_league())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _open(pilot, app)
        owner = dialog.owner
        for answer in ("n", "y"):
            dialog.query_one(DataTable).move_cursor(row=0)
            await pilot.press("r")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
            app.screen.query_one(Input).value = ""
            await type_text(pilot, "3 1")
            await pilot.press("enter")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
            assert "board order changes after round 1" in str(app.screen.body)
            await pilot.press(answer)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
            await pilot.pause()
            assert owner.session.tournament.teams[0].members == ((1, 3) if answer == "n" else (3, 1))
        await pilot.press("r")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await type_text(pilot, " 5")
        await pilot.press("enter")
        await wait_for(pilot, lambda: owner.session.tournament.teams[0].members == (3, 1, 5))


def test_the_cli_warns_of_a_board_order_changed_after_round_1(tmp_path, monkeypatch, capsys):
    from core.store import Store
    from tests.cli_run import run

    monkeypatch.setenv("HAKEM_DATA", str(tmp_path))
    tid = Store(tmp_path).create(played_league())
    _out, err = run(capsys, "teams", "roster", tid, "2", "--players", "4,2")
    assert "team 'Berlin SC': the board order changes after round 1 was paired (2, 4 on another board)" in err
    _out, err = run(capsys, "teams", "roster", tid, "2", "--players", "4,2,6")
    assert err == ""


async def test_a_team_swiss_team_gets_its_bye_and_withdrawal_from_the_teams_dialog(tmp_path):
    # C.04.2 Arts. 3.3 and 3.2, applied to teams by C.04.6: b gives the selected team a
    # zero-point bye for the rounds typed (stored for each of its players), w withdraws it
    # after a question.  In a team round robin the keys do nothing (no such rule there).
    from core.model import Team

    t = league().with_changes(system="swiss-team",
                              teams=tuple(Team(k, f"T{k}", (2 * k - 1, 2 * k)) for k in range(1, 5)))
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _open(pilot, app)
        owner = dialog.owner
        dialog.query_one(DataTable).move_cursor(row=1)
        await pilot.press("b")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PromptDialog")
        await type_text(pilot, "2")
        await pilot.press("enter")
        await wait_for(pilot, lambda: {(b.pno, b.round) for b in owner.session.tournament.requested_byes}
                       == {(3, 2), (4, 2)})
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TeamsDialog")
        dialog.query_one(DataTable).move_cursor(row=3)
        await pilot.press("w")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: {p.pno for p in owner.session.tournament.players
                                       if p.withdrawn_round == 1} == {7, 8})


async def test_the_team_bye_key_is_off_in_a_team_round_robin(tmp_path):
    data = tmp_path / "data"
    [tid] = store_with(data, played_league())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(pilot, app)
        await pilot.press("b")
        await pilot.pause()
        assert type(app.screen).__name__ == "TeamsDialog"

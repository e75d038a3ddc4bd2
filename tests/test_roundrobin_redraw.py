"""A player leaving a round robin after the table numbers were drawn and before round 1: the
draw is made again (Aktar p. 60), as the organiser meets it — ``hakem players remove`` and the
registration tab's Del.

What the organiser must see: that the numbers were drawn again, by which method, the new
numbers (the CLI prints them as ``hakem lot`` does), and — when the first seed was theirs —
that a new seed was drawn and which.  One change: one journal entry, one undo for both.

The expected numbers are not copied from our output: the redraw must give exactly what
``hakem lot --seed S`` gives for a field registered without the player who left (S the seed
the redraw names), which is the draw "made again" read literally.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import changes
from core.changes.lots import draw_lots, draw_varma
from core.cli import main
from core.model import Tournament
from core.store import Store
from tests.tui_fixtures import store_with, wait_for
from tui.app import HakemApp

FIELD = (("Aksoy, Ali", 2100), ("Bayer, Ben", 2050), ("Can, Cem", 2000), ("Demir, Deniz", 1950),
         ("Ek, Efe", 1900), ("Fırat, Filiz", 1850), ("Gül, Gaye", 1800))


def run(capsys: pytest.CaptureFixture[str], data: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--data", str(data), *args])
    out, err = capsys.readouterr()
    return code, out, err


def event(capsys: pytest.CaptureFixture[str], data: Path, names=FIELD, system: str = "berger") -> str:
    code, out, _err = run(capsys, data, "new", "Club RR", "--system", system, "--rounds", "7")
    assert code == 0
    tid = out.strip().splitlines()[-1]
    for name, rating in names:
        assert run(capsys, data, "players", "add", tid, "--name", name, "--rating", str(rating))[0] == 0
    return tid


def numbers(out: str) -> tuple[int, list[str]]:
    """The seed and the names in table order, read from ``hakem lot``'s lines."""
    lines = out.strip().splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("Table numbers drawn with seed "))
    seed = int(lines[head].removeprefix("Table numbers drawn with seed ").rstrip(":"))
    return seed, [line.split(None, 1)[1].rsplit(" (", 1)[0] for line in lines[head + 1:]]


def test_removing_a_player_after_the_draw_draws_again(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data)
    code, out, _err = run(capsys, data, "lot", tid, "--seed", "7")
    assert code == 0
    first_seed, first = numbers(out)
    assert first_seed == 7 and sorted(first) == sorted(n for n, _r in FIELD)

    code, out, err = run(capsys, data, "players", "remove", tid, "3")
    assert code == 0
    assert out.startswith("Removed: 3 Can, Cem\n")
    seed, again = numbers(out)
    assert seed != 7 and sorted(again) == sorted(n for n, _r in FIELD if n != "Can, Cem")
    assert ("Can, Cem left after the draw and before round 1: the table numbers were drawn again by "
            f"lot. The first draw's seed 7 was the arbiter's; a new seed was drawn: {seed}.") in err

    # the same numbers as a draw with that seed on the field without Can, Cem
    other = event(capsys, tmp_path / "fresh", tuple(f for f in FIELD if f[0] != "Can, Cem"))
    assert numbers(run(capsys, tmp_path / "fresh", "lot", other, "--seed", str(seed))[1]) == (seed, again)
    # and what is stored pairs round 1 by them
    stored = Store(data).load(tid).tournament
    by_lot = {p.name: p.extra["lot"] for p in stored.players}
    assert by_lot == {name: k for k, name in enumerate(again, start=1)}
    assert stored.options["lot"]["history"][-1]["seed"] == 7

    # one journal entry; one undo gives back the player and the first draw
    log = run(capsys, data, "log", tid)[1].strip().splitlines()
    assert log[-1].endswith(f"remove player 3 Can, Cem; table numbers drawn again (seed {seed})")
    assert log[-2].endswith("draw table numbers")
    assert run(capsys, data, "undo", tid)[0] == 0
    back = Store(data).load(tid).tournament
    assert [p.name for p in back.players] == [n for n, _r in FIELD]
    assert {p.name: p.extra["lot"] for p in back.players} == {name: k for k, name in enumerate(first, start=1)}
    assert back.options["lot"]["seed"] == 7


def test_a_random_first_seed_is_not_called_the_arbiters(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data)
    code, out, _err = run(capsys, data, "lot", tid, "--format", "json")
    assert code == 0 and json.loads(out)["seed"] == Store(data).load(tid).tournament.options["lot"]["seed"]
    code, out, err = run(capsys, data, "players", "remove", tid, "7")
    seed, _again = numbers(out)
    assert f"the table numbers were drawn again by lot, seed {seed}." in err
    assert "arbiter" not in err


def test_no_draw_no_redraw(tmp_path, capsys) -> None:
    """Without drawn numbers (a round robin not drawn, a Swiss) a removal removes, and says
    nothing more."""
    for system in ("berger", "dutch"):
        data = tmp_path / system
        tid = event(capsys, data, system=system)
        code, out, err = run(capsys, data, "players", "remove", tid, "3")
        assert code == 0 and out == "Removed: 3 Can, Cem\n" and err == ""
        assert "lot" not in Store(data).load(tid).tournament.options


def test_after_round_1_a_removal_is_refused_and_nothing_redrawn(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data)
    run(capsys, data, "lot", tid, "--seed", "7")
    assert run(capsys, data, "round", "pair", tid)[0] == 0
    before = Store(data).load(tid).tournament
    code, out, err = run(capsys, data, "players", "remove", tid, "3")
    assert code == 3 and out == "" and "withdraw" in err and "Traceback" not in err
    assert Store(data).load(tid).tournament == before


def base(extra: int = 0) -> Tournament:
    t = Tournament(id="", name="Club RR", system="berger", total_rounds=7)
    more = tuple((f"Extra {i}", 1700 - i) for i in range(1, extra + 1))
    for name, rating in FIELD + more:
        t = changes.add_player(t, name, rating=rating, federation="TUR" if rating > 1950 else "GER")
    return t


def test_the_first_draws_method_is_kept_and_a_team_draw_is_not_redone(tmp_path) -> None:
    """A Varma draw is made again with the Varma tables (10 players, one leaves: 9, the
    smallest table); from 9 to 8 there are no Varma tables, so by lot, and said; a draw of the
    teams' numbers stays."""
    from core.app.workspace import Workspace

    data = tmp_path / "data"
    varma, teams = store_with(data, draw_varma(base(3), 3), base())
    desk = Workspace(data).open(varma)
    out = desk.remove_player(2)
    assert out.value.method == "varma" and out.tournament.options["lot"]["method"] == "varma"
    assert "drawn again with the Varma tables" in out.warnings[-1] and "so this draw" not in out.warnings[-1]
    assert sorted(p.extra["lot"] for p in out.tournament.players) == list(range(1, 10))
    out = desk.remove_player(2)
    assert out.tournament.options["lot"]["method"] == "lot"
    assert out.warnings[-1].endswith("The Varma tables serve 9 to 24 players, so this draw was by lot.")
    assert sorted(p.extra["lot"] for p in out.tournament.players) == list(range(1, 9))

    team_desk = Workspace(data).open(teams)
    team_desk.add_team("A", members=[1, 2, 3])
    team_desk.add_team("B", members=[4, 5, 6])
    drawn = team_desk.draw_lots(11, teams=True).tournament.options["lot"]
    out = team_desk.remove_player(7)
    assert out.value is None and out.tournament.options["lot"]["order"] == drawn["order"]


@pytest.mark.usefixtures("quiet_tui")
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_del_on_the_registration_tab_draws_again_and_says_so(tmp_path, size) -> None:
    from textual.widgets import DataTable, Static

    data = tmp_path / "data"
    [tid] = store_with(data, draw_lots(base(), 7, given=True))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#players"))
        table = app.screen.query_one("#players", DataTable)
        table.focus()
        table.move_cursor(row=2)  # 3 Can, Cem
        await pilot.pause()
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        asked = " ".join(str(s.render()) for s in app.screen.query(Static))
        assert "Can, Cem" in asked and "they will be drawn again" in asked
        await pilot.press("y")
        await wait_for(pilot, lambda: len(Store(data).load(tid).tournament.players) == 6)
        stored = Store(data).load(tid).tournament
        seed = stored.options["lot"]["seed"]
        await wait_for(pilot, lambda: any("drawn again" in str(n.message) for n in app._notifications))
        toasts = [str(n.message) for n in app._notifications]
        assert any(f"The first draw's seed 7 was the arbiter's; a new seed was drawn: {seed}." in t for t in toasts)
    assert "Can, Cem" not in [p.name for p in stored.players]
    assert sorted(p.extra["lot"] for p in stored.players) == list(range(1, 7))
    assert stored.options["lot"]["history"][-1]["seed"] == 7


def test_a_player_entering_after_the_draw_draws_again(tmp_path, capsys) -> None:
    """Aktar p. 60: a new player taken after the draw and before round 1 means the draw is
    made again — the numbers are exactly those of ``hakem lot --seed S`` on the field with
    the newcomer (S the seed the notice names); one journal entry, one undo for both."""
    data = tmp_path / "data"
    tid = event(capsys, data)
    first_seed, first = numbers(run(capsys, data, "lot", tid, "--seed", "7")[1])
    code, out, err = run(capsys, data, "players", "add", tid, "--name", "Hahn, Ole", "--rating", "1750")
    assert code == 0
    prefix = ("Hahn, Ole entered after the draw and before round 1: the table numbers were drawn again by lot. "
              "The first draw's seed 7 was the arbiter's; a new seed was drawn: ")
    assert prefix in err
    seed = int(err.split(prefix, 1)[1].split(".", 1)[0])
    stored = Store(data).load(tid).tournament
    again = sorted(stored.players, key=lambda p: p.extra["lot"])
    assert numbers("\n".join(out.strip().splitlines()[:-1])) == (seed, [p.name for p in again])  # as hakem lot
    assert out.strip().splitlines()[-1] == str(next(p.pno for p in stored.players if p.name == "Hahn, Ole"))  # the number, last
    assert sorted(p.extra["lot"] for p in stored.players) == list(range(1, 9))

    other = event(capsys, tmp_path / "fresh", FIELD + (("Hahn, Ole", 1750),))
    assert numbers(run(capsys, tmp_path / "fresh", "lot", other, "--seed", str(seed))[1]) == (
        seed, [p.name for p in again])
    assert stored.options["lot"]["history"][-1]["seed"] == 7

    log = run(capsys, data, "log", tid)[1].strip().splitlines()
    assert log[-1].endswith(f"add player Hahn, Ole; table numbers drawn again (seed {seed})")
    assert run(capsys, data, "undo", tid)[0] == 0
    back = Store(data).load(tid).tournament
    assert [p.name for p in back.players] == [n for n, _r in FIELD]
    assert {p.name: p.extra["lot"] for p in back.players} == {name: k for k, name in enumerate(first, start=1)}
    assert first_seed == 7 and run(capsys, data, "round", "pair", tid)[0] == 0


def test_an_import_after_the_draw_draws_again_and_a_varma_draw_stays_varma(tmp_path, capsys) -> None:
    from core.app.workspace import Workspace

    data = tmp_path / "data"
    tid = event(capsys, data)
    run(capsys, data, "lot", tid)
    sheet = tmp_path / "late.csv"
    sheet.write_text('name,rating\n"Hahn, Ole",1750\n"Ilgaz, Ilke",1700\n', encoding="utf-8")
    code, out, err = run(capsys, data, "players", "import", tid, str(sheet))
    assert code == 0 and "2 players from late.csv entered after the draw and before round 1" in err
    assert "Table numbers drawn with seed " in out and "Ilgaz, Ilke" in out
    assert sorted(p.extra["lot"] for p in Store(data).load(tid).tournament.players) == list(range(1, 10))
    assert run(capsys, data, "round", "pair", tid)[0] == 0

    [varma] = store_with(tmp_path / "varma", draw_varma(base(2), 3))
    out = Workspace(tmp_path / "varma").open(varma).add_player("Yeni, Can", rating=1600)
    assert out.tournament.options["lot"]["method"] == "varma" and "with the Varma tables" in out.warnings[-1]
    assert sorted(p.extra["lot"] for p in out.tournament.players) == list(range(1, 11))


@pytest.mark.usefixtures("quiet_tui")
async def test_f2_registration_after_the_draw_draws_again_and_says_so(tmp_path) -> None:
    from textual.widgets import Input

    data = tmp_path / "data"
    [tid] = store_with(data, draw_lots(base(), 7, given=True))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#p-name"))
        app.screen.query_one("#p-name", Input).focus()
        await pilot.pause()
        await pilot.press(*"Hahn, Ole", "enter")
        await wait_for(pilot, lambda: len(Store(data).load(tid).tournament.players) == 8)
        await wait_for(pilot, lambda: any("entered after the draw" in str(n.message) for n in app._notifications))
    stored = Store(data).load(tid).tournament
    assert sorted(p.extra["lot"] for p in stored.players) == list(range(1, 9))

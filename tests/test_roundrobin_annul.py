"""A round robin's withdrawal under 50 %: Aktar's reading (the default) and FIDE's (C.06 (2011)
Art. 5.4: the points scored by or against the player do not count), chosen per event.

The event, worked on paper (six players, the FIDE Berger table for six; numbers = pairing
numbers, A=1 … F=6; F withdraws before round 3, having played 2 of 5 games: under half, so
F is not ranked; F's table games in rounds 3–5 stay on their boards as forfeits, "+" for
the opponent and "−" for F, Aktar p. 61):

    R1  1–6 0-1   2–5 1-0   3–4 ½-½
    R2  6–4 ½-½   5–3 0-1   1–2 1-0
    R3  2–6 +/−   3–1 ½-½   4–5 1-0
    R4  6–5 −/+   1–4 1-0   2–3 ½-½
    R5  3–6 +/−   4–2 0-1   5–1 0-1

Crosstable points (Aktar: everybody keeps them)
    A 0+1+½+1+1 = 3½   B 1+0+1+½+1 = 3½   C ½+1+½+½+1 = 3½   D ½+½+1+0+0 = 2   E 0+0+0+1+0 = 1
    (F 1+½ = 1½, not ranked)
FIDE: take out what A…E scored against F (over the board or by forfeit): A loses 0 (lost to
F), B the R3 forfeit, C the R5 forfeit, D the R2 draw, E the R4 forfeit:
    A 3½   B 2½   C 2½   D 1½   E 0
Sonneborn-Berger under FIDE (opponent's annulled score × the points scored against them):
    A: beat B 2½ + drew C 1¼ + beat D 1½ + beat E 0 = 5¼
    B: beat E 0 + lost A 0 + drew C 1¼ + beat D 1½ = 2¾
    C: drew D ¾ + beat E 0 + drew A 1¾ + drew B 1¼ = 3¾
    D: drew C 1¼ + beat E 0 + lost, lost = 1¼         E: 0
So with DE then SB: FIDE ranks A 1 (alone on points), C 2 (DE B–C drawn, SB 3¾ > 2¾), B 3,
D 4, E 5.  Aktar: A, B, C share 3½; DE among them: A beat B and drew C (1½), C drew both (1),
B ½: A 1, C 2, B 3, then D 4, E 5 — the same order, other points.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from core import changes
from core.cli import main
from core.model import Tournament
from core.pairing.registry import get_system
from core.standings import compute_standings
from tests.tui_fixtures import store_with

RESULTS = {
    1: {(1, 6): "0-1", (2, 5): "1-0", (3, 4): "1/2"},
    2: {(6, 4): "1/2", (5, 3): "0-1", (1, 2): "1-0"},
    3: {(2, 6): "+-", (3, 1): "1/2", (4, 5): "1-0"},
    4: {(6, 5): "-+", (1, 4): "1-0", (2, 3): "1/2"},
    5: {(3, 6): "+-", (4, 2): "0-1", (5, 1): "0-1"},
}
NAMES = "ABCDEF"


def event() -> Tournament:
    t = Tournament(id="", name="Club RR", system="berger", total_rounds=5, tiebreaks=("DE", "SB"))
    for i, name in enumerate(NAMES):
        t = changes.add_player(t, name, rating=2000 - 10 * i)
    system = get_system("berger")
    for rnd in range(1, 6):
        if rnd == 3:
            t = changes.withdraw(t, 6)
        t = changes.apply_pairing(t, system.pair(t))
        boards = t.round(rnd).boards
        assert {(b.white, b.black) for b in boards} == set(RESULTS[rnd]), rnd  # the FIDE table
        for k, b in enumerate(boards, start=1):
            typed = RESULTS[rnd][(b.white, b.black)]
            if 6 in (b.white, b.black) and rnd >= 3:  # the pairing set the forfeit itself
                assert b.result is not None and b.result.value == typed, (rnd, b)
            else:
                t = changes.set_result(t, rnd, k, typed)
    return t


def table(t: Tournament, reading: str | None = None) -> list[tuple[str, int | None, Fraction]]:
    s = compute_standings(t, withdrawn_points=reading)
    return [(r.name, r.rank, r.points) for r in s.rows]


def test_the_two_readings_on_paper() -> None:
    t = event()
    half = Fraction(1, 2)
    assert table(t) == [("A", 1, 3 + half), ("C", 2, 3 + half), ("B", 3, 3 + half), ("D", 4, 2), ("E", 5, 1),
                        ("F", None, 1 + half)]
    assert table(t, "annul") == [("A", 1, 3 + half), ("C", 2, 2 + half), ("B", 3, 2 + half), ("D", 4, 1 + half),
                                 ("E", 5, 0), ("F", None, 1 + half)]
    s = compute_standings(t, withdrawn_points="annul")
    sb = {r.name: r.values["SB"] for r in s.rows if r.rank is not None}
    assert sb == {"A": Fraction(21, 4), "B": Fraction(11, 4), "C": Fraction(15, 4), "D": Fraction(5, 4), "E": 0}
    assert [r.decided_by for r in s.rows[:3]] == ["PTS", "SB", "SB"]
    # the event's setting is the default of every reader
    annulled = t.with_changes(options={**t.options, "withdrawn_points": "annul"})
    assert table(annulled) == table(t, "annul")


def test_the_note_says_which_reading_applied_only_when_it_matters() -> None:
    t = event()
    keep = compute_standings(t).warnings
    assert ("Not ranked, having withdrawn before completing half of their games: F. Their opponents keep the "
            "points scored against them (Aktar p. 61).") in keep
    annul = compute_standings(t, withdrawn_points="annul").warnings
    assert ("Not ranked, having withdrawn before completing half of their games: F. The points scored by or "
            "against them do not count (FIDE, C.06 (2011) Art. 5.4).") in annul
    # after round 2 nobody has withdrawn yet: nothing to say, and both readings agree
    early = compute_standings(t, upto=2, withdrawn_points="annul")
    assert not any("Not ranked" in w for w in early.warnings)
    assert table(t.with_changes(rounds=t.rounds[:2])) == table(t.with_changes(rounds=t.rounds[:2]), "annul")


def run(capsys: pytest.CaptureFixture[str], data: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--data", str(data), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_organiser_sets_it_and_every_table_follows(tmp_path, capsys) -> None:
    """``hakem settings --withdrawn-points annul``; then the standings, the crosstable, the
    prizes and the published pages read the same points and say why."""
    data = tmp_path / "data"
    [tid] = store_with(data, event())
    code, out, _err = run(capsys, data, "settings", tid)
    assert code == 0 and "withdrawn under 50 %" in out and "keep: their opponents keep the points" in out

    assert run(capsys, data, "settings", tid, "--withdrawn-points", "annul")[0] == 0
    code, out, _err = run(capsys, data, "settings", tid)
    assert "annul: the points scored by or against them do not count" in out

    code, out, err = run(capsys, data, "standings", tid)
    assert code == 0
    rows = {line.split()[2]: line.split() for line in out.splitlines() if line.split()[2:3] and line.split()[2] in NAMES}
    assert [rows[n][0] for n in "ACBDEF"] == ["1", "2", "3", "4", "5", "-"]
    assert [rows[n][3] for n in "ACBDEF"] == ["3½", "2½", "2½", "1½", "0", "1½"]
    assert "do not count (FIDE, C.06 (2011) Art. 5.4)" in out + err

    code, out, err = run(capsys, data, "report", tid, "crosstable")
    assert code == 0 and "do not count (FIDE, C.06 (2011) Art. 5.4)" in out

    assert run(capsys, data, "prizes", "add", tid, "open", "--kind", "overall", "--amounts", "300,200")[0] == 0
    code, out, _err = run(capsys, data, "report", tid, "prizes")
    prized = [line.split() for line in out.splitlines() if line.split()[-2:] in (["300", "300"], ["200", "200"])]
    assert [(row[2], row[3]) for row in prized] == [("A", "3½"), ("C", "2½")]
    assert run(capsys, data, "publish", tid, str(tmp_path / "pages"))[0] == 0
    assert "do not count (FIDE, C.06 (2011) Art. 5.4)" in (tmp_path / "pages" / "crosstable.html").read_text()

    assert run(capsys, data, "settings", tid, "--withdrawn-points", "keep")[0] == 0
    code, out, err = run(capsys, data, "standings", tid)
    assert "Their opponents keep the points scored against them (Aktar p. 61)." in out + err


def test_a_swiss_refuses_the_setting(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Open", system="dutch", total_rounds=5))
    code, out, err = run(capsys, data, "settings", tid, "--withdrawn-points", "annul")
    assert code == 3 and "only a round robin" in err and "Traceback" not in err
    code, out, _err = run(capsys, data, "settings", tid)
    assert "withdrawn under 50 %" not in out


@pytest.mark.usefixtures("quiet_tui")
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_tiebreak_tab_sets_it_and_the_standings_follow(tmp_path, size) -> None:
    """F5: the drop-down under the regime (a round robin's only) saves the reading at once;
    F4 then shows the annulled points and the note."""
    from textual.widgets import Select

    from core.store import Store
    from tests.tui_fixtures import wait_for
    from tui.app import HakemApp

    data = tmp_path / "data"
    [tid] = store_with(data, event())
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query_one("#tb-withdrawn", Select).display)
        select = app.screen.query_one("#tb-withdrawn", Select)
        assert select.value == "keep"
        select.value = "annul"
        await wait_for(pilot, lambda: Store(data).load(tid).tournament.options.get("withdrawn_points") == "annul")
        await pilot.press("f4")
        await wait_for(pilot, lambda: "do not count (FIDE, C.06 (2011) Art. 5.4)" in " ".join(
            str(s.render()) for s in app.screen.query("Static")))
    assert table(Store(data).load(tid).tournament)[:3] == [("A", 1, Fraction(7, 2)), ("C", 2, Fraction(5, 2)),
                                                          ("B", 3, Fraction(5, 2))]


@pytest.mark.usefixtures("quiet_tui")
async def test_a_swiss_has_no_such_choice(tmp_path) -> None:
    from textual.widgets import Select

    from tests.tui_fixtures import wait_for
    from tui.app import HakemApp

    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Open", system="dutch", total_rounds=5))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#tb-withdrawn"))
        await pilot.pause()
        assert not app.screen.query_one("#tb-withdrawn", Select).display


MARK_VALUE = {"1": Fraction(1), "+": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "−": Fraction(0)}


def test_the_crosstable_marks_what_does_not_count_so_its_rows_add_up() -> None:
    """FIDE's reading: the results against F (A lost to F in R1, D drew in R2, B, E, C won by
    forfeit in R3–R5) are printed in parentheses with a legend; the other cells of each ranked
    row add up to its points (A 3½, B 2½, C 2½, D 1½, E 0, as derived above).  Aktar's
    reading marks nothing.  F's name says F withdrew."""
    from core.reports.catalog import build
    from core.reports.view import View

    t = event().with_changes(options={**event().options, "withdrawn_points": "annul"})
    report = build(View(t), "crosstable")
    table = report.tables[0]
    keys = [c.key for c in table.columns]
    by_name = {row[keys.index("name")]: row for row in table.rows}
    cells = {name: [str(row[keys.index(f"p{q}")]) for q in range(1, 7)] for name, row in by_name.items()}
    assert [cells[n][5] for n in "ABCDE"] == ["(0)", "(+)", "(+)", "(½)", "(+)"]
    expected = {"A": Fraction(7, 2), "B": Fraction(5, 2), "C": Fraction(5, 2), "D": Fraction(3, 2), "E": 0}
    for name, points in expected.items():
        row = by_name[name]
        assert row[keys.index("points")].value == points
        assert sum(MARK_VALUE[c] for c in cells[name] if c in MARK_VALUE) == points, name
    assert any("Results in brackets do not count" in n for n in report.notes)
    assert "F (withdrawn)" in by_name

    keep = build(View(event()), "crosstable")
    assert not any("(" in str(c) for row in keep.tables[0].rows for c in row[2:8])
    assert not any("Results in brackets" in n for n in keep.notes)

"""A round robin takes no late entry once round 1 is paired (fresh-eyes review rev35a #16).

The table is drawn for a fixed field so that every player meets every other (Aktar p. 60,
"Ana Kurallar"; the Berger tables of FIDE C.05 Annex 1 exist per field size).  The Swiss
rule for late entries (C.04.2 Art. 2.4–2.5: slotted in by rating, paired from the next round)
made a Berger event of 8 take a ninth player after round 2; the table for 9 then paired
Dorn–Adler again (they met in round 2 of the table for 8: 8-5 is 8 Adler – 5 Dorn), gave a
free round in what had been an even field, and the newcomer missed rounds 1–2.

Expected values come from the Berger table for 7/8 players (C.05 Annex 1): round 1 is
1-8, 2-7, 3-6, 4-5 and round 2 is 8-5, 6-4, 7-3, 1-2; for 9/10 players round 3 is 2-10, 3-1,
4-9, 5-8, 6-7, so with a ninth player 5 meets 8 again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from core.cli import main
from core.model import Player
from core.store import Store
from tests.tui_fixtures import store_with, wait_for
from tui.app import HakemApp

FIELD = (("Adler, Paul", 2200), ("Baum, Ida", 2150), ("Clausen, Eva", 2100), ("Dorn, Max", 2050),
         ("Eck, Lena", 2000), ("Fink, Tom", 1950), ("Gast, Ina", 1900), ("Hahn, Ole", 1850))
REFUSED = "A round robin takes no late entries"


def run(capsys: pytest.CaptureFixture[str], data: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--data", str(data), *args])
    out, err = capsys.readouterr()
    return code, out, err


def event(capsys: pytest.CaptureFixture[str], data: Path, system: str = "berger", rounds: int = 0,
          language: str = "en") -> str:
    """A round robin of FIELD with ``rounds`` rounds paired and played (White wins)."""
    rounds_asked = () if system in ("berger", "double-berger", "rutsch") else ("--rounds", "5")
    code, out, _err = run(capsys, data, "--lang", language, "new", "Repro RR", "--system", system, *rounds_asked)
    assert code == 0
    tid = out.strip().splitlines()[-1]
    for name, rating in FIELD:
        assert run(capsys, data, "players", "add", tid, "--name", name, "--rating", str(rating))[0] == 0
    for number in range(1, rounds + 1):
        assert run(capsys, data, "round", "pair", tid)[0] == 0
        for board in range(1, 5):
            assert run(capsys, data, "result", tid, str(number), str(board), "1-0")[0] == 0
    return tid


@pytest.mark.parametrize("system", ["berger", "double-berger", "rutsch"])
def test_the_cli_refuses_a_late_entry_once_round_1_is_paired(tmp_path, capsys, system) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data, system, rounds=2)
    before = Store(data).load(tid).tournament
    code, out, err = run(capsys, data, "--lang", "en", "players", "add", tid, "--name", "Neu, Nina",
                         "--rating", "1700")
    assert code != 0 and out == "" and "Traceback" not in err
    assert REFUSED in err and "Aktar p. 60" in err and "FIDE C.05" in err and "C.04.2" not in err
    assert Store(data).load(tid).tournament == before


def test_an_import_is_refused_too(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data, rounds=1)
    sheet = tmp_path / "late.csv"
    sheet.write_text("name,rating\nNeu, Nina,1700\n".replace("Neu, Nina", '"Neu, Nina"'), encoding="utf-8")
    code, _out, err = run(capsys, data, "--lang", "en", "players", "import", tid, str(sheet))
    assert code != 0 and REFUSED in err
    assert len(Store(data).load(tid).tournament.players) == 8


def test_the_refusal_is_in_the_readers_language(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data, rounds=1)
    said = {}
    for language in ("de", "tr", "ru"):
        code, _out, err = run(capsys, data, "--lang", language, "players", "add", tid, "--name", "Neu, Nina")
        assert code != 0 and REFUSED not in err and "60" in err and "C.05" in err
        said[language] = err
    assert "Rundenturnier" in said["de"] and "Späteinsteiger" in said["de"]
    assert "Döner" in said["tr"] and "geç katılımcı" in said["tr"]
    assert "кругов" in said["ru"]


def test_a_swiss_still_takes_late_entries(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data, "dutch", rounds=1)
    code, out, _err = run(capsys, data, "players", "add", tid, "--name", "Neu, Nina", "--rating", "1700")
    assert code == 0 and out.strip() == "9"


def test_before_round_1_a_round_robin_takes_a_player(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data)
    assert run(capsys, data, "players", "add", tid, "--name", "Neu, Nina", "--rating", "1700")[0] == 0
    assert len(Store(data).load(tid).tournament.players) == 9


def late_joiner(data: Path, tid: str, joined: int) -> str:
    """The event as an older hakem stored it: a ninth player registered after round 2 (with
    ``joined`` as his first round), round 3 not paired; a new event in ``data / "old"``."""
    t = Store(data).load(tid).tournament
    nina = Player(9, "Neu, Nina", rating=1700, joined_round=joined)
    [old] = store_with(data / "old", replace(t, players=(*t.players, nina)))
    return old


def test_pairing_a_round_robin_with_a_late_entry_is_refused(tmp_path, capsys) -> None:
    data = tmp_path / "data"
    tid = event(capsys, data, rounds=2)
    old = late_joiner(data, tid, joined=3)
    before = Store(data / "old").load(old).tournament
    code, out, err = run(capsys, data / "old", "round", "pair", old)
    assert code != 0 and "9 Neu, Nina" in err and "nothing was paired" in err and "Traceback" not in err
    assert Store(data / "old").load(old).tournament == before


def test_a_repeat_game_is_never_paired(tmp_path, capsys) -> None:
    """Even when nothing marks the ninth player as late, the table for 9 would pair 5 Dorn
    against 8 Adler in round 3 (9/10 table: 5-8), who met in round 2 (8-5): refused."""
    data = tmp_path / "data"
    tid = event(capsys, data, rounds=2)
    played = {frozenset((b.white, b.black)) for r in Store(data).load(tid).tournament.rounds for b in r.boards}
    assert frozenset((5, 8)) in played
    old = late_joiner(data, tid, joined=1)
    before = Store(data / "old").load(old).tournament
    code, _out, err = run(capsys, data / "old", "round", "pair", old)
    assert code != 0 and "5–8" in err and "nothing was paired" in err
    assert Store(data / "old").load(old).tournament == before


@pytest.mark.usefixtures("quiet_tui")
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_f2_refuses_a_late_entry_in_a_round_robin(tmp_path, capsys, size) -> None:
    """F2 in a Berger event with round 2 played: the footer says the table is fixed (not the
    Swiss rule of slotting late entries in by rating), and a player typed is refused with
    the reason; no late-entry question about renumbering is asked."""
    from textual.widgets import Input, Static

    data = tmp_path / "data"
    tid = event(capsys, data, rounds=2)
    before = Store(data).load(tid).tournament
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#players-status"))
        footer = str(app.screen.query_one("#players-status", Static).render())
        assert "slotted in" not in footer and "round 4" not in footer
        assert "no late entries" in footer
        app.screen.query_one("#p-name", Input).focus()
        await pilot.pause()
        await pilot.press(*"Neu, Nina", "enter")
        await wait_for(pilot, lambda: any(REFUSED in str(n.message) for n in app._notifications))
        assert type(app.screen).__name__ == "TournamentScreen"  # no "Late entry" question
        app.screen.query_one("#players").focus()
        await pilot.press("n")  # "ask again how late entries are numbered": none are taken, it says why
        await wait_for(pilot, lambda: sum(REFUSED in str(n.message) for n in app._notifications) >= 2)
        assert not any("next late entry" in str(n.message) for n in app._notifications)
    assert Store(data).load(tid).tournament == before


def test_a_team_round_robin_never_pairs_a_repeat_match() -> None:
    """Four teams play the table for 3/4 (1-4, 2-3 · 4-3, 1-2 · 2-4, 3-1); a fifth team in
    the data (written before teams were refused after round 1) makes it the table for 5/6,
    whose round 4 is 6-5, 1-4, 2-3: both matches were played in round 1 — refused."""
    from core.errors import RoundError
    from core.model import Team
    from core.pairing.registry import get_system
    from tests.test_roundrobin_system import play, team_event

    t = team_event(4)
    berger = get_system("berger")
    for _ in range(3):
        t = play(t, berger.pair(t))
    t = t.with_changes(players=(*t.players, *(Player(i, f"P{i}") for i in range(17, 21))),
                       teams=(*t.teams, Team(5, "Team 5", (17, 18, 19, 20))))
    with pytest.raises(RoundError, match="teams that met in this cycle \\(1–4, 2–3\\)"):
        berger.pair(t)

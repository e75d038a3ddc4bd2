"""What a Go file lacks is said when it is written (review rev32b items 8, 9 and 14).

The EGD's h9 has ``DT[first day,last day]`` and ``PC[country,place]`` (the EGD's description of
tournament tables); OpenGotha's ``.tou`` writes ``;date=dd/mm/yyyy`` and its XML ``beginDate``
(its reader says "Invalid date" for an empty one).  OpenGotha's ``Player`` keeps the first
four characters of a club (``MAX_CLUB_LENGTH = 4``, ``club.substring(0, 4)``) and its h9 and
.tou writers write what it holds, so "Berlin Go Verein e.V." is ``Berl`` in OpenGotha's files.
"""

from __future__ import annotations

from tests.cli_run import run


def _event(capsys, *settings: str) -> str:
    tid = run(capsys, "new", "Cup", "--system", "mcmahon", "--rounds", 1, *settings)[0].strip().splitlines()[-1]
    run(capsys, "players", "add", tid, "--name", "Weber, Jan", "--go-rank", "3d", "--club", "Berlin Go Verein e.V.")
    run(capsys, "players", "add", tid, "--name", "Петрова, Ольга", "--go-rank", "5k", "--club", "Ber|l")
    run(capsys, "round", "pair", tid)
    run(capsys, "result", tid, 1, 1, "1-0")
    return tid


def test_missing_dates_and_place_are_said(cli_data, tmp_path, capsys):
    tid = _event(capsys)
    _out, err = run(capsys, "export", tid, "--egd", "-o", tmp_path / "cup.h9")
    lines = err.strip().splitlines()
    assert lines[0] == (f"hakem: warning: the event has no start date, no place: the file's DT[…] PC[…] stay empty; "
                        f"hakem settings {tid} --start YYYY-MM-DD --end YYYY-MM-DD --place CITY sets them")
    assert "names not in Latin letters" in lines[2] and "2 Петрова, Ольга" in lines[2]
    _out, err = run(capsys, "export", tid, "--opengotha", "-o", tmp_path / "cup.xml")
    assert "the file's beginDate stay empty" in err and "Latin" not in err
    _out, err = run(capsys, "go", "export", tid, "--egd", "-o", tmp_path / "cup2.h9")
    assert "DT[…] PC[…]" in err
    run(capsys, "settings", tid, "--start", "2026-12-05", "--place", "Berlin")
    _out, err = run(capsys, "export", tid, "--tou", "-o", tmp_path / "cup.tou")
    assert "start date" not in err


def test_clubs_are_their_first_four_characters_in_every_file(cli_data, tmp_path, capsys):
    tid = _event(capsys, "--start", "2026-12-05", "--place", "Berlin")
    _out, err = run(capsys, "export", tid, "--egd", "-o", tmp_path / "cup.h9")
    assert ("a club has 4 characters in OpenGotha and the EGD; these become their first 4: "
            "Berlin Go Verein e.V. → Berl; Ber|l → Ber|") in err
    h9 = [line for line in (tmp_path / "cup.h9").read_text(encoding="utf-8").splitlines() if not line.startswith(";")]
    assert [line[43:47] for line in h9] == ["Berl", "Ber_"]  # '|' marks the pin in h9
    run(capsys, "export", tid, "--tou", "-o", tmp_path / "cup.tou")
    tou = [line for line in (tmp_path / "cup.tou").read_text(encoding="utf-8").splitlines() if not line.startswith(";")]
    assert [line[42:46] for line in tou] == ["Berl", "Ber_"]

"""A consistent rollback (issue 30, the club machine's review, finding 4): a data file and its
journal both copied back from an older revision — for a tournament and for the club database.
The chain cannot tell (the older pair agrees with itself); the register of heads, written on
every commit beside them, can: doctor names it, even after changes were built on the older
state, and ``doctor --repair`` records the administrator's acceptance."""

from __future__ import annotations

import shutil

import pytest

from tests.cli_in_process import in_process, run  # noqa: F401  (in_process: a fixture)


pytestmark = pytest.mark.usefixtures("in_process")


def _keep(data, names, into):
    into.mkdir()
    for name in names:
        shutil.copy2(data / name, into / name)


def _put_back(kept, data, names):
    for name in names:
        shutil.copy2(kept / name, data / name)


def test_a_tournament_put_back_with_its_journal_is_named(tmp_path, capsys):
    data = tmp_path / "d"
    tid = run(capsys, data, "new", "Open", "--rounds", "3")[1].strip().splitlines()[-1]
    run(capsys, data, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800")
    files = [f"{tid}.hakem.json", f"{tid}.chain.jsonl"]
    _keep(data, files, tmp_path / "old")
    for name in ("Bo, Bora", "Ce, Cem"):
        assert run(capsys, data, "players", "add", tid, "--name", name)[0] == 0
    assert "ok:" in run(capsys, data, "doctor")[1]
    _put_back(tmp_path / "old", data, files)
    code, out, _err = run(capsys, data, "doctor")
    assert code == 1 and f"{tid}.hakem.json: hakem wrote revision 4 of it" in out, out
    assert "which its journal no longer holds (the journal ends at revision 2)" in out
    # a change built on the older state does not hide it
    assert run(capsys, data, "players", "add", tid, "--name", "De, Deniz")[0] == 0
    code, out, _err = run(capsys, data, "doctor")
    assert code == 1 and "hakem wrote revision 4 of it" in out
    code, out, _err = run(capsys, data, "doctor", "--repair")
    assert f"{tid}.hakem.json: the older state (revision 3) was accepted as the record" in out, out
    code, out, _err = run(capsys, data, "doctor")
    assert code == 0, out


def test_the_club_database_put_back_with_its_journal_is_named(tmp_path, capsys):
    data = tmp_path / "d"
    run(capsys, data, "members", "add", "--name", "Ak, Ali")
    files = ["club.json", "club.chain.jsonl"]
    _keep(data, files, tmp_path / "old")
    run(capsys, data, "members", "add", "--name", "Bo, Bora")
    _put_back(tmp_path / "old", data, files)
    code, out, _err = run(capsys, data, "doctor")
    assert code == 1 and "club.json: hakem wrote revision 2 of it" in out, out

"""A consistent rollback (issue 30, the club machine's review, finding 4): a data file and its
journal both copied back from an older revision — for a tournament and for the club database.
The chain cannot tell (the older pair agrees with itself); the register of heads, written on
every commit beside them, can: doctor names it, even after changes were built on the older
state, and ``doctor --repair`` records the administrator's acceptance.  Every commit asks the
register too: a change on top of the rolled-back state is refused (issue 30's leftovers), until
the newer copy is put back or the administrator accepts the older state."""

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
    # a change on top of the older state is refused, naming the revision hakem had reached
    code, _out, err = run(capsys, data, "players", "add", tid, "--name", "De, Deniz")
    assert code == 5 and f"{tid} (Open): hakem had saved it up to revision 4 (" in err, err
    assert "its data file and journal end at revision 2: both were put back from an older copy; nothing was changed (run hakem doctor)" in err
    assert err.count("\n") == 1
    assert "De, Deniz" not in run(capsys, data, "players", "list", tid)[1]
    code, out, _err = run(capsys, data, "doctor", "--repair")
    assert f"{tid}.hakem.json: the older state (revision 2) was accepted as the record" in out, out
    code, out, _err = run(capsys, data, "doctor")
    assert code == 0, out
    assert run(capsys, data, "players", "add", tid, "--name", "De, Deniz")[0] == 0


def test_putting_the_newer_copy_back_lets_changes_go_on(tmp_path, capsys):
    """The other way out that doctor names: restore the newer copy; nothing is accepted."""
    data = tmp_path / "d"
    tid = run(capsys, data, "new", "Open", "--rounds", "3")[1].strip().splitlines()[-1]
    files = [f"{tid}.hakem.json", f"{tid}.chain.jsonl"]
    _keep(data, files, tmp_path / "old")
    run(capsys, data, "players", "add", tid, "--name", "Ak, Ali")
    _keep(data, files, tmp_path / "new")
    _put_back(tmp_path / "old", data, files)
    assert run(capsys, data, "players", "add", tid, "--name", "Bo, Bora")[0] == 5
    _put_back(tmp_path / "new", data, files)
    assert run(capsys, data, "players", "add", tid, "--name", "Bo, Bora")[0] == 0
    assert "ok:" in run(capsys, data, "doctor")[1]


def test_an_id_used_again_after_its_files_went_starts_a_new_record(tmp_path, capsys):
    """A tournament whose files were removed by hand and whose id is given again starts a
    new history (its creation is revision 1): the old record does not refuse it."""
    from core.cli import main
    from core.model import Tournament
    from core.store import Store

    data = tmp_path / "d"
    store = Store(data)
    tid = store.create(Tournament(id="open-2026", name="Open", system="dutch", total_rounds=3))
    for _ in range(3):
        store.update(tid, "settings", lambda t: t.with_changes(total_rounds=t.total_rounds + 1))
    for name in (f"{tid}.hakem.json", f"{tid}.chain.jsonl"):
        (data / name).unlink()
    again = Store(data)
    assert again.create(Tournament(id="open-2026", name="Open", system="dutch", total_rounds=3)) == tid
    again.update(tid, "settings", lambda t: t.with_changes(total_rounds=5))
    assert main(["--data", str(data), "doctor"]) == 0


def test_the_club_database_put_back_with_its_journal_is_named(tmp_path, capsys):
    data = tmp_path / "d"
    run(capsys, data, "members", "add", "--name", "Ak, Ali")
    files = ["club.json", "club.chain.jsonl"]
    _keep(data, files, tmp_path / "old")
    run(capsys, data, "members", "add", "--name", "Bo, Bora")
    _put_back(tmp_path / "old", data, files)
    code, out, _err = run(capsys, data, "doctor")
    assert code == 1 and "club.json: hakem wrote revision 2 of it" in out, out
    code, _out, err = run(capsys, data, "members", "add", "--name", "Ce, Cem")
    assert code == 5 and "the club database: hakem had saved it up to revision 2" in err, err


def test_the_register_is_read_on_from_where_this_process_left_it(tmp_path):
    """What a commit asks (``heads.reached``): lines appended since are taken in, a line still
    being written waits for its end, a register replaced or cut is read again from its start,
    and the records that start afresh (``accepted``, revision 1) are honoured."""
    import json
    import os

    from core.store import heads
    from core.file_safety import SafeDir

    register = tmp_path / "heads.jsonl"

    def line(**item) -> str:
        return json.dumps(item, sort_keys=True, separators=(",", ":")) + "\n"

    register.write_text(line(file="a.hakem.json", rev=1, head="h1", time="t") +
                        line(file="b.hakem.json", rev=7, head="b7", time="t") +
                        line(file="a.hakem.json", rev=2, head="h2", time="t"))
    os.chmod(register, 0o600)
    folder = SafeDir.open(tmp_path)
    assert heads.reached(folder, "a.hakem.json")["head"] == "h2"
    assert heads.reached(folder, "b.hakem.json")["head"] == "b7"
    with register.open("a") as f:
        f.write(line(file="a.hakem.json", rev=3, head="h3", time="t") + '{"file":"a.hakem.json","head":"h4"')
    assert heads.reached(folder, "a.hakem.json")["head"] == "h3"  # the torn line is not read yet
    with register.open("a") as f:
        f.write(',"rev":4,"time":"t"}\n')
    assert heads.reached(folder, "a.hakem.json")["head"] == "h4"
    assert heads.further(heads.reached(folder, "a.hakem.json"), 2, "h2")
    assert not heads.further(heads.reached(folder, "a.hakem.json"), 4, "h4")
    assert heads.further(heads.reached(folder, "a.hakem.json"), 4, "other")  # same revision, another head
    register.write_text(line(file="a.hakem.json", rev=5, head="h5", time="t"))  # replaced, shorter
    assert heads.reached(folder, "a.hakem.json")["head"] == "h5"
    with register.open("a") as f:
        f.write(line(file="a.hakem.json", accepted=5, by="root"))
    assert heads.reached(folder, "a.hakem.json") is None
    with register.open("a") as f:
        f.write(line(file="a.hakem.json", rev=9, head="h9", time="t") + line(file="a.hakem.json", rev=1, head="new", time="t"))
    assert heads.reached(folder, "a.hakem.json")["head"] == "new"  # created again: a new history
    assert heads.reached(folder, "b.hakem.json") is None  # the register that had it was replaced
    register.unlink()
    assert heads.reached(folder, "a.hakem.json") is None

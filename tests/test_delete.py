"""``hakem delete`` (issue 30's leftovers): a tournament goes to the trash of its data directory
asked for with ``--yes``, kept 30 days, listed and restored with its journal whole; only its
chief arbiter may; ids and trash entries are names, never paths (in-process here; the roles
through the data service as real users: tests/test_service_delete_rollback.py)."""

from __future__ import annotations

import datetime as dt
import json
import os

import pytest

from core.model import Tournament
from core.store import Store
from tests.cli_in_process import in_process, run  # noqa: F401  (in_process: a fixture)

pytestmark = pytest.mark.usefixtures("in_process")


def _new(capsys, data, name: str = "Open") -> str:
    return run(capsys, data, "new", name, "--rounds", "3")[1].strip().splitlines()[-1]


def test_delete_asks_for_yes_keeps_it_in_the_trash_and_restores_it_whole(tmp_path, capsys):
    data = tmp_path / "d"
    tid = _new(capsys, data)
    run(capsys, data, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800")
    code, out, err = run(capsys, data, "delete", tid)
    assert code == 3 and out == "" and err.count("\n") == 1, (out, err)
    assert f"{tid} (Open): nothing was deleted; add --yes to delete it" in err
    assert tid in run(capsys, data, "list")[1]
    code, out, _err = run(capsys, data, "delete", tid, "--yes")
    assert code == 0 and f"{tid} (Open) deleted: kept in the trash as {tid}." in out, out
    assert tid not in run(capsys, data, "list", "--all")[1]
    assert not (data / f"{tid}.hakem.json").exists() and not (data / f"{tid}.chain.jsonl").exists()
    [entry] = json.loads(run(capsys, data, "delete", "--list", "--format", "json")[1])
    deleted = dt.datetime.fromisoformat(entry["deleted"])
    assert (entry["id"], entry["name"], entry["revision"]) == (tid, "Open", 3)  # create, add, delete
    assert abs((dt.datetime.now(dt.UTC) - deleted).total_seconds()) < 600
    assert entry["until"] == (deleted + dt.timedelta(days=30)).date().isoformat()  # 30 days, as said
    assert run(capsys, data, "doctor")[0] == 0  # the trash is hakem's own folder
    code, out, _err = run(capsys, data, "delete", "--restore", tid)
    assert code == 0 and f"{tid} restored from the trash" in out
    assert "Ak, Ali" in run(capsys, data, "players", "list", tid)[1]
    log = json.loads(run(capsys, data, "log", tid, "--format", "json")[1])
    assert [e["words"] for e in log][-2:] == ["delete (moved to the trash)", "restore from the trash"]
    assert run(capsys, data, "delete", "--list")[1].strip() == "The trash is empty."
    code, out, _err = run(capsys, data, "doctor")
    assert code == 0, out
    assert run(capsys, data, "players", "add", tid, "--name", "Bo, Bora")[0] == 0


def test_ids_and_entries_are_names_never_paths(tmp_path, capsys):
    data = tmp_path / "d"
    mine = _new(capsys, data, "Mine")
    other = tmp_path / "other"
    other.mkdir()
    theirs = _new(capsys, other, "Theirs")
    for trick in ("../other/" + theirs, f"{mine}/..", "/etc/passwd", "..", f"../{mine}"):
        code, _out, err = run(capsys, data, "delete", trick, "--yes")
        assert code == 3 and "is not a valid tournament id" in err, (trick, err)
    os.symlink(data / f"{mine}.hakem.json", data / "planted.hakem.json")
    code, _out, err = run(capsys, data, "delete", "planted", "--yes")
    assert code != 0 and "symbolic link" in err, err
    assert os.path.islink(data / "planted.hakem.json") and (data / f"{mine}.hakem.json").is_file()
    (data / "planted.hakem.json").unlink()
    assert run(capsys, data, "delete", mine, "--yes")[0] == 0
    entry = json.loads(run(capsys, data, "delete", "--list", "--format", "json")[1])[0]["entry"]
    os.symlink(other, data / "trash" / f"{theirs}.20261201T000000Z")  # a link where an entry would be
    listed = json.loads(run(capsys, data, "delete", "--list", "--format", "json")[1])
    assert [e["entry"] for e in listed] == [entry]
    for trick in (theirs, f"{theirs}.20261201T000000Z", f"../trash/{entry}", "../../etc"):
        code, _out, err = run(capsys, data, "delete", "--restore", trick)
        assert code == 3 and "is not in the trash" in err, (trick, err)
    assert (other / f"{theirs}.hakem.json").is_file()
    assert run(capsys, data, "delete", "--restore", entry)[0] == 0


def test_only_the_chief_arbiter_deletes_and_restores(tmp_path, capsys):
    import pwd

    me = pwd.getpwuid(os.getuid()).pw_name
    data = tmp_path / "d"
    store = Store(data)
    roles = {"chief-arbiter": ["user:nobody-else"], "arbiter": [f"user:{me}"]}
    tid = store.create(Tournament(id="", name="Theirs", system="dutch", total_rounds=3, options={"roles": roles}))
    code, _out, err = run(capsys, data, "delete", tid, "--yes")
    assert code == 3 and "your role in 'Theirs' is arbiter: deleting the tournament is not allowed" in err, err
    assert tid in run(capsys, data, "list")[1]


def test_an_entry_older_than_thirty_days_goes_with_the_next_deletion(tmp_path, capsys):
    data = tmp_path / "d"
    old, recent, now = _new(capsys, data, "Old"), _new(capsys, data, "Recent"), _new(capsys, data, "Now")
    run(capsys, data, "delete", old, "--yes")
    run(capsys, data, "delete", recent, "--yes")
    trash = data / "trash"
    today = dt.datetime.now(dt.UTC)
    for tid, days in ((old, 31), (recent, 29)):
        [entry] = [p for p in trash.iterdir() if p.name.startswith(tid + ".")]
        entry.rename(trash / f"{tid}.{(today - dt.timedelta(days=days)).strftime('%Y%m%dT%H%M%SZ')}")
    run(capsys, data, "delete", now, "--yes")
    left = sorted(e["id"] for e in json.loads(run(capsys, data, "delete", "--list", "--format", "json")[1]))
    assert left == sorted([recent, now])


def test_an_id_given_again_after_a_deletion_and_restoring_over_it(tmp_path):
    data = tmp_path / "d"
    store = Store(data)
    tid = store.create(Tournament(id="open-2026", name="Open", system="dutch", total_rounds=3))
    for _ in range(3):
        store.update(tid, "settings", lambda t: t.with_changes(total_rounds=t.total_rounds + 1))
    entry = store.delete(tid)
    assert store.create(Tournament(id="open-2026", name="Open again", system="dutch", total_rounds=3)) == tid
    store.update(tid, "settings", lambda t: t.with_changes(total_rounds=5))  # a new record, not a rollback
    from core.errors import TournamentError

    with pytest.raises(TournamentError, match="a tournament 'open-2026' exists again; nothing was restored"):
        store.restore(entry)
    assert store.load(tid).tournament.name == "Open again"
    assert [e.entry for e in store.trash()] == [entry]


def test_a_deleted_tournament_counts_against_its_creator_until_it_is_removed(tmp_path, capsys):
    from core.service.quota import Limits, Quota

    data = tmp_path / "d"
    tid = _new(capsys, data)
    store = Store(data)
    quota = Quota(store, Limits())
    count, size = quota.usage(os.getuid())
    assert count == 1 and size > 0
    store.delete(tid)
    count_after, size_after = quota.usage(os.getuid())
    assert count_after == 0 and size_after > size  # the same files, and the deletion's journal line


def test_a_deletion_killed_after_the_data_file_moved_is_named_and_finished_by_the_repair(tmp_path, capsys):
    """The data file moves first; a kill before the journal followed leaves the journal in the
    directory.  Doctor names the deletion (not a tournament without its data file to rebuild),
    its repair moves the rest into the entry, and the event restores whole."""
    data = tmp_path / "d"
    tid = _new(capsys, data)
    run(capsys, data, "players", "add", tid, "--name", "Ak, Ali")
    run(capsys, data, "delete", tid, "--yes")
    [entry] = (data / "trash").iterdir()
    os.rename(entry / f"{tid}.chain.jsonl", data / f"{tid}.chain.jsonl")  # as the kill left it
    code, out, _err = run(capsys, data, "doctor")
    assert code == 1 and f"{tid}: its deletion was interrupted: the data file is in the trash ({entry.name})" in out, out
    code, out, _err = run(capsys, data, "doctor", "--repair")
    assert f"{tid}: the interrupted deletion was finished" in out, out
    assert not (data / f"{tid}.chain.jsonl").exists() and (entry / f"{tid}.chain.jsonl").is_file()
    assert run(capsys, data, "doctor")[0] == 0
    assert run(capsys, data, "delete", "--restore", tid)[0] == 0
    assert "Ak, Ali" in run(capsys, data, "players", "list", tid)[1]
    assert run(capsys, data, "doctor")[0] == 0

"""The club machine's review, finding 10: sentences that said the wrong thing (issue 30)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_in_process import in_process, run  # noqa: F401  (in_process: a fixture)


pytestmark = pytest.mark.usefixtures("in_process")


def test_a_change_too_big_to_keep_names_the_limit_not_the_services_path():
    from core.errors import TournamentError
    from core.store.storage import MAX_DATA_BYTES, refuse_unreadable

    with pytest.raises(TournamentError) as refused:
        refuse_unreadable(b" " * (MAX_DATA_BYTES + 1), b"{}", Path("/var/lib/hakem/big-1a2b.hakem.json"))
    said = str(refused.value)
    assert "/var/lib/hakem" not in said and f"more than the {MAX_DATA_BYTES // 2 ** 20} MiB hakem keeps in one file" in said
    assert "nothing was changed" in said


def test_the_repair_says_the_files_values_were_replaced_by_the_journals(tmp_path, capsys):
    """Before: "what the data file had and the journal does not was dropped: rating: 1800 in
    the journal, 2900 in the file" — it listed the journal's value as dropped."""
    data = tmp_path / "d"
    code, out, _err = run(capsys, data, "new", "Open", "--rounds", "3")
    tid = out.strip().splitlines()[-1]
    assert run(capsys, data, "players", "add", tid, "--name", "Ak, Ali", "--rating", "1800")[0] == 0
    path = data / f"{tid}.hakem.json"
    raw = json.loads(path.read_text())
    raw["tournament"]["1"]["players"][0]["rating"] = 2900
    path.write_text(json.dumps(raw))
    code, out, _err = run(capsys, data, "doctor", "--repair", tid)
    assert "where the data file differed, its values were replaced by the journal's: " in out, out
    assert "1800 in the journal, 2900 in the file" in out


def test_an_undated_list_is_said_undated_once(tmp_path, capsys):
    listed = tmp_path / "club.csv"
    listed.write_text('Name,Rating\n"Ak, Ali",1800\n')
    code, out, _err = run(capsys, tmp_path / "d", "lists", "import", str(listed), "--format", "csv",
                          "--map", "name=Name,standard=Rating")
    assert code == 0 and "1 players (csv, undated)." in out, out

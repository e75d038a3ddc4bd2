"""The lists' audit journal beside the tournaments: doctor must not take it for a tournament.

Found by a fresh-eyes admin of a service set-up: after the first ``lists import``, ``hakem
doctor`` reported ``lists: the file does not load: no tournament 'lists'`` for ever (exit 1),
and ``doctor --repair`` of a hand-edited tournament said it had failed ("nothing was changed",
exit 5) although it had repaired it — ``lists.journal.jsonl`` has the shape of a journal of the
earlier per-tournament layout (``<id>.journal.jsonl``).
"""

from __future__ import annotations

import contextlib
import io
import json

from core.cli import main
from core.model import Tournament
from core.store import Store


def _old_lists_journal(data) -> None:
    """The lists' journal as hakem wrote it before the club database (one JSON object a line);
    a directory keeps it until the club database's first change migrates it."""
    line = {"action": "import", "count": 3, "file": "club.csv", "list": "club", "sha256": "0" * 64,
            "time": "2026-12-01T10:00:00+00:00", "uid": 1000, "user": "bob"}
    (data / "lists.journal.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")


def _doctor(data, *args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--data", str(data), "doctor", *args])
    return code, out.getvalue() + err.getvalue()


def test_doctor_is_clean_beside_the_lists_journal(tmp_path):
    data = tmp_path / "data"
    store = Store(data)
    store.create(Tournament(id="", name="Club Rapid", total_rounds=5))
    _old_lists_journal(data)
    assert (data / "lists.journal.jsonl").is_file()
    code, text = _doctor(data)
    assert code == 0, text
    assert "lists" not in text


def test_repair_of_a_hand_edited_tournament_says_it_repaired_beside_the_lists_journal(tmp_path):
    data = tmp_path / "data"
    store = Store(data)
    tid = store.create(Tournament(id="", name="Club Rapid", total_rounds=5))
    _old_lists_journal(data)
    path = data / f"{tid}.hakem.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["tournament"]["1"]["name"] = "Edited by hand"  # TinyDB table layout: the one document
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, text = _doctor(data, "--repair")
    assert code == 0, text
    assert "lists" not in text
    assert Store(data).load(tid).tournament.name == "Club Rapid"

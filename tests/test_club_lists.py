"""The rating lists' metadata and journal in the club database (issue 30 item 1: "TinyDB
tables for list metadata; the lists journal is not hash-chained").

Expected values by hand: the list file's SHA-256 computed here from its bytes, the players it
holds counted in the file, the chain's links."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from core.app import Workspace
from core.club.members import Member
from core import identity

OLD = Path(__file__).parent / "data" / "lists-old-layout"
MAPPING = {"name": "Name", "first_name": "Vorname", "national_rating": "DWZ", "national_id": "ZPS"}


def _layout():  # type: ignore[no-untyped-def]
    from core.ratinglists.formats.csv_list import parse_mapping

    return parse_mapping(",".join(f"{k}={v}" for k, v in MAPPING.items()))


def chain(data: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (data / "club.chain.jsonl").read_bytes().splitlines()]


@pytest.fixture()
def old_dir(tmp_path: Path) -> Path:
    """A data directory written by the version before the club database: a list imported,
    its line in the unchained ``lists.journal.jsonl`` (tests/data/lists-old-layout)."""
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    shutil.copytree(OLD / "lists", data / "lists")
    shutil.copy(OLD / "lists.journal.jsonl", data / "lists.journal.jsonl")
    return data


def test_an_import_and_a_removal_are_chained_changes_of_the_lists_table(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "data")
    source = tmp_path / "club.csv"
    shutil.copy(OLD / "club.csv", source)
    sha = hashlib.sha256(source.read_bytes()).hexdigest()
    ws.import_rating_list(str(source), fmt="csv", name="club", date="2026-11", layout=_layout())
    db = json.loads((tmp_path / "data" / "club.json").read_text(encoding="utf-8"))
    [doc] = db["lists"].values()
    assert {k: doc[k] for k in ("name", "format", "date", "count", "file", "sha256", "imported_by")} == {
        "name": "club", "format": "csv", "date": "2026-11", "count": 2, "file": str(source), "sha256": sha,
        "imported_by": identity.current_user()}
    ws.remove_rating_list("club")
    entries = chain(tmp_path / "data")
    assert [e["action"] for e in entries] == ["import list club", "remove list club"]
    assert json.loads((tmp_path / "data" / "club.json").read_text(encoding="utf-8"))["lists"] == {}
    log = ws.rating_list_log()
    assert [(e["action"], e["list"], e["count"], e["sha256"]) for e in log] == [
        ("import", "club", 2, sha), ("remove", "club", 0, "")]
    assert log[0]["time"] == entries[0]["time"] and log[0]["user"] == identity.current_user()
    assert not (tmp_path / "data" / "lists.journal.jsonl").exists()


def test_an_old_layout_directory_opens_and_is_migrated_on_the_first_write(old_dir: Path) -> None:
    from core.store import doctor

    old_line = json.loads((OLD / "lists.journal.jsonl").read_text(encoding="utf-8"))
    ws = Workspace(old_dir)
    [info] = ws.rating_lists()  # from the index's header: the table has no document yet
    assert (info.name, info.count, info.date, info.problem) == ("club", 2, "2026-11", "")
    assert ws.rating_list_log() == [old_line]
    assert not (old_dir / "club.json").exists()
    ws.add_member(Member(0, "Bauer, Hans", national_id="C0327-1086"))
    assert [e["action"] for e in chain(old_dir)] == ["migrate the lists' journal and metadata", "add member Bauer, Hans"]
    assert not (old_dir / "lists.journal.jsonl").exists()
    assert ws.rating_list_log() == [old_line]  # now hashed into the chain
    assert doctor.check_club(ws.store).ok
    assert [(i.name, i.count) for i in ws.rating_lists()] == [("club", 2)]


def test_a_migration_killed_before_the_old_file_was_removed_is_not_repeated(old_dir: Path) -> None:
    raw = (old_dir / "lists.journal.jsonl").read_bytes()
    ws = Workspace(old_dir)
    ws.add_member(Member(0, "Bauer, Hans"))
    (old_dir / "lists.journal.jsonl").write_bytes(raw)  # as if killed between the commit and the removal
    assert len(ws.rating_list_log()) == 1
    ws.add_member(Member(0, "Kaya, Can"))
    assert [e["action"] for e in chain(old_dir)][1:] == ["add member Bauer, Hans", "add member Kaya, Can"]
    assert not (old_dir / "lists.journal.jsonl").exists()


def test_an_index_that_is_not_the_recorded_list_is_named(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "data")
    source = tmp_path / "club.csv"
    shutil.copy(OLD / "club.csv", source)
    ws.import_rating_list(str(source), fmt="csv", name="club", date="2026-11", layout=_layout())
    shutil.copy(OLD / "lists" / "club.idx", tmp_path / "data" / "lists" / "club.idx")  # same list, same header
    assert ws.rating_lists()[0].problem == ""
    bigger = tmp_path / "bigger.csv"
    bigger.write_text(source.read_text(encoding="utf-8") + "Yıldız;Ece;1700;C0327-1088\n", encoding="utf-8")
    from core.ratinglists.library import import_list

    import_list(tmp_path / "data", str(bigger), fmt="csv", name="club", date="2026-11", layout=_layout())  # not through hakem's use case
    assert ws.rating_lists()[0].problem == ("rating list 'club': the index is not the list the club database records "
                                            "(2 players, dated 2026-11); import the list again")


def test_a_list_is_not_replaced_when_its_record_would_be_refused(tmp_path: Path) -> None:
    from core.errors import StoreError

    ws = Workspace(tmp_path / "data")
    source = tmp_path / "club.csv"
    shutil.copy(OLD / "club.csv", source)
    ws.import_rating_list(str(source), fmt="csv", name="club", date="2026-11", layout=_layout())
    index = tmp_path / "data" / "lists" / "club.idx"
    before = index.read_bytes()
    db = tmp_path / "data" / "club.json"
    db.write_text(db.read_text(encoding="utf-8").replace('"count":2', '"count":3'), encoding="utf-8")
    bigger = tmp_path / "bigger.csv"
    bigger.write_text(source.read_text(encoding="utf-8") + "Yıldız;Ece;1700;C0327-1088\n", encoding="utf-8")
    with pytest.raises(StoreError, match="changed outside hakem"):
        ws.import_rating_list(str(bigger), fmt="csv", name="club", date="2026-12", layout=_layout())
    assert index.read_bytes() == before
    with pytest.raises(StoreError, match="changed outside hakem"):
        ws.remove_rating_list("club")
    assert index.read_bytes() == before
    db.write_text("{", encoding="utf-8")
    assert [i.name for i in ws.rating_lists()] == ["club"]  # a damaged club database hides no list

"""The club database and its register of members (issue 30 item 6, issue 36 item 1).

Expected values are written out by hand: the documents TinyDB's table holds, the chain's
links (each ``prev`` the SHA-256 of the line before, ``state`` the SHA-256 of the canonical
tables), what doctor names when a file or a line was changed.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from core.app import Workspace
from core.club.members import Member, Rating
from core.errors import StoreError, TournamentError
from core import identity


def _canonical(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def chain(data: Path) -> list[bytes]:
    return (data / "club.chain.jsonl").read_bytes().splitlines()


def snapshot(data: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(data.iterdir()) if p.is_file()}


@pytest.fixture()
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "data")


def test_members_are_documents_of_a_tinydb_table_and_every_change_is_chained(ws: Workspace) -> None:
    data = Path(ws.data_dir)
    can = ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", federation="TUR",
                               ratings={"standard": Rating(2105, "2026-12", "fide")}, email="can@example.org"))
    ayse = ws.add_member(Member(0, "Öztürk, Ayşe", club="Kadıköy SK", birth_year=2001))
    ws.edit_member(can.id, {"club": "Beşiktaş JK", "ratings": {"rapid": Rating(2050, "2026-11", "fide")}})
    assert (can.id, ayse.id) == (1, 2)
    members = {
        "1": {"name": "Kaya, Can", "fide_id": "34600001", "federation": "TUR", "club": "Beşiktaş JK",
              "ratings": {"rapid": {"value": 2050, "date": "2026-11", "list": "fide"},
                          "standard": {"value": 2105, "date": "2026-12", "list": "fide"}},
              "contact": {"email": "can@example.org"}},
        "2": {"name": "Öztürk, Ayşe", "club": "Kadıköy SK", "birth_year": 2001},
    }
    stored = json.loads((data / "club.json").read_text(encoding="utf-8"))
    assert stored["members"] == members
    lines = chain(data)
    entries = [json.loads(line) for line in lines]
    assert [e["rev"] for e in entries] == [1, 2, 3]
    assert entries[0]["prev"] is None
    assert [e["prev"] for e in entries[1:]] == [hashlib.sha256(line).hexdigest() for line in lines[:2]]
    assert entries[2]["state"] == hashlib.sha256(_canonical({"members": members})).hexdigest()
    assert stored["meta"]["1"]["head"] == hashlib.sha256(lines[2]).hexdigest()
    assert stored["meta"]["1"]["revision"] == 3
    assert entries[1]["action"] == "add member Öztürk, Ayşe"
    assert entries[2]["ops"] == [
        {"p": ["members", "1", "club"], "o": {"$missing": True}, "n": "Beşiktaş JK"},
        {"p": ["members", "1", "ratings", "rapid"], "o": {"$missing": True},
         "n": {"value": 2050, "date": "2026-11", "list": "fide"}}]
    assert [m.name for m in ws.members()] == ["Kaya, Can", "Öztürk, Ayşe"]
    assert ws.member(1).rating("standard") == 2105


def test_one_id_one_member_and_bad_fields_change_nothing(ws: Workspace) -> None:
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", national_id="C0327-1086"))
    before = snapshot(Path(ws.data_dir))
    with pytest.raises(TournamentError, match="34600001 is already member 1's"):
        ws.add_member(Member(0, "Kaya, Cem", fide_id="34600001"))
    with pytest.raises(TournamentError, match="c0327-1086 is already member 1's"):
        ws.add_member(Member(0, "Kaya, Cem", national_id="c0327-1086"))  # compared in capitals
    with pytest.raises(TournamentError, match="rating 5000 must be a whole number from 0 to 4000"):
        ws.add_member(Member(0, "Kaya, Cem", ratings={"blitz": Rating(5000)}))
    with pytest.raises(TournamentError, match="is a control or invisible character"):
        ws.add_member(Member(0, "Kaya\u200bCem"))
    with pytest.raises(TournamentError, match="no member 9"):
        ws.edit_member(9, {"club": "X"})
    assert snapshot(Path(ws.data_dir)) == before


def test_a_go_member_keeps_a_negative_gor_and_a_country(ws: Workspace) -> None:
    m = ws.add_member(Member(0, "Weiss, Anna", egd_pin="12345678", federation="DE", go_rank="25k",
                             ratings={"go": Rating(-450, "2026-12-01", "egd")}))
    assert (m.federation, m.rating("go")) == ("GER", -450)  # the EGD's DE is FIDE's GER


def test_doctor_names_a_changed_file_and_a_changed_line_and_writes_are_refused(ws: Workspace) -> None:
    from core.store import doctor

    data = Path(ws.data_dir)
    ws.add_member(Member(0, "Kaya, Can"))
    ws.add_member(Member(0, "Ak, Ali"))
    assert doctor.check_club(ws.store).ok
    db = data / "club.json"
    db.write_text(db.read_text(encoding="utf-8").replace("Ak, Ali", "Ak, Alp"), encoding="utf-8")
    [problem] = doctor.check_club(ws.store).problems
    assert str(problem) == ('the club database is not what its journal records: '
                            'members/2/name: "Ak, Ali" in the journal, "Ak, Alp" in the file')
    before = snapshot(data)
    with pytest.raises(StoreError, match="changed outside hakem"):
        ws.add_member(Member(0, "Yıldız, Ece"))
    assert snapshot(data) == before
    db.write_text(db.read_text(encoding="utf-8").replace("Ak, Alp", "Ak, Ali"), encoding="utf-8")
    journal = data / "club.chain.jsonl"
    journal.write_bytes(journal.read_bytes().replace(b"Kaya, Can", b"Kaya, Cem", 1))
    assert [str(p) for p in doctor.check_club(ws.store).problems] == [
        "the club database's journal: entries missing or changed between revisions 1 and 2"]
    with pytest.raises(StoreError, match="does not verify"):
        ws.add_member(Member(0, "Yıldız, Ece"))
    assert [(e["rev"], e["action"], e["altered"]) for e in ws.club_log()] == [
        (1, "add member Kaya, Cem", True), (2, "add member Ak, Ali", False)]


def test_doctor_names_an_older_copy_of_the_club_database(ws: Workspace) -> None:
    from core.store import doctor

    data = Path(ws.data_dir)
    ws.add_member(Member(0, "Kaya, Can"))
    shutil.copy(data / "club.json", data / "old.copy")
    ws.add_member(Member(0, "Ak, Ali"))
    ws.add_member(Member(0, "Yıldız, Ece"))
    (data / "old.copy").replace(data / "club.json")
    problems = [str(p) for p in doctor.check_club(ws.store).problems]
    assert problems == ["the club database is at revision 1, but its journal goes on with 2 changes to revision 3 "
                        "(" + identity.current_user() + ": add member Yıldız, Ece): an older copy of the file "
                        "was put in its place"]
    with pytest.raises(StoreError, match="older copy"):
        ws.add_member(Member(0, "Demir, Efe"))


def test_no_tournament_is_given_the_club_databases_journal(ws: Workspace) -> None:
    from core.model import Tournament

    ws.add_member(Member(0, "Kaya, Can"))
    tid = ws.store.create(Tournament(id="club", name="Club", system="dutch", total_rounds=5))
    assert tid != "club"
    assert len(chain(Path(ws.data_dir))) == 1


def test_who_is_not_a_list_manager_reads_without_contact_data_and_cannot_edit(tmp_path: Path) -> None:
    """In the service the list managers are the service's configuration; here as there, the
    acting user (the service's SO_PEERCRED uid) decides."""
    ws = Workspace(tmp_path / "data", list_managers=("user:hk-register-nobody-here",))
    ws.add_member(Member(0, "Kaya, Can", email="can@example.org", phone="+90 555 0000"))
    with identity.acting_as(54321):
        assert not ws.may_edit_register()
        [seen] = ws.members()
        assert (seen.email, seen.phone, seen.contact_hidden) == ("", "", True)
        assert ws.member(1).email == ""
        with pytest.raises(TournamentError, match="only the club's list managers may change the register"):
            ws.edit_member(1, {"club": "X"})
        with pytest.raises(TournamentError, match="only the club's list managers"):
            ws.add_member(Member(0, "Ak, Ali"))
    assert ws.member(1).email == "can@example.org"


def test_the_cli_says_one_line_and_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from core.cli import main

    data = str(tmp_path / "data")
    assert main(["--data", data, "members", "add", "--name", "Kaya, Can", "--fide-id", "34600001",
                 "--rating", "standard=2105@2026-12", "--email", "can@example.org"]) == 0
    assert capsys.readouterr().out == "Member 1: Kaya, Can\n"
    for argv, message in (
            (["members", "add", "--name", "Kaya, Cem", "--fide-id", "34600001"], "34600001 is already member 1's (Kaya, Can)"),
            (["members", "add", "--fide-id", "1"], "members add: --name is required"),
            (["members", "add", "--name", "X", "--rating", "classic=2000"], "--rating 'classic=2000': write KIND=RATING[@DATE]"),
            (["members", "show", "7"], "no member 7 in the club's register"),
            (["members", "edit", "1"], "members edit: name at least one field to change"),
            (["members", "remove", "7"], "no member 7 in the club's register")):
        assert main(["--data", data, *argv]) == 3, argv
        captured = capsys.readouterr()
        assert captured.err.count("\n") == 1 and message in captured.err, (argv, captured.err)
    assert main(["--data", data, "members", "show", "1"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Member:          1", "Name:            Kaya, Can", "FIDE id:         34600001",
        "Rating (standard): 2105 (2026-12)", "E-mail:          can@example.org", "", "No events in this data directory."]
    assert main(["--data", data, "doctor"]) == 0
    assert "ok: club.json" in capsys.readouterr().out
    assert main(["--data", data, "members", "log"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert line.split()[0] == "1" and line.endswith(" add member Kaya, Can") and f" {identity.current_user()} " in line


def test_type_ahead_folds_names_takes_any_word_order_and_ids(ws: Workspace) -> None:
    for name, fide, national in (("Öztürk, Ayşe", "34600002", ""), ("Kaya, Can", "34600001", "C0327-1086"),
                                 ("Kayacan, Deniz", "", ""), ("Demir, Can", "", "")):
        ws.add_member(Member(0, name, fide_id=fide, national_id=national))

    def found(text: str) -> list[str]:
        return [m.name for m in ws.search_members(text)]

    assert found("ozt") == ["Öztürk, Ayşe"]  # ö folds to o, as in the lists' search
    assert found("kaya") == ["Kaya, Can", "Kayacan, Deniz"]
    assert found("can kaya") == ["Kaya, Can"]  # every word begins a word of the name
    assert found("can") == ["Demir, Can", "Kaya, Can"]  # any word of the name (a first name alone)
    assert found("346") == ["Kaya, Can", "Öztürk, Ayşe"]
    assert found("c0327-10") == ["Kaya, Can"]
    assert found("") == []


@pytest.mark.parametrize("what", ["the first change", "a later change"])
def test_a_full_disk_at_every_byte_of_a_change_keeps_every_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 what: str) -> None:
    """ENOSPC at every offset of the chain line and the file of one change of the register
    (the tournaments' write path, :meth:`DataFile.journaled`): "nothing was changed", every
    file byte for byte as before, doctor finds nothing; the same change then succeeds."""
    from tests.test_store_faults import _Disk

    from core import file_safety as files
    from core.store import doctor

    ws = Workspace(tmp_path / "data")
    if what == "a later change":
        ws.add_member(Member(0, "Kaya, Can", fide_id="34600001"))
    data = Path(ws.data_dir)
    before = snapshot(data)
    for free in range(4096):
        disk = _Disk(free)
        monkeypatch.setattr(files.os, "write", disk.write)
        try:
            ws.add_member(Member(0, "Öztürk, Ayşe", club="Kadıköy SK", email="ayse@example.org"))
        except StoreError as error:
            monkeypatch.setattr(files.os, "write", disk.real)
            assert "nothing was changed" in str(error)
            assert snapshot(data) == before, f"changed with {free} bytes free"
            assert doctor.check_club(ws.store).ok
            continue
        monkeypatch.setattr(files.os, "write", disk.real)
        break
    else:
        pytest.fail("the change never succeeded")
    assert free > 0 and [m.name for m in ws.members()][-1] == "Öztürk, Ayşe"
    assert doctor.check_club(ws.store).ok

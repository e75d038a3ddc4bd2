"""The register and the events (issue 36 items 1–2): registering a member, importing members
from a CSV or an event, a newer list updating the register, a member's history.

Expected values come from the inputs written here and hand derivations in the comments
(FIDE C.07 Art. 10.2 TPR with table 8.1a; the event's own points)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from core.app import Workspace
from core.club.members import Member, Rating
from core.cli import main
from core.errors import TournamentError
from core.model import GameResult, Tournament

LIST_MAP = "fide_id=ID,name=Name,standard=Std,rapid=Rpd"


def run(capsys: pytest.CaptureFixture[str], data: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--data", str(data), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def fide_list(path: Path, rows: list[tuple[str, str, int, int]]) -> Path:
    path.write_text("ID;Name;Std;Rpd\n" + "".join(f"{i};{n};{s};{r}\n" for i, n, s, r in rows), encoding="utf-8")
    return path


def test_a_member_is_registered_with_one_command_and_linked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", federation="TUR", title="FM", club="Kadıköy SK",
                         birth_year=1990, ratings={"standard": Rating(2105, "2026-11", "fide")}))
    ws.add_member(Member(0, "Öztürk, Ayşe", ratings={"standard": Rating(1850), "rapid": Rating(1790)}))
    tid = ws.create(Tournament(id="", name="Rapid", system="dutch", total_rounds=5, time_control="15+10"))
    code, out = run(capsys, data, "players", "add", tid, "--member", "1")[:2]
    assert (code, out.splitlines()[-1]) == (0, "1")  # the number last, for scripts; a line saying who before
    code, out = run(capsys, data, "players", "add", tid, "--member", "2")[:2]
    assert (code, out.splitlines()[-1]) == (0, "2")
    t = ws.open(tid).snapshot().tournament
    can, ayse = t.players
    # a rapid event: Ayşe's rapid 1790; Can has no rapid rating, so his standard 2105 (the default order)
    assert (can.name, can.rating, can.title, can.federation, can.fide_id, can.club, can.birth, can.member) == (
        "Kaya, Can", 2105, "FM", "TUR", "34600001", "Kadıköy SK", "1990", 1)
    assert (ayse.rating, ayse.member) == (1790, 2)
    code, out, err = run(capsys, data, "players", "add", tid, "--member", "1")
    assert (code, out, err) == (3, "", "hakem: member 1 (Kaya, Can) is already registered: number 1\n")
    code, _out, err = run(capsys, data, "players", "add", tid, "--member", "9")
    assert (code, err) == (3, "hakem: no member 9 in the club's register\n")
    assert len(ws.open(tid).snapshot().tournament.players) == 2


def test_a_player_holding_the_members_fide_id_is_refused(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "data")
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001"))
    tid = ws.create(Tournament(id="", name="Open", system="dutch", total_rounds=5))
    desk = ws.open(tid)
    desk.add_player("Kaya, C.", rating=2100, fide_id="34600001")
    with pytest.raises(TournamentError, match="FIDE id 34600001 is already registered: number 1"):
        desk.register_member(1)


def test_a_clubs_csv_is_imported_all_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    good = tmp_path / "members.csv"
    good.write_text("Name;Vorname;Elo;FIDE ID;Verein;Geburtsjahr;E-Mail;Telefon\n"
                    "Kaya;Can;2105;34600001;Kadıköy SK;1990;can@example.org;+90 555 0101\n"
                    "Demir;Efe;;;Kadıköy SK;12.05.2010;;\n", encoding="utf-8")
    assert run(capsys, data, "members", "import", str(good), "--rating-date", "2026-11")[:2] == (
        0, "2 member(s) added, 0 already in the register\n")
    ws = Workspace(data)
    can, efe = ws.member(1), ws.member(2)
    assert (can.name, can.fide_id, can.club, can.birth_year, can.email, can.phone) == (
        "Kaya, Can", "34600001", "Kadıköy SK", 1990, "can@example.org", "+90 555 0101")
    assert can.ratings == {"standard": Rating(2105, "2026-11", "")}
    assert (efe.birth_year, efe.ratings) == (2010, {})
    bad = tmp_path / "bad.csv"
    bad.write_text("Name;FIDE ID;Geburtsjahr\nYıldız, Ece;34600003;1999\nAk, Ali;34600004;spring\n", encoding="utf-8")
    before = (data / "club.json").read_bytes()
    code, _out, err = run(capsys, data, "members", "import", str(bad))
    assert (code, err) == (3, "hakem: line 3: birth 'spring' is not a year; nothing was imported\n")
    again = tmp_path / "again.csv"
    again.write_text("Name;FIDE ID\nKaya, Can;34600001\nYıldız, Ece;34600003\n", encoding="utf-8")
    assert (data / "club.json").read_bytes() == before
    code, out, _err = run(capsys, data, "members", "import", str(again))
    assert (code, out) == (0, "1 member(s) added, 1 already in the register\n  Kaya, Can: member 1 (Kaya, Can)\n")


def test_a_newer_list_updates_the_register_and_says_what_changed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", ratings={"standard": Rating(2105, "2026-11", "fide")}))
    ws.add_member(Member(0, "Öztürk, Ayşe", fide_id="34600002", ratings={"standard": Rating(1850, "2027-01", "fide")}))
    ws.add_member(Member(0, "Demir, Efe", fide_id="34600009"))
    ws.add_member(Member(0, "Ak, Ali"))  # no id: not looked up
    source = fide_list(tmp_path / "fide.csv", [("34600001", "Kaya, Can", 2120, 2050), ("34600002", "Öztürk, Ayşe", 1870, 0)])
    assert run(capsys, data, "lists", "import", str(source), "--name", "fide", "--format", "csv", "--map", LIST_MAP,
               "--date", "2026-12")[0] == 0
    before = (data / "club.json").read_bytes()
    code, out, _err = run(capsys, data, "members", "update", "--dry-run")
    # Can: standard 2105 → 2120 and a new rapid 2050 from the December list; Ayşe's standard
    # is from a January list (newer): kept; Efe is not in the list; Ali has no id
    assert (code, out.splitlines()) == (0, [
        "Would change, from list fide (2026-12):", "    1  Kaya, Can: standard 2105 → 2120, rapid none → 2050",
        "Kept, newer than the list (1):", "    2  Öztürk, Ayşe: standard 1850 (2027-01, fide)",
        "Not in the list (1):", "    3  Demir, Efe (34600009)"])
    assert (data / "club.json").read_bytes() == before
    code, out, _err = run(capsys, data, "members", "update")
    assert out.splitlines()[:2] == ["Changed, from list fide (2026-12):", "    1  Kaya, Can: standard 2105 → 2120, rapid none → 2050"]
    assert Workspace(data).member(1).ratings == {"standard": Rating(2120, "2026-12", "fide"), "rapid": Rating(2050, "2026-12", "fide")}
    assert Workspace(data).member(2).ratings == {"standard": Rating(1850, "2027-01", "fide")}
    assert run(capsys, data, "members", "update")[1].splitlines()[1] == "  nobody"


def test_members_from_an_events_players_are_added_and_linked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001"))
    tid = ws.create(Tournament(id="", name="Open", system="dutch", total_rounds=5))
    desk = ws.open(tid)
    desk.add_player("Kaya, Can", rating=2105, fide_id="34600001")
    desk.add_player("Yıldız, Ece", rating=1700, club="Moda SK", birth="2004")
    code, out, _err = run(capsys, data, "members", "import", "--event", tid)
    assert (code, out.splitlines()) == (0, ["1 member(s) added, 1 already in the register",
                                            "  Kaya, Can: member 1 (Kaya, Can)", f"2 player(s) of {tid} linked to their members"])
    ece = ws.member(2)
    assert (ece.name, ece.club, ece.birth_year, ece.ratings) == ("Yıldız, Ece", "Moda SK", 2004, {"standard": Rating(1700)})
    assert [(p.name, p.member) for p in ws.open(tid).snapshot().tournament.players] == [("Kaya, Can", 1), ("Yıldız, Ece", 2)]


def test_a_members_history_across_chess_and_go(tmp_path: Path) -> None:
    data = tmp_path / "data"
    ws = Workspace(data)
    can = ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", egd_pin="12345678",
                               ratings={"standard": Rating(2200)}))
    chess = ws.create(Tournament(id="", name="Autumn Open", system="dutch", total_rounds=2, start_date="2026-10-03"))
    desk = ws.open(chess)
    desk.register_member(can.id)
    desk.add_player("Ak, Ali", rating=2000)
    desk.add_player("Demir, Efe", rating=1800)
    desk.add_player("Yıldız, Ece", rating=1600)
    desk.pair_next_round()
    boards = desk.snapshot().tournament.rounds[0].boards
    assert sorted(sorted((b.white, b.black)) for b in boards) == [[1, 3], [2, 4]]  # Dutch: S1 {1, 2} against S2 {3, 4}
    for number, board in enumerate(boards, 1):  # Can (1) beats Efe (3); Ali (2) and Ece (4) draw
        won = GameResult.WHITE_WINS if board.white == 1 else GameResult.BLACK_WINS
        desk.enter_result(1, number, won if 1 in (board.white, board.black) else GameResult.DRAW)
    go = ws.create(Tournament(id="", name="Go Evening", system="mcmahon", total_rounds=3, start_date="2026-11-14"))
    ws.open(go).add_player("Kaya, Can", rating=0, extra={"egd_pin": "12345678", "go_rank": "3k", "go_rating": 1800})
    ws.create(Tournament(id="", name="Blitz", system="dutch", total_rounds=5, start_date="2026-12-01"))
    m, played = ws.member_history(can.id)
    assert [(e.name, e.go, e.found_by) for e in played] == [("Go Evening", True, "egd_pin"), ("Autumn Open", False, "member")]
    autumn = played[1]
    # one win against Efe (1800): TPR = 1800 + dp(100 %) = 1800 + 800 (C.07 Art. 10.2, table 8.1a);
    # 1 point of 1 game, alone in first place (Ali and Ece ½, Efe 0)
    assert (autumn.score, autumn.games, autumn.performance, autumn.place, autumn.players) == (Fraction(1), 1, 2600, 1, 4)
    assert (played[0].score, played[0].games, played[0].performance) == (Fraction(0), 0, None)


def test_a_tournament_file_keeps_the_member_and_one_without_is_unchanged(tmp_path: Path) -> None:
    from core.model import Player
    from core.serialize import tournament_from_dict, tournament_to_dict

    t = Tournament(id="x", name="X", total_rounds=1, players=(Player(1, "A", member=7), Player(2, "B")))
    doc = tournament_to_dict(t)
    assert doc["players"][0]["member"] == 7 and "member" not in doc["players"][1]
    assert tournament_from_dict(json.loads(json.dumps(doc))) == t
    doc["players"][0]["member"] = "7"
    with pytest.raises(TypeError):
        tournament_from_dict(doc)


def test_a_file_holding_one_id_twice_adds_the_member_once(tmp_path: Path) -> None:
    ws = Workspace(tmp_path / "data")
    source = tmp_path / "members.csv"
    source.write_text("Name;FIDE ID\nKaya, Can;34600001\nÖztürk, Ayşe;34600002\nKaya, C.;34600001\n", encoding="utf-8")
    done = ws.import_members(str(source))
    assert [(m.id, m.name) for m in done.added] == [(1, "Kaya, Can"), (2, "Öztürk, Ayşe")]
    assert [(read.name, held.id, held.name) for read, held in done.known] == [("Kaya, C.", 1, "Kaya, Can")]
    assert [m.name for m in ws.members()] == ["Kaya, Can", "Öztürk, Ayşe"]


def test_an_undated_list_never_replaces_a_dated_rating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An undated list replaced the register's dated ratings, after which any older dated list
    was offered as an update.  Now an undated list replaces only undated ratings (naming what
    it keeps), and an older list never replaces a newer rating."""
    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", ratings={"standard": Rating(2105, "2026-11", "fide")}))
    ws.add_member(Member(0, "Öztürk, Ayşe", fide_id="34600002", ratings={"standard": Rating(1850)}))  # typed, undated
    rows = [("34600001", "Kaya, Can", 1990, 0), ("34600002", "Öztürk, Ayşe", 1870, 0)]
    undated = fide_list(tmp_path / "undated.csv", rows)
    assert run(capsys, data, "lists", "import", str(undated), "--name", "club", "--format", "csv",
               "--map", LIST_MAP)[0] == 0
    code, out, _err = run(capsys, data, "members", "update", "--list", "club")
    # Can's November rating stays (the list cannot say it is newer); Ayşe's undated one is taken
    assert (code, out.splitlines()) == (0, [
        "Changed, from list club (undated):", "    2  Öztürk, Ayşe: standard 1850 → 1870",
        "Kept, dated while the list is not (1):", "    1  Kaya, Can: standard 2105 (2026-11, fide)"])
    assert Workspace(data).member(1).ratings == {"standard": Rating(2105, "2026-11", "fide")}
    older = fide_list(tmp_path / "older.csv", rows)
    assert run(capsys, data, "lists", "import", str(older), "--name", "old", "--format", "csv",
               "--map", LIST_MAP, "--date", "2026-09")[0] == 0
    code, out, _err = run(capsys, data, "members", "update", "--list", "old", "--dry-run")
    assert out.splitlines()[:3] == ["Would change, from list old (2026-09):", "    2  Öztürk, Ayşe: date and source only",
                                    "Kept, newer than the list (1):"]

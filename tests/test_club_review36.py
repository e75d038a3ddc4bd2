"""What a fresh-eyes season found in the register, the series and Keizer (issue 36 review):
each test failed before its fix.  Expected values come from the inputs written here and the
derivations in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.app import Workspace
from core.cli import main


def run(capsys: pytest.CaptureFixture[str], data: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--data", str(data), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


MEMBERS = ("Name;Vorname;Elo;Verein;Geburtsjahr\n"
           "Kaya;Can;2105;Kadıköy SK;1990\n"
           "Demir;Efe;1500;Kadıköy SK;2010\n"
           "Şahin;Ayşe;1720;Kadıköy SK;1985\n")


def test_importing_the_member_list_again_adds_nobody_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, source = tmp_path / "data", tmp_path / "members.csv"
    source.write_text(MEMBERS, encoding="utf-8")
    assert run(capsys, data, "members", "import", str(source))[:2] == (0, "3 member(s) added, 0 already in the register\n")
    # the same file again: no FIDE id, but the same folded name, birth year and club is the same person
    code, out, _err = run(capsys, data, "members", "import", str(source))
    assert (code, out.splitlines()[0]) == (0, "0 member(s) added, 3 already in the register")
    # a list written without accents, the same line twice, one newer rating, a namesake born elsewhere
    again = tmp_path / "again.csv"
    again.write_text("Name;Vorname;Elo;Verein;Geburtsjahr\n"
                     "Sahin;Ayse;1720;Kadikoy SK;1985\n"
                     "Yıldız;Ece;1600;Kadıköy SK;1999\n"
                     "Yıldız;Ece;1600;Kadıköy SK;1999\n"
                     "Kaya;Can;2150;Kadıköy SK;1990\n"
                     "Demir;Efe;1400;Moda SK;1972\n", encoding="utf-8")
    code, out, _err = run(capsys, data, "members", "import", str(again), "--rating-date", "2027-01")
    assert code == 0
    assert out == ("1 member(s) added, 3 already in the register\n"
                   "  Sahin, Ayse: member 3 (Şahin, Ayşe), newer ratings taken\n"
                   "  Yıldız, Ece: member 4 (Yıldız, Ece)\n"
                   "  Kaya, Can: member 1 (Kaya, Can), newer ratings taken\n"
                   "1 not added: a member of that name differs (check; --as-new adds them):\n"
                   "  Demir, Efe (1972, Moda SK): member 2 (2010, Kadıköy SK)\n")
    ws = Workspace(data)
    assert [(m.id, m.name) for m in ws.members()] == [(2, "Demir, Efe"), (1, "Kaya, Can"), (3, "Şahin, Ayşe"),
                                                     (4, "Yıldız, Ece")]
    assert ws.member(1).rating("standard") == 2150  # dated 2027-01, the register's undated
    assert ws.member(3).ratings["standard"].date == "2027-01"  # the same 1720, now dated
    # the list manager decides: the other Efe Demir is a new member
    only = tmp_path / "efe.csv"
    only.write_text("Name;Vorname;Verein;Geburtsjahr\nDemir;Efe;Moda SK;1972\n", encoding="utf-8")
    assert run(capsys, data, "members", "import", str(only), "--as-new")[:2] == (
        0, "1 member(s) added, 0 already in the register\n")
    # the log says what was added, not how many lines were read
    # (the second import of members.csv changed nothing: no entry)
    assert [e["action"].replace(f"{tmp_path}/", "") for e in ws.club_log()] == [
        "import 3 members from members.csv", "import 1 members from again.csv", "import 1 members from efe.csv"]


def test_a_member_who_played_is_not_removed_without_force_and_comes_back_linked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from core.club.members import Member

    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001"))
    ws.add_member(Member(0, "Demir, Efe"))
    tid = run(capsys, data, "new", "Club night", "--system", "berger", "--rounds", "1")[1].strip()
    for number in ("1", "2"):
        assert run(capsys, data, "players", "add", tid, "--member", number)[0] == 0
    run(capsys, data, "round", "pair", tid)
    assert run(capsys, data, "result", tid, "1", "1", "1-0")[0] == 0  # board 1: Can (1) beats Efe (2)
    run(capsys, data, "series", "new", "GP")
    run(capsys, data, "series", "add", "GP", tid)
    before = (data / "club.json").read_bytes()
    code, out, err = run(capsys, data, "members", "remove", "1")
    assert (code, out) == (3, "")
    assert err == (f"hakem: member 1 (Kaya, Can) played 1 event ({tid}): their history and series results "
                   "would belong to nobody; remove with --force if that is meant\n")
    assert (data / "club.json").read_bytes() == before
    assert run(capsys, data, "members", "remove", "1", "--force")[:2] == (0, "Removed member 1: Kaya, Can\n")
    assert run(capsys, data, "members", "remove", "2", "--force")[0] == 0
    # Efe had no id: the series shows the event's name, no member number
    rows = __import__("json").loads(run(capsys, data, "series", "show", "GP", "--format", "json")[1])["tables"]
    cells = {r["name"]: (r["member"], r["fide_id"]) for r in rows[0]["rows"]}
    assert cells == {"Kaya, Can": ("", "34600001"), "Demir, Efe": ("", "")}
    # Can added again with his FIDE id: a new number (never a removed member's: 1 and 2 were), who
    # finds his event by the id
    assert ws.add_member(Member(0, "Kaya, Can", fide_id="34600001")).id == 3
    [played] = ws.member_history(3)[1]
    assert (played.tournament, played.found_by) == (tid, "fide_id")
    rows = __import__("json").loads(run(capsys, data, "series", "show", "GP", "--format", "json")[1])["tables"]
    assert {r["name"]: r["member"] for r in rows[0]["rows"]}["Kaya, Can"] == "3"
    # the import from the event links him (his stale number 1 is no link), Efe by hand
    assert run(capsys, data, "members", "import", "--event", tid)[1].splitlines()[-1] == \
        f"2 player(s) of {tid} linked to their members"
    t = ws.open(tid).snapshot().tournament
    assert {p.name: p.member for p in t.players} == {"Kaya, Can": 3, "Demir, Efe": 4}  # Efe, no id: added as 4
    efe = next(p.pno for p in t.players if p.name == "Demir, Efe")
    ws.add_member(Member(0, "Demir, Efe", club="Moda SK"), allow_duplicate=True)  # a namesake of another club
    # he is linked to member 4 already: moving him (his history with him) is said, not done
    assert run(capsys, data, "members", "link", tid, str(efe), "--member", "5") == (
        3, "", f"hakem: player {efe} (Demir, Efe) is linked to member 4 (Demir, Efe), not to member 5 (Demir, Efe): "
               "--force links the player to member 5\n")
    assert run(capsys, data, "members", "link", tid, str(efe), "--member", "5", "--force")[:2] == (
        0, f"Player {efe} of {tid} is member 5 (Demir, Efe)\n")
    assert ws.open(tid).snapshot().tournament.player(efe).member == 5


def test_a_link_by_hand_to_someone_else_is_refused_naming_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``members link`` moved any player to any member silently: another name (folded as a
    search folds it: "Celik, Ayse" is "Çelik, Ayşe") or another FIDE id is someone else."""
    from core.club.members import Member

    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Çelik, Ayşe"))
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001"))
    tid = run(capsys, data, "new", "Club night", "--system", "berger", "--rounds", "1")[1].strip()
    for name, fide in (("Celik, Ayse", ""), ("Kaya, Cem", ""), ("Kaya, Can", "34600002")):
        assert run(capsys, data, "players", "add", tid, "--name", name, "--fide-id", fide)[0] == 0
    snap = ws.open(tid).snapshot()
    pno = {p.name: p.pno for p in snap.tournament.players}
    code, out, err = run(capsys, data, "members", "link", tid, str(pno["Kaya, Cem"]), "--member", "1")
    assert (code, out, err) == (3, "", f"hakem: player {pno['Kaya, Cem']} (Kaya, Cem) does not look like member 1 "
                                       "(Çelik, Ayşe): their names or ids differ; --force links them all the same\n")
    # the same name, but another FIDE id: someone else too
    assert run(capsys, data, "members", "link", tid, str(pno["Kaya, Can"]), "--member", "2")[0] == 3
    assert ws.open(tid).snapshot().revision == snap.revision
    # the name without accents is the member's
    assert run(capsys, data, "members", "link", tid, str(pno["Celik, Ayse"]), "--member", "1")[0] == 0
    assert ws.open(tid).snapshot().tournament.player(pno["Celik, Ayse"]).member == 1


def test_the_history_counts_games_played_and_writes_shared_places_as_the_standings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from core.club.members import Member

    data = tmp_path / "data"
    ws = Workspace(data)
    for name in ("Ak, Ali", "Bal, Bora", "Can, Cem", "Dal, Deniz", "Ege, Ece"):
        ws.add_member(Member(0, name))
    tid = run(capsys, data, "new", "Keizer", "--system", "keizer", "--rounds", "2")[1].strip()
    for number in "12345":
        run(capsys, data, "players", "add", tid, "--member", number)
    # round 1: five players, one gets the pairing bye; round 2: member 1 asks for a full-point bye
    assert run(capsys, data, "round", "pair", tid)[0] == 0
    t = ws.open(tid).snapshot().tournament
    for board in range(1, len(t.rounds[0].boards) + 1):
        assert run(capsys, data, "result", tid, "1", str(board), "1/2")[0] == 0
    [bye1] = [b.pno for b in t.rounds[0].byes]
    assert run(capsys, data, "players", "bye", tid, "1", "--round", "2", "--kind", "full")[0] == 0
    assert run(capsys, data, "round", "pair", tid)[0] == 0
    t = ws.open(tid).snapshot().tournament
    for board in range(1, len(t.rounds[1].boards) + 1):
        assert run(capsys, data, "result", tid, "2", str(board), "1/2")[0] == 0
    # games over the board: 2 rounds minus the pairing bye (round 1) and the requested bye (round 2)
    boards = {p: sum(p in (b.white, b.black) for r in t.rounds for b in r.boards) for p in range(1, 6)}
    [played] = ws.member_history(1)[1]
    assert played.games == boards[1] == 2 - (bye1 == 1) - 1
    # shared places as the standings write them
    from core.standings import compute_standings

    row = next(r for r in compute_standings(t, team=False).rows if r.pno == 1)
    shown = run(capsys, data, "members", "show", "1")[1]
    assert (f"{row.rank}=" if row.shared else f"{row.rank}") in shown.split()


def test_bad_input_in_the_register_and_the_series_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    assert run(capsys, data, "members", "add", "--name", "Kaya, Can")[0] == 0
    before = (data / "club.json").read_bytes()
    for argv, said in (
            (["--name", "Ak, Ali", "--go-rank", "50d"], "'50d' is outside the Go ranks 30k–9d"),
            (["--name", "Ak, Ali", "--egd-pin", "abc"], "EGD pin 'abc': the EGD's pins are digits (e.g. 13000001)"),
            (["--name", "Ak, Ali", "--email", "not an email"], "e-mail 'not an email' is not an address (name@example.org)"),
            (["--name", "y"], "Name: «y» is not a player's name: a name has at least two letters (the family name)"),
            (["--name", ""], "members add: --name must not be empty")):
        assert run(capsys, data, "members", "add", *argv) == (3, "", f"hakem: {said}\n"), argv
    assert (data / "club.json").read_bytes() == before
    tid = run(capsys, data, "new", "Rapid GP 1", "--system", "dutch", "--rounds", "5", "--time-control", "15+10")[1].strip()
    code, out, err = run(capsys, data, "players", "add", tid, "--member", "1", "--name", "Someone, Else")
    assert (code, out, err) == (3, "", "hakem: players add --member takes the member's fields from the register; "
                                       "--name cannot be given with it (change the member with 'hakem members edit')\n")
    code, _out, err = run(capsys, data, "series", "new", "A", "--scoring", "points", "--table", "5,3")
    assert (code, err) == (3, "hakem: --table gives points by place, but the series counts game points "
                              "(--scoring points): give --scoring places with a table\n")
    run(capsys, data, "series", "new", "GP")
    assert run(capsys, data, "series", "add", "GP", tid)[0] == 0
    keizer = run(capsys, data, "new", "Club nights", "--system", "keizer", "--rounds", "6")[1].strip()
    code, _out, err = run(capsys, data, "series", "add", "GP", keizer)
    assert (code, err) == (3, "hakem: 'Club nights' is played at standard time control, 'Rapid GP 1' at rapid: "
                              "add it with --mixed-time if the series is meant to mix them\n")
    assert run(capsys, data, "series", "add", "GP", keizer, "--mixed-time")[:2] == (0, "Series 'GP': 2 events\n")


def test_a_keizer_top_value_too_small_for_the_field_is_refused_and_a_shortened_gap_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    tid = run(capsys, data, "new", "Club nights", "--system", "keizer", "--rounds", "6")[1].strip()
    names = ("Ak, Ali", "Bal, Bora", "Can, Cem", "Dal, Deniz")
    for name in names[:2]:
        assert run(capsys, data, "players", "add", tid, "--name", name)[0] == 0
    # two players: top 10, step 5 leaves the second place 10 − 5 = 5 > 0: accepted
    assert run(capsys, data, "keizer", "settings", tid, "--kz-top", "10", "--kz-step", "5")[0] == 0
    # the third player: 10 − 2 × 5 = 0 — registered, with the rule said
    code, _out, err = run(capsys, data, "players", "add", tid, "--name", names[2])
    assert (code, err) == (0, "hakem: warning: Keizer values: with 3 players the last place is worth 10 − (3 − 1) × 5 "
                              "= 0; the value of the last place must stay above 0: --kz-top 11 at least, or auto\n")
    run(capsys, data, "players", "add", tid, "--name", names[3])
    # four players: 12 − 3 × 5 = −3 refused, 16 − 15 = 1 accepted
    code, _out, err = run(capsys, data, "keizer", "settings", tid, "--kz-top", "12")
    assert (code, err) == (3, "hakem: Keizer values: with 4 players the last place is worth 12 − (4 − 1) × 5 = -3; "
                              "the value of the last place must stay above 0: --kz-top 16 at least, or auto\n")
    assert run(capsys, data, "keizer", "settings", tid, "--kz-top", "16")[0] == 0
    # four players meet all three possible opponents in evenings 1–3 (gap 3, the default): evening 4 must
    # repeat a pairing of evening 1, two evenings between — and says so when it is paired
    for evening in range(1, 5):
        code, _out, err = run(capsys, data, "round", "pair", tid)
        assert code == 0
        for board in ("1", "2"):
            run(capsys, data, "result", tid, str(evening), board, "1-0")
    assert err == ("hakem: warning: no pairing of this evening keeps 3 rounds between rematches; a rematch after 2 "
                   "rounds is allowed tonight\n")


def test_the_type_ahead_takes_german_spellings_and_a_first_name_alone() -> None:
    from tinydb import TinyDB
    from tinydb.storages import MemoryStorage

    from core.club import register
    from core.club.members import Member

    db = TinyDB(storage=MemoryStorage)
    for name in ("Öztürk, Ayşe", "Müller, Jürgen", "Bäcker, Anna", "Yılmaz, İsmail", "Mueller, Tom", "Oz, Ali"):
        register.add(db, Member(0, name))

    def found(text: str) -> list[str]:
        return [m.name for m in register.search(db, text)]

    assert found("oezt") == ["Öztürk, Ayşe"]  # ö written oe
    assert found("oez") == ["Oz, Ali", "Öztürk, Ayşe"]  # as "öz" finds both: accents tell no name apart
    assert found("ozt") == ["Öztürk, Ayşe"]  # ö written o, as before
    assert found("muell") == ["Mueller, Tom", "Müller, Jürgen"]  # both spellings of one name
    assert found("mull") == ["Mueller, Tom", "Müller, Jürgen"]  # either way (issue 34: Müller ↔ Mueller)
    assert found("baeck") == ["Bäcker, Anna"]
    assert found("ismail") == ["Yılmaz, İsmail"]  # the first name alone
    assert found("juergen mueller") == ["Müller, Jürgen"]


def test_a_requested_bye_on_a_keizer_evening_is_said_as_club_duty_not_without_a_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    tid = run(capsys, data, "new", "Club nights", "--system", "keizer", "--rounds", "6")[1].strip()
    for name in ("Ak, Ali", "Bal, Bora", "Can, Cem", "Dal, Deniz", "Ege, Ece", "Yılmaz, Ece"):
        run(capsys, data, "players", "add", tid, "--name", name)
    yilmaz = "6"  # the players are numbered by name (all unrated): Yılmaz last
    assert run(capsys, data, "checkin", tid, "--open")[0] == 0
    assert run(capsys, data, "checkin", tid, "1", "2", "3", "4", "5", yilmaz)[0] == 0
    assert run(capsys, data, "players", "bye", tid, yilmaz, "--round", "1", "--kind", "full")[0] == 0
    assert run(capsys, data, "players", "bye", tid, "5", "--round", "1", "--kind", "zero")[0] == 0
    code, _out, err = run(capsys, data, "round", "pair", tid)
    # four left to pair: no pairing-allocated bye; Yılmaz away for the club, Ege announced absent
    assert (code, err) == (0, "hakem: warning: Checked in, with the bye they requested: 5 Ege, Ece — absence with "
                              "notice; 6 Yılmaz, Ece — club duty\n")


def test_keizer_scores_are_printed_rounded_and_explained_by_the_events_settings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    tid = run(capsys, data, "new", "Club nights", "--system", "keizer", "--rounds", "6", "--kz-top", "5")[1].strip()
    for name in ("Ak, Ali", "Bal, Bora", "Can, Cem", "Dal, Deniz", "Ege, Ece"):
        run(capsys, data, "players", "add", tid, "--name", name)
    run(capsys, data, "players", "bye", tid, "5", "--round", "1", "--kind", "zero")
    run(capsys, data, "round", "pair", tid)
    for board in ("1", "2"):
        run(capsys, data, "result", tid, "1", board, "1/2")
    # Ege (value 1, last of five with top 5, step 1) announced absence: own value 1 + 1/3 of it = 4/3 →
    # 1.33 (the machine format 1.333333 truncates)
    out = run(capsys, data, "standings", tid)[1]
    ege = next(line for line in out.splitlines() if "Ege, Ece" in line).split()
    assert ege[-2:] == ["1.33", "1"]
    explained = run(capsys, data, "standings", tid, "--explain", "5")[1].splitlines()
    assert explained[0] == "KZR (Keizer score) for player 5 Ege, Ece: 1.33 [Keizer: this event's settings]"
    assert "0.33  absence with notice" in explained[2]


def test_a_remembered_series_page_keeps_its_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HAKEM_CONFIG_DIR", str(tmp_path / "config"))
    data, web = tmp_path / "data", tmp_path / "web"
    tid = run(capsys, data, "new", "Club night", "--system", "berger", "--rounds", "1")[1].strip()
    run(capsys, data, "players", "add", tid, "--name", "Ann", "--fide-id", "34100001", "--rating", "1900")
    run(capsys, data, "players", "add", tid, "--name", "Bob", "--fide-id", "34100002", "--rating", "1800")
    run(capsys, data, "round", "pair", tid)
    run(capsys, data, "series", "new", "GP")
    run(capsys, data, "series", "add", "GP", tid)
    assert main(["--data", str(data), "--lang", "de", "series", "publish", "GP", str(web), "--remember"]) == 0
    capsys.readouterr()
    assert '<html lang="de">' in (web / "index.html").read_text(encoding="utf-8")
    # the next change, in a session without --lang: the page is written again, still in German
    assert run(capsys, data, "result", tid, "1", "1", "1-0")[0] == 0
    page = (web / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in page and "Punkte nach Platz: 25-20" in page
    assert page.index("Ann") < page.index("Bob")  # written again: Ann won


def test_two_edits_of_one_member_never_overwrite_each_other(tmp_path: Path) -> None:
    """The use case behind the form: what the editor saw is checked field by field."""
    from core.app.conflicts import StaleChange
    from core.club.members import Member, Rating

    ws = Workspace(tmp_path / "data")
    seen = ws.add_member(Member(0, "Kaya, Can", club="Moda SK", ratings={"rapid": Rating(1800)}))
    ws.edit_member(1, {"name": "Kaya, Can Ali", "ratings": {"rapid": Rating(1850)}})  # the other organiser
    with pytest.raises(StaleChange, match=r"^Member 1, Name was changed by .* to Kaya, Can Ali \(you saw Kaya, Can\)"):
        ws.edit_member(1, {"name": "Kaya, C."}, seen=seen)
    with pytest.raises(StaleChange, match=r"Rating \(rapid\) was changed by .* to 1850 \(you saw 1800\)"):
        ws.edit_member(1, {"ratings": {"rapid": Rating(1790)}}, seen=seen)
    assert ws.edit_member(1, {"name": "Kaya, Can Ali"}, seen=seen).name == "Kaya, Can Ali"  # both meant it
    after = ws.edit_member(1, {"club": "Kadıköy SK"}, seen=seen)  # a field nobody else changed
    assert (after.name, after.club, after.rating("rapid")) == ("Kaya, Can Ali", "Kadıköy SK", 1850)


def test_a_member_typed_twice_is_asked_about(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``members add --name "Çelik, Ayşe"`` twice (or "celik, ayse") made two members; now the
    players' duplicate rule holds: the folded name and the same year (or, without years, the
    same rating — two unrated the same) is refused unless --allow-duplicate; a year that
    differs is a namesake."""
    data = tmp_path / "data"
    assert run(capsys, data, "members", "add", "--name", "Çelik, Ayşe")[:2] == (0, "Member 1: Çelik, Ayşe\n")
    before = (data / "club.json").read_bytes()
    assert run(capsys, data, "members", "add", "--name", "celik, ayse") == (
        3, "", "hakem: celik, ayse looks like a member of the register: number 1, Çelik, Ayşe (unrated); nothing was "
               "added (--allow-duplicate adds the member all the same)\n")
    assert run(capsys, data, "members", "add", "--name", "Çelik, Ayşe")[0] == 3
    assert (data / "club.json").read_bytes() == before
    assert run(capsys, data, "members", "add", "--name", "Çelik, Ayşe", "--allow-duplicate")[:2] == (
        0, "Member 2: Çelik, Ayşe\n")
    assert run(capsys, data, "members", "add", "--name", "Kaya, Can", "--birth-year", "1990")[0] == 0
    assert run(capsys, data, "members", "add", "--name", "Kaya, Can", "--birth-year", "2012")[0] == 0  # his son
    assert run(capsys, data, "members", "add", "--name", "KAYA, CAN", "--birth-year", "1990")[0] == 3


def test_series_names_table_items_and_rating_dates_are_read_as_meant(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``KIŞ GP`` beside ``Kış GP`` (Python's casefold makes I an i: kiş ≠ kış) was a second
    series; an empty item of a points table was skipped, moving every later place up; a
    rating dated 2026-13 was stored (and, as text, newer than every 2026 list)."""
    data = tmp_path / "data"
    assert run(capsys, data, "series", "new", "Kış GP")[0] == 0
    assert run(capsys, data, "series", "new", "KIŞ GP") == (3, "", "hakem: there is already a series 'Kış GP'\n")
    assert run(capsys, data, "series", "show", "KIŞ GP")[0] == 0  # found as a search finds it
    assert run(capsys, data, "series", "new", "Rapid", "--table", "10,8,6,,4") == (
        3, "", "hakem: place 4 of the points table is empty (two separators in a row): '10,8,6,,4'\n")
    assert run(capsys, data, "members", "add", "--name", "Kaya, Can", "--rating", "standard=2105@2026-13") == (
        3, "", "hakem: rating standard: '2026-13' is not a date; write YYYY-MM or YYYY-MM-DD (e.g. 2026-12)\n")
    assert run(capsys, data, "members", "add", "--name", "Kaya, Can", "--rating", "standard=2105@2026-12")[0] == 0


def test_a_renamed_member_shows_the_registers_name_in_the_series(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A club expects the register's name now: Ayşe married after the event; the series
    showed the event's old name."""
    import json

    from core.club.members import Member

    data = tmp_path / "data"
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Ayşe"))
    ws.add_member(Member(0, "Demir, Efe"))
    tid = run(capsys, data, "new", "Club night", "--system", "berger", "--rounds", "1")[1].strip()
    for number in ("1", "2"):
        assert run(capsys, data, "players", "add", tid, "--member", number)[0] == 0
    run(capsys, data, "round", "pair", tid)
    assert run(capsys, data, "result", tid, "1", "1", "1-0")[0] == 0
    run(capsys, data, "series", "new", "GP")
    run(capsys, data, "series", "add", "GP", tid)
    ws.edit_member(1, {"name": "Yılmaz, Ayşe"})
    rows = json.loads(run(capsys, data, "series", "show", "GP", "--format", "json")[1])["tables"][0]["rows"]
    assert sorted((r["member"], r["name"]) for r in rows) == [("1", "Yılmaz, Ayşe"), ("2", "Demir, Efe")]

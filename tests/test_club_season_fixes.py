"""What the club's season showed between the register, the series and Keizer (issue 36), each
fixed with its test: a member's history as JSON after a game, the register in the alphabet's
order, a member registered into a Go event."""

from __future__ import annotations

import json
from fractions import Fraction

from core.app import Workspace
from core.club.members import Member, Rating
from core.model import Tournament
from tests.cli_run import run


def test_members_show_json_writes_the_points_as_the_other_outputs_do(cli_data, capsys) -> None:
    """A member with a game played: the score 1½ of a Keizer evening (½ + a full-point bye)
    is written "1.5" (was: "unexpected error: Fraction is not JSON serializable")."""
    ws = Workspace(cli_data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", ratings={"standard": Rating(2000)}))
    ws.add_member(Member(0, "Ak, Ali", fide_id="34600002", ratings={"standard": Rating(1900)}))
    ws.add_member(Member(0, "Sarı, Eda", fide_id="34600003", ratings={"standard": Rating(1800)}))
    tid = run(capsys, "new", "Club nights", "--system", "keizer", "--rounds", 4)[0].strip().splitlines()[-1]
    for number in (1, 2, 3):
        run(capsys, "players", "add", tid, "--member", number)
    run(capsys, "round", "pair", tid)
    run(capsys, "result", tid, 1, 1, "1/2")
    shown = json.loads(run(capsys, "members", "show", 3, "--format", "json")[0])
    [event] = shown["events"]
    assert (event["tournament"], event["score"], event["games"]) == (tid, "1", 0)  # the pairing bye: 1 point, no game
    draw = json.loads(run(capsys, "members", "show", 1, "--format", "json")[0])["events"][0]
    assert draw["score"] == "0.5"
    # Kaya 2000 drew Ak 1900: FIDE's expected score for +100 is 0.64 (table 8.1b); nothing
    # known of his K, so an established player's 20 → 20 · (0.5 − 0.64) = −2.8
    assert draw["rating_change"] == "-2.8"


def test_the_register_is_listed_in_the_alphabets_order(cli_data, capsys) -> None:
    """Çelik between Bauer and Dorn, Öztürk before Sarı (was: both after Z, by code point)."""
    ws = Workspace(cli_data)
    for name in ("Öztürk, Ayşe", "Dorn, Lea", "Çelik, Ece", "Sarı, Eda", "Bauer, Max"):
        ws.add_member(Member(0, name))
    listed = json.loads(run(capsys, "members", "list", "--format", "json")[0])["members"]
    assert [m["name"] for m in listed] == ["Bauer, Max", "Çelik, Ece", "Dorn, Lea", "Öztürk, Ayşe", "Sarı, Eda"]
    assert [m.name for m in ws.members()] == [m["name"] for m in listed]


def test_a_go_event_takes_a_members_go_rating_never_the_elo(cli_data) -> None:
    """Member 1 plays chess (Elo 2000, no Go rank); member 2 plays both (Elo 1700, GoR 1850,
    2k).  In a McMahon event member 2's rating is his GoR 1850, and member 1 has none — was:
    the Elo 2000 read as a GoR made him 1k, above the 2k player."""
    ws = Workspace(cli_data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", ratings={"standard": Rating(2000)}))
    ws.add_member(Member(0, "Ak, Ali", fide_id="34600002", egd_pin="12345678", go_rank="2k",
                         ratings={"standard": Rating(1700), "go": Rating(1850)}))
    tid = ws.create(Tournament(id="", name="Go evening", system="mcmahon", total_rounds=3))
    desk = ws.open(tid)
    desk.register_member(1)
    desk.register_member(2)
    from core.go.ranks import go_rating

    chess, both = sorted(desk.snapshot().tournament.players, key=lambda p: p.member or 0)
    assert (chess.member, chess.rating, go_rating(chess)) == (1, 0, 0)
    assert (both.member, go_rating(both), both.extra["go_rank"], both.extra["egd_pin"]) == (2, 1850, "2k", "12345678")
    # a chess event still takes the Elo
    chess_tid = ws.create(Tournament(id="", name="Blitz", total_rounds=5))
    ws.open(chess_tid).register_member(2)
    assert ws.open(chess_tid).snapshot().tournament.players[0].rating == 1700


def test_a_members_rating_kinds_are_in_the_readers_language(cli_data, capsys) -> None:
    """``members show`` and ``members list`` in German name the kinds in German (were the CLI's
    keywords ``rapid``, ``national`` in every language)."""
    from core import i18n

    Workspace(cli_data).add_member(Member(0, "Bauer, Max", ratings={"rapid": Rating(1850), "national": Rating(1790)}))
    try:
        shown = run(capsys, "--lang", "de", "members", "show", 1)[0]
        listed = run(capsys, "--lang", "de", "members", "list")[0]
    finally:
        i18n.set_language("en")
    assert "Wertungszahl (national): 1790" in shown and "Wertungszahl (Schnellschach): 1850" in shown
    assert listed.rstrip().endswith("national 1790 Schnellschach 1850")


async def test_the_tournaments_list_names_the_series_key(tmp_path) -> None:
    """e (the season's series) is in the hint line, in F1's help and in the command palette,
    beside m (the register) — e was a key nobody was told about."""
    from textual.widgets import Static

    from tui.app import HakemApp
    from tui.screens.help import help_text
    from tests.tui_fixtures import demo, store_with, wait_for

    store_with(tmp_path / "data", demo())
    app = HakemApp(data_dir=tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen")
        hint = str(app.screen.query_one("#tournaments-hint", Static).render())
        assert "e shows the season's series, m the club's members" in " ".join(hint.split())
        assert "Series" in [c.title for c in app.screen.palette_commands()]
    assert "d demo tournament · e series" in help_text()
    assert "l from the club's members or a rating list" in help_text()


def _club_files(data) -> dict[str, bytes]:
    return {name: (data / name).read_bytes() for name in ("club.json", "club.chain.jsonl")}


def test_doctor_repair_rebuilds_the_club_database_from_its_journal(cli_data, capsys) -> None:
    """``hakem doctor --repair`` takes the journal's word for the club database as for a
    tournament: a file changed outside hakem, an older copy put in its place and a missing file
    are each made again byte for byte what hakem wrote (was: "not repaired", the register stuck
    refusing every change); then the register takes changes again."""
    import shutil

    from core.store import doctor

    ws = Workspace(cli_data)
    ws.add_member(Member(0, "Kaya, Can", email="can@example.org"))
    shutil.copy(cli_data / "club.json", cli_data.parent / "old.json")
    ws.add_member(Member(0, "Ak, Ali"))
    ws.add_member(Member(0, "Yıldız, Ece"))
    good = _club_files(cli_data)
    db = cli_data / "club.json"

    db.write_text(db.read_text(encoding="utf-8").replace("Ak, Ali", "Ak, Alp"), encoding="utf-8")
    assert not doctor.check_club(ws.store).ok
    out, _err = run(capsys, "doctor", "--repair")
    assert "repaired: club.json rebuilt from its journal at revision 3 (arbiter: add member Yıldız, Ece); " \
           "was at revision 3" in out
    assert _club_files(cli_data) == good

    shutil.copy(cli_data.parent / "old.json", db)  # an older copy: revision 1
    run(capsys, "doctor", "--repair")
    assert _club_files(cli_data) == good

    db.unlink()
    out, _err = run(capsys, "doctor", "--repair")
    assert "club.json rebuilt from its journal at revision 3" in out
    assert _club_files(cli_data) == good
    assert doctor.check_club(ws.store).ok
    ws.add_member(Member(0, "Demir, Efe"))
    assert [m.name for m in ws.members()][-1] == "Yıldız, Ece" and len(ws.members()) == 4


def test_doctor_repair_leaves_a_club_journal_that_cannot_give_the_state(cli_data, capsys) -> None:
    """A journal line changed (the chain broken): the repair changes nothing and says what to
    restore."""
    ws = Workspace(cli_data)
    ws.add_member(Member(0, "Kaya, Can"))
    ws.add_member(Member(0, "Ak, Ali"))
    journal = cli_data / "club.chain.jsonl"
    journal.write_bytes(journal.read_bytes().replace(b"Kaya, Can", b"Kaya, Cem", 1))
    db = cli_data / "club.json"
    db.write_text(db.read_text(encoding="utf-8").replace("Ak, Ali", "Ak, Alp"), encoding="utf-8")
    before = _club_files(cli_data)
    out, _err = run(capsys, "doctor", "--repair", code=None)
    # the changed first line is a chain of its own (its action reads "Kaya, Cem", its state
    # still holds): rebuilding from it would drop member 2's committed change
    assert "the club database cannot be rebuilt: its journal is not one unbroken chain" in out
    assert _club_files(cli_data) == before


def test_doctor_repair_does_not_complete_a_save_that_was_killed(cli_data, capsys) -> None:
    """A save killed after its journal line (one entry past the file's head) is not replayed
    into the file: it never completed."""
    ws = Workspace(cli_data)
    ws.add_member(Member(0, "Kaya, Can"))
    db = cli_data / "club.json"
    first = db.read_bytes()
    ws.add_member(Member(0, "Ak, Ali"))
    db.write_bytes(first)  # as if the save of member 2 was killed after its journal line
    run(capsys, "doctor", "--repair")
    assert db.read_bytes() == first


async def test_the_lookup_of_a_go_event_shows_the_rating_registering_takes(tmp_path) -> None:
    """In a McMahon event the lookup's member rows show the GoR (1850 for the player of both
    games; nothing for the chess player) — was the Elo, the rating a Go event must not take —
    and Enter registers with it."""
    from tests.test_tui_members import lookup
    from tui.app import HakemApp
    from tests.tui_fixtures import store_with, wait_for

    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Go evening", system="mcmahon", total_rounds=3))
    ws = Workspace(data)
    ws.add_member(Member(0, "Kaya, Can", fide_id="34600001", ratings={"standard": Rating(2000)}))
    ws.add_member(Member(0, "Kayalı, Ali", egd_pin="12345678", go_rank="2k",
                         ratings={"standard": Rating(1700), "go": Rating(1850)}))
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        owner, table = await lookup(pilot, app, "kaya")
        await wait_for(pilot, lambda: table.row_count == 2)
        gor = [str(c.label) for c in table.columns.values()].index("GoR")  # a Go event's columns (EGD's)
        shown = {str(table.get_row_at(i)[3]): str(table.get_row_at(i)[gor]) for i in range(2)}
        assert shown == {"Kaya, Can": "", "Kayalı, Ali": "1850"}
        row = next(i for i in range(2) if str(table.get_row_at(i)[3]) == "Kayalı, Ali")
        table.move_cursor(row=row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(owner.session.tournament.players) == 1)
        p = owner.session.tournament.players[0]
        assert (p.member, p.extra["go_rating"], p.extra["go_rank"]) == (2, 1850, "2k")


def test_a_keizer_event_in_a_series_by_places_and_by_points(cli_data) -> None:
    """The three Keizer evenings derived by hand in tests/test_keizer_pairing.py (ranking after
    evening 3: 2, 3, 1, 7, 4, 5, 6 by Keizer score; game points 2½, 2, 2, 2, ½, 1, 1), every
    player a member of the register.  By places the series follows the Keizer ranking (no two
    Keizer scores equal): 25, 20, 16, 13, 11, 10, 9.  By points it adds game points, not Keizer
    scores: 2½ for 2; 2 for 3, 1 and 7, equal — countback, events played and discarded results
    are equal, and none of them played another (evening 1: 1–2 3–4 5–6, evening 2: 3–5 1–4,
    evening 3: 3–2 1–5 7–4), so they share the place; 1 for 5 and 6 (5 beat 6 in evening 1:
    ahead by head-to-head); ½ for 4."""
    from dataclasses import replace

    from core.club.series import Series
    from tests.test_keizer_pairing import three_evenings

    t = three_evenings()
    t = t.with_changes(players=tuple(replace(p, member=10 + p.pno) for p in t.players))
    ws = Workspace(cli_data)
    tid = ws.create(t)
    ws.create_series(Series("Club nights by place"))
    ws.add_series_events("Club nights by place", [tid])
    rows = ws.series_table("Club nights by place").rows
    assert [(r.rank, r.key[1], r.total) for r in rows] == [
        (1, "12", 25), (2, "13", 20), (3, "11", 16), (4, "17", 13), (5, "14", 11), (6, "15", 10), (7, "16", 9)]
    ws.create_series(Series("Club nights by points", scoring="points"))
    ws.add_series_events("Club nights by points", [tid])
    rows = ws.series_table("Club nights by points").rows
    # 3, 1 and 7 share 2nd, listed by name (Player 1, 3, 7); 5 ahead of 6 by their game
    assert [(r.rank, r.key[1], r.total, r.shared, r.decided_by) for r in rows] == [
        (1, "12", Fraction(5, 2), False, ""), (2, "11", 2, True, ""), (2, "13", 2, True, ""), (2, "17", 2, True, ""),
        (5, "15", 1, False, "head-to-head"), (6, "16", 1, False, ""), (7, "14", Fraction(1, 2), False, "")]

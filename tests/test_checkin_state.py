"""Check-in as explicit state (issue 29 item 4): who is present is what the organiser set.

- a player registered while check-in is open is in the hall: present, and paired next round;
- the marks follow the players when numbers change (a registration before round 1 renumbers
  the field by rating; a deletion closes the gap);
- unpairing gives back the organiser's requested byes and nothing the pairing derived: an
  absentee's zero-point bye does not become a requested bye, so a player checked in afterwards
  is paired when the round is paired again (the application layer and the CLI alike);
- the pairing names the players left out and the present players without a board.

Expected values are the players each test checks in by name, and who plays in a 4- or 5-player
round by hand: with 5 present one gets the pairing-allocated bye, with an absentee none is left.
"""

from __future__ import annotations

import pytest

from core import checkin
from core.app import Workspace
from core.cli import main as cli
from core.model import Board, Bye, ByeKind, GameResult, Player, Tournament
from tests.tui_fixtures import store_with

NAMES = ("Arslan, Burak", "Bauer, Max", "Çelik, Ece", "Demir, Oğuz", "Erdem, Can")


def evening(n: int = 4) -> Tournament:
    players = tuple(Player(i, name, rating=2000 - 100 * i) for i, name in enumerate(NAMES[:n], start=1))
    return Tournament(id="", name="Rapid", total_rounds=5, players=players)


@pytest.fixture()
def desk(tmp_path):
    [tid] = store_with(tmp_path, evening())
    return Workspace(tmp_path).open(tid)


def present_names(t: Tournament) -> list[str]:
    return sorted(t.player(pno).name for pno in checkin.present(t))


def on_boards(t: Tournament, number: int) -> set[str]:
    return {t.player(p).name for b in t.round(number).boards for p in (b.white, b.black)}


def by_name(t: Tournament, name: str) -> int:
    return next(p.pno for p in t.players if p.name == name)


def test_a_late_entry_while_checkin_is_open_is_present_and_paired(desk):
    desk.check_in([1, 2, 3, 4], open_checkin=True)
    desk.pair_next_round()
    for board in range(1, 3):
        desk.enter_result(1, board, GameResult.DRAW)
    added = desk.add_player("Yılmaz, İrem", rating=1500).value
    t = desk.snapshot().tournament
    assert t.player(added).name == "Yılmaz, İrem"
    assert "Yılmaz, İrem" in present_names(t)
    t = desk.pair_next_round().tournament
    assert "Yılmaz, İrem" in on_boards(t, 2) or any(
        y.pno == by_name(t, "Yılmaz, İrem") and y.kind is ByeKind.PAB for y in t.round(2).byes)
    assert not [y for y in t.round(2).byes if y.kind is ByeKind.ZERO]


def test_checkin_marks_follow_the_players_when_numbers_change(desk):
    t = desk.check_in([by_name(desk.snapshot().tournament, n) for n in ("Bauer, Max", "Demir, Oğuz")],
                      open_checkin=True).tournament
    assert present_names(t) == ["Bauer, Max", "Demir, Oğuz"]
    desk.check_in([], close_checkin=True)  # a registration with check-in closed: not marked
    t = desk.add_player("Kaya, Can", rating=2400).tournament  # the strongest: numbered 1, all move
    assert by_name(t, "Kaya, Can") == 1
    assert present_names(t) == ["Bauer, Max", "Demir, Oğuz"]
    t = desk.remove_player(by_name(t, "Arslan, Burak")).tournament  # the numbers below close up
    assert present_names(t) == ["Bauer, Max", "Demir, Oğuz"]


def test_round_one_numbering_keeps_who_is_present(tmp_path):
    # stored numbers out of ranking order: pairing round 1 renumbers by rating (Art. 2.2)
    players = tuple(Player(i, name, rating=1500 + 100 * i) for i, name in enumerate(NAMES[:4], start=1))
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=5, players=players))
    desk = Workspace(tmp_path).open(tid)
    desk.check_in([1, 2], open_checkin=True)  # Arslan and Bauer, the two weakest
    t = desk.pair_next_round().tournament
    assert on_boards(t, 1) == {"Arslan, Burak", "Bauer, Max"}
    assert present_names(t) == ["Arslan, Burak", "Bauer, Max"]


def test_unpairing_restores_requests_and_nothing_derived(desk):
    t = desk.snapshot().tournament
    desk.add_player("Erdem, Can", rating=1000)
    t = desk.request_bye(by_name(t, "Çelik, Ece"), [1], ByeKind.ZERO).tournament  # announced
    desk.check_in([by_name(t, n) for n in ("Arslan, Burak", "Bauer, Max", "Erdem, Can")], open_checkin=True)
    out = desk.pair_next_round()
    t = out.tournament
    demir = by_name(t, "Demir, Oğuz")
    assert [(y.pno, y.kind, y.absent) for y in t.round(1).byes if y.kind is ByeKind.ZERO] == sorted(
        [(by_name(t, "Çelik, Ece"), ByeKind.ZERO, False), (demir, ByeKind.ZERO, True)])
    t = desk.unpair_last_round().tournament
    # Çelik's own request is back; Demir's absence was the check-in's, not a request
    assert [(t.player(b.pno).name, b.round, b.kind) for b in t.requested_byes] == [("Çelik, Ece", 1, ByeKind.ZERO)]
    desk.check_in([demir])
    t = desk.pair_next_round().tournament
    assert "Demir, Oğuz" in on_boards(t, 1)
    assert [t.player(y.pno).name for y in t.round(1).byes] == ["Çelik, Ece"]


def test_the_cli_unpair_lets_a_player_checked_in_afterwards_play(tmp_path, capsys):
    [tid] = store_with(tmp_path, evening())
    data = ["--data", str(tmp_path)]
    assert cli([*data, "checkin", tid, "1", "2", "3"]) == 0
    assert cli([*data, "round", "pair", tid]) == 0
    out = capsys.readouterr()
    assert "4 Demir, Oğuz" in out.err  # the pairing says who is left out
    assert cli([*data, "round", "unpair", tid]) == 0
    assert cli([*data, "checkin", tid, "4"]) == 0
    assert cli([*data, "round", "pair", tid]) == 0
    t = Workspace(tmp_path).open(tid).snapshot().tournament
    assert on_boards(t, 1) == set(NAMES[:4]) and t.round(1).byes == ()


def test_the_pairing_names_the_absent_and_the_present_without_a_board(tmp_path):
    [tid] = store_with(tmp_path, evening(5))
    desk = Workspace(tmp_path).open(tid)
    desk.request_bye(3, [1], ByeKind.HALF)  # Çelik asked for a half-point bye
    out = desk.check_in([1, 2, 3, 5], open_checkin=True)
    out = desk.pair_next_round()
    t = out.tournament
    # present and playing: 1, 2, 5 — three players, so one of them has the pairing-allocated bye
    [pab] = [y.pno for y in t.round(1).byes if y.kind is ByeKind.PAB]
    absent, idle, asked = out.warnings[:3]
    assert absent == "Not paired, not checked in (zero points): 4 Demir, Oğuz"
    assert idle == f"Checked in but without a board: {pab} {t.player(pab).name} — Pairing-allocated bye"
    assert asked == "Checked in, with the bye they requested: 3 Çelik, Ece — Half-point bye"
    # the bye's name carries its own brackets in Turkish ("Tur atlama (eşlendirmede)"): the
    # player's is not a second pair around it
    from core.checkin import pairing_notes
    from core.i18n import set_language
    from tests.test_no_nested_brackets import depth

    set_language("tr")
    try:
        notes = pairing_notes(t, 1)
    finally:
        set_language("en")
    assert notes and all(depth(note) <= 1 for note in notes), notes


def test_a_round_changed_by_hand_keeps_the_absences_the_checkins(desk):
    desk.check_in([1, 2, 3], open_checkin=True)
    t = desk.pair_next_round().tournament  # 1, 2, 3 present: one board and the PAB; 4 absent
    [board] = t.round(1).boards
    [pab] = [y.pno for y in t.round(1).byes if y.kind is ByeKind.PAB]
    swapped = [Board(board.black, board.white)]
    byes = [Bye(pab, ByeKind.PAB), Bye(4, ByeKind.ZERO)]  # as the manual pairing screen gives them
    t = desk.pair_by_hand(swapped, byes, replace=True).tournament
    assert [(y.pno, y.absent) for y in t.round(1).byes if y.kind is ByeKind.ZERO] == [(4, True)]
    assert desk.unpair_last_round().tournament.requested_byes == ()


def test_the_printed_pairing_lists_the_absent_apart_from_the_byes(tmp_path):
    from core.reports import pairing_list
    from core.reports.view import View

    [tid] = store_with(tmp_path, evening(5))
    desk = Workspace(tmp_path).open(tid)
    desk.request_bye(3, [1], ByeKind.HALF)
    desk.check_in([1, 2, 3, 5], open_checkin=True)
    t = desk.pair_next_round().tournament
    report = pairing_list(View(t), 1)
    tables = {table.title: [row[1] for row in table.rows] for table in report.tables if table.title}
    [pab] = [y.pno for y in t.round(1).byes if y.kind is ByeKind.PAB]
    assert sorted(tables["Players without a game"]) == sorted(["Çelik, Ece", t.player(pab).name])
    assert tables["Absent (not paired)"] == ["Demir, Oğuz"]

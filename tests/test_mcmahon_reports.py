"""The Go pages of a McMahon event (reports): the tournament table, the participant cards and
the pairing list, with every value derived by hand from the McMahon rules.

The event (bar 1d, floor 5k, correction 1, ceiling 9, komi 7.5; both rounds entered by hand so
that nothing depends on the pairing engine):
ranks 1 = 1d, 2 = 1k, 3 = 2k, 4 = 5k → initial MMS 30, 29, 28, 25 (30k = 0 … 1d = 30).

Round 1: 1-2 (30 v 29 → 1 − 1 = 0: even, komi 7.5, 1 White) — 1 wins;
         3-4 (28 v 25 → 3 − 1 = 2 stones, 3 White, komi ½) — 4 (Black) wins.
         MMS after: 1:31 2:29 3:28 4:26.
Round 2: 1-3 (31 capped at the handicap bar 30, v 28 → 1 stone, 1 White) — 3 (Black) wins;
         2-4 (29 v 26 → 2 stones, 2 White) — 2 wins.
         MMS after: 1:31 2:30 3:29 4:26 → places 1, 2, 3, 4 (no tie).
SOS (opponents' final MMS, + handicap with White, − with Black):
  1: 30 (2, W, h0) + 29 + 1 (3, W, h1) = 60;   2: 31 (1, B, h0) + 26 + 2 (4, W, h2) = 59;
  3: 26 + 2 (4, W, h2) + 31 − 1 (1, B, h1) = 58; 4: 29 − 2 (3, B) + 30 − 2 (2, B) = 55.
SODOS (the same values of the games won): 1: 30; 2: 28; 3: 30; 4: 27.
SOSOS (opponents' SOS): 1: 59 + 58 = 117; 2: 60 + 55 = 115; 3: 55 + 60 = 115; 4: 58 + 59 = 117.
Round cells (opponent's place, result, colour, handicap), as in the EGD file:
  1: 2+/w0 3-/w1;  2: 1-/b0 4+/w2;  3: 4-/w2 1+/b1;  4: 3+/b2 2-/b2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core import changes
from core.model import Board, GameResult, Player, Tournament
from core.reports import View, all_reports
from core.reports.catalog import build, report_kinds
from core.reports.document import Points
from core.reports.render import to_csv, to_text

RANKS = ["1d", "1k", "2k", "5k"]


def event() -> Tournament:
    players = tuple(Player(pno=i, name=f"Player{i}, Ann", club="Lei" if i % 2 else "Ams", federation="NED",
                           extra={"go_rank": r}) for i, r in enumerate(RANKS, start=1))
    t = Tournament(id="mmr", name="McMahon evening", system="mcmahon", total_rounds=2, players=players,
                   options={"go": {"bar": "1d", "floor": "5k"}})
    for typed, winners in (([(1, 2), (3, 4)], [1, 4]), ([(1, 3), (2, 4)], [3, 2])):
        t = changes.manual_next_round(t, [Board(w, b) for w, b in typed], [])
        for board_no, (board, winner) in enumerate(zip(t.rounds[-1].boards, winners), start=1):
            result = GameResult.WHITE_WINS if winner == board.white else GameResult.BLACK_WINS
            t = changes.set_result(t, len(t.rounds), board_no, result)
    return t


def test_the_event_is_as_derived():
    t = event()
    assert [(b.white, b.black, b.handicap) for r in t.rounds for b in r.boards] == [
        (1, 2, 0), (3, 4, 2), (1, 3, 1), (2, 4, 2)]


def test_go_pages_replace_the_chess_pages():
    view = View(event())
    kinds = report_kinds(view)
    assert "go-table" in kinds and "go-cards" in kinds
    slugs = [r.slug for r in all_reports(view)]
    assert slugs[0] == "go-table" and "go-cards" in slugs
    assert "standings" not in slugs and "crosstable" not in slugs
    assert not any(s.startswith("card-") for s in slugs)  # the chess pairing cards


def test_tournament_table_by_hand():
    report = build(View(event()), "go-table")
    [table] = report.tables
    keys = [c.key for c in table.columns]
    assert keys == ["place", "pno", "name", "rank", "country", "club", "wins", "r1", "r2",
                    "MMS", "SOS", "SOSOS"]
    rows = [[c.value if isinstance(c, Points) else c for c in row] for row in table.rows]
    assert [r[:2] + r[3:4] + r[6:] for r in rows] == [
        ["1", 1, "1d", 1, "2+/w0", "3-/w1", 31, 60, 117],
        ["2", 2, "1k", 1, "1-/b0", "4+/w2", 30, 59, 115],
        ["3", 3, "2k", 1, "4-/w2", "1+/b1", 29, 58, 115],
        ["4", 4, "5k", 1, "3+/b2", "2-/b2", 26, 55, 117]]
    assert "McMahon bar 1d, floor 5k; handicap = MMS difference − 1, at most 9" in report.subtitle
    assert to_csv(report).splitlines()[1].startswith("1,1,\"Player1, Ann\",1d,NL,Lei,1,2+/w0,3-/w1,31,60,117")


def test_participant_card_by_hand():
    """Player 3 (2k): round 1 White against 4 (5k) with 2 stones, komi ½, lost, MMS 28;
    round 2 Black against 1 (1d) with 1 stone, won, MMS 29; place 3."""
    report = build(View(event()), "go-cards")
    card = report.tables[2]
    assert card.title == "3. Player3, Ann (2k) — place 3, MMS 29"
    rows = [[c.value if isinstance(c, Points) else c for c in row] for row in card.rows]
    assert rows == [[1, 4, "Player4, Ann", "5k", "White", 2, Fraction(1, 2), "loss", 28],
                    [2, 1, "Player1, Ann", "1d", "Black", 1, Fraction(1, 2), "win", 29]]


def test_pairing_list_shows_mms_rank_handicap_and_komi():
    """Round 2 as the wall shows it: MMS before the round (1: 31, 3: 28; 2: 29, 4: 26), the
    rank beside each name, the stones and the komi."""
    report = build(View(event()), "pairings", round_no=2)
    table = report.tables[0]
    assert [c.key for c in table.columns] == ["board", "white_pno", "white", "white_rank", "white_points",
                                              "result", "black_points", "black", "black_rank", "black_pno",
                                              "handicap", "komi"]
    assert [c.title for c in table.columns][4] == "MMS"
    rows = [[c.value if isinstance(c, Points) else c for c in row if not hasattr(c, "result")]
            for row in table.rows]
    assert rows == [[1, 1, "Player1, Ann", "1d", 31, 28, "Player3, Ann", "2k", 3, 1, Fraction(1, 2)],
                    [2, 2, "Player2, Ann", "1k", 29, 26, "Player4, Ann", "5k", 4, 2, Fraction(1, 2)]]


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_go_pages_are_translated(lang):
    import core.i18n as i18n

    try:
        i18n.set_language(lang)
        view = View(event())
        text = to_text(build(view, "go-table")) + to_text(build(view, "go-cards"))
    finally:
        i18n.set_language("en")
    for english in ("Tournament table", "Participant cards", "Wins", "Opponent", "Handicap", "loss"):
        assert english not in text, (lang, english)


def test_result_sheet_shows_the_stones_of_each_board():
    """Round 2's boards carry 1 and 2 stones (derived above): the sheet shows them."""
    [table] = build(View(event()), "results", round_no=2).tables
    assert [c.key for c in table.columns] == ["board", "white", "black", "handicap", "result", "signature"]
    assert [row[3] for row in table.rows] == [1, 2]

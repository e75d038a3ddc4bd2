"""The Gamma procedure's example, reproduced inside a complete 11-player, 6-round event.

The Gamma procedure shows four rows of its table (players 1, 2, 10, 11) and their rating-commission
lines.  The other seven players are not shown; the event below fills them in so that every
visible cell holds.  It was built by hand from the Gamma procedure's rules (levels before each round,
smallest senior level over the seven-player top group, bottom-up rests, handicaps) and checked
by hand against the Gamma procedure's coefficients; the derivation is written out in notes/go.md:

* ratings 3..7 give ranks 21, 20, 19, 18, 18 and 8, 9 rank 15, so the top group (3 ranks from
  25) is widened down to rank 18 and holds 7 players (≥ 6 rounds) — the Gamma procedure's "18" level;
* refusals (not visible in the Gamma procedure for 3..9): 6 and 11 in round 4, 4 in round 5, 5 in round 6.

Expected strings are the Gamma procedure's own lines, verbatim.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.go.cards import Outcome, cards
from core.gorender.export import egd_h9_export, rating_commission_export
from core.go.registration import start_levels, top_group
from core.gorender.render import render_card, render_table
from core.go.standings import coefficients, places
from core.model import (
    Board,
    Bye,
    ByeKind,
    GameResult,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from core.pairing.gamma.engine import round_state
from core.pairing.gamma.system import GAMMA

PLAYERS = [
    (1, "Матвеев, Евгений", 2510), (2, "Горжалцан, Владимир", 2247), (3, "Алексеев, Иван", 2150),
    (4, "Борисов, Пётр", 2050), (5, "Васильев, Олег", 1950), (6, "Григорьев, Антон", 1850),
    (7, "Дмитриев, Юрий", 1820), (8, "Егоров, Максим", 1560), (9, "Жуков, Никита", 1520),
    (10, "Лозовский, Леонид", 952), (11, "Едемская, Зоя", 798),
]
H = Fraction(1, 2)
K = Fraction(13, 2)
# (white, black, winner, handicap) per round; then the rest and the refusals.
ROUNDS = [
    ([(5, 1, 1, 0), (2, 6, 2, 0), (7, 3, 3, 0), (4, 8, 4, 3), (9, 10, 9, 6)], 11, ()),
    ([(3, 1, 1, 0), (4, 2, 2, 0), (5, 7, 5, 0), (6, 9, 6, 2), (8, 11, 8, 7)], 10, ()),
    ([(2, 1, 1, 0), (3, 5, 5, 0), (4, 6, 4, 0), (7, 8, 8, 2), (10, 11, 11, 2)], 9, ()),
    ([(4, 1, 4, 0), (5, 2, 2, 0), (7, 10, 7, 8), (3, 9, 3, 1)], 8, (6, 11)),
    ([(1, 6, 1, 0), (2, 3, 2, 0), (5, 10, 5, 9), (7, 11, 7, 9), (8, 9, 8, 1)], None, (4,)),
    ([(1, 7, 1, 0), (2, 8, 2, 0), (6, 10, 6, 9), (9, 11, 9, 8), (4, 3, 3, 0)], None, (5,)),
]


def seed_event(rounds: int = 6) -> Tournament:
    players = tuple(Player(pno, name, rating, federation="RU", club="StP")
                    for pno, name, rating in PLAYERS)
    built = []
    for number, (boards, rest, refusals) in enumerate(ROUNDS[:rounds], start=1):
        bs = tuple(Board(w, b, GameResult.WHITE_WINS if win == w else GameResult.BLACK_WINS,
                         handicap=h, komi=H if h else K) for w, b, win, h in boards)
        byes = ((Bye(rest, ByeKind.PAB),) if rest else ()) + tuple(
            Bye(p, ByeKind.ZERO) for p in refusals)
        built.append(Round(number, bs, byes, manual=number == 5))  # 5: the arbiter's pairing
    return Tournament("gamma-2005", "Турнир, посвященный 60-летию Победы", system="gamma",
                      total_rounds=6, place="Санкт-Петербург", start_date="2005-05-28",
                      end_date="2005-05-29", time_control="50+5/20", players=players,
                      rounds=tuple(built), options={"go": {"komi": "6.5", "nominal_time": "65"}})


def test_top_group_and_start_levels():
    t = seed_event(0)
    group = top_group(t)
    assert (group.highest_rank, group.width, group.lowest_rank, group.size) == (25, 3, 18, 7)
    levels = start_levels(t)
    assert [levels[p] for p in range(1, 12)] == [18] * 7 + [15, 15, 9, 7]


@pytest.fixture()
def russian():
    """The Gamma procedure's table is Russian: its layout is checked with the UI in Russian (the headers
    follow the UI's language; the Russian catalogue holds the Gamma procedure's own words)."""
    import core.i18n as i18n

    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def test_seed_table_rows(russian):
    lines = render_table(seed_event(), aligned=False).splitlines()
    seed_rows = [
        "| 1 | Матвеев Е. | 2510 | 18 | -0 | 5+ | -0 | 3+ | -0 | 2+ | -0 | 4- | +0 | 6+ | +0 | 7+ | 23 | 0 | 127+ | 1 |",
        "| 2 | Горжалцан В. | 2247 | 18 | +0 | 6+ | -0 | 4+ | +0 | 1- | -0 | 5+ | +0 | 3+ | +0 | 8+ | 23 | 0 | 126 | 2 |",
        "| 10 | Лозовский Л. | 952 | 9 | -6 | 9- | + | + | +2 | 11- | -8 | 7- | -9 | 5- | -9 | 6- | 10 | -1 | 67+ | 10 |",
        "| 11 | Едемская З. | 798 | 7 | + | + | -7 | 8- | -2 | 10+ | - | - | -9 | 7- | -8 | 9- | 9 | 0 | 55+ | 11 |",
    ]
    for row in seed_rows:
        assert row in lines
    assert lines[0] == ("| Турнир по схеме ГАММА | 1-й тур | 2-й тур | 3-й тур | 4-й тур | 5-й тур | 6-й тур "
                        "| Итоги |")
    assert lines[1] == ("| N# | Фамилия Имя | Рейт | Ур | " + "ЦФ | П Р | " * 6
                        + "Ур | - | ФКБ | М |")


ENGLISH_HEADERS = ["No.", "Name", "Rtg", "Lvl", "C/H", "O/R", "Lvl", "Tech", "Coef", "Pl"]
"""The English headers are our translation of the Gamma procedure's (not the Gamma procedure's own text): number,
name ("Фамилия Имя"), rating ("Рейт"), level ("Ур"), colour and handicap ("ЦФ", цвет и фора),
opponent and result ("П Р", противник и результат), final level, the sum of technical results
("-"), coefficient ("ФКБ", форовый коэффициент Бухгольца), place ("М")."""


def test_seed_table_in_english_has_the_same_cells_under_translated_headers():
    """The English UI gets English headers (it got the Russian ones before); the body cells
    are the Gamma procedure's, whatever the language."""
    lines = render_table(seed_event(), aligned=False).splitlines()
    assert lines[0] == ("| Gamma scheme tournament | Round 1 | Round 2 | Round 3 | Round 4 | Round 5 "
                        "| Round 6 | Totals |")
    head = [c.strip() for c in lines[1].strip("|").split("|")]
    assert head == ENGLISH_HEADERS[:4] + ENGLISH_HEADERS[4:6] * 6 + ENGLISH_HEADERS[6:]
    assert not any(ch in lines[0] + lines[1] for ch in "ЦФПРУрМ")
    assert "| 1 | Матвеев Е. | 2510 | 18 | -0 | 5+ | -0 | 3+ | -0 | 2+ | -0 | 4- | +0 | 6+ | +0 | 7+ | 23 | 0 | 127+ | 1 |" in lines


def test_seed_table_aligned_has_same_cells(russian):
    plain = [" ".join(line.split()) for line in render_table(seed_event(), aligned=False).splitlines()]
    aligned = [" ".join(line.split()) for line in render_table(seed_event()).splitlines()]
    assert plain[1:] == aligned[1:]


def test_seed_levels_technical_and_coefficients():
    t = seed_event()
    c = cards(t)
    coef = coefficients(t)
    assert (c[10].start_level, c[10].final_level, c[10].technical, coef[10]) == (9, 10, -1, Fraction(135, 2))
    assert (c[11].start_level, c[11].final_level, c[11].technical, coef[11]) == (7, 9, 0, Fraction(111, 2))
    assert (c[1].final_level, coef[1]) == (23, Fraction(255, 2))
    assert (c[2].final_level, coef[2]) == (23, 126)
    assert [c[10].rounds[r].outcome for r in range(6)] == [
        Outcome.LOSS, Outcome.REST, Outcome.LOSS, Outcome.LOSS, Outcome.LOSS, Outcome.LOSS]
    assert c[11].rounds[3].outcome is Outcome.REFUSAL
    pl = places(t)
    assert (pl[1], pl[2], pl[10], pl[11]) == (1, 2, 10, 11)


def test_rating_commission_export_matches_seed():
    text = rating_commission_export(seed_event())
    lines = text.splitlines()
    assert lines[:5] == [
        "; Турнир, посвященный 60-летию Победы",
        "; 28-29.05.2005, Санкт-Петербург, турнирная схема ГАММА",
        "; время 50+5/20, условное время 65",
        "; Номер Фамилия Имя Ранг Страна Город Рейтинг Уровень Коэффициент Место",
        ";No Name Str Club Rating L Kb Pl 1 2 3 4 5 6",
    ]
    for seed_line in (
        "1 Матвеев Евгений 5d RU StP 2510 23 1275 1 5+/b0 3+/b0 2+/b0 4-/b0 6+/w0 7+/w0",
        "2 Горжалцан Владимир 2d RU StP 2247 23 1260 2 6+/w0 4+/b0 1-/w0 5+/b0 3+/w0 8+/w0",
        "10 Лозовский Леонид 12k RU StP 952 10 675 10 9-/b6 0+ 11-/w2 7-/b8 5-/b9 6-/b9",
        "11 Едемская Зоя 14k RU StP 798 9 555 11 0+ 8-/b7 10+/b2 0- 7-/b9 9-/b8",
    ):
        assert seed_line in lines


def test_export_is_consistent_both_ways():
    """Every game appears on both players' lines with opposite results and colours."""
    rows = {}
    for line in rating_commission_export(seed_event()).splitlines():
        if line.startswith(";"):
            continue
        fields = line.split()
        rows[int(fields[0])] = fields[-6:]
    for pno, tokens in rows.items():
        for r, token in enumerate(tokens):
            if token in ("0+", "0-"):
                continue
            opp, rest = int(token[:-4]), token[-4:]
            mine = rows[opp][r]
            assert int(mine[:-4]) == pno
            assert {rest[0], mine[-4]} == {"+", "-"}
            assert {rest[2], mine[-2]} == {"w", "b"} and rest[3] == mine[-1]


def test_egd_export_uses_line_numbers_in_final_order():
    text = egd_h9_export(seed_event())
    lines = text.splitlines()
    # no HA line: HA[h9] is read by the EGD as a handicap reduction of 9 (the games carry theirs)
    assert not any(line.startswith("; HA[") for line in lines)
    assert "; KM[6.5]" in lines and "; TM[65]" in lines
    assert "; DT[2005-05-28,2005-05-29]" in lines
    body = [ln for ln in lines if not ln.startswith(";")]
    assert len(body) == 11
    first = body[0].split()
    # line 1 = player 1 (place 1); his round-1 opponent is player 5, who is 5th in final order
    assert first[:7] == ["1", "Матвеев", "Евгений", "5d", "RU", "StP", "23"]
    place_of = {int(ln.split()[0]): ln for ln in body}
    last = place_of[11].split()
    assert last[1:3] == ["Едемская", "Зоя"]
    assert last[-6:] == ["0+", "8-/b7", "10+/b2", "0-", "7-/b9", "9-/b8"]  # 8, 9, 10 keep their places


def test_card_shows_the_seed_fields():
    text = render_card(seed_event(), 10)
    assert "Лозовский, Леонид" in text and "952" in text and "12k" in text
    assert "Final level 10" in text and "Place 10" in text and "Coefficient 67.5" in text
    rows = [line.split() for line in text.splitlines()[5:11]]
    # round, senior level, level before, opponent+result, opponent level, colour/handicap, opp. final
    assert rows[0] == ["1", "18", "9", "9-", "15", "-6", "17.5"]
    assert rows[1] == ["2", "18", "9", "++", "9"]
    assert rows[3] == ["4", "18", "10", "7-", "18", "-8", "20"]
    assert rows[5] == ["6", "19", "10", "6-", "19", "-9", "20.5"]


def test_senior_levels_by_round():
    t = seed_event()
    assert [round_state(t, r)[2] for r in range(1, 7)] == [18, 18, 18, 18, 19, 19]


@pytest.mark.parametrize("round_no", [1, 2, 3, 4, 6])
def test_engine_reproduces_the_constructed_rounds(round_no):
    """The engine, given rounds 1..r−1 and the refusals of round r, pairs round r as above
    (pairs, rest, handicaps).  Round 5 is the exception: see the next test."""
    t = seed_event(round_no - 1)
    boards, rest, refusals = ROUNDS[round_no - 1]
    t = t.with_changes(requested_byes=tuple(RequestedBye(p, round_no, ByeKind.ZERO) for p in refusals))
    pairing = GAMMA.pair(t)
    got = {(frozenset((b.white, b.black)), b.handicap) for b in pairing.boards}
    want = {(frozenset((w, b)), h) for w, b, _win, h in boards}
    assert got == want
    for b in pairing.boards:
        if b.handicap:
            assert (b.white, b.black) in {(w, bl) for w, bl, _x, _h in boards}
    assert [y.pno for y in pairing.byes if y.kind is ByeKind.PAB] == ([rest] if rest else [])


def test_round_five_differs_from_the_literal_rules():
    """Round 5 of the constructed event pairs 8–9 and 5–10; the literal search order makes
    5 (level 20) take the first unmet player below him instead.  Recorded in notes/go.md."""
    t = seed_event(4).with_changes(requested_byes=(RequestedBye(4, 5, ByeKind.ZERO),))
    pairs = {frozenset((b.white, b.black)) for b in GAMMA.pair(t).boards}
    assert frozenset((1, 6)) in pairs and frozenset((2, 3)) in pairs
    assert frozenset((7, 11)) in pairs
    assert frozenset((5, 10)) not in pairs


def test_round_entered_by_hand_gets_the_seeds_handicaps():
    """Round 5 of the Gamma procedure's event was paired by hand.  Entered as ``round set`` gives it
    (boards without stones or komi, two handicap boards typed with the weaker player first),
    every board still gets the Gamma procedure's handicap: the level difference with the senior levels
    counted as the smallest senior level (19 in round 5), at most 9 — the Gamma procedure's own cards
    show 10: ``5-/b9`` and 11: ``7-/b9`` — komi ½ and White for the stronger player; even
    games keep the arbiter's colours and the announced komi 6.5.  With those handicaps the
    coefficients (ФКБ) come out as the Gamma procedure prints them."""
    from dataclasses import replace

    from core import changes
    from core.pairing.base import RoundPairing

    t = seed_event(4)
    typed = [(1, 6), (2, 3), (10, 5), (11, 7), (8, 9)]
    hand = RoundPairing(5, tuple(Board(w, b) for w, b in typed), (Bye(4, ByeKind.ZERO),))
    t = changes.apply_pairing(t, hand, manual=True)
    assert [(b.white, b.black, b.handicap, b.komi) for b in t.rounds[4].boards] == [
        (1, 6, 0, K), (2, 3, 0, K), (5, 10, 9, H), (7, 11, 9, H), (8, 9, 1, H)]
    winners = {frozenset((w, b)): win for w, b, win, _h in ROUNDS[4][0]}
    boards = tuple(replace(b, result=GameResult.WHITE_WINS if winners[frozenset((b.white, b.black))] == b.white
                           else GameResult.BLACK_WINS) for b in t.rounds[4].boards)
    sixth = seed_event(6).rounds[5]
    t = t.with_changes(rounds=(*t.rounds[:4], replace(t.rounds[4], boards=boards), sixth))
    coef = coefficients(t)
    assert (coef[1], coef[2], coef[10], coef[11]) == (Fraction(255, 2), 126, Fraction(135, 2), Fraction(111, 2))


@pytest.mark.parametrize("lang, words", [("ru", None), ("en", ENGLISH_HEADERS)])
def test_go_table_report_headers_are_the_seeds_words_or_their_translation(lang, words):
    """The report page "go-table" (and its golden files tests/data/reports/go/go-table.*,
    drawn with the English UI) carries the header rows checked here: in Russian the Gamma procedure's
    own second header row ("| N# | Фамилия Имя | Рейт | Ур | ЦФ | П Р | … | Ур | - | ФКБ | М |",
    the Gamma procedure), in English the translation of each of the Gamma procedure's words listed in
    ENGLISH_HEADERS — the expected values come from the Gamma procedure, not from our output."""
    import core.i18n as i18n
    from core.reports.catalog import build
    from core.reports.view import View
    from tests.test_reports_fixtures import go

    seed_row = ["N#", "Фамилия Имя", "Рейт", "Ур", *["ЦФ", "П Р"] * 3, "Ур", "-", "ФКБ", "М"]
    expected = seed_row if words is None else words[:4] + words[4:6] * 3 + words[6:]
    try:
        i18n.set_language(lang)
        report = build(View(go()), "go-table")
    finally:
        i18n.set_language("en")
    lines = report.preformatted.splitlines()
    assert [c.strip() for c in lines[1].strip("|").split("|")] == expected
    titles = [c.title for c in report.tables[0].columns]
    assert titles == [f"{(i - 4) // 2 + 1}: {w}" if 4 <= i < 10 and i % 2 == 0 else w
                      for i, w in enumerate(expected)]

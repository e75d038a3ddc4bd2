"""Keizer club nights (core/pairing/keizer): values, scores, the fixed point, pairings.

The three-evening example is derived by hand below (notes/keizer.md has the rules and their
sources): top value 10, step 1, own value counted once, a win the opponent's value, a draw
half of it, the bye ½, an announced absence ⅓, club duty ⅔ of one's own value, rematch gap 3.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from core import changes as c
from core.errors import TournamentError
from core.model import ByeKind, Tournament
from core.pairing.keizer.options import keizer_options, parse_options
from core.pairing.keizer.scoring import keizer_ranking
from core.pairing.registry import get_system
from core.standings import compute_standings


def club(players: int, **options: str) -> Tournament:
    t = Tournament(id="k", name="Club nights", system="keizer", total_rounds=8,
                   options={"keizer": options})
    for i in range(players):
        t = c.add_player(t, f"Player {i + 1}", rating=2000 - 100 * i)
    return t


def boards(t: Tournament) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in t.rounds[-1].boards]


def byes(t: Tournament) -> dict[int, ByeKind]:
    return {y.pno: y.kind for y in t.rounds[-1].byes}


def results(t: Tournament, *typed: str) -> Tournament:
    for board, result in enumerate(typed, start=1):
        t = c.set_result(t, t.current_round, board, result)
    return t


def evening_one() -> Tournament:
    """Six players, starting list 1..6 (by rating), values 10 9 8 7 6 5.

    Pairing from the top: 1–2, 3–4, 5–6.  Colours: equal (no games), never met, so the
    lower-placed player has White: 2–1, 4–3, 6–5.  Results: 2 beats 1, 4–3 drawn, 5 beats 6.
    """
    t = c.pair_next_round(club(6, top="10"))
    assert boards(t) == [(2, 1), (4, 3), (6, 5)] and byes(t) == {}
    return results(t, "1-0", "1/2", "0-1")


def test_evening_one_scores_and_fixed_point():
    """Scores with the starting values (own value + games):
    1: 10+0 = 10; 2: 9+10 = 19; 3: 8+7/2 = 11½; 4: 7+8/2 = 11; 5: 6+5 = 11; 6: 5.
    Ranking 2, 3, 4, 5, 1, 6 (4 and 5 equal: 4 stays above 5, as in the ranking the values
    came from), values 2:10 3:9 4:8 5:7 1:6 6:5.  Again: 1: 6+0 = 6; 2: 10+6 = 16;
    3: 9+8/2 = 13; 4: 8+9/2 = 12½; 5: 7+5 = 12; 6: 5 — the same ranking: a fixed point after
    two rankings."""
    ranking = keizer_ranking(evening_one())
    assert ranking.order == (2, 3, 4, 5, 1, 6)
    assert ranking.values == {2: 10, 3: 9, 4: 8, 5: 7, 1: 6, 6: 5}
    assert ranking.scores == {2: 16, 3: 13, 4: F(25, 2), 5: 12, 1: 6, 6: 5}
    assert (ranking.iterations, ranking.cycle) == (2, 0)


def three_evenings() -> Tournament:
    """Evening 2: player 7 enters (unrated, number 7), 6 announced his absence (zero-point
    bye: excused), 2 plays for the club elsewhere (full-point bye: club duty).

    Ranking after evening 1 with 7 in it (his evening 1 is "before the entry", 0): 7 has his
    own value 4 only, below 6 (5): 2, 3, 4, 5, 1, 6, 7 (the same fixed point as without him).
    Tonight: 3, 4, 5, 1, 7 — odd: the bye goes to the lowest player with the fewest byes, 7.
    3 may not meet 4 (they met in evening 1: 2 − 1 − 1 = 0 evenings between, fewer than 3),
    so 3–5, then 4–1.  Colours: 3 and 5 both had Black once, never met → the lower-placed 5
    White: 5–3; 4 had White, 1 Black → 1 White: 1–4.  Results: 3 beats 5, 1 beats 4.

    Fixed point after evening 2, from values 2:10 3:9 4:8 5:7 1:6 6:5 7:4:
    1: 6+8 = 14; 2: 10+6+⅔·10 = 22⅔; 3: 9+8/2+7 = 20; 4: 8+9/2 = 12½; 5: 7+5 = 12;
    6: 5+⅓·5 = 6⅔; 7: 4+½·4 = 6 → 2, 3, 1, 4, 5, 6, 7; values 10 9 8 7 6 5 4.
    Again: 1: 8+7 = 15; 2: 10+8+20/3 = 24⅔; 3: 9+7/2+6 = 18½; 4: 7+9/2 = 11½; 5: 6+5 = 11;
    6: 5+5/3 = 6⅔; 7: 4+2 = 6 → the same ranking.

    Evening 3, all seven: odd, byes so far: 7 one, the others none → 6 (lowest without one).
    Met: 1–2, 3–4, 5–6 (evening 1), 3–5, 1–4 (evening 2): all within the gap.  2 (top) –
    3 (next, never met; 1, 4, 5, 7 can still be paired: 1–5 4–7).  1 – 4? met in evening 2,
    skipped – 5.  4–7.  Colours: 2 +1, 3 −2 → 3 White; 1 and 5 both 0, never met → 5 (lower)
    White; 4 and 7 both 0 → 7 White.  Results: 3–2 drawn, 1 beats 5, 7 beats 4.
    """
    t = evening_one()
    t = c.add_player(t, "Player 7")
    assert t.player(7).joined_round == 2
    first = keizer_ranking(t)
    assert first.order == (2, 3, 4, 5, 1, 6, 7) and first.scores[7] == 4
    t = c.request_bye(t, 6, 2, ByeKind.ZERO)
    t = c.request_bye(t, 2, 2, ByeKind.FULL)
    t = c.pair_next_round(t)
    assert boards(t) == [(5, 3), (1, 4)]
    assert byes(t) == {7: ByeKind.PAB, 2: ByeKind.FULL, 6: ByeKind.ZERO}
    t = results(t, "0-1", "1-0")
    second = keizer_ranking(t)
    assert second.order == (2, 3, 1, 4, 5, 6, 7)
    assert second.scores == {2: F(74, 3), 3: F(37, 2), 1: 15, 4: F(23, 2), 5: 11, 6: F(20, 3), 7: 6}
    t = c.pair_next_round(t)
    assert boards(t) == [(3, 2), (5, 1), (7, 4)] and byes(t) == {6: ByeKind.PAB}
    return results(t, "1/2", "0-1", "1-0")


def test_three_evenings_by_hand():
    """After evening 3, from values 2:10 3:9 1:8 4:7 5:6 6:5 7:4:
    1: 8+7+6 = 21; 2: 10+8+20/3+9/2 = 29⅙; 3: 9+7/2+6+10/2 = 23½; 4: 7+9/2 = 11½;
    5: 6+5 = 11; 6: 5+5/3+5/2 = 9⅙; 7: 4+0+2+7 = 13 → 2, 3, 1, 7, 4, 5, 6, values 10 … 4.
    Again: 1: 8+6+5 = 19; 2: 10+8+20/3+9/2 = 29⅙; 3: 9+6/2+5+10/2 = 22; 4: 6+9/2 = 10½;
    5: 5+4 = 9; 6: 4+4/3+2 = 7⅓; 7: 7+7/2+6 = 16½ → the same ranking: the fixed point."""
    t = three_evenings()
    ranking = keizer_ranking(t)
    assert ranking.order == (2, 3, 1, 7, 4, 5, 6)
    assert ranking.values == {2: 10, 3: 9, 1: 8, 7: 7, 4: 6, 5: 5, 6: 4}
    assert ranking.scores == {2: F(175, 6), 3: 22, 1: 19, 7: F(33, 2), 4: F(21, 2), 5: 9, 6: F(22, 3)}
    assert ranking.cycle == 0
    # the standings: Keizer score first, game points beside it (1-½-0, byes by the point system)
    rows = compute_standings(t).rows
    assert [r.pno for r in rows] == [2, 3, 1, 7, 4, 5, 6]
    assert [r.values["KZR"] for r in rows] == [F(175, 6), 22, 19, F(33, 2), F(21, 2), 9, F(22, 3)]
    assert [r.values["KZV"] for r in rows] == [10, 9, 8, 7, 6, 5, 4]
    assert [r.points for r in rows] == [F(5, 2), 2, 2, 2, F(1, 2), 1, 1]


def test_the_explanations_name_the_rematch_and_the_colours():
    t = c.request_bye(c.add_player(evening_one(), "Player 7"), 6, 2, ByeKind.ZERO)
    t = c.request_bye(t, 2, 2, ByeKind.FULL)
    pairing = get_system("keizer").pair(c.prepare_next_round(t))
    first = " ".join(pairing.explanations[0])
    assert "3 (place 2, value 9)" in first and "4 skipped: they met in round 1" in first
    assert "5 has White" in first
    assert "7 (place 7) has the bye" in pairing.explanations["bye"][0]


def test_a_cycle_is_averaged():
    """Four players, own value not counted, values 6 5 4 3 (auto: ⌈3·4/2⌉ = 6).  Evening 1:
    2 beats 1, 3–4 drawn.  Start 1, 2, 3, 4: 1: 0; 2: 6; 3: 3/2; 4: 4/2 = 2 → 2, 4, 3, 1.
    Values 2:6 4:5 3:4 1:3: 2: 3; 3: 5/2; 4: 4/2 = 2 → 2, 3, 4, 1.  Values 2:6 3:5 4:4 1:3:
    2: 3; 3: 4/2 = 2; 4: 5/2 → 2, 4, 3, 1 again: the two rankings cycle (whoever of the two
    drawers is lower gains).  The mean over the two: 3 and 4 both (5/2 + 2)/2 = 9/4, 2: 3,
    1: 0; equal means keep the cycle's first order: 2, 4, 3, 1."""
    t = c.pair_next_round(club(4, own_value="no"))
    t = results(t, "1-0", "1/2")  # 2–1 (2 White, wins), 4–3 drawn
    ranking = keizer_ranking(t)
    assert ranking.cycle == 2
    assert ranking.order == (2, 4, 3, 1)
    assert ranking.scores == {2: 3, 4: F(9, 4), 3: F(9, 4), 1: 0}
    assert [r.pno for r in compute_standings(t).rows] == [2, 4, 3, 1]


def test_absence_limit_and_halving():
    """Player 3 announces his absence on evenings 1–3 while the other four draw every game.
    Each absence scores ⅓ of his value; with a limit of 2 the third scores 0; with halving
    the second scores half of it, the third a quarter."""
    def season(**options: str) -> Tournament:
        t = club(5, top="10", **options)
        for evening in (1, 2, 3):
            t = c.request_bye(t, 3, evening, ByeKind.ZERO)
            t = c.pair_next_round(t)
            t = results(t, "1/2", "1/2")
        return t

    plain = keizer_ranking(season())
    capped = season(absence_limit="2")
    limited = keizer_ranking(capped)
    halved = keizer_ranking(season(absence_halving="yes"))
    assert [it.fraction for it in plain.items[3]] == [F(1, 3)] * 3
    assert [(it.fraction, it.over_limit) for it in limited.items[3]] == [
        (F(1, 3), False), (F(1, 3), False), (0, True)]
    assert [it.fraction for it in halved.items[3]] == [F(1, 3), F(1, 6), F(1, 12)]
    own = limited.values[3]
    assert limited.scores[3] == own + F(2, 3) * own
    from core.tiebreaks import explain

    said = [line for line in explain(capped, "KZR", 3).lines() if "absence with notice" in line]
    assert len(said) == 3 and "past the absence limit" in said[2] and "past" not in said[1]


def test_unexcused_absence_and_club_duty_and_bye_fractions():
    """The evening's kinds: a zero-point bye of the check-in (not checked in) is unexcused,
    a requested zero-point bye excused, a full-point bye club duty, the pairing's bye a bye."""
    t = club(5, top="10", unexcused="0", excused="1/3", club_duty="2/3", bye="1/2")
    t = c.request_bye(t, 4, 1, ByeKind.FULL)
    from core.changes.checkin import check_in, open_checkin

    t = check_in(open_checkin(t), [1, 2, 3, 4])  # 5 did not come and said nothing
    t = c.pair_next_round(t)
    kinds = {y.pno: (y.kind, y.absent) for y in t.rounds[0].byes}
    assert kinds[5] == (ByeKind.ZERO, True) and kinds[4] == (ByeKind.FULL, False)
    t = results(t, "1/2")
    items = keizer_ranking(t).items
    assert [(i.kind, i.fraction) for i in items[5]] == [("unexcused", 0)]
    assert [(i.kind, i.fraction) for i in items[4]] == [("club_duty", F(2, 3))]
    assert {i.kind for i in items[3]} == {"bye"}


def test_rematch_gap_is_relaxed_only_when_the_evening_cannot_be_paired():
    """Four players always present: evenings 1–3 use up the three pairings (1–2 3–4, then 1–3
    2–4, then 1–4 2–3, as top-down with gap 3 forces).  Evening 4: every pair met within 3
    evenings; with a gap of 2 the pairs of evening 1 (two evenings between) are allowed:
    1–2, 3–4 again, and the first board says the gap was shortened."""
    t = club(4, top="10")
    seen = []
    for _evening in range(3):
        t = results(c.pair_next_round(t), "1/2", "1/2")
        seen.append({frozenset(b) for b in boards(t)})
    assert seen == [{frozenset((1, 2)), frozenset((3, 4))}, {frozenset((1, 3)), frozenset((2, 4))},
                    {frozenset((1, 4)), frozenset((2, 3))}]
    pairing = get_system("keizer").pair(c.prepare_next_round(t))
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == seen[0]
    assert any("rematch after 2 rounds is allowed" in line for line in pairing.explanations[0])


def test_max_meetings():
    """With max_meetings 1 and no gap, 1–2 of evening 1 may never be repeated: evening 2
    pairs 1–3 (the next below 1 he may meet), 2–4."""
    t = club(4, top="10", rematch_gap="0", max_meetings="1")
    t = results(c.pair_next_round(t), "1/2", "1/2")
    t = c.pair_next_round(t)
    assert {frozenset(b) for b in boards(t)} == {frozenset((1, 3)), frozenset((2, 4))}


def test_late_entry_scores_before_entry_fraction():
    """A late entry's evenings before he joined score ``before_entry`` of his own value (a
    club that values them as announced absences sets it to 1/3)."""
    t = results(c.pair_next_round(club(4, top="10", before_entry="1/3")), "1/2", "1/2")
    t = c.add_player(t, "Late")
    t = results(c.pair_next_round(t), "1/2", "1/2")
    items = keizer_ranking(t).items[5]
    assert [(i.round, i.kind, i.fraction) for i in items] == [(1, "before_entry", F(1, 3)), (2, "bye", F(1, 2))]


def test_values_auto_and_step():
    """auto: step × ⌈3N/2⌉; never below 0."""
    assert parse_options({}).values(7) == [11, 10, 9, 8, 7, 6, 5]
    assert parse_options({"step": "2"}).values(4) == [12, 10, 8, 6]
    assert parse_options({"top": "3", "step": "2"}).values(4) == [3, 1, 0, 0]


@pytest.mark.parametrize("raw, word", [
    ({"draw": "3"}, "--kz-draw"), ({"top": "0"}, "--kz-top"), ({"own_value": "maybe"}, "--kz-own-value"),
    ({"gap": "3"}, "gap"), ({"excused": "1/0"}, "--kz-excused"),
])
def test_bad_settings_are_refused_by_name(raw, word):
    with pytest.raises(TournamentError, match=word):
        parse_options(raw)


def test_settings_round_trip_as_typed():
    t = club(2, top="40", excused="33%", bye="2/3", own_value="no")
    options = keizer_options(t)
    assert (options.top, options.excused, options.bye, options.own_value) == (40, F(33, 100), F(2, 3), False)


def test_the_screen_explains_the_value_it_shows():
    """With the next evening paired (its bye already recorded, no result yet) the standings
    count the evenings played; the explanation of the bye player's Keizer score must add up to
    the score shown, not to one with tonight's bye in it."""
    from core.tiebreaks.values import format_value
    from tui.standings import explain

    t = c.pair_next_round(results(c.pair_next_round(club(5, top="10")), "1-0", "1/2"))
    (bye,) = byes(t)
    shown = format_value(compute_standings(t).row(bye).values["KZR"])
    assert f"for player {bye}: {shown} " in explain(t, "KZR", bye)


def test_withdrawal_and_forfeits():
    """Five players, top 10, rematch gap 9.  Evening 1: bye 5 (lowest), 2–1 (2 wins), 4–3
    drawn; ranking 2 3 4 1 5 (values 10 9 8 7 6: 1: 7, 2: 17, 3: 13, 4: 12½, 5: 6+3 = 9).
    Player 4 withdraws: his later evenings score ``withdrawn`` × own value (⅓ here, as Theo
    Thorne's regulations have it).  Evening 2: 2, 3, 1, 5 → 2–3, then 1–5 (1 had Black, 5
    no game: 1 White); 1 wins by forfeit, which scores ``forfeit_win`` (½ here) × 5's value.
    The two never sat at the board, so the gap does not keep them apart on evening 3."""
    t = results(c.pair_next_round(club(5, top="10", withdrawn="1/3", forfeit_win="1/2", rematch_gap="9")),
                "1-0", "1/2")
    t = c.pair_next_round(c.withdraw(t, 4, 2))
    assert boards(t) == [(3, 2), (1, 5)]
    t = results(t, "1/2", "+-")
    ranking = keizer_ranking(t)
    assert [(i.kind, i.fraction) for i in ranking.items[4]][1:] == [("withdrawn", F(1, 3))]
    win = ranking.items[1][1]
    assert (win.kind, win.opponent, win.fraction) == ("forfeit_win", 5, F(1, 2))
    from core.pairing.keizer.engine import Field, Rule
    from core.pairing.keizer.scoring import met

    assert Field(t, 3, Rule(9, 0), met(t)).blocked(1, 5) is None
    assert Field(t, 3, Rule(9, 0), met(t)).blocked(2, 3) == ("gap", 2)


@pytest.mark.parametrize("seed", range(6))
def test_random_seasons_settle_on_their_own_values(seed):
    """Whatever the season, the ranking shown is consistent with its values: recomputed here
    from the shown values and the results (own value + win 1, draw ½ of the opponent's, bye
    ½, announced absence ⅓ of one's own), every score is the one shown and the order is by
    score — unless the rankings cycled, when the order is by the mean the ranking reports."""
    import random

    rnd = random.Random(seed)
    t = club(9, top="20")
    for evening in range(1, 7):
        for pno in rnd.sample(range(1, 10), 2):
            t = c.request_bye(t, pno, evening, ByeKind.ZERO)
        t = results(c.pair_next_round(t), *rnd.choices(("1-0", "0-1", "1/2"), k=3))
    ranking = keizer_ranking(t)
    value = ranking.values
    score = {p: F(v) for p, v in value.items()}
    share = {"1-0": (1, 0), "0-1": (0, 1), "1/2": (F(1, 2), F(1, 2))}
    for rnd_ in t.rounds:
        for b in rnd_.boards:
            w, k = share[b.result.value]
            score[b.white] += w * value[b.black]
            score[b.black] += k * value[b.white]
        for y in rnd_.byes:
            score[y.pno] += (F(1, 2) if y.kind is ByeKind.PAB else F(1, 3)) * value[y.pno]
    if ranking.cycle == 0:
        assert ranking.scores == score
    assert list(ranking.order) == sorted(ranking.order, key=lambda p: (-ranking.scores[p], -value[p]))

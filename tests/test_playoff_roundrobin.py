"""Round-robin playoff groups: the Berger schedule (checked against the FIDE tables printed in
C.05 Annex 1) and Aktar's tie rules for three players (p. 69 (2))."""

from core.playoff import create, enter_result, evaluate
from core.playoff.roundrobin import berger_rounds

FIDE_4 = ["1-4, 2-3", "4-3, 1-2", "2-4, 3-1"]
FIDE_6 = ["1-6, 2-5, 3-4", "6-4, 5-3, 1-2", "2-6, 3-1, 4-5", "6-5, 1-4, 2-3", "3-6, 4-2, 5-1"]
FIDE_8 = ["1-8, 2-7, 3-6, 4-5", "8-5, 6-4, 7-3, 1-2", "2-8, 3-1, 4-7, 5-6", "8-6, 7-5, 1-4, 2-3",
          "3-8, 4-2, 5-1, 6-7", "8-7, 1-6, 2-5, 3-4", "4-8, 5-3, 6-2, 7-1"]


def parse(rows):
    return [{tuple(int(x) for x in g.split("-")) for g in row.split(", ")} for row in rows]


def test_berger_schedule_matches_fide_tables():
    assert [set(r) for r in berger_rounds(4)] == parse(FIDE_4)
    assert [set(r) for r in berger_rounds(6)] == parse(FIDE_6)
    assert [set(r) for r in berger_rounds(8)] == parse(FIDE_8)


def test_odd_group_drops_the_dummy():
    # 3 players use the 4-table; whoever meets 4 sits out
    expected = [{g for g in r if 4 not in g} for r in parse(FIDE_4)]
    assert [set(r) for r in berger_rounds(3)] == expected


def finish_round_robin(st, winner_of):
    """Play the round-robin games with ``winner_of(white, black)`` -> 'w', 'b' or 'd'."""
    for _ in range(3):
        g = next(g for g in evaluate(st).ready if g.kind == "round_robin")
        res = {"w": "1-0", "b": "0-1", "d": "1/2"}[winner_of(g.white, g.black)]
        st = enter_result(st, g.id, res)
    return st


def test_clear_round_robin_winner_needs_no_more_games():
    st = create([10, 20, 30], 1, seed=3)
    st = finish_round_robin(st, lambda w, b: "w" if w == 30 else "b" if b == 30 else "d")
    view = evaluate(st)
    # 30 has 2 points, 10 and 20 have ½ each: only first place is decided, 2nd–3rd shared
    assert view.places == ((30,), (10, 20))
    assert len(view.games) == 3


def test_two_tied_at_the_top_play_a_golden_game():
    st = create([10, 20, 30], 1, seed=3)
    # 10 and 20 beat 30, draw each other: 1.5 each
    st = finish_round_robin(st, lambda w, b: "d" if 30 not in (w, b) else ("b" if w == 30 else "w"))
    view = evaluate(st)
    gold = view.ready
    assert len(gold) == 1 and gold[0].kind == "armageddon" and {gold[0].white, gold[0].black} == {10, 20}
    st = enter_result(st, gold[0].id, "1/2")          # draw: Black goes through
    assert evaluate(st).places == ((gold[0].black,), (gold[0].white,), (30,))


def test_drop_lowest_variant_plays_a_match_between_the_top_two():
    st = create([10, 20, 30], 1, variant="drop_lowest", seed=3)
    st = finish_round_robin(st, lambda w, b: "d")
    view = evaluate(st)
    # all level: 30 (lowest by tie-break order) drops out, 10 and 20 play (1): two games 3+3
    nxt = view.ready
    assert {nxt[0].white, nxt[0].black} == {10, 20} and nxt[0].kind == "regular"
    assert nxt[0].time_control.encode() == "180+3"

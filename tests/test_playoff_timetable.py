"""Timetables with fixed clocks (never the real clock), boards, and recomputation after a
correction.  Expected times are worked out by hand from Aktar's breaks (30 minutes after
the event, 5 between games, 10 between stages) and the spec's estimate 2·base + 2·60·inc."""

from core.playoff import clock, create, enter_result, evaluate, stage_times, timetable


def times(slots):
    return [(clock(s.start), clock(s.end), s.board) for s in slots]


def seeded_four(**kw):
    return create([1, 2, 3, 4], 1, variant="seeded", seed=9, start="18:00", **kw)


def result_for(st, game, winner):
    """The result string that makes ``winner`` win ``game``."""
    return "1-0" if game.white == winner else "0-1"


def test_two_player_match_clock_times():
    st = create([7, 4], 1, seed=1, start="18:00")
    # 180+3: 2*180 + 2*60*3 = 720 s = 12 min
    assert times(timetable(st)) == [("18:30", "18:42", 1), ("18:47", "18:59", 1)]
    for _ in range(2):
        st = enter_result(st, evaluate(st).ready[0].id, "1/2")
    slots = timetable(st)
    assert times(slots)[2:] == [("19:04", "19:16", 1), ("19:21", "19:33", 1)]
    for _ in range(2):
        st = enter_result(st, evaluate(st).ready[0].id, "1/2")
    # Armageddon 5' + 4' = 9 min, 5 minutes after the last extension game
    assert times(timetable(st))[4:] == [("19:38", "19:47", 1)]


def test_knockout_stages_and_boards():
    st = seeded_four()
    slots = timetable(st)
    known = [(s.game.white if isinstance(s.game.white, int) else "?", clock(s.start), s.board)
             for s in slots]
    # semi-finals in parallel on boards 1 and 2; the final 10 minutes after the last semi game
    assert [(clock(s.start), clock(s.end), s.board) for s in slots] == [
        ("18:30", "18:42", 1), ("18:47", "18:59", 1), ("18:30", "18:42", 2), ("18:47", "18:59", 2),
        ("19:09", "19:21", 1), ("19:26", "19:38", 1)]
    assert [s.split(": ")[-1] for s, _, _ in stage_times(slots)] == ["Semi-final", "Final"]
    assert len(known) == 6


def test_actual_end_times_reestimate_the_rest():
    st = seeded_four()
    g = evaluate(st).ready[0]
    st = enter_result(st, g.id, "1-0", end="18:38")
    slots = {s.game.id: s for s in timetable(st)}
    assert clock(slots[g.id].end) == "18:38" and slots[g.id].actual_end
    nxt = next(s for s in slots.values() if g.id in s.game.after)
    assert clock(nxt.start) == "18:43"


def test_max_boards_makes_games_wait():
    st = seeded_four(max_boards=1)
    slots = timetable(st)
    semis = sorted((clock(s.start), s.board) for s in slots if s.game.stage.endswith("Semi-final"))
    assert all(b == 1 for _, b in semis)
    # one board: the games run back to back as soon as the board and the players are free
    assert [t for t, _ in semis] == ["18:30", "18:42", "18:54", "19:06"]


def test_correction_recomputes_bracket_and_timetable():
    st = seeded_four()
    view = evaluate(st)
    semi1 = [g for g in view.games if g.id.startswith("p.r1m1")]
    semi2 = [g for g in view.games if g.id.startswith("p.r1m2")]
    assert {semi1[0].white, semi1[0].black} == {1, 4} and {semi2[0].white, semi2[0].black} == {2, 3}
    for g in semi1:
        st = enter_result(st, g.id, result_for(st, g, 1))
    for g in semi2:
        st = enter_result(st, g.id, result_for(st, g, 2))
    final = [g for g in evaluate(st).games if g.stage.endswith("Final")]
    assert {final[0].white, final[0].black} == {1, 2}
    st = enter_result(st, final[0].id, "1/2")
    before = {s.game.id: s for s in timetable(st)}
    assert clock(before[final[0].id].start) == "19:09"

    # Correction: 3 actually won the second semi-final game -> level, extension needed.
    g2 = semi2[1]
    st = enter_result(st, g2.id, result_for(st, g2, 3))
    view = evaluate(st)
    assert final[0].id not in st["results"]          # the old final's result is dropped
    assert not view.complete
    ext = [g for g in view.games if g.kind == "extension"]
    assert len(ext) == 2 and {ext[0].white, ext[0].black} == {2, 3}
    slots = {s.game.id: s for s in timetable(st)}
    # extension 19:04-19:16, 19:21-19:33; final 10 minutes later
    assert [clock(slots[g.id].start) for g in ext] == ["19:04", "19:21"]
    new_final = [s for s in slots.values() if s.game.stage.endswith("Final")]
    assert clock(new_final[0].start) == "19:43" and new_final[0].game.planned

    # 3 wins the extension: the final is now 1 v 3
    for g in ext:
        st = enter_result(st, g.id, result_for(st, g, 3))
    final = [g for g in evaluate(st).games if g.stage.endswith("Final")]
    assert {final[0].white, final[0].black} == {1, 3}


def test_clock_formats_past_midnight():
    assert clock(23 * 3600 + 59 * 60) == "23:59"
    assert clock(24 * 3600 + 5 * 60) == "00:05 (+1)"
    assert clock(60 * 60 + 1) == "01:01"   # rounds up to the minute


def test_warnings_for_many_stages_and_midnight():
    from core.playoff import warnings
    st = create(list(range(1, 9)), 1, variant="knockout", seed=1, start="23:40")
    st["plan"]["rules"] = {"segments": [{"games": 2, "time_control": "600+5"}], "decider": "armageddon"}
    slots = timetable(st)
    assert any("midnight" in w for w in warnings(slots))
    st = create(list(range(1, 17)), 1, variant="knockout_all", seed=1, start="10:00")
    slots = timetable(st)
    assert any("4 stages" in w for w in warnings(slots))
    assert warnings(timetable(create([1, 2], 1, seed=1, start="10:00"))) == []

"""Double-Swiss (FIDE C.04.5, 2026): the text's examples by hand, the match round in the model
and TRF-2026, and the CLI."""

from __future__ import annotations

from fractions import Fraction

from core.model import Board, Bye, ByeKind, Code, Colour, GameResult, Player, Round, Tournament, scores
from core.pairing.doubleswiss.colours import allocate
from core.pairing.doubleswiss.procedure import Procedure
from core.pairing.doubleswiss.state import Entrant
from core.pairing.registry import get_system, system_ids


def entrant(pno: int, score: str = "0", met: tuple[int, ...] = (), colours: tuple[Colour, ...] = ()) -> Entrant:
    return Entrant(pno, Fraction(score), len(met), frozenset(met), False, colours, False)


def test_first_identifier_of_eight_players_is_top_half_against_bottom_half():
    # 3.6.3: with every pairing legal, the first identifier is 1 2 3 4 5 6 7 8: 1-5, 2-6, 3-7, 4-8
    players = {p: entrant(p) for p in range(1, 9)}
    pairs = Procedure(players, set(), last_round=False).run().brackets[0].pairs
    assert pairs == ((1, 5), (2, 6), (3, 7), (4, 8))


def test_identifier_example_of_the_text():
    # 3.6.2: "11-24 16-6 10-9 8-4" has the identifier 4 6 9 11 8 16 10 24; with 4-8, 6-16, 9-10
    # and 11-24 the only legal pairs, the procedure must find exactly that pairing
    people = (4, 6, 8, 9, 10, 11, 16, 24)
    allowed = {frozenset(p) for p in ((11, 24), (16, 6), (10, 9), (8, 4))}
    players = {p: entrant(p, met=tuple(q for q in people if q != p and frozenset((p, q)) not in allowed))
               for p in people}
    pairs = Procedure(players, set(), last_round=False).run().brackets[0].pairs
    assert pairs == ((4, 8), (6, 16), (9, 10), (11, 24))


def test_upfloater_set_example_of_the_text():
    # 3.5.4: 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; three upfloaters are needed ([C4]) and two
    # must have 3 points ([C5]).  Residents 4, 7, 9 (4 points) have met each other; 10 (0 points)
    # has met 1, 3 and 5, so {2, 6, 8} would leave 10 without an opponent ([C3]): the first set
    # in the text's order that works is {2, 6, 1} (by hand: {2,6,1} < {2,6,3} < … in score-then-TPN order).
    players = {4: entrant(4, "4", (7, 9)), 7: entrant(7, "4", (4, 9)), 9: entrant(9, "4", (4, 7)),
               2: entrant(2, "3"), 6: entrant(6, "3"), 8: entrant(8, "3"),
               1: entrant(1, "2.5", (10,)), 3: entrant(3, "2.5", (10,)), 5: entrant(5, "2.5", (10,)),
               10: entrant(10, "0", (1, 3, 5))}
    first = Procedure(players, set(), last_round=False).run().brackets[0]
    assert first.upfloaters == (2, 6, 1)


def test_colours_by_article_4():
    # 4.3.1: nobody has a colour; the higher-ranked player (TPN 1, odd) gets the initial colour
    assert allocate(entrant(1), entrant(5), Colour.WHITE)[:2] == (1, 5)
    assert allocate(entrant(2), entrant(6), Colour.WHITE)[:2] == (6, 2)  # even TPN: the other colour
    # 4.3.2: fewer Whites gets White
    w, b = Colour.WHITE, Colour.BLACK
    assert allocate(entrant(1, colours=(w, w)), entrant(2, colours=(w, b)), w)[:3] == (2, 1, "4.3.2")
    # 4.3.3: the latest difference: 1 had White where 2 had Black → 1 gets Black
    assert allocate(entrant(1, colours=(b, w, b)), entrant(2, colours=(w, b, b)), w)[:3] == (2, 1, "4.3.3")
    # 4.3.4: same histories: the higher-ranked player alternates
    assert allocate(entrant(1, colours=(w, b)), entrant(2, colours=(w, b)), w)[:3] == (1, 2, "4.3.4")


def small_event() -> Tournament:
    players = tuple(Player(pno=i, name=f"P{i}", rating=2000 - i) for i in range(1, 6))
    from core.pairing.doubleswiss.state import match_points
    from core.model import PointSystem

    return Tournament(id="ds", name="ds", system="double-swiss", total_rounds=3, players=players,
                      points=match_points(PointSystem()), initial_colour=Colour.WHITE)


def test_a_round_is_two_games_per_match_and_the_pab_is_a_win_plus_a_draw():
    t = small_event()
    pairing = get_system("double-swiss").pair(t)
    # 5 players: PAB to the lowest-ranked (3.4.4: largest TPN), 1-3 and 2-4 (3.6.3)
    assert [(b.white, b.black, b.game) for b in pairing.boards] == [
        (1, 3, "g1"), (3, 1, "g2"), (4, 2, "g1"), (2, 4, "g2")]
    assert [(y.pno, y.kind) for y in pairing.byes] == [(5, ByeKind.PAB)]
    played = Round(1, tuple(Board(b.white, b.black, GameResult.DRAW if b.game == "g1" else GameResult.WHITE_WINS,
                                  game=b.game) for b in pairing.boards), pairing.byes)
    t = t.with_changes(rounds=(played,))
    # points per game: 1 drew game 1 and lost game 2 (3 had White): ½; the PAB 1½ (C.04.5 1.4)
    assert scores(t) == {1: Fraction(1, 2), 2: Fraction(3, 2), 3: Fraction(3, 2), 4: Fraction(1, 2),
                         5: Fraction(3, 2)}


def test_a_match_forfeited_in_both_games_may_be_repeated_one_forfeited_game_may_not():
    # Preface: a match ends by forfeit only if a player forfeits both games
    t = small_event().with_changes(players=small_event().players[:2], total_rounds=2)
    both = Round(1, (Board(1, 2, GameResult.WHITE_FORFEIT_WIN, game="g1"),
                     Board(2, 1, GameResult.BLACK_FORFEIT_WIN, game="g2")))
    again = get_system("double-swiss").pair(t.with_changes(rounds=(both,)))
    assert {frozenset((b.white, b.black)) for b in again.boards} == {frozenset((1, 2))}
    one = Round(1, (Board(1, 2, GameResult.WHITE_FORFEIT_WIN, game="g1"), Board(2, 1, GameResult.DRAW, game="g2")))
    import pytest

    from core.errors import PairingImpossible

    with pytest.raises(PairingImpossible):
        get_system("double-swiss").pair(t.with_changes(rounds=(one,)))


def test_trf_writes_two_columns_per_match_and_reads_them_back():
    from core.trf.reader import parse_tournament
    from core.trf.writer import write_trf

    t = small_event()
    pairing = get_system("double-swiss").pair(t)
    played = Round(1, tuple(Board(b.white, b.black, GameResult.WHITE_WINS, game=b.game) for b in pairing.boards),
                   pairing.byes)
    t = t.with_changes(rounds=(played,))
    text = write_trf(t)
    assert "192 FIDE_DOUBLESWISS" in text
    assert "142 6" in text  # three matches, six game columns
    line = next(x for x in text.splitlines() if x.startswith("001    1"))
    assert line[91:99] == "   3 w 1" and line[101:109] == "   3 b 0"
    back = parse_tournament(text)
    assert back.system == "double-swiss" and back.total_rounds == 3
    assert back.rounds[0].boards == played.boards
    assert back.rounds[0].byes == (Bye(5, ByeKind.PAB),)
    assert scores(back) == scores(t)


def test_systems_lists_double_swiss():
    assert "double-swiss" in system_ids()


def test_standings_of_a_match_round_count_points_per_game():
    from core.standings import compute_standings

    t = small_event()
    pairing = get_system("double-swiss").pair(t)
    played = Round(1, tuple(Board(b.white, b.black, GameResult.WHITE_WINS, game=b.game) for b in pairing.boards),
                   pairing.byes)
    rows = compute_standings(t.with_changes(rounds=(played,))).rows
    # every match 1-1 (each White won), the PAB 1½ (C.04.5 1.4): 5 leads
    assert [(r.pno, r.points) for r in rows][:1] == [(5, Fraction(3, 2))]
    assert sorted(r.points for r in rows) == [1, 1, 1, 1, Fraction(3, 2)]


def test_a_single_forfeited_game_counts_as_played_for_tie_breaks():
    # Preface: unless a player forfeits both games, the match is regularly played and, for
    # tie-breaks, a single forfeited game is treated as played.  Game 1 is forfeited by 2
    # (1 wins it), game 2 played: for the tie-break context every game of the match is played.
    from core.tiebreaks.context import build_context

    t = small_event().with_changes(players=small_event().players[:2], total_rounds=1)
    rnd = Round(1, (Board(1, 2, GameResult.WHITE_FORFEIT_WIN, game="g1"), Board(2, 1, GameResult.DRAW, game="g2")))
    ctx = build_context(t.with_changes(rounds=(rnd,)))
    assert [(c.opponent, c.played, c.vur) for c in ctx.cells[2]] == [(1, True, False), (1, True, False)]
    assert ctx.frac(ctx.total[1]) == Fraction(3, 2)
    # both games forfeited by 2: the match is forfeited, the games stay unplayed
    both = Round(1, (Board(1, 2, GameResult.WHITE_FORFEIT_WIN, game="g1"),
                     Board(2, 1, GameResult.BLACK_FORFEIT_WIN, game="g2")))
    ctx = build_context(t.with_changes(rounds=(both,)))
    assert [c.played for c in ctx.cells[2]] == [False, False]


def test_hakem_systems_lists_id_edition_and_name(cli_data, capsys):
    import json

    from tests.cli_run import run

    out, _err = run(capsys, "systems")
    line = next(x for x in out.splitlines() if x.startswith("double-swiss "))
    assert line.split()[:2] == ["double-swiss", "2026"] and "Double-Swiss" in line
    listed = json.loads(run(capsys, "systems", "--format", "json")[0])["systems"]
    assert {"id": "dutch-2017", "ruleset": "2017", "name": "Dutch system (2017 rules)"} in listed


def test_a_new_double_swiss_event_from_the_tui_form_has_the_match_pab():
    from core.app.new_event import build_event
    from tui.services import NewTournament, event_from_form

    assert build_event(event_from_form(NewTournament(name="DS", system="double-swiss"))).points.pab == Fraction(3, 2)
    assert build_event(event_from_form(NewTournament(name="D", system="dutch"))).points.pab == 1


def test_the_pab_covers_both_games_of_the_match_for_tie_breaks():
    # Preface: byes apply to matches.  The PAB's player has no absence in game 2: in the
    # tie-break view both game rounds are his PAB, 1.5 in all (C.04.5 1.4)
    from core.tiebreaks.context import build_context

    t = small_event()
    pairing = get_system("double-swiss").pair(t)
    played = Round(1, tuple(Board(b.white, b.black, GameResult.DRAW, game=b.game) for b in pairing.boards),
                   pairing.byes)
    ctx = build_context(t.with_changes(rounds=(played,)))
    assert [(c.code, c.vur, c.paired) for c in ctx.cells[5]] == [(Code.PAB, False, True)] * 2
    assert ctx.frac(ctx.total[5]) == Fraction(3, 2)
    assert ctx.frac(ctx.total[1]) == 1


def test_trf_round_numbers_of_byes_ranges_and_adjustments_count_game_columns():
    # a match's requested bye sits in its first column (240 / the 001 cell), a prohibited range
    # spans the columns of its matches (260), a point assignment follows its match (299)
    from core.model import ForbiddenRange, PointAdjustment, RequestedBye
    from core.trf.reader import parse_tournament
    from core.trf.writer import write_trf

    t = small_event().with_changes(
        requested_byes=(RequestedBye(2, 1, ByeKind.HALF), RequestedBye(3, 2, ByeKind.HALF),
                        RequestedBye(4, 3, ByeKind.ZERO)),
        forbidden_ranges=(ForbiddenRange(2, 3, (1, 2)),),
        adjustments=(PointAdjustment((5,), Fraction(-1, 2), 1),))
    pairing = get_system("double-swiss").pair(t)
    played = Round(1, tuple(Board(b.white, b.black, GameResult.DRAW, game=b.game) for b in pairing.boards),
                   pairing.byes)
    t = t.with_changes(rounds=(played,), requested_byes=t.requested_byes[1:])
    text = write_trf(t)
    lines = text.splitlines()
    assert "240 Z   5    4" in lines  # match 3's first column
    assert next(x for x in lines if x.startswith("001    3"))[111:119] == "0000 - H"  # match 2, column 3
    assert any(x.startswith("260   3   6") for x in lines)
    back = parse_tournament(text)
    assert back.requested_byes == t.requested_byes
    assert back.forbidden_ranges == t.forbidden_ranges
    assert back.adjustments == t.adjustments
    assert scores(back) == scores(t)


def test_columns_that_are_no_matches_are_refused():
    from core.trf.matches import fold_matches

    t = small_event()
    one = Round(1, (Board(1, 2, GameResult.DRAW),))
    other = Round(2, (Board(1, 3, GameResult.DRAW),))
    _t, problems = fold_matches(t.with_changes(rounds=(one, other, one)))
    assert problems == ["a Double-Swiss file needs two round columns per match, but it holds 3",
                        "rounds 1 and 2: the two games of a match must have the same pairs"]
    same = Round(2, (Board(1, 2, GameResult.DRAW),))
    _t, problems = fold_matches(t.with_changes(rounds=(one, same)))
    assert problems == ["rounds 1 and 2: 1 has White in both games against 2; the colours of a match alternate"]


def test_a_forbidden_pair_takes_the_next_identifier():
    # [C1] with the event's forbidden pair 1–5: the first identifier is 1 2 3 4 6 5 7 8 (by hand:
    # the tops stay 1–4; 1's smallest allowed opponent is 6, then 2–5, 3–7, 4–8)
    players = tuple(Player(pno=i, name=f"P{i}") for i in range(1, 9))
    t = Tournament(id="f", name="f", system="double-swiss", total_rounds=3, players=players,
                   forbidden=((1, 5),), initial_colour=Colour.WHITE)
    boards = get_system("double-swiss").pair(t).boards
    assert sorted(tuple(sorted((b.white, b.black))) for b in boards if b.game == "g1") == [
        (1, 6), (2, 5), (3, 7), (4, 8)]


def test_a_requested_bye_covers_both_games_of_its_match_for_tie_breaks():
    # Preface: byes, requested or assigned, apply to matches, never to single games.  Three
    # players, two matches.  Match 1: 1 v 2 (two draws), 3 a requested full-point bye; match 2
    # (the last): 1 v 3 (two draws), 2 a requested full-point bye.  A full-point bye is no
    # voluntary unplayed round (C.07 Art. 16.1), and it is the whole of match 2 for 2: no game
    # of that match is an absence.  A full-point bye is a match won: 2 points.  So 2's adjusted
    # score for Buchholz is his score, ½ + ½ + 2 = 3 (were game 2 of the match an absence at
    # the end, C.07 would count it as a draw: 3½), 3's is 2 + ½ + ½ = 3, and BH of 1 (one term
    # per game) = 2·3 + 2·3 = 12.
    from core.standings import compute_standings
    from core.tiebreaks.context import build_context

    t = small_event().with_changes(players=small_event().players[:3], total_rounds=2)
    r1 = Round(1, (Board(1, 2, GameResult.DRAW, game="g1"), Board(2, 1, GameResult.DRAW, game="g2")),
               (Bye(3, ByeKind.FULL),))
    r2 = Round(2, (Board(3, 1, GameResult.DRAW, game="g1"), Board(1, 3, GameResult.DRAW, game="g2")),
               (Bye(2, ByeKind.FULL),))
    t = t.with_changes(rounds=(r1, r2))
    assert scores(t) == {1: 2, 2: 3, 3: 3}
    ctx = build_context(t)
    assert [(c.code, c.vur) for c in ctx.cells[2][2:]] == [(Code.FULL_BYE, False)] * 2
    assert compute_standings(t, ("BH",)).row(1).values["BH"] == 12


def test_progressive_score_sums_the_score_after_each_match():
    # C.07 Art. 7.5: PS is the sum of the running scores after each round; in Double-Swiss the
    # round is the match (Preface: every pairing is a match; C.07 Art. 15: "a game (or
    # match)"), so the order of the two games inside a match does not count.  By hand:
    # match 1: 1 v 2 1-0 then 0-1 (1-1), 3 v 4 two draws (1-1): everyone has 1 after it.
    # match 2: 1 v 3 two wins for 1, 2 v 4 two draws: 1 has 3, 2 has 2, 3 has 1, 4 has 2.
    # PS = 1+3, 1+2, 1+1, 1+2 = 4, 3, 2, 3; PS/C1 drops match 1: 3, 2, 1, 2.
    # (Per game 1 would have 1+1+2+3 = 7 and 2 would have 0+1+1+2 = 4.)
    from core.standings import compute_standings

    t = small_event().with_changes(players=small_event().players[:4], total_rounds=2)
    r1 = Round(1, (Board(1, 2, GameResult.WHITE_WINS, game="g1"), Board(2, 1, GameResult.WHITE_WINS, game="g2"),
                   Board(3, 4, GameResult.DRAW, game="g1"), Board(4, 3, GameResult.DRAW, game="g2")))
    r2 = Round(2, (Board(1, 3, GameResult.WHITE_WINS, game="g1"), Board(3, 1, GameResult.BLACK_WINS, game="g2"),
                   Board(2, 4, GameResult.DRAW, game="g1"), Board(4, 2, GameResult.DRAW, game="g2")))
    table = compute_standings(t.with_changes(rounds=(r1, r2)), ("PS", "PS/C1"))
    assert [table.row(p).values["PS"] for p in (1, 2, 3, 4)] == [4, 3, 2, 3]
    assert [table.row(p).values["PS/C1"] for p in (1, 2, 3, 4)] == [3, 2, 1, 2]
    one = compute_standings(t.with_changes(rounds=(r1,), total_rounds=1), ("PS",))
    assert [one.row(p).values["PS"] for p in (1, 2, 3, 4)] == [1, 1, 1, 1]


def test_a_requested_bye_is_worth_a_match_not_a_game():
    # Preface: "Byes (requested or assigned) apply only to matches, never to individual games".
    # With 1-½-0 per game a full-point bye is a match won (1 + 1 = 2), a half-point bye a
    # drawn match (½ + ½ = 1), a zero-point bye a match lost (0); the PAB stays a game won
    # plus a game drawn (1.4: 1½), so a requested full-point bye is no longer worth less than
    # the PAB.  Match 1: 1 v 2 (1-0 and ½-½: 1½ and ½), 3 a full-point bye, 4 a half-point
    # bye, 5 a zero-point bye.
    from core.trf.reader import parse_tournament
    from core.trf.writer import write_trf
    from core.app.new_event import build_event
    from tui.services import NewTournament, event_from_form

    t = small_event()
    assert (t.points.full_bye, t.points.half_bye, t.points.zero_bye, t.points.pab) == (2, 1, 0, Fraction(3, 2))
    r1 = Round(1, (Board(1, 2, GameResult.WHITE_WINS, game="g1"), Board(2, 1, GameResult.DRAW, game="g2")),
               (Bye(3, ByeKind.FULL), Bye(4, ByeKind.HALF), Bye(5, ByeKind.ZERO)))
    t = t.with_changes(rounds=(r1,))
    assert scores(t) == {1: Fraction(3, 2), 2: Fraction(1, 2), 3: 2, 4: 1, 5: 0}
    # a foreign file's 162 gives one game's values; read as a Double-Swiss file the byes are matches
    assert scores(parse_tournament(write_trf(t).replace("XXS", "XXX"))) == scores(t)
    form = build_event(event_from_form(NewTournament(name="DS", system="double-swiss"))).points
    assert (form.full_bye, form.half_bye) == (2, 1)


def test_card_and_crosstable_show_one_line_per_match_with_byes_once():
    # Preface: every pairing is a match of two games; byes apply only to matches.  Five
    # players, two matches (1-½-0 per game; PAB 1½, half-point bye a drawn match, 1):
    #   match 1: 1-2 (1-0, ½-½) → 1 1½, 2 ½;  3-4 (0-1, 4 White wins game 2) → 3 0, 4 2;  5 PAB 1½
    #   match 2: 1-3 (½-½, ½-½) → 1, 1;  4-5 (4 wins game 1, 5 loses game 2 with White) → 4 2, 5 0;
    #            2 a half-point bye 1
    # Totals: 4: 4 (rank 1), 1: 2½ (2), then 2 and 5 on 1½, 3: 1.  Card and crosstable have
    # two matches (not four game rounds), each bye once at its match value, and the cells of
    # a row add up to its points (5: –1½ and 0 = 1½; 2: ½ and –1 = 1½).
    from core.reports.render import human_rows
    from core.reports.tables import crosstable, player_card
    from core.reports.view import View

    W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
    r1 = Round(1, (Board(1, 2, W, game="g1"), Board(2, 1, D, game="g2"),
                   Board(3, 4, L, game="g1"), Board(4, 3, W, game="g2")), (Bye(5, ByeKind.PAB),))
    r2 = Round(2, (Board(1, 3, D, game="g1"), Board(3, 1, D, game="g2"),
                   Board(4, 5, W, game="g1"), Board(5, 4, L, game="g2")), (Bye(2, ByeKind.HALF),))
    t = small_event().with_changes(total_rounds=2, rounds=(r1, r2))
    assert scores(t) == {1: Fraction(5, 2), 2: Fraction(3, 2), 3: 1, 4: 4, 5: Fraction(3, 2)}
    (card, *_rest) = player_card(View(t), 5).tables
    rows = human_rows(card)
    assert [r[:1] + r[3:4] + r[5:] for r in rows] == [
        ["1", "Pairing-allocated bye", "", "1½", "1½"],
        ["2", "P4", "0 0", "0", "1½"],
        ["Total", "", "", "", "1½"]]
    rows = human_rows(player_card(View(t), 2).tables[0])
    assert [r[:1] + r[3:4] + r[5:] for r in rows][:2] == [["1", "P1", "0 ½", "½", "½"],
                                                          ["2", "Half-point bye", "", "1", "1½"]]
    [cross] = [human_rows(tb) for tb in crosstable(View(t)).tables]
    by_name = {r[2]: r for r in cross}
    assert by_name["P5"][4:7] == ["–1½", "1■0", "1½"]
    assert by_name["P2"][4:7] == ["2■½", "–1", "1½"]

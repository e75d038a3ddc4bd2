"""The model and the validated commands: pairing numbers (C.04.2 Art. 2), late entries,
withdrawals, byes, results, colour history (Art. 3.4), validation that reports everything."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core import changes
from core.demo import demo_tournament
from core.errors import InvalidResult, RoundError, TournamentError, ValidationError
from core.model import (
    Board, Bye, ByeKind, Code, Colour, GameResult, Player, PointSystem, Round, Tournament,
    colour_history, entries, format_points, points, scores,
)
from core.pairing.base import RoundPairing
from core.validate import validate


def registered(*players: tuple) -> Tournament:
    t = Tournament(id="t", name="Test", total_rounds=5)
    for name, rating, title in players:
        t = changes.add_player(t, name, rating=rating, title=title)
    return t


def test_pairing_numbers_rating_then_title_then_name():
    # Art. 2.2: strength, then title GM, IM, WGM, FM, WIM, CM, WFM, WCM, none, then alphabetical
    t = registered(("Zeta, A", 2000, ""), ("Beta, B", 2000, "FM"), ("Alpha, C", 2000, ""),
                   ("Gamma, D", 2000, "IM"), ("Delta, E", 2100, ""), ("Eta, F", 2000, "WGM"),
                   ("Unrated, G", 0, ""))
    assert [p.name for p in sorted(t.players, key=lambda p: p.pno)] == [
        "Delta, E", "Gamma, D", "Eta, F", "Beta, B", "Alpha, C", "Zeta, A", "Unrated, G"]


def test_names_sort_without_locale_and_accents_fold():
    t = registered(("Özdemir, A", 1500, ""), ("Ozan, B", 1500, ""), ("Çelik, C", 1500, ""),
                   ("Cem, D", 1500, ""))
    assert [p.name for p in sorted(t.players, key=lambda p: p.pno)] == [
        "Çelik, C", "Cem, D", "Ozan, B", "Özdemir, A"]


def _pair_by_hand(t: Tournament) -> Tournament:
    """Pair top half against bottom half with a bye for the last player (no engine needed)."""
    active = sorted(p.pno for p in t.players if p.active_in(t.current_round + 1))
    byes = ()
    if len(active) % 2:
        byes = (Bye(active.pop(), ByeKind.PAB),)
    half = len(active) // 2
    boards = tuple(Board(active[i], active[i + half]) for i in range(half))
    return changes.apply_pairing(t, RoundPairing(t.current_round + 1, boards, byes))


def test_late_entry_is_slotted_in_until_round_four_then_appended():
    t = registered(("A", 2400, ""), ("B", 2300, ""), ("C", 2200, ""), ("D", 2100, ""))
    t = _pair_by_hand(t)  # round 1: 1-3, 2-4
    for b in range(1, 3):
        t = changes.set_result(t, 1, b, "1-0")
    t = changes.add_player(t, "Late, Strong", rating=2350)
    late = next(p for p in t.players if p.name == "Late, Strong")
    assert late.pno == 2 and late.joined_round == 2
    # every reference was renumbered: old 2 (B) is now 3 and still played old 4 (now 5)
    assert t.rounds[0].boards == (Board(1, 4, GameResult.WHITE_WINS), Board(3, 5, GameResult.WHITE_WINS))
    for _ in range(3):
        t = _pair_by_hand(t)
        for b in range(1, len(t.rounds[-1].boards) + 1):
            t = changes.set_result(t, t.current_round, b, "1/2")
    assert t.numbers_frozen
    t = changes.add_player(t, "Later, Top", rating=2800)
    assert next(p for p in t.players if p.name == "Later, Top").pno == 6


def test_remove_only_before_round_one_and_numbers_stay_compact():
    t = registered(("A", 2400, ""), ("B", 2300, ""), ("C", 2200, ""))
    t = changes.remove_player(t, 2)
    assert [(p.pno, p.name) for p in t.players] == [(1, "A"), (2, "C")]
    t = _pair_by_hand(t)
    with pytest.raises(TournamentError, match="withdraw"):
        changes.remove_player(t, 1)


def test_withdrawal_and_requested_byes_are_checked():
    t = registered(("A", 2400, ""), ("B", 2300, ""), ("C", 2200, ""))
    t = changes.request_bye(t, 3, 2, ByeKind.HALF)
    with pytest.raises(TournamentError, match="pairing-allocated"):
        changes.request_bye(t, 1, 2, ByeKind.PAB)
    with pytest.raises(RoundError, match="no round 6: a bye can be requested for rounds 1 to 5"):
        changes.request_bye(t, 1, 6, ByeKind.HALF)
    t = _pair_by_hand(t)
    with pytest.raises(RoundError, match="already paired"):
        changes.request_bye(t, 1, 1, ByeKind.HALF)
    with pytest.raises(RoundError, match="already paired"):
        changes.withdraw(t, 1, 1)
    t = changes.withdraw(t, 3)
    assert t.player(3).withdrawn_round == 2
    assert t.requested_byes == ()  # the bye for round 2 went with the withdrawal
    assert not t.player(3).active_in(2) and t.player(3).active_in(1)


def test_results_are_parsed_and_scores_are_exact():
    t = registered(("A", 2400, ""), ("B", 2300, ""), ("C", 2200, ""), ("D", 2100, ""), ("E", 2000, ""))
    t = _pair_by_hand(t)  # 1-3, 2-4, 5 PAB
    t = changes.set_result(t, 1, 1, "½")
    t = changes.set_result(t, 1, 2, "-+")
    assert scores(t) == {1: Fraction(1, 2), 3: Fraction(1, 2), 2: 0, 4: 1, 5: 1}
    with pytest.raises(InvalidResult, match="boards 1 to 2"):
        changes.set_result(t, 1, 3, "1-0")
    with pytest.raises(InvalidResult, match="unknown result"):
        changes.set_result(t, 1, 1, "2-0")
    t = changes.set_result(t, 1, 1, None)  # correction: back to "being played"
    with pytest.raises(RoundError, match="not finished: no result on board\\(s\\) 1"):
        changes.check_can_pair(t)


def test_unpair_restores_requested_byes_and_needs_confirmation_after_results():
    t = registered(("A", 2400, ""), ("B", 2300, ""), ("C", 2200, ""))
    t = changes.request_bye(t, 3, 1, ByeKind.HALF)
    pairing = RoundPairing(1, (Board(1, 2),), (Bye(3, ByeKind.HALF),))
    t = changes.apply_pairing(t, pairing)
    assert t.requested_byes == ()
    t = changes.set_result(t, 1, 1, "1-0")
    with pytest.raises(RoundError, match="already has results"):
        changes.unpair_last_round(t)
    t = changes.unpair_last_round(t, force=True)
    assert t.rounds == () and [(b.pno, b.round, b.kind) for b in t.requested_byes] == [(3, 1, ByeKind.HALF)]


def test_invalid_pairing_is_refused_with_every_problem():
    t = registered(("A", 2400, ""), ("B", 2300, ""), ("C", 2200, ""))
    bad = RoundPairing(1, (Board(1, 1), Board(2, 9)), (Bye(2, ByeKind.PAB), Bye(3, ByeKind.PAB)))
    with pytest.raises(ValidationError) as info:
        changes.apply_pairing(t, bad)
    text = [str(p) for p in info.value.problems]
    assert "round 1, board 1: player 1 plays himself" in text
    assert "round 1, board 2: player 9 is not registered" in text
    assert "round 1: 2 pairing-allocated byes (at most one per round)" in text
    assert "round 1: player 2 appears 2 times" in text


def test_colour_history_skips_unplayed_rounds():
    # Art. 3.4: BWBuW is read as uBWBW; forfeits and byes carry no colour
    t = Tournament(id="x", name="x", players=tuple(Player(i, f"P{i}") for i in range(1, 7)), rounds=(
        Round(1, (Board(2, 1, GameResult.WHITE_WINS),)),
        Round(2, (Board(1, 3, GameResult.DRAW),)),
        Round(3, (Board(4, 1, GameResult.BLACK_WINS),)),
        Round(4, (Board(1, 5, GameResult.WHITE_FORFEIT_WIN),)),
        Round(5, (Board(1, 6, GameResult.BLACK_WINS),), ()),
    ), total_rounds=5)
    hist = entries(t)[1]
    assert [e.colour for e in hist] == [Colour.BLACK, Colour.WHITE, Colour.BLACK, Colour.NONE, Colour.WHITE]
    assert colour_history(hist) == [Colour.BLACK, Colour.WHITE, Colour.BLACK, Colour.WHITE]
    assert [e.code for e in hist] == [Code.LOSS, Code.DRAW, Code.WIN, Code.FORFEIT_WIN, Code.LOSS]
    assert entries(t)[2][1].code is Code.ZERO_BYE  # absent in round 2: zero, no opponent


def test_point_systems_and_exact_formatting():
    ps = PointSystem(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), pab=Fraction(3))
    assert ps.for_code(Code.SHORT_DRAW) == 1 and ps.for_code(Code.PAB) == 3
    assert [format_points(points(x)) for x in ("5.5", "5,5", "1½", "½", "3", "0.25", "1/3")] == [
        "5.5", "5.5", "1.5", "0.5", "3", "0.25", "0.333333"]


def test_validation_collects_all_problems():
    t = Tournament(id="x", name="x", total_rounds=1,
                   players=(Player(1, "A"), Player(1, "B"), Player(2, " ")),
                   rounds=(Round(1, ()), Round(2, ())))
    text = [str(p) for p in validate(t)]
    assert "player 1: pairing number 1 is used 2 times" in text
    assert "player 2: the name is empty" in text
    assert "settings: 2 rounds are paired but the tournament has only 1" in text


def test_demo_tournament_is_ready_to_pair():
    t = demo_tournament()
    assert len(t.players) == 12 and t.total_rounds == 5
    assert [p.pno for p in t.players] == list(range(1, 13))
    assert t.player(1).name == "Ivanov, Sergei"  # 2311, the highest rating
    assert validate(t) == []

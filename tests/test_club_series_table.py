"""The series table computed from events (core.club.series_table): places shared and their
points split, best N of M, the minimum, who is who, and the stated tie-break order — every
expected value worked out by hand in the test from the events' results."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from core.club.series import Series, SeriesError, check, from_document, parse_table, to_document
from core.club.series_table import compute
from core.model import Board, GameResult, Player, Round, Tournament

RR4 = (((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
"""Berger table for four players (FIDE C.05 Annex 1): every pair meets once."""


Outcome = Callable[[str, str], GameResult]


def ordered(order: list[str], draws: tuple[tuple[str, str], ...] = ()) -> Outcome:
    """The player earlier in ``order`` beats the later one, except the pairs in ``draws``: a
    player's score is the players after her in ``order``, ½ less for each draw with one of
    them and ½ more for each draw with one before her."""
    rank = {name: i for i, name in enumerate(order)}
    drawn = [set(d) for d in draws]

    def outcome(white: str, black: str) -> GameResult:
        if {white, black} in drawn:
            return GameResult.DRAW
        return GameResult.WHITE_WINS if rank[white] < rank[black] else GameResult.BLACK_WINS

    return outcome


def event(tid: str, players: list[Player], outcome: Outcome) -> Tournament:
    """A finished round robin of four whose games end as ``outcome(white, black)`` says."""
    names = {p.pno: p.name for p in players}
    rounds = tuple(Round(number, tuple(Board(w, b, outcome(names[w], names[b])) for w, b in pairs))
                   for number, pairs in enumerate(RR4, start=1))
    return Tournament(tid, tid, system="berger", total_rounds=3, players=tuple(players), rounds=rounds)


def p(pno: int, name: str, member: int | None = None, fide: str = "") -> Player:
    return Player(pno, name, fide_id=fide, member=member)


def table_of(series: Series, events: list[Tournament]) -> list[tuple]:
    s = Series(series.name, series.scoring, series.table, series.best, series.minimum, series.place_by,
               events=tuple(t.id for t in events))
    out = compute(s, {t.id: t for t in events})
    return [(r.rank, r.name, r.total, r.played, r.decided_by) for r in out.rows]


def test_places_split_between_players_equal_on_points() -> None:
    # Ann 3, Bob 1½, Cem 1½, Dan 0: Bob and Cem cover places 2 and 3 and split 8 + 6.
    e = event("e1", [p(1, "Ann", 1), p(2, "Bob", 2), p(3, "Cem", 3), p(4, "Dan", 4)],
              ordered(["Ann", "Bob", "Cem", "Dan"], (("Bob", "Cem"),)))
    rows = compute(Series("S", table=parse_table("10,8,6,5"), events=("e1",)), {"e1": e}).rows
    assert {r.name: r.total for r in rows} == {"Ann": 10, "Bob": 7, "Cem": 7, "Dan": 5}
    bob = next(r for r in rows if r.name == "Bob")
    assert bob.results[0] is not None and (bob.results[0].place, bob.results[0].shared) == (2, 2)


def test_places_beyond_the_table_earn_nothing() -> None:
    e = event("e1", [p(1, "Ann", 1), p(2, "Bob", 2), p(3, "Cem", 3), p(4, "Dan", 4)],
              ordered(["Ann", "Bob", "Cem", "Dan"], (("Cem", "Dan"),)))
    rows = compute(Series("S", table=parse_table("3,2,1"), events=("e1",)), {"e1": e}).rows
    # Cem and Dan (½ each) share places 3 and 4: (1 + 0) / 2
    assert {r.name: r.total for r in rows} == {"Ann": 3, "Bob": 2, "Cem": Fraction(1, 2), "Dan": Fraction(1, 2)}


def test_place_by_standings_takes_the_events_tie_breaks() -> None:
    # Ann beats Bob and Dan, loses to Cem: 2 · Bob beats Cem, draws Dan: 1½ · Cem beats Ann,
    # draws Dan: 1½ · Dan 1.  Bob and Cem are equal on points; the event's list (direct
    # encounter) puts Bob, who beat Cem, second.
    e = event("e1", [p(1, "Ann", 1), p(2, "Bob", 2), p(3, "Cem", 3), p(4, "Dan", 4)],
              winners({("Ann", "Bob"): "Ann", ("Ann", "Cem"): "Cem", ("Ann", "Dan"): "Ann",
                       ("Bob", "Cem"): "Bob", ("Bob", "Dan"): "", ("Cem", "Dan"): ""}))
    e = e.with_changes(tiebreaks=("DE",))
    table = parse_table("10,8,6,5")
    by_points = compute(Series("S", table=table, events=("e1",)), {"e1": e}).rows
    assert {r.name: r.total for r in by_points} == {"Ann": 10, "Bob": 7, "Cem": 7, "Dan": 5}
    by_standings = compute(Series("S", table=table, place_by="standings", events=("e1",)), {"e1": e}).rows
    assert {r.name: r.total for r in by_standings} == {"Ann": 10, "Bob": 8, "Cem": 6, "Dan": 5}


def test_best_two_of_three_minimum_and_the_stated_tie_break_order() -> None:
    e1, e2, e3 = season()
    rows = table_of(Series("GP", table=parse_table("10,8,6,5,4,3"), best=2, minimum=2), [e1, e2, e3])
    # Hand computation (places: 10-8-6-5-4-3, equal points split):
    #   e1 Ann 3, Bob 1½, Cem 1½, Dan 0 -> Ann 10, Bob 7, Cem 7, Dan 5
    #   e2 Bob 3, Eve 2, Ann 1, Fay 0   -> Bob 10, (Eve 8), Ann 6, Fay 5
    #   e3 Cem 3, Ann 1½, Bob 1½, Dan 0 -> Cem 10, Ann 7, Bob 7, Dan 5
    #   Ann 10+7 (6 dropped) = 17, 3 played · Bob 10+7 (7 dropped) = 17, 3 played
    #   Cem 10+7 = 17, 2 played · Dan 5+5 = 10 · Fay 5, one event: not qualified
    # All three on 17 with the same counted results (10, 7): Cem played fewer events; Bob's
    # discarded 7 beats Ann's 6.
    assert rows == [(1, "Bob", 17, 3, "discarded"), (2, "Ann", 17, 3, "played"), (3, "Cem", 17, 2, ""),
                    (4, "Dan", 10, 2, ""), (None, "Fay", 5, 1, "")]


def test_game_points_equal_head_to_head_shares_the_place() -> None:
    e1, _e2, e3 = season()
    rows = table_of(Series("GP", scoring="points", best=2, minimum=1), [e1, e3])
    # e1: Ann 3, Bob 1½, Cem 1½, Dan 0 · e3: Cem 3, Ann 1½, Bob 1½, Dan 0
    # Ann 4½ and Cem 4½, the same counted results (3, 1½), the same events, nothing dropped;
    # Ann beat Cem in e1, Cem beat Ann in e3: 1 - 1 head-to-head, so they share first place.
    assert rows == [(1, "Ann", Fraction(9, 2), 2, ""), (1, "Cem", Fraction(9, 2), 2, ""),
                    (3, "Bob", 3, 2, ""), (4, "Dan", 0, 2, "")]


def rivals() -> tuple[Tournament, Tournament]:
    """Two events after which Ann and Bob are equal on everything but their games."""
    players = [p(1, "Ann", 1), p(2, "Bob", 2), p(3, "Cem", 3), p(4, "Dan", 4)]
    # h1: Ann beats Bob and Dan, loses to Cem: 2 · Bob beats Cem and Dan: 2 · Cem beats Dan: 2 · Dan 0
    h1 = event("h1", players, winners({("Ann", "Bob"): "Ann", ("Ann", "Cem"): "Cem", ("Ann", "Dan"): "Ann",
                                       ("Bob", "Cem"): "Bob", ("Bob", "Dan"): "Bob", ("Cem", "Dan"): "Cem"}))
    # h2: Ann-Bob drawn; Ann beats Cem, loses to Dan: 1½ · Bob loses to Cem, beats Dan: 1½
    #     Cem beats Bob and Dan: 2 · Dan beats Ann: 1
    h2 = event("h2", players, winners({("Ann", "Bob"): "", ("Ann", "Cem"): "Ann", ("Ann", "Dan"): "Dan",
                                       ("Bob", "Cem"): "Cem", ("Bob", "Dan"): "Bob", ("Cem", "Dan"): "Cem"}))
    return h1, h2


def test_head_to_head_decides_when_everything_else_is_equal() -> None:
    rows = table_of(Series("H", scoring="points"), list(rivals()))
    # Cem 4; Ann and Bob 3½ with the same results (2, 1½) in the same two events: head-to-head
    # Ann 1 + ½ = 1½, Bob 0 + ½ = ½.
    assert rows == [(1, "Cem", 4, 2, ""), (2, "Ann", Fraction(7, 2), 2, "head-to-head"),
                    (3, "Bob", Fraction(7, 2), 2, ""), (4, "Dan", 1, 2, "")]


def test_a_forfeit_is_no_game_between_them() -> None:
    h1, h2 = rivals()
    # Ann's win over Bob in h1 was a forfeit (the same point): head-to-head ½ - ½, shared
    h1 = h1.with_changes(rounds=tuple(Round(r.number, tuple(
        replace(b, result=GameResult.WHITE_FORFEIT_WIN if b.result is GameResult.WHITE_WINS else GameResult.BLACK_FORFEIT_WIN)
        if {b.white, b.black} == {1, 2} else b for b in r.boards)) for r in h1.rounds))
    rows = table_of(Series("H", scoring="points"), [h1, h2])
    assert [row[:3] for row in rows] == [(1, "Cem", 4), (2, "Ann", Fraction(7, 2)), (2, "Bob", Fraction(7, 2)),
                                         (4, "Dan", 1)]


def winners(games: dict[tuple[str, str], str]) -> Outcome:
    """Each pair's winner ("" a draw)."""

    def outcome(white: str, black: str) -> GameResult:
        winner = games.get((white, black), games.get((black, white)))
        if winner == "":
            return GameResult.DRAW
        return GameResult.WHITE_WINS if winner == white else GameResult.BLACK_WINS

    return outcome


def season() -> tuple[Tournament, Tournament, Tournament]:
    """The season of the CLI test (tests/test_club_series.py), built directly."""
    e1 = event("e1", [p(1, "Ann", 1, "34100001"), p(2, "Bob", 2), p(3, "Cem", None, "34100003"),
                      p(4, "Dan", 4, "34100004")], ordered(["Ann", "Bob", "Cem", "Dan"], (("Bob", "Cem"),)))
    e2 = event("e2", [p(1, "Ann", 1), p(2, "Bob", 2), p(3, "Eve"), p(4, "Fay", 6)],
               ordered(["Bob", "Eve", "Ann", "Fay"]))
    e3 = event("e3", [p(1, "Cem", None, "34100003"), p(2, "Dan", None, "34100004"), p(3, "Ann", 1),
                      p(4, "Bob", 2)], ordered(["Cem", "Ann", "Bob", "Dan"], (("Ann", "Bob"),)))
    return e1, e2, e3


def test_who_is_who() -> None:
    e1, e2, e3 = season()
    out = compute(Series("GP", events=("e1", "e2", "e3")), {"e1": e1, "e2": e2, "e3": e3})
    keys = {r.name: r.key for r in out.rows}
    assert keys["Dan"] == ("member", "4")  # only a FIDE id in e3: the member who carries it in e1
    assert keys["Cem"] == ("fide", "34100003")  # no member anywhere: followed by the FIDE id
    assert [(u.event, u.name) for u in out.unidentified] == [(1, "Eve")]
    assert next(r for r in out.rows if r.name == "Dan").played == 2


def test_the_register_names_a_player_registered_by_hand() -> None:
    # Cem never played as a member, but the register gives his FIDE id member number 3; a Go
    # player known only by her EGD pin is the member the register gives that pin
    e1, e2, e3 = season()
    out = compute(Series("GP", events=("e1", "e3")), {"e1": e1, "e3": e3}, {("fide", "34100003"): 3})
    assert {r.name: r.key for r in out.rows}["Cem"] == ("member", "3")
    go = event("g1", [Player(1, "Gil", extra={"egd_pin": "13000001"}), Player(2, "Hal", extra={"egd_pin": "13000002"}),
                      Player(3, "Ida", member=5), Player(4, "Jo")], ordered(["Gil", "Hal", "Ida", "Jo"]))
    go = go.with_changes(system="mcmahon")
    out = compute(Series("Go", events=("g1",)), {"g1": go}, {("egd", "13000001"): 7})
    assert {r.name: r.key for r in out.rows} == {"Gil": ("member", "7"), "Hal": ("egd", "13000002"),
                                                 "Ida": ("member", "5")}
    assert [u.name for u in out.unidentified] == ["Jo"]


def test_an_event_not_started_counts_for_nobody() -> None:
    e1, _e2, e3 = season()
    waiting = e3.with_changes(id="e4", rounds=())  # added to the series ahead of its day
    out = compute(Series("GP", events=("e1", "e4")), {"e1": e1, "e4": waiting})
    assert all(r.results[1] is None and r.played == 1 for r in out.rows) and not out.unidentified


def test_an_event_that_cannot_be_read_counts_for_nobody() -> None:
    e1, _e2, _e3 = season()
    out = compute(Series("GP", events=("e1", "gone")), {"e1": e1, "gone": "no such tournament"})
    assert [e.problem for e in out.events] == ["", "no such tournament"]
    assert all(r.results[1] is None for r in out.rows)


@pytest.mark.parametrize("text", ["", "10,x", "10,12", "5,0.001", "10,5,6"])
def test_bad_tables_are_refused(text: str) -> None:
    with pytest.raises(SeriesError):
        parse_table(text)


def test_document_round_trip_and_refusals() -> None:
    s = check(Series("Rapid GP", table=parse_table("25-20-16-7.5"), best=2, minimum=2, events=("a", "b"),
                     organisers=("user:alice",)))
    assert from_document(to_document(s)) == s
    with pytest.raises(SeriesError, match="best"):
        from_document({**to_document(s), "best": "2"})
    with pytest.raises(SeriesError):
        from_document({**to_document(s), "events": "a"})

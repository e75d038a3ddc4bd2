"""One row per player: what the event changes in his rating, by the system asked for.

Systems: ``fide`` (the event's rating kind: standard, rapid or blitz), ``dwz`` (the national
rating as DWZ), ``gor`` (Go).  The default is ``gor`` for a Go event, else ``fide``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from core.model import Tournament
from core.ratings import dwz, fide, gor
from core.ratings.games import RatedGame, rated_games
from core.ratings.record import age, birth_year, event_year, int_field

SYSTEMS = ("fide", "dwz", "gor")


@dataclass(frozen=True)
class Row:
    """One player's line.  ``rating`` 0 = unrated (then ``first`` holds the first-rating data
    and ``change`` is ``None``).  ``k`` is FIDE's K, the DSB's E or the EGF's con (the weight
    of a game); ``k_reason`` says where FIDE's K came from."""

    pno: int
    name: str
    rating: int
    k: float | None
    k_reason: str
    games: int
    opponents_average: int | None
    expected: float | None
    score: Fraction
    change: Fraction | None
    first: fide.FirstRating | None = None
    opponents: tuple[tuple[int, int, Fraction], ...] = field(default=())
    """(round, opponent's rating, score) of every game counted."""
    performance: int | None = None
    """DWZ only: the Leistung Rh (Wertungsordnung 3.6)."""
    left_out: tuple[tuple[int, int, int, str], ...] = field(default=())
    """FIDE only: (round, opponent's number, opponent's rating, reason) of each game played
    over the board that the rating leaves out: ``unrated`` (8.3.1: the opponent has no
    rating), ``gap`` (rapid/blitz 7.3.1: 600 points or more apart, one over 2600), a kind
    (``standard``, ``rapid``, ``blitz``: a cup game at a clock of another kind, rated on that
    list, not with these ratings) or ``unequal`` (an Armageddon: unequal clocks, no list)."""


def default_system(t: Tournament) -> str:
    return "gor" if t.system in ("gamma", "mcmahon") else "fide"


def rating_changes(t: Tournament, system: str | None = None) -> list[Row]:
    """Every player's row, in pairing-number order.

    Kept per snapshot and system: the standings panes, the standings report and the
    rating-changes report each ask for the same rows after every change (1,000 players: ~60 ms
    each time).  A snapshot never changes (a change makes a new one), so the rows kept with it
    never go stale.  On the snapshot (outside its fields, like
    :meth:`Tournament._players_by_pno`), not in one table for the process: the data service
    serves several events, and a few shared places were taken by whichever organisers asked
    last.  Two threads asking at once both compute the same rows; the first stored is kept."""
    system = system or default_system(t)
    kept: dict[str, tuple[Row, ...]] = t.__dict__.get("_rating_rows") or t.__dict__.setdefault("_rating_rows", {})
    found = kept.get(system)
    if found is None:
        games = rated_games(t)
        row = {"fide": _fide_row, "dwz": _dwz_row, "gor": _gor_row}[system]
        ratings = _ratings(t, system)
        found = kept.setdefault(system, tuple(row(t, p.pno, games.get(p.pno, []), ratings) for p in t.players))
    return list(found)


def _ratings(t: Tournament, system: str) -> dict[int, int]:
    if system == "dwz":
        return {p.pno: p.national_rating for p in t.players}
    if system == "gor":
        from core.go.ranks import go_rating

        return {p.pno: go_rating(p) for p in t.players}
    return {p.pno: p.rating for p in t.players}


def _average(values: list[int]) -> int | None:
    """Rounded to whole points, halves up (Title Regulations 1.4.7 round the same way)."""
    return fide.round_change(Fraction(sum(values), len(values))) if values else None


def _fide_row(t: Tournament, pno: int, played: list[RatedGame], ratings: dict[int, int]) -> Row:
    from core.ratings.kind import event_rating_kind

    p = t.player(pno)
    kind = event_rating_kind(t)
    own = ratings[pno]
    other_kind = tuple(g for g in played if _kind_of(g, kind) != kind)
    played = [g for g in played if g not in other_kind]
    if not own:  # 8.2: a first rating from the games against rated opponents
        counted = [g for g in played if ratings.get(g.opponent)]
        opp = tuple(ratings[g.opponent] for g in counted)
        score = sum((g.score for g in counted), Fraction(0))
        first = fide.first_rating(opp, score)
        return Row(pno, p.name, 0, None, "", len(counted), _average(list(opp)), None, score, None, first,
                   tuple((g.round, ratings[g.opponent], g.score) for g in counted))
    counted = [g for g in played if fide.game_is_rated(own, ratings.get(g.opponent, 0), kind)]
    left_out = tuple((g.round, g.opponent, ratings.get(g.opponent, 0),
                      fide.unrated_reason(own, ratings.get(g.opponent, 0), kind))
                     for g in played if g not in counted)
    left_out += tuple((g.round, g.opponent, ratings.get(g.opponent, 0), _kind_of(g, kind) or "unequal")
                      for g in other_kind)
    record = fide.KRecord(own, int_field(p, "fide_k"), int_field(p, "fide_games"),
                          bool(p.extra.get("fide_2400")), birth_year(p), event_year(t))
    k, reason = fide.k_factor(record)
    k = fide.period_k(k, len(counted))
    expected = sum((fide.expected(own, own - fide.counted_difference(own, ratings[g.opponent], kind))
                    for g in counted), Fraction(0))
    score = sum((g.score for g in counted), Fraction(0))
    return Row(pno, p.name, own, k, reason, len(counted), _average([ratings[g.opponent] for g in counted]),
               float(expected), score, k * (score - expected) if counted else Fraction(0), None,
               tuple((g.round, ratings[g.opponent], g.score) for g in counted), left_out=left_out)


def _kind_of(game: RatedGame, event_kind: str) -> str | None:
    """The list a game is rated on: its own clock's kind (a cup's extension or Armageddon may
    be faster than its regular games), else the event's; ``None``: no list (unequal clocks)."""
    from core.ratings.kind import game_kind

    return game_kind(game.clock) if game.clock else event_kind


def _dwz_row(t: Tournament, pno: int, played: list[RatedGame], ratings: dict[int, int]) -> Row:
    p = t.player(pno)
    own = ratings[pno]
    # a cup's Armageddon (unequal clocks) is no game a rating scores: its 0-0 on the flags is
    # a decision of the match, not a loss for both
    counted = [g for g in played if ratings.get(g.opponent) and _kind_of(g, "standard") is not None]
    opp = [ratings[g.opponent] for g in counted]
    score = sum((g.score for g in counted), Fraction(0))
    games = tuple((g.round, ratings[g.opponent], g.score) for g in counted)
    if not own:
        return Row(pno, p.name, 0, None, "", len(counted), _average(opp), None, score, None, None, games)
    result = dwz.change(own, opp, score, age(p, t), int_field(p, "dwz_index"))
    return Row(pno, p.name, own, result.e, "", len(counted), _average(opp), result.expected, score,
               Fraction(result.new - own), None, games, dwz.performance(opp, score))


def _gor_row(t: Tournament, pno: int, played: list[RatedGame], ratings: dict[int, int]) -> Row:
    p = t.player(pno)
    own = ratings[pno]
    counted = [g for g in played if g.opponent in ratings]
    expected = 0.0
    total = 0.0
    for g in counted:
        se, delta = gor.game_change(own, ratings[g.opponent], g.score, g.handicap, g.black, g.komi)
        expected += se
        total += delta
    score = sum((g.score for g in counted), Fraction(0))
    return Row(pno, p.name, own, round(gor.con(own), 1), "", len(counted),
               _average([ratings[g.opponent] for g in counted]), expected, score,
               Fraction(total).limit_denominator(10**6), None,
               tuple((g.round, ratings[g.opponent], g.score) for g in counted))

"""Withdrawals in a round robin: the 50 % rule of Aktar p. 61 (FIDE C.05 wording).

Why a separate module: the pairing keeps the table untouched (a withdrawn player's games
become forfeits on their board, so everybody keeps their colours and board numbers); what
changes is *ranking*, which the standings code asks about here.

Rule (Aktar p. 61, "3. Puan Sistemi"): a player who withdraws or is excluded
- having completed **fewer than 50 %** of their games: the results stay in the crosstable
  (history, rating) but the player is not in the final ranking; unplayed games show "−" for
  them and "+" for the opponent, "−" "−" if neither is present;
- having completed **50 % or more**: the results stay and the player is ranked; the unplayed
  games are forfeits shown the same way.

"Games" = the games of the whole event for that player (n−1 per cycle, one fewer for odd n
because of the free round); "completed" = played over the board (forfeits do not count).
FIDE's rule (the FIDE Tournament Rules, C.06 (2011) Art. 5.4, carried into the General
Regulations for Competitions) adds for the first case that the points scored by or against
the player do not count in the final standings; Aktar does not say so.
:func:`standing_points` follows Aktar by default and applies the FIDE reading with
``annul=True``; the standings apply it when the event's ``options["withdrawn_points"]`` is
``"annul"`` (:func:`annulled_rounds` says which results stop counting).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from core.model import Code, Tournament, entries, scores


@dataclass(frozen=True)
class WithdrawalStatus:
    """Ranking status of one withdrawn player."""

    pno: int
    completed: int
    """Games played over the board."""
    scheduled: int
    """Games the player would have played in the whole event."""

    @property
    def ranked(self) -> bool:
        """Ranked if at least half of the scheduled games were completed (2·completed ≥ games)."""
        return 2 * self.completed >= self.scheduled


def scheduled_games(t: Tournament) -> int:
    """Games per player in the whole event (cycles × (n−1))."""
    cycles = int(t.options.get("cycles", 2 if t.system == "double-berger" else 1))
    return cycles * (len(t.players) - 1)


def withdrawal_status(t: Tournament) -> dict[int, WithdrawalStatus]:
    """Status of every withdrawn player (``withdrawn_round`` set), keyed by pno."""
    hist = entries(t)
    games = scheduled_games(t)
    out: dict[int, WithdrawalStatus] = {}
    for p in sorted(t.players, key=lambda p: p.pno):
        if p.withdrawn_round is None:
            continue
        completed = sum(1 for e in hist.get(p.pno, []) if e.played)
        out[p.pno] = WithdrawalStatus(p.pno, completed, games)
    return out


def unranked(t: Tournament) -> list[int]:
    """Pairing numbers left out of the final ranking (fewer than 50 % completed)."""
    return [pno for pno, s in withdrawal_status(t).items() if not s.ranked]


WITHDRAWN_POINTS = ("keep", "annul")
"""The readings of a round robin's withdrawal under 50 %: ``keep`` (Aktar p. 61: the others
keep what they scored against the player; the default), ``annul`` (FIDE, C.06 (2011) Art. 5.4:
the points scored by or against the player do not count)."""


def annulled_rounds(t: Tournament, drop: Collection[int], upto: int | None = None) -> set[tuple[int, int]]:
    """(pno, round) of every result of a player outside ``drop`` that does not count when
    the points scored against the players ``drop`` are annulled: a game against one of them
    (played or forfeited), or the full-point bye that replaced a table game against one of
    them (the model gives the present opponent that bye).  Rounds after ``upto`` are left out."""
    if not drop:
        return set()
    hist = entries(t)
    opponents = _table_opponents(t)
    out: set[tuple[int, int]] = set()
    for pno, rows in hist.items():
        if pno in drop:
            continue
        for e in rows:
            if upto is not None and e.round > upto:
                continue
            if e.opponent in drop or (e.opponent is None and e.code is Code.FULL_BYE
                                      and opponents.get((pno, e.round)) in drop):
                out.add((pno, e.round))
    return out


def standing_points(t: Tournament, annul: bool = False) -> dict[int, Fraction]:
    """Points for the final ranking of the ranked players.

    ``annul=False`` (Aktar): everybody keeps the points of the crosstable.
    ``annul=True`` (FIDE C.06 (2011) Art. 5.4): points scored against an unranked player do not count.
    """
    drop = set(unranked(t))
    pts = scores(t)
    if annul and drop:
        hist = entries(t)
        for pno, rnd in annulled_rounds(t, drop):
            pts[pno] -= next(t.points.for_code(e.code) for e in hist[pno] if e.round == rnd)
    return {pno: v for pno, v in pts.items() if pno not in drop}


def table_opponents(t: Tournament) -> dict[tuple[int, int], int]:
    """(pno, round) → the opponent the table gave the player (individual table systems; else
    empty): whom a full-point bye of a round robin replaced a game against (the crosstable
    shows it in that opponent's column)."""
    return _table_opponents(t)


def _table_opponents(t: Tournament) -> dict[tuple[int, int], int]:
    """(pno, round) → table opponent, for the individual table systems (else empty)."""
    from core.pairing.roundrobin.lot import table_order
    from core.pairing.roundrobin.system import SCHEDULES

    schedule = SCHEDULES.get(t.system)
    if schedule is None or t.teams:
        return {}
    order = table_order(t)
    out: dict[tuple[int, int], int] = {}
    for rnd in schedule(t)[: len(t.rounds)]:
        for w, b in rnd.games:
            out[(order[w - 1], rnd.number)] = order[b - 1]
            out[(order[b - 1], rnd.number)] = order[w - 1]
    return out

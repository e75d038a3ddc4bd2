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
FIDE C.05 adds for the first case that the points scored by or against the player do not
count in the final standings; Aktar does not say so.  :func:`standing_points` follows the
seed by default and applies the FIDE reading with ``annul=True``.
"""

from __future__ import annotations

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


def standing_points(t: Tournament, annul: bool = False) -> dict[int, Fraction]:
    """Points for the final ranking of the ranked players.

    ``annul=False`` (Aktar): everybody keeps the points of the crosstable.
    ``annul=True`` (FIDE C.05): points scored against an unranked player do not count.
    """
    drop = set(unranked(t))
    pts = scores(t)
    if annul and drop:
        hist = entries(t)
        opponents = _table_opponents(t)
        for pno in pts:
            lost = Fraction(0)
            for e in hist[pno]:
                # a game against the player, or the full-point bye that replaced one
                if e.opponent in drop or (e.opponent is None and e.code is Code.FULL_BYE
                                          and opponents.get((pno, e.round)) in drop):
                    lost += t.points.for_code(e.code)
            pts[pno] -= lost
    return {pno: v for pno, v in pts.items() if pno not in drop}


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

"""One read-only view of a tournament from which every report is drawn.

Computed once per tournament snapshot (histories, running scores, standings) so that printing
ten reports after a round does not recompute tie-breaks ten times.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from core.model import (
    Player, RoundEntry, Tournament, add_adjustments, adjusted_points, entries, single_games,
)

ROUND_ROBIN_SYSTEMS = frozenset({"berger", "double-berger", "rutsch", "round-robin",
                                 "double-round-robin"})


@dataclass
class View:
    tournament: Tournament
    tiebreaks: tuple[str, ...] | None = None
    regime: str | None = None
    _cache: dict = field(default_factory=dict, repr=False)

    @cached_property
    def history(self) -> dict[int, list[RoundEntry]]:
        return entries(self.tournament)

    @cached_property
    def players(self) -> dict[int, Player]:
        return {p.pno: p for p in self.tournament.players}

    @cached_property
    def running(self) -> dict[int, list[Fraction]]:
        """Points after each round, per player, with the point adjustments (TRF 299) from
        their round on — one of no round from round 1 on — as :func:`core.model.scores`."""
        out: dict[int, list[Fraction]] = {}
        pts = self.tournament.points
        for pno, hist in self.history.items():
            total, seq = Fraction(0), []
            for e in hist:
                total += pts.for_code(e.code)
                seq.append(total)
            out[pno] = seq
        add_adjustments(self.tournament, out)
        return out

    @cached_property
    def rating_changes(self) -> dict[int, object]:
        """Per player, the rating change the event brings so far (FIDE, GoR for Go; one
        decimal, :mod:`core.ratings`) — the standings' last column; empty before a round."""
        if not self.tournament.rounds:
            return {}
        from core.ratings.changes import rating_changes
        from core.reports.document import decimal

        shown: dict[object, object] = {}  # one decimal each: the same few values recur (babel is slow)
        out: dict[int, object] = {}
        for r in rating_changes(self.tournament):
            if r.change is not None:
                key = round(Fraction(r.change), 1)
                out[r.pno] = shown[key] if key in shown else shown.setdefault(key, decimal(key, 1))
        return out

    @cached_property
    def seats(self) -> dict[tuple[int, int], str]:
        """(round, pno) → ``"w"``/``"b"``: the side of the board, also for forfeits (which have no
        colour in the history but keep their board's colours in TRF cells)."""
        out: dict[tuple[int, int], str] = {}
        for rnd in single_games(self.tournament)[0].rounds:  # rounds as the history numbers them
            for b in rnd.boards:
                out[(rnd.number, b.white)] = "w"
                out[(rnd.number, b.black)] = "b"
        return out

    def score_before(self, pno: int, round_no: int) -> Fraction:
        """Points before round ``round_no`` (a cup's knockout round: before its first game)."""
        done = single_games(self.tournament, round_no - 1)[1] if round_no >= 2 else 0
        seq = self.running.get(pno, [])
        if done and len(seq) >= done:
            return seq[done - 1]
        return adjusted_points(self.tournament, 0).get(pno, Fraction(0))  # 299 of no round

    @cached_property
    def standings(self):
        from core.standings import compute_standings

        return compute_standings(self.tournament, self.tiebreaks, self.regime, team=False)

    @cached_property
    def team_standings(self):
        """Team ranking (match points, then the team list) — only for events with teams."""
        from core.standings import compute_standings

        return compute_standings(self.tournament, team=True)

    @cached_property
    def tiebreak_context(self):
        """The tie-break engine's per-tournament context, shared by every card's explanations."""
        from core.tiebreaks import build_context

        return build_context(self.tournament)

    @cached_property
    def position(self) -> dict[int, int]:
        """Row number in the standings (1..n, unique even where ranks are shared): what a
        crosstable cell names, so a reader can find the opponent's row."""
        return {row.pno: i for i, row in enumerate(self.standings.rows, start=1)}

    @cached_property
    def rank(self) -> dict[int, int | None]:
        return {row.pno: row.rank for row in self.standings.rows}

    @property
    def is_round_robin(self) -> bool:
        return self.tournament.system in ROUND_ROBIN_SYSTEMS

    @property
    def is_go(self) -> bool:
        """Go pages (tournament table, participant cards) instead of the chess standings,
        crosstable and pairing cards: the Gamma scheme and McMahon."""
        return self.tournament.system in ("gamma", "mcmahon")

    def name(self, pno: int | None) -> str:
        if not pno:
            return ""
        p = self.players.get(pno)
        return p.name if p else f"#{pno}"

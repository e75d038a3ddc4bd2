"""The round being paired, as the procedural Swiss systems (Dubov, Burstein, Lim) read it.

Why here, in the Swiss basics: who is to be paired this round, the absolute criteria every
FIDE Swiss system shares (C1 no rematch plus forbidden pairs, C3 no meeting of two players
with the same absolute colour preference), the pairing-allocated bye of Dubov/Burstein
(C.04.4.1 Art. 3.1) and scoregroups are the same for all three; the Dutch engine reads the same
:mod:`.state` through its own weights.  The completion test (C4) is a maximum-cardinality
matching (:mod:`core.pairing.matching.cardinality`), exact, so no system needs to guess or
backtrack for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from core.errors import PairingImpossible, RoundError
from core.i18n import _
from core.model import Colour, Tournament
from core.pairing.swiss.state import (
    Float,
    PlayerState,
    PreferenceKind,
    Status,
    forbidden_pairs,
    player_states,
)
from core.pairing.matching import max_matching


def perfect_possible(nodes: Sequence[int], adj: Callable[[int, int], bool]) -> bool:
    """True if every node can be paired (C4 for an even set of players)."""
    if len(nodes) % 2:
        return False
    if not nodes:
        return True
    return len(max_matching(nodes, adj)) == len(nodes)


@dataclass
class Context:
    """Everything a Dubov/Burstein/Lim engine reads about the round being paired."""

    tournament: Tournament
    round_no: int
    states: dict[int, PlayerState]
    to_pair: list[int]
    """Players present for this round, in TPN order."""
    forbidden: set[frozenset[int]]
    initial: Colour
    last_round: bool
    notes: dict[object, list[str]] = field(default_factory=dict)

    def tpn(self, pno: int) -> int:
        """1-based TPN among the players taking part (decides the parity of C.04.4.1 Art. 5.2.1)."""
        r = self.states[pno].rank
        return r + 1 if r >= 0 else pno

    def met(self, a: int, b: int) -> bool:
        return b in self.states[a].opponents or frozenset((a, b)) in self.forbidden

    def same_absolute(self, a: int, b: int) -> bool:
        sa, sb = self.states[a], self.states[b]
        return (sa.preference_kind is PreferenceKind.ABSOLUTE and sb.preference_kind is PreferenceKind.ABSOLUTE
                and sa.preference is sb.preference)

    def legal(self, a: int, b: int) -> bool:
        """Absolute criteria C1 and C3 of Dubov/Burstein (no topscorer exception)."""
        return a != b and not self.met(a, b) and not self.same_absolute(a, b)

    def note(self, key: object, text: str) -> None:
        self.notes.setdefault(key, []).append(text)


def make_context(t: Tournament, round_no: int | None = None) -> Context:
    if round_no is None:
        round_no = t.current_round + 1
    if round_no > t.total_rounds:
        raise RoundError(_('all {total_rounds} rounds are already paired').format(total_rounds=t.total_rounds))
    states = player_states(t, round_no)
    to_pair = sorted((p for p, s in states.items() if s.status is Status.PAIRED), key=lambda p: (states[p].rank, p))
    return Context(
        tournament=t, round_no=round_no, states=states, to_pair=to_pair,
        forbidden=forbidden_pairs(t), initial=t.initial_colour or Colour.WHITE,
        last_round=round_no >= t.total_rounds)


def choose_pab(ctx: Context, players: list[int], last_key: Callable[[int], object],
               legal: Callable[[int, int], bool] | None = None) -> int | None:
    """The PAB receiver: eligible (C2), leaves a complete pairing (C4), lowest score, most games
    played, then ``last_key`` (smallest key = preferred: largest TPN / lowest Index rank)."""
    if len(players) % 2 == 0:
        return None
    legal = legal or ctx.legal
    st = ctx.states
    cands = [p for p in players if not st[p].bye_barred]
    cands.sort(key=lambda p: (st[p].pairing_score, -st[p].played_games, last_key(p)))
    for p in cands:
        rest = [q for q in players if q != p]
        if perfect_possible(rest, legal):
            return p
    raise PairingImpossible(
        _('round {round_no} cannot be paired: no player can receive the pairing-allocated bye while all the others are paired').format(round_no=ctx.round_no))


def score_groups(ctx: Context, players: Iterable[int]) -> list[tuple[Fraction, list[int]]]:
    """Scoregroups by pairing score, highest first, members in TPN order."""
    groups: dict[Fraction, list[int]] = {}
    for p in players:
        groups.setdefault(ctx.states[p].pairing_score, []).append(p)
    return [(s, sorted(groups[s], key=ctx.tpn)) for s in sorted(groups, reverse=True)]


def upfloat_count(st: PlayerState) -> int:
    return sum(1 for f in st.floats if f is Float.UP)


def upfloated_last_round(st: PlayerState) -> bool:
    return bool(st.floats) and st.floats[-1] is Float.UP

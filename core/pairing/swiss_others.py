"""Shared machinery of the Dubov, Burstein and Lim Swiss systems (C.04.4.1–3).

Why a module of its own: the three systems differ in how they order candidates inside a
bracket, but they share everything around it — who is to be paired this round, the absolute
criteria C1 (no rematch, plus forbidden pairs) and C3 (no meeting of two players with the
same absolute colour preference), the completion test C4 (can the players not yet paired
still all be paired?), the pairing-allocated bye, the colour allocation of Dubov/Burstein
Art. 5.2, and turning the chosen pairs into a :class:`~core.pairing.base.RoundPairing`.

The completion test is a maximum-cardinality matching on the "may meet" graph
(:mod:`core.pairing.matching.cardinality`); it is exact, so C4 never needs guessing or
backtracking.
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from core.errors import PairingImpossible
from core.model import Board, Bye, ByeKind, Colour, Tournament
from core.pairing.base import RoundPairing
from core.pairing.matching.cardinality import max_matching
from core.pairing.swiss.state import (
    PlayerState, PreferenceKind, Status, board_order_key, forbidden_pairs, player_states)


def perfect_possible(nodes: Sequence[int], adj: Callable[[int, int], bool]) -> bool:
    """True if every node can be paired (C4 for an even set of players)."""
    if len(nodes) % 2:
        return False
    if not nodes:
        return True
    return len(max_matching(nodes, adj)) == len(nodes)


# --------------------------------------------------------------------------------------------
# Round context
# --------------------------------------------------------------------------------------------

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
        """1-based TPN among the players taking part (decides Art. 5.2.1 parity)."""
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
        from core.errors import RoundError

        raise RoundError(_('all {total_rounds} rounds are already paired').format(total_rounds=t.total_rounds))
    states = player_states(t, round_no)
    to_pair = sorted((p for p, s in states.items() if s.status is Status.PAIRED), key=lambda p: (states[p].rank, p))
    return Context(
        tournament=t, round_no=round_no, states=states, to_pair=to_pair,
        forbidden=forbidden_pairs(t), initial=t.initial_colour or Colour.WHITE,
        last_round=round_no >= t.total_rounds)


# --------------------------------------------------------------------------------------------
# Pairing-allocated bye (Dubov / Burstein Art. 3.1)
# --------------------------------------------------------------------------------------------

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


# --------------------------------------------------------------------------------------------
# Colours (Dubov / Burstein Art. 5.2)
# --------------------------------------------------------------------------------------------

def preference_of(st: PlayerState, no_games: Colour = Colour.NONE) -> tuple[Colour, PreferenceKind]:
    """Colour preference and strength; ``no_games`` is what a player without games wants
    (Dubov 1.6.4: mild Black; Burstein 1.5.4: none)."""
    if st.played_games == 0:
        return (no_games, PreferenceKind.MILD) if no_games is not Colour.NONE else (Colour.NONE, PreferenceKind.NONE)
    return st.preference, st.preference_kind


def colour_violations(ctx: Context, a: int, b: int, no_games: Colour = Colour.NONE) -> int:
    """1 if both players want the same colour (one of them will not get it), else 0."""
    pa, _ = preference_of(ctx.states[a], no_games)
    pb, _ = preference_of(ctx.states[b], no_games)
    return 1 if pa is not Colour.NONE and pa is pb else 0


def allocate_colours(ctx: Context, a: int, b: int, higher: int,
                     no_games: Colour = Colour.NONE) -> tuple[int, int]:
    """(white, black) by Art. 5.2 of Dubov and Burstein; ``higher`` is the higher-ranked one."""
    sa, sb = ctx.states[a], ctx.states[b]
    lower = b if higher == a else a
    sh, sl = ctx.states[higher], ctx.states[lower]

    def give(player: int, colour: Colour) -> tuple[int, int]:
        other = b if player == a else a
        return (player, other) if colour is Colour.WHITE else (other, player)

    if sa.played_games == 0 and sb.played_games == 0:  # 5.2.1
        colour = ctx.initial if ctx.tpn(higher) % 2 == 1 else ctx.initial.opposite
        return give(higher, colour)
    pa, ka = preference_of(sa, no_games)
    pb, kb = preference_of(sb, no_games)
    if pa is not Colour.NONE and pb is not Colour.NONE and pa is not pb:  # 5.2.2
        return give(a, pa)
    if pa is Colour.NONE and pb is not Colour.NONE:
        return give(b, pb)
    if pb is Colour.NONE and pa is not Colour.NONE:
        return give(a, pa)
    if pa is not Colour.NONE and ka != kb:  # 5.2.3 the stronger preference
        return give(a, pa) if ka > kb else give(b, pb)
    if pa is not Colour.NONE and ka is PreferenceKind.ABSOLUTE and sa.imbalance != sb.imbalance:
        return give(a, pa) if sa.imbalance > sb.imbalance else give(b, pb)
    # 5.2.4 alternate to the most recent round in which they had different colours
    ca, cb = list(sa.colours), list(sb.colours)
    i, j = len(ca) - 1, len(cb) - 1
    while i >= 0 and j >= 0:
        if ca[i] is not cb[j]:
            return give(a, ca[i].opposite)
        i -= 1
        j -= 1
    ph, _ = preference_of(sh, no_games)  # 5.2.5
    if ph is not Colour.NONE:
        return give(higher, ph)
    pl, _ = preference_of(sl, no_games)
    if pl is not Colour.NONE:
        return give(lower, pl)
    colour = ctx.initial if ctx.tpn(higher) % 2 == 1 else ctx.initial.opposite
    return give(higher, colour)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------

def build_round(ctx: Context, boards: Iterable[tuple[int, int]], pab: int | None) -> RoundPairing:
    """Boards in board order (C.04.2 Art. 3.6), the PAB and the requested byes of the round."""
    st = ctx.states
    ordered = sorted(boards, key=lambda wb: board_order_key(st[wb[0]], st[wb[1]]))
    byes: list[Bye] = []
    if pab is not None:
        byes.append(Bye(pab, ByeKind.PAB))
    for rb in sorted(ctx.tournament.requested_byes, key=lambda r: r.pno):
        if rb.round == ctx.round_no and st.get(rb.pno) is not None and st[rb.pno].status is Status.REQUESTED_BYE:
            byes.append(Bye(rb.pno, rb.kind))
    expl: dict[object, tuple[str, ...]] = {}
    index = {frozenset(wb): i for i, wb in enumerate(ordered)}
    for key, lines in ctx.notes.items():
        if isinstance(key, frozenset) and key in index:
            expl[index[key]] = tuple(lines)
        elif key == "bye" or isinstance(key, str):
            expl[key] = tuple(lines)
    return RoundPairing(round=ctx.round_no, boards=tuple(Board(w, b) for w, b in ordered),
                        byes=tuple(byes), explanations=expl)


def score_groups(ctx: Context, players: Iterable[int]) -> list[tuple[Fraction, list[int]]]:
    """Scoregroups by pairing score, highest first, members in TPN order."""
    groups: dict[Fraction, list[int]] = {}
    for p in players:
        groups.setdefault(ctx.states[p].pairing_score, []).append(p)
    return [(s, sorted(groups[s], key=ctx.tpn)) for s in sorted(groups, reverse=True)]


def upfloat_count(st: PlayerState) -> int:
    from core.pairing.swiss.state import Float

    return sum(1 for f in st.floats if f is Float.UP)


def upfloated_last_round(st: PlayerState) -> bool:
    from core.pairing.swiss.state import Float

    return bool(st.floats) and st.floats[-1] is Float.UP

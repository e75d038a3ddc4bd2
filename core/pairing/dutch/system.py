"""The registered Dutch pairing systems: glue between the tournament model and the engine."""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import TournamentError
from core.i18n import _
from core.model import Board, Bye, ByeKind, Colour, Tournament
from core.pairing.base import PairOptions, RoundPairing, System
from core.pairing.dutch.colours import allocate
from core.pairing.dutch.criteria import Facts, Layout
from core.pairing.matching.incremental import native_available
from core.pairing.swiss.restrictions import explained
from core.pairing.swiss.state import (
    PlayerState,
    Status,
    board_order_key,
    forbidden_pairs,
    infer_initial_colour,
    pairing_order,
    player_states,
    topscorer_threshold,
)


@dataclass(frozen=True)
class Pairing:
    """The engine's answer with everything an explanation needs."""

    round: int
    boards: tuple[tuple[int, int, str], ...]
    """(white, black, colour rule) in board order."""
    pab: int | None
    states: dict[int, PlayerState]
    order: tuple[int, ...]
    """Pairing order (pnos) of the players that were paired."""
    initial: Colour
    ruleset: str


MAX_PLAYERS = 4000
"""The largest field the Dutch engines pair in one round with the pure-Python matcher.  Why a
limit: the graph holds a weight for every pair of players (about 120 bytes per pair: 464 MB
measured at 2000 players), so 4000 players need about 2 GB and 10 000 would need 12 GB; a
field beyond it is refused before any of that memory is taken, instead of exhausting the
machine."""

MAX_PLAYERS_NATIVE = 8000
"""The same limit with the compiled matcher, for the same memory (about 2 GB): it keeps a
4-byte weight id, a row position and a row entry per ordered pair, and the engine keeps a
4-byte entry per pair of the field plus the current bracket's weights as Python integers —
about 60 bytes per pair of players (notes/dutch.md has the measurements)."""


def max_players() -> int:
    """The field size limit for the matcher this machine runs (see the two constants)."""
    return MAX_PLAYERS_NATIVE if native_available() else MAX_PLAYERS


def compute(t: Tournament, ruleset: str = "2026", options: PairOptions | None = None) -> Pairing:
    """Pair round ``t.current_round + 1`` under the given ruleset (``"2026"`` or ``"2017"``).
    Raises :class:`~core.errors.TournamentError` for a field above :func:`max_players`."""
    round_no = t.current_round + 1
    states = player_states(t, round_no)
    order = pairing_order(s for s in states.values() if s.status is Status.PAIRED)
    limit = max_players()
    if len(order) > limit:
        raise TournamentError(
            _("Round {round} has {players} players to pair; the Dutch system pairs at most "
              "{limit} in one round (about 2 GB of memory).").format(
                round=round_no, players=len(order), limit=limit))
    initial = t.initial_colour or infer_initial_colour(t) or Colour.WHITE
    facts = Facts.build(order, forbidden_pairs(t), topscorer_threshold(t, round_no), ruleset)
    layout = Layout.build(facts.score, round_no - 1)
    if ruleset == "2017":
        from core.pairing.dutch.engine2017 import pair_order as run
    else:
        from core.pairing.dutch.engine import pair_order as run
    mate = run(facts, layout, options)
    boards: list[tuple[PlayerState, PlayerState, str]] = []
    pab = None
    for i, s in enumerate(order):
        m = mate[i]
        if m == i:
            pab = s.pno
            continue
        q = order[m]
        if s.pno > q.pno:
            continue
        higher_first = (s.pairing_score, -s.rank) > (q.pairing_score, -q.rank)
        colour, rule = allocate(s, q, initial, higher_first)
        white, black = (s, q) if colour is Colour.WHITE else (q, s)
        boards.append((white, black, rule))
    boards.sort(key=lambda b: board_order_key(b[0], b[1]))
    return Pairing(
        round=round_no,
        boards=tuple((w.pno, b.pno, rule) for w, b, rule in boards),
        pab=pab,
        states=states,
        order=tuple(s.pno for s in order),
        initial=initial,
        ruleset=ruleset,
    )


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """The engine of the registered systems: :func:`compute` plus byes and explanations."""
    from core.pairing.dutch.explain import explain

    result = compute(tournament, ruleset, options)
    byes: list[Bye] = []
    if result.pab is not None:
        byes.append(Bye(result.pab, ByeKind.PAB))
    for rb in sorted(tournament.requested_byes, key=lambda b: b.pno):
        if rb.round == result.round:
            byes.append(Bye(rb.pno, rb.kind))
    return RoundPairing(
        round=result.round,
        boards=tuple(Board(w, b) for w, b, _ in result.boards),
        byes=tuple(byes),
        explanations=explain(result),
    )


DUTCH = System("dutch", "2026", explained(pair))
DUTCH_2017 = System("dutch-2017", "2017", explained(pair))

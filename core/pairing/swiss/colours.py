"""Colour allocation of the Dubov and Burstein systems (C.04.4.1 Art. 5.2 and
C.04.4.2 Art. 5.2, the 2026 texts).

Why shared: both texts allocate colours by the same five rules, only "higher ranked" differs
(Dubov: score then TPN; Burstein: the Index), so the caller passes the higher-ranked player.
"""

from __future__ import annotations

from core.model import Colour
from core.pairing.swiss.context import Context
from core.pairing.swiss.state import PlayerState, PreferenceKind


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
    """(white, black) by C.04.4.1 Art. 5.2 (Dubov) and C.04.4.2 Art. 5.2 (Burstein); ``higher`` is the higher-ranked one."""
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

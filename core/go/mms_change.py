"""A change that moves initial MMS once McMahon rounds are paired: asked, not done silently.

Why: the bar, the floor, a player's rank or his MMS correction decide every initial MMS, and
OpenGotha (and hakem) recompute every score and standing from them — while the pairings and
handicaps of the rounds already played stay as they were made.  Legitimate (a rank corrected
after round 2), but an organiser must know what moves before it does; so such a change after
pairing has begun is refused unless confirmed (``--force``), naming how many players move and
the first of them; the TUI's forms ask that sentence before storing anything; confirmed, it is
said as a warning with the same words.
"""

from __future__ import annotations

from core.errors import TournamentError
from core.i18n import _, ngettext
from core.i18n.format import format_points
from core.model import Tournament


class MMSChangeUnconfirmed(TournamentError):
    """The change moves initial MMS of paired players and was not confirmed."""


def initial_mms_moves(before: Tournament, after: Tournament) -> list[tuple[str, str, str]]:
    """(player, old, new initial MMS) for every player of both whose initial MMS changes, once a
    McMahon round is paired; empty otherwise."""
    if after.system != "mcmahon" or not after.rounds:
        return []
    from core.go.mms import scores

    old, new = scores(before, upto=0), scores(after, upto=0)
    names = {p.pno: p.name for p in after.players}
    return [(names[pno], format_points(old[pno].mms_after[0]), format_points(s.mms_after[0]))
            for pno, s in sorted(new.items()) if pno in old and old[pno].mms_after[0] != s.mms_after[0]]


def moves_said(before: Tournament, after: Tournament) -> str:
    """What going from ``before`` to ``after`` moves in initial MMS once pairing has begun, in
    one sentence ("" when nothing moves): the question the TUI asks, the CLI's refusal."""
    moves = initial_mms_moves(before, after)
    if not moves:
        return ""
    name, old, new = moves[0]
    return ngettext(
        "this changes the initial MMS of {n} player ({name} {old}→{new}) and every score and standing after "
        "the {rounds} rounds paired, whose pairings and handicaps stay",
        "this changes the initial MMS of {n} players ({name} {old}→{new}, …) and every score and standing after "
        "the {rounds} rounds paired, whose pairings and handicaps stay",
        len(moves)).format(n=len(moves), name=name, old=old, new=new, rounds=len(after.rounds))


def mms_moves(before: Tournament, after: Tournament, force: bool) -> tuple[str, ...]:
    """What a change moves in initial MMS after pairing has begun, as a warning when ``force``
    (or nothing moves); refused (:class:`MMSChangeUnconfirmed`) otherwise."""
    said = moves_said(before, after)
    if not said:
        return ()
    if force:
        return (said,)
    raise MMSChangeUnconfirmed(_("{change}; confirm with --force").format(change=said))

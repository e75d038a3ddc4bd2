"""A change that moves initial MMS — or the scores of the rounds played — once McMahon rounds
are paired: asked, not done silently.

Why: the bar, the floor, a player's rank or his MMS correction decide every initial MMS, and
OpenGotha (and hakem) recompute every score and standing from them — while the pairings and
handicaps of the rounds already played stay as they were made.  Legitimate (a rank corrected
after round 2), but an organiser must know what moves before it does; so such a change after
pairing has begun is refused unless confirmed (``--force``), naming how many players move and
the first of them; the TUI's forms ask that sentence before storing anything; confirmed, it is
said as a warning with the same words.  The bye and absence points and OpenGotha's "count not
played games as ½ point" leave every initial MMS but move the MMS or SOS of rounds already
played: the same question, naming the first score that moves.
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


def played_score_moves(before: Tournament, after: Tournament) -> list[tuple[str, str, str, str]]:
    """(player, "MMS" or "SOS", old, new) for every player whose McMahon score after the rounds
    paired, or else whose SOS, changes, once a McMahon round is paired: what the bye and absence
    points and OpenGotha's "count not played games as ½ point" move without touching any
    initial MMS."""
    if after.system != "mcmahon" or not after.rounds:
        return []
    from core.go.mcmahon_options import mcmahon_options
    from core.go.mms import scores, sos

    old, new = scores(before), scores(after)
    old_sos = sos(old, mcmahon_options(before).count_not_played_as_half)
    new_sos = sos(new, mcmahon_options(after).count_not_played_as_half)
    names = {p.pno: p.name for p in after.players}
    moves = []
    for pno, s in sorted(new.items()):
        if pno not in old:
            continue
        if old[pno].mms_after != s.mms_after:
            moves.append((names[pno], "MMS", format_points(old[pno].mms), format_points(s.mms)))
        elif old_sos[pno] != new_sos[pno]:
            moves.append((names[pno], "SOS", format_points(old_sos[pno]), format_points(new_sos[pno])))
    return moves


def moves_said(before: Tournament, after: Tournament) -> str:
    """What going from ``before`` to ``after`` moves in initial MMS — or else in the scores of
    the rounds paired — once pairing has begun, in one sentence ("" when nothing moves): the
    question the TUI asks, the CLI's refusal."""
    moves = initial_mms_moves(before, after)
    if not moves:
        return _played_said(before, after)
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


def _played_said(before: Tournament, after: Tournament) -> str:
    moves = played_score_moves(before, after)
    if not moves:
        return ""
    name, what, old, new = moves[0]
    return ngettext(
        "this changes the scores of the {rounds} rounds paired for {n} player ({name} {what} {old}→{new}) "
        "and every standing, while their pairings and handicaps stay",
        "this changes the scores of the {rounds} rounds paired for {n} players ({name} {what} {old}→{new}, …) "
        "and every standing, while their pairings and handicaps stay",
        len(moves)).format(n=len(moves), name=name, what=what, old=old, new=new, rounds=len(after.rounds))

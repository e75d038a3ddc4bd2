"""Two-game rounds (Double-Swiss, FIDE C.04.5) in TRF-2026: one match, two round columns.

TRF-2026 (§ player record 001) has one opponent, colour and result per player per round, and
no record for a round of two games.  We write match *k* as the round columns 2k−1 and 2k,
one per game, in the order played, and say ``192 FIDE_DOUBLESWISS``: any TRF reader then
sees every game with its colour and result (what rating and the game-point standings need),
and the points of the 001 record add up.  The number of rounds (142) counts game columns.
The pairing-allocated bye sits in the match's first column (``U``, worth 1.5 by record 162),
and so does a requested bye, worth a whole match (C.04.5 Preface: byes apply only to
matches; :func:`~core.pairing.doubleswiss.state.match_points`, whatever the file's 162 says).

Why not one column per match: a column holds one result code, which cannot say 1½–½, a
single forfeited game, or which colour each game had.

Records that name a round (240 byes, 260 prohibited pairings, 299 point assignments) count
game columns too: a match's requested bye and a range's first round are its first column, a
range's last round and a point assignment its second (:func:`core.model.single_games`).

On reading, :func:`fold_matches` turns each pair of columns back into one stored round whose
boards are labelled game 1 and game 2 (:data:`~core.pairing.doubleswiss.state.GAME_1`).
"""

from __future__ import annotations

from dataclasses import replace

from core.i18n import _
from core.model import Round, Tournament

GAME_LABELS = ("g1", "g2")


def fold_matches(t: Tournament) -> tuple[Tournament, list[str]]:
    """The event with every two game columns as one match round, and what does not fit
    (a column without its partner, a game 2 between other players)."""
    problems: list[str] = []
    games = t.rounds
    if len(games) % 2:
        problems.append(_('a Double-Swiss file needs two round columns per match, but it holds {n}').format(n=len(games)))
    out: list[Round] = []
    for k in range(0, len(games) - 1, 2):
        first, second = games[k], games[k + 1]
        pairs_1 = {frozenset((b.white, b.black)) for b in first.boards}
        pairs_2 = {frozenset((b.white, b.black)) for b in second.boards}
        if pairs_1 != pairs_2:
            problems.append(_('rounds {a} and {b}: the two games of a match must have the same pairs').format(
                a=k + 1, b=k + 2))
        second_of = {frozenset((b.white, b.black)): b for b in second.boards}
        boards = []
        for b in first.boards:  # each match's two games together, in game 1's board order
            boards.append(replace(b, game=GAME_LABELS[0]))
            other = second_of.pop(frozenset((b.white, b.black)), None)
            if other is not None:
                boards.append(replace(other, game=GAME_LABELS[1]))
                if other.white == b.white and not (b.colourless or other.colourless):
                    problems.append(_('rounds {a} and {b}: {white} has White in both games against {black}; '
                                      'the colours of a match alternate').format(
                        a=k + 1, b=k + 2, white=b.white, black=b.black))
        boards += [replace(b, game=GAME_LABELS[1]) for b in second_of.values()]
        out.append(Round(len(out) + 1, tuple(boards), first.byes, first.manual or second.manual))
    total = (t.total_rounds + 1) // 2
    requested = tuple(replace(rb, round=(rb.round + 1) // 2) for rb in t.requested_byes if rb.round % 2)
    ranges = tuple(replace(fr, first=(fr.first + 1) // 2, last=(fr.last + 1) // 2) for fr in t.forbidden_ranges)
    adjustments = tuple(replace(a, round=(a.round + 1) // 2) for a in t.adjustments)
    from core.pairing.doubleswiss.state import match_points

    return t.with_changes(rounds=tuple(out), total_rounds=max(total, len(out)), requested_byes=requested,
                          forbidden_ranges=ranges, adjustments=adjustments,
                          points=match_points(t.points, explicit_pab=True)), problems

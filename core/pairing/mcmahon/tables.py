"""Board (table) numbers of a McMahon round, as OpenGotha 3.51 numbers its tables.

Why a rule of its own: the board number changes no pairing, score or file the EGD reads, but
players look for their table on the printed list, and an event moved between hakem and
OpenGotha mid-way should show the same list.  OpenGotha, after pairing a round, renumbers its
tables "by best score then rating" (``renumberTablesByBestScoreThenRating`` with
``GameComparator.BEST_SCR_ORDER``):

- each game is represented by one of its players, chosen by its comparator: White, replaced by
  Black when White is placed *higher* by the placement criteria (ties kept:
  ``ScoredPlayerComparator`` with ex aequo kept answers −1 for "better", and the comparator
  takes Black on −1), or when both are equal on the criteria and Black's rating is higher.  So
  the representative is the game's *lower* player on the criteria — the variable is called
  "best" in OpenGotha, but this is what its code computes and what its tables show — and, on
  equal criteria, the higher rated;
- games are ordered by their representatives' criteria (higher first), then by their
  ratings (higher first).

The criteria are OpenGotha's values *at* the round, counted while the new games are not yet
in its tournament (its scoring cache is filled by the pairing): the round is one nobody played
yet, which its SOS counts as the player's own initial MMS (``osmX2 = 2·smms`` for a round not
paired) and its SOSOS as initial MMS × rounds — so a player with a higher initial MMS gains on
SOS.  (This round's bye and absence points, which OpenGotha adds to those players' MMS at the
round and so to their earlier opponents' SOS, are left out here.)  The pairing
engine sits below the criteria registry, so the criteria here are OpenGotha's McMahon
defaults, the ones this engine ranks its field by: MMS, SOS, SOSOS.  Equal in everything
(OpenGotha's order is then its sort's accident): the lower pairing number first.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from core.go.mms import GoRound, McMahonScore, Participation, sos, sosos
from core.go.ranks import go_rating
from core.model import Tournament


def table_order(t: Tournament, pairs: list[tuple[int, int]], all_scores: dict[int, McMahonScore],
                virtual: bool) -> list[tuple[int, int]]:
    """``pairs`` in OpenGotha's table order (see the module); ``all_scores`` before the round,
    ``virtual``: the event counts games not played as half a point in SOS (OpenGotha's
    ``genCountNotPlayedGamesAsHalfPoint``)."""
    at_round = {pno: replace(s, rounds=(*s.rounds, GoRound(len(s.rounds) + 1, Participation.ABSENT)),
                             mms_after=(*s.mms_after, s.mms)) for pno, s in all_scores.items()}
    sos_v = sos(at_round, virtual)
    sosos_v = sosos(at_round, sos_v)
    rating = {p.pno: go_rating(p) for p in t.players}

    def criteria(pno: int) -> tuple[Fraction, Fraction, Fraction]:
        return (-all_scores[pno].mms, -sos_v[pno], -sosos_v[pno])

    def represented_by(pair: tuple[int, int]) -> int:
        lower = max(pair, key=criteria)
        tied = [pno for pno in pair if criteria(pno) == criteria(lower)]
        return max(tied, key=rating.__getitem__)

    def key(pair: tuple[int, int]) -> tuple:
        who = represented_by(pair)
        return (*criteria(who), -rating[who], min(pair))

    return sorted(pairs, key=key)

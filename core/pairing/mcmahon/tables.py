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

The criteria are counted before the round: OpenGotha computes them while the new games are
not yet in its tournament, so the round paired adds no point and no opponent to the paired
players.  (It does count this round's bye and absences in the MMS of those players, and so in
the SOS of their earlier opponents; hakem leaves them out here — a difference only between
players equal on MMS whose SOS differ by exactly that.)  The pairing
engine sits below the criteria registry, so the criteria here are OpenGotha's McMahon
defaults, the ones this engine ranks its field by: MMS, SOS, SOSOS.  Equal in everything
(OpenGotha's order is then its sort's accident): the lower pairing number first.
"""

from __future__ import annotations

from fractions import Fraction

from core.go.mms import McMahonScore, sos, sosos
from core.go.ranks import go_rating
from core.model import Tournament


def table_order(t: Tournament, pairs: list[tuple[int, int]], all_scores: dict[int, McMahonScore],
                virtual: bool) -> list[tuple[int, int]]:
    """``pairs`` in OpenGotha's table order (see the module); ``all_scores`` before the round,
    ``virtual``: the event counts games not played as half a point in SOS (OpenGotha's
    ``genCountNotPlayedGamesAsHalfPoint``)."""
    sos_v = sos(all_scores, virtual)
    sosos_v = sosos(all_scores, sos_v)
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

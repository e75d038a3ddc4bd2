"""Registration closes → numbering, the top group and the starting levels (the Gamma procedure).

Seed: numbers are written on the cards only after registration closes: sort by rating and,
for equal ratings, alphabetically; number 1..N.  Then the top group: its width in ranks is
⌈(30 − highest rank) / 2⌉; while it holds fewer players than there are rounds, the next rank
below is added.  Its size ("первоначальный объем старшей группы") is used before every round.
Everybody in the top group starts on the lowest rank of the group; everybody else on their rank.

Reading of ambiguous points (see notes/go.md):
* "the lowest of the ranks in the top group" is the lowest rank *included* in the group
  (a rank boundary, as a McMahon bar), even if nobody holds exactly that rank;
* the width is at least one rank (a leader at rank 30 or higher would otherwise give 0);
* widening stops when no player is left below the group (a field smaller than the number of
  rounds is then entirely the top group);
* the top group is computed from the players registered for round 1 (late entries,
  ``joined_round`` > 1, start on their rank, or on the top-group level if their rank is inside
  the group); a start level fixed by the arbiter (``extra["go_start_level"]``) wins over both.
"""

from __future__ import annotations

from core.i18n import _

import unicodedata
from dataclasses import dataclass

from core.errors import TournamentError
from core.go.ranks import player_rank
from core.model import Player, Tournament


def name_key(name: str) -> str:
    """Locale-independent alphabetical key (accents folded, case-insensitive)."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()

START_LEVEL_KEY = "go_start_level"
"""``Player.extra`` key: a start level fixed by the arbiter (overrides the computed one)."""


@dataclass(frozen=True)
class TopGroup:
    """The top group as computed when registration closes.

    ``lowest_rank`` is the level of every top-group player; ``size`` the number of players in it
    (the Gamma procedure's "original top-group size", used to find each round's smallest senior level);
    ``width`` the initial width in ranks before any widening.
    """

    highest_rank: int
    lowest_rank: int
    width: int
    size: int

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(range(self.highest_rank, self.lowest_rank - 1, -1))


def compute_top_group(ranks: list[int], rounds: int) -> TopGroup:
    """Top group for the given player ranks and number of rounds (pure arithmetic)."""
    if not ranks:
        raise TournamentError(_('the tournament has no players; register players first'))
    highest = max(ranks)
    width = max(1, (30 - highest + 1) // 2)  # ceil((30 - highest) / 2), at least one rank
    lowest = highest - width + 1
    bottom = min(ranks)
    size = sum(1 for r in ranks if r >= lowest)
    while size < rounds and lowest > bottom:
        lowest -= 1
        size = sum(1 for r in ranks if r >= lowest)
    return TopGroup(highest, lowest, width, size)


def initial_players(t: Tournament) -> list[Player]:
    """Players registered before registration closed (those who can play round 1)."""
    return [p for p in t.players if p.joined_round <= 1]


def top_group(t: Tournament) -> TopGroup:
    players = initial_players(t) or list(t.players)
    return compute_top_group([player_rank(p) for p in players], t.total_rounds)


def start_levels(t: Tournament) -> dict[int, int]:
    """Level of every player before round 1 (or before the round they join)."""
    if not t.players:
        return {}
    group = top_group(t)
    out: dict[int, int] = {}
    for p in t.players:
        fixed = p.extra.get(START_LEVEL_KEY) if p.extra else None
        if fixed is not None and fixed != "":
            try:
                out[p.pno] = int(fixed)
            except (TypeError, ValueError) as error:
                raise TournamentError(
                    _('player {pno} has an invalid start level {fixed!r}; use a whole number').format(pno=p.pno, fixed=fixed)
                ) from error
            continue
        rank = player_rank(p)
        out[p.pno] = group.lowest_rank if rank >= group.lowest_rank else rank
    return out

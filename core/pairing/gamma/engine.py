"""The Gamma pairing procedure: rest, search order with backtracking (the Gamma procedure).

Seed, "before each round":
1. sort the cards by level, then rating, then name; counting the original top-group size from
   the top, the level of the last counted player is the round's smallest senior level;
2. with an odd number of players, the first player from the bottom up who has not rested yet
   rests;
3. take the players top-down; each gets the first player not met before in this order: among
   the players of the same level the middle one (if their number is odd), then down to the end
   of that level, then up from the middle of that level, then the lower levels, each one
   top-down.  If somebody finds nobody, the last chosen pair goes back to the list and the rest
   is paired again; if that fails another pair goes back, and so on;
4. handicaps, komi and colours (:mod:`core.go.handicap`); boards in the order pairs were chosen
   (:mod:`.system`).

Readings (notes/go.md): "the same level" means the other unpaired players of that level (the
player himself excluded); with an even number of them the search starts with the first player
of the lower half ("down from the middle"), then goes down, then up from the middle.  This is
the only reading that gives the Gamma procedure's first round (1–5, 2–6 with a seven-player top group).
Backtracking is a depth-first search in exactly that order (undoing the last pair first);
sub-lists known to be unpairable are remembered so the search never repeats work.  If no
pairing exists with the chosen rest, the next candidate for the rest is tried (an extension:
the Gamma procedure says this cannot happen when N > 2^rounds).  Players who refuse a round (a requested
bye of any kind) get a zero bye and take no part; "met" includes every earlier board and the
tournament's forbidden pairs.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.go.cards import Card, cards
from core.go.handicap import smallest_senior_level
from core.go.ranks import go_rating
from core.go.registration import name_key, top_group
from core.model import ByeKind, Player, Tournament
from core.pairing.base import PairOptions


def round_key(player: Player, level: int) -> tuple:
    """Order of the cards before a round: level (high first), rating (high first), name."""
    return (-level, -go_rating(player), name_key(player.name), player.name, player.pno)


def search_order(player: int, remaining: list[int], levels: dict[int, int]) -> list[int]:
    """Opponents of ``player`` in the Gamma procedure's search order (``remaining``: list order, below him).

    Same level: from the middle down to the end of the level, then up from the middle; then
    every lower level top-down.  ``player`` is always the highest unpaired player, so nobody
    in ``remaining`` is above his level.
    """
    level = levels[player]
    same = [q for q in remaining if levels[q] == level]
    lower = [q for q in remaining if levels[q] < level]
    middle = len(same) // 2
    return same[middle:] + same[:middle][::-1] + lower


@dataclass
class _Search:
    """Depth-first search over the Gamma procedure's order, with memo of unpairable sub-lists."""

    levels: dict[int, int]
    met: dict[int, set[int]]
    options: PairOptions
    backtracks: int = 0

    def __post_init__(self) -> None:
        self.failed: set[tuple[int, ...]] = set()

    def run(self, remaining: tuple[int, ...]) -> list[tuple[int, int]] | None:
        if not remaining:
            return []
        if remaining in self.failed:
            return None
        self.options.check()
        player, rest = remaining[0], list(remaining[1:])
        for opponent in search_order(player, rest, self.levels):
            if opponent in self.met.get(player, ()):
                continue
            tail = self.run(tuple(q for q in rest if q != opponent))
            if tail is not None:
                return [(player, opponent)] + tail
            self.backtracks += 1
        self.failed.add(remaining)
        return None


def round_state(t: Tournament, round_no: int) -> tuple[list[int], dict[int, int], int, set[int]]:
    """The round's list (pairing numbers in card order), levels, smallest senior level, refusals.

    Shared by the engine and the card view (which shows the senior level of every round).
    """
    all_cards = cards(t, upto=round_no - 1)
    levels = {pno: card.final_level for pno, card in all_cards.items()}
    refusals = {b.pno for b in t.requested_byes if b.round == round_no}
    if round_no <= len(t.rounds):
        rnd = t.rounds[round_no - 1]
        playing = {b.white for b in rnd.boards} | {b.black for b in rnd.boards} | {
            b.pno for b in rnd.byes if b.kind is ByeKind.PAB}
        participants = [p for p in t.players if p.pno in playing]
        refusals = {p.pno for p in t.players if p.pno not in playing}
    else:
        participants = [p for p in t.players if p.active_in(round_no) and p.pno not in refusals]
    order = [p.pno for p in sorted(participants, key=lambda p: round_key(p, levels[p.pno]))]
    # All cards of the round count for the senior level, also those of players who refuse it
    # (the Gamma procedure sorts every card before looking for the rest); withdrawn players do not.
    ranked = sorted((p for p in t.players if p.active_in(round_no) or p.pno in order),
                    key=lambda p: round_key(p, levels[p.pno]))
    senior = (smallest_senior_level([levels[p.pno] for p in ranked], top_group(t).size)
              if ranked else 0)
    return order, levels, senior, refusals


def met_pairs(t: Tournament, all_cards: dict[int, Card]) -> dict[int, set[int]]:
    met = {pno: card.opponents() for pno, card in all_cards.items()}
    for rnd in t.rounds:  # double forfeits count as met too: the pair was made
        for board in rnd.boards:
            met.setdefault(board.white, set()).add(board.black)
            met.setdefault(board.black, set()).add(board.white)
    for group in t.forbidden_for(len(t.rounds) + 1):
        for a in group:
            for b in group:
                if a != b:
                    met.setdefault(a, set()).add(b)
    return met


def rest_candidates(order: list[int], all_cards: dict[int, Card]) -> list[int]:
    """Bottom-up: first those who have not rested, then (fallback) those who have."""
    bottom_up = order[::-1]
    fresh = [p for p in bottom_up if all_cards[p].rests == 0]
    again = sorted((p for p in bottom_up if all_cards[p].rests > 0),
                   key=lambda p: (all_cards[p].rests, bottom_up.index(p)))
    return fresh + again


"""The registered Gamma system (the Gamma procedure): ``gamma``.

Why the glue is here and the procedure in :mod:`.engine`: the search order and the rest are
the Gamma procedure's pairing rules; this module turns their answer into boards with handicaps, komi and
colours (:mod:`core.go.handicap`) and explains every choice.
"""

from __future__ import annotations

import sys

from core.errors import PairingImpossible
from core.go.cards import Card, cards
from core.go.handicap import HANDICAP_KOMI, even_komi, handicap_for, make_board
from core.i18n import _, ngettext
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import PairOptions, RoundPairing, System, next_round
from core.pairing.gamma.engine import _Search, met_pairs, rest_candidates, round_state


def _rest(order: list[int], levels: dict[int, int], all_cards: dict[int, Card],
          search: _Search) -> tuple[int | None, list[tuple[int, int]] | None, tuple[str, ...]]:
    """The resting player (odd field), the pairs of the others and why that player rests."""
    for i, candidate in enumerate(rest_candidates(order, all_cards)):
        pairs = search.run(tuple(p for p in order if p != candidate))
        if pairs is None:
            continue
        if all_cards[candidate].rests and all(all_cards[p].rests for p in order):
            why = [_("{player} rests again: every player has rested already").format(player=candidate)]
        elif all_cards[candidate].rests:
            why = [_("{player} rests again: leaving out any player who has not rested yet would "
                     "make the round impossible to pair").format(player=candidate)]
        else:
            why = [_("{player} rests: the first player from the bottom of the list (level "
                     "{level}) who has not rested yet").format(player=candidate, level=levels[candidate])]
        if i:
            why.append(ngettext("{count} lower candidate skipped: the others could not be paired "
                                "without rematches",
                                "{count} lower candidates skipped: the others could not be paired "
                                "without rematches", i).format(count=i))
        return candidate, pairs, tuple(why)
    return None, None, ()


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``gamma``: rest, search with backtracking, then handicaps and colours."""
    t = tournament
    round_no = next_round(t)
    order, levels, senior, refusals = round_state(t, round_no)
    if len(order) < 2:
        raise PairingImpossible(_('round {round_no} has fewer than two players to pair').format(round_no=round_no))
    all_cards = cards(t)
    search = _Search(levels, met_pairs(t, all_cards), options)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), len(order) + 100))
    explanations: dict[object, tuple[str, ...]] = {}
    rest_pno: int | None = None
    if len(order) % 2 == 1:
        rest_pno, pairs, why = _rest(order, levels, all_cards, search)
        if why:
            explanations["bye"] = why
    else:
        pairs = search.run(tuple(order))
    if pairs is None:
        raise PairingImpossible(
            _('round {round_no} cannot be paired without a rematch ({value} players, {value2} rounds played)').format(round_no=round_no, value=len(order), value2=round_no - 1))
    boards: list[Board] = []
    for index, (a, b) in enumerate(pairs):
        board, handicap_why = make_board(t, round_no, a, b, levels[a], levels[b], senior)
        boards.append(board)
        explanations[index] = (_(
            "{player} (level {level}) is the highest unpaired player; {opponent} is the first "
            "player in the search order not met before").format(player=a, level=levels[a], opponent=b),
            handicap_why)
    if search.backtracks and boards:
        explanations[0] = explanations[0] + (ngettext(
            "{count} pair was undone while searching", "{count} pairs were undone while searching",
            search.backtracks).format(count=search.backtracks),)
    byes = [Bye(rest_pno, ByeKind.PAB)] if rest_pno is not None else []
    byes += [Bye(pno, ByeKind.ZERO) for pno in sorted(refusals)
             if t.has_player(pno) and t.player(pno).active_in(round_no)]
    return RoundPairing(round_no, tuple(boards), tuple(byes), explanations)


def complete(tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
    """A round entered by hand gets the Gamma procedure's handicaps too: the level difference (the
    senior levels counted as the smallest senior level, at most 9 stones), komi ½ and White
    for the stronger player in a handicap game; an even game keeps the arbiter's colours and
    gets the announced komi.  Without this the coefficient (ФКБ), which adds the handicaps
    given and subtracts those received, would come out wrong."""
    from dataclasses import replace

    _order, levels, senior, _refusals = round_state(tournament, pairing.round)
    boards: list[Board] = []
    for board in pairing.boards:
        a, b = board.white, board.black
        stones = handicap_for(levels[a], levels[b], senior)
        if stones == 0:
            boards.append(replace(board, handicap=0, komi=even_komi(tournament)))
            continue
        white, black = (a, b) if min(levels[a], senior) > min(levels[b], senior) else (b, a)
        boards.append(replace(board, white=white, black=black, handicap=stones, komi=HANDICAP_KOMI))
    return replace(pairing, boards=tuple(boards))


GAMMA = System("gamma", "standard", pair, complete)

"""The registered McMahon system (EGF practice, OpenGotha's rules): ``mcmahon``.

Why the glue is here and the criteria in :mod:`.engine`: this module decides who takes part,
gives the bye, runs the one weighted matcher of :mod:`core.pairing.matching` on the costs of
:mod:`.engine`, then turns pairs into boards with handicap, komi and colours
(:mod:`core.go.mcmahon_handicap`) and explains each choice.
"""

from __future__ import annotations

import math
from fractions import Fraction

from core.errors import PairingImpossible
from core.go.countries import country_code
from core.go.mcmahon_handicap import handicap, make_board, strength
from core.go.mcmahon_options import McMahonOptions, mcmahon_options
from core.go.mms import McMahonScore, Participation, scores
from core.i18n import _, ngettext
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Board, Bye, ByeKind, Tournament, result_from_codes
from core.pairing.base import PairOptions, RoundPairing, System, next_round
from core.pairing.matching import max_matching, max_weight_matching
from core.pairing.mcmahon.engine import Seat, bye_weight, field_order, pair_value, pairing_groups, seats, weights
from core.pairing.mcmahon.tables import table_order


def _met(t: Tournament, round_no: int) -> set[frozenset[int]]:
    met = {frozenset((b.white, b.black)) for rnd in t.rounds for b in rnd.boards}
    for group in t.forbidden_for(round_no):
        met |= {frozenset((a, b)) for a in group for b in group if a != b}
    return met


def _pairable(order: list[int], met: set[frozenset[int]]) -> bool:
    found = max_matching(order, lambda a, b: frozenset((a, b)) not in met)
    return len(found) == len(order)


def choose_bye(t: Tournament, order: list[int], all_scores: dict[int, McMahonScore],
               met: set[frozenset[int]]) -> tuple[int, tuple[str, ...]]:
    """The bye of an odd field, by OpenGotha's rule: the lowest weight rank + 2 × MMS + 1000
    per bye already had (so a weaker player far below the bar gets it before a stronger one
    with the same MMS; equal weights: the lower in the standings) — among those whose
    absence leaves a field that can be paired without a rematch (OpenGotha would pair a
    rematch instead; we never do)."""
    standing = {pno: i for i, pno in enumerate(field_order(t, order, all_scores))}

    def byes(pno: int) -> int:
        return sum(1 for r in all_scores[pno].rounds if r.participation is Participation.BYE)

    candidates = sorted(order, key=lambda p: (bye_weight(all_scores[p], byes(p)), -standing[p]))
    for i, pno in enumerate(candidates):
        if _pairable([p for p in order if p != pno], met):
            s = all_scores[pno]
            if byes(pno):
                why = [_("{player} gets the bye again: every player had one already").format(player=pno)]
            else:
                why = [_("{player} gets the bye: the lowest player (MMS {mms}) who has not had one")
                       .format(player=pno, mms=format_points(s.mms))]
            if i:
                why.append(ngettext("{count} lower player skipped: the others could not be paired "
                                    "without a rematch",
                                    "{count} lower players skipped: the others could not be paired "
                                    "without a rematch", i).format(count=i))
            return pno, tuple(why)
    raise PairingImpossible(_("no bye leaves a field that can be paired without a rematch"))


def _participants(t: Tournament, round_no: int) -> tuple[list[int], list[Bye]]:
    """Players to pair, and the requested byes of the round (kept with their kind; for the
    McMahon score every one of them is an absence, see :mod:`core.go.mms`)."""
    requested = {b.pno: b.kind for b in t.requested_byes if b.round == round_no}
    order = [p.pno for p in t.players if p.active_in(round_no) and p.pno not in requested]
    absent = [Bye(p.pno, requested[p.pno]) for p in sorted(t.players, key=lambda p: p.pno)
              if p.active_in(round_no) and p.pno in requested]
    return order, absent


def _match(t: Tournament, round_no: int, order: list[int], table: dict[int, Seat],
           options: McMahonOptions, met: set[frozenset[int]], pair_options: PairOptions,
           strengths: dict[int, Fraction]) -> list[tuple[int, int]]:
    index = {pno: i for i, pno in enumerate(order)}
    values: dict[tuple[int, int], int] = {}
    for a in order:
        for b in order:
            if index[a] < index[b] and frozenset((a, b)) not in met:
                even = handicap(strengths[a], strengths[b], options) == 0
                first, second = (table[a], table[b]) if table[a].position < table[b].position else (
                    table[b], table[a])
                values[(a, b)] = pair_value(first, second, options, round_no, even, t.total_rounds)
        pair_options.check()
    positions = {pno: table[pno].position for pno in order}
    edges = [(index[a], index[b], w) for (a, b), w in weights(values, positions, len(order)).items()]
    mate = max_weight_matching(len(order), edges)
    pairs = [(order[i], order[j]) for i, j in enumerate(mate) if j > i]
    if 2 * len(pairs) != len(order):
        raise PairingImpossible(_("round {round_no} cannot be paired without a rematch ({count} players)")
                                .format(round_no=round_no, count=len(order)))
    return pairs


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``mcmahon``: bye, score groups, weighted matching, handicaps and colours."""
    t = tournament
    round_no = next_round(t)
    mm = mcmahon_options(t)
    all_scores = scores(t, options=mm)
    order, absent = _participants(t, round_no)
    if len(order) < 2:
        raise PairingImpossible(_('round {round_no} has fewer than two players to pair').format(round_no=round_no))
    met = _met(t, round_no)
    explanations: dict[object, tuple[str, ...]] = {}  # board index or "bye" -> lines
    byes: list[Bye] = []
    if len(order) % 2:
        bye, bye_why = choose_bye(t, order, all_scores, met)
        order = [p for p in order if p != bye]
        byes.append(Bye(bye, ByeKind.PAB))
        explanations["bye"] = bye_why
    countries = {p.pno: country_code(p) for p in t.players}
    table = seats(t, order, all_scores, mm, countries, round_no)
    strengths = {pno: strength(all_scores[pno], mm) for pno in order}
    levels = {pno: math.floor(all_scores[pno].mms) for pno in order}
    groups = pairing_groups(field_order(t, order, all_scores), levels, mm, round_no,
                            {pno: table[pno].category for pno in order})
    pairs = [pair for group in (groups if len(groups) > 1 else [order])  # above 600: OpenGotha's groups
             for pair in _match(t, round_no, group, table, mm, met, options, strengths)]
    pairs = table_order(t, pairs, all_scores, mm.count_not_played_as_half)
    boards: list[Board] = []
    for index, (a, b) in enumerate(pairs):
        sa, sb = table[a], table[b]
        board, board_why = make_board(round_no, a, b, strengths[a], strengths[b], sa.balance, sb.balance, mm)
        boards.append(board)
        explanations[index] = (_describe(sa, sb), board_why)
    byes += absent
    return RoundPairing(round_no, tuple(boards), tuple(byes), explanations)


def _describe(a: Seat, b: Seat) -> str:
    if a.group == b.group:
        return _("{a} and {b}: both in MMS group {group} (places {pa} and {pb} of {size})").format(
            a=a.pno, b=b.pno, group=a.group, pa=a.place + 1, pb=b.place + 1, size=a.size)
    upper, lower = (a, b) if a.group > b.group else (b, a)
    return _("{upper} (MMS group {gu}) drawn down to {lower} (MMS group {gl})").format(
        upper=upper.pno, gu=upper.group, lower=lower.pno, gl=lower.group)


def _mirrored(board: Board) -> Board:
    """The same game with the colours the other way round (a result stays with its winner)."""
    from dataclasses import replace

    result = board.result
    if result is not None:
        white_code, black_code = result.codes()
        result = result_from_codes(black_code, white_code)[0]
    return replace(board, white=board.black, black=board.white, result=result)


def complete(tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
    """A round paired by hand (``round set``, the manual-pairing screen) gets the handicaps
    and komi the engine would give the same pairs: the MMS difference before the round (each
    MMS capped at the handicap bar), reduced by the correction, at most the ceiling; in a
    handicap game the lower MMS takes Black and komi ½, an even game keeps the arbiter's
    colours (they come from the nigiri) and gets the event's komi.  Without this SOS, which
    adds the handicap of every game, and the h9 file would be wrong for that round."""
    from dataclasses import replace

    mm = mcmahon_options(tournament)
    all_scores = scores(tournament, upto=pairing.round - 1, options=mm)
    boards: list[Board] = []
    for board in pairing.boards:
        if board.white not in all_scores or board.black not in all_scores:
            boards.append(board)  # an unknown player: the validation that follows names him
            continue
        mms_w, mms_b = strength(all_scores[board.white], mm), strength(all_scores[board.black], mm)
        stones = handicap(mms_w, mms_b, mm)
        if stones == 0:
            boards.append(replace(board, handicap=0, komi=mm.komi))
            continue
        if mms_w < mms_b:
            board = _mirrored(board)
        boards.append(replace(board, handicap=stones, komi=mm.handicap_komi))
    return replace(pairing, boards=tuple(boards))


MCMAHON = System("mcmahon", "standard", pair, complete)

"""The registered Keizer system (club nights, notes/keizer.md): ``keizer``.

Why the glue is here: :mod:`.scoring` gives the ranking, :mod:`.engine` the top-down search,
the rematch rule and the colours; this module decides who plays tonight, relaxes the rematch
rule only when the evening cannot be paired otherwise, and explains each board.
"""

from __future__ import annotations

from core.errors import PairingImpossible
from core.i18n import _, ngettext
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import ROUND_NOTE, PairOptions, RoundPairing, System, next_round
from core.pairing.keizer.engine import (
    Choice, Field, balances, bye_candidates, colours, rules, top_down,
)
from core.pairing.keizer.options import keizer_options
from core.pairing.keizer.scoring import KeizerRanking, keizer_ranking, met


def _tonight(t: Tournament, round_no: int, ranking: KeizerRanking) -> tuple[list[int], list[Bye]]:
    """The players to pair, in ranking order, and the byes asked for this evening (an
    announced absence, club duty, or not checked in)."""
    requested = {b.pno: b.kind for b in t.requested_byes if b.round == round_no}
    players = {p.pno: p for p in t.players}
    order = [p for p in ranking.order if players[p].active_in(round_no) and p not in requested]
    asked = [Bye(pno, requested[pno]) for pno in sorted(requested)
             if pno in players and players[pno].active_in(round_no)]
    return order, asked


def _search(t: Tournament, round_no: int, order: list[int], options: PairOptions
            ) -> tuple[list[Choice], int | None, Field]:
    """The boards and the bye under the strictest rule that lets the evening be paired."""
    opts = keizer_options(t)
    history = met(t)
    byes: dict[int, int] = {}
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.kind is ByeKind.PAB:
                byes[bye.pno] = byes.get(bye.pno, 0) + 1
    for rule in rules(opts):
        field = Field(t, round_no, rule, history)
        if len(order) % 2 == 0:
            found = top_down(order, field, options)
            if found is not None:
                return found, None, field
            continue
        for candidate in bye_candidates(order, byes, opts.bye_rotation):
            found = top_down([p for p in order if p != candidate], field, options)
            if found is not None:
                return found, candidate, field
    raise PairingImpossible(_("round {round_no} cannot be paired: the forbidden pairs leave no "
                              "pairing of the {count} players").format(round_no=round_no, count=len(order)))


def _skipped_line(pno: int, reason: tuple[str, int] | None, field: Field) -> str:
    if reason is None:
        return _("{player} skipped: the players below could not all be paired then").format(player=pno)
    kind, round_no = reason
    if kind == "forbidden":
        return _("{player} skipped: a forbidden pair").format(player=pno)
    if kind == "meetings":
        return ngettext("{player} skipped: they have met {count} time already",
                        "{player} skipped: they have met {count} times already",
                        field.rule.max_meetings).format(player=pno, count=field.rule.max_meetings)
    return _("{player} skipped: they met in round {round}, fewer than {gap} rounds ago").format(
        player=pno, round=round_no, gap=field.rule.gap)


def _colour_line(white: int, reason: str, round_no: int) -> str:
    if reason == "balance":
        return _("{player} has White: fewer games with White than the opponent so far").format(player=white)
    if reason == "reversed":
        return _("{player} has White: the colours of their game in round {round} reversed").format(
            player=white, round=round_no)
    return _("{player} has White: equal colours so far, so the lower-placed player").format(player=white)


def _board(t: Tournament, round_no: int, choice: Choice, ranking: KeizerRanking, field: Field,
           balance: dict) -> tuple[Board, tuple[str, ...]]:
    white, black, reason, last = colours(t, choice.top, choice.opponent, balance)
    lines = [_("{player} (place {place}, value {value}) is the highest player not yet paired; "
               "{opponent} (place {place2}) is the next one below who may meet him").format(
        player=choice.top, place=ranking.place(choice.top), value=ranking.values[choice.top],
        opponent=choice.opponent, place2=ranking.place(choice.opponent))]
    lines += [_skipped_line(pno, why, field) for pno, why in choice.skipped]
    lines.append(_colour_line(white, reason, last))
    return Board(white, black), tuple(lines)


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``keizer``: the ranking after the last evening, top-down pairs, colours."""
    t = tournament
    round_no = next_round(t)
    opts = keizer_options(t)
    ranking = keizer_ranking(t, options=opts)
    order, asked = _tonight(t, round_no, ranking)
    if len(order) < 2:
        raise PairingImpossible(_('round {round_no} has fewer than two players to pair').format(round_no=round_no))
    choices, bye, field = _search(t, round_no, order, options)
    balance = balances(t)
    boards: list[Board] = []
    explanations: dict[object, tuple[str, ...]] = {}
    for index, choice in enumerate(choices):
        board, lines = _board(t, round_no, choice, ranking, field, balance)
        boards.append(board)
        explanations[index] = lines
    if field.rule.gap < opts.rematch_gap or field.rule.max_meetings != opts.max_meetings:
        relaxed = _("no pairing of this evening keeps {gap} rounds between rematches; a rematch "
                    "after {allowed} rounds is allowed tonight").format(gap=opts.rematch_gap, allowed=field.rule.gap)
        if boards:
            explanations[0] = (*explanations[0], relaxed)
        explanations[ROUND_NOTE] = (relaxed,)  # said when the round is saved too (CLI, TUI toast)
    byes: list[Bye] = []
    if bye is not None:
        byes.append(Bye(bye, ByeKind.PAB))
        explanations["bye"] = (_("{player} (place {place}) has the bye: the lowest player who "
                                 "can have it").format(player=bye, place=ranking.place(bye)),)
    return RoundPairing(round_no, tuple(boards), tuple(byes + asked), explanations)


KEIZER = System("keizer", "standard", pair)

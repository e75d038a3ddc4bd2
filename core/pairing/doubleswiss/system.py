"""The registered Double-Swiss System: ``double-swiss`` (FIDE C.04.5, in force since 1 February 2026).

Every pairing is a match of two games with alternating colours (Preface): the engine returns
two boards per match, game 1 (:data:`~.state.GAME_1`) and game 2 (:data:`~.state.GAME_2`,
colours reversed), in board order.  The procedure is :mod:`.procedure`, the colours
:mod:`.colours`.
"""

from __future__ import annotations

from dataclasses import replace

from core.errors import TournamentError
from core.i18n import _
from core.i18n.format import format_points  # explanations are for people: 2½, 1,5
from core.model import Board, Bye, Colour, Tournament
from core.pairing.base import PairOptions, RoundPairing, System, next_round
from core.pairing.doubleswiss.colours import allocate, higher_ranked
from core.pairing.doubleswiss.procedure import Outcome, Procedure
from core.pairing.doubleswiss.state import GAME_1, GAME_2, Entrant, entrants
from core.pairing.swiss.restrictions import explained
from core.pairing.swiss.state import forbidden_pairs


def players_to_pair(t: Tournament, round_no: int) -> list[int]:
    """Present players without a requested bye for the round."""
    requested = {rb.pno for rb in t.requested_byes if rb.round == round_no}
    return [p.pno for p in t.players if p.active_in(round_no) and p.pno not in requested]


def _bracket_line(a: Entrant, b: Entrant) -> str:
    hi, lo = higher_ranked(a, b)
    if hi.score == lo.score:
        return _("Both players are in the {points}-point scoregroup.").format(points=format_points(hi.score))
    return _("{low} floats up from {from_points} points to play {high} of the {points}-point scoregroup "
             "(C.04.5 3.5: the fewest upfloaters, with the highest scores).").format(
        low=lo.pno, from_points=format_points(lo.score), high=hi.pno, points=format_points(hi.score))


def _colour_line(white: int, article: str) -> str:
    return _("{pno} has White in game 1 and Black in game 2 (C.04.5 {article}).").format(
        pno=white, article=article)


def build(t: Tournament, round_no: int, players: dict[int, Entrant], outcome: Outcome) -> RoundPairing:
    """Two boards per match in board order (the higher-ranked player's score, the other's
    score, the higher-ranked player's TPN), the PAB, the requested byes, and per board why."""
    initial = t.initial_colour or Colour.WHITE
    pairs = [pair for bracket in outcome.brackets for pair in bracket.pairs]

    def order(pair: tuple[int, int]) -> tuple:
        hi, lo = higher_ranked(players[pair[0]], players[pair[1]])
        return (-hi.score, -lo.score, hi.pno)

    boards: list[Board] = []
    expl: dict[object, tuple[str, ...]] = {}
    for a, b in sorted(pairs, key=order):
        white, black, article = allocate(players[a], players[b], initial)
        lines = (_bracket_line(players[a], players[b]), _colour_line(white, article))
        expl[len(boards)] = lines
        boards.append(Board(white, black, game=GAME_1))
        expl[len(boards)] = lines
        boards.append(Board(black, white, game=GAME_2))
    byes: list[Bye] = []
    if outcome.pab is not None:
        from core.model import ByeKind

        byes.append(Bye(outcome.pab, ByeKind.PAB))
        expl["bye"] = (_("{pno} gets the pairing-allocated bye, worth a game won and a game drawn: "
                         "the lowest score, then the most matches played, then the largest pairing "
                         "number among the players who may have it (C.04.5 1.4, 3.4).").format(pno=outcome.pab),)
    for rb in sorted(t.requested_byes, key=lambda r: r.pno):
        if rb.round == round_no:
            byes.append(Bye(rb.pno, rb.kind))
    return RoundPairing(round=round_no, boards=tuple(boards), byes=tuple(byes), explanations=expl)


def refuse_acceleration(t: Tournament) -> None:
    """C.04.7 gives accelerated players "the points of a win"; for a match of two games the
    text does not say whether that is one game or the match, so hakem does not guess."""
    if t.acceleration or (t.options or {}).get("virtual_points"):
        raise TournamentError(_('the Double-Swiss system is paired without acceleration here: '
                                'C.04.7 does not say what a win is worth in a match of two games'))


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Pair the next match round of a Double-Swiss event."""
    refuse_acceleration(tournament)
    round_no = next_round(tournament)
    players = entrants(tournament, players_to_pair(tournament, round_no))
    procedure = Procedure(players, forbidden_pairs(tournament), round_no == tournament.total_rounds, options)
    return build(tournament, round_no, players, procedure.run())


def complete(tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
    """A round paired by hand (``round set``, the manual-pairing screen): each board the
    arbiter gave becomes a match, game 1 as given and game 2 with colours reversed (Preface);
    boards that already name their game are kept as they are."""
    if all(b.game in (GAME_1, GAME_2) for b in pairing.boards):
        return pairing
    boards: list[Board] = []
    for b in pairing.boards:
        if b.game in (GAME_1, GAME_2):
            boards.append(b)
            continue
        boards.append(replace(b, game=GAME_1))
        boards.append(replace(b, white=b.black, black=b.white, result=None, game=GAME_2))
    return replace(pairing, boards=tuple(boards), explanations={})


DOUBLE_SWISS = System("double-swiss", "2026", explained(pair), complete)

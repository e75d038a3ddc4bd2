"""The registered knockout system: one tournament round per knockout round."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from core.errors import PairingImpossible, RoundError
from core.i18n import _
from core.model import Board, Bye, ByeKind, Tournament
from core.pairing.base import PairOptions, RoundPairing, System

if TYPE_CHECKING:
    from core.playoff.cup import CupState

_KO_ROUND = re.compile(r"^p\.r(\d+)m\d+\.")


def pair(tournament: Tournament, ruleset: str, options: PairOptions) -> RoundPairing:
    """Engine of ``knockout``: the next knockout round, every game of each of its matches on
    a board (game 1 of every match, then game 2 …); players whose opponent is imaginary
    advance with a full-point bye.  Tie-break games are added to the round by the results
    (:func:`core.playoff.cup.after_result`), not by pairing."""
    from core.playoff.cup import legacy, replay

    if tournament.rounds and not tournament.rounds[-1].complete:
        raise RoundError(
            _('round {current_round} has games without a result; enter them first.').format(current_round=tournament.current_round))
    cup = replay(tournament)
    if cup.view.complete:
        raise PairingImpossible(_('the knockout is finished; there is nothing left to pair.'))
    if legacy(tournament):
        return _pair_legacy(tournament, cup)
    return _pair_round(tournament, cup)


def _pair_round(tournament: Tournament, cup: CupState) -> RoundPairing:
    from core.playoff.cup import match_of, playable_games, round_boards
    from core.playoff.labels import game_title, stage_text

    number = tournament.current_round + 1
    if tournament.rounds and any(g.result is None for g in cup.view.games
                                 if _round_no(g.id) == tournament.current_round):
        raise PairingImpossible(_('round {n}: a match is still level and its next game cannot be paired yet '
                                  '(Armageddon bids missing?).').format(n=tournament.current_round))
    boards = round_boards(cup, number)
    if not boards:
        raise PairingImpossible(_('no knockout game can be paired yet (Armageddon bids missing?).'))
    matches = sorted({match_of(b.game) for b in boards}, key=_match_key)
    explanations: dict[object, tuple[str, ...]] = {}
    for i, g in enumerate(g for g in playable_games(cup, number) if g.result is None):
        stage = stage_text(g.stage) if g.stage else _("Knockout")
        explanations[i] = (_("{stage}, match {m}: {game}").format(
            stage=stage, m=matches.index(match_of(g.id)) + 1, game=game_title(g)),)
    byes = tuple(Bye(p, ByeKind.FULL) for p in cup.byes.get(f"p.r{number}", ()))
    if byes:
        explanations["bye"] = (_("advance without a game: imaginary opponent (Aktar p. 68), "
                                 "recorded as a full-point bye"),)
    return RoundPairing(number, boards, byes, explanations)


def _round_no(game_id: str) -> int:
    m = _KO_ROUND.match(game_id)
    return int(m.group(1)) if m else 0


def _match_key(match: str) -> tuple[int, int]:
    m = re.match(r"^p\.r\d+m(\d+)$", match)
    return (0, int(m.group(1))) if m else (1, 0)


def _pair_legacy(tournament: Tournament, cup: CupState) -> RoundPairing:
    """A cup stored in the earlier shape goes on in it: the next game of every match."""
    from core.playoff.labels import game_title, stage_text

    ready = cup.view.ready
    if not ready:
        raise PairingImpossible(_('no knockout game can be paired yet (Armageddon bids missing?).'))
    boards = tuple(Board(g.white, g.black) for g in ready)  # type: ignore[arg-type]  # a ready game has both players (the cup's view pairs only those)
    explanations: dict[object, tuple[str, ...]] = {}
    for i, g in enumerate(ready):
        stage = stage_text(g.stage) if g.stage else _("Knockout")
        explanations[i] = (f"{stage}: {game_title(g)}",)
    played_rounds = {int(m.group(1)) for m in (_KO_ROUND.match(gid) for gid in cup.state["results"]) if m}
    byes: list[Bye] = []
    for gid in sorted({int(m.group(1)) for m in (_KO_ROUND.match(g.id) for g in ready) if m}):
        if gid not in played_rounds:
            byes.extend(Bye(p, ByeKind.FULL) for p in cup.byes.get(f"p.r{gid}", ()))
    if byes:
        explanations["bye"] = (_("advance without a game: imaginary opponent (Aktar p. 68), "
                                 "recorded as a full-point bye"),)
    return RoundPairing(tournament.current_round + 1, boards, tuple(byes), explanations)


def complete(tournament: Tournament, pairing: RoundPairing) -> RoundPairing:
    """A knockout round changed by hand (other colours, other board order): each board must
    be one of the round's games — matched by its players to a game not taken yet, whose label
    it gets — and no game may be left out (the match could not be decided without it)."""
    from dataclasses import replace

    from core.playoff.cup import legacy, replay, round_boards

    if legacy(tournament) or pairing.round != tournament.current_round + 1:
        return pairing
    due = list(round_boards(replay(tournament), pairing.round))
    boards = []
    for bno, b in enumerate(pairing.boards, start=1):
        game = next((g for g in due if {g.white, g.black} == {b.white, b.black}), None)
        if game is None:
            raise PairingImpossible(_('board {bno}: players {white} and {black} have no knockout game due in this '
                                      'round.').format(bno=bno, white=b.white, black=b.black))
        due.remove(game)
        boards.append(replace(b, game=game.game))
    if due:
        raise PairingImpossible(_('the games of {pairs} are missing: every game of a match is on a board.').format(
            pairs=", ".join(f"{g.white}–{g.black}" for g in due)))
    return replace(pairing, boards=tuple(boards))


KNOCKOUT = System("knockout", "standard", pair, complete)

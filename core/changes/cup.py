"""A cup's changes (knockout events): its boards kept in step with its matches after a
result, the Armageddon's bids, whose flag fell later.

The bracket itself is derived, never stored: :mod:`core.playoff.cup` replays it from the
boards; these changes store what the replay cannot know (the bids, the arbiter's finding) or
add and drop the tie-break boards the replay asks for.
"""

from __future__ import annotations

from dataclasses import replace

from core.errors import TournamentError
from core.i18n import _
from core.i18n.format import join_list
from core.model import Board, GameResult, Tournament
from core.playoff.cup import cup_settings, legacy, playable_games, replay_stale, waiting_armageddons


def after_result(t: Tournament, round_no: int) -> Tournament:
    """Keep a cup's boards in step with its matches after a result in round ``round_no``.

    In the last round, a match left level gets its tie-break games appended (extension games,
    then the Armageddon once its colours are known); a corrected result that decides a match
    earlier drops the tie-break boards that no longer belong to it, as long as they have no
    result.  Anything else the change would undo — a result on such a board, or a correction
    in an earlier knockout round that changes who went through (or leaves a match there level)
    while the next round is paired — is refused with the board named, and nothing changes.
    A bracket that cannot be evaluated yet (an Armageddon 0-0 waiting for who fell later) is
    left as entered: the screens say what is missing.
    """
    if t.system != "knockout" or legacy(t) or not t.rounds:
        return t
    try:
        cup, stale = replay_stale(t)
    except TournamentError:
        return t
    last = t.rounds[-1]
    on_board = {b.game for r in t.rounds for b in r.boards}
    missing = [g for g in playable_games(cup, round_no) if g.id not in on_board and g.result is None]
    if round_no < last.number and (stale or missing):
        raise TournamentError(_(
            'this correction changes who goes through from round {round}, but round {later} is already '
            'paired with the old result; unpair round {later} first.').format(round=round_no, later=last.number))
    drop = set()
    for stale_round, bno, _why in stale:
        board = t.round(stale_round).boards[bno - 1]
        if stale_round != last.number or board.result is not None:
            raise TournamentError(_(
                'this result changes the knockout: round {round}, board {board} ({white} v {black}) '
                'would no longer be played; clear its result first.'
            ).format(round=stale_round, board=bno, white=board.white, black=board.black))
        drop.add(bno - 1)
    boards = [b for i, b in enumerate(last.boards) if i not in drop]
    boards.extend(Board(int(g.white), int(g.black), game=g.id) for g in missing)
    if boards == list(last.boards):
        return t
    return t.with_changes(rounds=(*t.rounds[:-1], replace(last, boards=tuple(boards))))


def set_bids(t: Tournament, bids: dict[int, int]) -> Tournament:
    """Record the two players' Armageddon bids (seconds each would take with Black, at most
    the clock's base time; the lower bid plays Black with it, equal bids by lot) and put the
    game on a board of the round."""
    players = set(bids)
    game = next((g for g in waiting_armageddons(t) if {g.white, g.black} == players), None)
    if game is None:
        raise TournamentError(_('players {players} have no Armageddon waiting for bids in round {n}.').format(
            players=join_list(str(p) for p in sorted(players)), n=t.current_round))
    limit = game.time_control.base
    for pno, bid in bids.items():
        if not 0 < bid <= limit:
            raise TournamentError(_('player {pno}: a bid is the seconds on Black\'s clock, 1 to {limit}, not {bid}.').format(
                pno=pno, limit=limit, bid=bid))
    cfg = cup_settings(t)
    a, b = sorted(players)
    cfg["bids"] = {**dict(cfg.get("bids", {})), f"{game.id}:{a}-{b}": {str(p): int(v) for p, v in bids.items()}}
    return after_result(t.with_changes(options={**dict(t.options), "knockout": cfg}), t.current_round)


def set_flag_later(t: Tournament, round_no: int, board_no: int, side: str) -> Tournament:
    """An Armageddon scored 0-0 (both flags fell): whose flag fell later, ``white`` or
    ``black`` — that player goes through (the arbiter's finding, stored with the cup)."""
    if side not in ("white", "black"):
        raise TournamentError(_('say white or black, not {side!r}.').format(side=side))
    board = t.round(round_no).boards[board_no - 1] if 0 < board_no <= len(t.round(round_no).boards) else None
    if board is None or not board.game.endswith(".arm") or board.result is not GameResult.BOTH_LOSE:
        raise TournamentError(_('round {r}, board {b} is no Armageddon game scored 0-0 (both flags fell).').format(
            r=round_no, b=board_no))
    cfg = cup_settings(t)
    cfg["flag_later"] = {**dict(cfg.get("flag_later", {})), f"{round_no}.{board_no}": side}
    return after_result(t.with_changes(options={**dict(t.options), "knockout": cfg}), round_no)

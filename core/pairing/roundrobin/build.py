"""Turn a table round (numbers) into a :class:`RoundPairing` of the tournament (pnos).

Why shared: every all-play-all system ends the same way — map table numbers to players or
teams, keep the table's board order, give the free player a pairing-allocated bye, and turn
games of absent players into forfeits *on their board* (the table must not move; Aktar
p. 61 shows such games as "+"/"−", or "−"/"−" when neither is present).
"""

from __future__ import annotations

from collections.abc import Iterable

from core.i18n import _
from core.model import Board, Bye, ByeKind, GameResult, Match, Tournament
from core.pairing.base import RoundPairing
from core.teams.roster import board_pairs, line_up, teams_by_id


def forfeit_board(t: Tournament, round_no: int, white: int, black: int) -> Board:
    """A board of the table; pre-filled with a forfeit if one side is not available."""
    w_in = t.player(white).active_in(round_no)
    b_in = t.player(black).active_in(round_no)
    if w_in and b_in:
        return Board(white, black)
    if w_in:
        return Board(white, black, GameResult.WHITE_FORFEIT_WIN)
    if b_in:
        return Board(white, black, GameResult.BLACK_FORFEIT_WIN)
    return Board(white, black, GameResult.DOUBLE_FORFEIT)


def individual_round(t: Tournament, round_no: int, games: Iterable[tuple[int, int]],
                     bye: int | None, note: str = "") -> RoundPairing:
    """Boards in the given order; ``bye`` (a pno) gets the pairing-allocated bye if present.

    A table game with a player who is no longer (or not yet) in the event is not played.
    ``options["withdrawn_games"]``:
    - ``"board"`` (default): the board stays with a forfeit result (``+-``/``-+``/``--``):
      the rules (Aktar p. 61) show these games as "−" for the absent player and "+" for the
      opponent, so pairing lists, cards, the crosstable, the TRF and the tie-breaks see a
      forfeit against that player, not a bye (a round robin with an even field has none).
    - ``"bye"``: the present opponent gets a full-point bye (``F``) with an explanation —
      the form of events paired before forfeits were kept on the board.
    """
    mode = str(t.options.get("withdrawn_games", "board"))
    boards: list[Board] = []
    byes: list[Bye] = []
    explanations: dict[object, tuple[str, ...]] = {}
    forfeit_notes: list[str] = []
    for white, black in games:
        board = forfeit_board(t, round_no, white, black)
        if board.result is None:
            boards.append(board)
            continue
        if mode == "board":
            explanations[len(boards)] = (
                _("Forfeit: a player of this table game is no longer in the tournament "
                  "(Aktar p. 61)."),)
            boards.append(board)
            continue
        present = [p for p in (white, black) if t.player(p).active_in(round_no)]
        absent = [p for p in (white, black) if p not in present]
        for p in present:
            byes.append(Bye(p, ByeKind.FULL))
            forfeit_notes.append(
                _("Player {player} wins by forfeit: the table opponent {opponent} is no longer "
                  "in the tournament (Aktar p. 61).").format(player=p, opponent=absent[0]))
    if bye is not None and t.player(bye).active_in(round_no):
        byes.insert(0, Bye(bye, ByeKind.PAB))
        forfeit_notes.insert(0, _("Player {player} meets the phantom number of the table: free "
                                  "round.").format(player=bye))
    if forfeit_notes:
        explanations["bye"] = tuple(forfeit_notes)
    if note:
        explanations["table"] = (note,)
    return RoundPairing(round_no, tuple(boards), tuple(byes), explanations)


def team_round(t: Tournament, round_no: int,
               matches: Iterable[tuple[int, int, str]],
               free: Iterable[int] = (), boards: int | None = None,
               note: str = "") -> RoundPairing:
    """Team matches ``(first team id, second team id, first_white_on)`` in order; each match
    pairs the two line-ups board by board.  ``free`` lists teams without a match this round."""
    by_id = teams_by_id(t)
    out: list[Board] = []
    forfeits: list[Bye] = []
    grouped: list[Match] = []
    explanations: dict[object, tuple[str, ...]] = {}
    limit = boards if boards is not None else t.options.get("boards")
    for first, second, white_on in matches:
        a = line_up(t, by_id[first], round_no, limit)
        b = line_up(t, by_id[second], round_no, limit)
        start = len(out)
        for white, black in board_pairs(a, b, white_on):
            out.append(Board(white, black))
        grouped.append(Match(first, second, tuple(range(start, len(out)))))
        if len(a) != len(b):
            forfeits += empty_boards(a, b)
            short, full = (first, second) if len(a) < len(b) else (second, first)
            explanations[start] = (_(
                "Team {short} fields {count_short} players, team {full} {count_full}: team {short} "
                "forfeits the boards it leaves empty, the players of team {full} on them win by "
                "forfeit.").format(short=short, full=full, count_short=min(len(a), len(b)),
                                   count_full=max(len(a), len(b))),)
    free = list(free)
    if free:
        explanations["bye"] = tuple(_("Team {team} has no match this round.").format(team=team)
                                    for team in free)
    if note:
        explanations["table"] = (note,)
    return RoundPairing(round_no, tuple(out), tuple(forfeits), explanations, tuple(grouped))


def empty_boards(first: tuple[int, ...], second: tuple[int, ...]) -> list[Bye]:
    """The forfeit wins of a match where one line-up is shorter: each player of the longer
    line-up below the shorter one's last board has no opponent, and the team that cannot fill
    the board forfeits it (team competition rules: a team fielding fewer players leaves its
    lowest boards empty and loses them by forfeit).  TRF: ``0000 - +``."""
    longer = first if len(first) > len(second) else second
    return [Bye(pno, ByeKind.FULL, "+") for pno in longer[min(len(first), len(second)):]]

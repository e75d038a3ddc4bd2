"""Berger tables (FIDE C.05 Annex 1), built by the rotation FIDE publishes.

Why a construction and not stored tables: clubs play round robins of any size, and the
rotation reproduces FIDE's printed tables (3–16 players) and Aktar's (pp. 59–60)
exactly, board order included.  A second, independently coded construction (the German
round formula of Paarungssysteme, :mod:`core.pairing.roundrobin.german`) is checked against this
one for every size up to 40 in the tests.

Numbers here are *table numbers* 1..n (the numbers drawn by lot), not pairing numbers of a
tournament; :mod:`core.pairing.roundrobin.system` maps one to the other.
"""

from __future__ import annotations

from core.i18n import _

from dataclasses import dataclass

from core.errors import TournamentError

Pair = tuple[int, int]
"""``(white, black)`` as table numbers; the first-named player has White."""


def table_size(players: int) -> int:
    """Even size of the table used for ``players`` (odd counts use the next even table)."""
    if players < 2:
        raise TournamentError(_('a round robin needs at least 2 players, not {players}').format(players=players))
    return players + players % 2


def berger_table(size: int) -> tuple[tuple[Pair, ...], ...]:
    """The full FIDE Berger table for an even ``size``: rounds of pairs in board order.

    Rotation (C.05 Annex 1, Milvang's description): round 1 pairs k with size+1−k on board k;
    each later round lists players 1..size−1 in the previous round's board order (White before
    Black), the last of that list meets ``size`` on board 1 (``size`` has Black in odd rounds),
    and the rest is paired from the end of the list, second-to-last with White.
    """
    if size < 2 or size % 2:
        raise TournamentError(_('a Berger table needs an even size of at least 2, not {size}').format(size=size))
    n = size
    first = tuple((k, n + 1 - k) for k in range(1, n // 2 + 1))
    rounds: list[tuple[Pair, ...]] = [first]
    for r in range(2, n):
        previous = rounds[-1]
        order = [p for pair in previous for p in pair if p != n]
        last = order.pop()
        boards: list[Pair] = [(n, last) if r % 2 == 0 else (last, n)]
        while order:
            black = order.pop()
            white = order.pop()
            boards.append((white, black))
        rounds.append(tuple(boards))
    return tuple(rounds)


@dataclass(frozen=True)
class TableRound:
    """One round of a cycle for ``players`` participants: real games and the free player."""

    number: int
    games: tuple[Pair, ...]
    """Games in board order (the phantom's board removed)."""
    bye: int | None
    """Table number without a game this round (odd player counts), else ``None``."""
    board_of_bye: int | None = None
    """1-based board the phantom occupied in the printed table (for table printing)."""


def single_cycle(players: int) -> tuple[TableRound, ...]:
    """The rounds of a single round robin for ``players`` (odd: the phantom gives the bye)."""
    size = table_size(players)
    out: list[TableRound] = []
    for number, pairs in enumerate(berger_table(size), start=1):
        games: list[Pair] = []
        bye: int | None = None
        bye_board: int | None = None
        for board, (w, b) in enumerate(pairs, start=1):
            if size != players and size in (w, b):
                bye = b if w == size else w
                bye_board = board
            else:
                games.append((w, b))
        out.append(TableRound(number, tuple(games), bye, bye_board))
    return tuple(out)

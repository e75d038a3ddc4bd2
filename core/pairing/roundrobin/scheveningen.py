"""Scheveningen (Aktar pp. 62–64): every player meets every player of the other team.

Two teams A and B of equal size n play n rounds (2n for a double).  A — the team with the
higher average rating — keeps its seats; B moves one board per round: in round r, board k
pairs A_k with B_{k+r−1} (indices mod n).  This is Aktar's 4-player table:
R1 Ak–Bk, R2 B(k+1)–Ak, R3 Ak–B(k+2), R4 B(k+3)–Ak.

Colour options (Aktar offers two):
- ``"team"`` (the common one, default): a whole team has one colour; A has White in odd
  rounds and the teams swap every round (Aktar's table).
- ``"balanced"``: each round both teams have as many Whites as Blacks (⌈n/2⌉/⌊n/2⌋ for odd n).
  Aktar does not say how; our construction also keeps every player's colours alternating
  with no three in a row: for n divisible by 4 the boards go in pairs, A having White on
  board pair p in round r when p + r is even (every player gets n/2 Whites); otherwise a
  deterministic depth-first search finds a colouring with the same properties, allowing a
  player one extra game of one colour when n ≡ 2 (mod 4) (exact balance with no three in a
  row does not exist for n = 6; see notes/roundrobin.md).

A double Scheveningen repeats the n rounds with colours reversed.  More than two teams: a
round robin of teams (Berger table) in which each table game is a whole Scheveningen match
("her tur ayrı ayrı Scheveningen turnuva yapılıyormuş gibi", p. 63).
"""

from __future__ import annotations

from core.i18n import _

import sys
from functools import lru_cache

from core.errors import TournamentError

Seat = tuple[int, int]
"""(team side 0 = A / 1 = B, member index 1..n)."""


def opponent_index(n: int, k: int, r: int) -> int:
    """Member of B on board k in round r (1-based): B_{k+r−1} mod n."""
    return (k + r - 2) % n + 1


def _pairs_colouring(n: int) -> tuple[tuple[bool, ...], ...]:
    """n divisible by 4: A_k White in round r iff ⌊(k−1)/2⌋ + r − 1 is even."""
    return tuple(tuple(((k - 1) // 2 + r - 1) % 2 == 0 for k in range(1, n + 1))
                 for r in range(1, n + 1))


@lru_cache(maxsize=64)
def balanced_colouring(n: int) -> tuple[tuple[bool, ...], ...]:
    """``M[r-1][k-1]``: A's player on board k has White in round r (option "balanced")."""
    if n < 1:
        raise TournamentError(_('a Scheveningen match needs at least one board'))
    if n % 4 == 0:
        return _pairs_colouring(n)
    found = _search(n, slack=0 if n % 2 else 1)
    if found is None:
        raise TournamentError(_('no balanced Scheveningen colouring found for {n} boards').format(n=n))
    return found


def _search(n: int, slack: int, limit: int = 2_000_000) -> tuple[tuple[bool, ...], ...] | None:
    """Depth-first search, round by round and board by board, preferring alternation.

    Constraints: A has ⌈n/2⌉ Whites in odd rounds and ⌊n/2⌋ in even rounds (exactly n/2 for
    even n); nobody gets one colour three times running; nobody gets more than
    ⌈n/2⌉ + ``slack`` games of one colour.
    """
    target = [(n + 1) // 2 if r % 2 == 0 else n // 2 for r in range(n)]
    cap = (n + 1) // 2 + slack
    grid = [[False] * n for _ in range(n)]
    a_seq: list[list[bool]] = [[] for _ in range(n)]   # True = White
    b_seq: list[list[bool]] = [[] for _ in range(n)]
    whites = [0] * n
    cells = [(r, k) for r in range(n) for k in range(n)]
    nodes = 0

    def fits(seq: list[bool], colour: bool) -> bool:
        if len(seq) >= 2 and seq[-1] == colour and seq[-2] == colour:
            return False
        return sum(1 for c in seq if c == colour) < cap

    def dfs(i: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > limit:
            return False
        if i == len(cells):
            return True
        r, k = cells[i]
        j = (k + r) % n
        left = n - k - 1
        prefer = (not a_seq[k][-1]) if a_seq[k] else k % 2 == 0
        for a_white in (prefer, not prefer):
            if a_white and whites[r] >= target[r]:
                continue
            if not a_white and whites[r] + left < target[r]:
                continue
            if not fits(a_seq[k], a_white) or not fits(b_seq[j], not a_white):
                continue
            a_seq[k].append(a_white)
            b_seq[j].append(not a_white)
            whites[r] += a_white
            grid[r][k] = a_white
            if dfs(i + 1):
                return True
            a_seq[k].pop()
            b_seq[j].pop()
            whites[r] -= a_white
        return False

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, n * n + 100))
    try:
        ok = dfs(0)
    finally:
        sys.setrecursionlimit(old)
    return tuple(tuple(row) for row in grid) if ok else None


def match_rounds(n: int, colours: str = "team", double: bool = False) -> list[list[tuple[Seat, Seat]]]:
    """The rounds of one Scheveningen match between A and B with n players each.

    Each round lists boards k = 1..n as ``(white seat, black seat)``.
    """
    if colours not in ("team", "balanced"):
        raise TournamentError(_("Scheveningen colours must be 'team' or 'balanced', not {colours!r}").format(colours=colours))
    if n < 1:
        raise TournamentError(_('a Scheveningen match needs at least one board'))
    grid = balanced_colouring(n) if colours == "balanced" else None
    cycle: list[list[tuple[Seat, Seat]]] = []
    for r in range(1, n + 1):
        boards: list[tuple[Seat, Seat]] = []
        for k in range(1, n + 1):
            a: Seat = (0, k)
            b: Seat = (1, opponent_index(n, k, r))
            a_white = (r % 2 == 1) if grid is None else grid[r - 1][k - 1]
            boards.append((a, b) if a_white else (b, a))
        cycle.append(boards)
    if double:
        cycle += [[(b, w) for w, b in rnd] for rnd in cycle]
    return cycle

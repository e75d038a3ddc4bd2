"""Builds TRF lines column by column straight from the FIDE field table (C.04 Annex 2).

Independent of hakem's writer: tests use it to write reference files "by hand", placing every
field at the columns the table gives, so a reader/writer bug cannot hide behind itself.
"""

from __future__ import annotations


def put(line: list[str], first_col: int, text: str, right: bool = False, width: int | None = None) -> None:
    """Place ``text`` at 1-based column ``first_col`` (right-aligned in ``width`` if asked)."""
    if width is not None:
        text = text.rjust(width) if right else text.ljust(width)
    need = first_col - 1 + len(text)
    if len(line) < need:
        line.extend(" " * (need - len(line)))
    for i, ch in enumerate(text):
        line[first_col - 1 + i] = ch


def player_line(pno: int, name: str, rating: int | None, points: str, rank: int,
                rounds: list[tuple[str, str, str]], sex: str = "", title: str = "",
                fed: str = "", fide_id: str = "", birth: str = "") -> str:
    """A ``001`` record: cols 5–8 pno, 10 sex, 11–13 title, 15–47 name, 49–52 rating,
    54–56 federation, 58–68 FIDE id, 70–79 birth, 81–84 points, 86–89 rank, then per round
    92–95 opponent, 97 colour, 99 result, repeating every 10 columns."""
    line: list[str] = []
    put(line, 1, "001")
    put(line, 5, str(pno), right=True, width=4)
    put(line, 10, sex or " ")
    put(line, 11, title, right=True, width=3)
    put(line, 15, name, width=33)
    put(line, 49, str(rating) if rating else "", right=True, width=4)
    put(line, 54, fed, width=3)
    put(line, 58, fide_id, right=True, width=11)
    put(line, 70, birth, width=10)
    put(line, 81, points, right=True, width=4)
    put(line, 86, str(rank), right=True, width=4)
    for r, (opp, colour, result) in enumerate(rounds):
        base = 92 + 10 * r
        put(line, base, opp, right=True, width=4)
        put(line, base + 5, colour)
        put(line, base + 7, result)
    return "".join(line).rstrip()

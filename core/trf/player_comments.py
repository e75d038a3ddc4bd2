"""hakem's own player data that TRF-2026 has no field for, kept in ``### hakem …`` comments.

Why comments: TRF-2026 §"File conventions" makes ``###`` lines comments, so every other program
skips them, while hakem reads them back with the same meaning.

* ``### hakem club PNO CLUB`` — the player's club.  The ``001`` record (and the National Rating
  Support line, which repeats its columns) has no club field: name 15–47, rating 49–52,
  federation 54–56, FIDE id 58–68, birth 70–79.  Without it an export and import loses the club
  (club-mate avoidance, club prizes, the DSB's ZPS).
* ``### hakem national PNO RATING [ID]`` — a national rating or number of a player for whom no
  federation is known.  A National Rating Support line starts with the three-letter code of
  the federation whose rating it holds (in place of ``001``); with no code there can be no such
  line (a blank code is no record any reader accepts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.i18n import _
from core.model import Player, Tournament

if TYPE_CHECKING:
    from core.trf.reader import TrfDocument

CLUB_COMMENT = "### hakem club "
NATIONAL_COMMENT = "### hakem national "


def club_lines(t: Tournament) -> list[str]:
    """One comment per player with a club, in pairing-number order."""
    return [f"{CLUB_COMMENT}{p.pno} {p.club}" for p in sorted(t.players, key=lambda p: p.pno) if p.club]


def national_comment(p: Player) -> str:
    """The national rating and number of a player without a federation code."""
    return f"{NATIONAL_COMMENT}{p.pno} {p.national_rating} {p.national_id}".rstrip()


def ranking_172(federation: str, nrs_codes: list[str]) -> str:
    """The value of record 172 (starting-rank method) hakem writes beside NRS lines: the
    event's federation, else the federation of the first NRS line, and ``FIDE``."""
    return f"{(federation or nrs_codes[0])[:3]:<3} FIDE"


def _pno_and_rest(doc: TrfDocument, lineno: int, text: str, comment: str) -> tuple[int, str] | None:
    number, _sep, rest = text.partition(" ")
    if not (number.isascii() and number.isdigit() and 1 <= int(number) <= 9999):
        doc.problem(lineno, len(comment) + 1, _("malformed {comment!r} comment: no pairing number").format(
            comment=comment.strip()))
        return None
    return int(number), rest


def read_player_comment(doc: TrfDocument, lineno: int, line: str) -> bool:
    """Read a club or national comment into ``doc``; False if ``line`` is neither."""
    if line.startswith(CLUB_COMMENT):
        found = _pno_and_rest(doc, lineno, line[len(CLUB_COMMENT):], CLUB_COMMENT)
        if found is not None:
            pno, club = found
            if pno in doc.clubs:
                doc.problem(lineno, 1, _("club of player {pno} given twice (also on line {line})").format(
                    pno=pno, line=doc.clubs[pno][0]))
            else:
                doc.clubs[pno] = (lineno, _club(doc, lineno, club, line.index(club) + 1 if club else 1))
        return True
    if line.startswith(NATIONAL_COMMENT):
        found = _pno_and_rest(doc, lineno, line[len(NATIONAL_COMMENT):], NATIONAL_COMMENT)
        if found is not None:
            pno, rest = found
            rating, _sep, national_id = rest.strip().partition(" ")
            if not (rating.isascii() and rating.isdigit()):
                doc.problem(lineno, 1, _("malformed {comment!r} comment: no rating").format(
                    comment=NATIONAL_COMMENT.strip()))
            else:
                doc.nrs.append((lineno, pno, int(rating), national_id.strip(), {}))
        return True
    return False


def _club(doc: TrfDocument, lineno: int, raw: str, column: int) -> str:
    """The club as every way in accepts a name (:func:`core.fields.name`)."""
    from core.fields import FieldError, name

    try:
        return name(raw, "club")
    except FieldError as error:
        doc.problem(lineno, column, str(error))
        return raw.strip()


def check_clubs(doc: TrfDocument, known: set[int]) -> None:
    """A club comment for a pairing number with no ``001`` record is an error naming its line."""
    for pno, (line, _club) in sorted(doc.clubs.items()):
        if pno not in known:
            doc.problem(line, 1, _("club comment: player {pno} is not in this file").format(pno=pno))

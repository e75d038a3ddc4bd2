"""What a command did, said in one line in the organiser's language.

Why (issue 34, a fresh-eyes review): ``hakem players withdraw``, ``players bye``, ``players
edit`` and ``hakem result`` printed nothing when they succeeded, so an organiser who typed a
number wrong learnt it only at the next round's pairing.  Each now says what was saved, naming
the players by number and name (a number alone is what was typed, not a check of it), the round
and board, the result as the boards show it.  On standard output, as ``players remove`` and
``undo`` say theirs; the sentences are built from the event after the change, never from what
was typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.i18n import _
from core.model import Tournament


def player(t: Tournament, pno: int) -> str:
    """``7 Krüger, Lena``: how every line here names a player."""
    return f"{pno} {t.player(pno).name}"


def withdrawn(t: Tournament, pno: int) -> str:
    """``players withdraw``: who, and the first round they are not paired in."""
    return _("Withdrawn: {player}, not paired from round {round} on").format(
        player=player(t, pno), round=t.player(pno).withdrawn_round)


def bye(t: Tournament, pno: int, round_no: int, kind: str | None) -> str:
    """``players bye``: the bye requested (``kind`` ``half``/``full``/``zero``) or, ``None``,
    cancelled."""
    from core.i18n.terms import bye_name

    if kind is None:
        return _("Bye cancelled: {player}, round {round}").format(player=player(t, pno), round=round_no)
    return _("{bye} requested: {player}, round {round}").format(bye=bye_name(kind), player=player(t, pno),
                                                               round=round_no)


def edited(before: Tournament, after: Tournament, pno: int) -> str:
    """``players edit``: each field that changed, old → new, under the player's words for it;
    a command that changed nothing says so (the values typed were the player's already)."""
    from core.words import PLAYER_FIELD_NAMES, field_value

    old, new = _fields(before, pno), _fields(after, _number_after(before, after, pno))
    changed = [f"{_(PLAYER_FIELD_NAMES[key]) if key in PLAYER_FIELD_NAMES else key}: "
               f"{field_value(key, old.get(key))} → {field_value(key, new.get(key))}"
               for key in new if old.get(key) != new.get(key)]
    if not changed:
        return _("Nothing changed: {player} has these data already").format(player=player(after, pno))
    return _("Changed: {player}: {changes}").format(player=player(before, pno), changes="; ".join(changed))


def _number_after(before: Tournament, after: Tournament, pno: int) -> int:
    """The edited player's number after the edit: a rating changed before round 1 renumbers
    the field (a review: ``players edit 1 --rating 0`` said that player 1 became the next
    player, "Иванов → Петров", comparing the old number 1 with the new number 1).  The edited
    player is the one whose data no player had before; the number itself when it is not found
    (nothing changed, or the field was not renumbered)."""
    others = {tuple(sorted((k, repr(v)) for k, v in _fields(before, p.pno).items()))
              for p in before.players if p.pno != pno}
    new = [p.pno for p in after.players
           if tuple(sorted((k, repr(v)) for k, v in _fields(after, p.pno).items())) not in others]
    return new[0] if len(new) == 1 else pno


def _fields(t: Tournament, pno: int) -> Mapping[str, Any]:
    p = t.player(pno)
    return {"name": p.name, "title": p.title, "federation": p.federation, "fide_id": p.fide_id,
            "national_id": p.national_id, "club": p.club, "birth": p.birth, "rating": p.rating,
            "national_rating": p.national_rating, "extra": p.extra}


def result(t: Tournament, round_no: int, board_no: int) -> str:
    """``hakem result``: the board's players and the result now on it."""
    board = t.round(round_no).boards[board_no - 1]
    where = _("Round {r}, board {b}").format(r=round_no, b=board_no)
    shown = board.result.text if board.result is not None else _("no result")
    return _("{where}: {white} – {black} {result}").format(
        where=where, white=player(t, board.white), black=player(t, board.black), result=shown)

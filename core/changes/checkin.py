"""The check-in's and the entry fees' changes: open, close, mark present or absent, the
absentees' zero-point byes of a pairing, fees due and paid (what they mean:
:mod:`core.checkin`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from core.changes.players import edit_player
from core.checkin import CheckinClosed, absentees, checkin_state, fee_due, is_open, parse_amount, present, was_closed
from core.model import ByeKind, RequestedBye, Tournament


def _with_state(t: Tournament, state: dict[str, Any]) -> Tournament:
    return t.with_changes(options={**t.options, "checkin": state})


def open_checkin(t: Tournament) -> Tournament:
    """Start check-in: from now on only players marked present are paired."""
    return _with_state(t, {**checkin_state(t), "open": True})


def close_checkin(t: Tournament) -> Tournament:
    """Stop check-in: every active player is paired again (the marks are kept)."""
    return _with_state(t, {**checkin_state(t), "open": False})


def unchanged_marks(before: Tournament, pnos: Iterable[int], is_present: bool) -> tuple[int, ...]:
    """The players whose mark already was ``is_present`` when the mark was applied: the front
    end says "already present" of them from the store's answer, never from its own copy."""
    marks = present(before)
    return tuple(pno for pno in sorted(set(pnos)) if (pno in marks) == is_present and is_open(before))


def check_in(t: Tournament, pnos: Iterable[int], is_present: bool = True) -> Tournament:
    """Mark players present (or absent): the organiser's intent, never a toggle.

    A check-in that was never opened is opened by its first mark (the evening starts); one
    that was closed is refused (:class:`CheckinClosed`): closing it said "pair everyone", and
    a mark typed on a screen that had not caught up must not undo that.  Whether the marks
    are still what the organiser saw is the application layer's check
    (:func:`core.app.conflicts.check_marks`)."""
    chosen = sorted(set(pnos))
    for pno in chosen:
        t.player(pno)
    if was_closed(t):
        raise CheckinClosed()
    marks = set(checkin_state(t)["present"])
    marks = marks | set(chosen) if is_present else marks - set(chosen)
    return _with_state(t, {"open": True, "present": sorted(marks)})


def arrived(t: Tournament, pno: int) -> Tournament:
    """A player just registered at the desk: present when check-in is open (they are in the
    hall), so the next round pairs them as the registration promised."""
    return check_in(t, [pno]) if is_open(t) else t


def with_absences(t: Tournament) -> Tournament:
    """The event as the engine must see it: a zero-point bye requested for each absentee of
    the next round (:func:`record_absences` marks them in the recorded round)."""
    number = t.current_round + 1
    missing = absentees(t, number)
    if not missing:
        return t
    byes = (*t.requested_byes, *(RequestedBye(p.pno, number, ByeKind.ZERO) for p in missing))
    return t.with_changes(requested_byes=tuple(sorted(byes, key=lambda b: (b.round, b.pno))))


def record_absences(t: Tournament, pnos: Iterable[int]) -> Tournament:
    """The last round with the zero-point byes of ``pnos`` (the absentees it was paired
    without) marked as the check-in's (``Bye.absent``), not requests."""
    if not t.rounds:
        return t
    missing = set(pnos)
    rnd = t.rounds[-1]
    byes = tuple(replace(y, absent=True) if y.pno in missing and y.kind is ByeKind.ZERO else y
                 for y in rnd.byes)
    if byes == rnd.byes:
        return t
    return t.with_changes(rounds=(*t.rounds[:-1], replace(rnd, byes=byes)))


def set_entry_fee(t: Tournament, amount: str, currency: str = "") -> Tournament:
    """The event's standard entry fee (players can have their own due amount)."""
    value = parse_amount(amount)
    old = t.options.get("entry_fee") or {}
    fee = {"amount": str(value), "currency": (currency or old.get("currency", "")).strip().upper()}
    return t.with_changes(options={**t.options, "entry_fee": fee})


def _edit_extra(t: Tournament, pno: int, key: str, value: str | None) -> Tournament:
    player = t.player(pno)
    extra = dict(player.extra or {})
    if value is None:
        extra.pop(key, None)
    else:
        extra[key] = value
    return edit_player(t, pno, extra=extra)


def set_fee_due(t: Tournament, pno: int, amount: str | None) -> Tournament:
    """A player's own fee (``None``: the event's standard fee again)."""
    return _edit_extra(t, pno, "fee_due", None if amount is None else str(parse_amount(amount)))


def record_payment(t: Tournament, pno: int, amount: str | None = None) -> Tournament:
    """Record what a player paid (default: what they owe in full); ``"0"`` clears it."""
    value = fee_due(t, t.player(pno)) if amount is None else parse_amount(amount)
    return _edit_extra(t, pno, "fee_paid", None if value == 0 else str(value))

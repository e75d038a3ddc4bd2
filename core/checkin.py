"""Check-in and entry fees: who is in the hall, and who has paid (the reads; the changes are
:mod:`core.changes.checkin`).

Why: at a rapid evening the field is known only when the round is about to be paired.  The
organiser opens check-in and marks each arriving player present with one key; when the next
round is paired, every active player who is not present (and has no bye requested for that
round) is not paired and scores a zero-point bye, exactly as an announced absence (C.04.1:
a player known to be absent is not paired).  Presence carries over to later rounds; a player
who arrives after the pairing is checked in and paired from the next round.

Who is present is exactly what the organiser set, nothing derived: the marks are the players
checked in (a player registered at the desk while check-in is open is in the hall, so
:func:`core.changes.checkin.arrived` marks them present), they follow the players when pairing numbers change
(:func:`renumbered_state`), and the zero-point byes the pairing gives the absentees are recorded
as such (``Bye.absent``): unpairing drops them instead of turning them into requested byes, so
a player checked in afterwards is paired when the round is paired again.  The pairing says
who was left out and which present players have no board (:func:`pairing_notes`).

State: ``options["checkin"] = {"open": bool, "present": [pno, ...]}``; the event's entry
fee ``options["entry_fee"] = {"amount": "10", "currency": "EUR"}``; per player
``extra["fee_due"]`` (a different fee: free for titled players, juniors' rate) and
``extra["fee_paid"]`` (the amount paid).  Amounts are decimal strings, never floats.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from core.errors import ConflictError, TournamentError, UnknownPlayer
from core.i18n import _
from core.model import ByeKind, Player, Tournament


class CheckinClosed(ConflictError):
    """A mark refused because check-in is closed: ``who`` closed it and ``when`` (from the
    journal; empty when unknown).  The front end adds how it reopens (``reopen``)."""

    path = ("options", "checkin", "open")

    def __init__(self, who: str = "", when: str = "", reopen: str = "") -> None:
        self.who, self.when, self.reopen = who, when, reopen
        text = _closed_text(who, when)
        super().__init__(f"{text} ({reopen})" if reopen else text)

    def by(self, who: str, when: str = "") -> CheckinClosed:
        return CheckinClosed(who, when, self.reopen)

    def reopened_by(self, reopen: str) -> CheckinClosed:
        """The same refusal saying how this front end reopens check-in."""
        return CheckinClosed(self.who, self.when, reopen)


def checkin_state(t: Tournament) -> dict[str, Any]:
    """The check-in as stored, normalised: open or not, the present players' numbers sorted."""
    raw = t.options.get("checkin") or {}
    return {"open": bool(raw.get("open", False)), "present": sorted({int(p) for p in raw.get("present", ())})}


def is_open(t: Tournament) -> bool:
    """Whether pairing waits for check-in (players not present are not paired)."""
    return bool(checkin_state(t)["open"])


def present(t: Tournament) -> frozenset[int]:
    return frozenset(checkin_state(t)["present"])


def was_closed(t: Tournament) -> bool:
    """Check-in was opened and then closed (an event that never opened it has no state)."""
    return "checkin" in t.options and not is_open(t)


def paired_without(t: Tournament, pnos: Iterable[int]) -> list[str]:
    """What marking ``pnos`` present must add when the round being played was paired without
    them (their zero-point bye of the check-in, results still missing): the mark counts from
    the next round — the bye stays unless the round is paired again."""
    if not t.rounds or not any(b.result is None for b in t.rounds[-1].boards):
        return []
    rnd, wanted = t.rounds[-1], set(pnos)
    return [_("Round {round} is already paired: {name} has a zero-point bye in it unless the round is paired "
              "again; present from round {next}").format(round=rnd.number, name=t.player(y.pno).name,
                                                         next=rnd.number + 1)
            for y in rnd.byes if y.absent and y.pno in wanted]


def mark_word(here: bool) -> str:
    return _("present") if here else _("absent")


PRESENT_MARK, ABSENT_MARK = "✓", "✗"
"""The check-in's marks, readable without colour (``NO_COLOR``, a monochrome terminal): a
player not marked present is absent for the pairing while check-in is open — whether marked
absent or not come yet is one state (:func:`present` holds only the present), so one mark."""


def mark_sign(here: bool) -> str:
    return PRESENT_MARK if here else ABSENT_MARK


def _closed_text(who: str, when: str) -> str:
    if who and when:
        return _("Check-in was closed by {who} ({when}); nothing was marked").format(who=who, when=when)
    if who:
        return _("Check-in was closed by {who}; nothing was marked").format(who=who)
    return _("Check-in is closed; nothing was marked")


def absentees(t: Tournament, round_no: int | None = None) -> list[Player]:
    """Active players of ``round_no`` (default: the next round) not checked in and without a
    bye requested for that round — the players the pairing will leave out."""
    if not is_open(t):
        return []
    number = t.current_round + 1 if round_no is None else round_no
    marks = present(t)
    requested = {b.pno for b in t.requested_byes if b.round == number}
    return [p for p in sorted(t.players, key=lambda q: q.pno)
            if p.active_in(number) and p.pno not in marks and p.pno not in requested]


def renumbered_state(options: Mapping[str, Any], known: Iterable[int],
                     number: Callable[[int], int]) -> dict[str, Any] | None:
    """The check-in state after pairing numbers changed (``number(old) -> new``; ``known``:
    the players still registered, so a deleted player's mark goes with them), or ``None``
    when the event has none.  Why: the marks are pairing numbers, and registering or deleting
    a player before round 1 (or a late entry slotted in by rating) renumbers the field."""
    raw = options.get("checkin")
    if not isinstance(raw, Mapping):
        return None
    keep = set(known)
    marks = sorted(number(int(p)) for p in raw.get("present", ()) if int(p) in keep)
    return {**raw, "present": marks}


def pairing_notes(t: Tournament, round_no: int) -> list[str]:
    """What the organiser must hear after pairing ``round_no`` with check-in open: the players
    left out because they are not checked in, and the players checked in who have no board
    (a pairing-allocated or requested bye).  Nothing when check-in is closed."""
    if not is_open(t) or not 1 <= round_no <= len(t.rounds):
        return []
    from core.i18n.terms import bye_name

    rnd = t.rounds[round_no - 1]
    marks = present(t)
    absent = [y.pno for y in rnd.byes if y.absent]
    idle = [y for y in rnd.byes if not y.absent and y.pno in marks]
    allocated = [y for y in idle if y.kind is ByeKind.PAB]
    asked = [y for y in idle if y.kind is not ByeKind.PAB]
    notes = []
    if absent:
        notes.append(_("Not paired, not checked in (zero points): {players}").format(
            players="; ".join(f"{pno} {t.player(pno).name}" for pno in absent)))
    if allocated:
        notes.append(_("Checked in but without a board: {players}").format(
            players="; ".join(f"{y.pno} {t.player(y.pno).name} — {bye_name(y.kind.label)}" for y in allocated)))
    if asked:
        notes.append(_("Checked in, with the bye they requested: {players}").format(
            players="; ".join(f"{y.pno} {t.player(y.pno).name} — {_requested_name(t, y.kind)}" for y in asked)))
    return notes


def _requested_name(t: Tournament, kind: ByeKind) -> str:
    """A requested bye as the event counts it: a Keizer evening's full-point bye is club
    duty, a half- or zero-point bye an absence with notice (notes/keizer.md); else the bye."""
    from core.i18n.terms import bye_name

    if t.system == "keizer":
        return _("club duty") if kind is ByeKind.FULL else _("absence with notice")
    return bye_name(kind.label)


# -- entry fees ------------------------------------------------------------------------------
def parse_amount(text: str) -> Decimal:
    """``"10"``, ``"7,50"``, ``"7.5"`` as an exact amount; refuses negatives and words."""
    try:
        value = Decimal(str(text).strip().replace(",", "."))
    except InvalidOperation:
        raise TournamentError(_("amount {text!r} is not a number such as 10 or 7.50").format(text=text)) from None
    if not value.is_finite() or value < 0:
        raise TournamentError(_("amount {text!r} must be zero or more").format(text=text))
    return value


def fee_due(t: Tournament, player: Player) -> Decimal:
    own = (player.extra or {}).get("fee_due")
    if own is not None:
        return Decimal(str(own))
    return Decimal(str((t.options.get("entry_fee") or {}).get("amount", "0")))


def fee_paid(player: Player) -> Decimal:
    return Decimal(str((player.extra or {}).get("fee_paid", "0")))


@dataclass(frozen=True)
class CheckinRow:
    """One line of the check-in list."""

    pno: int
    name: str
    present: bool
    due: Decimal
    paid: Decimal

    @property
    def owed(self) -> Decimal:
        return max(Decimal(0), self.due - self.paid)


@dataclass(frozen=True)
class CheckinList:
    rows: tuple[CheckinRow, ...]
    currency: str

    @property
    def present_count(self) -> int:
        return sum(1 for r in self.rows if r.present)

    @property
    def total_due(self) -> Decimal:
        return sum((r.due for r in self.rows), Decimal(0))

    @property
    def total_paid(self) -> Decimal:
        return sum((r.paid for r in self.rows), Decimal(0))

    @property
    def total_owed(self) -> Decimal:
        return sum((r.owed for r in self.rows), Decimal(0))


def checkin_list(t: Tournament) -> CheckinList:
    """Every player still in the event, with presence and fee, in the alphabet's order of the
    event's language (its names are the event's, whoever reads the list)."""
    from core.i18n.collation import event_sort_key

    marks = present(t)
    number = t.current_round + 1
    rows = tuple(CheckinRow(pno=p.pno, name=p.name, present=p.pno in marks, due=fee_due(t, p),
                            paid=fee_paid(p))
                 for p in sorted(t.players, key=lambda q: (event_sort_key(q.name, t.language), q.pno))
                 if p.withdrawn_round is None or number < p.withdrawn_round)
    return CheckinList(rows=rows, currency=str((t.options.get("entry_fee") or {}).get("currency", "")))


def find_players(t: Tournament, text: str) -> list[Player]:
    """Players whose name contains ``text`` (both folded, in every spelling organisers type:
    ``ivanov`` and ``iwanow`` find *Иванов*, ``mueller`` *Müller*), or whose pairing number it is."""
    from core.i18n.collation import matches

    query = text.strip()
    if not query:
        return []
    if query.isascii() and query.isdigit():
        try:
            return [t.player(int(query))]
        except UnknownPlayer:
            return []
    return [p for p in sorted(t.players, key=lambda q: q.pno) if matches(query, p.name)]

"""What the organiser saw, and the refusal when the store holds something newer.

Why per item and not per revision: two arbiters entering results on *different* boards must
never block each other, so a result carries the board as it was on the screen (players and
result) and is refused only when *that board* changed since.  The same holds for a manual
pairing (the round as shown), for settings (the values shown) and for unpairing.  A pairing
computed in a worker is the exception: it depends on everything, so it carries the revision it
was computed on (the store checks that at commit).

The refusal names who changed the item and to what (from the journal), so the screen can say
so and show the newer value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.errors import ConflictError
from core.i18n import _
from core.checkin import mark_word, present
from core.model import Board, Bye, ByeKind, GameResult, Tournament

if TYPE_CHECKING:
    from core.club.members import Member


class StaleChange(ConflictError):
    """The item changed since the organiser saw it; nothing was saved.

    ``where`` names the item ("round 2, board 3"), ``newer`` is its value now (as text),
    ``who`` the user who changed it last (empty when the journal does not say), ``path`` where
    the item lives in the stored document (to find that user in the journal)."""

    def __init__(self, where: str, newer: str, seen: str, who: str = "",
                 path: tuple[Any, ...] = (), when: str = "") -> None:
        self.where, self.newer, self.seen, self.who, self.path = where, newer, seen, who, path
        self.when = when
        """When ``who`` saved it, for people (local date and time), empty when unknown."""
        if who and when:
            text = _("{where} was changed by {who} ({when}) to {newer} (you saw {seen}); nothing was saved, "
                     "the screen shows the newer value").format(where=where, who=who, when=when,
                                                                newer=newer, seen=seen)
        elif who:
            text = _("{where} was changed by {who} to {newer} (you saw {seen}); nothing was saved, "
                     "the screen shows the newer value").format(where=where, who=who, newer=newer, seen=seen)
        else:
            text = _("{where} was changed to {newer} (you saw {seen}); nothing was saved, "
                     "the screen shows the newer value").format(where=where, newer=newer, seen=seen)
        super().__init__(text)

    def by(self, who: str, when: str = "") -> StaleChange:
        """The same refusal naming ``who`` and ``when`` (found in the journal after the change
        was refused)."""
        return StaleChange(self.where, self.newer, self.seen, who, self.path, when)


def result_text(result: GameResult | None) -> str:
    return result.value if result is not None else _("no result")


def board_path(round_no: int, board_no: int) -> tuple[Any, ...]:
    """Where a board lives in the stored document (what the journal's changes name)."""
    return ("rounds", round_no - 1, "boards", board_no - 1)


def replaced_result(shown: str, who: str, when: str) -> str:
    """The result a correction replaces, named with who entered it and when — the words of
    every front end (the TUI's question before, ``hakem result --correct`` after): "1-0
    (entered by alice, 07.12.2026 12:03:05)"; ``shown`` as that front end writes results.
    The bare result when the journal does not say (a board read from an imported file)."""
    if not who:
        return shown
    return _("{result} (entered by {who}, {when})").format(result=shown, who=who, when=when or "?")


@dataclass(frozen=True)
class BoardSeen:
    """A board as the organiser saw it: who played and the result shown."""

    white: int
    black: int
    result: GameResult | None

    @classmethod
    def of(cls, t: Tournament, round_no: int, board_no: int) -> BoardSeen | None:
        """The board now (``None`` when the round or the board does not exist any more)."""
        if not 1 <= round_no <= len(t.rounds):
            return None
        boards = t.rounds[round_no - 1].boards
        if not 1 <= board_no <= len(boards):
            return None
        b = boards[board_no - 1]
        return cls(b.white, b.black, b.result)

    def text(self) -> str:
        return f"{self.white}-{self.black} {result_text(self.result)}"


def check_board(t: Tournament, round_no: int, board_no: int, seen: BoardSeen,
                after: Tournament | None = None) -> None:
    """Refuse when the board is not what the organiser saw (someone else entered or changed
    its result, or the round was paired again) — unless the change (``after``) leaves the
    board as it is: the same result entered twice, both organisers meant it, nothing is lost."""
    now = BoardSeen.of(t, round_no, board_no)
    if now == seen:
        return
    if now is not None and after is not None and BoardSeen.of(after, round_no, board_no) == now:
        return
    where = _("Round {r}, board {b}").format(r=round_no, b=board_no)
    path = board_path(round_no, board_no)
    if now is None:
        raise StaleChange(where, _("a round without this board"), seen.text(), path=path)
    if (now.white, now.black) != (seen.white, seen.black):
        raise StaleChange(where, now.text(), seen.text(), path=path)
    raise StaleChange(where, result_text(now.result), result_text(seen.result), path=path)


@dataclass(frozen=True)
class RoundSeen:
    """A round's pairing as shown: boards (with results) and byes."""

    number: int
    boards: tuple[tuple[int, int, GameResult | None], ...]
    byes: tuple[tuple[int, ByeKind], ...]

    @classmethod
    def of(cls, t: Tournament, number: int) -> RoundSeen | None:
        if not 1 <= number <= len(t.rounds):
            return None
        rnd = t.rounds[number - 1]
        return cls(number, tuple((b.white, b.black, b.result) for b in rnd.boards),
                   tuple((y.pno, y.kind) for y in rnd.byes))

    @classmethod
    def draft(cls, number: int, boards: Iterable[Board], byes: Iterable[Bye]) -> RoundSeen:
        return cls(number, tuple((b.white, b.black, b.result) for b in boards),
                   tuple((y.pno, y.kind) for y in byes))

    def text(self) -> str:
        played = sum(1 for b in self.boards if b[2] is not None)
        return _("{boards} boards, {results} results").format(boards=len(self.boards), results=played)


def check_round(t: Tournament, seen: RoundSeen) -> None:
    """Refuse when the round (and its being the last one) is not what the organiser saw."""
    now = RoundSeen.of(t, seen.number)
    if now == seen and t.current_round == seen.number:
        return
    where = _("Round {r}").format(r=seen.number)
    if now is None:
        newer = _("not paired")
    elif t.current_round != seen.number:
        newer = _("followed by round {n}").format(n=t.current_round)
    else:
        newer = now.text()
    raise StaleChange(where, newer, seen.text(), path=("rounds", seen.number - 1))


@dataclass(frozen=True)
class MarkSeen:
    """One player as a mark's screen showed them: the person behind the pairing number (their
    name) and their mark.  Why the name: the model has no identity that survives a
    renumbering, and another organiser's late entry moves a person to another number while
    the dialog still shows the old one — the mark must reach the person seen, or nobody."""

    name: str
    present: bool


def marks_seen(t: Tournament, pnos: Iterable[int]) -> dict[int, MarkSeen]:
    """Each player as the organiser sees them now (name and mark): what a mark carries, so
    the store can tell whether someone else changed it, or renumbered the field, meanwhile
    (:func:`check_marks`)."""
    marks = present(t)
    return {pno: MarkSeen(t.player(pno).name, pno in marks) for pno in pnos}


def check_marks(t: Tournament, seen: Mapping[int, MarkSeen], is_present: bool) -> None:
    """Refuse a mark whose number is now someone else (renumbered meanwhile) or whose mark
    another organiser changed to the other one than asked — unless it already is what was
    asked (both meant it).  :class:`StaleChange`; who and when are added from the journal."""
    marks = present(t)
    for pno, mark in sorted(seen.items()):
        name = t.player(pno).name
        if name != mark.name:
            raise StaleChange(_("Pairing number {pno}").format(pno=pno), name, mark.name, path=("players",))
        now = pno in marks
        if now != is_present and now != mark.present:
            raise StaleChange(_("The check-in of {pno} {name}").format(pno=pno, name=name),
                              mark_word(now), mark_word(mark.present), path=("options", "checkin", "present"))


def check_settings(t: Tournament, seen: Mapping[str, Any], changes: Mapping[str, Any]) -> None:
    """Refuse when a setting being changed no longer has the value the organiser saw (unless
    it already has the value asked for: then both meant the same)."""
    for key in sorted(seen):
        now = getattr(t, key, None)
        if now != seen[key] and (key not in changes or now != changes[key]):
            raise StaleChange(_("The setting {key}").format(key=key), _shown(now), _shown(seen[key]),
                              path=(key,))


def check_member(now: Member, seen: Member, changes: Mapping[str, Any]) -> None:
    """Refuse an edit of a register member when a field it changes no longer has the value the
    editor saw (another form or ``hakem members edit`` changed it meanwhile) — unless it already
    has the value asked for.  Fields the edit leaves alone are not compared: two organisers
    changing different fields of one member both keep their change.  A rating is compared by
    its kind (the others are kept)."""
    from core.reports.members import field_labels

    labels = field_labels()
    where = _("Member {number}").format(number=now.id)
    for key in sorted(changes):
        if key == "ratings":
            for kind, rating in sorted(dict(changes[key]).items()):
                if now.rating(kind) not in (seen.rating(kind), rating.value):
                    raise StaleChange(f"{where}, {labels[f'rating-{kind}']}", _shown(now.rating(kind) or None),
                                      _shown(seen.rating(kind) or None), path=("members", str(now.id), key, kind))
            continue
        was, value = getattr(now, key, None), getattr(seen, key, None)
        if was not in (value, changes[key]):
            stored = "contact" if key in ("email", "phone") else key
            raise StaleChange(f"{where}, {labels.get(key, key)}", _shown(was), _shown(value), path=("members", str(now.id), stored))


def _shown(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(map(str, value)) or "—"
    return str(value) if value not in (None, "") else "—"


def last_change(journal: Sequence[Mapping[str, Any]], path: Sequence[Any]) -> tuple[str, str]:
    """(user, local date and time) of the newest journal entry that touched ``path`` (or
    something containing it, or inside it): the organiser the refusal names, and when."""
    target = list(path)
    for entry in reversed(journal):
        if any(touches(op, target) for op in entry.get("ops", ()) or ()):
            return str(entry.get("user", "")), local_time(str(entry.get("time", "")))
    return "", ""


def touches(op: Mapping[str, Any], target: Sequence[Any]) -> bool:
    """Whether one journal operation (:mod:`core.store.diff`) changed ``target``.  A value
    set at, above or inside the target touches it.  A splice of the list at ``p`` touches
    only the items it removes or moves: a round paired later is a splice of ``rounds`` after
    the last round, which leaves every board of the earlier rounds where it was (taking the
    splice's list for the target named whoever paired the latest round as the one who entered
    an old board's result)."""
    p = list(op.get("p", ()))
    n = min(len(p), len(target))
    if p[:n] != target[:n]:
        return False
    if "i" not in op or len(target) <= len(p):
        return True
    index, removed, added = target[len(p)], len(op.get("d", ())), len(op.get("a", ()))
    if not isinstance(index, int) or index < int(op["i"]):
        return False
    return removed != added or index < int(op["i"]) + removed


def local_time(stamp: str) -> str:
    """The journal's UTC time stamp as the organiser's clock shows it ("" if unreadable)."""
    import datetime

    from core.i18n.format import format_datetime

    try:
        moment = datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    local = moment.astimezone()
    return f"{format_datetime(local.replace(tzinfo=None))}:{local.second:02d}"

"""The players' changes: register (one or a list), edit, delete, withdraw and reinstate, byes
asked for, pairs that must not meet.

Before round 1 every change renumbers the field by rating (C.04.2 Art. 2); a late entry is
slotted in by rating until round 4 is paired, afterwards it gets the next number
(:mod:`core.numbering`).  The check-in marks follow the numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.errors import RoundError, TournamentError, UnknownPlayer, ValidationError
from core.i18n import _
from core.model import ByeKind, Player, RequestedBye, Tournament
from core.fields import check_player
from core.changes.numbering import assign_pairing_numbers
from core.numbering import ranked_order, renumber


_PLAYER_EDITABLE = ("name", "rating", "national_rating", "title", "federation", "fide_id",
                    "national_id", "club", "birth", "sex", "extra")


def _visible_names(fields: dict[str, Any]) -> dict[str, Any]:
    """The player's name and club in ``fields`` trimmed, refused (naming the character) when
    they hold a control or invisible character (:func:`core.fields.name`)."""
    from core.fields import name as checked_name

    for key in ("name", "club"):
        if isinstance(fields.get(key), str):
            fields[key] = checked_name(fields[key], key)
    return fields


def add_player(t: Tournament, name: str, rating: int = 0, title: str = "", federation: str = "",
               fide_id: str = "", national_id: str = "", club: str = "", birth: str = "",
               sex: str = "", national_rating: int = 0, extra: Mapping[str, Any] | None = None,
               keep_numbers: bool = False) -> Tournament:
    """Register a player.  Before round 1 the pairing number is provisional (renumbered when
    round 1 is paired); later the player is a late entry, slotted into the ranking while
    numbers are not frozen (C.04.2 Art. 2.4/2.5) and given the next number after that.
    ``keep_numbers``: a late entry gets the next number and nobody else's changes (the
    arbiter's choice when the printed lists must stay right; :func:`late_entry_moves` says
    who would move otherwise).  A round robin under way takes nobody (:func:`refuse_late_entry`)."""
    refuse_late_entry(t)
    pno = max((p.pno for p in t.players), default=0) + 1
    player = _new_player(t, pno, name, rating=rating, title=title, federation=federation, fide_id=fide_id,
                         national_id=national_id, club=club, birth=birth, sex=sex,
                         national_rating=national_rating, extra=extra)
    t = t.with_changes(players=(*t.players, player))
    if not t.numbers_frozen and not (keep_numbers and t.current_round > 0):
        t = assign_pairing_numbers(t)
    return t


def refuse_late_entry(t: Tournament) -> None:
    """Refuse any registration in a round robin once round 1 is paired: its table is fixed
    (:func:`core.pairing.roundrobin.system.late_entry_refusal`) — the change refuses it, so no
    door (form, command, import, rating list) can add one."""
    from core.pairing.roundrobin.system import late_entry_refusal

    refusal = late_entry_refusal(t)
    if refusal:
        raise TournamentError(refusal)


def renumbered(before: Tournament, after: Tournament, provisional: bool = False) -> list[tuple[str, int, int]]:
    """(name, old, new) of the players registered before whose pairing number a change moved
    (a late entry slotted in by rating); nothing before round 1, where numbers are provisional,
    unless ``provisional`` (what a registration says: the numbers a list showed moved)."""
    if not before.current_round and not provisional:
        return []

    def key(p: Player) -> tuple:
        return (p.name, p.rating, p.title, p.federation, p.fide_id, p.club, p.birth)

    slots: dict[tuple, list[int]] = {}
    for p in sorted(after.players, key=lambda p: p.pno):
        slots.setdefault(key(p), []).append(p.pno)
    moves = []
    for p in sorted(before.players, key=lambda p: p.pno):
        free = slots.get(key(p))
        new = free.pop(0) if free else p.pno
        if new != p.pno:
            moves.append((p.name, p.pno, new))
    return moves


def late_entry_moves(t: Tournament, name: str, **fields: Any) -> tuple[int, list[tuple[str, int, int]]]:
    """What registering this player now does to the pairing numbers: (the number the player
    gets when slotted in, [(name, old, new)] of the registered players whose number changes).
    No moves before round 1 (numbers are provisional, announced as such) nor once numbers are
    frozen (the player then gets the next number anyway)."""
    candidate = _new_player(t, max((p.pno for p in t.players), default=0) + 1, name, **fields)
    if t.numbers_frozen:
        return candidate.pno, []
    order = ranked_order((*t.players, candidate))  # what assign_pairing_numbers does
    moves = [(p.name, p.pno, i + 1) for i, p in enumerate(order) if p is not candidate and p.pno != i + 1]
    return order.index(candidate) + 1, (moves if t.current_round else [])


def _new_player(t: Tournament, pno: int, name: str, rating: int = 0, title: str = "", federation: str = "",
                fide_id: str = "", national_id: str = "", club: str = "", birth: str = "",
                sex: str = "", national_rating: int = 0, extra: Mapping[str, Any] | None = None) -> Player:
    """The validated :class:`Player` that :func:`add_player` registers as number ``pno``."""
    from core.fields import birth as checked_birth, sex as checked_sex, title_code
    from core.go.ranks import checked_go_fields

    typed = _visible_names({"name": name, "club": club})
    name, club, title = typed["name"], typed["club"], title_code(title)
    federation = check_player(dict(name=name, rating=rating, title=title, federation=federation,
                                           national_rating=national_rating, fide_id=fide_id, birth=birth,
                                           sex=sex),
                                      go=t.system in ("gamma", "mcmahon"))
    return Player(pno=pno, name=name, rating=rating, national_rating=national_rating,
                  title=title, federation=federation, fide_id=fide_id.strip(),
                  national_id=national_id.strip(), club=club, birth=checked_birth(birth),
                  sex=checked_sex(sex), joined_round=t.current_round + 1,
                  extra=checked_go_fields(extra or {}))


def add_players(t: Tournament, rows: Iterable[Mapping[str, Any]], where: Sequence[str] = ()) -> Tournament:
    """Register many players at once (an import), each row as :func:`add_player`'s keywords:
    all or none — every bad row is reported (by ``where``, its line in the file, else its
    entry number) and nothing is added.

    Why not :func:`add_player` per row: each call renumbers the whole field (C.04.2 Art. 2.2), so a
    2,000-row import sorted 2,000 times (30 s of CPU); here numbers are assigned once, with the
    same result (ties in the ranking fall back to the order of the rows, as one by one)."""
    from core.errors import Problem

    refuse_late_entry(t)
    pno = max((p.pno for p in t.players), default=0)
    added: list[Player] = []
    problems = []
    for i, row in enumerate(rows, start=1):
        try:
            added.append(_new_player(t, pno + len(added) + 1, **row))
        except (TournamentError, TypeError) as error:
            label = where[i - 1] if i <= len(where) else _('entry {i} ({value})').format(i=i, value=row.get('name', ''))
            problems.append(Problem(label, str(error)))
    if problems:
        raise ValidationError(problems, _('cannot import players'))
    t = t.with_changes(players=(*t.players, *added))
    if added and not t.numbers_frozen:
        t = assign_pairing_numbers(t)
    return t


def check_new_player(t: Tournament, row: Mapping[str, Any]) -> None:
    """Refuse a row (:func:`add_player`'s keywords) as registering it would — every field's
    problem named — without registering it: an import names every bad line in one run."""
    try:
        _new_player(t, 0, **row)
    except TypeError as error:  # a keyword add_player does not take
        raise TournamentError(str(error)) from None


def added_pno(before: Tournament, after: Tournament) -> int:
    """Pairing number of the player that :func:`add_player` added (numbers may have shifted)."""
    from collections import Counter

    def key(p: Player) -> tuple:
        return (p.name, p.rating, p.title, p.federation, p.fide_id, p.club, p.birth)

    left = Counter(key(p) for p in before.players)
    for p in sorted(after.players, key=lambda p: -p.pno):
        if left[key(p)] > 0:
            left[key(p)] -= 1
        else:
            return p.pno
    raise UnknownPlayer(_('no player was added'))


def edit_player(t: Tournament, pno: int, **fields: Any) -> Tournament:
    """Change a player's registration data (not the pairing number)."""
    return edit_players(t, {pno: fields})


def edit_players(t: Tournament, edits: Mapping[int, Mapping[str, Any]], renumber: bool = True) -> Tournament:
    """Change several players' data in one step: ``{pno: {field: value}}``, every number
    meaning the player who holds it *now*.

    Why one step: before round 1 the numbers follow the ratings (C.04.2 Art. 2.2), so a changed
    rating renumbers the field; edits applied one by one would address later players by
    numbers that already belong to someone else.  Here every player is found by the number
    he held when the edits were asked for, and the field is renumbered once, at the end
    (``renumber=False``: not at all — the caller renumbers and reports who moved)."""
    from core.fields import birth as checked_birth, sex as checked_sex, title_code

    go = t.system in ("gamma", "mcmahon")
    changed: dict[int, Player] = {}
    for pno, given in edits.items():
        fields = dict(given)
        unknown = set(fields) - set(_PLAYER_EDITABLE)
        if unknown:
            raise TournamentError(_('cannot edit {value}').format(value=', '.join(sorted(unknown))))
        _visible_names(fields)
        code = check_player(fields, go=go)
        if isinstance(fields.get("federation"), str):
            fields["federation"] = code
        if isinstance(fields.get("sex"), str):
            fields["sex"] = checked_sex(fields["sex"])
        if isinstance(fields.get("birth"), str):
            fields["birth"] = checked_birth(fields["birth"])
        if isinstance(fields.get("title"), str):
            fields["title"] = title_code(fields["title"])
        changed[pno] = replace(t.player(pno), **fields)
    t = t.with_changes(players=tuple(changed.get(p.pno, p) for p in t.players))
    if renumber and t.current_round == 0:
        t = assign_pairing_numbers(t)  # numbers are provisional until round 1 is paired
    return t


def remove_player(t: Tournament, pno: int) -> Tournament:
    """Delete a registration; only before round 1 (afterwards: withdraw)."""
    t.player(pno)
    if t.current_round:
        raise TournamentError(_('player {pno} cannot be deleted after round 1 was paired; withdraw the player instead').format(pno=pno))
    rest = tuple(p for p in t.players if p.pno != pno)
    mapping = {p.pno: i + 1 for i, p in enumerate(sorted(rest, key=lambda p: p.pno))}
    t = t.with_changes(players=rest,
                       requested_byes=tuple(b for b in t.requested_byes if b.pno != pno),
                       forbidden=tuple(g2 for g2 in (tuple(x for x in g if x != pno) for g in t.forbidden)
                                       if len(g2) >= 2),
                       forbidden_ranges=tuple(
                           replace(f, players=tuple(x for x in f.players if x != pno))
                           for f in t.forbidden_ranges if len([x for x in f.players if x != pno]) >= 2),
                       adjustments=tuple(replace(a, players=tuple(x for x in a.players if x != pno))
                                         for a in t.adjustments if set(a.players) - {pno}))
    return renumber(_out_of_rosters(t, pno), mapping)


def withdraw(t: Tournament, pno: int, from_round: int | None = None) -> Tournament:
    """Withdraw a player from ``from_round`` on (default: the next round to be paired)."""
    t.player(pno)  # an unknown pairing number is an error, not a no-op
    first = t.current_round + 1 if from_round is None else from_round
    if first < 1 or (from_round is not None and t.total_rounds and first > t.total_rounds):
        raise RoundError(_('there is no round {round_no}: the tournament has rounds 1 to {last}').format(
            round_no=first, last=t.total_rounds))
    if first <= t.current_round:
        raise RoundError(_('round {first} is already paired; withdraw from round {value} and enter a forfeit for the current game').format(first=first, value=t.current_round + 1))
    return t.with_changes(players=tuple(replace(p, withdrawn_round=first) if p.pno == pno else p
                                        for p in t.players),
                          requested_byes=tuple(b for b in t.requested_byes
                                               if not (b.pno == pno and b.round >= first)))


def reinstate(t: Tournament, pno: int) -> Tournament:
    """Undo a withdrawal for the rounds not yet paired."""
    t.player(pno)  # an unknown pairing number is an error, not a no-op
    return t.with_changes(players=tuple(replace(p, withdrawn_round=None) if p.pno == pno else p
                                        for p in t.players))


def request_bye(t: Tournament, pno: int, round_no: int, kind: ByeKind) -> Tournament:
    """Record a requested half/full/zero-point bye for a round not yet paired (C.04.2 Art. 3.3).

    Refused in a team Swiss: C.04.6 pairs teams, and the General Handling Rules it applies
    (C.04.2 Art. 3.3) give the absence to the participant — the team.  A player's bye was
    journaled and then ignored (the team was paired and the player lined up); the message
    names what the team can do instead (:func:`core.changes.teams.request_team_bye`).
    Refused for a full- or half-point bye in a McMahon event: OpenGotha (and hakem's MMS) knows
    the pairing's bye and absences only, an absence scoring the event's absence points; a "full"
    bye was shown as 1 point while MMS and the files counted an absence."""
    if t.system == "swiss-team":
        raise TournamentError(_('player {pno}: in a team Swiss a bye is the whole team\'s (C.04.2 Art. 3.3 applies '
                                'to teams); leave the player out of the line-up with `hakem teams roster`, or give '
                                'the team a zero-point bye with `hakem teams bye` or withdraw it with '
                                '`hakem teams withdraw`').format(pno=pno))
    if t.system == "mcmahon" and kind in (ByeKind.FULL, ByeKind.HALF):
        from core.go.mcmahon_options import mcmahon_options
        from core.i18n.format import format_points

        text = (_('player {pno}: a McMahon event has no full-point bye; an absence is a zero-point bye (--kind zero), '
                  'which scores the event\'s absence points ({points}) in MMS, as OpenGotha scores it')
                if kind is ByeKind.FULL else
                _('player {pno}: a McMahon event has no half-point bye; an absence is a zero-point bye (--kind zero), '
                  'which scores the event\'s absence points ({points}) in MMS, as OpenGotha scores it'))
        raise TournamentError(text.format(pno=pno, points=format_points(mcmahon_options(t).absent_points)))
    return store_bye(t, pno, round_no, kind)


def store_bye(t: Tournament, pno: int, round_no: int, kind: ByeKind) -> Tournament:
    """:func:`request_bye` without the team Swiss refusal: the round and the player checked."""
    player = t.player(pno)
    if kind is ByeKind.PAB:
        raise TournamentError(_('the pairing-allocated bye is given by the pairing, not requested'))
    check_bye_round(t, round_no)
    if not player.active_in(round_no):
        raise TournamentError(_('player {pno} does not play in round {round_no}').format(pno=pno, round_no=round_no))
    rest = tuple(b for b in t.requested_byes if not (b.pno == pno and b.round == round_no))
    return t.with_changes(requested_byes=tuple(sorted((*rest, RequestedBye(pno, round_no, kind)),
                                                      key=lambda b: (b.round, b.pno))))


def check_bye_round(t: Tournament, round_no: int) -> None:
    """A bye (a player's or a team's) can be requested only for a round of the event not yet
    paired; the refusal names the rounds that can still have one."""
    if round_no < 1 or (round_no > t.current_round and round_no > t.total_rounds):
        raise RoundError(_('there is no round {round_no}: a bye can be requested for rounds {first} to {last}').format(
            round_no=round_no, first=t.current_round + 1, last=t.total_rounds)
            if t.current_round < t.total_rounds else _('there is no round {round_no}; every round is paired').format(
            round_no=round_no))
    if round_no <= t.current_round:
        raise RoundError(_('round {round_no} is already paired; a bye can only be requested for round {value} or later').format(round_no=round_no, value=t.current_round + 1))
    if round_no > t.total_rounds:
        raise RoundError(_('the tournament has only {total_rounds} rounds').format(total_rounds=t.total_rounds))


def cancel_bye(t: Tournament, pno: int, round_no: int) -> Tournament:
    rest = tuple(b for b in t.requested_byes if not (b.pno == pno and b.round == round_no))
    if len(rest) == len(t.requested_byes):
        raise TournamentError(_('player {pno} has no requested bye in round {round_no}').format(pno=pno, round_no=round_no))
    return t.with_changes(requested_byes=rest)


def add_forbidden(t: Tournament, pnos: Iterable[int]) -> Tournament:
    """Players who must never meet (same family, same club in a qualifier...)."""
    group = tuple(sorted(set(pnos)))
    if len(group) < 2:
        raise TournamentError(_('a forbidden pairing needs at least two different players'))
    for pno in group:
        t.player(pno)
    return t.with_changes(forbidden=(*t.forbidden, group))


def remove_forbidden(t: Tournament, index: int) -> Tournament:
    if not 0 <= index < len(t.forbidden):
        raise TournamentError(_('there is no forbidden pairing number {value}').format(value=index + 1))
    return t.with_changes(forbidden=t.forbidden[:index] + t.forbidden[index + 1:])


def _out_of_rosters(t: Tournament, pno: int) -> Tournament:
    """Drop a deleted player from every roster (used when a registration is removed)."""
    if not any(pno in x.members for x in t.teams):
        return t
    return t.with_changes(teams=tuple(replace(x, members=tuple(m for m in x.members if m != pno))
                                      for x in t.teams))

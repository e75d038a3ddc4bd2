"""Validated changes to a tournament: pure functions ``Tournament -> Tournament``.

Every action an organiser can take (CLI or UI) is one of these; the store runs them under its
lock and journals the difference.  They raise a :class:`~core.errors.TournamentError`
subclass with a message naming what and where, and never return a half-changed tournament.
"""

from __future__ import annotations

from core.i18n import _

import hashlib
from dataclasses import replace
from typing import Any
from collections.abc import Iterable, Mapping

from core.errors import InvalidResult, RoundError, TournamentError, UnknownPlayer, ValidationError
from core.model import (
    TITLES, Board, Bye, ByeKind, Colour, GameResult, Player, RequestedBye, Round, Tournament,
    format_points,
)
from core.numbering import assign_pairing_numbers, ranked_order, renumber
from core.pairing.base import PairOptions, RoundPairing
from core.validate import validate

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


def check_player(fields: Mapping[str, Any], go: bool = False) -> str:
    """Refuse bad fields (every problem named); the answer is the federation as stored (a Go
    event's players have a country, not a FIDE federation, and the EGD's ``HU`` is ``HUN``)."""
    from core.fields import FieldError, federation
    from core.fields import birth as checked_birth
    from core.fields import fide_id as checked_fide_id
    from core.fields import sex as checked_sex

    problems = []
    name = fields.get("name")
    if name is not None and not str(name).strip():
        problems.append(_("the name must not be empty"))
    for key, message in (("rating", _("rating {value!r} must be a whole number from 0 to 4000")),
                         ("national_rating", _("national rating {value!r} must be a whole number from 0 to 4000"))):
        value = fields.get(key)
        if value is not None and (not isinstance(value, int) or not 0 <= value <= 4000):
            problems.append(message.format(value=value))
    title = fields.get("title")
    if title and title not in TITLES:
        problems.append(_("unknown title {title!r}; use one of {titles}").format(title=title, titles=", ".join(TITLES)))
    code = ""
    try:
        code = federation(str(fields.get("federation") or ""), go=go)
    except FieldError as error:
        problems.append(str(error))
    for key, check in (("fide_id", checked_fide_id), ("birth", checked_birth), ("sex", checked_sex)):
        try:
            check(str(fields.get(key) or ""))
        except FieldError as error:
            problems.append(str(error))
    if problems:
        raise TournamentError("; ".join(problems))
    return code


def add_player(t: Tournament, name: str, rating: int = 0, title: str = "", federation: str = "",
               fide_id: str = "", national_id: str = "", club: str = "", birth: str = "",
               sex: str = "", national_rating: int = 0, extra: Mapping[str, Any] | None = None,
               keep_numbers: bool = False) -> Tournament:
    """Register a player.  Before round 1 the pairing number is provisional (renumbered when
    round 1 is paired); later the player is a late entry, slotted into the ranking while
    numbers are not frozen (C.04.2 Art. 2.4/2.5) and given the next number after that.
    ``keep_numbers``: a late entry gets the next number and nobody else's changes (the
    arbiter's choice when the printed lists must stay right; :func:`late_entry_moves` says
    who would move otherwise)."""
    pno = max((p.pno for p in t.players), default=0) + 1
    player = _new_player(t, pno, name, rating=rating, title=title, federation=federation, fide_id=fide_id,
                         national_id=national_id, club=club, birth=birth, sex=sex,
                         national_rating=national_rating, extra=extra)
    t = t.with_changes(players=(*t.players, player))
    if not t.numbers_frozen and not (keep_numbers and t.current_round > 0):
        t = assign_pairing_numbers(t)
    return t


def renumbered(before: Tournament, after: Tournament) -> list[tuple[str, int, int]]:
    """(name, old, new) of the players registered before whose pairing number a change moved
    (a late entry slotted in by rating); nothing before round 1, where numbers are provisional."""
    if not before.current_round:
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
    from core.fields import sex as checked_sex
    from core.go.ranks import checked_go_fields

    typed = _visible_names({"name": name, "club": club})
    name, club, title = typed["name"], typed["club"], title.strip().upper()
    federation = check_player(dict(name=name, rating=rating, title=title, federation=federation,
                                           national_rating=national_rating, fide_id=fide_id, birth=birth,
                                           sex=sex),
                                      go=t.system in ("gamma", "mcmahon"))
    return Player(pno=pno, name=name, rating=rating, national_rating=national_rating,
                  title=title, federation=federation, fide_id=fide_id.strip(),
                  national_id=national_id.strip(), club=club, birth=birth.strip(),
                  sex=checked_sex(sex), joined_round=t.current_round + 1,
                  extra=checked_go_fields(extra or {}))


def add_players(t: Tournament, rows: Iterable[Mapping[str, Any]]) -> Tournament:
    """Register many players at once (an import), each row as :func:`add_player`'s keywords:
    all or none — every bad row is reported with its entry number and nothing is added.

    Why not :func:`add_player` per row: each call renumbers the whole field (Art. 2.2), so a
    2,000-row import sorted 2,000 times (30 s of CPU); here numbers are assigned once, with the
    same result (ties in the ranking fall back to the order of the rows, as one by one)."""
    from core.errors import Problem

    pno = max((p.pno for p in t.players), default=0)
    added: list[Player] = []
    problems = []
    for i, row in enumerate(rows, start=1):
        try:
            added.append(_new_player(t, pno + len(added) + 1, **row))
        except (TournamentError, TypeError) as error:
            problems.append(Problem(_('entry {i} ({value})').format(i=i, value=row.get('name', '')), str(error)))
    if problems:
        raise ValidationError(problems, _('cannot import players'))
    t = t.with_changes(players=(*t.players, *added))
    if added and not t.numbers_frozen:
        t = assign_pairing_numbers(t)
    return t


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

    Why one step: before round 1 the numbers follow the ratings (Art. 2.2), so a changed
    rating renumbers the field; edits applied one by one would address later players by
    numbers that already belong to someone else.  Here every player is found by the number
    he held when the edits were asked for, and the field is renumbered once, at the end
    (``renumber=False``: not at all — the caller renumbers and reports who moved)."""
    from core.fields import sex as checked_sex

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
    from core.teams.registration import without_player

    return renumber(without_player(t, pno), mapping)


def withdraw(t: Tournament, pno: int, from_round: int | None = None) -> Tournament:
    """Withdraw a player from ``from_round`` on (default: the next round to be paired)."""
    t.player(pno)  # an unknown pairing number is an error, not a no-op
    first = t.current_round + 1 if from_round is None else from_round
    if first <= t.current_round:
        raise RoundError(_('round {first} is already paired; withdraw from round {value} and enter a forfeit for the current game').format(first=first, value=t.current_round + 1))
    if first < 1:
        raise RoundError(_('round {first} does not exist').format(first=first))
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
    """Record a requested half/full/zero-point bye for a round not yet paired (Art. 3.3)."""
    player = t.player(pno)
    if kind is ByeKind.PAB:
        raise TournamentError(_('the pairing-allocated bye is given by the pairing, not requested'))
    if round_no < 1 or (round_no > t.current_round and round_no > t.total_rounds):
        raise RoundError(_('there is no round {round_no}: a bye can be requested for rounds {first} to {last}').format(
            round_no=round_no, first=t.current_round + 1, last=t.total_rounds)
            if t.current_round < t.total_rounds else _('there is no round {round_no}; every round is paired').format(
            round_no=round_no))
    if round_no <= t.current_round:
        raise RoundError(_('round {round_no} is already paired; a bye can only be requested for round {value} or later').format(round_no=round_no, value=t.current_round + 1))
    if round_no > t.total_rounds:
        raise RoundError(_('the tournament has only {total_rounds} rounds').format(total_rounds=t.total_rounds))
    if not player.active_in(round_no):
        raise TournamentError(_('player {pno} does not play in round {round_no}').format(pno=pno, round_no=round_no))
    rest = tuple(b for b in t.requested_byes if not (b.pno == pno and b.round == round_no))
    return t.with_changes(requested_byes=tuple(sorted((*rest, RequestedBye(pno, round_no, kind)),
                                                      key=lambda b: (b.round, b.pno))))


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


def draw_initial_colour(t: Tournament) -> Colour:
    """The drawing of lots for the top player's colour in round 1, reproducible from the
    tournament id (recorded in the tournament, so it is drawn once and never changes)."""
    digest = hashlib.sha256(f"initial-colour:{t.id}:{t.name}".encode()).digest()
    return Colour.WHITE if digest[0] % 2 == 0 else Colour.BLACK


def prepare_next_round(t: Tournament) -> Tournament:
    """The event as the engine must see it before pairing round ``current + 1``: checked
    (round finished, enough players, valid data), absentees of an open check-in given a
    zero-point bye, and before round 1 the pairing numbers and the first colour.  Every front
    end pairs from this, so the CLI and the TUI cannot number or exclude players differently."""
    from core.checkin import with_absences

    return with_absences(_numbered_for_next_round(t))


def _numbered_for_next_round(t: Tournament) -> Tournament:
    """:func:`prepare_next_round` without the absences: checked, and before round 1 numbered
    (the check-in marks follow the numbers) with the first colour drawn."""
    check_can_pair(t)
    if t.current_round == 0:
        t = number_for_round_one(t)
        if t.initial_colour is None:
            t = t.with_changes(initial_colour=draw_initial_colour(t))
    return t


def pair_next_round(t: Tournament, options: PairOptions | None = None) -> Tournament:
    """Pair round ``current + 1`` with the tournament's system and record it."""
    from core.pairing.registry import get_system

    prepared = prepare_next_round(t)
    return record_next_round(t, get_system(t.system).pair(prepared, options))


def record_next_round(t: Tournament, pairing: RoundPairing, manual: bool = False) -> Tournament:
    """Record round ``current + 1`` of ``t`` as paired from :func:`prepare_next_round` (by an
    engine, or by hand with ``manual``).  The zero-point byes of the check-in's absentees are
    marked as theirs, not as requests: unpairing must give back what the organiser asked
    for and nothing the pairing derived."""
    from core.checkin import absentees, record_absences, with_absences

    numbered = _numbered_for_next_round(t)
    recorded = apply_pairing(with_absences(numbered), pairing, manual=manual)
    return record_absences(recorded, (p.pno for p in absentees(numbered)))


def manual_next_round(t: Tournament, boards: Iterable[Board], byes: Iterable[Bye]) -> Tournament:
    """Pair the next round by hand (validated, marked manual), prepared as for an engine."""
    return record_next_round(t, RoundPairing(t.current_round + 1, tuple(boards), tuple(byes)), manual=True)


def number_for_round_one(t: Tournament) -> Tournament:
    """Pairing numbers before round 1: the drawn numbers when the numbers were drawn by lot
    (round robins: the Berger table is played by drawn number), else the ranking of Art. 2."""
    drawn = {p.pno: lot for p in t.players if isinstance(lot := p.extra.get("lot"), int)}
    if t.players and sorted(drawn.values()) == list(range(1, len(t.players) + 1)):
        return renumber(t, drawn)
    return assign_pairing_numbers(t)


def check_can_pair(t: Tournament) -> None:
    # A cup has one round per knockout round, counted from the bracket when round 1 is
    # paired (cups stored in the earlier shape have one per game); the rounds set when the
    # event was created do not stop it before the final.
    if t.current_round >= t.total_rounds and t.system != "knockout":
        raise RoundError(_('all {total_rounds} rounds are paired').format(total_rounds=t.total_rounds))
    if t.rounds and not t.rounds[-1].complete:
        missing = [str(i + 1) for i, b in enumerate(t.rounds[-1].boards) if b.result is None]
        raise RoundError(_('round {current_round} is not finished: no result on board(s) {value}').format(current_round=t.current_round, value=', '.join(missing)))
    active = [p for p in t.players if p.active_in(t.current_round + 1)]
    if len(active) < 2:
        raise TournamentError(_('at least two active players are needed to pair a round'))
    problems = validate(t)
    if problems:
        raise ValidationError(problems, _('the tournament data has problems'))


def apply_pairing(t: Tournament, pairing: RoundPairing, manual: bool = False) -> Tournament:
    """Record a round proposed by an engine (or the arbiter) after checking it is coherent."""
    number = t.current_round + 1
    if pairing.round != number:
        raise RoundError(_('the pairing is for round {round}, but round {number} is next').format(round=pairing.round, number=number))
    if manual:  # what the system derives for boards made by hand (Gamma: handicaps, komi)
        from core.pairing.registry import get_system

        pairing = get_system(t.system).complete(t, pairing)
    rnd = Round(number, tuple(replace(b, result=None) if b.result is not None and not manual else b
                              for b in pairing.boards), tuple(pairing.byes), manual,
                getattr(pairing, "matches", ()) or ())
    new = t.with_changes(rounds=(*t.rounds, rnd),
                         requested_byes=tuple(b for b in t.requested_byes if b.round != number))
    if t.system == "knockout" and any(b.game for b in rnd.boards):
        from core.playoff.cup import bracket_rounds  # a cup has one round per knockout round

        new = new.with_changes(total_rounds=bracket_rounds(new))
    problems = validate(new)
    if problems:
        raise ValidationError(problems, _('the pairing of round {number} is not valid').format(number=number))
    return new


def set_result(t: Tournament, round_no: int, board_no: int, result: GameResult | str | None,
               unrated: bool = False) -> Tournament:
    """Enter or correct the result of board ``board_no`` (1-based) of round ``round_no``."""
    rnd = t.round(round_no)
    if not 1 <= board_no <= len(rnd.boards):
        raise InvalidResult(_('round {round_no} has boards 1 to {value}, not {board_no}').format(round_no=round_no, value=len(rnd.boards), board_no=board_no))
    if isinstance(result, str):
        result = GameResult.parse(result)
    board = rnd.boards[board_no - 1]
    if result is GameResult.DRAW and board.komi is not None and board.komi.denominator != 1:
        raise InvalidResult(_('board {board_no} of round {round_no} has komi {komi}: a Go game with '
                              'a half-point komi cannot end in jigo (½-½); enter the winner').format(
            board_no=board_no, round_no=round_no, komi=format_points(board.komi)))
    boards = list(rnd.boards)
    boards[board_no - 1] = replace(board, result=result, unrated=unrated)
    rounds = list(t.rounds)
    rounds[round_no - 1] = replace(rnd, boards=tuple(boards))
    changed = t.with_changes(rounds=tuple(rounds))
    if t.system == "knockout":  # a level match gets its tie-break games in the same round
        from core.playoff.cup import after_result

        return after_result(changed, round_no)
    return changed


def unpair_last_round(t: Tournament, force: bool = False) -> Tournament:
    """Delete the last round's pairing (e.g. to re-pair after a late withdrawal).  Refused if
    results were entered, unless ``force`` (the UI asks first).  The organiser's requested
    byes of the round come back as requests; what the pairing derived does not — neither
    the pairing-allocated bye nor the zero-point byes of players not checked in (they are
    paired next time if they have checked in meanwhile)."""
    if not t.rounds:
        raise RoundError(_('no round is paired yet'))
    last = t.rounds[-1]
    if not force and any(b.result is not None for b in last.boards):
        raise RoundError(_('round {number} already has results; confirm to delete them too').format(number=last.number))
    restored = [RequestedBye(b.pno, last.number, b.kind) for b in last.byes
                if b.kind is not ByeKind.PAB and not b.absent]
    return t.with_changes(rounds=t.rounds[:-1],
                          requested_byes=tuple(sorted((*t.requested_byes, *restored),
                                                      key=lambda b: (b.round, b.pno))))


def set_manual_pairing(t: Tournament, round_no: int, boards: Iterable[Board],
                       byes: Iterable[Bye]) -> Tournament:
    """Replace the pairing of the last round by the arbiter's own (validated, marked manual)."""
    if round_no != t.current_round:
        raise RoundError(_('only the last paired round ({current_round}) can be changed by hand').format(current_round=t.current_round))
    from core.checkin import record_absences

    base = t.with_changes(rounds=t.rounds[:-1])
    changed = apply_pairing(base, RoundPairing(round_no, tuple(boards), tuple(byes)), manual=True)
    # a zero-point bye that was the check-in's stays the check-in's (unpairing drops it)
    return record_absences(changed, (y.pno for y in t.rounds[-1].byes if y.absent))


def set_settings(t: Tournament, **changes: Any) -> Tournament:
    """Change tournament settings; the number of rounds cannot drop below the rounds paired."""
    allowed = {"name", "place", "federation", "start_date", "end_date", "chief_arbiter",
               "deputy_arbiters", "time_control", "points", "initial_colour", "tiebreaks",
               "tiebreak_regime", "acceleration", "total_rounds", "language", "system", "options",
               "round_dates", "round_times", "time_control_code"}
    unknown = set(changes) - allowed
    if unknown:
        raise TournamentError(_('unknown setting(s): {value}').format(value=', '.join(sorted(unknown))))
    if "total_rounds" in changes and changes["total_rounds"] < max(1, t.current_round):
        raise TournamentError(_('the number of rounds cannot be less than the {current_round} rounds already paired').format(current_round=t.current_round))
    if "system" in changes and t.current_round and changes["system"] != t.system:
        raise TournamentError(_('the pairing system cannot change after round 1 was paired'))
    if "name" in changes and not str(changes["name"]).strip():
        raise TournamentError(_('the tournament name must not be empty'))
    changes = {**changes, **_header_texts(changes)}
    from core.fields import check_event

    return check_event(t.with_changes(**changes), changes)


_HEADER_TEXTS = {"place": "022", "chief_arbiter": "102", "time_control": "122"}
"""Free-text settings written as a TRF header record of their own (``022 Ankara``)."""


def _header_label(key: str) -> str:
    """The name of a free-text header field in the user's language."""
    return {"place": _("city"), "chief_arbiter": _("chief arbiter"), "time_control": _("time control"),
            "deputy_arbiters": _("deputy arbiters")}[key]


def _header_texts(changes: dict[str, Any]) -> dict[str, Any]:
    """The free-text header fields among ``changes``, checked and trimmed: each becomes one
    line of a TRF file (a line break inside would start a record of its own), a deputy
    arbiter is a non-empty name (one 112 record each), the time-control code is the TRF-2026
    222 encoding."""
    from core.trf.fields import control_character, is_time_control

    out: dict[str, Any] = {}
    texts = {key: changes[key] for key in _HEADER_TEXTS if key in changes}
    deputies = tuple(str(name).strip() for name in changes.get("deputy_arbiters", ()))
    for key, value in [*texts.items(), *(("deputy_arbiters", name) for name in deputies)]:
        if control_character(str(value)) is not None:
            raise TournamentError(_('{what}: {value!r} holds a control character (a TRF record is one line)').format(
                what=_header_label(key), value=value))
    if "deputy_arbiters" in changes:
        if any(not name for name in deputies):
            raise TournamentError(_('a deputy arbiter needs a name'))
        out["deputy_arbiters"] = deputies
    code = str(changes.get("time_control_code") or "").strip()
    if code and not is_time_control(code):
        raise TournamentError(_('--time-control-code {code!r}: use the TRF-2026 encoding, e.g. 5400+30, 40/6000+30:900+30, W300-B240').format(
            code=code))
    if "time_control_code" in changes:
        out["time_control_code"] = code
    return out


def set_round_schedule(t: Tournament, round_no: int, date: str | None = None,
                       time: str | None = None) -> Tournament:
    """Set the date (``YYYY-MM-DD``) and/or start time (``HH:MM``) of round ``round_no``; an
    empty text clears it.  Why per round: rating reports need every round's date (TRF 132),
    and pairing lists show when the round starts."""
    import datetime as _dt

    if not 1 <= round_no <= t.total_rounds:
        raise RoundError(_('round {number} does not exist (the tournament has {total} rounds)').format(
            number=round_no, total=t.total_rounds))
    dates, times = list(t.round_dates), list(t.round_times)
    if date is not None:
        date = date.strip()
        if date:
            try:
                date = _dt.date.fromisoformat(date.replace("/", "-")).isoformat()
            except ValueError as error:
                raise TournamentError(_('{value!r} is not a date; use YYYY-MM-DD').format(value=date)) from error
        dates += [""] * (round_no - len(dates))
        dates[round_no - 1] = date
    if time is not None:
        time = time.strip()
        if time:
            try:
                clock = _dt.time.fromisoformat(time if len(time) > 4 else time.zfill(5))
            except ValueError as error:
                raise TournamentError(_('{value!r} is not a time of day; use HH:MM').format(value=time)) from error
            time = f"{clock.hour:02d}:{clock.minute:02d}"
        times += [""] * (round_no - len(times))
        times[round_no - 1] = time
    while dates and not dates[-1]:
        dates.pop()
    while times and not times[-1]:
        times.pop()
    return t.with_changes(round_dates=tuple(dates), round_times=tuple(times))


def round_schedule_text(t: Tournament, number: int) -> str:
    """"Saturday's" line of a pairing list: the round's date and start time in the UI language
    ("" when neither is set)."""
    from core.i18n.format import format_date

    date, clock = t.round_date(number), t.round_time(number)
    if date and clock:
        return _("{date}, {time}").format(date=format_date(date), time=clock)
    return format_date(date) if date else clock


DEMO_PLAYERS = (
    ("Aktar, Tahsin", 2285, "FM", "TUR"), ("Yılmaz, Elif", 2190, "WFM", "TUR"),
    ("Schneider, Jonas", 2234, "", "GER"), ("Petrova, Anna", 2156, "WIM", "RUS"),
    ("Demir, Mehmet", 2098, "", "TUR"), ("Krüger, Lena", 2050, "", "GER"),
    ("Ivanov, Sergei", 2311, "IM", "RUS"), ("Kaya, Can", 1987, "CM", "TUR"),
    ("Öztürk, Sibel", 1920, "", "TUR"), ("Wagner, Paul", 1875, "", "GER"),
    ("Smirnova, Olga", 1810, "", "RUS"), ("Arslan, Emre", 1755, "", "TUR"),
)


def demo_tournament(tournament_id: str = "") -> Tournament:
    """A small ready-to-pair club Swiss (12 players, 5 rounds) for trying hakem out."""
    t = Tournament(id=tournament_id, name="Demo Club Rapid", system="dutch", total_rounds=5,
                   place="Ankara", federation="TUR", start_date="2026-11-29", end_date="2026-11-29",
                   time_control="15+10", tiebreaks=("BH/C1", "BH", "SB", "WIN"),
                   chief_arbiter="Demo Arbiter")
    for name, rating, title, fed in DEMO_PLAYERS:
        t = add_player(t, name, rating=rating, title=title, federation=fed, club="Demo Chess Club")
    return assign_pairing_numbers(t)


__all__ = [name for name in dir() if not name.startswith("_")] + ["ranked_order"]

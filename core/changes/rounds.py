"""The rounds' changes: prepare, pair (by an engine or by hand), record, unpair, and enter or
correct a result.

Every front end pairs from :func:`prepare_next_round`, so the CLI and the TUI cannot number or
leave out players differently; the check-in's absentees get their zero-point bye here."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, replace

from core.changes.checkin import record_absences, with_absences
from core.checkin import absentees
from core.errors import InvalidResult, RoundError, TournamentError, ValidationError
from core.i18n import _
from core.model import Board, Bye, ByeKind, Colour, GameResult, RequestedBye, Round, Tournament
from core.changes.numbering import assign_pairing_numbers
from core.numbering import renumber
from core.typed_result import half_point_refusal
from core.pairing.base import PairOptions, RoundPairing
from core.validate import validate


def draw_initial_colour(t: Tournament) -> Colour:
    """The drawing of lots for the top player's colour in round 1, reproducible from the
    tournament id (recorded in the tournament, so it is drawn once and never changes)."""
    digest = hashlib.sha256(f"initial-colour:{t.id}:{t.name}".encode()).digest()
    return Colour.WHITE if digest[0] % 2 == 0 else Colour.BLACK


@dataclass(frozen=True)
class Prepared:
    """Round ``current + 1`` ready to pair: the event as the engine must see it, and the
    check-in's absentees given a zero-point bye in it (their byes are marked as theirs when
    the round is recorded)."""

    tournament: Tournament
    absent: tuple[int, ...]


def prepared_round(t: Tournament) -> Prepared:
    """:func:`prepare_next_round` with the absentees it gave a bye, computed once for both the
    engine and :func:`record_next_round`."""
    numbered = _numbered_for_next_round(t)
    return Prepared(with_absences(numbered), tuple(p.pno for p in absentees(numbered)))


def prepare_next_round(t: Tournament) -> Tournament:
    """The event as the engine must see it before pairing round ``current + 1``: checked
    (round finished, enough players, valid data), absentees of an open check-in given a
    zero-point bye, and before round 1 the pairing numbers and the first colour.  Every front
    end pairs from this, so the CLI and the TUI cannot number or exclude players differently."""
    return prepared_round(t).tournament


def _numbered_for_next_round(t: Tournament) -> Tournament:
    """:func:`prepare_next_round` without the absences: checked, and before round 1 numbered
    (the check-in marks follow the numbers) with the first colour drawn."""
    if t.current_round == 0 and t.options.get("rounds_from_players"):
        t = _rounds_from_players(t)
    check_can_pair(t)
    if t.current_round == 0:
        t = number_for_round_one(t)
        if t.initial_colour is None:
            t = t.with_changes(initial_colour=draw_initial_colour(t))
    return t


def pair_next_round(t: Tournament, options: PairOptions | None = None) -> Tournament:
    """Pair round ``current + 1`` with the tournament's system and record it."""
    from core.pairing.registry import get_system

    ready = prepared_round(t)
    return record_next_round(t, get_system(t.system).pair(ready.tournament, options), prepared=ready)


def record_next_round(t: Tournament, pairing: RoundPairing, manual: bool = False,
                      prepared: Prepared | None = None) -> Tournament:
    """Record round ``current + 1`` of ``t`` as paired from :func:`prepare_next_round` (by an
    engine, or by hand with ``manual``).  The zero-point byes of the check-in's absentees are
    marked as theirs, not as requests: unpairing must give back what the organiser asked
    for and nothing the pairing derived.  ``prepared``: :func:`prepared_round` of this very
    ``t`` when the caller has it (what the engine paired), so it is not computed again."""
    ready = prepared if prepared is not None else prepared_round(t)
    return record_absences(apply_pairing(ready.tournament, pairing, manual=manual), ready.absent)


def manual_next_round(t: Tournament, boards: Iterable[Board], byes: Iterable[Bye]) -> Tournament:
    """Pair the next round by hand (validated, marked manual), prepared as for an engine."""
    return record_next_round(t, RoundPairing(t.current_round + 1, tuple(boards), tuple(byes)), manual=True)


def _rounds_from_players(t: Tournament) -> Tournament:
    """A round robin made without its number of rounds (``hakem new --system berger``): the
    table of the players registered now fixes it (n−1 rounds a cycle for an even n, n for an
    odd one), as the organiser could not know it when the event was made."""
    from core.pairing.roundrobin import rounds_needed

    options = {k: v for k, v in t.options.items() if k != "rounds_from_players"}
    if len(t.players) < 2:
        return t
    return t.with_changes(total_rounds=rounds_needed(t), options=options)


def rounds_follow_players(t: Tournament) -> Tournament:
    """Before round 1 of a round robin made without its number of rounds, the rounds its table
    has for the players registered now (n−1 a cycle for an even n, n for an odd one), after
    every change: the list, the settings and the reports say "round 0 of 5" for five players,
    not the 1 the event was made with.  Pairing round 1 fixes the number
    (:func:`_rounds_from_players`); ``settings --rounds`` fixes it before that."""
    from core.errors import TournamentError
    from core.pairing.roundrobin import rounds_needed

    if t.current_round or not t.options.get("rounds_from_players") or len(t.players) < 2:
        return t
    try:
        rounds = rounds_needed(t)
    except TournamentError:  # no longer an all-play-all system: its rounds are the organiser's
        return t
    return t if rounds == t.total_rounds else t.with_changes(total_rounds=rounds)


def number_for_round_one(t: Tournament) -> Tournament:
    """Pairing numbers before round 1: the drawn numbers when the numbers were drawn by lot
    (round robins: the Berger table is played by drawn number), else the ranking of C.04.2 Art. 2."""
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


def _absent_side(t: Tournament, round_no: int, board: Board) -> bool:
    """True if a player of the board is not in the event that round: a round robin keeps the
    table game with its forfeit (Aktar p. 61), a result the pairing itself sets."""
    return not all(t.player(p).active_in(round_no) for p in (board.white, board.black))


def apply_pairing(t: Tournament, pairing: RoundPairing, manual: bool = False) -> Tournament:
    """Record a round proposed by an engine (or the arbiter) after checking it is coherent."""
    number = t.current_round + 1
    if pairing.round != number:
        raise RoundError(_('the pairing is for round {round}, but round {number} is next').format(round=pairing.round, number=number))
    if manual:  # what the system derives for boards made by hand (Gamma: handicaps, komi)
        from core.pairing.registry import get_system

        pairing = get_system(t.system).complete(t, pairing)
    rnd = Round(number, tuple(replace(b, result=None) if b.result is not None and not manual
                              and not _absent_side(t, number, b) else b
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
        raise InvalidResult.no_such_board(round_no, len(rnd.boards), board_no)
    if isinstance(result, str):
        result = GameResult.parse(result)
    board = rnd.boards[board_no - 1]
    if result is GameResult.DRAW and board.komi is not None and board.komi.denominator != 1:
        from core.i18n.format import format_decimal

        raise InvalidResult(_('board {board_no} of round {round_no} has komi {komi}: a Go game with '
                              'a half-point komi cannot end in jigo (½-½); enter the winner').format(
            board_no=board_no, round_no=round_no, komi=format_decimal(board.komi)))  # as the Go form writes komi
    refusal = half_point_refusal(t.system, replace(board, result=result), round_no, board_no)
    if refusal is not None:
        raise InvalidResult(refusal)
    boards = list(rnd.boards)
    boards[board_no - 1] = replace(board, result=result, unrated=unrated)
    rounds = list(t.rounds)
    rounds[round_no - 1] = replace(rnd, boards=tuple(boards))
    changed = t.with_changes(rounds=tuple(rounds))
    if t.system == "knockout":  # a level match gets its tie-break games in the same round
        from core.changes.cup import after_result

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
    base = t.with_changes(rounds=t.rounds[:-1])
    changed = apply_pairing(base, RoundPairing(round_no, tuple(boards), tuple(byes)), manual=True)
    # a zero-point bye that was the check-in's stays the check-in's (unpairing drops it)
    return record_absences(changed, (y.pno for y in t.rounds[-1].byes if y.absent))

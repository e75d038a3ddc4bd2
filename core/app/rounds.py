"""Use cases of the rounds: prepare → propose (in a worker) → record, by hand, unpair; results
(chess and Go, a cup's Armageddon); a playoff's are :mod:`core.app.playoffs`."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core import changes
from core.app.access import use_case
from core.app.conflicts import (
    BoardSeen,
    RoundSeen,
    check_board,
    check_round,
)
from core.errors import TournamentError
from core.i18n import _, ngettext
from core.model import Board, Bye, GameResult, Tournament
from core.words import ALSO, Action, act

if TYPE_CHECKING:
    from core.pairing.base import RoundPairing


from core.app.base import GO_SYSTEMS, DeskBase, Outcome, Progress, RoundPlan


class RoundCases(DeskBase):
    """Pairing rounds and entering results (mixed into :class:`~core.app.desk.Desk`)."""

    _prepared: tuple[int, changes.rounds.Prepared] | None = None
    """The last round prepared (:meth:`prepare_round`) and the revision it was read at: recording
    that plan's pairing reuses it instead of preparing the round again."""

    # -- pairing: prepare -> propose (in a worker) -> record --------------------------------
    @use_case("round.pair")
    def prepare_round(self) -> RoundPlan:
        """Check that the next round can be paired and prepare what the engine sees; writes
        nothing (the preparation is recorded with the round)."""
        snap = self.store.load(self.id)
        prepared = changes.prepared_round(snap.tournament)
        self._prepared = (snap.revision, prepared)
        return RoundPlan(prepared.tournament, snap.revision)

    @use_case("round.pair")
    def propose(self, plan: RoundPlan, cancel: threading.Event | None = None,
                progress: Progress | None = None) -> RoundPairing:
        """Run the engine on the plan (meant for a worker thread: it can take long on a big
        field).  ``cancel`` stops it between steps (:class:`~core.pairing.base.Cancelled`),
        ``progress(fraction, text)`` is called as it goes; neither changes the result."""
        from core.pairing.base import PairOptions
        from core.pairing.registry import get_system

        return get_system(plan.tournament.system).pair(plan.tournament, PairOptions(cancel=cancel, progress=progress))

    @use_case("round.pair")
    def record_round(self, plan: RoundPlan, pairing: RoundPairing) -> Outcome:
        """Save the proposed round, refused (:class:`~core.errors.ConflictError`) when anything
        was saved since the plan was read: the pairing depends on every result and entry."""
        from core.checkin import pairing_notes

        kept = self._prepared
        prepared = kept[1] if kept is not None and kept[0] == plan.revision else None  # the state is that revision's
        out = self._change(act("pair", round=pairing.round),
                           lambda t: changes.record_next_round(t, pairing, prepared=prepared), revision=plan.revision)
        from core.pairing.base import ROUND_NOTE

        notes = (*pairing.explanations.get(ROUND_NOTE, ()), *pairing_notes(out.tournament, pairing.round))
        return Outcome(out.tournament, out.revision, (*notes, *out.warnings), out.value)

    @use_case("round.pair")
    def pair_next_round(self, cancel: threading.Event | None = None, progress: Progress | None = None) -> Outcome:
        """Prepare, propose and record in one go (the command line)."""
        plan = self.prepare_round()
        return self.record_round(plan, self.propose(plan, cancel, progress))

    @use_case("round.unpair")
    def unpair_last_round(self, force: bool = False, seen: RoundSeen | None = None) -> Outcome:
        """Delete the last round's pairing; with ``seen``, refused when that round is no longer
        the last or changed since it was shown (another organiser's result would be lost)."""

        def change(t: Tournament) -> Tournament:
            if seen is not None:
                check_round(t, seen)
            return changes.unpair_last_round(t, force)

        return self._change(act("unpair"), change)

    @use_case("round.manual")
    def pair_by_hand(self, boards: Sequence[Board], byes: Sequence[Bye], replace: bool = False,
                     seen: RoundSeen | None = None) -> Outcome:
        """Pair the next round by hand — or, with ``replace``, change the last one — validated
        and marked manual; the warnings name every absolute criterion broken.  ``seen`` (the
        last round as shown) refuses a replacement when that round changed meanwhile."""
        from core.manual import manual_pairing_warnings

        def change(t: Tournament) -> Tournament:
            if seen is not None:
                check_round(t, seen)
            if replace:
                return changes.set_manual_pairing(t, t.current_round, boards, byes)
            return changes.manual_next_round(t, boards, byes)

        from core.checkin import pairing_notes

        out = self._change(act("manual"), change)
        number = out.tournament.current_round
        warnings = manual_pairing_warnings(out.tournament, number)
        notes = [] if replace else pairing_notes(out.tournament, number)
        return Outcome(out.tournament, out.revision, (*notes, *warnings, *out.warnings), out.value)

    @use_case("round.read", writes=False)
    def draft_warnings(self, round_no: int, boards: Sequence[Board], byes: Sequence[Bye]) -> list[str]:
        """The warnings a manual pairing would get, before it is saved (shown live)."""
        from core.manual import draft_warnings

        return draft_warnings(self.store.load(self.id).tournament, round_no, boards, byes)

    @use_case("round.read", writes=False)
    def engine_pairing(self, round_no: int, cancel: threading.Event | None = None,
                       tournament: Tournament | None = None) -> RoundPairing:
        """What the engine pairs for round ``round_no`` from the rounds before it (the manual
        pairing screen's other side; the reasons behind a stored round).

        ``tournament``: the state to pair from, already loaded — the TUI computes in a forked
        child process, which has closed the store's directory descriptor and cannot read."""
        from core.pairing.base import PairOptions
        from core.pairing.registry import get_system
        from core.pairing.replay import input_for_round

        t = tournament if tournament is not None else self.store.load(self.id).tournament
        return get_system(t.system).pair(input_for_round(t, round_no), PairOptions(cancel=cancel))

    @use_case("round.schedule")
    def schedule_round(self, round_no: int, date: str | None = None, time: str | None = None) -> Outcome:
        """The date and start time of a round (rating reports need every round's date)."""
        return self._change(act("schedule", round=round_no),
                            lambda t: changes.set_round_schedule(t, round_no, date, time))

    # -- results ----------------------------------------------------------------------------
    @use_case("result.enter")
    def enter_result(self, round_no: int, board_no: int, result: GameResult | None,
                     seen: BoardSeen | None = None, unrated: bool = False,
                     computed: Computed | None = None) -> Outcome:
        """Enter, correct or clear the result of a board.  ``seen`` is the board as the
        organiser saw it: when it changed since (another organiser, another window) the
        change is refused with who changed it to what (:class:`~core.app.conflicts.StaleChange`).
        ``computed``: the change as a screen of this process already made it
        (:func:`preview_result`), taken as it is when the store's state is still the one it
        was made on."""

        def change(t: Tournament) -> Tournament:
            if computed is not None and t is computed.before:
                after = computed.after
            else:
                after = changes.set_result(t, round_no, board_no, result, unrated)  # a bad result first
            if seen is not None:
                check_board(t, round_no, board_no, seen, after)
            return after

        action = self._board_action(round_no, board_no, result, unrated, computed)
        outcome = self._change(action, change, value=lambda before, after: (
            *_later_rounds_paired(before, after, round_no), *_playoffs_set_aside(before, after)))
        return dataclasses.replace(outcome, warnings=outcome.warnings + outcome.value, value=None)

    def _board_action(self, round_no: int, board_no: int, result: GameResult | None, unrated: bool = False,
                      computed: Computed | None = None) -> Action:
        """The journal's record of a result: with the board's White and Black and their names
        (read ``result round 3 board 4: 7 Kaya, Can – 2 Aydın, Ali 1-0``, :data:`core.words.FULLER`),
        as the log is read without the round at hand; a board that held another result is a
        correction, kept with the old result (``correction: … 0-1 → ½-½``: an audit trail
        shows who changed a result from what); a knockout's tie-break boards the result adds
        or removes go with it (:data:`core.words.ALSO`).  A board that is not there (the
        change refuses it) by its place only."""
        t = self.store.load(self.id).tournament
        text = result.value if result is not None else ""
        rnd = t.round(round_no) if 1 <= round_no <= len(t.rounds) else None
        board = rnd.boards[board_no - 1] if rnd is not None and 1 <= board_no <= len(rnd.boards) else None
        if board is None:
            return act("result", round=round_no, board=board_no, result=text)
        args: dict[str, object] = {"round": round_no, "board": board_no, "white": board.white,
                                   "black": board.black, "result": text}
        old = board.result.value if board.result is not None else ""
        if old and old != text:
            args["old"] = old
        boards = _cup_boards(t, round_no, board_no, result, unrated, computed)
        if boards is not None:
            args[ALSO] = boards.data()
        return self._naming(act("result_corrected" if "old" in args else "result", **args), board.white, board.black)

    @use_case("journal.read", writes=False)
    def result_entered(self, round_no: int, board_no: int) -> tuple[str, str]:
        """(who, when) of the newest change of a board — who entered the result a correction
        would replace (:func:`~core.app.conflicts.replaced_result` words it); ``("", "")``
        when the journal does not say."""
        from core.app.conflicts import board_path, last_change

        return last_change(self.store.journal(self.id), board_path(round_no, board_no))

    @use_case("result.enter")
    def enter_go_result(self, round_no: int, board_no: int, winner: str | None, white: int | None = None,
                        forfeit: bool = False, both_absent: bool = False, jigo: bool = False,
                        seen: BoardSeen | None = None) -> Outcome:
        """Go (Gamma or McMahon): who won a board (by number, white or black), a jigo, or that
        neither player came.  ``seen`` as for :meth:`enter_result`."""
        from core.changes import go as results

        if not (both_absent or jigo) and winner is None:
            raise TournamentError(_("give the winner (number, white or black), --jigo or --both-absent"))

        def change(t: Tournament) -> Tournament:
            self._check_go(t, GO_SYSTEMS)
            if both_absent:
                after = results.record_double_refusal(t, round_no, board_no)
            elif jigo:
                after = results.record_jigo(t, round_no, board_no)
            else:
                after = results.record_winner_text(t, round_no, board_no, str(winner), white, forfeit)
            if seen is not None:
                check_board(t, round_no, board_no, seen, after)
            return after

        return self._change(act("go_result", round=round_no, board=board_no), change)

    @use_case("player.bye")
    def go_refusal(self, pno: int, round_no: int, cancel: bool = False) -> Outcome:
        """Go: a player refuses a round not yet paired (or takes the refusal back)."""
        from core.changes import go as results

        def change(t: Tournament) -> Tournament:
            self._check_go(t, ("gamma",))
            if cancel:
                return results.cancel_refusal(t, pno, round_no)
            return results.record_refusal(t, pno, round_no)

        return self._change(self._naming(act("go_refusal", player=pno, round=round_no), pno), change)

    # -- a cup's Armageddon: part of the game's result --------------------------------------
    @use_case("result.enter")
    def cup_bids(self, bids: dict[int, int]) -> Outcome:
        """The two players' Armageddon bids; the game goes on a board of the round."""
        from core.changes.cup import set_bids

        words = " ".join(f"{p}:{b}" for p, b in sorted(bids.items()))
        return self._change(act("cup_bids", bids=words), lambda t: set_bids(t, bids))

    @use_case("result.enter")
    def cup_flag_later(self, round_no: int, board_no: int, side: str) -> Outcome:
        """An Armageddon 0-0 (both flags fell): whose flag fell later."""
        from core.changes.cup import set_flag_later

        return self._change(act("cup_flag", round=round_no, board=board_no, side=side),
                            lambda t: set_flag_later(t, round_no, board_no, side))


@dataclass(frozen=True)
class Computed:
    """A change computed on the very snapshot a screen shows (``before`` → ``after``).  The
    store takes ``after`` only when its newest state *is* ``before`` (the same object: nothing
    saved or re-read since), so the change is computed once; any other state gets the change
    computed again on it.  An object that crossed the data service's wire is never the
    service's own state, so nothing sent can stand in for a change."""

    before: Tournament
    after: Tournament


def preview_result(t: Tournament, round_no: int, board_no: int, result: GameResult | None,
                   unrated: bool = False) -> Tournament:
    """The tournament as it will be once :meth:`Desk.enter_result` saved the result — what a
    screen shows at once while the save runs (the same validated command)."""
    return changes.set_result(t, round_no, board_no, result, unrated)


def _cup_boards(t: Tournament, round_no: int, board_no: int, result: GameResult | None, unrated: bool,
                computed: Computed | None) -> Action | None:
    """The journal's words for the tie-break boards a knockout result adds to its round (a
    level match) or a correction removes (the match decided): the boards are made by the
    change itself, so the result's entry says so; None for any other result (or one the
    change refuses: it says why)."""
    if t.system != "knockout":
        return None
    try:
        after = (computed.after if computed is not None and computed.before is t
                 else changes.set_result(t, round_no, board_no, result, unrated))
    except TournamentError:
        return None
    old = len(t.round(round_no).boards)
    new = len(after.round(round_no).boards) if round_no <= len(after.rounds) else old
    if new == old:
        return None
    boards = ", ".join(str(b) for b in range(min(old, new) + 1, max(old, new) + 1))
    return act("cup_boards_added" if new > old else "cup_boards_removed", round=round_no, boards=boards)


def _later_rounds_paired(before: Tournament, after: Tournament, round_no: int) -> tuple[str, ...]:
    """A correction in a round that later rounds were paired after, changing someone's score,
    in a system that pairs by score (a Swiss): those rounds were paired on the old scores and
    stay as they are; the change says so, naming the scores it changed, as a playoff's
    correction does (a round robin's table does not follow the scores; a cup refuses)."""
    if len(after.rounds) <= round_no or after.system == "knockout" or after.options.get("round_robin"):
        return ()  # the last round (the usual case: nothing more imported), or a cup
    from core.tiebreaks.context import ROUND_ROBIN_SYSTEMS

    if after.system in ROUND_ROBIN_SYSTEMS:
        return ()
    from core.i18n.format import format_points, place_span
    from core.model import scores

    old, new = scores(before), scores(after)
    changed = [p for p in sorted(new) if old.get(p) != new[p]]
    if not changed:
        return ()
    names = "; ".join(_("{pno} {name} {old} → {new}").format(
        pno=p, name=after.player(p).name, old=format_points(old.get(p, 0)), new=format_points(new[p]))
        for p in changed if after.has_player(p))
    later = range(round_no + 1, len(after.rounds) + 1)
    return (ngettext("Round {rounds} was paired on the scores before this correction, which changes "
                     "{scores}; its pairing stays as it is.",
                     "Rounds {rounds} were paired on the scores before this correction, which changes "
                     "{scores}; their pairings stay as they are.", len(later)).format(
        rounds=place_span(later), scores=names),)


def _playoffs_set_aside(before: Tournament, after: Tournament) -> tuple[str, ...]:
    """A result (a correction) that untied the players of a decided playoff: the standings set
    it aside from now on, and the change says so (a cup refuses a correction that changes who
    went through; a playoff after the event cannot be replayed, so it is said, not refused)."""
    from core.ties import tie_orders

    if not any(o.source == "playoff" for o in tie_orders(after)):
        return ()  # no playoff ordered a tie: none to set aside (and the standings not imported)
    from core.standings import stale_playoffs

    earlier = stale_playoffs(before)
    return tuple(w for players, w in stale_playoffs(after).items() if players not in earlier)

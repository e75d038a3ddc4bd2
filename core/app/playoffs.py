"""Use cases of a tie-break playoff, one per change: create, a game's result, a lot drawn over
the board, Armageddon bids, the lot winner's colour, the start time.

Why one use case per change, with plain arguments: the front ends (``hakem playoff``, the
TUI's playoff pane) say *what* changes (a key, pairing numbers, a game's id, a time), never
build the new state themselves, so the one way in is the same for every change — the gate,
the store's lock on its newest state, the journal's words — and a client of the data service
sends the same request an in-process caller makes; the edit runs in the service
(:mod:`core.changes.playoff`).

The playoff's edits (and with them the whole :mod:`core.playoff` package) are imported by the
use case that runs one: every desk has these use cases, and ``hakem result`` paid ~10 ms of
its start for a package it does not use (issue 35).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.app.access import use_case
from core.app.base import Change, DeskBase, Outcome
from core.errors import TournamentError
from core.i18n import _
from core.model import GameResult, Tournament
from core.words import Action, act


class PlayoffCases(DeskBase):
    """The playoff's changes (mixed into :class:`~core.app.desk.Desk`)."""

    def _playoff_change(self, key: str, action: Action, change: Change) -> Outcome:
        """Run ``change`` with the journal's words of the playoff ``key``."""
        return self._change(Action(action.kind, {**action.args, "key": key}), change)

    @use_case("playoff.change")
    def create_playoff(self, key: str, players: Sequence[int], places: int = 1, *, force: bool = False,
                       variant: str | None = None, seed: int | None = None, start: str = "00:00",
                       breaks: Mapping[str, int] | None = None, first_board: int = 1,
                       max_boards: int | None = None, overrides: Mapping[str, Any] | None = None,
                       format_id: str | None = None) -> Outcome:
        """A playoff ``key`` for ``players`` (pairing numbers in tie-break order) selecting
        ``places`` of them; refused unless they are tied on points, or ``force``.  ``format_id``:
        the name of the format the organiser chose (the journal says it; without it the
        journal names the players)."""
        words = (act("playoff_scheduled", format=format_id, places=places, start=start) if format_id is not None
                 else act("playoff_created", players=",".join(map(str, players))))
        from core.changes import playoff as edits

        return self._playoff_change(key, self._naming(words, *players), lambda t: edits.create_playoff(
            t, key, players, places, force=force, variant=variant, seed=seed, start=start, breaks=breaks,
            first_board=first_board, max_boards=max_boards, overrides=overrides))

    @use_case("playoff.change")
    def playoff_result(self, key: str, game_id: str, result: str | None, *, correct: bool = False,
                       flag_later: str | None = None, end: str | None = None) -> Outcome:
        """Enter, correct or clear (``None``) the result of a playoff game.

        A game that already has a result keeps it unless ``correct`` — the organiser answered
        the correction question (the TUI) or gave ``--correct`` (the CLI), as for a round's
        board.  The check runs inside the store's change, so a result entered meanwhile by
        another organiser is refused, not replaced.  The journal names the game, its players,
        and a correction as one."""
        from core.changes import playoff as edits
        from core.playoff import evaluate
        from core.playoff.state import stored_playoff

        before = self.store.load(self.id).tournament
        seen = self._playoff_game(before, key, game_id)
        new = GameResult.parse(result) if result else None
        names = {p.pno: p.name for p in before.players}
        white, black = (names.get(e, str(e)) if isinstance(e, int) else str(e) for e in (seen.white, seen.black))
        old = seen.result

        def change(t: Tournament) -> Tournament:
            now = evaluate(stored_playoff(t, key)).game(game_id).result
            if now is not None and now != new and (not correct or now != old):
                from core.app.conflicts import replaced_result
                from core.playoff.labels import game_label

                who, when = self.playoff_result_entered(key, game_id)
                raise TournamentError(_("{game} ({white} – {black}) has {result}; nothing was saved "
                                        "(a correction replaces it: --correct)").format(
                    game=game_label(seen), white=white, black=black,
                    result=replaced_result(now.value, who, when)))
            return edits.set_playoff_result(t, key, game_id, new, flag_later=flag_later, end=end)

        words = {"game": game_id, "white": white, "black": black}
        if new is None:
            action = act("playoff_game_removed", **words, old=old.value if old else "")
        elif old is not None:
            action = act("playoff_game_corrected", **words, old=old.value, result=new.value)
        else:
            action = act("playoff_game", **words, result=new.value)
        return self._playoff_change(key, action, change)

    @use_case("journal.read", writes=False)
    def playoff_result_entered(self, key: str, game_id: str) -> tuple[str, str]:
        """(who, when) of the newest change of a playoff game's result — who entered the
        result a correction would replace; ``("", "")`` when the journal does not say."""
        from core.app.conflicts import last_change

        return last_change(self.store.journal(self.id), ("options", "playoffs", key, "results", game_id))

    @use_case("playoff.change")
    def playoff_lot(self, key: str, lot: str, value: str) -> Outcome:
        """A lot drawn over the board (``value``: what it gave) replaces the seeded draw."""
        from core.changes import playoff as edits

        return self._playoff_change(key, act("playoff_lot", lot=lot, value=value),
                                    lambda t: edits.set_playoff_lot(t, key, lot, value))

    @use_case("playoff.change")
    def playoff_bids(self, key: str, game: str, bids: Mapping[int, int]) -> Outcome:
        """Both players' Armageddon bids for ``game``: pairing number → seconds as Black."""
        from core.changes import playoff as edits

        return self._playoff_change(key, act("playoff_bids", bids=game),
                                    lambda t: edits.set_playoff_bids(t, key, game, bids))

    @use_case("playoff.change")
    def playoff_choice(self, key: str, game: str, side: str) -> Outcome:
        """The colour (``white``/``black``) the winner of ``game``'s Armageddon lot chose."""
        from core.changes import playoff as edits

        return self._playoff_change(key, act("playoff_choice", game=game, side=side),
                                    lambda t: edits.choose_playoff_colour(t, key, game, side))

    @use_case("playoff.change")
    def playoff_start(self, key: str, start: str) -> Outcome:
        """When the playoff starts (``HH:MM``); the timetable follows."""
        from core.changes import playoff as edits

        return self._playoff_change(key, act("playoff_start", start=start),
                                    lambda t: edits.set_playoff_start(t, key, start))

    @staticmethod
    def _playoff_game(t: Tournament, key: str, game_id: str) -> Any:
        """The game ``game_id`` of the playoff ``key`` as it stands (one clear line if either
        is not there)."""
        from core.playoff import evaluate
        from core.playoff.state import stored_playoff

        return evaluate(stored_playoff(t, key)).game(game_id)

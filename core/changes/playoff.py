"""The changes of a tie-break playoff: created, a game's result, a lot drawn over the board,
Armageddon bids, the lot winner's colour, the start time.

Each is ``Tournament -> Tournament``: the playoff's state (:mod:`core.playoff`, stored in
``options["playoffs"][key]``) edited, and — but for the start time, which decides nothing —
its decided order written into the standings' tie orders (source ``playoff``; removed again
while a correction reopens it).  Why here and not in the front ends: a front end hands the
application layer plain arguments (ids, numbers, texts) that can cross the data service's
wire; the state is edited where it is stored, on the store's newest state.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from core.errors import TournamentError, UnknownPlayer
from core.i18n import _
from core.model import GameResult, Tournament
from core.playoff.state import stored_playoff


def with_playoff(tournament: Tournament, key: str, state: Mapping[str, Any]) -> Tournament:
    """A new tournament with ``state`` stored under ``options["playoffs"][key]``.

    Why here and not beside the state in :mod:`core.playoff`: putting a state into the
    tournament is a change, and the front ends must not make one (an import contract forbids
    them this package); they may still build a state to show it (a dry run, a preview)."""
    for p in state["players"]:
        if not tournament.has_player(int(p)):
            raise UnknownPlayer(_('no player with pairing number {p} in {name!r}').format(p=p, name=tournament.name))
    options = dict(tournament.options)
    playoffs = dict(options.get("playoffs", {}))
    playoffs[key] = copy.deepcopy(dict(state))
    options["playoffs"] = playoffs
    return tournament.with_changes(options=options)


def record_in_standings(tournament: Tournament, key: str) -> Tournament:
    """Write the playoff's decided places into the standings' tie orders (source ``playoff``).

    While the playoff is running (or after a correction reopened it) any playoff order for
    these players is removed, so the standings never show a stale decision.
    """
    from core.playoff import decided_places
    from core.changes.ties import with_tie_order

    state = stored_playoff(tournament, key)
    places = decided_places(state)
    if places is not None:
        held = state.get("held_for")
        return with_tie_order(tournament, at_stake(places, int(state.get("places", 1))), "playoff",
                              held if isinstance(held, dict) else None)
    members = {int(p) for p in state["players"]}
    kept = [o for o in tournament.options.get("tie_orders", []) or []
            if not (o.get("source") == "playoff"
                    and members & {int(p) for g in o.get("groups", []) for p in (g if isinstance(g, list) else [g])})]
    options = dict(tournament.options)
    options["tie_orders"] = kept
    return tournament.with_changes(options=options)


def at_stake(places: Sequence[Sequence[int]], count: int) -> list[list[int]]:
    """The decided groups up to the ``count`` places the playoff was for, the other players as
    one group: a playoff for one place (``--places 1``) decides the winner, and the places it
    was not played for keep the tie-break order (the regulations' order for everybody the
    playoff did not separate), even where its games happen to order them too."""
    out: list[list[int]] = []
    for group in places:
        if sum(len(g) for g in out) >= count:
            out.append([p for g in places[len(out):] for p in g])
            break
        out.append(list(group))
    return out


def _stored(t: Tournament, key: str, state: Mapping[str, Any], standings: bool = True) -> Tournament:
    """``t`` with the playoff's new state, and with ``standings`` its decided order."""
    new = with_playoff(t, key, state)
    return record_in_standings(new, key) if standings else new


def _edited(t: Tournament, key: str, edit: Callable[[dict[str, Any]], dict[str, Any]],
            standings: bool = True) -> Tournament:
    """``t`` with the playoff ``key`` edited by ``edit`` (on a copy of its state)."""
    return _stored(t, key, edit(stored_playoff(t, key)), standings)


def _check_not_played_off(t: Tournament, key: str, players: Sequence[int]) -> None:
    """A second playoff for the same players is refused, naming the first: both would hold
    games on the same boards and times, and the standings would follow only one of them
    (``force`` creates it anyway, e.g. after the regulations had the first one annulled)."""
    for other, state in (t.options.get("playoffs") or {}).items():
        if other != key and sorted(int(p) for p in state.get("players", ())) == sorted(players):
            raise TournamentError(_("playoff {key} already exists for the players {players} (--key {key} shows it); "
                                    "--force creates another one").format(
                key=other, players="; ".join(f"{p} {t.player(p).name}" for p in players)))


def check_tied(t: Tournament, players: Sequence[int]) -> None:
    """The players of a playoff are tied on points: refused, naming each one's score, when they
    are not (a caller with ``force`` plays off a group the regulations tie some other way)."""
    from core.model import format_points, scores

    points = scores(t)
    if len({points.get(p) for p in players}) > 1:
        raise TournamentError(_("--players {players}: not tied on points ({scores}); --force plays them off anyway.").format(
            players=",".join(map(str, players)),
            scores=", ".join(f"{p}: {format_points(points.get(p, Fraction(0)))}" for p in players)))


def create_playoff(t: Tournament, key: str, players: Sequence[int], places: int = 1, *, force: bool = False,
                   variant: str | None = None, seed: int | None = None, start: str = "00:00",
                   breaks: Mapping[str, int] | None = None, first_board: int = 1, max_boards: int | None = None,
                   overrides: Mapping[str, Any] | None = None) -> Tournament:
    """A new playoff ``key`` for ``players`` in tie-break order (replacing one of that key).

    ``force`` takes players not tied on points; ``seed`` the lots' (default: derived from the
    players); ``overrides`` the organiser's changes to the format (:func:`core.playoff.create`)."""
    from core.playoff import create

    for p in players:
        t.player(p)
    if not force:
        check_tied(t, players)
        _check_not_played_off(t, key, players)
    try:
        state = create(list(players), places, variant=variant, seed=seed, start=start or "00:00", breaks=breaks,
                       first_board=first_board, max_boards=max_boards, **dict(overrides or {}))
    except TournamentError:
        raise
    except ValueError as exc:  # a format's own checks (an override out of range) are plain ValueErrors
        raise TournamentError(str(exc)) from exc
    from core.standings import rounds_started
    from core.ties import held_for

    state = {**state, "held_for": held_for(t, players, rounds_started(t))}  # the tie it decides
    return _stored(t, key, state)


def set_playoff_result(t: Tournament, key: str, game_id: str, result: GameResult | None, *,
                       flag_later: str | None = None, end: str | None = None) -> Tournament:
    """The result of a playoff game entered, corrected or (``None``) removed; results of games
    the change no longer plays are dropped (:func:`core.playoff.enter_result`)."""
    from core.playoff import enter_result, remove_result

    if result is None:
        return _edited(t, key, lambda state: remove_result(state, game_id))
    return _edited(t, key, lambda state: enter_result(state, game_id, result, flag_later=flag_later, end=end))


def set_playoff_lot(t: Tournament, key: str, lot: str, value: str) -> Tournament:
    """A lot drawn over the board: it replaces the seeded draw of ``lot``."""
    from core.playoff import set_lot

    return _edited(t, key, lambda state: set_lot(state, lot, value))


def set_playoff_bids(t: Tournament, key: str, game: str, bids: Mapping[int, int]) -> Tournament:
    """Both players' Armageddon bids for ``game`` (the seconds each accepts as Black)."""
    from core.playoff import set_bids

    return _edited(t, key, lambda state: set_bids(state, game, bids))


def choose_playoff_colour(t: Tournament, key: str, game: str, side: str) -> Tournament:
    """The colour the winner of an Armageddon lot chose (``white`` or ``black``)."""
    from core.playoff import evaluate

    if side not in ("white", "black"):
        raise TournamentError(_("the Armageddon choice must be white or black."))

    def chose(state: dict[str, Any]) -> dict[str, Any]:
        state["choices"][game] = side
        evaluate(state)
        return state

    return _edited(t, key, chose)


def set_playoff_start(t: Tournament, key: str, start: str) -> Tournament:
    """When the playoff starts (``HH:MM``): the timetable moves, nothing is decided."""
    from core.playoff.state import hh_mm, parse_start

    def started(state: dict[str, Any]) -> dict[str, Any]:
        state["start"] = hh_mm(parse_start(start))
        return state

    return _edited(t, key, started, standings=False)

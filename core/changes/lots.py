"""A round robin's table numbers drawn and recorded (Aktar p. 60; C.05 Annex 2 for Varma's
sets): by lot for players or teams, by Varma's sets, and drawn again when a player leaves
between the draw and round 1 or a player enters then.

Who draws which number is computed by the round-robin engine's modules
(:mod:`core.pairing.roundrobin.lot`, :mod:`core.pairing.roundrobin.varma`), which also read
the record back (:func:`core.pairing.roundrobin.lot.table_order`); these changes store it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from core.errors import RoundError, TournamentError
from core.i18n import _
from core.model import Tournament
from core.pairing.roundrobin.lot import draw_numbers, draw_order, entrants
from core.pairing.roundrobin.varma import varma_draw, varma_fits


def draw_lots(t: Tournament, seed: int, reason: str = "draw", given: bool = False) -> Tournament:
    """Return ``t`` with a new lot record (numbers 1..n for the players entered for round 1);
    ``given``: the arbiter chose the seed (the record says so: a redraw tells them it is not
    theirs any more)."""
    if t.rounds:
        raise RoundError(_('the numbers cannot be drawn again once round 1 is paired'))
    players = entrants(t)
    if len(players) < 2:
        raise TournamentError(_('at least two players are needed to draw numbers'))
    drawers = draw_order(players)
    order = draw_numbers(drawers, seed)
    return with_record(t, _given({"method": "lot", "seed": seed, "order": order,
                                   "draw_order": drawers}, given), reason)


def _given(record: dict[str, Any], given: bool) -> dict[str, Any]:
    return {**record, "seed_given": True} if given else record


def with_record(t: Tournament, record: dict[str, Any], reason: str) -> Tournament:
    """``t`` with the draw ``record`` kept (the earlier draws in its history) and each drawn
    number in the player's ``extra["lot"]`` (every draw method records this way)."""
    if record.get("unit", "player") == "player":
        number = {pno: i + 1 for i, pno in enumerate(record["order"])}
        players = []
        for p in t.players:
            extra = dict(p.extra)
            if p.pno in number:
                extra["lot"] = number[p.pno]
            else:
                extra.pop("lot", None)
            players.append(replace(p, extra=extra))
        t = t.with_changes(players=tuple(players))
    options = dict(t.options)
    old = options.get("lot")
    history = list(old.get("history", [])) if isinstance(old, Mapping) else []
    if isinstance(old, Mapping) and "order" in old:
        history.append({"seed": old.get("seed"), "method": old.get("method", "lot"),
                        "order": list(old["order"]), "reason": reason})
    record = dict(record)
    record["history"] = history
    options["lot"] = record
    return t.with_changes(options=options)


def draw_team_lots(t: Tournament, seed: int, reason: str = "draw", given: bool = False) -> Tournament:
    """Team events: draw table numbers for the teams (``order`` lists team ids)."""
    if t.rounds:
        raise RoundError(_('the numbers cannot be drawn again once round 1 is paired'))
    if len(t.teams) < 2:
        raise TournamentError(_('at least two teams are needed to draw numbers'))
    drawers = [team.id for team in sorted(t.teams, key=lambda x: (-x.rating, x.name, x.id))]
    order = draw_numbers(drawers, seed)
    return with_record(t, _given({"method": "lot", "unit": "team", "seed": seed, "order": order,
                                   "draw_order": drawers}, given), reason)


def draw_varma(t: Tournament, seed: int, reason: str = "draw", given: bool = False) -> Tournament:
    """Return ``t`` with a Varma draw recorded in ``options["lot"]`` (method ``varma``)."""
    if t.rounds:
        raise RoundError(_('the numbers cannot be drawn again once round 1 is paired'))
    return with_record(t, _given(varma_draw(entrants(t), seed), given), reason)


def redraw_without(t: Tournament, pno: int, seed: int) -> Tournament:
    """A player left after the draw and before round 1: delete the registration and, when the
    table numbers were drawn for the players (:func:`~core.pairing.roundrobin.system.redraw_due`), draw them again by the
    first draw's method (lot or Varma's sets; by lot when too few are left for the Varma
    tables) with ``seed``.

    Aktar p. 60: a player who leaves or is removed after the draw and before round 1 means
    the draw is made again.  Keeping the old numbers minus the one who left would leave a
    hole in the table (a free round nobody drew).  The old draw stays in the record's
    ``history`` (its pairing numbers as they were, the reason naming the player's number then).
    Without a draw for the players this is :func:`core.changes.players.remove_player`.
    """
    from core.changes.players import remove_player
    from core.pairing.roundrobin.system import redraw_due

    if t.rounds:
        raise RoundError(_('a player leaving after round 1 is paired is a withdrawal, not a redraw'))
    due = redraw_due(t)
    record = t.options.get("lot")
    after = remove_player(t, pno)  # refused after round 1: a withdrawal then
    if not due or not isinstance(record, Mapping):
        return after
    if len(entrants(after)) < 2:  # nobody left to draw against: no table numbers
        options = dict(after.options)
        options.pop("lot", None)
        players = tuple(replace(p, extra={k: v for k, v in p.extra.items() if k != "lot"}) for p in after.players)
        return after.with_changes(players=players, options=options)
    reason = f"player {pno} left before round 1"
    if record.get("method", "lot") == "varma" and varma_fits(len(entrants(after))):
        return draw_varma(after, seed, reason=reason)
    return draw_lots(after, seed, reason=reason)  # by lot also when too few are left for Varma's sets


def redraw_after_entry(before: Tournament, after: Tournament, seed: int) -> Tournament:
    """Players registered after the draw and before round 1 (``after`` is ``before`` with
    them): the table numbers are drawn again, by the first draw's method (by lot when the
    field is outside the Varma tables), with ``seed``; unchanged when no numbers were drawn
    for the players (:func:`~core.pairing.roundrobin.system.redraw_due`).

    Aktar p. 60: the draw is made again when a new player is taken after it ("çıkan oyuncunun
    yerine yeni bir oyuncu alınacaksa kura işlemi yenilenir").  Giving the newcomer the next
    number instead would not be a draw, and the table for one more player is another table.
    The old draw stays in the record's ``history``."""
    from core.pairing.roundrobin.system import redraw_due

    record = before.options.get("lot")
    if not redraw_due(before) or not isinstance(record, Mapping):
        return after
    reason = "player entered before round 1"
    if record.get("method", "lot") == "varma" and varma_fits(len(entrants(after))):
        return draw_varma(after, seed, reason=reason)
    return draw_lots(after, seed, reason=reason)

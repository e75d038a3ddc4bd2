"""The groups a tie-break playoff can decide, each with its places, its stored playoff and
where it stands: what the TUI's playoff pane lists and ``hakem playoff ID --propose`` prints.

Why here and not in a front end: which players are tied, which places they hold, whether the
tie-breaks already separate them and which stored playoff belongs to them are the event's
rules.  The pane decided it itself (merging the stored playoffs into the groups it computed)
while the CLI proposed from its own call, so the two could disagree about one event.

The groups are the players on equal *points* (:func:`core.standings_ties.propose_ties`: the
standings without any earlier playoff order; the tie-break list only seeds them), since many
regulations play off first place however the tie-breaks fall.  A playoff stored for players
that are no such group any more (results corrected since, or players the organiser chose) is
listed after them, without places.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.model import Tournament

if TYPE_CHECKING:
    from core.standings import Standings


class GroupState(enum.Enum):
    """Where a group stands: no playoff yet (the tie-breaks separate every one of them, or
    leave two or more sharing a place), or its playoff running or decided."""

    SEPARATED = "separated"
    TIED = "tied"
    RUNNING = "running"
    DECIDED = "decided"


@dataclass(frozen=True)
class TiedGroup:
    """``players`` in tie-break order (the seeding), holding places ``first_place`` to
    :attr:`last_place` (``None``: a stored playoff of players not on equal points now);
    ``places`` of them are within the prize places asked for.  ``key``: the stored playoff's
    name, whatever front end named it, else the name a new one gets."""

    players: tuple[int, ...]
    first_place: int | None
    places: int
    key: str
    state: GroupState
    playoff: Mapping[str, Any] | None = None
    """The stored playoff of these players (its state, as :func:`core.playoff.evaluate`
    reads it), ``None`` before one is scheduled."""

    set_aside: str = ""
    """Why the standings no longer apply its decided playoff (a result corrected after it
    untied its players: :func:`core.standings.stale_playoffs`); ``""`` when they do."""

    @property
    def last_place(self) -> int | None:
        return None if self.first_place is None else self.first_place + len(self.players) - 1


def new_playoff_key(players: tuple[int, ...] | list[int]) -> str:
    """The name a new playoff of ``players`` gets: ``tie-1-5-8`` (pairing numbers, sorted)."""
    return "tie-" + "-".join(map(str, sorted(players)))


def playoff_key(t: Tournament, players: tuple[int, ...] | list[int]) -> str:
    """The key of the stored playoff of exactly ``players`` (``hakem playoff`` names its first
    one ``1``), else :func:`new_playoff_key`: scheduling the same players again from the TUI
    reaches the playoff the CLI made."""
    from core.playoff import playoffs_of

    members = set(players)
    return next((key for key, state in playoffs_of(t).items() if {int(p) for p in state["players"]} == members),
                new_playoff_key(players))


def tied_groups(t: Tournament, standings: Standings | None = None,
                prize_places: int | None = None) -> list[TiedGroup]:
    """Every group of two or more on equal points touching places 1..``prize_places`` (all
    places by default) or with a stored playoff, best places first, then the stored playoffs
    of players on equal points no more.

    ``standings``: the event's standings as shown (tie orders applied), when the caller has
    them (the TUI computes them once per change for all its panes); they say whether the
    tie-breaks separate a group.  None in a cup (``knockout``: the bracket decides the places)
    nor before round 1.  A standings error (a bad tie-break list) is raised, not hidden."""
    from core.playoff import decided_places, playoffs_of
    from core.standings_ties import propose_ties
    from core.standings import compute_standings
    from core.ties import tie_orders

    stored = playoffs_of(t)
    by_members = {frozenset(int(p) for p in state["players"]): key for key, state in stored.items()}
    groups: list[TiedGroup] = []

    def group(players: tuple[int, ...], first: int | None, places: int, sharing: bool) -> TiedGroup:
        key = by_members.pop(frozenset(players), None)
        if key is None:
            return TiedGroup(players, first, places, new_playoff_key(players),
                             GroupState.TIED if sharing else GroupState.SEPARATED)
        state = stored[key]
        done = decided_places(state) is not None
        return TiedGroup(players, first, places, key, GroupState.DECIDED if done else GroupState.RUNNING, state)

    if t.system != "knockout" and t.current_round:
        shown = standings if standings is not None else compute_standings(t)
        # without tie orders the shown standings are the ones the groups are ranked by
        unordered = None if tie_orders(t) else shown
        sharing = [set(g) for g in shown.unresolved if len(g) > 1]
        limit = len(t.players) if prize_places is None else prize_places
        for p in propose_ties(t, len(t.players), unordered):
            places = min(limit, p.first_place + len(p.players) - 1) - p.first_place + 1
            if places > 0 or frozenset(p.players) in by_members:  # a playoff below the prizes is still shown
                groups.append(group(p.players, p.first_place, max(places, 0),
                                    any(s <= set(p.players) for s in sharing)))
    if by_members:
        from dataclasses import replace

        from core.standings import stale_playoffs

        stale = stale_playoffs(t)
        for members, key in list(by_members.items()):
            players = tuple(int(p) for p in stored[key]["players"])
            groups.append(replace(group(players, None, len(members), False), set_aside=stale.get(members, "")))
    return groups

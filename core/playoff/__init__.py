"""Knockout events and tie-break playoffs (Aktar pp. 65–70, Paarungssysteme "K.O.-System").

Public API:
- :func:`create` a playoff state for tied players (format chosen from Aktar's table, or
  given/overridden); :func:`evaluate` it into games, lots and places; :func:`enter_result`
  (also corrections); :func:`decided_order` / :func:`decided_places` for the standings;
- :func:`timetable` with boards and clock times from a fixed start time;
- :func:`choose_format` / :func:`describe` Aktar's formats per tied-group size;
- :func:`share_prizes` for players eliminated at the same stage;
- the ``knockout`` pairing system for cup events lives in :mod:`core.playoff.cup`.

Not here: proposing the tied groups from the standings (:mod:`core.standings_ties`), which
reads the standings; the standings read the playoffs' decisions, and the knockout pairing
system builds on this package, so it stays below both (the layers contract).
"""

from core.playoff.formats import choose_format, variants
from core.playoff.plan import describe
from core.playoff.prizes import share_prizes, shared_place_labels
from core.playoff.state import (
    PlayoffError, PlayoffView, apply_overrides, create, decided_order, decided_places,
    enter_result, evaluate, playoffs_of, remove_result, set_bids, set_lot, stored_playoff,
)
from core.playoff.timetable import Slot, clock, stage_times, timetable, warnings

__all__ = [
    "choose_format", "variants", "describe", "share_prizes", "shared_place_labels",
    "PlayoffError", "PlayoffView", "apply_overrides", "create", "decided_order",
    "decided_places", "enter_result", "evaluate", "playoffs_of", "remove_result", "set_bids",
    "set_lot", "stored_playoff", "Slot", "clock", "stage_times", "timetable", "warnings",
]

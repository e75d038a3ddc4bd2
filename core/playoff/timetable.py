"""A timetable with clock times and boards, from a given start time (never the clock).

Each game starts when every game it waits for has ended plus a break (Aktar p. 67:
about 5 minutes between the games of a stage, 10 minutes between stages); the first games
start ``after_event`` minutes (default 30) after the given start time, which is the end of
the event's last regular game.  A game lasts its estimate, 2 × base + 2 × 60 × increment
seconds, unless its result was entered with the actual end time — so the timetable is
re-estimated as results arrive.  Start times are rounded up to the whole minute.

Boards: the lowest-numbered board free for the whole estimated game; a mini-match keeps its
board when it can.  With ``max_boards`` set, a game waits for a free board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Mapping

from core.playoff.games import Game
from core.playoff.state import DEFAULT_BREAKS, PlayoffView, _parse_clock, evaluate


@dataclass(frozen=True)
class Slot:
    """One game in the timetable; times are seconds after midnight of the playoff day."""

    game: Game
    board: int
    start: int
    end: int
    actual_end: bool
    """True when ``end`` is the entered end time, not an estimate."""


def clock(seconds: int) -> str:
    """``"HH:MM"``; past midnight adds ``" (+1)"`` (days), so late playoffs stay readable."""
    minutes = (seconds + 59) // 60
    days, minutes = divmod(minutes, 24 * 60)
    text = f"{minutes // 60:02d}:{minutes % 60:02d}"
    return text + (f" (+{days})" if days else "")


def timetable(state: Mapping[str, Any], view: PlayoffView | None = None) -> list[Slot]:
    """Every game known now, with board, start and end, in the order they were derived."""
    view = view or evaluate(state)
    breaks = dict(DEFAULT_BREAKS, **dict(state.get("breaks", {})))
    start0 = _parse_clock(str(state.get("start", "00:00"))) * 60 + int(breaks["after_event"]) * 60
    first_board = int(state.get("first_board", 1))
    max_boards = state.get("max_boards")
    by_id: dict[str, Slot] = {}
    busy: dict[int, list[tuple[int, int]]] = {}
    index = {g.id: i for i, g in enumerate(view.games)}
    waiting = list(view.games)
    while waiting:
        # List scheduling: of the games whose predecessors are placed, the one that can start
        # earliest goes next (ties: derivation order), so a free board is never left idle
        # while a later-derived game could use it.
        candidates = []
        for game in waiting:
            if any(dep in index and dep not in by_id for dep in game.after):
                continue
            candidates.append((_earliest(game, by_id, breaks, start0), index[game.id], game))
        earliest, _, game = min(candidates, key=lambda c: (c[0], c[1]))
        waiting.remove(game)
        preferred = None
        for dep in game.after:
            prev = by_id.get(dep)
            if prev is not None and {prev.game.white, prev.game.black} == {game.white, game.black}:
                preferred = prev.board
        length = game.time_control.estimate_seconds()
        board, start = _board(busy, earliest, length, first_board, max_boards, preferred)
        end = start + length
        actual = False
        if game.result is not None and game.end:
            end = max(start, _parse_clock(game.end) * 60 + 24 * 3600 * (start // (24 * 3600)))
            actual = True
        busy.setdefault(board, []).append((start, end))
        by_id[game.id] = Slot(game, board, start, end, actual)
    return [by_id[g.id] for g in view.games]


def _earliest(game: Game, by_id: dict[str, Slot], breaks: Mapping[str, int], start0: int) -> int:
    """When ``game`` could start at the earliest: after its predecessors plus the break."""
    start = start0
    for dep in game.after:
        prev = by_id.get(dep)
        if prev is None:
            continue
        same_stage = prev.game.stage == game.stage
        gap = int(breaks["between_games" if same_stage else "between_stages"]) * 60
        start = max(start, prev.end + gap)
    return _round_up(start)


def _round_up(seconds: int) -> int:
    return -(-seconds // 60) * 60


def _free(intervals: list[tuple[int, int]], start: int, end: int) -> bool:
    return all(e <= start or s >= end for s, e in intervals)


def _board(busy: dict[int, list[tuple[int, int]]], start: int, length: int, first: int,
           max_boards: int | None, preferred: int | None) -> tuple[int, int]:
    if preferred is not None and _free(busy.get(preferred, []), start, start + length):
        return preferred, start
    while True:
        b = first
        while max_boards is None or b < first + int(max_boards):
            if _free(busy.get(b, []), start, start + length):
                return b, start
            b += 1
        # every board is taken: wait until the earliest one frees up
        start = _round_up(min(e for iv in busy.values() for s, e in iv if e > start))


def stage_times(slots: list[Slot]) -> list[tuple[str, int, int]]:
    """``(stage, first start, last end)`` in order of first start."""
    stages: dict[str, list[int]] = {}
    for s in slots:
        rng = stages.setdefault(s.game.stage, [s.start, s.end])
        rng[0] = min(rng[0], s.start)
        rng[1] = max(rng[1], s.end)
    return sorted(((k, v[0], v[1]) for k, v in stages.items()), key=lambda x: (x[1], x[0]))


def warnings(slots: list[Slot], cup: bool = False) -> list[str]:
    """Organiser warnings from Aktar p. 66: a tie-break playoff of more than three stages must
    be planned to finish within the day; a timetable that runs past midnight does not.  A
    knockout cup (``cup``) is no tie-break playoff and may take several days: its timetable
    only says that its times are one day's estimate."""
    from core.i18n import _, ngettext

    out = []
    stages = stage_times(slots)
    if cup:
        if len(stages) > 3:
            out.append(ngettext("The cup has {count} round; its times are estimated as if played in one day.",
                                "The cup has {count} rounds; its times are estimated as if played in one day.",
                                len(stages)).format(count=len(stages)))
    elif len(stages) > 3:
        out.append(ngettext("This playoff has {count} stage; plan it so that it finishes within the day.",
                            "This playoff has {count} stages; plan them so that they finish within the day.",
                            len(stages)).format(count=len(stages)))
    if slots and max(s.end for s in slots) > 24 * 3600:
        out.append(_("The estimated timetable runs past midnight."))
    return out

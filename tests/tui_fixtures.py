"""Provides helpers for the TUI tests: data directories with known content, and waiting on state.

Pairings here are built by the circle method (every player meets every other once over n-1
rounds), independent of the pairing engines, so screen tests and snapshots do not change when
an engine changes and no round ever holds a rematch.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from collections.abc import Callable

from core import changes
from core.demo import demo_tournament
from core.model import Board, Bye, ByeKind, GameResult, Tournament
from core.changes.numbering import assign_pairing_numbers
from core.pairing.base import RoundPairing

RESULT_CYCLE = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)


def circle_pairing(t: Tournament, round_no: int) -> RoundPairing:
    """Round ``round_no`` of a round robin by the circle method over the pairing numbers."""
    pnos = sorted(p.pno for p in t.players if p.active_in(round_no))
    byes: list[Bye] = []
    if len(pnos) % 2:
        pnos.append(0)
    n = len(pnos)
    fixed, rest = pnos[0], pnos[1:]
    k = (round_no - 1) % (n - 1)
    rest = rest[k:] + rest[:k]
    order = [fixed] + rest
    boards = []
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if 0 in (a, b):
            byes.append(Bye(a or b, ByeKind.PAB))
            continue
        boards.append(Board(a, b) if (round_no + i) % 2 else Board(b, a))
    return RoundPairing(round_no, tuple(boards), tuple(byes))


def with_rounds(t: Tournament, rounds: int, complete_last: bool = True) -> Tournament:
    """``t`` with ``rounds`` circle-method rounds; results cycle 1-0, ½-½, 0-1 by board."""
    t = assign_pairing_numbers(t)
    for r in range(1, rounds + 1):
        t = changes.apply_pairing(t, circle_pairing(t, r))
        if r < rounds or complete_last:
            for i in range(len(t.rounds[-1].boards)):
                t = changes.set_result(t, r, i + 1, RESULT_CYCLE[(i + r) % 3])
    return t


def demo(rounds: int = 0, complete_last: bool = True, tiebreaks: tuple[str, ...] | None = None) -> Tournament:
    t = demo_tournament()
    if tiebreaks is not None:
        t = t.with_changes(tiebreaks=tiebreaks)
    return with_rounds(t, rounds, complete_last) if rounds else t


def store_with(data_dir: Path, *tournaments: Tournament) -> list[str]:
    """Create ``tournaments`` in a fresh store at ``data_dir``; returns their ids."""
    from core.store import Store

    data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(data_dir)
    return [store.create(t) for t in tournaments]


async def wait_for(pilot, condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Pause until ``condition()`` holds (no fixed sleeps: they are what makes tests flaky)."""
    from textual.css.query import NoMatches

    def holds() -> bool:
        try:
            return bool(condition())
        except NoMatches:  # the widget asked about is not mounted yet
            return False

    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not holds():
        if loop.time() > end:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.02)


async def type_text(pilot, text: str) -> None:
    """Type ``text`` key by key, as an arbiter would."""
    names = {" ": "space", "-": "minus", "=": "equals_sign", "+": "plus", "/": "slash", ",": "comma",
             ".": "full_stop", ":": "colon", "'": "apostrophe"}
    await pilot.press(*[names.get(ch, ch) for ch in text])


class CirclePairing:
    """A stand-in pairing system for screen tests: the circle method, never a rematch."""

    id = "circle-test"

    def pair(self, t: Tournament, options=None) -> RoundPairing:
        return circle_pairing(t, t.current_round + 1)


CIRCLE = CirclePairing()


def register_system(monkeypatch, system_id: str, system: object) -> None:
    """Make ``system`` the pairing system ``system_id`` for one test (the registry maps ids to
    ``core.pairing.<family>`` modules; a stand-in lives elsewhere, so the lookup is patched)."""
    from core.pairing import registry

    monkeypatch.setitem(registry.SYSTEMS, system_id, system_id)
    real = registry.get_system
    monkeypatch.setattr(registry, "get_system", lambda sid: system if sid == system_id else real(sid))


def organiser_uses_single_keys() -> None:
    """The organiser switched single-key results on before (``k``; remembered in the personal
    UI settings, never per event): the start of tests that walk down the boards with 1/0/=."""
    from tui.settings import load_ui_settings, save_ui_settings

    save_ui_settings({**load_ui_settings(), "single_keys": True})

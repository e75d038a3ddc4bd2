"""Random key sequences on every screen (property test, seeded): F-keys, letters, digits, Tab,
Enter and Escape, delivered in bursts with nothing in between (what a paste or a laggy SSH
link delivers).  Whatever the keys do:

- nothing raises (an exception inside the app fails ``run_test``) and the app keeps running;
- with ``--view`` not one byte of the data directory changes;
- otherwise what the screen shows is what is stored: after the saves in flight, the store holds
  exactly the session's tournament, and every stored change is in the journal under the name of
  the command that made it (nothing changes behind the organiser's back).

Expected values need no oracle: the invariants hold for every sequence.  The seeds are fixed,
so a failure is reproducible; ``HAKEM_RANDOM_KEYS_SEEDS`` runs more.
"""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest
from textual import events

from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")

LETTERS = "abcdefghijklmnoprstuvwxyz"  # not q: on the tournaments list it quits, by design
KEYS = (["f2", "f3", "f4", "f5", "f6", "f7", "tab", "shift+tab", "enter", "escape", "down", "up"]
        + list(LETTERS) + list("0123456789") + ["equals_sign", "plus", "minus", "space", "backspace"])
START = ("f2", "f3", "f4", "f5", "f6", "f7")
SEEDS = range(int(os.environ.get("HAKEM_RANDOM_KEYS_SEEDS", "1")))


def key_event(key: str) -> events.Key:
    char = key if len(key) == 1 else {"equals_sign": "=", "plus": "+", "minus": "-", "space": " ",
                                       "tab": "\t", "enter": "\r"}.get(key)
    return events.Key(key, char)


async def burst(pilot, app: HakemApp, keys: list[str]) -> None:
    """All keys posted at once, then wait until the app has handled every one of them."""
    for key in keys:
        app.post_message(key_event(key))
    await wait_for(pilot, lambda: not app._key_busy and not app._key_queue, timeout=60)
    await pilot.pause()


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def sequence(rng: random.Random, n: int) -> list[str]:
    return [rng.choice(KEYS) for _ in range(n)]


async def keep_inside(pilot, app: HakemApp, tid: str) -> None:
    """Back into the tournament if the keys left it (Escape), so every burst tests a tab."""
    await wait_for(pilot, lambda: type(app.screen).__name__ in ("TournamentScreen", "TournamentsScreen")
                   or app.screen.is_modal, timeout=30)
    while app.screen.is_modal:
        await burst(pilot, app, ["escape"])
    if type(app.screen).__name__ == "TournamentsScreen":
        app.open_tournament(tid)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", timeout=30)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("start", START)
async def test_random_keys_change_only_what_is_saved(tmp_path, start, seed):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    rng = random.Random(f"{start}-{seed}")
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        for _ in range(3):
            await keep_inside(pilot, app, tid)
            await burst(pilot, app, [start, *sequence(rng, 25)])
        assert app.is_running
        await keep_inside(pilot, app, tid)
        session = app.screen.session
        session.flush()
        await pilot.pause()
        stored = Store(data).load(tid).tournament
        assert stored == session.tournament, "the screen shows something that is not what is stored"
        journal = Store(data).journal(tid)
        assert all(entry.get("action") for entry in journal), journal


@pytest.mark.parametrize("start", START)
async def test_random_keys_in_view_mode_change_nothing(tmp_path, start):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=2, complete_last=False))
    before = digest(data)
    rng = random.Random(f"view-{start}")
    app = HakemApp(data_dir=data, open_id=tid, view_only=True, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        for _ in range(3):
            await keep_inside(pilot, app, tid)
            await burst(pilot, app, [start, *sequence(rng, 25)])
        assert app.is_running
    assert digest(data) == before

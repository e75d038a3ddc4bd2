"""Issue 29 items 1 and 2 through Pilot: the typist of ``tests/typist.py`` registers players
(Turkish and Cyrillic names, ratings, titles, federations) and types result lines, delivered
as one burst, as one paste and in chunks with random gaps, several records separated by
Enter; afterwards the store holds exactly what was typed.  The same generator drives the real
``hakem`` in tmux (``test_tui_typist_tmux``).

Seeded: a failure names its seed and replays.  Keys are posted to the app the way the terminal
driver posts them (all at once for a burst, one ``Paste`` event for a paste), not through
``pilot.press``, which waits for the app between keys and so never shows a race.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual import events
from textual.widgets import DataTable, Input

from core.model import Player, Tournament
from core.store import Store
from tests.typist import (Registration, ResultLine, chunks, interleaved, refusables, refused_lines, registrations,
                          result_lines, text_of)
from tui.app import HakemApp
from tui.keys import paste_as_keys
from tests.tui_fixtures import store_with, wait_for, with_rounds

pytestmark = pytest.mark.usefixtures("quiet_tui")

WAYS = ("burst", "paste", "gaps")
GAP = 0.3
"""Longest pause between two chunks here (the tmux test pauses up to a second; Pilot only needs
the pauses to fall between keys that are still being handled)."""


def keys_of(text: str) -> list[events.Key]:
    return paste_as_keys(text)


async def deliver(pilot, app: HakemApp, tokens: list[str], way: str, rng: random.Random) -> None:
    """Hand the keys to the app as the terminal would, then wait until every one is handled."""
    if way == "paste":
        app.post_message(events.Paste(text_of(tokens)))
    elif way == "burst":
        for key in keys_of(text_of(tokens)):
            app.post_message(key)
    else:
        for piece in chunks(rng, tokens):
            for key in keys_of("".join(piece)):
                app.post_message(key)
            await asyncio.sleep(rng.uniform(0, GAP))
    await wait_for(pilot, lambda: not app.keys_pending, timeout=60)
    await pilot.pause()


def round_one_playing(data: Path, rng: random.Random, lang: str) -> str:
    """12 typist-named players, round 1 paired (6 boards), no result in: the tournament's id."""
    players = registrations(rng, lang, 12)
    t = Tournament(id="", name="Typist", system="dutch", total_rounds=5,
                   players=tuple(Player(pno=i, name=r.name, rating=r.rating) for i, r in enumerate(players, 1)))
    [tid] = store_with(data, with_rounds(t, 1, complete_last=False))
    return tid


def stored_players(data: Path, tid: str) -> list[tuple[str, int, str, str]]:
    t = Store(data).load(tid).tournament
    return sorted((p.name, p.rating, p.title, p.federation) for p in t.players)


@pytest.mark.parametrize("lang", ["tr", "ru"])
@pytest.mark.parametrize("way", WAYS)
async def test_registrations_arrive_exactly(tmp_path, lang, way):
    rng = random.Random(f"register-{lang}-{way}")
    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Typist", system="dutch", total_rounds=5))
    typed: list[Registration] = registrations(rng, lang, 6)
    app = HakemApp(data_dir=data, open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and isinstance(app.focused, Input) and app.focused.id == "p-name")
        await deliver(pilot, app, [k for r in typed for k in r.tokens()], way, rng)
        app.screen.session.flush()
        assert stored_players(data, tid) == sorted(r.stored() for r in typed), rng
        assert app.focused is not None and app.focused.id == "p-name"
        assert all(not field.value for field in app.screen.query(Input) if field.id != "p-search")


@pytest.mark.parametrize("lang", ["tr", "ru"])
@pytest.mark.parametrize("way", WAYS)
async def test_result_lines_arrive_exactly(tmp_path, lang, way):
    rng = random.Random(f"results-{lang}-{way}")
    data = tmp_path / "data"
    tid = round_one_playing(data, rng, lang)
    lines: list[ResultLine] = result_lines(rng, list(range(1, 7)))
    app = HakemApp(data_dir=data, open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and isinstance(app.focused, DataTable))
        await deliver(pilot, app, [":"], "burst", rng)  # the entry line (a paste is text: it holds no ":")
        await deliver(pilot, app, [k for line in lines for k in line.tokens()], way, rng)
        app.screen.session.flush()
        stored = Store(data).load(tid).tournament.round(1).boards
        assert {i: b.result.value if b.result else "" for i, b in enumerate(stored, 1)} == {
            line.board: line.stored for line in lines}
        assert app.screen.query_one("#result-entry", Input).value == ""



@pytest.mark.parametrize("lang", ["tr", "ru"])
@pytest.mark.parametrize("way", WAYS)
async def test_a_refused_record_spoils_nothing_after_it(tmp_path, lang, way):
    """Records with one bad field (``2l00``, ``18500``, ``XYZ``, ``TURK``) between good ones:
    each refused one waits in the refused list, every good one is stored exactly (was: the
    next records lost, their text shifted into other fields)."""
    rng = random.Random(f"refused-{lang}-{way}")
    data = tmp_path / "data"
    [tid] = store_with(data, Tournament(id="", name="Typist", system="dutch", total_rounds=5))
    good = registrations(rng, lang, 5)
    bad = refusables(rng, lang, 3, {r.name for r in good})
    app = HakemApp(data_dir=data, open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and isinstance(app.focused, Input) and app.focused.id == "p-name")
        typed = interleaved(rng, good, bad)
        await deliver(pilot, app, [k for r in typed for k in r.tokens()], way, rng)
        app.screen.session.flush()
        assert stored_players(data, tid) == sorted(r.stored() for r in good), rng
        kept = app.screen.query_one("#p-refused").records  # in typing order, each field as typed
        assert [(r.kept["name"], r.kept["rating"], r.kept["title"], r.kept["federation"]) for r in kept] == [
            (r.name, r.rating, r.title, r.federation) for r in typed if r in bad]
        assert all(field.value == "" for field in app.screen.query(Input))


@pytest.mark.parametrize("lang", ["tr", "ru"])
@pytest.mark.parametrize("way", WAYS)
async def test_a_refused_line_spoils_nothing_after_it(tmp_path, lang, way):
    """``2 1-0⏎99 1-0⏎4 =⏎5 x⏎6 0-1⏎``-like: the refused lines wait in the list, every good line
    is stored (was: board 2 only, the rest appended to the refused text)."""
    rng = random.Random(f"refused-lines-{lang}-{way}")
    data = tmp_path / "data"
    tid = round_one_playing(data, rng, lang)
    lines = result_lines(rng, list(range(1, 7)))
    bad = refused_lines(rng, 6, 3)
    typed = interleaved(rng, [line.tokens() for line in lines], bad)
    app = HakemApp(data_dir=data, open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                       and isinstance(app.focused, DataTable))
        await deliver(pilot, app, [":"], "burst", rng)
        await deliver(pilot, app, [k for tokens in typed for k in tokens], way, rng)
        app.screen.session.flush()
        stored = Store(data).load(tid).tournament.round(1).boards
        assert {i: b.result.value if b.result else "" for i, b in enumerate(stored, 1)} == {
            line.board: line.stored for line in lines}
        assert [r.typed for r in app.screen.query_one("#result-refused").records] == [
            tokens[0] for tokens in typed if any(tokens is b for b in bad)]  # in typing order, as typed
        assert app.screen.query_one("#result-entry", Input).value == ""

"""The playoff and a cup at 60×20 in tr/de/ru: the players' names whole in F7's games, in F4's
standings beside a Playoff column (they were cut to "Ağaoğlu,…", "Sarı, Hak…", "Ilgaz,…": the
game and stage words, "Partie des Rundenturniers (3′+3″)", and the long heads took their cells).

Expected: every name of the event shows whole on some line of the screen; the short words
in the table and the full game title on the line under it (F7)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core import changes
from core.model import Player, Tournament
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")

NAMES = ("Ağaoğlu, Emre", "Sarı, Hakan", "Ilgaz, Deniz", "Öztürk, Ayşe")


def decided_playoff() -> Tournament:
    """Four players of a round robin, three of them tied on everything (each beat one of the
    others and the fourth); a round-robin playoff (three games) orders them 3, 2, 1."""
    from core.changes.playoff import record_in_standings
    from core.playoff.state import create, enter_result, evaluate

    players = tuple(Player(i, name, rating=2000) for i, name in enumerate(NAMES, start=1))
    t = Tournament(id="", name="Rapid", system="berger", total_rounds=3, players=players,
                   tiebreaks=("DE", "BH/C1", "BH", "SB", "WIN", "ARO"))  # a Swiss rapid's six columns
    beats = {(1, 2), (2, 3), (3, 1), (1, 4), (2, 4), (3, 4)}
    for r in range(1, 4):
        t = changes.pair_next_round(t)
        for b, board in enumerate(t.rounds[-1].boards, start=1):
            t = changes.set_result(t, r, b, "1-0" if (board.white, board.black) in beats else "0-1")
    state = create([1, 2, 3], 3, variant="round_robin", start="18:00")  # for all three places
    for g in evaluate(state).games:
        state = enter_result(state, g.id, "1-0" if g.white > g.black else "0-1")
    t = t.with_changes(options={**t.options, "playoffs": {"1": state}})
    return record_in_standings(t, "1")


def screen_text(app) -> str:
    return "\n".join("".join(s.text for s in strip) for strip in app.screen._compositor.render_strips())


async def open_pane(pilot, app, key: str, selector: str) -> DataTable:
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                   and app.screen.query("#pane-rounds"), timeout=30)
    await pilot.press(key)
    await wait_for(pilot, lambda: app.screen.query(selector)
                   and app.screen.query_one(selector, DataTable).row_count > 0, timeout=30)
    await pilot.pause()
    return app.screen.query_one(selector, DataTable)


async def check_at_60(tmp_path, lang: str, key: str, selector: str, check) -> None:
    """Open the decided playoff's event at 60×20 in ``lang``, show the pane of ``key`` and
    run ``check(app)`` on it (the language put back to English after)."""
    from core.i18n import set_language

    [tid] = store_with(tmp_path / "data", decided_playoff())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            table = await open_pane(pilot, app, key, selector)
            await wait_for(pilot, lambda: table.row_count >= 3)
            await pilot.pause()
            check(app)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_names_whole_in_the_playoff_games_at_60_columns(tmp_path, lang):
    from core.playoff import evaluate, playoffs_of
    from core.playoff.labels import game_title

    def check(app) -> None:
        t = app.screen.session.tournament
        state = playoffs_of(t)["1"]
        text = screen_text(app)
        for p in t.players:
            if p.pno in {int(x) for x in state["players"]}:
                assert p.name in text, (p.name, text)
        # the game's full title is on the line under the games, not cut in the table
        shown = str(app.screen.query_one("#playoff-game").render())
        assert any(shown.startswith(game_title(g)) for g in evaluate(state).games), shown

    await check_at_60(tmp_path, lang, "f7", "#playoff-games", check)


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_names_whole_beside_the_playoff_column_at_60_columns(tmp_path, lang):
    """The Playoff column gives way first (the notes under the table name its places)."""
    def check(app) -> None:
        text = screen_text(app)
        for name in NAMES:
            assert name in text, (name, text)
        assert "1–3" in str(app.screen.query_one("#standings-notes").render())

    await check_at_60(tmp_path, lang, "f4", "#standings", check)


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_a_cup_preview_keeps_the_names_at_60_columns(tmp_path, lang):
    """F5's preview of a cup (the stage reached, the match, the opponent): the player's name
    comes before the opponent's ("Ağaoğlu, Em…" in German beside "Wettkampf" and the opponent
    weighed as much as the name)."""
    import dataclasses

    from core.i18n import set_language
    from tests.cup_data import played_preliminary

    t = played_preliminary()
    t = t.with_changes(players=tuple(dataclasses.replace(p, name="Ağaoğlu, Emre") if p.pno == 2 else p
                                     for p in t.players))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await open_pane(pilot, app, "f5", "#tb-preview")
            text = screen_text(app)
            assert "Ağaoğlu, Emre" in text, text
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_the_playoff_legend_is_on_screen_beside_other_notes_at_60_columns(tmp_path, lang):
    """Issue 34 (rev34e #21): with an ARO/C1 column and an unrated player the two-line ARO note
    took the notes' last visible lines and the legend of the ``*`` marks was below the fold.
    The legend comes first: the marks are explained on screen."""
    from core.i18n import set_language
    import dataclasses

    from core.standings import compute_standings, playoff_footnote

    t = decided_playoff()
    t = t.with_changes(tiebreaks=("ARO/C1", "BH/C1", "BH", "SB", "WIN"),
                       players=tuple(p if p.pno != 4 else dataclasses.replace(p, rating=0) for p in t.players))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            table = await open_pane(pilot, app, "f4", "#standings")
            await wait_for(pilot, lambda: table.row_count >= 3)
            await pilot.pause()
            notes = app.screen.query_one("#standings-notes")
            legend = playoff_footnote(compute_standings(app.screen.session.tournament))
            assert legend and len(str(notes.render()).splitlines()) > 1  # the ARO note is there too
            shown = " ".join(line.strip() for line in screen_text(app).splitlines()[notes.region.y:notes.region.bottom])
            assert legend in shown, (legend, shown)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_the_game_column_stays_when_the_stage_leaves_at_60_columns(tmp_path, lang):
    """Issue 34 (rev34e #19): at 60×20 the games' Game column was left out and the Stage column
    kept, so every row read "Döner turnu…" and the Armageddons could not be told from the
    round-robin games.  The stage leaves first (the line under the games names it)."""
    def check(app) -> None:
        from core.i18n import pgettext

        table = app.screen.query_one("#playoff-games", DataTable)
        lines = screen_text(app).splitlines()[table.region.y:table.region.bottom]
        from core.i18n import _

        words = lines[0].split()  # the header: the game's column kept, the stage's left out
        assert _("Game") in words and _("Stage") not in words, lines[0]
        # a round-robin game by its round (every row read "Partie des Rundenturniers" before)
        assert pgettext("playoff game, short", "Round {n}").format(n=1) in lines[1], lines[1]

    await check_at_60(tmp_path, lang, "f7", "#playoff-games", check)


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
async def test_the_playoff_games_are_whole_at_80_columns(tmp_path, lang):
    """Issue 34 (fresh-eyes review): at 80×24 the games' Game and Stage cells were cut ("Partie
    des Runden…  Rundentur…", "Партия кругового т…  Круговой…").  The table says which game
    in a few words (the round of a round robin: the three games are rounds 1, 2, 3 of the
    three players' round robin) and the stage whole; the line under the games names the game
    with its clock.  Expected: no cell cut, each name whole."""
    from core.i18n import pgettext, set_language
    from core.playoff import evaluate, playoffs_of
    from core.playoff.labels import game_title

    [tid] = store_with(tmp_path / "data", decided_playoff())
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            table = await open_pane(pilot, app, "f7", "#playoff-games")
            await wait_for(pilot, lambda: table.row_count == 3)
            await pilot.pause()
            for row in table.kept.shown:
                assert not any(isinstance(c, str) and c.endswith("…") and c != "…" for c in row), row
                assert row[2] in NAMES and row[4] in NAMES, row
            rounds = [row[5] for row in table.kept.shown]
            assert rounds == [pgettext("playoff game, short", "Round {n}").format(n=n) for n in (1, 2, 3)]
            state = playoffs_of(app.screen.session.tournament)["1"]
            shown = str(app.screen.query_one("#playoff-game").render())
            assert any(shown.startswith(game_title(g)) for g in evaluate(state).games), shown
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_the_tied_groups_heads_are_whole_at_60_columns(tmp_path, lang):
    """The players' head of the tied groups was cut at 60 columns ("Punktgleiche Spieler
    (Reihenfolge nach Fein…"): it gives way to its short form, whole."""
    def check(app) -> None:
        ties = app.screen.query_one("#ties", DataTable)
        heads = [str(c.label) for c in ties.ordered_columns if c.width]
        assert heads and not any("…" in h for h in heads), heads
        lines = screen_text(app).splitlines()[ties.region.y:ties.region.bottom]
        assert heads[-1] in lines[0], lines[0]

    await check_at_60(tmp_path, lang, "f7", "#playoff-games", check)

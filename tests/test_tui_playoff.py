"""Playoff pane (F7): a tie on points that the tie-breaks separate is offered anyway; the
dialog names the formats and starts game 1 at the typed time; results go in with the rounds
pane's keys, the cursor moves on, and the final standings say the playoff decided them."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, OptionList

from core.i18n import set_language
from core.model import GameResult
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")


def open_app(tmp_path, t, lang=None):
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    return HakemApp(data_dir=data, open_id=tid, **({"lang": lang} if lang else {})), data, tid


async def open_dialog(pilot, app):
    """F7, then n on the first group: the scheduling dialog open; returns the session."""
    session, _ties = await on_playoff(pilot, app)
    await pilot.press("n")
    await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayoffDialog")
    return session


async def on_playoff(pilot, app):
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                   and app.screen.query("#pane-rounds"))
    await pilot.press("f7")
    await wait_for(pilot, lambda: app.screen.query_one("#ties", DataTable).row_count > 0)
    return app.screen.session, app.screen.query_one("#ties", DataTable)


async def test_tie_separated_by_tiebreaks_to_final_standings(tmp_path):
    # demo, 3 circle rounds: Ivanov (1) and Kaya (8) both have 2½ points; Buchholz puts
    # Ivanov first (3½ v 3½, then 5 v 3½), so no group is "still tied" — yet first place
    # goes to a playoff under many regulations, so the pane must offer the pair.
    t = demo(rounds=3)
    app, data, tid = open_app(tmp_path, t)
    async with app.run_test(size=(80, 24)) as pilot:
        session, ties = await on_playoff(pilot, app)
        assert row_values(ties, 0)[0] == "1–2"
        assert row_values(ties, 0)[1] == "separated"  # the short word; the line under the games in full
        assert str(app.screen.query_one("#playoff-game").render()) == "1–2: separated by tie-breaks"
        assert row_values(ties, 0)[2] == "1 Ivanov, 8 Kaya"  # family names: a group fits 60 columns
        ties.move_cursor(row=0)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayoffDialog")
        formats = app.screen.query_one("#po-format", OptionList)
        labels = [str(formats.get_option_at_index(i).prompt) for i in range(formats.option_count)]
        assert labels[:3] == ["Mini-match: two games, two more if level, then Armageddon",
                              "Mini-match, then straight to Armageddon", "One Armageddon game"]
        start = app.screen.query_one("#po-start")
        start.value = "20:15"
        await pilot.pause()
        preview = str(app.screen.query_one("#po-preview").render())
        assert "20:15" in preview and "20:45" not in preview  # game 1 at the typed time
        await pilot.press("down", "enter")  # mini-match, then straight to Armageddon
        await wait_for(pilot, lambda: "tie-1-8" in session.tournament.options.get("playoffs", {}))
        state = session.tournament.options["playoffs"]["tie-1-8"]
        assert state["start"] == "20:15" and state["breaks"]["after_event"] == 0
        assert len(state["plan"]["rules"]["segments"]) == 1  # no extension games
        games = app.screen.query_one("#playoff-games", DataTable)
        await wait_for(pilot, lambda: games.row_count == 2)
        first = row_values(games, 0)
        assert first[0] == 1 and first[1] == "20:15" and first[3] == "…"
        assert first[5] == "Game 1"  # its clock on the line under the games (game_title)
        # Result column on screen at 80 columns: board, start, white, result come first (whole heads: the game is named by its number)
        assert [c.label.plain for c in games.columns.values()][:4] == ["Bd", "Start", "White", "Result"]
        # keys as on the rounds pane, typed while the ties table has the focus
        assert app.focused is ties
        await pilot.press("equals_sign")
        await wait_for(pilot, lambda: row_values(games, 0)[3] == "½-½")
        assert games.cursor_row == 1  # moved on to game 2
        await pilot.press("equals_sign")
        await wait_for(pilot, lambda: games.row_count == 3)
        arm = row_values(games, 2)
        assert arm[5] == "Armageddon"
        # one stage (the mini-match): its name is not repeated, and not given to the
        # Armageddon, on every row (rev35a #2: "Maç (iki oy…" cut on each); the line says it
        assert [row_values(games, i)[6] for i in range(3)] == ["", "", ""]
        assert games.cursor_row == 2
        await pilot.press("0")  # Black wins the Armageddon
        state_now = lambda: session.tournament.options["playoffs"]["tie-1-8"]
        await wait_for(pilot, lambda: "p.arm" in state_now()["results"])
        black = state_now()["results"]["p.arm"]["black"]
        status = str(app.screen.query_one("#playoff-status").render())
        assert "Decided by playoff" in status
        # final standings: the Armageddon winner first, marked as decided by playoff
        await pilot.press("f4")
        await pilot.pause()
        table = app.screen.query_one("#standings", DataTable)
        await wait_for(pilot, lambda: row_values(table, 0)[1] == black)
        notes = str(app.screen.query_one("#standings-notes").render())
        assert "* Places decided by playoff: 1–2." in notes
        # the place column marks the places the playoff gave (the winner 1st, the other 2nd)
        assert [row_values(table, i)[0] for i in range(3)] == ["1*", "2*", "3"]

        # a finished game's result is replaced only after the rounds pane's correction
        # question (the playoff is decided, game 1 is ½-½): No keeps it, Yes corrects it
        await pilot.press("f7")
        await wait_for(pilot, lambda: games.row_count == 3)
        games.move_cursor(row=0)
        await pilot.press("1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        text = "\n".join(str(w.render()) for w in app.screen.query("Static"))
        assert "Game 1: " in text and ": ½-½ (entered by " in text and ") becomes 1-0." in text
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        assert state_now()["results"]["p.s0g1"]["result"] == GameResult.DRAW.value
        await pilot.press("1")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        await wait_for(pilot, lambda: state_now()["results"]["p.s0g1"]["result"] == GameResult.WHITE_WINS.value)
        first_white = row_values(games, 0)[2]
    store = Store(data)
    assert store.load(tid).tournament.options["playoffs"]["tie-1-8"]["results"]["p.s0g1"]["result"] \
        == GameResult.WHITE_WINS.value
    from core.words import say

    said = [say(e) for e in store.journal(tid)]  # as the journal shows them: games by name, not by id
    # the players by number and name as they were when the playoff was made (rev34c 6)
    named = "; ".join(f"{p.pno} {p.name}" for p in store.load(tid).tournament.players if p.pno in (1, 8))
    assert f"playoff {named}: Mini-match, then straight to Armageddon, places 1, start 20:15" in said
    # the journal names the game and its players, and a correction as one (results as on the boards)
    played = [w for w in said if w.startswith("playoff 1, 8: Game 1 ")]
    assert len(played) == 2 and played[0].endswith(" ½-½") and first_white in played[0]
    assert played[1].endswith(" corrected from ½-½ to 1-0")
    assert any(w.startswith("playoff 1, 8: Armageddon ") and w.endswith(" 0-1") for w in said)


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_dialog_fields_fit_the_terminal(tmp_path, lang, size):
    """Every label and field of the scheduling dialog is inside the dialog, whole and on
    screen without scrolling, at 60×20 and 80×24 in every language (at 60 columns the two
    rows of fields become four); the players field keeps room for several numbers, and the
    first line of the timetable preview shows."""
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3))
    app = HakemApp(data_dir=data, open_id=tid, lang=lang)
    try:
        async with app.run_test(size=size) as pilot:
            await on_playoff(pilot, app)
            await pilot.press("n")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayoffDialog")
            await pilot.pause()
            dialog = app.screen
            box = dialog.query_one("#playoff-dialog").content_region
            assert dialog.has_class("narrow") == (size[0] == 60 or lang == "de" or lang == "ru")
            for widget in dialog.query(".playoff-field Label, .playoff-field Input"):
                r = widget.region
                assert r.width > 0 and box.x <= r.x and r.right <= box.right, (widget, r, box)
                assert box.y <= r.y and r.bottom <= box.bottom, (widget, r, box)
            for field in dialog.query(".playoff-field Label"):
                text = str(field.render())
                assert field.region.width >= len(text), text  # the whole label, not cut
            assert dialog.query_one("#po-players").region.width >= 12
            preview = dialog.query_one("#po-preview").region
            assert preview.height >= 2 and preview.y + 1 < box.bottom
    finally:
        set_language("en")


async def test_no_playoff_suggested_before_the_last_round_s_results(tmp_path):
    """Round 1 of the demo paired, no result in: everybody is level on 0 with equal
    tie-breaks, yet a playoff decides final standings only — F4 suggests none (it named all
    twelve players); the tie stays visible in the table."""
    from tui.screens.standings_pane import StandingsPane

    t = demo(rounds=1, complete_last=False)
    assert t.total_rounds > 1 and not any(b.result for b in t.rounds[0].boards)
    app, data, tid = open_app(tmp_path, t)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f4")
        pane = app.screen.query_one(StandingsPane)
        await wait_for(pilot, lambda: pane.view is not None and pane.view.unresolved)
        await pilot.pause()
        notes = str(app.screen.query_one("#standings-notes").render())
        assert "F7" not in notes and "Still tied" not in notes


@pytest.mark.parametrize("lang, shown, typed, stored", [
    # the seed formats' regular games are 3 minutes + 3 seconds (Aktar p. 66; core.playoff.formats.SEED_TC),
    # written as the organiser writes a clock; what is typed is read as `hakem playoff --time-control` reads it
    ("tr", "3 dk + 3 sn", "5 dk + 3 sn", "300+3"),
    ("de", "3 Min. + 3 Sek.", "15 Min. + 10 Sek.", "900+10"),
    ("ru", "3 мин + 3 с", "10 мин", "600"),
    ("en", "3 min + 3 s", "10+5", "600+5"),  # minutes + seconds, as `hakem new` reads 10+5 (rev34g #1)
])
async def test_the_dialog_takes_a_time_control_as_the_cli_does(tmp_path, lang, shown, typed, stored):
    """Issue 34: the CLI has ``hakem playoff --time-control`` and the F7 dialog had no such
    field.  The field shows the clock the CLI would take, in the organiser's words; a typed
    clock is the regular games' (the Armageddon keeps its 5 and 4 minutes)."""
    app = open_app(tmp_path, demo(rounds=3), lang=lang)[0]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            session = await open_dialog(pilot, app)
            field = app.screen.query_one("#po-time-control")
            await wait_for(pilot, lambda: field.value == shown)
            field.value = typed
            await pilot.pause()
            app.screen.submit()  # the first format: the mini-match
            await wait_for(pilot, lambda: "tie-1-8" in session.tournament.options.get("playoffs", {}))
            rules = session.tournament.options["playoffs"]["tie-1-8"]["plan"]["rules"]
            assert rules["segments"][0]["time_control"] == stored
            assert rules["armageddon"] == "W300-B240"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang, word", [("en", "time control"), ("tr", "tempo"), ("de", "Bedenkzeit"),
                                        ("ru", "контроль времени")])
async def test_a_clock_that_cannot_be_read_is_refused_by_name(tmp_path, lang, word):
    """A typed clock the reader does not understand schedules nothing; the refusal names the
    time control and the text typed (as ``--time-control``'s), in the organiser's language."""
    app = open_app(tmp_path, demo(rounds=3), lang=lang)[0]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            session = await open_dialog(pilot, app)
            dialog = app.screen
            dialog.query_one("#po-time-control").value = "3 Stunden"
            await pilot.pause()
            dialog.submit()
            await pilot.pause()
            assert app.screen is dialog  # still open: nothing scheduled
            assert "playoffs" not in session.tournament.options or not session.tournament.options["playoffs"]
            said = str(dialog.query_one("#po-preview").render())
            assert word.lower() in said.lower() and "3 Stunden" in said, said
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_playoff_preview_names_both_players_at_60_columns(tmp_path, lang):
    """rev35a #10: at 60 columns each preview line is cut at its end, and the game's words
    came first ("Partie 1 (3 Min. + 3 Sek.): Gast, Ina…"): the opponent was lost on every
    line.  The players come first now, the game's words after them."""
    from rich.cells import cell_len

    set_language(lang)
    app = open_app(tmp_path, demo(rounds=3), lang=lang)[0]
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await open_dialog(pilot, app)
            preview = app.screen.query_one("#po-preview")
            await wait_for(pilot, lambda: " – " in str(preview.render()))
            width = preview.content_region.width
            games = [line for line in str(preview.content).splitlines() if " – " in line]
            assert games
            for line in games:  # the tie of the demo after three rounds: Ivanov and Kaya
                seen = line[:width] if cell_len(line) > width else line
                assert "Ivanov" in seen and "Kaya" in seen, (line, width)
    finally:
        set_language("en")


async def test_a_final_s_players_to_come_read_whole_at_60_columns(tmp_path):
    """rev35a #10: a four-player playoff's final read "Sieger von Halbfi…" on both sides at 60
    columns (which semi-final's winner, unreadable); the table names the slot without the
    stage ("Sieger Wettkampf 1"), the line under it names the stage."""
    set_language("de")
    app = open_app(tmp_path, demo(rounds=2), lang="de")[0]
    try:
        async with app.run_test(size=(60, 20)) as pilot:
            await open_dialog(pilot, app)
            await pilot.pause(0.3)
            await pilot.press("enter")
            games = app.screen.query_one("#playoff-games", DataTable)
            await wait_for(pilot, lambda: type(app.screen).__name__ == "PlayoffDialog" or games.row_count > 4)
            await wait_for(pilot, lambda: games.row_count > 4)
            final = [row_values(games, i) for i in range(games.row_count)][4]
            assert (final[2], final[4]) == ("Sieger Wettkampf 1", "Sieger Wettkampf 2"), final
    finally:
        set_language("en")

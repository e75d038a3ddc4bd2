"""Screens that fit at 80×24 and 60×20 in tr/de/ru (issue 34, item 4).

- The boards: a bye's words are no result ("tur atlama (eşlendirmede)" sized the Result column
  and cut the names to ten cells): the Result column says the bye's points, the words stand in
  the last column; at 60 columns the pairing numbers give way before the names do.
- A cup's standings show the stage reached and the latest match, not Swiss points and
  tie-breaks; a cup's boards show the points of the match, not the event's.
- F5 at 60×20 keeps preview rows on screen; Enter on a code takes it into the field to change it.
- F7 at 60 columns shows every player of a tied group.
- ``--view`` offers no key that changes anything, and the read-only mark is never cut.

Expected values are derived in each test from the tournament it builds.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable, Input

from core import changes
from core.demo import demo_tournament
from core.i18n import _, pgettext, set_language
from tests.cup_data import played_preliminary
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for
from tui.widgets.tables import row_values

pytestmark = pytest.mark.usefixtures("quiet_tui")

SMALL, MEDIUM = (60, 20), (80, 24)


def _screen_lines(app) -> list[str]:
    return ["".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips()]


async def _open(pilot, app, key: str, selector: str) -> DataTable:
    await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen"
                   and app.screen.query("#pane-rounds"), timeout=30)
    await pilot.press(key)
    await wait_for(pilot, lambda: app.screen.query(selector)
                   and app.screen.query_one(selector, DataTable).row_count > 0
                   and app.screen.query_one(selector, DataTable).region.area > 0, timeout=30)
    await pilot.pause()
    return app.screen.query_one(selector, DataTable)


def _eleven_players_one_round():
    """The demo without its last player, one round by the circle method: 11 players, so one of
    them has the pairing-allocated bye (worth a win)."""
    t = demo_tournament()
    t = t.with_changes(players=t.players[:-1])
    from tests.tui_fixtures import with_rounds

    return with_rounds(t, 1, complete_last=False)


@pytest.mark.parametrize(("lang", "size"), [("tr", MEDIUM), ("de", MEDIUM), ("ru", MEDIUM), ("tr", SMALL),
                                            ("de", SMALL)])
async def test_a_bye_leaves_the_names_on_the_boards_readable(tmp_path, lang, size):
    t = _eleven_players_one_round()
    (bye,) = t.rounds[0].byes
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=size) as pilot:
        boards = await _open(pilot, app, "f3", "#boards")
        set_language(lang)
        row = next(r for r in boards.kept.given if r[1] == bye.pno)
        assert row[4] == "1"  # a PAB is worth a win (the demo's point system)
        assert row[7] == pgettext("bye, short", "PAB")  # its kind in the last column
        shown = next(r for r in boards.kept.shown if r[2] and row[2].startswith(r[2].rstrip("…")))
        names = [r[j] for r in boards.kept.given if r[0] != "" for j in (2, 7)]
        widths = [c.width for c in boards.ordered_columns]
        result_width = max(cell_len(str(r[4])) for r in boards.kept.given)
        if size == MEDIUM:  # every name whole
            label = str(boards.ordered_columns[4].label)  # short ("Erg.") only while a text is cut
            assert label == _("Result") or any(str(c).endswith("…") for r in boards.kept.shown for c in r)
            assert widths[4] == max(result_width, cell_len(label))
            for j in (2, 7):  # each name column as wide as its widest text: nothing cut
                widest = max(cell_len(str(r[j])) for r in boards.kept.given)
                assert widths[j] >= widest, (widths, names)
            assert shown[2] == row[2]
        else:  # 60 columns: the Result header is short (de "Erg."), the pairing numbers gave way,
            # and the names keep thirteen cells or more (German "Ergebnis" left them eleven)
            short = pgettext("short header", "Res.")
            assert str(boards.ordered_columns[4].label) == min(_("Result"), short, key=cell_len)
            assert widths[1] == widths[6] == 0
            assert min(widths[2], widths[7]) >= 13, widths
        assert boards.virtual_size.width <= boards.size.width  # nothing off the right edge
        if (lang, size) == ("de", MEDIUM):  # the words in full in the row's details (x)
            boards.focus()
            boards.move_cursor(row=[r[1] for r in boards.kept.given].index(bye.pno))
            await pilot.press("x")
            await wait_for(pilot, lambda: type(app.screen).__name__ == "MessageDialog"
                           and app.screen.query("#message-body Static"), timeout=30)  # pushed, then composed
            body = str(app.screen.query_one("#message-body Static").render())
            assert f"{bye.pno}. {row[2]}: {_('bye (PAB)')}" in body


@pytest.mark.parametrize(("lang", "size"), [("de", SMALL), ("tr", MEDIUM), ("ru", SMALL)])
async def test_a_cups_standings_show_the_stage_and_the_match(tmp_path, lang, size):
    t = played_preliminary()  # 7 beat 10 2-0; 8 v 9 level, Armageddon drawn: 9 goes through
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=size) as pilot:
        table = await _open(pilot, app, "f4", "#standings")
        set_language(lang)
        labels = [str(c.label) for c in table.ordered_columns if c.width]
        # the match's head is short ("Erg.") once a name or the opponent is cut
        match = {pgettext("short header", "Res."), _("Match")} if size == SMALL else {_("Match")}
        # the opponent's head is short too once a column is cut (its cells are then family names or numbers)
        opponent = {_("Opponent"), pgettext("short header", "Opp.")}
        assert _("Stage") in labels and match & set(labels) and opponent & set(labels)
        assert not {"BH", "BH/C1", "ARO/C1", _("Pts")} & set(labels)
        rows = {r[1]: r for r in table.kept.given}
        # 10 lost the preliminary match 0-2 to 7; 8 drew 2-2 and lost the Armageddon to 9
        assert rows[10][5:7] == ("0–2", "7 Player 07")
        # the match's score, then its flags (an extension, then the Armageddon that decided it:
        # core.playoff.match_score's letters in the reader's alphabet)
        score, *flags = rows[8][5].split()
        assert (score, len(flags), rows[8][6]) == ("2–2", 2, "9 Player 09")
        stages = {r[4] for r in table.kept.given}
        shown = {r[4] for r in table.kept.shown}
        assert stages == shown  # the stage is our own word: never cut
        assert table.virtual_size.width <= table.size.width
        title = str(app.screen.query_one("#standings-title").render())
        assert "BH" not in title  # no tie-break list above a cup
        # the boards of round 2 (game 2 of each match) say the points of the match so far: 0
        boards = await _open(pilot, app, "f3", "#boards")
        assert {r[3] for r in boards.kept.given if r[0] != ""} == {"0"}


async def test_a_decided_playoff_has_its_column_beside_equal_values(tmp_path):
    # three players tied on everything (each beat one of the others and the fourth): the
    # playoff orders them, their places carry the playoff's mark (3*) beside their equal
    # values and the note under the table explains the mark, naming the places as a span
    from core.model import Player, Tournament

    players = tuple(Player(i, f"Player {i}", rating=2000) for i in range(1, 5))
    t = Tournament(id="", name="Closed", system="berger", total_rounds=3, players=players)
    beats = {(1, 2), (2, 3), (3, 1), (1, 4), (2, 4), (3, 4)}
    for r in range(1, 4):
        t = changes.pair_next_round(t)
        for b, board in enumerate(t.rounds[-1].boards, start=1):
            t = changes.set_result(t, r, b, "1-0" if (board.white, board.black) in beats else "0-1")
    from core.changes.playoff import record_in_standings
    from core.playoff.state import create, enter_result, evaluate

    # for all three places (a playoff for one place writes back only that place)
    state = create([1, 2, 3], 3, variant="round_robin", start="18:00")
    for g in evaluate(state).games:  # the higher number wins each playoff game: order 3, 2, 1
        state = enter_result(state, g.id, "1-0" if g.white > g.black else "0-1")
    # stored as `hakem playoff ID --players 1,2,3` stores its first playoff: under the key "1"
    t = t.with_changes(options={**t.options, "playoffs": {"1": state}})
    t = record_in_standings(t, "1")
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        table = await _open(pilot, app, "f4", "#standings")
        labels = [str(c.label) for c in table.ordered_columns]
        rank, points, last = labels.index("Rk"), labels.index("Pts"), labels.index("KS")
        rows = table.kept.given
        assert [(r[1], r[rank]) for r in rows] == [(3, "1*"), (2, "2*"), (1, "3*"), (4, "4")]
        # points and every tie-break shown are equal for the three: only the mark tells them apart
        assert len({tuple(r[points:last + 1]) for r in rows[:3]}) == 1 and rows[0][points] == "2"
        notes = str(app.screen.query_one("#standings-notes").render())
        assert notes.startswith("* Places decided by playoff: 1–3.")
        # F7 shows that playoff as decided, with its three games whole on a 60-column screen
        ties = await _open(pilot, app, "f7", "#ties")
        assert row_values(ties, 0)[1] == "decided"
        games = app.screen.query_one("#playoff-games", DataTable)
        await wait_for(pilot, lambda: games.row_count == 3)
        await pilot.pause()
        assert games.virtual_size.width <= games.size.width


async def test_f5_at_60x20_shows_the_preview_and_enter_changes_a_code(tmp_path):
    t = demo(rounds=2, tiebreaks=("BH/C1", "BH", "SB", "WIN", "DE", "ARO"))
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="tr", poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        preview = await _open(pilot, app, "f5", "#tb-preview")
        await wait_for(pilot, lambda: preview.size.height >= 5)  # header and four players at least
        codes = app.screen.query_one("#tb-list", DataTable)
        codes.focus()
        codes.move_cursor(row=1)
        await pilot.press("enter")
        field = app.screen.query_one("#tb-add", Input)
        await wait_for(pilot, lambda: app.focused is field and field.value == "BH")
        await pilot.press("slash", "m", "1", "enter")  # BH/C1 would be the first criterion again: refused
        pane = app.screen.query_one("#pane-tiebreaks")
        await wait_for(pilot, lambda: pane.draft == ["BH/C1", "BH/M1", "SB", "WIN", "DE", "ARO"])
        assert app.focused is codes and codes.cursor_row == 1


async def test_a_tied_group_is_whole_at_60_columns(tmp_path):
    t = demo(rounds=2)
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="ru", poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        ties = await _open(pilot, app, "f7", "#ties")
        for i in range(ties.row_count):
            raw = row_values(ties, i)
            assert raw[2] in _screen_lines(app)[0] or any(raw[2] in line for line in _screen_lines(app)), raw


async def test_view_mode_offers_no_change_and_keeps_the_read_only_mark(tmp_path):
    t = demo(rounds=1).with_changes(name="Kulüp Şampiyonası 2026")
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", lang="tr", view_only=True, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: app.screen.query("#tournaments-hint"))
        set_language("tr")
        hint = str(app.screen.query_one("#tournaments-hint").render())
        assert " n " not in f" {hint} " and _("Enter opens the selected tournament to look at it; e shows the season's "
                                             "series, m the club's members.").startswith(hint.split()[0])
        app.open_tournament(tid)
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen", timeout=30)
        await pilot.pause()
        mark = _(" · read-only").removeprefix(" · ")
        assert app.screen.sub_title.endswith(mark)
        assert mark in _screen_lines(app)[0]  # whole on the header line, not "salt oku…"
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.screen.query("#round-status"))
        await pilot.pause()
        status = str(app.screen.query_one("#round-status").render())
        assert "p" not in status.split()  # "press p to pair" is not offered


@pytest.mark.parametrize(("lang", "size"), [("tr", MEDIUM), ("de", SMALL)])
async def test_the_knockout_rules_list_opens_whole_inside_the_dialog(tmp_path, lang, size):
    # the cup's match rules are the new-tournament form's last drop-down: its seven options
    # (two lines each at 80 columns) used to open in the five rows left below it
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    app = HakemApp(data_dir=tmp_path / "data", lang=lang, poll_interval=3600)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentsScreen", timeout=30)
        await pilot.press("n")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "NewTournamentDialog")
        app.screen.query_one("#system", Select).value = "knockout"
        await wait_for(pilot, lambda: app.screen.query("#ko-rules") and app.screen.query_one("#ko-rules").region.area)
        rules = app.screen.query_one("#ko-rules", Select)
        rules.focus()
        await pilot.pause()
        rules.expanded = True
        overlay = rules.query_one(SelectOverlay)
        box = next(a for a in rules.ancestors if a.has_class("dialog-box"))
        inside = lambda: (overlay.region.height and box.content_region.contains_region(overlay.region))
        await wait_for(pilot, inside, timeout=10)
        for _ in range(5):  # it stays there
            await pilot.pause()
        assert inside(), (overlay.region, box.content_region)
        if size == MEDIUM:  # room enough: every option shown, nothing to scroll
            assert overlay.max_scroll_y == 0 and overlay.region.height > 8


async def test_the_footer_keeps_the_rounds_keys_at_60_columns(tmp_path):
    # German at 60×20: the wide footer ended "x Erkläre▏"; compact below 80 columns it keeps them
    t = demo(rounds=1, complete_last=False)
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang="de", poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, app, "f3", "#boards")
        set_language("de")
        footer = _screen_lines(app)[-1]
        for word in (_("Pair next"), _("Still playing"), _("Explain")):
            assert word in footer, footer
        # F5: "Shift+" is the symbol below 80 columns, so the last key (save) stays whole
        await _open(pilot, app, "f5", "#tb-preview")
        await wait_for(pilot, lambda: f"s {_('Save')}" in _screen_lines(app)[-1], timeout=10)
        assert "⇧↑" in _screen_lines(app)[-1]


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_f1_stays_in_the_footer_at_60_columns(tmp_path, lang):
    # at 60×20 the footers of F3, F5 and F6 ended before "f1 Yardım" / "f1 Hilfe" / "f1 Справка":
    # F1 leads to every other key, so the palette's key and the screen's last keys give way
    t = demo(rounds=1, complete_last=False)
    [tid] = store_with(tmp_path / "data", t)
    app = HakemApp(data_dir=tmp_path / "data", open_id=tid, lang=lang, poll_interval=3600)
    async with app.run_test(size=SMALL) as pilot:
        await _open(pilot, app, "f3", "#boards")
        set_language(lang)
        help_key = f"f1 {_('Help')}"
        for key, selector in (("f3", "#boards"), ("f5", "#tb-preview"), ("f6", "#pane-reports")):
            await pilot.press(key)
            await wait_for(pilot, lambda s=selector: app.screen.query(s), timeout=30)
            await wait_for(pilot, lambda: help_key in _screen_lines(app)[-1], timeout=10)
            footer = _screen_lines(app)[-1]
            assert footer.index(help_key) + cell_len(help_key) <= SMALL[0], footer


@pytest.mark.parametrize(("lang", "size"), [("tr", MEDIUM), ("tr", SMALL), ("ru", SMALL)])
async def test_the_tournament_list_keeps_names_readable_beside_a_long_system(tmp_path, lang, size):
    """Issue 34 review: at 80×24 a team event's system, "Takım İsviçre Eşlendirme Sistemi",
    kept its 32 cells and cut every name to ``Kulüple…`` and "Kim" to ``K``: the system's name
    gives way too, and at 60 columns the players and last-change columns are left out first."""
    name = "Kulüplerarası Takım Şampiyonası"
    store_with(tmp_path / "data", demo().with_changes(name=name, system="swiss-team"))
    app = HakemApp(data_dir=tmp_path / "data", lang=lang, poll_interval=3600)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.screen.query("#tournaments")
                       and app.screen.query_one("#tournaments", DataTable).row_count == 1, timeout=30)
        await pilot.pause()
        lines = _screen_lines(app)
    set_language(lang)
    by = _("By")
    set_language("en")
    header = next(line for line in lines if f" {by}" in line)
    row = next(line for line in lines if name[:8] in line)
    shown = row.split("  ")[0].strip().rstrip("…")
    assert cell_len(shown) >= 14 and name.startswith(shown), (shown, lines)
    assert header.rstrip().endswith(by), header

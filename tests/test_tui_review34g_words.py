"""The TUI in the reader's words and forms (issue 34, review 34g items 9–11 and leftovers):
the settings show a stored clock in words with its TRF code and dates as the reports print
them, the tournament list names its column as the glossary does and keeps the system whole at
60 columns, a drawn round robin's F2 says the numbers were drawn, a pasted hidden character is
named in the reader's language, the standings' rules name no English abbreviation."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable, Input, Select, Static

from core.i18n import set_language
from core.model import Tournament
from core.store import Store
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")


def screen_named(app: HakemApp, name: str):
    return lambda: type(app.screen).__name__ == name


async def open_settings(pilot, app: HakemApp) -> None:
    await wait_for(pilot, screen_named(app, "TournamentScreen"))
    await pilot.press("ctrl+t")
    await wait_for(pilot, screen_named(app, "NewTournamentDialog"))
    await pilot.pause()


async def test_the_settings_show_the_clock_in_words_its_code_and_dates_as_reports_print_them(tmp_path):
    """The demo's clock is stored as typed, 15+10, without a code: Russian settings showed it raw
    beside an empty code field and the dates in ISO.  Now: 15 minutes + 10 seconds a move in
    Russian words, its TRF-2026 code 900+10 (15 × 60 seconds, increment 10), the dates as
    reports print them (dd.MM.yyyy); saving without a change stores what was stored."""
    set_language("ru")
    data = tmp_path / "data"
    [tid] = store_with(data, demo())
    store = Store(data)
    before = len(store.journal(tid))
    app = HakemApp(data_dir=data, open_id=tid, lang="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(pilot, app)
        form = app.screen
        assert form.query_one("#time_control", Input).value == "15 мин + 10 с"
        assert form.query_one("#time_control_code", Input).value == "900+10"
        assert form.query_one("#start_date", Input).value == "29.11.2026"
        assert form.query_one("#end_date", Input).value == "29.11.2026"
        # the code follows the clock typed while none is stored and none was typed
        form.query_one("#time_control", Input).value = "90+30"
        await wait_for(pilot, lambda: form.query_one("#time_control_code", Input).value == "5400+30")
        form.query_one("#time_control", Input).value = "15 мин + 10 с"
        await wait_for(pilot, lambda: form.query_one("#time_control_code", Input).value == "900+10")
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await pilot.pause()
    t = store.load(tid).tournament
    assert (t.time_control, t.start_date, t.end_date) == ("15+10", "2026-11-29", "2026-11-29")
    assert t.time_control_code in ("", "900+10")
    assert len(store.journal(tid)) <= before + 1


async def test_a_date_typed_as_the_reader_writes_it_is_stored(tmp_path):
    """The start date shown 29.11.2026 and changed to 01.12.2026 is the 1st of December."""
    set_language("de")
    data = tmp_path / "data"
    [tid] = store_with(data, demo())
    app = HakemApp(data_dir=data, open_id=tid, lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_settings(pilot, app)
        app.screen.query_one("#start_date", Input).value = "01.12.2026"
        app.screen.query_one("#end_date", Input).value = "02.12.2026"
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await pilot.pause()
    t = Store(data).load(tid).tournament
    assert (t.start_date, t.end_date) == ("2026-12-01", "2026-12-02")


@pytest.mark.parametrize(("lang", "example", "date_hint"), [
    ("ru", "90 мин + 30 с", "ДД.ММ.ГГГГ"), ("tr", "90 dk + 30 sn", "GG.AA.YYYY"),
    ("de", "90 Min. + 30 Sek.", "TT.MM.JJJJ"), ("en", "90 min + 30 s", "YYYY-MM-DD")])
async def test_the_new_tournament_form_gives_its_examples_in_the_reader_s_words(tmp_path, lang, example, date_hint):
    """A Russian form suggested 90'+30" (the English minute and second marks) and YYYY-MM-DD
    (reports print 29.11.2026)."""
    set_language(lang)
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentsScreen"))
        await pilot.press("n")
        await wait_for(pilot, screen_named(app, "NewTournamentDialog"))
        assert app.screen.query_one("#time_control", Input).placeholder == example
        assert app.screen.query_one("#start_date", Input).placeholder == date_hint


WHOLE_CHOICES = ("rating_for_pairing", "points", "language", "initial_colour")
"""The drop-downs each of whose choices must fit where the chosen one is shown."""


def cut_choices(screen) -> list[tuple[str | None, str, int]]:
    """The choices of ``screen``'s drop-downs that do not fit where the chosen one is shown
    (Textual wraps the label at a word and shows its first line: the rest was simply missing)."""
    cut = []
    for select in screen.query(Select):
        if not select.display or not select.parent or not select.parent.display:
            continue
        label = select.query_one("SelectCurrent").query_one("#label", Static)
        # every choice of the short lists; of the systems and presets the one chosen (a preset
        # starts with its codes: they tell the presets apart in the opened list)
        every = select.id in WHOLE_CHOICES
        for text in [str(label.content), *(str(prompt) for prompt, _value in select._options if every)]:
            if cell_len(text) > label.content_region.width:
                cut.append((select.id, text, label.content_region.width))
    return cut


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
@pytest.mark.parametrize("form", ["settings", "new"])
@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_the_form_drop_downs_show_their_choice_whole(tmp_path, lang, form, size):
    """'По контролю времени (рапид, блиц с' — the rating-for-pairing choice was cut at 80
    columns; every drop-down of the settings and of a new tournament shows its choice whole."""
    set_language(lang)
    data = tmp_path / "data"
    [tid] = store_with(data, demo())
    app = HakemApp(data_dir=data, open_id=tid if form == "settings" else None, lang=lang)
    async with app.run_test(size=size) as pilot:
        if form == "settings":
            await open_settings(pilot, app)
        else:
            await wait_for(pilot, screen_named(app, "TournamentsScreen"))
            await pilot.press("n")
            await wait_for(pilot, screen_named(app, "NewTournamentDialog"))
            await pilot.pause()
        assert cut_choices(app.screen) == []


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
async def test_the_tournament_list_keeps_the_system_whole_at_60_columns(tmp_path, lang):
    """'Голландская с…' named no system; at 60 columns the list leaves the players' count
    out before it cuts the system's name."""
    from core.i18n.terms import system_name

    set_language(lang)
    data = tmp_path / "data"
    store_with(data, Tournament(id="", name="Демо-турнир по быстрым шахматам", system="dutch", total_rounds=5))
    app = HakemApp(data_dir=data, lang=lang)
    async with app.run_test(size=(60, 20)) as pilot:
        table = app.screen.query_one("#tournaments", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1)
        await pilot.pause()
        assert str(table.get_row_at(0)[1]) == system_name("dutch")
        assert table.virtual_size.width <= table.size.width


async def test_the_russian_tournament_list_counts_participants(tmp_path):
    """The glossary's term for the entered players is «участники» (the F2 tab says so too)."""
    set_language("ru")
    data = tmp_path / "data"
    store_with(data, Tournament(id="", name="Кубок", system="dutch", total_rounds=5))
    app = HakemApp(data_dir=data, lang="ru")
    async with app.run_test(size=(100, 24)) as pilot:
        table = app.screen.query_one("#tournaments", DataTable)
        await wait_for(pilot, lambda: table.row_count == 1)
        labels = [str(c.label) for c in table.columns.values()]
        assert "Участники" in labels and "Игроки" not in labels


@pytest.mark.parametrize(("method", "said"), [("lot", "drawn by lot (seed 7)"),
                                               ("varma", "within Varma's federation groups (seed 7)")])
async def test_f2_of_a_drawn_round_robin_says_the_numbers_were_drawn(tmp_path, method, said):
    """After ``hakem lot`` F2 said the numbers follow rating, title and name: they were drawn,
    and round 1 gives each player the drawn number (Aktar p. 60)."""
    from core.changes.lots import draw_lots, draw_varma
    from core.changes.numbering import assign_pairing_numbers

    set_language("en")
    t = demo_tournament_rr()
    t = draw_lots(t, 7) if method == "lot" else draw_varma(t, 7)
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    assert assign_pairing_numbers  # numbers stay by rating until round 1
    app = HakemApp(data_dir=data, open_id=tid, lang="en")
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        status = app.screen.query_one("#players-status", Static)
        await wait_for(pilot, lambda: "Table numbers were" in str(status.render()))
        text = " ".join(str(status.render()).split())
        assert said in text and "follow rating" not in text


def demo_tournament_rr() -> Tournament:
    """The demo's twelve players in a round robin (numbers not yet drawn)."""
    return demo().with_changes(system="berger", total_rounds=11)


def test_a_pasted_hidden_character_is_named_in_the_reader_s_language() -> None:
    """The fields' paste refusal named the character by Unicode's English name in a Russian
    sentence (``U+001B ESCAPE``): now as the core's refusals name it."""
    from tui.widgets.fields import paste_refusal

    set_language("ru")
    said = paste_refusal("Kötü\x1b[31m")
    assert said is not None and "U+001B" in said and "ESCAPE" not in said and "позиции 5" in said
    set_language("en")
    assert "U+001B ESCAPE" in (paste_refusal("Kötü\x1b[31m") or "")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
def test_the_2026_rules_name_no_english_abbreviation(lang) -> None:
    """The standings' head read 'VUR kesme kuralı': FIDE's English acronym, said in words."""
    from core.i18n.terms import regime_name

    set_language(lang)
    assert "VUR" not in regime_name("2026")


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_a_cup_round_s_games_line_and_status_are_whole(tmp_path, lang, size):
    """A cup's round 1 with extension games and an Armageddon: the games line repeated stage
    and clock on every board group and ran to five lines; the status line under it (three
    lines at most) lost its end.  Now the stage and clock come once and every line shows."""
    from tests.cup_data import played_preliminary

    set_language(lang)
    data = tmp_path / "data"
    [tid] = store_with(data, played_preliminary())
    app = HakemApp(data_dir=data, open_id=tid, lang=lang)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await pilot.press("f3")
        pane = app.screen.query_one("#pane-rounds")
        await wait_for(pilot, lambda: pane.round_no == 2)
        await pilot.press("left_square_bracket")
        await wait_for(pilot, lambda: pane.round_no == 1)
        await pilot.pause()
        status = app.screen.query_one("#round-status", Static)
        text = str(status.content)
        assert text.count("(") >= 2 and "Armageddon" in text or lang != "en"
        width = status.content_region.width
        needed = status.get_content_height(status.container_size, status.container_viewport, width)
        assert needed <= status.content_region.height, (needed, status.content_region.height, text)


@pytest.mark.parametrize("lang", ["en", "tr", "de", "ru"])
@pytest.mark.parametrize("size", [(60, 20), (80, 24)])
async def test_a_cup_s_chosen_match_rules_read_whole(tmp_path, lang, size):
    """The match rules are a sentence ("2 games of 20 min; if level 2 games …, then an
    Armageddon …"): the chosen one read "2 партии 20 мин; при" at 60 columns.  It wraps onto
    the rows it needs (the form scrolls) instead of being cut."""
    set_language(lang)
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data, lang=lang)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentsScreen"))
        await pilot.press("n")
        await wait_for(pilot, screen_named(app, "NewTournamentDialog"))
        app.screen.query_one("#system", Select).value = "knockout"
        rules = app.screen.query_one("#ko-rules", Select)
        await wait_for(pilot, lambda: rules.region.width > 0)
        rules.focus()
        await pilot.pause()
        label = rules.query_one("SelectCurrent").query_one("#label", Static)
        shown = [" ".join("".join(s.text for s in label.render_line(y)).split()) for y in range(label.size.height)]
        lines = [x for x in shown if x]
        assert " ".join(lines) == " ".join(str(label.content).split())
        assert rules.size.height >= len(lines) > 1  # the select's rows hold every line
        assert app.screen.query_one("#create").region.bottom <= size[1]


async def test_a_round_robin_made_in_the_form_takes_its_rounds_from_its_players(tmp_path):
    """rev35a #4: a round robin made in the form kept the Swiss default of 5 rounds; with 8
    players it ended after round 5, every player two opponents short.  Choosing a round robin
    empties the field (it says the players fix the rounds); round 1 then gives 8 players the
    Berger table's 7 rounds (n − 1 for an even n)."""
    from core import changes
    from core.changes import add_player

    set_language("de")
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data, lang="de")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentsScreen"))
        await pilot.press("n")
        await wait_for(pilot, screen_named(app, "NewTournamentDialog"))
        form = app.screen
        form.query_one("#name", Input).value = "Rundenturnier"
        form.query_one("#system", Select).value = "berger"
        rounds = form.query_one("#rounds", Input)
        await wait_for(pilot, lambda: rounds.value == "")
        assert "Runde 1" in rounds.placeholder or "1. Runde" in rounds.placeholder
        form.query_one("#system", Select).value = "dutch"  # a Swiss again: its default back
        await wait_for(pilot, lambda: rounds.value == "5")
        form.query_one("#system", Select).value = "berger"
        await wait_for(pilot, lambda: rounds.value == "")
        await pilot.press("ctrl+s")
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
    store = Store(data)
    [info] = store.list()
    t = store.load(info.id).tournament
    for i in range(8):
        t = add_player(t, f"Spieler {i + 1}", rating=2000 - i)
    t = changes.pair_next_round(t)
    assert t.total_rounds == 7


async def test_the_late_entry_question_gives_the_moved_numbers_lowest_to_highest(tmp_path):
    """rev35a #1: a late entry kept at number 13 (keep numbers) moves up to 9 when the next late
    entry, rated 2001, is slotted in at 8: the list runs in the new order, 13 → 9 after 8 → 10,
    and the head said "numbers 13–12".  The numbers that move are 8 to 13."""
    from core import changes

    set_language("en")
    data = tmp_path / "data"
    t = changes.add_player(demo(rounds=1), "Late, Comer", rating=2000, keep_numbers=True)
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid, lang="en")
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "p-name")
        app.screen.query_one("#p-name", Input).value = "Late, Other"
        app.screen.query_one("#p-rating", Input).value = "2001"
        await pilot.press("enter")
        await wait_for(pilot, screen_named(app, "ChoiceDialog"))
        body = "\n".join(str(s.render()) for s in app.screen.query("Static"))
        assert "numbers 8–13" in body, body
        await pilot.press("escape")


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_the_system_list_runs_in_the_reader_s_alphabet(tmp_path, lang):
    """rev35a #6: after the default the systems ran by their English ids (Dubov, Dutch 2017,
    Gamma, Keizer, Knockout …); they run by their names in the reader's alphabet."""
    from core.i18n.collation import sort_key

    set_language(lang)
    data = tmp_path / "data"
    data.mkdir()
    app = HakemApp(data_dir=data, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentsScreen"))
        await pilot.press("n")
        await wait_for(pilot, screen_named(app, "NewTournamentDialog"))
        names = [str(prompt) for prompt, _value in app.screen.query_one("#system", Select)._options]
        assert names[1:] == sorted(names[1:], key=sort_key)
        assert app.screen.query_one("#system", Select).value == "dutch"


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_a_cup_s_score_letters_are_explained_in_f4_and_the_bracket(tmp_path, lang):
    """rev35a #7: F4 and the bracket wrote "2–2 Д А" with no word on the letters, while the
    printed standings explain them: the same legend now on both screens (8 v 9 of the
    preliminary round went to extension games and an Armageddon)."""
    from core.playoff.match_score import flag_legend
    from tests.cup_data import played_preliminary

    set_language(lang)
    legend = flag_legend(["E", "A"])
    data = tmp_path / "data"
    [tid] = store_with(data, played_preliminary())
    app = HakemApp(data_dir=data, open_id=tid, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await pilot.press("f4")
        notes = app.screen.query_one("#standings-notes", Static)
        await wait_for(pilot, lambda: all(line in str(notes.render()) for line in legend))
        await pilot.press("f3")
        await wait_for(pilot, lambda: app.screen.query("#pane-rounds"))
        await pilot.press("b")
        await wait_for(pilot, screen_named(app, "BracketScreen"))
        lines = [str(s.render()) for s in app.screen.query(".bracket-line")]
        assert all(line in lines for line in legend)


def test_the_russian_cup_says_who_is_out_for_men_and_women() -> None:
    """rev35a #8: "выбыл: Четвертьфинал" beside Иванова, Мария; the register need not know the
    sex, so the word serves both (as the journal's «выбыл(а)» does)."""
    from core.i18n import _, pgettext

    set_language("ru")
    assert pgettext("cup status, short", "out: {stage}").startswith("вылет")  # a table cell: short
    assert _("eliminated in the {stage}").startswith("выбыл(а)")
    assert _("withdrawn R{n}").startswith("выбыл(а)")


async def test_a_tie_break_added_after_lot_is_warned_about(tmp_path):
    """rev35a #9: SB added after LOT was saved without a word; the drawing of lots leaves no
    tie, so nothing after it can decide anything: the pane says so when it is added."""
    set_language("en")
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=1, tiebreaks=("BH/C1", "BH", "DE", "LOT")))
    app = HakemApp(data_dir=data, open_id=tid, lang="en", poll_interval=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await pilot.press("f5")
        await wait_for(pilot, lambda: app.screen.query("#tb-add"))
        pane = app.screen.query_one("#pane-tiebreaks")
        field = app.screen.query_one("#tb-add", Input)
        field.focus()
        field.value = "SB"
        await pilot.press("enter")
        await wait_for(pilot, lambda: pane.draft == ["BH/C1", "BH", "DE", "LOT", "SB"])
        await wait_for(pilot, lambda: any("SB after LOT can never decide" in str(n.message)
                                          for n in app._notifications))
        pane.warn_after_lot(["BH", "LOTS", "ARO"])  # LOTS is LOT's other spelling (a review)
        await wait_for(pilot, lambda: any("ARO after LOT can never decide" in str(n.message)
                                          for n in app._notifications))


async def test_a_round_robin_left_to_its_players_counts_its_rounds_in_the_header(tmp_path):
    """A round robin made without its rounds stores 1 until round 1 (its table fixes them then):
    the header said "before round 1 of 1"; with 8 players registered it says 7 (n − 1)."""
    from core.app.new_event import ROUNDS_FROM_PLAYERS
    from core.changes import add_player

    set_language("en")
    t = Tournament(id="", name="Club RR", system="berger", total_rounds=1, options={ROUNDS_FROM_PLAYERS: True})
    for i in range(8):
        t = add_player(t, f"Player {i + 1}", rating=2000 - i)
    data = tmp_path / "data"
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid, lang="en")
    async with app.run_test(size=(120, 24)) as pilot:
        await wait_for(pilot, screen_named(app, "TournamentScreen"))
        await wait_for(pilot, lambda: "before round 1 of 7" in app.screen.sub_title)

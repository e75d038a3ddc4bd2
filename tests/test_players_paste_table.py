"""A paste onto the players table (issue 29, second fresh-eyes review, item 5): a URL and
every line of a CSV, header included, were registered as players.  Now a paste onto the
table puts its first line into the form and stops there, and the one name check refuses a
web address and a line of a list, with why.

Expected values: the pasted lines are what a browser's address bar and a club's CSV export
give; the names that must stay accepted are real name forms (a comma between family and
given name, apostrophes, hyphens, Chinese names without a space, a generation in letters).
"""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import DataTable, Input

from core.fields import FieldError, person_name
from core.model import Player, Tournament
from tests.test_tui_input_model import open_players, players_of
from tui.app import HakemApp
from tests.tui_fixtures import store_with, wait_for


@pytest.mark.parametrize("typed, why", [
    ("https://example.org/club/players.csv", "web address"),
    ("www.example.org", "web address"),
    ("Name,Vorname,Verein,DWZ", "several fields"),
    ("Name;Rating;Club", "several fields"),
    ("Kaya, Ahmet, 2100", "several fields"),
    ("Aydın, Burak | 1420", "several fields"),  # a review: stored whole, pipe and rating in the name
    ("Жуков, Ян | 1400 | ГМ", "several fields"),
    ("Kaya,2100", "a number"),
    ("17, Kaya", "a number"),
])
def test_a_line_of_something_else_is_not_a_name(typed, why):
    with pytest.raises(FieldError) as refused:
        person_name(typed)
    assert why in str(refused.value) and typed in str(refused.value)


@pytest.mark.parametrize("typed", ["Kaya, Ahmet", "O'Neil, Mary-Ann", "王伟", "Ng, Li", "Sammour-Hasbun III, Kurt",
                                   "Yılmaz, İrem", "Player 7"])
def test_names_stay_names(typed):
    assert person_name(typed) == typed


async def test_a_paste_onto_the_players_table_registers_nobody(tmp_path, quiet_tui):
    data = tmp_path / "data"
    t = Tournament(id="", name="Paste", total_rounds=5, players=(Player(1, "Kept, Player", rating=1500),))
    [tid] = store_with(data, t)
    app = HakemApp(data_dir=data, open_id=tid, poll_interval=3600)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await open_players(pilot, app)
        app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
        table = app.screen.query_one("#players", DataTable)
        table.focus()
        await pilot.pause()
        app.post_message(events.Paste("https://example.org/players.csv\nName,Rating,Club\nKaya, Ahmet,2100,SK\n"))
        name = app.screen.query_one("#p-name", Input)
        await wait_for(pilot, lambda: name.value == "https://example.org/players.csv")
        await pilot.pause()
        assert any("Only the first line" in s for s in said)
        assert players_of(data, tid) == [("Kept, Player", 1500, "")]
        await pilot.press("enter")  # registering the URL: refused by the name check, said
        await wait_for(pilot, lambda: any("web address" in s for s in said)
                       or "web address" in str(app.screen.query_one("#p-refused").render()))
    assert players_of(data, tid) == [("Kept, Player", 1500, "")]

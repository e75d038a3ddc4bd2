"""Names never hold control or invisible characters (issue 29 item 9).

One check (``core.fields.name`` on ``core.safe_text.hidden_character``) on every way a name gets
in — the CLI, the application layer the TUI forms call, CSV and TRF imports, team names,
tournament names — refusing with the character's Unicode name and its position in what was
typed, and storing nothing.  The joiners stay where a script writes them: ZWNJ inside a
Persian word, ZWJ after a Devanagari virama, ZWJ between emoji.

Expected values: the Unicode names and code points of the characters (the Unicode Character
Database), positions counted by hand in the typed text.
"""

from __future__ import annotations

import json

import unicodedata

import pytest

from core.app import Workspace
from core.cli import main as cli
from core.errors import TournamentError
from core.fields import name
from core.model import Player, Team, Tournament
from core.safe_text import hidden_character
from core.store import Store
from core.trf import write_trf
from tests.tui_fixtures import store_with

REFUSED = [
    ("Kaya\u200bCan", "U+200B ZERO WIDTH SPACE", 5),
    ("Kaya\tCan", "U+0009 CHARACTER TABULATION", 5),
    ("Kaya\nCan", "U+000A LINE FEED", 5),
    ("\x1b]0;pwned\x07Kaya", "U+001B ESCAPE", 1),
    ("Kaya\x7f", "U+007F DELETE", 5),
    ("Kaya\x85", "U+0085 NEXT LINE", 5),
    ("Kaya\x9b", "U+009B CONTROL SEQUENCE INTRODUCER", 5),
    ("Kaya\x90", "U+0090 <control>", 5),
    ("Öztürk\u202eAyşe", "U+202E RIGHT-TO-LEFT OVERRIDE", 7),
    ("Öztürk\u200e", "U+200E LEFT-TO-RIGHT MARK", 7),
    ("\ufeffÖztürk", "U+FEFF ZERO WIDTH NO-BREAK SPACE", 1),
    ("Ka\u00adya", "U+00AD SOFT HYPHEN", 3),
    ("Ka\u2060ya", "U+2060 WORD JOINER", 3),
    ("Kaya\u2028Can", "U+2028 LINE SEPARATOR", 5),
    ("\u3164", "U+3164 HANGUL FILLER", 1),
    ("Kaya\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A", 5),
    ("Ka\u200cya", "U+200C ZERO WIDTH NON-JOINER", 3),        # between Latin letters: hides
    ("\u200dKaya", "U+200D ZERO WIDTH JOINER", 1),            # at the start: joins nothing
    ("\u0645\u06cc \u200c\u062e", "U+200C ZERO WIDTH NON-JOINER", 4),  # after a space
]

KEPT = [
    "\u0632\u06cc\u0646\u200c\u0627\u0644\u0639\u0627\u0628\u062f\u06cc\u0646",  # Persian: Zein-ol-Abedin, ZWNJ after نِ
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",                        # Persian mi-khaham (ZWNJ)
    "\u0915\u094d\u200d\u0937",                                                 # Devanagari KA, virama, ZWJ, SSA
    "Team \U0001f468\u200d\U0001f469\u200d\U0001f467",                          # an emoji ZWJ sequence
    "Öztürk, Ayşe", "Пётр Иванов", "Ελένη", "Nguyễn Văn A",
    "Mu\u0308ller",                                                             # u + combining diaeresis: a mark, visible
]


@pytest.mark.parametrize(("text", "character", "position"), REFUSED)
def test_each_hidden_character_is_refused_by_name_and_position(text, character, position):
    with pytest.raises(TournamentError) as refused:
        name(text)
    assert str(refused.value) == (f"Name: {character} at position {position} is a control or invisible "
                                  f"character; type the name without it") + (
        " (a joiner belongs between two letters of a script that writes it, e.g. Persian)"
        if character.startswith(("U+200C", "U+200D")) else "")


@pytest.mark.parametrize("text", KEPT)
def test_names_in_every_script_and_their_joiners_are_kept(text):
    assert hidden_character(text) is None
    # kept as the same letters, in NFC (u + U+0308 is stored as U+00FC: the same name)
    assert name(f"  {text} ") == unicodedata.normalize("NFC", text)


@pytest.fixture()
def event(tmp_path):
    players = (Player(1, "Arslan, Burak", rating=1900, club="SK Ankara"), Player(2, "Bauer, Max", rating=1800))
    [tid] = store_with(tmp_path, Tournament(id="", name="Rapid", total_rounds=5, players=players))
    return tmp_path, tid


def stored(data, tid) -> Tournament:
    return Store(data).load(tid).tournament


def test_the_cli_refuses_and_stores_nothing(event, capsys):
    data, tid = event
    before = stored(data, tid)
    run = lambda *words: cli(["--data", str(data), *words])
    assert run("players", "add", tid, "--name", "Kaya\u200bCan") == 3
    assert capsys.readouterr().err == ("hakem: Name: U+200B ZERO WIDTH SPACE at position 5 is a control or "
                                       "invisible character; type the name without it\n")
    assert run("players", "add", tid, "--name", "Kaya, Can", "--club", "SK\u00a0Ankara\x1b[2J") == 3
    assert "Club: U+001B ESCAPE at position 10" in capsys.readouterr().err
    assert run("new", "Open\u202e2026", "--rounds", "5") == 3
    assert "Name: U+202E RIGHT-TO-LEFT OVERRIDE at position 5" in capsys.readouterr().err
    assert stored(data, tid) == before
    assert [t.name for t in Workspace(data).list()] == ["Rapid"]


def test_the_layer_the_tui_forms_call_refuses_every_name(event):
    data, tid = event
    workspace = Workspace(data)
    desk = workspace.open(tid)
    before = stored(data, tid)
    attempts = [
        lambda: desk.add_player("Kaya\u200bCan", rating=1500),
        lambda: desk.edit_player(2, name="Bauer,\u2028Max"),
        lambda: desk.edit_player(1, club="SK\u200bAnkara"),
        lambda: desk.add_team("Ankara\u200b", members=[1]),
        lambda: desk.change_settings({"name": "Rapid\u00ad"}),
        lambda: workspace.create(Tournament(id="", name="Blitz\u200e", total_rounds=5)),
        lambda: workspace.duplicate(tid, "Copy\x00"),
    ]
    for attempt in attempts:
        with pytest.raises(TournamentError, match=r"U\+[0-9A-F]{4} .* at position \d+"):
            attempt()
    assert stored(data, tid) == before
    assert [t.name for t in workspace.list()] == ["Rapid"]
    desk.add_team("Ankara", members=[1])
    team = stored(data, tid).teams[0]
    with pytest.raises(TournamentError, match="Team: U\\+2060 WORD JOINER at position 3"):
        desk.edit_team(team.id, name="An\u2060kara")
    with pytest.raises(TournamentError, match="Short name: U\\+200B ZERO WIDTH SPACE at position 1"):
        desk.edit_team(team.id, short="\u200bANK")


def test_imported_files_are_refused_naming_the_player(tmp_path, event):
    data, tid = event
    csv = tmp_path / "players.csv"
    csv.write_text("Name;Rating\nKaya\u200bCan;1500\nDemir, Ece;1400\n", encoding="utf-8")
    with pytest.raises(TournamentError) as refused:
        Workspace(data).open(tid).import_players(str(csv))
    assert "line 2" in str(refused.value.problems[0]) and "U+200B ZERO WIDTH SPACE at position 5" in str(
        refused.value.problems[0])
    assert len(stored(data, tid).players) == 2
    bad = Tournament(id="x", name="Open", total_rounds=3,
                     players=(Player(1, "Arslan, Burak"), Player(2, "Bauer\u200d, Max")))
    trf = tmp_path / "open.trf"
    trf.write_text(write_trf(bad), encoding="utf-8")
    # the file, its line (player 2's 001 record) and the name's column 15
    with pytest.raises(TournamentError, match=r"open\.trf: line \d+, column 15: Name: U\+200D ZERO WIDTH JOINER at position 6"):
        Workspace(data).import_file(str(trf))
    doc = tmp_path / "open.json"
    from core.serialize import tournament_to_dict

    teams = bad.with_changes(players=(Player(1, "A"), Player(2, "B")), teams=(Team(1, "Ank\u200bara", (1, 2)),))
    doc.write_text(json.dumps(tournament_to_dict(teams)), encoding="utf-8")
    with pytest.raises(TournamentError, match="team 1: Team: U\\+200B ZERO WIDTH SPACE at position 4"):
        Workspace(data).import_file(str(doc))
    assert [t.name for t in Workspace(data).list()] == ["Rapid"]


@pytest.mark.usefixtures("quiet_tui")
async def test_the_tui_registration_form_says_which_character(event):
    from textual.widgets import Input

    from tui.app import HakemApp
    from tests.tui_fixtures import wait_for

    data, tid = event
    app = HakemApp(data_dir=data, open_id=tid)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TournamentScreen")
        await pilot.press("f2")
        await wait_for(pilot, lambda: app.screen.query("#p-name"))
        field = app.screen.query_one("#p-name", Input)
        field.focus()
        field.value = "Kaya\u200bCan"  # pasted from a chat message
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("U+200B ZERO WIDTH SPACE at position 5" in str(n.message)
                                          for n in app._notifications))
    assert [p.name for p in stored(data, tid).players] == ["Arslan, Burak", "Bauer, Max"]

"""No English and no raw ids left on any screen in Turkish, German or Russian (issue 19, item 7).

One Pilot run per language visits every screen an organiser reaches — the tournament list, the
new-tournament form with its pairing-system list open, settings, help, the command palette (its
help column too), every tab, check-in, teams, the player form, the playoff dialog and a
scheduled playoff, manual pairing, the tournament settings and the journal — and scans the whole
screen for:

- words that must never appear untranslated: the issue's ``Round Robin``, ``Match (``, ``Search
  for commands``, and English words of our own user interface (``Rating`` too, except in
  Turkish, where the glossary's term for a rating is "rating" (docs/glossary.md #27), and Aktar writes
  "Rakiplerin Rating Ortalaması", #125);
- raw ids: ``snake_case`` words (``knockout_all``), a tab's id in brackets (``F7 (playoff)``).

The demo tournament's own texts (its name "Demo Club Rapid", the club "Demo Chess Club", player
names) are data, not user interface: they are removed before the scan.
"""

from __future__ import annotations

import re

import pytest
from textual.widgets import DataTable

import core.i18n as i18n
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")

ISSUE_WORDS = ("Round Robin", "Round robin", "round robin", "Match (", "Search for commands", "Knockout",
               "knockout", "Armageddon game", "Golden game")
"""Texts the issue saw untranslated (and the other playoff format words next to them)."""

ENGLISH = ("Rating", "Players", "Player", "Round", "Rounds", "Standings", "Tie-break", "Tie-breaks", "Result",
           "White", "Black", "Board", "Points", "Preview", "Preset", "Search", "Press", "Enter adds", "Cancel",
           "Save", "Delete", "Withdraw", "Settings", "Language", "Commands", "Quit", "Pair", "Schedule",
           "Places", "between", "starts", "the", "of", "and", "with", "by", "or", "to", "is", "are")
"""English words of our interface (whole words, case-sensitive)."""

KEEP = {"tr": {"Rating"}, "de": set(), "ru": set()}
"""Words that are the language's own term (see the module docstring)."""

RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\bF\d+ \([a-z]+\)")

DATA = ("Demo Club Rapid", "Demo Chess Club", "arbiter")


def _text(app) -> str:
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())


def _is(app, name: str):
    return lambda: type(app.screen).__name__ == name


def _tab(app, tab: str):
    def shown() -> bool:
        if type(app.screen).__name__ != "TournamentScreen":
            return False
        pane = app.screen.query(f"#pane-{tab}")
        return bool(pane) and pane.first().region.area > 0
    return shown


def _steps(app):
    """(name, keys, condition): what to press and what must then be on screen."""
    return [
        ("tournaments", (), _is(app, "TournamentsScreen")),
        ("new", ("n",), _is(app, "NewTournamentDialog")),
        ("new-systems", ("tab", "enter"), lambda: bool(app.screen.query("SelectOverlay"))
         and app.screen.query_one("SelectOverlay").display),
        ("settings", ("escape", "escape", "s"), _is(app, "SettingsScreen")),
        ("help", ("escape", "f1"), _is(app, "HelpScreen")),
        ("rounds", ("escape", "enter"), _tab(app, "rounds")),
        ("palette", ("ctrl+p",), _is(app, "CommandPalette")),
        ("manual", ("escape", "m"), _is(app, "ManualPairingScreen")),
        ("players", ("escape", "f2", "down"), _tab(app, "players")),
        ("checkin", ("c",), _is(app, "CheckinDialog")),
        ("teams", ("escape", "t"), _is(app, "TeamsDialog")),
        ("player", ("escape", "e"), _is(app, "PlayerForm")),
        ("standings", ("escape", "f4"), _tab(app, "standings")),
        ("tiebreaks", ("f5",), _tab(app, "tiebreaks")),
        ("reports", ("f6",), _tab(app, "reports")),
        ("playoff", ("f7",), _tab(app, "playoff")),
        ("playoff-dialog", ("n",), _is(app, "PlayoffDialog")),
        ("playoff-games", ("enter",), lambda: _tab(app, "playoff")()
         and app.screen.query_one("#playoff-games", DataTable).row_count > 0),
        ("playoff-pair", ("down", "down", "n"), lambda: _is(app, "PlayoffDialog")()
         and len(getattr(app.screen, "group", ())) == 2),
        ("playoff-match", ("enter",), lambda: _tab(app, "playoff")()
         and app.screen.query_one("#playoff-games", DataTable).row_count > 0),
        ("settings-dialog", ("ctrl+t",), _is(app, "NewTournamentDialog")),
    ]


async def _capture(lang: str, data) -> dict[str, str]:
    app = HakemApp(data_dir=data, lang=lang, poll_interval=3600)
    app.animation_level = "none"
    shots: dict[str, str] = {}
    async with app.run_test(size=(100, 32)) as pilot:
        for name, keys, condition in _steps(app):
            for key in keys:
                await pilot.press(key)
                await pilot.pause(0.05)
            try:
                await wait_for(pilot, condition, timeout=30)
            except AssertionError:
                raise AssertionError(f"{lang}: {name} not reached ({type(app.screen).__name__})\n{_text(app)}") from None
            for _ in range(4):
                await pilot.pause(0.05)
            shots[name] = _text(app)
    i18n.set_language("en")
    return shots


def _leftovers(lang: str, text: str) -> list[str]:
    for data in DATA:
        text = text.replace(data, "")
    found = [w for w in ISSUE_WORDS if w in text]
    found += [w for w in ENGLISH if w not in KEEP[lang] and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    found += RAW_ID.findall(text)
    return found


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_no_english_or_raw_ids_on_any_screen(tmp_path, lang):
    data = tmp_path / "data"
    store_with(data, demo(rounds=3, complete_last=False, tiebreaks=("WIN",)))
    shots = await _capture(lang, data)
    left = {name: _leftovers(lang, text) for name, text in shots.items()}
    left = {name: words for name, words in left.items() if words}
    assert not left, "\n\n".join(f"{name}: {words}\n{shots[name]}" for name, words in left.items())


def test_the_scan_finds_what_the_issue_saw():
    """The scanner itself: the issue's screens (quoted there) are caught."""
    assert _leftovers("tr", "Ek maç  Match (two games 3+3)") == ["Match ("]
    assert "Round Robin" in _leftovers("tr", "Sistem: Round Robin")
    assert _leftovers("de", "Stechen F7 (playoff)") == ["F7 (playoff)"]
    assert _leftovers("ru", "формат knockout_all") == ["knockout", "knockout_all"]
    assert _leftovers("de", "Wertzahl Rating") == ["Rating"]
    assert _leftovers("tr", "Rating 2180") == []
    assert _leftovers("de", "Demo Club Rapid — Schweizer System") == []

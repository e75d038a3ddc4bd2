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

import pytest
from textual.widgets import DataTable

import core.i18n as i18n
from core.i18n import LANGUAGE_NAMES
from tests.i18n_scan import leftovers
from tests.test_tui_reports import record_notes
from tui.app import HakemApp
from tests.tui_fixtures import demo, store_with, wait_for

pytestmark = pytest.mark.usefixtures("quiet_tui")

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
        ("export", ("e",), lambda: _is(app, "ExportDialog")() and bool(app.screen.query("#export-language"))),
        ("playoff", ("escape", "f7"), _tab(app, "playoff")),
        ("playoff-dialog", ("n",), _is(app, "PlayoffDialog")),
        ("playoff-games", ("enter",), lambda: _tab(app, "playoff")()
         and app.screen.query_one("#playoff-games", DataTable).row_count > 0),
        ("playoff-pair", ("down", "down", "n"), lambda: _is(app, "PlayoffDialog")()
         and len(getattr(app.screen, "group", ())) == 2),
        ("playoff-match", ("enter",), lambda: _tab(app, "playoff")()
         and app.screen.query_one("#playoff-games", DataTable).row_count > 0),
        ("journal", ("ctrl+l",), _is(app, "MessageDialog")),
        ("settings-dialog", ("escape", "ctrl+t"), _is(app, "NewTournamentDialog")),
    ]


async def _capture(lang: str, data) -> tuple[dict[str, str], list[str]]:
    """The screens' text by step, and every toast the app showed (the language's toast last)."""
    app = HakemApp(data_dir=data, lang=lang, poll_interval=3600)
    app.animation_level = "none"
    shots: dict[str, str] = {}
    toasts = record_notes(app)
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
        await pilot.press("escape")
        other = "de" if lang != "de" else "tr"  # the language's toast, away and back
        app.switch_language(other)
        await wait_for(pilot, lambda: bool(toasts) and toasts[-1].endswith(LANGUAGE_NAMES[other]), timeout=30)
        app.switch_language(lang)
        await wait_for(pilot, lambda: toasts[-1].endswith(LANGUAGE_NAMES[lang]), timeout=30)
    i18n.set_language("en")
    return shots, toasts


def _leftovers(lang: str, text: str) -> list[str]:
    return leftovers(lang, text, DATA)


@pytest.mark.parametrize("lang", ["tr", "de", "ru"])
async def test_no_english_or_raw_ids_on_any_screen(tmp_path, lang):
    data = tmp_path / "data"
    [tid] = store_with(data, demo(rounds=3, complete_last=False, tiebreaks=("WIN",)))
    shots, toasts = await _capture(lang, data)
    # the export dialog names the event's folder, whose name is the event's id (data): a long
    # temporary path wraps it, and its pieces on either line are data too
    folder = tuple(piece for i in range(len(tid) - 4) for piece in (tid[i:], tid[:len(tid) - i]))
    left = {name: leftovers(lang, text, (*DATA, *folder)) for name, text in shots.items()}
    left = {name: words for name, words in left.items() if words}
    assert not left, "\n\n".join(f"{name}: {words}\n{shots[name]}" for name, words in left.items())
    # the playoff dialog's number of places is a count, not read as "places 1" (issue 34)
    count = {"tr": "Kaç derece", "de": "Wie viele Plätze", "ru": "Сколько мест"}[lang]
    assert count in shots["playoff-dialog"], shots["playoff-dialog"]
    # the toasts: every one in a language of ours, none in English; the language is named in
    # its toast by its own name ("Dil: tr" before)
    assert toasts and not [t for t in toasts if _leftovers(lang, t)], toasts
    assert toasts[-1] != toasts[-1].rstrip(LANGUAGE_NAMES[lang]) and not toasts[-1].endswith(f" {lang}")


def test_the_scan_finds_what_the_issue_saw():
    """The scanner itself: the issue's screens (quoted there) are caught."""
    assert _leftovers("tr", "Ek maç  Match (two games 3+3)") == ["Match ("]
    assert "Round Robin" in _leftovers("tr", "Sistem: Round Robin")
    assert "F7 (playoff)" in _leftovers("de", "Stechen F7 (playoff)")
    assert {"knockout", "knockout_all"} <= set(_leftovers("ru", "формат knockout_all"))
    assert _leftovers("de", "Wertzahl Rating") == ["Rating"]
    assert _leftovers("tr", "Rating 2180") == []
    assert _leftovers("de", "Demo Club Rapid — Schweizer System") == []
    # issue 34: a drop-down's footer, the journal's playoff lines, raw bye kinds in the status column
    assert "Dismiss menu" in _leftovers("ru", "esc Dismiss menu")
    assert "p.tb1.g.c1r3b1.arm" in _leftovers("tr", "ek maç 1: game p.tb1.g.c1r3b1.arm 1-0")
    assert {"scheduled", "round_robin"} <= set(_leftovers("de", "Stechen tie-3-9: scheduled round_robin"))
    assert "tie-3-9" in _leftovers("de", "Stechen tie-3-9: Rundenturnier")
    assert "(zero)" in _leftovers("de", "Spielfrei R4 (zero)")
    assert _leftovers("tr", "Oyun 1: Armageddon") == ["Armageddon"]
    assert _leftovers("de", "Armageddon-Partie") == []


def test_tiebreak_presets_by_name_and_of_the_events_kind():
    """Issue 34: presets were offered as raw ids (``fide-swiss-unrated: …``), and Go presets in
    chess events; now by their titles, each event offered the lists of its kind."""
    from tui.screens.new_tournament import preset_options
    from tui.standings import preset_titles

    chess, gamma = demo(), demo().with_changes(system="gamma")
    assert not [pid for pid in preset_titles(chess) if pid.startswith("go-")]
    assert list(preset_titles(gamma)) == ["go-gamma"]
    assert not [label for label, pid in preset_options("dutch") if pid in label or pid.startswith("go-")]
    assert [pid for _label, pid in preset_options("mcmahon")][1:] == ["go-mcmahon"]


def test_sex_in_the_letters_of_every_language():
    """Issue 34: the form asked "Cinsiyet (m/w)" / "Пол (m/w)" — the English letters — and took
    any letter (``q`` went into the TRF).  Each language's letters are taken (e/k erkek/kadın,
    м/ж, m/w, m/f), stored as TRF's m/w, shown back in the reader's; another letter is refused."""
    from core.fields import FieldError, sex, sex_letter

    assert [sex(x) for x in ("e", "K", "м", "Ж", "m", "w", "f", "")] == ["m", "w", "m", "w", "m", "w", "w", ""]
    with pytest.raises(FieldError):
        sex("q")
    for lang, shown in (("tr", ["e", "k"]), ("ru", ["м", "ж"]), ("de", ["m", "w"])):
        i18n.set_language(lang)
        try:
            assert [sex_letter("m"), sex_letter("w")] == shown
        finally:
            i18n.set_language("en")


def test_every_message_in_an_f_string_is_in_the_catalog():
    """The extractor does not read into f-strings (Python 3.11): ``f"<h2>{_('Player cards')}</h2>"``
    left "Player cards" and "Made with hakem" in English on every published page (issue 34
    review).  Every ``_("…")`` literal in core/ and tui/ must be a message of the catalog."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parent.parent
    with (root / "locales" / "hakem.pot").open("rb") as handle:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle)}
    call = re.compile(r"""\b_\((['"])((?:(?!\1)[^\\])*)\1\)""")
    missing = [f"{path.relative_to(root)}:{n}: {m.group(2)}"
               for top in ("core", "tui") for path in (root / top).rglob("*.py")
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               for m in call.finditer(line) if m.group(2) not in ids]
    assert not missing, missing


def test_go_marks_in_the_languages_letters():
    """Issue 34 review: the Russian boards table read ``H1 k7½`` in Latin letters while the CLI
    says "фора 1, коми 0,5" (glossary фора, коми): the abbreviations are the language's."""
    from fractions import Fraction

    from tui.screens.round_table import go_marks

    i18n.set_language("ru")
    try:
        assert go_marks(1, Fraction(1, 2)) == "Ф1 к½"
        assert go_marks(0, Fraction(15, 2)) == "к7½"
        # Ctrl+T said "коми 7.5" where every other place says 7,5: the field in the reader's notation
        from core.go.event_form import form_values

        assert form_values("mcmahon")["komi"] == "7,5"
        assert form_values("gamma", {"komi": "5.5"})["komi"] == "5,5"
    finally:
        i18n.set_language("en")
    assert go_marks(2, None) == "H2"


def test_yes_and_no_by_the_languages_letters_and_always_y_n():
    """Issue 34 review: confirmations read ``Zurücknehmen (y)`` ``Abbrechen (n)`` while Russian
    had ``(y/д)``.  Turkish and German prompts answer with the initials of evet/hayır (E/H) and
    ja/nein (J/N); y and n keep answering in every language."""
    from core.i18n import speaking
    from tui.widgets.answer_keys import answer_keys

    expected = {"tr": ("y/e", "n/h"), "de": ("y/j", "n"), "ru": ("y/д", "n/н"), "en": ("y", "n")}
    for lang, shown in expected.items():
        with speaking(lang):
            yes, no = answer_keys([("y", (i18n._("Yes"),)), ("n", (i18n._("No"),))], yes_no=True)
        assert (yes.shown, no.shown) == shown, lang
        assert yes.given_by("y") and no.given_by("n") and not yes.given_by("n") and not no.given_by("y")
        assert all(yes.given_by(c) for c in shown[0].split("/")) and all(no.given_by(c) for c in shown[1].split("/"))


def test_pairing_explanations_and_cli_standings_say_points_as_people_read_them():
    """Issue 34 review: F3's ``x`` said "tur öncesi 2½ puan" and then "2.5 puan grubunda", the
    CLI's standings "8.5" in Turkish and German while the screens show 8½ and 6,8: the
    explanations and the standings text use the reader's notation (JSON/CSV keep 8.5)."""
    import re

    from core.pairing.registry import get_system
    from core.standings import as_csv_rows, as_text, compute_standings

    t = demo(rounds=2)
    i18n.set_language("tr")
    try:
        lines = [line for why in get_system(t.system).pair(t).explanations.values() for line in why]
        text = as_text(compute_standings(t))
    finally:
        i18n.set_language("en")
    assert any("½ puan" in line for line in lines), lines
    assert not [line for line in lines if re.search(r"\d\.5\b(?!\.)", line)], lines
    assert "½" in text and not re.search(r"\d\.\d", text.split("\n", 2)[2]), text
    assert any(re.fullmatch(r"\d+\.5", cell) for row in as_csv_rows(compute_standings(t)) for cell in row)


def test_one_term_for_a_bye_in_each_language():
    """Issue 34 review: Turkish showed "bay" and "tur atlama" on one screen for the byes; the
    glossary (#74–76) names every kind "tur atlama" ("spielfrei", "пропуск тура")."""
    from core.i18n import speaking
    from core.model import ByeKind
    from tui.screens.round_table import bye_text

    term = {"tr": "tur atlama", "de": "spielfrei", "ru": "пропуск тура"}
    for lang, word in term.items():
        with speaking(lang):
            texts = [bye_text(kind) for kind in (ByeKind.PAB, ByeKind.HALF, ByeKind.FULL, ByeKind.ZERO)]
        assert all(word in text.lower() for text in texts), (lang, texts)
        assert len(set(texts)) == 4, texts


def test_russian_system_names_in_one_case():
    """Issue 34 review: "Голландская система" beside "двойная швейцарская система" and
    "швейцарская система для команд" in one list, and "Система Keizer" in Latin letters."""
    from core.i18n import speaking
    from core.i18n.terms import SYSTEM_NAMES, system_name

    with speaking("ru"):
        names = [system_name(sid) for sid in SYSTEM_NAMES]
    assert all(name[:1].isupper() for name in names), names
    assert not [name for name in names if "Keizer" in name], names
